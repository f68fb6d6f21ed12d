"""What the shell does to an incoming message before a game sees it: clean its text, check its
ids, key it for de-duplication, and limit how many replies one sender can cause."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import re
from collections import OrderedDict, deque
from collections.abc import Callable, Collection, Hashable

MAX_INPUT_CHARS = 2000  # longer messages are refused at the shell; no command needs more
MAX_ID = 2**63 - 1  # QQ accounts and groups are stored as 64-bit integers
UNREADABLE = "\ufffd"
LONE_SURROGATE_OR_NUL = re.compile("[\ud800-\udfff\x00]")  # UTF-8 and PostgreSQL cannot store these
ASCII_NUMBER = re.compile(r"[0-9]+")
NUMBER_DIGITS_MAX = 18  # every number the shell reads fits in a signed 64-bit integer

# (bot account, chat, message id): the chat is "private:<qq>" or "group:<group>"; the message id is
# kept as text because OneBot implementations send ids of any size.
MessageKey = tuple[int, str, str]


def clean_text(text: str) -> str:
    """The text with what no database can store (lone surrogates, NUL) replaced by U+FFFD."""
    return LONE_SURROGATE_OR_NUL.sub(UNREADABLE, text)


def valid_id(number: int | None) -> bool:
    """A QQ account, group or bot id the database can hold (positive, 64-bit)."""
    return number is not None and 0 < number <= MAX_ID


def small_numbers(text: str) -> list[int]:
    """The runs of ASCII digits in `text` that are short enough to be ids, as integers.

    Longer runs are skipped rather than read: int() refuses more than 4,300 digits, and nothing
    the shell looks up (QQ numbers, game and message numbers) has more than 18.
    """
    return [int(run) for run in ASCII_NUMBER.findall(text) if len(run) <= NUMBER_DIGITS_MAX]


def first_number(text: str) -> int | None:
    numbers = small_numbers(text)
    return numbers[0] if numbers else None


def message_key(self_id: int, message_id: int, user_id: int, group_id: int | None) -> MessageKey:
    chat = f"group:{group_id}" if group_id is not None else f"private:{user_id}"
    if message_id.bit_length() <= 200:
        ident = str(message_id)
    else:  # no OneBot implementation sends these; keep the key short and str() within its limits
        raw = message_id.to_bytes((message_id.bit_length() + 8) // 8, "big", signed=True)
        ident = "sha256:" + hashlib.sha256(raw).hexdigest()
    return self_id, chat, ident


class ReplyLimiter:
    """At most `limit` messages of one sender answered per `window_s` seconds (a message's
    replies go or are dropped together); the first message over the limit is answered with one
    notice instead, later ones get nothing until the window has room again.

    Only replies are limited: the command itself is still handled and stored.  Senders are kept
    in the order they last wrote, so those idle for a whole window are forgotten from the front,
    a few at a time: a message costs the same however many senders there are.
    """

    def __init__(self, clock: Callable[[], float], limit: int = 10, window_s: float = 10.0) -> None:
        self.clock = clock
        self.limit = limit
        self.window_s = window_s
        self._senders: OrderedDict[int, _Budget] = OrderedDict()  # the longest idle first

    def allow(self, sender: int) -> tuple[bool, bool]:
        """Whether this message of `sender` is answered, and if not, whether the notice goes instead."""
        now = self.clock()
        horizon = now - self.window_s
        self._forget_idle(horizon)
        budget = self._senders.get(sender)
        if budget is None:
            budget = self._senders[sender] = _Budget()
        else:
            self._senders.move_to_end(sender)
        budget.wrote_at = now
        recent = budget.answered
        while recent and recent[0] <= horizon:
            recent.popleft()
        if len(recent) < self.limit:
            recent.append(now)
            return True, False
        if budget.noticed_at is None or budget.noticed_at <= horizon:
            budget.noticed_at = now
            return False, True
        return False, False

    def remembered(self) -> int:
        """How many senders are remembered: those who wrote within the last window."""
        return len(self._senders)

    def _forget_idle(self, horizon: float) -> None:
        """Forget the senders who have not written since `horizon`: nothing of theirs is still counted."""
        senders = self._senders
        while senders and next(iter(senders.values())).wrote_at <= horizon:
            senders.popitem(last=False)


class _Budget:
    """One sender's recent answers and over-limit notice."""

    __slots__ = ("answered", "noticed_at", "wrote_at")

    def __init__(self) -> None:
        self.answered: deque[float] = deque()  # when their recent messages were answered
        self.noticed_at: float | None = None  # when the over-limit notice went out
        self.wrote_at = 0.0


class Ticket:
    """One message's place in its sender's queue (see `ArrivalOrder`)."""

    __slots__ = ("_done", "finished", "sender")

    def __init__(self, sender: Hashable) -> None:
        self.sender = sender
        self.finished = False
        self._done: asyncio.Event | None = None  # made when someone waits for this ticket

    async def wait_done(self) -> None:
        if self.finished:
            return
        if self._done is None:
            self._done = asyncio.Event()
        await self._done.wait()

    def finish(self) -> None:
        self.finished = True
        if self._done is not None:
            self._done.set()


class ArrivalOrder:
    """Lets each sender's messages take effect in the order they arrived.

    A message takes a ticket when it arrives, before anything can hold it up (the OneBot adapter
    fetches a quoted message before it dispatches the quoting one, so a quoting message would be
    overtaken by the next one); it waits for its turn just before it takes effect, and is done
    when it has taken effect or is known to be none of ours.  Memory: the messages of each sender
    that are still on their way.
    """

    def __init__(self, patience_s: float) -> None:
        self.patience_s = patience_s  # longest wait for the earlier messages of a sender
        self._waiting: dict[Hashable, dict[Ticket, None]] = {}  # sender -> tickets, in arrival order

    def arrive(self, sender: Hashable) -> Ticket:
        ticket = Ticket(sender)
        self._waiting.setdefault(sender, {})[ticket] = None
        return ticket

    async def turn(self, ticket: Ticket) -> bool:
        """Wait until every earlier message of the same sender is done; False when they took longer
        than `patience_s` (then this one goes ahead: a stuck message must not block its sender)."""
        queue = self._waiting.get(ticket.sender, {})
        earlier = list(itertools.takewhile(lambda other: other is not ticket, queue))
        if not earlier:
            return True
        try:
            async with asyncio.timeout(self.patience_s):
                for other in earlier:
                    await other.wait_done()
        except TimeoutError:
            return False
        return True

    def done(self, ticket: Ticket) -> None:
        """The message took effect or is none of ours (again: nothing happens)."""
        if ticket.finished:
            return
        ticket.finish()
        queue = self._waiting[ticket.sender]
        del queue[ticket]
        if not queue:
            del self._waiting[ticket.sender]

    def on_their_way(self) -> int:
        """How many messages have a ticket and are not done."""
        return sum(len(queue) for queue in self._waiting.values())


class SeenMessages:
    """The most recent `capacity` message keys, oldest dropped first, for de-duplication.

    Held by the key's hash (one integer instead of a tuple of an integer and two strings: a third
    of the memory).  Two of the 20,000 keys kept sharing a 64-bit hash has odds of about one in
    10^11; the keys themselves are stored in the database, which stays exact across restarts.
    An `OrderedDict`, not a dict: dropping a dict's first key leaves a hole its next first-key
    lookup walks past, so each drop would cost more the more were dropped before.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._hashes: OrderedDict[int, None] = OrderedDict()

    def __contains__(self, key: MessageKey) -> bool:
        return hash(key) in self._hashes

    def __len__(self) -> int:
        return len(self._hashes)

    def add(self, key: MessageKey) -> None:
        self._hashes[hash(key)] = None
        if len(self._hashes) > self.capacity:
            self._hashes.popitem(last=False)

    def forget(self, key: MessageKey) -> None:
        self._hashes.pop(hash(key), None)


class NumberIndex:
    """Which games show a number (a QQ account or a group) in their logs.

    Most numbers belong to one game: those are held as a plain game id, and only numbers shown by
    several games get a set (a set per number was most of the index's memory: 3.5 KB a game)."""

    def __init__(self) -> None:
        self._one: dict[int, int] = {}
        self._several: dict[int, set[int]] = {}

    def add(self, number: int, game_id: int) -> None:
        several = self._several.get(number)
        if several is not None:
            several.add(game_id)
            return
        only = self._one.setdefault(number, game_id)
        if only != game_id:
            del self._one[number]
            self._several[number] = {only, game_id}

    def games(self, number: int) -> Collection[int]:
        """The ids of the games whose logs show `number`, in no particular order."""
        several = self._several.get(number)
        if several is not None:
            return several
        only = self._one.get(number)
        return () if only is None else (only,)
