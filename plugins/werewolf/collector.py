"""Keeps CPython's garbage collector from walking every live game again and again.

A full (generation 2) collection walks every object the collector tracks.  With a thousand live
games that is a few hundred thousand objects: 0.1-0.4 s during which no game is served, coming
round more often the more commands are in flight, so the cost of a command grew with the number
of games (issue 15).  Almost nothing that lives through a collection of the middle generation
ever becomes cyclic garbage: the games, their timers, NoneBot's state, and the objects of a
command in flight are freed by reference counting when they are dropped.  So whatever survives
such a collection is frozen (`gc.freeze()`, which only moves a list): the young collections
stay as they are and a full collection has almost nothing left to walk.  What did become cyclic
garbage after it was frozen (a few hundred objects in a benchmark of 40,000 commands) is found by
a complete collection once every `SWEEP_S`.
"""

from __future__ import annotations

import asyncio
import gc

SWEEP_S = 3600  # how often the frozen objects are collected too
FROZEN_FROM = 1  # survivors of a collection of this generation or an older one are frozen


def _freeze_survivors(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] >= FROZEN_FROM:
        gc.freeze()


def freeze_survivors() -> None:
    """From now on, freeze what each collection of the older generations leaves (installing it
    again does nothing)."""
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


def sweep_frozen() -> int:
    """Collect everything, the frozen objects included, and freeze the survivors again.  Returns
    how many unreachable objects were found."""
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found


async def sweep_frozen_forever(every_s: float = SWEEP_S) -> None:
    while True:
        await asyncio.sleep(every_s)
        sweep_frozen()
