"""The collector policy of issue 15: survivors of the older generations' collections are frozen,
and the hourly sweep still finds cyclic garbage among them."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from nonebot_plugin_bansha_director import collector


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def freezing() -> Iterator[None]:
    collector.freeze_survivors()
    collector.freeze_survivors()  # installed once, however often it is asked for
    try:
        yield
    finally:
        gc.callbacks.remove(collector._freeze_survivors)
        gc.unfreeze()


def cycle() -> Node:
    first, second = Node(), Node()
    first.other, second.other = second, first
    return first


def test_what_survives_a_middle_collection_is_frozen(freezing: None) -> None:
    assert gc.callbacks.count(collector._freeze_survivors) == 1
    gc.unfreeze()
    kept = Node()
    gc.collect(1)
    assert gc.get_freeze_count() > 0
    assert not any(obj is kept for obj in gc.get_objects())  # out of every generation's walk


def test_cyclic_garbage_that_was_frozen_is_found_by_the_sweep(freezing: None) -> None:
    kept = [cycle()]
    node = weakref.ref(kept[0])
    gc.collect(1)  # the cycle survives (kept holds it) and is frozen
    kept.clear()
    gc.collect()
    assert node() is not None  # unreachable now, but frozen: no collection walks it
    assert collector.sweep_frozen() >= 2
    assert node() is None
