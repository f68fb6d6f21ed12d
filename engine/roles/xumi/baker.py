"""面包师③ (弱神): 芬芳.

芬芳[限定][午夜]——第二晚开始，可选择电梯楼的一名玩家给予面包，当夜狼人阵营所有持有[杀人]技能的角色将会收到
以面包为中心点，即上下三个人的名单，若可以发动杀人，则必须发动杀人，且只能在指定的名单内进行杀人。

「以面包为中心点，即上下三个人的名单」 is three seats (COMMANDS.md): the bread's seat and the nearest
living seat on each side of the ring.  The 狼人阵营 seats that hold 杀人 get the list when 午夜 ends;
the kill of 深夜2 must fall in it (engine/roles/xumi/pack.py: no 空刀, no `/放弃`, a random seat of the
list at the deadline) and in 未明之雾's list too when both are given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import adjacency, skills
from bansha_engine.roles.xumi import pack
from bansha_engine.roles.xumi.common import WOLVES
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "芬芳"


def bread_list(game: Game, bread: int) -> list[int]:
    """The bread's seat and the nearest living seat up and down the ring, in seat order."""
    return sorted({bread, *adjacency.nearest_living(game, bread)})


def fragrance(game: Game, use: Use) -> None:
    seats = bread_list(game, use.targets[0])
    pack.add_kill_list(game, seats)
    wolves = [s for s in pack.kill_holders(game) if game.seats[s].camp == WOLVES]
    pack.tell_kill_list(game, seats, wolves)


SKILLS = skills.register(SkillSpec(SKILL, ("午夜",), rank=30, limited=True, from_night=2, effect=fragrance))
ROLE = pool_role(
    "面包师",
    seat_skills=(SKILL,),
    summary="芬芳（午夜，第二晚起，限一次：给一名角色面包，狼人当晚只能在其与上下最近各一人的名单内杀人，且必须杀人）",
)
