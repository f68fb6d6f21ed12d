"""The deadlines' scheduler (timers.py): one event-loop timer per armed job, on the wall clock."""

from __future__ import annotations

import asyncio
import time

from nonebot_plugin_bansha_director.timers import LoopTimers


class SettableClock:
    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


async def test_a_callback_runs_once_at_its_moment() -> None:
    timers, ran = LoopTimers(), []

    async def fired() -> None:
        ran.append(time.time())

    due = time.time() + 0.05
    timers.arm("a", due, fired)
    await asyncio.sleep(0.01)
    assert ran == []
    await asyncio.sleep(0.2)
    assert len(ran) == 1 and ran[0] >= due


async def test_arming_again_replaces_and_cancel_forgets() -> None:
    timers, ran = LoopTimers(), []

    async def first() -> None:
        ran.append("first")

    async def second() -> None:
        ran.append("second")

    timers.arm("a", time.time() + 0.02, first)
    timers.arm("a", time.time() + 0.04, second)
    timers.arm("b", time.time() + 0.02, first)
    timers.cancel("b")
    timers.cancel("never armed")
    await asyncio.sleep(0.2)
    assert ran == ["second"]


async def test_a_callback_may_arm_its_own_job_again() -> None:
    timers, ran = LoopTimers(), []

    async def again() -> None:
        ran.append(len(ran))
        if len(ran) < 2:
            timers.arm("a", time.time() + 0.02, again)

    timers.arm("a", time.time(), again)
    await asyncio.sleep(0.2)
    assert ran == [0, 1]


async def test_a_wall_clock_set_back_does_not_fire_early() -> None:
    clock = SettableClock()
    timers, ran = LoopTimers(clock), []

    async def fired() -> None:
        ran.append(clock())

    due = clock() + 0.05
    timers.arm("a", due, fired)
    clock.offset = -0.1  # the wall clock goes back 0.1 s while the loop waits
    await asyncio.sleep(0.1)
    assert ran == []  # the loop's wait is over, the deadline is not
    await asyncio.sleep(0.15)
    assert len(ran) == 1 and ran[0] >= due


async def test_a_failing_callback_is_logged_and_the_others_run() -> None:
    timers, ran = LoopTimers(), []

    async def fails() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        ran.append("fine")

    timers.arm("bad", time.time(), fails)
    timers.arm("good", time.time() + 0.01, fine)
    await asyncio.sleep(0.1)
    assert ran == ["fine"]
