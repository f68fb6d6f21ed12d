"""Role modules.  Importing this package registers every role of the library (library.ROLES)."""

from bansha_engine.roles import (
    guard,
    hunter,
    idiot,
    knight,
    seer,
    shooting_wolf_king,
    villager,
    white_wolf_king,
    witch,
    wolf,
    wolf_beauty,
)

__all__ = [
    "guard",
    "hunter",
    "idiot",
    "knight",
    "seer",
    "shooting_wolf_king",
    "villager",
    "white_wolf_king",
    "witch",
    "wolf",
    "wolf_beauty",
]
