"""病人① (弱神): 命不久矣.

命不久矣[强制]——游戏日夜晚，若存活的[狼人阵营]角色小于游戏天数则触发此效果：病人受到[致死伤害]。

The post does not place it in the night; it is checked when each night starts (night N belongs to
game day N): fewer living seats of the 狼人阵营 (实际阵营, infected seats included) than N and the
patient takes 致死伤害 from himself.  Dealt at night, it makes him pending: he leaves at the tally
unless a [不死] given later that night (森林庇护, 法老之蛇) saves him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills
from bansha_engine.roles.xumi.common import WOLVES, camp_seats
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "命不久矣"


def check(game: Game) -> None:
    if len(camp_seats(game, WOLVES)) >= game.day:
        return
    for seat in game.alive():
        if skills.holds(game, seat, SKILL):
            damage.deal(game, damage.Damage(seat, damage.FATAL, seat, SKILL))


SKILLS = skills.register(SkillSpec(SKILL, (), forced=True))
ROLE = pool_role(
    "病人",
    seat_skills=(SKILL,),
    summary="命不久矣（每晚开始时，若存活的狼人阵营角色少于游戏天数，受到致死伤害）",
)
