"""Delivery of the persisted outbox: first-in first-out per recipient and account, paced per QQ
account, retried until sent or given up by a director; a row QQ keeps refusing is set aside, never
left blocking."""

from __future__ import annotations

import asyncio
import bisect
import math
import re
from collections.abc import Awaitable, Callable
from contextlib import suppress

from nonebot.log import logger

from .storage import OutboxItem, Repository

# Seconds to wait before the 1st, 2nd, ... retry; the last one repeats forever.  The first ones are
# short because a chat client (and the test harness) stops listening after a short silence.
RETRY_DELAYS_S = (0.2, 0.3, 0.4, 0.5, 1, 2, 5, 10, 30, 60, 120, 300)
HOLD_AFTER = 4  # failed tries after which a row may be set aside if the row behind it goes through
SEND_TIMEOUT_S = 10.0  # a send not answered by then counts as failed (NoneBot would wait 30 s)
RECORD_RETRY_S = 1.0  # how soon delivery results that could not be stored are stored again
# How long the background loop waits for its record of delivery before it sends on regardless.
# Waiting keeps the sends to the database's pace (a thousand games sending at once without it held
# about 30 MB more in flight); not waiting longer keeps a slow or locked database from holding back
# rows already committed.
RECORD_PATIENCE_S = 0.5
MAX_SEND_CHARS = 1500  # longer texts go out as several messages; QQ refuses very long ones
DEFAULT_SEND_RATE = 3.0  # sends per second from one QQ account, after a burst of DEFAULT_SEND_BURST
DEFAULT_SEND_BURST = 5
# Lanes delivered to at once through one account.  A thousand games each sending /开始's 13 DMs
# started 13,000 sends at once, each with its task, its API call and its frame: 90 MB more at the
# peak (issue 15).  The account's connection carries them one after another all the same.
MAX_SENDING = 64

ONEBOT_RETCODE = re.compile(r"retcode[=:]\s*'?(-?\d+)")
ONEBOT_WORDING = re.compile(r"(wording|message)='([^']*)'")  # what the implementation said, if anything

Clock = Callable[[], float]
# (account or None for any connected one, kind "private"|"group", target, text); raises on failure
Send = Callable[[int | None, str, int, str], Awaitable[None]]
OnHold = Callable[[list[OutboxItem]], Awaitable[None]]  # raises when the directors could not be told
Lane = tuple[int | None, str, int, bool]  # (account, kind, target, urgent)


def retry_delay(attempts: int) -> float:
    """The wait after the `attempts`-th failed try (attempts >= 1)."""
    return RETRY_DELAYS_S[min(attempts, len(RETRY_DELAYS_S)) - 1]


def describe_failure(error: str, limit: int = 60) -> str:
    """A failed send's error (`OutboxItem.last_error`) as a director reads it: what QQ (the OneBot
    implementation) answered, or the error cut short at a word boundary, never mid-word."""
    if code := ONEBOT_RETCODE.search(error):
        said = next((m.group(2) for m in ONEBOT_WORDING.finditer(error) if m.group(2)), "")
        wording = f"，{shorten(said, limit // 2)}" if said else ""
        return f"QQ拒绝发送，retcode={code.group(1)}{wording}"
    if error.startswith("TimeoutError"):
        return "发送超时，QQ没有回应"
    if error.startswith("ConnectionError"):
        return "机器人的QQ账号没有连接"
    return shorten(error, limit) or "还没有发出"


def shorten(text: str, limit: int) -> str:
    """`text` cut to about `limit` characters after a space or punctuation mark, with … when cut."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    cut = max(head.rfind(mark) for mark in " ,;:，；：、）)")
    return (head[: cut + 1] if cut >= limit // 2 else head).rstrip() + "…"


def split_text(text: str, limit: int = MAX_SEND_CHARS, *, mark: str = "\n（{i}/{n}）") -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at line breaks where possible; every
    piece but the last ends with a (i/n) `mark` so the reader knows more follows."""
    if len(text) <= limit:
        return [text]
    room = limit - len(mark.format(i=99, n=99))
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > room:  # a line that fits nowhere is cut where it must be
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:room])
            line = line[room:]
        if current and len(current) + 1 + len(line) > room:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not pieces:
        pieces.append(current)
    return [piece + mark.format(i=i, n=len(pieces)) for i, piece in enumerate(pieces, 1)]


class Pacer:
    """Paces the sends of one QQ account: at most `burst` at once, then `rate` per second.

    The generic cell rate algorithm (a token bucket kept as one moment): `_free_at` is when the
    account would be idle again had every send taken 1/rate seconds.  rate <= 0: no pacing.
    Urgent sends never wait, but they count like the rest.
    """

    def __init__(self, clock: Clock, rate: float = 0.0, burst: int = 1) -> None:
        self._clock = clock
        self.rate = rate
        self._interval = 1 / rate if rate > 0 else 0.0
        self._slack = (max(1, burst) - 1) * self._interval
        self._free_at = clock()

    def ready_at(self) -> float:
        """When the next non-urgent send may go."""
        return self._free_at - self._slack if self.rate > 0 else -math.inf

    def ready(self) -> bool:
        return self._clock() >= self.ready_at()

    def take(self, urgent: bool = False) -> bool:
        if self.rate <= 0:
            return True
        now = self._clock()
        if not urgent and now < self.ready_at():
            return False
        self._free_at = max(self._free_at, now) + self._interval
        return True


class Outbox:
    """Keeps every undelivered row in memory (mirroring the database) and sends them when due.

    Each row goes out through its QQ account (`OutboxItem.account`; None: any connected one), and
    each account has its own pace.  Rows to one recipient through one account go out one after
    another, in id order (shell answers such as /未送达 go in a lane of their own).  A failed row holds back the rows behind it, until it has failed
    HOLD_AFTER times: then the row behind it is tried, and if that goes through while the failed
    row is refused once more, the failed row is set aside ("held"), the directors are told
    (`on_hold`), and it waits for /重发 or /丢弃.  Different recipients are served concurrently,
    oldest rows first, within the account's pace.  `pump()` delivers everything due and waits for
    it; `start()` does the same in the background.  Nothing is tried through an account that is not
    connected, and nothing is dropped for that.
    """

    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        send: Send,
        *,
        pacing: Callable[[], Pacer] | None = None,
        on_hold: OnHold | None = None,
        send_timeout_s: float = SEND_TIMEOUT_S,
    ) -> None:
        self._repo = repo
        self._clock = clock
        self._send = send
        self._new_pacer = pacing or (lambda: Pacer(clock))
        self._pacers: dict[int | None, Pacer] = {}  # per account
        self._on_hold = on_hold
        self._send_timeout_s = send_timeout_s
        self._queues: dict[Lane, list[OutboxItem]] = {}  # each sorted by id
        self._held: dict[int, OutboxItem] = {}
        self._busy: dict[Lane, asyncio.Task[None]] = {}  # lanes being delivered to
        # Lanes with rows and no delivery running: the only ones a round looks at, so that a round
        # costs the same however many lanes are being delivered to (a thousand games at once).
        self._idle: dict[Lane, None] = {}
        self._idle_lanes: dict[int | None, int] = {}  # idle lanes per account
        self._sending: dict[int | None, int] = {}  # lanes being delivered to per account
        self._sent: list[tuple[int, float]] = []  # (id, sent at), not yet recorded
        self._changed: dict[int, OutboxItem] = {}  # rows tried, held or released, not yet recorded
        self._dropped: list[tuple[int, float]] = []  # (id, dropped at), not yet recorded
        self._to_report: list[OutboxItem] = []  # newly held rows the directors were not told of yet
        self._record_retry_at: float | None = None
        self._online: set[int] = set()  # accounts connected
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._recording: asyncio.Task[None] | None = None  # the background loop's record of delivery

    @property
    def pending(self) -> list[OutboxItem]:
        """Every undelivered row, held ones included, by id."""
        queued = [item for queue in self._queues.values() for item in queue]
        return sorted([*queued, *self._held.values()], key=lambda it: it.order)

    def add(self, items: list[OutboxItem]) -> None:
        for item in items:
            if item.held_at is not None:
                self._held[item.id] = item
            else:
                self._queue(item)
        if items:
            self._wake.set()

    def _queue(self, item: OutboxItem) -> None:
        bisect.insort(self._queues.setdefault(item.lane, []), item, key=lambda it: it.order)
        if item.lane not in self._busy:
            self._set_idle(item.lane)

    def _set_idle(self, lane: Lane) -> None:
        if lane not in self._idle:
            self._idle[lane] = None
            self._idle_lanes[lane[0]] = self._idle_lanes.get(lane[0], 0) + 1

    def _unset_idle(self, lane: Lane) -> None:
        del self._idle[lane]
        self._idle_lanes[lane[0]] -= 1

    def set_online(self, account: int, online: bool) -> None:
        """An account connected (flush what it carries now, backoff or not) or went away."""
        if not online:
            self._online.discard(account)
            return
        self._online.add(account)
        now = self._clock()
        for lane, queue in self._queues.items():
            if lane[0] in (account, None):
                for item in queue:
                    item.next_try_at = min(item.next_try_at, now)
        self._wake.set()

    def _reachable(self, lane: Lane) -> bool:
        """Whether the lane's account is connected (any account, for rows that name none)."""
        return lane[0] in self._online or (lane[0] is None and bool(self._online))

    def _pacer(self, lane: Lane) -> Pacer:
        if (pacer := self._pacers.get(lane[0])) is None:
            pacer = self._pacers[lane[0]] = self._new_pacer()
        return pacer

    # ------------------------------------------------------------ directors' decisions

    def retry_now(self, item: OutboxItem) -> None:
        """/重发: try the row again at once, with a fresh count of tries (back in line if held)."""
        if self._held.pop(item.id, None) is not None:
            item.held_at = None
            self._queue(item)
        item.attempts = 0
        item.next_try_at = self._clock()
        self._note_change(item)
        self._wake.set()

    def drop(self, item: OutboxItem) -> None:
        """/丢弃: never send the row."""
        self._held.pop(item.id, None)
        queue = self._queues.get(item.lane, [])
        if item in queue:
            queue.remove(item)
            if not queue and item.lane not in self._busy:
                del self._queues[item.lane]
                self._unset_idle(item.lane)
        if item.stored:
            self._dropped.append((item.id, self._clock()))
        self._wake.set()

    # ------------------------------------------------------------ delivery

    async def pump(self) -> float | None:
        """Deliver everything due and wait for it; return when the next row falls due (None: nothing to wait for)."""
        while self._dispatch():
            while self._busy:
                await asyncio.gather(*self._busy.values())
        await self._record()
        return self._next_due()

    def _dispatch(self) -> bool:
        """Start delivering to each idle lane that has a row to try now, oldest rows first, up to
        MAX_SENDING lanes per account.  An account's idle lanes are looked at again only once it
        is down to half that: each look then starts many, however many lanes wait."""
        hungry = self._hungry()
        if not hungry:
            return False
        now = self._clock()
        ready = [
            (not lane[3], queue[0].id, lane)
            for lane in self._idle
            if lane[0] in hungry
            and self._reachable(lane)
            and (due := self._lane_due(queue := self._queues[lane])) is not None
            and due <= now
        ]
        started = False
        for urgent_last, _, lane in sorted(ready):
            if urgent_last and not self._pacer(lane).ready():
                continue
            sending = self._sending.get(lane[0], 0)
            if sending >= MAX_SENDING:
                continue
            self._sending[lane[0]] = sending + 1
            self._unset_idle(lane)
            self._busy[lane] = asyncio.create_task(self._deliver(lane))
            started = True
        return started

    def _hungry(self) -> set[int | None]:
        """The accounts with idle lanes that may start delivering to some: at most half of
        MAX_SENDING lanes are being delivered to through them."""
        return {
            account
            for account, idle in self._idle_lanes.items()
            if idle and self._sending.get(account, 0) <= MAX_SENDING // 2
        }

    @staticmethod
    def _lane_due(queue: list[OutboxItem]) -> float | None:
        """When the lane has a row to try: its first row, or the one behind a row that keeps failing."""
        if not queue:
            return None
        head = queue[0]
        if head.attempts >= HOLD_AFTER and len(queue) > 1:
            return min(head.next_try_at, queue[1].next_try_at)
        return head.next_try_at

    def _next_due(self) -> float | None:
        """When something next falls due: a row of an idle lane (within the pace) or a retry of
        recording; None when nothing can be done until an account connects.  The lanes of an account
        that delivers to many wait for the end of one of those, which wakes the loop."""
        moments = [self._record_retry_at] if self._record_retry_at is not None else []
        hungry = self._hungry()
        for lane in self._idle if hungry else ():
            due = self._lane_due(self._queues[lane]) if lane[0] in hungry and self._reachable(lane) else None
            if due is not None:
                moments.append(due if lane[3] else max(due, self._pacer(lane).ready_at()))
        return min(moments, default=None)

    def _due(self, queue: list[OutboxItem]) -> bool:
        due = self._lane_due(queue)
        return due is not None and due <= self._clock()

    def _probe_behind(self, queue: list[OutboxItem]) -> OutboxItem | None:
        """The row behind a first row that keeps failing, when it is due: trying it tells a row QQ
        refuses (the one behind goes through) from a recipient QQ cannot reach (both fail)."""
        head = queue[0]
        if head.attempts >= HOLD_AFTER and len(queue) > 1 and queue[1].next_try_at <= self._clock():
            return queue[1]
        return None

    async def _deliver(self, lane: Lane) -> None:
        """Send the lane's rows that are due, in order; when paced, one row, then the other lanes.

        The first row is tried early when the row behind it is due, so that rows go out in order
        whenever the recipient can be reached at all."""
        queue = self._queues[lane]
        pacer = self._pacer(lane)
        paced = pacer.rate > 0 and not lane[3]
        try:
            while (
                self._reachable(lane) and queue and self._due(queue) and self._may_send(pacer, lane, queue[0])
            ):
                head = queue[0]
                if await self._try(head):
                    self._delivered(queue, head)
                elif head.best_effort and head.attempts >= HOLD_AFTER:
                    queue.remove(head)  # a copy for the directors: the stored row keeps the text
                    logger.warning(
                        f"outbox: a copy of #{head.id} for {head.kind} {head.target} was refused; given up"
                    )
                elif (probe := self._probe_behind(queue)) is not None and await self._try(probe):
                    pacer.take(True)
                    self._delivered(queue, probe)
                    await self._recheck(queue, head, pacer)
                else:
                    break
                if paced:
                    break
        finally:
            if not queue:
                self._queues.pop(lane, None)
            else:
                self._set_idle(lane)
            del self._busy[lane]
            self._sending[lane[0]] -= 1
            self._wake.set()

    @staticmethod
    def _may_send(pacer: Pacer, lane: Lane, head: OutboxItem) -> bool:
        """Whether the pace lets `head` go now.  A best-effort copy is not counted: one goes with
        each notice about a held row, and it must not hold back the rows the director waits for."""
        return head.best_effort or pacer.take(lane[3])

    async def _recheck(self, queue: list[OutboxItem], stuck: OutboxItem, pacer: Pacer) -> None:
        """A row behind `stuck` went through: try `stuck` once more, and set it aside if refused."""
        pacer.take(True)
        if await self._try(stuck):
            self._delivered(queue, stuck)
            return
        if stuck in queue and not stuck.stored:  # a reply from memory (暂时无法记录): not worth keeping
            queue.remove(stuck)
            logger.warning(
                f"outbox: a reply kept in memory only to {stuck.kind} {stuck.target} was refused; dropped"
            )
        elif stuck in queue:
            queue.remove(stuck)
            stuck.held_at = self._clock()
            self._held[stuck.id] = stuck
            self._note_change(stuck)
            self._to_report.append(stuck)
            logger.warning(
                f"outbox #{stuck.id} to {stuck.kind} {stuck.target} set aside after {stuck.attempts} refusals"
            )

    def _delivered(self, queue: list[OutboxItem], item: OutboxItem) -> None:
        if item in queue:
            queue.remove(item)
        self._changed.pop(item.id, None)
        if item.stored:
            self._sent.append((item.id, self._clock()))

    async def _try(self, item: OutboxItem) -> bool:
        try:
            await asyncio.wait_for(
                self._send(item.account, item.kind, item.target, item.text), self._send_timeout_s
            )
        except Exception as exc:  # any failure of the chat side: keep the row and retry later
            item.attempts += 1
            item.last_error = f"{type(exc).__name__}: {exc}"[:500]
            item.next_try_at = self._clock() + retry_delay(item.attempts)
            self._note_change(item)
            logger.warning(f"outbox #{item.id} to {item.kind} {item.target} failed ({item.last_error})")
            return False
        return True

    def _note_change(self, item: OutboxItem) -> None:
        if item.stored:
            self._changed[item.id] = item

    async def _record(self) -> None:
        """Store what delivery did; keep it for the next round when the database cannot take it."""
        sent, changed, dropped = self._sent, self._changed, self._dropped
        if sent or changed or dropped:
            self._sent, self._changed, self._dropped = [], {}, []
            try:
                await self._repo.record_delivery(sent, list(changed.values()), dropped)
            except Exception:
                logger.exception("outbox: could not record delivery results; will try again")
                self._sent, self._dropped = sent + self._sent, dropped + self._dropped
                self._changed = {**changed, **self._changed}
                self._record_retry_at = self._clock() + RECORD_RETRY_S
                return
        self._record_retry_at = None
        await self._report_held()

    async def _report_held(self) -> None:
        report, self._to_report = self._to_report, []
        if not report or self._on_hold is None:
            return
        try:
            await self._on_hold(report)
        except Exception:
            logger.exception("outbox: could not tell the directors about held rows; will try again")
            self._to_report = report + self._to_report
            self._record_retry_at = self._clock() + RECORD_RETRY_S

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
        if self._recording is not None:
            await asyncio.gather(self._recording, return_exceptions=True)
        with suppress(Exception):
            await self._record()

    async def _record_in_time(self) -> None:
        """Store what delivery did, waiting RECORD_PATIENCE_S at most: a record the database is slow
        to take goes on in its task while rows keep going out (the loop is woken when it ends)."""
        if self._recording is not None and not self._recording.done():
            return  # already waited for: deliver meanwhile
        if self._sent or self._changed or self._dropped or self._to_report:
            self._recording = asyncio.create_task(self._record())
            self._recording.add_done_callback(lambda _: self._wake.set())
            await asyncio.wait({self._recording}, timeout=RECORD_PATIENCE_S)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            self._dispatch()
            if self._record_retry_at is None or self._record_retry_at <= self._clock():
                await self._record_in_time()
            if self._wake.is_set():
                continue
            due = self._next_due()
            timeout = None if due is None else max(0.0, due - self._clock())
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
