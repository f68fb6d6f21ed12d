"""Changing the targets of tonight's skills at the resolution (common-boards.md 2.10.4, 补充裁定 11):
the 魔术师's and 狼术师's swaps, the 蚀时狼妃's 裂隙, the traders' 背叛.

Every night skill that aims at a seat is settled at `aimed(game, user, chosen)`: each target change
of the board (`RoleDef.redirect`), in the file's 夜晚 order of its step, may send it elsewhere.  The
user is never told: a result still names the seat chosen, with what was found on the seat hit.
Restrictions (不能连续两晚, 自救) are checked at the command, on the seat chosen.  A last shot, a day
skill or the vote are never redirected.

A skill aimed at several seats at once (舞者's 共舞 of three) settles each with `several=True`: a
target change declared `SingleTargetOnly` (典狱长's 背叛: 「单目标夜里技能」) leaves it alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass(frozen=True)
class SingleTargetOnly:
    """A target change (RoleDef.redirect) that moves only the skills aimed at one seat."""

    change: Callable[[Game, int | None, int], int]

    def __call__(self, game: Game, user: int | None, target: int) -> int:
        return self.change(game, user, target)


def aimed(game: Game, user: int | None, chosen: int, *, several: bool = False) -> int:
    """The seat a night skill of `user` (None: the wolves' kill) aimed at `chosen` hits tonight;
    `several`: the skill aims at several seats at once."""
    target = chosen
    for redirect in game.board.redirects:
        if several and isinstance(redirect, SingleTargetOnly):
            continue
        target = redirect(game, user, target)
    return target
