"""回溯 (common-boards.md 3.1 白夜使者, 5.2.5; 补充裁定 18): the game brought back to the last night's
door close.

A role that turns the game back keeps it as it is at every `/入夜`, before the night begins
(`keep`, run from its RoleDef.before_night, so only boards with such a role pay for it): a deep copy
of the state the rules play on — the phase, day and night counters, the nights so far, the sheriff,
the exits, last words, ballots and decisions, every role's state (`Game.flags`), and each seat's
role, camp, life, data, statuses and skills.  `restore` puts that copy back: everything since is
void (the night's actions, results, exits and last words, the next day's ballots); the directors
open the night again with `/入夜 HH:MM`, its deadlines counted from the new door close.

What is no state of the rules stays as it is: the game's identity and board, its directors, who sits
where (QQ, 昵称, 替补), the bound QQ groups, the count of accepted events (which seeds the random
draws) and the decisions' serial numbers (timer keys stay unique).  Last words written since by a
seat whose exit is not undone stand (5.2.5 voids the last words of the exits undone only).

A replay of the log runs `/入夜` and `/回溯` again, so it keeps and restores the same state.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bansha_engine.library import game_state, peek_game_state

if TYPE_CHECKING:
    from bansha_engine.game import Game

# The Game attributes restored, and those kept as they are (tests/test_rewind.py checks that every
# attribute of a Game is one or the other)
RESTORED = (
    "phase",
    "part",
    "day",
    "night_no",
    "night",
    "last_night",
    "past_nights",
    "sheriff",
    "exits",
    "last_words_offered",
    "last_words",
    "last_words_until",
    "voted_day",
    "day_ended_by",
    "ballots",
    "decided",
    "flags",
    "winner",
    "ended",
)
KEPT = (
    "game_id",
    "board_name",
    "board_text",
    "opened_by",
    "board",
    "seed",
    "timezone",
    "directors",
    "groups_bound",
    "queue",  # empty at /入夜 and at /回溯 (no decision pending)
    "prompts",
    "prompt_serial",
    "accepted",
    "replaying",
    "now",
    "_rng",
    "_rng_event",
    "out",
    "speaker",
    "words",
)
SEAT_RESTORED = ("role", "camp", "alive", "data", "statuses", "skills")  # not qq, nick, substitutes


@dataclass
class DoorClose:
    """The game as it was when the door of night `night` closed (before that night began)."""

    night: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)


def keep(game: Game) -> None:
    """Keep the game as it is now, at `/入夜`, before the night begins."""
    state = {name: getattr(game, name) for name in RESTORED}
    state["flags"] = {kind: value for kind, value in game.flags.items() if kind != DoorClose.__name__}
    seats = {no: {name: getattr(seat, name) for name in SEAT_RESTORED} for no, seat in game.seats.items()}
    copied_state, copied_seats = deepcopy((state, seats))  # one copy: shared objects stay shared
    door = game_state(game, DoorClose)
    door.night, door.state, door.seats = game.night_no + 1, copied_state, copied_seats


def kept_night(game: Game) -> int:
    """The night whose door close the game can go back to (0: none)."""
    return peek_game_state(game, DoorClose).night


def restore(game: Game) -> int:
    """Bring the game back to the last door close kept; the night it was (its copy is used up)."""
    door = peek_game_state(game, DoorClose)
    written = dict(game.last_words)
    for name, value in door.state.items():
        setattr(game, name, value)
    for no, values in door.seats.items():
        for name, value in values.items():
            setattr(game.seats[no], name, value)
    for seat, text in written.items():
        if seat in game.last_words_offered:  # an exit from before the door close: its words stand
            game.last_words[seat] = text
    game.voted_day = game.day  # the door had closed: that day is over, vote or no vote
    return door.night
