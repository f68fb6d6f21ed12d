"""村民: no skill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.library import VILLAGER, RoleDef, register
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "村民"


def describe(game: Game, seat: int) -> list[str]:
    return ["没有技能，仰望星空。"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=VILLAGER,
        summary="没有技能",
        describe=describe,
        aliases=("平民", "兔子"),
    )
)
