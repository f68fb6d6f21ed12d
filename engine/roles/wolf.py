"""狼人: the plain wolf, a member of the wolf group.  How the wolves kill is the board's `狼人` key,
whose value names the kill's mechanism (engine/mechanisms/wolves.py); every role of the wolves'
category brings it, so the 狼人 itself declares nothing else."""

from __future__ import annotations

from bansha_engine.library import WOLF, RoleDef, register
from bansha_engine.model import WOLVES

NAME = "狼人"

ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人阵营：每晚杀人（狼群投票，或由狼头决定，见板子的「狼人」）",
    )
)
