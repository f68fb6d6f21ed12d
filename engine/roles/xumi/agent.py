"""特工⑨ (强神): 潜藏, 伏击.

潜藏[强制]——游戏日夜晚，特工获得仅针对[狼人阵营]的[不死]状态。
伏击[深夜][指定][限定]——选择范围：第二晚开始，任意一名角色。
发动效果：特工失去[潜藏]技能。
结算效果：若结算目标的[实际阵营]是狼人阵营，目标角色受到[穿透]，否则无效果。

潜藏's [不死] is granted when each night starts and ends with the night; it counts only against damage
whose source is of the 狼人阵营 (the group's kill: the random group member drawn as its source).  伏击
resolves last in 深夜2, after 杀人: a kill on the agent the night he ambushes meets 潜藏 still in place
and is cancelled when dealt; from then on 潜藏 is lost and its [不死] with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.roles.xumi.common import WOLVES, grant_each_night, real_camp
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

HIDE = "潜藏"
AMBUSH = "伏击"
WOLF_SOURCES = "狼人阵营来源"  # the filter of 潜藏's [不死]


def from_wolves(game: Game, holder: int, hit: damage.Damage) -> bool:
    """「仅针对[狼人阵营]」: the damage comes from a seat of the 狼人阵营 (now)."""
    source = hit.source
    return source is not None and real_camp(game, source) == WOLVES


status.FILTERS[WOLF_SOURCES] = from_wolves


def hide(game: Game) -> None:
    """Night start: every holder of 潜藏 gets tonight's filtered [不死]."""
    grant_each_night(game, HIDE, "不死", WOLF_SOURCES)


def ambush(game: Game, use: Use) -> None:
    skills.lose(game, use.seat, HIDE)  # 发动效果 first
    target = use.targets[0]
    if real_camp(game, target) == WOLVES:
        damage.deal(game, damage.Damage(target, damage.PIERCE, use.seat, AMBUSH))


SKILLS = skills.register(
    SkillSpec(HIDE, (), forced=True),
    SkillSpec(AMBUSH, ("深夜2",), rank=70, limited=True, from_night=2, effect=ambush),
)
ROLE = pool_role(
    "特工",
    seat_skills=(HIDE, AMBUSH),
    summary="潜藏（每晚获得仅针对狼人阵营的[不死]）；伏击（深夜2，第二晚起，限一次：先失去潜藏，狼人阵营目标受到穿透）",
)
