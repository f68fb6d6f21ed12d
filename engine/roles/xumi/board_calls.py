"""What a 须弥 role asks of the board while the game runs: the night's slots (to find a skill's slot,
to move the night on after a choice made outside the slots' own skills) and the win check after an
effect that is no exit (感染, 狂妄, 定序王子's extra vote).

The mechanisms (engine/mechanisms/xumi) import the roles, so no role may import them back; the slot
night and the camps' win rule connect these calls when they load (`connect_slots`,
`connect_check_end`) and the roles go through this module instead.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import slots as slot_steps
from bansha_engine.slots import Slot

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass
class BoardCalls:
    slots: list[Slot] = field(default_factory=list)  # the night in the post's order (行动顺序总集)
    check_end: Callable[[Game], None] | None = None  # the win check outside an exit


_CONNECTED = BoardCalls()  # filled by the mechanisms as they load (mechanisms/xumi)


def connect_slots(slots: list[Slot]) -> None:
    """The slot night hands over its slots; loading it again (a test reloading it) replaces them."""
    _CONNECTED.slots = slots


def connect_check_end(check_end: Callable[[Game], None]) -> None:
    """The camps' win rule hands over its check."""
    _CONNECTED.check_end = check_end


def _slots() -> list[Slot]:
    if not _CONNECTED.slots:
        raise RuntimeError("须弥's slot night (bansha_engine.mechanisms.xumi.slot_night) is not loaded")
    return _CONNECTED.slots


def progress(game: Game) -> None:
    """After a choice outside the slots' own skills (a kill ballot, a designation): move on."""
    slot_steps.progress(game, _slots())


def check_end(game: Game) -> None:
    if _CONNECTED.check_end is None:
        raise RuntimeError("须弥's camps (bansha_engine.mechanisms.xumi.camps) are not loaded")
    _CONNECTED.check_end(game)


def slot_of(skill: str, parts: Collection[str]) -> str | None:
    """The first slot of the night holding `skill` whose part is one of `parts`."""
    return next((s.name for s in _slots() if skill in s.skills and s.part in parts), None)
