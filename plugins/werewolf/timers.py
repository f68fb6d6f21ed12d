"""The service's `Scheduler`: each armed deadline is one timer of the running event loop.

Arming costs a heap push (APScheduler, used before, built a job, a trigger and a signature check
per arm: 0.3 ms each, 0.6 s for the 2,000 deadlines of 1,000 games at start-up, and some twenty
objects per game for the collector to walk).  The loop's clock is monotonic and the deadlines are
wall-clock times: a callback that comes early (the wall clock was set back) is armed again for
the rest of its wait, and one that comes late (the machine slept, the clock jumped forward) is
fired by the service's sweep of due timers first.  A callback runs as a task of its own, so
arming a job id again, from anywhere and at any moment (even from inside its own run), always
takes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from nonebot.log import logger

Callback = Callable[[], Awaitable[None]]
Clock = Callable[[], float]


class LoopTimers:
    """Runs each armed callback once at its moment; arming an armed job id again replaces it."""

    def __init__(self, clock: Clock = time.time) -> None:
        self._clock = clock
        self._armed: dict[str, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()  # kept so that no task is collected mid-run

    def arm(self, job_id: str, due: float, callback: Callback) -> None:
        self.cancel(job_id)
        wait = max(0.0, due - self._clock())
        self._armed[job_id] = asyncio.get_running_loop().call_later(wait, self._due, job_id, due, callback)

    def cancel(self, job_id: str) -> None:
        if (handle := self._armed.pop(job_id, None)) is not None:
            handle.cancel()

    def _due(self, job_id: str, due: float, callback: Callback) -> None:
        if self._clock() < due:  # the wall clock was set back while it waited
            self.arm(job_id, due, callback)
            return
        del self._armed[job_id]
        task = asyncio.create_task(self._run(job_id, callback), name=job_id)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    @staticmethod
    async def _run(job_id: str, callback: Callback) -> None:
        try:
            await callback()
        except Exception:
            logger.exception(f"werewolf: timer job {job_id} failed")
