"""村民: no skill."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from werewolf_engine.game import Game

NAME = "村民"


def describe(game: Game, seat: int) -> list[str]:
    return ["没有技能，仰望星空。"]
