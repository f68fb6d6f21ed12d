"""石像鬼 (common-boards.md 3.2, 2.7, 2.8): a lone wolf (单身狼: outside the wolf group, knowing
nobody, no 自爆) who each night checks one other living seat's role (`/探查 N号`), never a seat he
checked before; at the resolution he is told 「N号的身份是X」.  He keeps checking once he holds the
wolves' knife (2.8 接刀, engine/knife.py).  A camp check of him answers 非村民阵营 (his camp).

Option 看狼人身份 (可以 | 不可以): 不可以 — a seat of the wolves' camp answers only 「N号是狼人阵营」.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    LONE_WOLF,
    WOLF,
    NightPart,
    OptionDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, tell_result
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "石像鬼"
STEP = "gargoyle"
SEES_WOLVES = OptionDef(
    "看狼人身份",
    ("可以", "不可以"),
    "可以",
    "不可以：探查到狼人阵营的人只得知「N号是狼人阵营」，不得知具体身份",
)


CHECK = NightChoice(NAME, STEP, "探查", ack="已记录：今晚探查{}号，结果在夜晚结算时私聊给你。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return CHECK.night_step(deadline, after, title="石像鬼探查", prompt="请选择探查对象：/探查 N号，或 /放弃")


def _choose(game: Game, seat: int, args: list[str]) -> None:
    """As the 预言家's: the step is looked at only when the choice is recorded."""
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise Rejected("用法：/探查 N号")
    target = game.living_target(args[0], not_self=seat, what="探查对象")
    if target in peek_seat_state(game, seat, checks.CheckedSeats).seats:
        raise Rejected(f"你已经探查过{target}号，不能再探查同一名玩家。")
    CHECK.record(game, seat, target)


def answer(game: Game, seat: int, chosen: int) -> str:
    """What his check of `chosen` tells him: the role of the seat it hits (换位 may move it), or only
    its camp for a wolf where 看狼人身份 is 不可以."""
    target = aimed(game, seat, chosen)
    role = checks.role_of(game, target, checks.Check(seat, target, "探查", NAME, checks.ROLE))
    if option(game, NAME, SEES_WOLVES.name) == "不可以" and game.seats[target].camp == WOLVES:
        return f"{chosen}号是狼人阵营"
    return f"{chosen}号的身份是{role}"


def _results(game: Game) -> None:
    """Resolution (告知结果): each 石像鬼 learns what he checked; the seat is never his to check again."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        found = answer(game, seat, chosen)
        seat_state(game, seat, checks.CheckedSeats).seats.add(chosen)
        night.notes.append(f"{seat}号（石像鬼）探查{chosen}号：{found}")
        tell_result(game, seat, "探查", found)


def describe(game: Game, seat: int) -> list[str]:
    wolves = "只得知「狼人阵营」" if option(game, NAME, SEES_WOLVES.name) == "不可以" else "也得知具体身份"
    return [
        f"探查 —— 每晚探查一名其他玩家的身份（/探查 N号），不能探查已经探查过的人；探查狼人阵营的人{wolves}"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="单身狼：每晚探查一名玩家的身份（/探查 N号）；不在狼群里，狼群没有存活的狼人后接刀",
        options=(SEES_WOLVES,),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("探查", ("探查",), _choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _results},
        pack=LONE_WOLF,
    )
)
