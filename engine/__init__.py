"""The pure game engine: no NoneBot, no database.  See `engine.api` for its boundary."""

from werewolf_engine.api import Event, Outgoing, Rejected, Result, Timer
from werewolf_engine.game import BOARD_NAMES, Game
from werewolf_engine.version import VERSION

__all__ = ["BOARD_NAMES", "VERSION", "Event", "Game", "Outgoing", "Rejected", "Result", "Timer"]
