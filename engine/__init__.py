"""The pure game engine: no NoneBot, no database.  See `engine.api` for its boundary."""

from engine.api import Event, Outgoing, Rejected, Result, Timer
from engine.game import BOARD_NAMES, Game

__all__ = ["BOARD_NAMES", "Event", "Game", "Outgoing", "Rejected", "Result", "Timer"]
