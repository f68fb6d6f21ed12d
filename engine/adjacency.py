"""Seat adjacency (相邻, common-boards.md 2.10.6): the seats sit in a circle, N号 between N−1号 and
N+1号, the last seat beside 1号.

- `beside`: the two seats next to a seat by number, living or not (觉醒石像鬼: on night 1 everyone lives).
- `nearest_living`: the nearest living seat on each side (熊, 狐狸 「每一边最近的存活玩家」), skipping
  the seats that left; one seat when both sides reach the same one, none when nobody else lives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bansha_engine.game import Game

LEFT = -1  # towards lower numbers
RIGHT = 1  # towards higher numbers


def _step(game: Game, seat: int, side: int) -> int:
    size = len(game.seats)
    return (seat - 1 + side) % size + 1


def beside(game: Game, seat: int) -> tuple[int, int]:
    """The seats next to `seat` by number: (N−1号, N+1号), around the circle."""
    return _step(game, seat, LEFT), _step(game, seat, RIGHT)


def nearest_living(game: Game, seat: int, meets: Callable[[int], bool] | None = None) -> list[int]:
    """The nearest living seat on the left of `seat`, then on its right (each once); with `meets`,
    the nearest living one that meets it (须弥's 「电梯楼」: the nearest of the village's camp)."""
    found: list[int] = []
    for side in (LEFT, RIGHT):
        other = _step(game, seat, side)
        while other != seat and not (game.seats[other].alive and (meets is None or meets(other))):
            other = _step(game, other, side)
        if other != seat and other not in found:
            found.append(other)
    return found
