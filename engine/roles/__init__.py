"""Role modules.  Importing this package registers every role of the library (library.ROLES)."""

from werewolf_engine.roles import hunter, seer, villager, witch, wolf

__all__ = ["hunter", "seer", "villager", "witch", "wolf"]
