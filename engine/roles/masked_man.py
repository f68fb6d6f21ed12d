"""蒙面人 (common-boards.md 3.1, 2.10.1 第4条, 5.1.4, 5.2.4; 补充裁定 4, 16): village, 神职, no command.

- The first time he would leave at night, whatever the cause (刀杀, 毒杀, 梦亡, the next day's exits,
  a shot at night …), he stays, wounded (RoleDef.stays), told 「你受了致命伤，明天发言结束后离场」; the
  directors' summary says so, the 公示 draft does not.  A protection that stops the exit (守护, 解药)
  leaves him unwounded.  Only once: any later exit at night (the same night too) takes him as anyone.
- The next day, when its talk is over (RoleDef.day_closes): as the director settles the day's exile
  (`/放逐`, any form) before its result takes effect, or when a 自爆 or 决斗 ends the day, at that moment.
  He leaves by the cause that wounded him, with no last words; his ballots of the day count for
  nothing.  `/入夜` before that is refused.
- By day nothing wounds him (放逐, 枪杀, 决斗 take him at once); a red card neither.
- A 盗宝大师 holding his card for the night is wounded the same way: the wound is read from the role
  the seat holds at the exit, and is the card's once (3.2 「拿着蒙面人，这一夜的致命伤改为负伤」).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.library import GOD, RoleDef, Thunk, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "蒙面人"
WOUNDED = "你受了致命伤，明天发言结束后离场"  # 补充裁定 16: 离场, not 出局, to a living seat


@dataclass
class Wound:
    """The night the seat was wounded (0: never), the exit it stood for, and whether it has left."""

    night: int = 0
    cause: str = ""
    left: bool = False


def _wound(game: Game, seat: int) -> Wound:
    return peek_seat_state(game, seat, Wound)


def _stays(game: Game, seat: int, cause: str) -> bool:
    """His first exit at night becomes a wound."""
    night = game.night
    if night is None or _wound(game, seat).night:
        return False
    wound = seat_state(game, seat, Wound)
    wound.night, wound.cause = night.no, cause
    game.tell(seat, f"【第{night.no}夜】{WOUNDED}。")
    night.notes.append(
        f"{seat}号（{game.seats[seat].role}）受了致命伤（{game.cause_phrase(cause)}），第{night.no + 1}天发言结束后离场"
    )
    return True


def _waiting(game: Game) -> list[int]:
    """The wounded seats still in, by day (they leave when the day's talk is over)."""
    if game.night is not None:
        return []
    return [n for n in game.alive() if _wound(game, n).night and not _wound(game, n).left]


def _day_closes(game: Game) -> list[Thunk]:
    return [lambda seat=seat: _leave(game, seat) for seat in _waiting(game)]


def _leave(game: Game, seat: int) -> None:
    wound = seat_state(game, seat, Wound)
    if wound.left or not game.seats[seat].alive:
        return
    wound.left = True
    game.tell_directors(
        f"{seat}号（{game.seats[seat].role}）第{wound.night}夜受了致命伤：今天发言结束，离场"
        f"（{game.cause_phrase(wound.cause)}，没有遗言，今天的票不计）。"
    )
    game.leave(seat, wound.cause, last_words=False)


def _votes(game: Game, seat: int) -> bool:
    """A seat that left as the day's talk ended has no ballot in that day's count."""
    return not _wound(game, seat).left


def _marks(game: Game, seat: int) -> list[str]:
    wound = _wound(game, seat)
    if not wound.night or wound.left:
        return []
    return [f"负伤（第{wound.night}夜{game.cause_phrase(wound.cause)}，发言结束后离场）"]


def describe(game: Game, seat: int) -> list[str]:
    wound = _wound(game, seat)
    if wound.night and not wound.left:
        return [f"负伤 —— {WOUNDED}（第{wound.night}夜负伤；不再有负伤）"]
    if wound.night:
        return ["负伤 —— 已用过"]
    return [
        "负伤 —— 没有命令。第一次在夜里受到致命伤时（刀、毒、梦亡……任何原因），你不离场，改为负伤，"
        "第二天发言结束后离场（没有遗言）；负伤只有一次，白天离场不会负伤"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第一次要在夜里出局时改为负伤，第二天发言结束后离场（没有遗言）；负伤只有一次（没有命令）",
        describe=describe,
        stays=_stays,
        day_closes=_day_closes,
        votes=_votes,
        status_marks=_marks,
    )
)
