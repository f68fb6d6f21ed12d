"""官员③ (弱神): 权势.

权势[深夜][指定]——选择范围：第二晚开始，任意一名角色，不能连续两晚选择同一个角色。
结算效果：结算目标获得状态[独裁]，持续至下一个夜晚开始。

权势 is in 深夜1 from the second night; the [独裁] (票权+1) is a non-negative status, so its holder is
not told; it lasts through the next day's vote and ends when the next night starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.roles.xumi.common import note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "权势"


def power(game: Game, use: Use) -> None:
    target = use.targets[0]
    until = next_boundary(game.day, game.part, "night_start")
    status.grant(game, target, "独裁", source=use.seat, skill=SKILL, until=until)
    note(game, f"{use.seat}号权势{target}号：[独裁]持续至{until.text()}")


SKILLS = skills.register(SkillSpec(SKILL, ("深夜1",), rank=70, from_night=2, not_repeat=True, effect=power))
ROLE = pool_role(
    "官员",
    seat_skills=(SKILL,),
    summary="权势（深夜1，第二晚起，不能连续两晚选同一人：目标获得[独裁]至下一夜开始）",
)
