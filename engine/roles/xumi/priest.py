"""牧师⑩ (验人系): 神恩, 侦测, 圣光, 天火.

神恩[强制]——永久获得[秩序]状态。
侦测[深夜][指定]——选择范围：任意一名角色。结算效果：反馈结算目标的[表面阵营]，若其为[村民阵营]，反馈
[选择目标为村民阵营]，否则反馈[选择目标为非村民阵营]。
圣光[深夜][指定][限定]——选择范围：第二晚开始，任意一名角色。结算效果：若结算目标实际阵营为[村民阵营]，
令其获得[不死]，持续至夜晚结束，否则无效果。
天火[深夜][指定][限定]——选择范围：第二晚开始，任意一名角色。结算效果：若结算目标实际阵营为[非村民阵营]，
对其造成[致死伤害]，否则无效果。
PS：可以侦测获得结果后再用圣光或天火。  (侦测 is in 深夜1, 圣光 and 天火 in 深夜2.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.roles.xumi.common import VILLAGE, grant_own, real_camp, surface_camp
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

GRACE = "神恩"


def grace(game: Game, seat: int) -> None:
    """神恩: a permanent [秩序] that lasts as long as the seat holds 神恩."""
    grant_own(game, seat, GRACE, "秩序")


def detect(game: Game, use: Use) -> None:
    target = use.targets[0]
    camp = "村民阵营" if surface_camp(game, target) == VILLAGE else "非村民阵营"
    skills.feedback(game, use, f"侦测结果：{target}号为{camp}。")


def holy_light(game: Game, use: Use) -> None:
    target = use.targets[0]
    if real_camp(game, target) == VILLAGE:
        status.grant(
            game, target, "不死", source=use.seat, skill="圣光", until=Boundary("night_end", game.day)
        )


def sky_fire(game: Game, use: Use) -> None:
    target = use.targets[0]
    if real_camp(game, target) != VILLAGE:
        damage.deal(game, damage.Damage(target, damage.FATAL, use.seat, "天火"))


SKILLS = skills.register(
    SkillSpec(GRACE, (), forced=True),
    SkillSpec("侦测", ("深夜1",), rank=20, words=("预言",), effect=detect),
    SkillSpec("圣光", ("深夜2",), rank=20, limited=True, from_night=2, effect=holy_light),
    SkillSpec("天火", ("深夜2",), rank=30, limited=True, from_night=2, effect=sky_fire),
)
ROLE = pool_role(
    "牧师",
    seat_skills=(GRACE, "侦测", "圣光", "天火"),
    on_start=grace,
    summary="神恩（永久[秩序]）；侦测（深夜1，查验表面阵营）；圣光、天火（深夜2，第二晚起，各限一次）",
)
