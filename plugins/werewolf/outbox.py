"""Delivery of the persisted outbox: in id order, first-in first-out per recipient, retried forever."""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Awaitable, Callable
from contextlib import suppress

from loguru import logger

from .storage import OutboxItem, Repository

# Seconds to wait before the 1st, 2nd, ... retry; the last one repeats forever.  The first ones are
# short because a chat client (and the test harness) stops listening after a short silence.
RETRY_DELAYS_S = (0.2, 0.3, 0.4, 0.5, 1, 2, 5, 10, 30, 60, 120, 300)

Clock = Callable[[], float]
Send = Callable[[str, int, str], Awaitable[None]]  # (kind "private"|"group", target, text); raises on failure


def retry_delay(attempts: int) -> float:
    """The wait after the `attempts`-th failed try (attempts >= 1)."""
    return RETRY_DELAYS_S[min(attempts, len(RETRY_DELAYS_S)) - 1]


class Outbox:
    """Keeps every undelivered row in memory (mirroring the database) and sends them when due.

    `pump()` makes one pass; `start()` runs passes in the background whenever rows arrive, a retry
    falls due or a bot comes online.  While offline nothing is tried and nothing is dropped.
    """

    def __init__(self, repo: Repository, clock: Clock, send: Send) -> None:
        self._repo = repo
        self._clock = clock
        self._send = send
        self._pending: list[OutboxItem] = []  # sorted by id
        self._online = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def pending(self) -> list[OutboxItem]:
        return list(self._pending)

    @property
    def online(self) -> bool:
        return self._online

    def add(self, items: list[OutboxItem]) -> None:
        for item in items:
            bisect.insort(self._pending, item, key=lambda it: it.id)
        if items:
            self._wake.set()

    def set_online(self, online: bool) -> None:
        """A bot connected (flush everything now, backoff or not) or the last one went away."""
        self._online = online
        if online:
            now = self._clock()
            for item in self._pending:
                item.next_try_at = min(item.next_try_at, now)
            self._wake.set()

    async def pump(self) -> float | None:
        """Try every due row once; return when the earliest waiting row falls due (None: nothing to wait for)."""
        if not self._online:
            return None
        blocked: set[tuple[str, int]] = set()
        sent: list[tuple[int, float]] = []
        failed: list[OutboxItem] = []
        now = self._clock()
        for item in list(self._pending):
            if item.recipient in blocked:
                continue
            if item.next_try_at > now or not self._online:
                blocked.add(item.recipient)
                continue
            if await self._try(item):
                sent.append((item.id, self._clock()))
                self._pending.remove(item)
            else:
                failed.append(item)
                blocked.add(item.recipient)
        await self._record(sent, failed)
        return self._next_due()

    async def _try(self, item: OutboxItem) -> bool:
        try:
            await self._send(item.kind, item.target, item.text)
        except Exception as exc:  # any failure of the chat side: keep the row and retry later
            item.attempts += 1
            item.last_error = f"{type(exc).__name__}: {exc}"[:500]
            item.next_try_at = self._clock() + retry_delay(item.attempts)
            logger.warning(f"outbox #{item.id} to {item.kind} {item.target} failed ({item.last_error})")
            return False
        return True

    async def _record(self, sent: list[tuple[int, float]], failed: list[OutboxItem]) -> None:
        try:
            await self._repo.record_delivery(sent, failed)
        except Exception:  # delivery goes on; at worst a row is sent again after a restart
            logger.exception("outbox: could not record delivery results")

    def _next_due(self) -> float | None:
        heads: dict[tuple[str, int], float] = {}
        for item in self._pending:
            heads.setdefault(item.recipient, item.next_try_at)
        return min(heads.values(), default=None)

    # ------------------------------------------------------------ background delivery

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="werewolf-outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                due = await self.pump()
            except Exception:
                logger.exception("outbox: delivery pass failed")
                due = self._clock() + RETRY_DELAYS_S[-1]
            if self._wake.is_set():
                continue
            timeout = None if due is None else max(0.0, due - self._clock())
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
