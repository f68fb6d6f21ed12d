"""The service's `Scheduler` on top of an APScheduler scheduler (nonebot_plugin_apscheduler's).

APScheduler runs at most one instance of a job id at a time and silently skips a run that falls
due while the previous one still runs ("maximum number of running instances reached"); a skipped
run of a one-off job is gone.  A timer whose step cannot be stored (the database is locked, full,
gone) re-arms itself from inside its own run, and that run may take seconds (a lock is waited for):
the re-armed run would be skipped and the deadline lost.  So the job only starts the callback as a
task of its own and returns at once: APScheduler never sees a run in progress, and arming a job id
again, from anywhere and at any moment, always takes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import suppress
from datetime import UTC, datetime

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.base import BaseScheduler
from nonebot.log import logger

Callback = Callable[[], Awaitable[None]]


class ApschedulerTimers:
    """Runs each armed callback once at its moment; arming an armed job id again replaces it."""

    def __init__(self, scheduler: BaseScheduler) -> None:
        self._scheduler = scheduler
        self._running: set[asyncio.Task[None]] = set()  # kept so that no task is collected mid-run

    def arm(self, job_id: str, due: float, callback: Callback) -> None:
        self._scheduler.add_job(
            self._start,
            "date",
            run_date=datetime.fromtimestamp(due, UTC),
            args=[job_id, callback],
            id=job_id,
            replace_existing=True,
            misfire_grace_time=None,  # late (the event loop was busy, the clock jumped): run anyway
            coalesce=True,
        )

    def cancel(self, job_id: str) -> None:
        with suppress(JobLookupError):
            self._scheduler.remove_job(job_id)

    async def _start(self, job_id: str, callback: Callback) -> None:
        task = asyncio.create_task(self._run(job_id, callback), name=job_id)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    @staticmethod
    async def _run(job_id: str, callback: Callback) -> None:
        try:
            await callback()
        except Exception:
            logger.exception(f"werewolf: timer job {job_id} failed")
