"""What the shell does to an incoming message before a game sees it: clean its text, check its
ids, key it for de-duplication, and limit how many replies one sender can cause."""

from __future__ import annotations

import hashlib
import re
from collections import deque
from collections.abc import Callable

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

    Only replies are limited: the command itself is still handled and stored.
    """

    PRUNE_AT = 4096  # senders remembered before the idle ones are forgotten

    def __init__(self, clock: Callable[[], float], limit: int = 10, window_s: float = 10.0) -> None:
        self.clock = clock
        self.limit = limit
        self.window_s = window_s
        self._answered: dict[int, deque[float]] = {}  # sender -> when their recent messages were answered
        self._noticed: dict[int, float] = {}  # sender -> when the over-limit notice went out

    def allow(self, sender: int) -> tuple[bool, bool]:
        """Whether this message of `sender` is answered, and if not, whether the notice goes instead."""
        now = self.clock()
        if len(self._answered) >= self.PRUNE_AT:
            self._forget_idle(now)
        recent = self._answered.setdefault(sender, deque())
        while recent and recent[0] <= now - self.window_s:
            recent.popleft()
        if len(recent) < self.limit:
            recent.append(now)
            return True, False
        if self._noticed.get(sender, now - self.window_s) <= now - self.window_s:
            self._noticed[sender] = now
            return False, True
        return False, False

    def _forget_idle(self, now: float) -> None:
        horizon = now - self.window_s
        self._answered = {qq: times for qq, times in self._answered.items() if times and times[-1] > horizon}
        self._noticed = {qq: at for qq, at in self._noticed.items() if at > horizon}
