"""流光伯爵⑦ (强神): 神恩, 流光庇护.

神恩[强制]——流光伯爵永久获得[秩序]状态。
流光庇护[早夜][指定]——选择范围：任意一个其他角色，不能连续两晚选择同一个角色。
结算效果：结算目标当晚获得[不死][秩序]状态。

流光庇护 is in 早夜2, after 归元 and before 恐惧 (so a target sheltered tonight is immune to the
恐惧 given after it); 「当晚」 = until the night ends; neither status is told.  神恩 is the 牧师's skill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.roles.xumi.priest import GRACE, grace
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SHELTER = "流光庇护"


def streamlight_shelter(game: Game, use: Use) -> None:
    target = use.targets[0]
    tonight = Boundary("night_end", game.day)
    for name in ("不死", "秩序"):
        status.grant(game, target, name, source=use.seat, skill=SHELTER, until=tonight)


SKILLS = skills.register(
    SkillSpec(SHELTER, ("早夜2",), rank=20, target_self=False, not_repeat=True, effect=streamlight_shelter)
)
ROLE = pool_role(
    "流光伯爵",
    seat_skills=(GRACE, SHELTER),
    on_start=grace,
    summary="神恩（永久[秩序]）；流光庇护（早夜2，一名其他角色当晚获得[不死][秩序]，不能连续两晚选择同一角色）",
)
