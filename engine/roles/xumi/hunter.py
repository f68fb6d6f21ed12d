"""猎魔人⑦ (强神): 猎杀, 宿命.

猎杀[深夜][指定][3]——选择范围：第二晚开始，任意一名角色，每晚只能发动1次。
结算效果：根据结算目标的[实际阵营]结算效果，若该角色是狼人阵营，目标角色受到[穿透]，否则该技能额外消耗2点次数。
发动效果：若[猎杀]次数为负数，猎魔人受到[致死伤害]。
宿命[强制]——游戏日夜晚，获得仅针对[实际阵营]为[村民阵营]的[坚韧]状态。

猎杀 is in 深夜2 after 杀人, 圣光/天火 and 凋花结果.  The 结算效果 is written first, so it resolves first:
a miss spends two more uses, then a negative count costs the hunter his life (3 → miss → 0 left, alive;
hit, then miss → −1, dead).  A skill gained by another seat hurts that seat (「是自己出局而非猎魔人出局」):
the damage goes to whoever used it.  宿命's [坚韧] is granted when each night starts and ends with the
night; it counts only against damage whose source is, at that moment, of the 村民阵营, and it lapses
while 宿命 is lost ([遗忘]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.roles.xumi.common import VILLAGE, WOLVES, grant_each_night, real_camp
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

HUNT = "猎杀"
FATE = "宿命"
MISS_COST = 2  # 「否则该技能额外消耗2点次数」
VILLAGE_SOURCES = "村民阵营来源"  # the filter of 宿命's [坚韧]


def from_village(game: Game, holder: int, hit: damage.Damage) -> bool:
    """「仅针对[实际阵营]为[村民阵营]」: the damage comes from a seat of the 村民阵营 (now)."""
    source = hit.source
    return source is not None and real_camp(game, source) == VILLAGE


status.FILTERS[VILLAGE_SOURCES] = from_village


def hunt(game: Game, use: Use) -> None:
    target = use.targets[0]
    state = game.seats[use.seat].skills[HUNT]
    if real_camp(game, target) == WOLVES:
        damage.deal(game, damage.Damage(target, damage.PIERCE, use.seat, HUNT))
    else:
        state.uses_left = (state.uses_left or 0) - MISS_COST
    if state.uses_left is not None and state.uses_left < 0:
        damage.deal(game, damage.Damage(use.seat, damage.FATAL, use.seat, HUNT))


def fate(game: Game) -> None:
    """Night start: every holder of 宿命 gets tonight's filtered [坚韧]."""
    grant_each_night(game, FATE, "坚韧", VILLAGE_SOURCES)


SKILLS = skills.register(
    SkillSpec(HUNT, ("深夜2",), rank=60, uses=3, from_night=2, effect=hunt),
    SkillSpec(FATE, (), forced=True),
)
ROLE = pool_role(
    "猎魔人",
    seat_skills=(HUNT, FATE),
    summary="猎杀（深夜2，第二晚起，共3次，每晚1次：狼人阵营受到穿透，否则多耗2次；次数为负则自己受到致死伤害）；"
    "宿命（每晚获得仅针对村民阵营的[坚韧]）",
)
