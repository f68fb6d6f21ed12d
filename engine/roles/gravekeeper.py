"""守墓人 (common-boards.md 3.1): no command and no step in 夜晚.  From night 2, at each night's
resolution he is told the camp (as a camp check answers it, 1.3) of the seat the exile vote of the
day before sent out: 「第N天被放逐的M号是村民阵营」, or 「第N天没有人被放逐」 when the vote sent
nobody out (a tie, a day a 自爆 or a 决斗 ended, a 白痴 who flipped).  Only the seat the vote
sent out counts, not one a shot or a duel took that day.  Sealed that night, he learns nothing
(ruling of the post).  He is forced: nothing to refuse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks, seal, vote
from bansha_engine.library import GOD, RoleDef, register, skills_taken
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "守墓人"


def news(game: Game, day: int) -> str:
    """What the 守墓人 learns of day `day`'s exile vote."""
    exiled = vote.exiled_on(game, day)
    if exiled is None:
        return f"第{day}天没有人被放逐"
    return f"第{day}天被放逐的{exiled}号是{checks.camp_of(game, exiled)}"


def _tell(game: Game) -> None:
    """Resolution (告知结果), from night 2: the day before this night is day `night.no`."""
    night = game.night
    assert night is not None
    if night.no < 2:
        return
    for seat in game.with_role(NAME):
        if seal.sealed(game, seat) is None and not skills_taken(game, seat):
            game.tell(seat, f"第{night.no}夜守墓：{news(game, night.no)}。")


def describe(game: Game, seat: int) -> list[str]:
    return ["守墓 —— 第2夜起，每晚结算时得知前一个白天被放逐的玩家是村民阵营还是非村民阵营（不用发命令）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第2夜起，每晚得知前一个白天被放逐的玩家是村民阵营还是非村民阵营（没有命令）",
        describe=describe,
        resolution={"告知结果": _tell},
    )
)
