"""What a 须弥 role asks of the board while the game runs: the night's slots (to find a skill's slot,
to move the night on after a choice made outside the slots' own skills) and the win check after an
effect that is no exit (感染, 狂妄, 定序王子's extra vote).

The board (engine/boards/xumi.py) imports the roles, so no role may import the board back; the board
connects these calls when it is loaded (`connect`) and the roles go through this module instead.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import slots as slot_steps
from bansha_engine.slots import Slot

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass(frozen=True)
class BoardCalls:
    slots: list[Slot]  # the night in the post's order (行动顺序总集)
    check_end: Callable[[Game], None]  # the win check outside an exit


_CONNECTED: list[BoardCalls] = []  # the board's calls once it is loaded (one board: 须弥)


def connect(calls: BoardCalls) -> None:
    """The board hands over its calls; loading it again (a test reloading it) replaces them."""
    _CONNECTED[:] = [calls]


def _board() -> BoardCalls:
    if not _CONNECTED:
        raise RuntimeError("the 须弥 board (bansha_engine.boards.xumi) is not loaded")
    return _CONNECTED[0]


def progress(game: Game) -> None:
    """After a choice outside the slots' own skills (a kill ballot, a designation): move on."""
    slot_steps.progress(game, _board().slots)


def check_end(game: Game) -> None:
    _board().check_end(game)


def slot_of(skill: str, parts: Collection[str]) -> str | None:
    """The first slot of the night holding `skill` whose part is one of `parts`."""
    return next((s.name for s in _board().slots if skill in s.skills and s.part in parts), None)
