"""熊 (驯熊师, common-boards.md 3.1, 2.10.6): no command and no step in 夜晚.  After each night's
resolution the directors' summary and the 公示 draft say 「熊咆哮了」 when the 熊 lives, was not sealed
that night, and the nearest living seat on one side of him or the other answers a camp check
非村民阵营 (a sign read through checks.camp_of without a Check: the seats are not checked, 补充裁定 18);
otherwise 「熊没有咆哮」 — also when he left that night.  A 熊 out before the night gives no line.

Option 咆哮判定 (天亮时 | 入夜时): 天亮时 (the default) reads his neighbours once the night's exits
are over (the DAWN_STAGE); 入夜时 reads them, and their answers, when the night starts (the door
closes), and the line still comes at dawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks, knife, seal
from bansha_engine.adjacency import nearest_living
from bansha_engine.library import (
    DAWN_STAGE,
    GOD,
    OptionDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
    skills_taken,
)
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "熊"
WHEN = OptionDef("咆哮判定", ("天亮时", "入夜时"), "天亮时", "按天亮时还是关门时两边最近的存活玩家判定咆哮")
GROWLED = "熊咆哮了"
SILENT = "熊没有咆哮"


@dataclass
class NightfallSense:
    """入夜时: what the 熊's neighbours were when night `night` started."""

    night: int = 0
    growl: bool = False
    neighbours: tuple[int, ...] = ()


def _senses(game: Game, seat: int) -> tuple[bool, tuple[int, ...]]:
    """Whether a nearest living neighbour of `seat` answers 非村民阵营, and who they are."""
    neighbours = tuple(nearest_living(game, seat))
    return any(checks.camp_of(game, n) == checks.OTHER_ANSWER for n in neighbours), neighbours


def _at_nightfall(game: Game) -> None:
    night = game.night
    if night is None or option(game, NAME, WHEN.name) != "入夜时":
        return
    for seat in game.with_role(NAME):
        sense = seat_state(game, seat, NightfallSense)
        sense.night = night.no
        sense.growl, sense.neighbours = _senses(game, seat)


def _left_before(game: Game, seat: int) -> bool:
    night = game.night
    assert night is not None
    return any(e.seat == seat for e in game.exits[: night.exits_from])


def _growls(game: Game, seat: int) -> tuple[bool, tuple[int, ...]]:
    if option(game, NAME, WHEN.name) == "入夜时":
        sense = peek_seat_state(game, seat, NightfallSense)
        night = game.night
        if night is None or sense.night != night.no:
            return False, ()
        return sense.growl or any(_seen_with_the_knife(game, n) for n in sense.neighbours), sense.neighbours
    return _senses(game, seat)


def _seen_with_the_knife(game: Game, seat: int) -> bool:
    """A neighbour who holds the knife from tonight on (a 隐狼 taking it over: 2.8 第4条) is seen as he
    is from tonight — the knife passes with the night, though it is settled only as the kill step
    opens, after the door-close reading (隐狼 接刀后验出: 可以)."""
    return knife.holds_tonight(game, seat) and checks.camp_of(game, seat) == checks.OTHER_ANSWER


def _dawn(game: Game) -> None:
    """Resolution (天亮): each 熊's line, in the summary and the 公示 draft."""
    night = game.night
    assert night is not None
    for seat in game.with_role(NAME, alive=False):
        if _left_before(game, seat):
            continue
        why = ""
        if not game.seats[seat].alive:
            growl, why = False, "当夜出局"
        elif seal.sealed(game, seat) is not None:
            growl, why = False, f"被{seal.sealed(game, seat)}"
        elif skills_taken(game, seat):
            growl, why = False, "失去了技能"
        else:
            growl, neighbours = _growls(game, seat)
            why = "两边最近的存活玩家：" + "、".join(f"{n}号" for n in neighbours)
        line = GROWLED if growl else SILENT
        night.notes.append(f"{seat}号（熊）：{line}（{why}）")
        night.publications.append(line)


def describe(game: Game, seat: int) -> list[str]:
    when = "关门时" if option(game, NAME, WHEN.name) == "入夜时" else "天亮时"
    return [
        f"咆哮 —— 没有命令：每晚按{when}你两边各自最近的存活玩家判定，其中有人查验为非村民阵营，天亮时公示「熊咆哮了」，"
        "否则「熊没有咆哮」（你被封印或出局的那一夜不咆哮）"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="没有命令：每晚两边最近的存活玩家里有非村民阵营时，天亮公示「熊咆哮了」",
        options=(WHEN,),
        describe=describe,
        resolution={DAWN_STAGE: _dawn},
        on_night_start=_at_nightfall,
        aliases=("驯熊师",),
    )
)
