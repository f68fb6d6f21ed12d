"""The forum day's state, kept in the game's flags (rebuilt from the log like all of it).

`DayBook`: each day's start and 关门, the vote posts read (so that a thread pasted again records
nothing twice), the 废票, which days the directors ran from the forum thread, the non-voters they
were shown, and the director's records of the current day that /撤销 can take back.
`HasteBook`: 加速 and 延时 — the requests of each day and whether 加速 is in force.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.day.rules import DayRules
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.version import opened_since

if TYPE_CHECKING:
    from bansha_engine.game import Game

RELEASE = "0.5.0"  # games opened since run the forum day: rules that change how old logs are taken
HASTE, DELAY = "加速", "延时"


@dataclass(frozen=True)
class Record:
    """One record of the director's that /撤销 takes back: the ballots of one /投票 (with the 废票 and
    posts it read), the cards of one command, or the sheriff."""

    kind: str  # ballots | cards | sheriff
    what: str  # how the reply names it
    ballots: tuple[int, ...] = ()  # entry numbers (Ballot.entry)
    void: int = 0  # 废票 it added (the day's last ones)
    seen: tuple[tuple[object, ...], ...] = ()  # post keys it read
    cards: tuple[int, ...] = ()  # card numbers it made (given, or merged)
    confirmed: tuple[int, ...] = ()  # proposals it turned into cards
    sheriff: int | None = None  # the sheriff before (kind sheriff)
    seat: int | None = None  # the seat the record is about (sheriff: the one elected)


@dataclass
class DayBook:
    entries: int = 0  # the last ballot's entry number
    started: dict[int, float] = field(default_factory=dict)  # day -> when it began
    closes: dict[int, float] = field(default_factory=dict)  # day -> its 关门 (schedule or /关门)
    set_by_director: set[int] = field(default_factory=set)  # days whose 关门 a director set
    reminded: set[int] = field(default_factory=set)  # days whose last-hour reminder was sent
    manual_close: set[int] = field(default_factory=set)  # days 自动入夜 left to the directors
    seen: set[tuple[object, ...]] = field(default_factory=set)  # vote posts read (day, seat, …)
    void: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # day -> (seat, why) 废票
    forum: set[int] = field(default_factory=set)  # days with ballots from posts or 代投
    shown: dict[int, tuple[int, ...]] = field(default_factory=dict)  # day -> non-voters shown
    closed: dict[int, tuple[int, ...]] = field(default_factory=dict)  # day -> non-voters at its close
    voided_changes: dict[int, list[str]] = field(default_factory=dict)  # day -> changes 加速 voided
    proposals_until: int = 0  # proposals numbered up to this lapse at the next day's close
    day_timeouts: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # day -> (seat, decision)
    records: list[Record] = field(default_factory=list)  # this day's (or night's) records, for /撤销


@dataclass
class HasteBook:
    on: bool = False  # 加速 in force (「执行加速」) until a 延时 passes
    requests: dict[int, dict[int, str]] = field(default_factory=dict)  # day -> seat -> 加速|延时
    passed: list[tuple[int, str, str]] = field(default_factory=list)  # (day, 加速|延时, how) for the record


def active(game: Game) -> bool:
    """Whether the game runs the forum day's rules (opened since 0.5.0): an old log's /投票, /放逐
    and /票型 are taken as they were when it was recorded."""
    return opened_since(game.opened_by, RELEASE)


def rules(game: Game) -> DayRules:
    found = game.board.hooks.day_rules
    return found if found is not None else DayRules()


def book(game: Game) -> DayBook:
    return game_state(game, DayBook)


def peek(game: Game) -> DayBook:
    return peek_game_state(game, DayBook)


def haste(game: Game) -> HasteBook:
    return game_state(game, HasteBook)


def hasted(game: Game) -> bool:
    """Whether 加速 is in force."""
    return peek_game_state(game, HasteBook).on


def close_of(game: Game, day: int | None = None) -> float | None:
    """The day's 关门: set by a director (/关门), the board's own (须弥's /关门 HH:MM), or the schedule's."""
    day = game.day if day is None else day
    board_close = game.board.hooks.door_close
    if day == game.day and board_close is not None and (found := board_close(game)) is not None:
        return float(found)
    return peek(game).closes.get(day)


def remember(game: Game, record: Record) -> None:
    """A record of the director's this day (or night), for /撤销."""
    book(game).records.append(record)


def peek_haste(game: Game) -> HasteBook:
    return peek_game_state(game, HasteBook)
