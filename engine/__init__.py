"""The pure game engine: no NoneBot, no database.  See `engine.api` for its boundary."""

from bansha_engine.api import Event, Outgoing, Rejected, Result, Timer
from bansha_engine.game import BOARD_NAMES, Game
from bansha_engine.version import VERSION

__all__ = ["BOARD_NAMES", "VERSION", "Event", "Game", "Outgoing", "Rejected", "Result", "Timer"]
