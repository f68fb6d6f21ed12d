"""刺猬③ (弱神): 反伤甲.

反伤甲[强制]——若刺猬因为技能出局时触发此效果：技能来源连带承受[致死伤害]。
若刺猬因投票出局时触发此效果：最后一位投票给刺猬的角色，该角色连带承受[致死伤害]。
PS：若刺猬一个夜晚被多次技能鞭尸，该技能会多次触发。  (Each damage that got through makes its own
chain; a red card is 业炎 treatment and triggers nothing.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, vote
from bansha_engine.model import Exit
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "反伤甲"


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    if not skills.holds(game, exit.seat, SKILL):
        return []
    victims = []
    for hit in exit.damages:
        if hit.kind == damage.VOTE:
            victims.append(_last_living_voter(game, exit.seat))
        else:
            victims.append(hit.source)
    return [
        lambda victim=victim: damage.deal(game, damage.Damage(victim, damage.FATAL, exit.seat, SKILL))
        for victim in victims
        if victim is not None and victim != exit.seat
    ]


def _last_living_voter(game: Game, seat: int) -> int | None:
    """「最后一位投票给刺猬的角色」: the ballot of a seat that has left is void (it counts nothing), so the
    last voter is the last one still in the game; a [迷魂] ballot counts (「依然可以触发投票相关技能」)."""
    voters = [voter for voter in vote.voters_for(game, seat) if game.seats[voter].alive]
    return voters[-1] if voters else None


SKILLS = skills.register(SkillSpec(SKILL, (), forced=True))
ROLE = pool_role(
    "刺猬",
    seat_skills=(SKILL,),
    summary="反伤甲（被技能出局：来源受到致死伤害；被投票出局：最后一位投票者受到致死伤害）",
)
