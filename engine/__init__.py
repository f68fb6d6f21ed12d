"""The pure game engine: no NoneBot, no database.  See `engine.api` for its boundary."""

from werewolf_engine.api import Event, Outgoing, Rejected, Result, Timer
from werewolf_engine.game import BOARD_NAMES, Game

__all__ = ["BOARD_NAMES", "Event", "Game", "Outgoing", "Rejected", "Result", "Timer"]
