"""The engine's boundary: what goes into a game and what comes out.

A game is driven only by `Event`s (something a user said, or a timer firing) and answers
with a `Result`: whether the event changed the game (then the shell must store it in the
game's log before delivering anything) and the messages to send.  Replaying the stored
events in order rebuilds the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Event:
    """One entry of a game's log: a chat line or a timer that fired."""

    kind: Literal["say", "timer"]
    at: float  # epoch seconds when it happened
    qq: int = 0  # who spoke ("say" only)
    text: str = ""  # what they said, with or without the leading "/"
    group: int | None = None  # QQ group id when said in a group, None for private chat
    key: str = ""  # which timer fired ("timer" only)


@dataclass(frozen=True)
class Outgoing:
    """A message the shell must deliver: to one QQ account or to one QQ group."""

    kind: Literal["private", "group"]
    target: int
    text: str


@dataclass
class Result:
    changed: bool  # True: store the event in the log before delivering `messages`
    messages: list[Outgoing] = field(default_factory=list)


@dataclass(frozen=True)
class Timer:
    """A moment at which the shell must feed `Event(kind="timer", key=key)` to the game."""

    key: str
    due: float  # epoch seconds


class Rejected(Exception):
    """A command that cannot be taken; the message says why, in Chinese."""


class ReplayMismatch(Exception):
    """A logged event that the game no longer takes: its log does not rebuild it faithfully."""

    def __init__(self, index: int, event: Event) -> None:
        super().__init__(
            f"log entry {index + 1} ({event.kind} {event.text[:40] or event.key}) is refused now"
        )
        self.index = index
