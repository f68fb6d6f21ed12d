"""噩梦之影⑧ (狼人, [群内]): 恐惧.

恐惧[早夜][指定]——选择范围：任意一名角色，不可连续两晚选择同一角色。
结算效果：结算目标获得[恐惧]，持续至下一个[正午]阶段开始。

恐惧 is in 早夜2 (after 归元 and 流光庇护).  [恐惧] = [沉默] + [缴械] is negative: the target is told
when 早夜2 ends, with its end (the next day's 正午 start, i.e. `/开门`).  On a [群内] wolf the 缴械
stops the whole group's kill (engine/roles/xumi/pack.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.roles.xumi.common import IN_GROUP
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "恐惧"


def frighten(game: Game, use: Use) -> None:
    until = next_boundary(game.day, game.part, "noon_start")
    status.grant(game, use.targets[0], "恐惧", source=use.seat, skill=SKILL, until=until)


SKILLS = skills.register(SkillSpec(SKILL, ("早夜2",), rank=30, not_repeat=True, effect=frighten))
ROLE = pool_role(
    "噩梦之影",
    seat_skills=(SKILL,),
    tag=IN_GROUP,
    summary="恐惧（早夜2，一名角色获得[恐惧]至下一个正午开始，不能连续两晚选择同一角色）",
)
