"""Lines for the directors about what was done: a night's actions go to its summary at dawn
(`Night.notes`); what is done by day is told to the directors at once and kept for the day's block of
the record (复盘).

A night runs from the door close (须弥's 黄昏 included) to its dawn; anything else is the day.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.library import game_state, peek_game_state

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass
class DayNotes:
    """What was done by day, game day -> lines, for the record."""

    lines: dict[int, list[str]] = field(default_factory=dict)


def note(game: Game, text: str) -> None:
    """A line for the directors: in the night's summary while a night runs, else told now and kept."""
    if game.night is not None:
        game.night.notes.append(text)
        return
    game_state(game, DayNotes).lines.setdefault(game.day, []).append(text)
    game.tell_directors(text + "。")


def current(game: Game) -> list[str]:
    """The lines being written now: tonight's, or today's."""
    if game.night is not None:
        return game.night.notes
    return game_state(game, DayNotes).lines.setdefault(game.day, [])


def of_day(game: Game, day: int) -> list[str]:
    """What was done by day on game day `day`."""
    return list(peek_game_state(game, DayNotes).lines.get(day, ()))
