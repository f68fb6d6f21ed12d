"""Delivery of the persisted outbox: first-in first-out per recipient, retried forever, never dropped."""

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
Recipient = tuple[str, int]


def retry_delay(attempts: int) -> float:
    """The wait after the `attempts`-th failed try (attempts >= 1)."""
    return RETRY_DELAYS_S[min(attempts, len(RETRY_DELAYS_S)) - 1]


class Outbox:
    """Keeps every undelivered row in memory (mirroring the database) and sends them when due.

    Each recipient's rows go out one after another, in id order, and a failed row holds back the
    rows behind it; different recipients are served concurrently.  `pump()` delivers everything
    that is due and waits for it; `start()` does the same in the background whenever rows arrive,
    a retry falls due or a bot comes online.  While offline nothing is tried and nothing is dropped.
    """

    def __init__(self, repo: Repository, clock: Clock, send: Send) -> None:
        self._repo = repo
        self._clock = clock
        self._send = send
        self._queues: dict[Recipient, list[OutboxItem]] = {}  # each sorted by id
        self._busy: dict[Recipient, asyncio.Task[None]] = {}  # recipients being delivered to
        self._sent: list[tuple[int, float]] = []  # (id, sent at), not yet recorded
        self._failed: dict[int, OutboxItem] = {}  # failed tries not yet recorded
        self._online = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def pending(self) -> list[OutboxItem]:
        return sorted((item for queue in self._queues.values() for item in queue), key=lambda it: it.id)

    def add(self, items: list[OutboxItem]) -> None:
        for item in items:
            bisect.insort(self._queues.setdefault(item.recipient, []), item, key=lambda it: it.id)
        if items:
            self._wake.set()

    def set_online(self, online: bool) -> None:
        """A bot connected (flush everything now, backoff or not) or the last one went away."""
        self._online = online
        if online:
            now = self._clock()
            for item in self.pending:
                item.next_try_at = min(item.next_try_at, now)
            self._wake.set()

    async def pump(self) -> float | None:
        """Deliver everything due and wait for it; return when the next row falls due (None: nothing to wait for)."""
        self._dispatch()
        while self._busy:
            await asyncio.gather(*self._busy.values())
        await self._record()
        return self._next_due()

    def _dispatch(self) -> None:
        """Start delivering to each idle recipient whose first row is due."""
        if not self._online:
            return
        now = self._clock()
        for recipient, queue in self._queues.items():
            if recipient not in self._busy and queue[0].next_try_at <= now:
                self._busy[recipient] = asyncio.create_task(self._deliver(recipient))

    def _next_due(self) -> float | None:
        """When the first row of an idle recipient falls due; None while offline or with nothing waiting."""
        if not self._online:
            return None
        heads = (
            queue[0].next_try_at for recipient, queue in self._queues.items() if recipient not in self._busy
        )
        return min(heads, default=None)

    async def _deliver(self, recipient: Recipient) -> None:
        queue = self._queues[recipient]
        try:
            while self._online and queue and queue[0].next_try_at <= self._clock():
                if not await self._try(queue[0]):
                    break
                self._sent.append((queue.pop(0).id, self._clock()))
        finally:
            if not queue:
                del self._queues[recipient]
            del self._busy[recipient]
            self._wake.set()

    async def _try(self, item: OutboxItem) -> bool:
        try:
            await self._send(item.kind, item.target, item.text)
        except Exception as exc:  # any failure of the chat side: keep the row and retry later
            item.attempts += 1
            item.last_error = f"{type(exc).__name__}: {exc}"[:500]
            item.next_try_at = self._clock() + retry_delay(item.attempts)
            self._failed[item.id] = item
            logger.warning(f"outbox #{item.id} to {item.kind} {item.target} failed ({item.last_error})")
            return False
        return True

    async def _record(self) -> None:
        sent, self._sent = self._sent, []
        failed, self._failed = list(self._failed.values()), {}
        try:
            await self._repo.record_delivery(sent, failed)
        except Exception:  # delivery goes on; at worst a row is sent again after a restart
            logger.exception("outbox: could not record delivery results")

    # ------------------------------------------------------------ background delivery

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="werewolf-outbox")

    async def stop(self) -> None:
        tasks = [task for task in (self._task, *self._busy.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            self._dispatch()
            await self._record()
            if self._wake.is_set():
                continue
            due = self._next_due()
            timeout = None if due is None else max(0.0, due - self._clock())
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
