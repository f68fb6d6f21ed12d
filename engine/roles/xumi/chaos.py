"""混沌⑩ (狼人, [群内]): 混沌, and the status [混沌].

混沌[午夜][指定]——选择范围：任意两名角色，不可连续两晚选择同一角色。
结算效果：结算目标获得[混沌]状态，持续至下一个夜晚开始。
[混沌]：非负面状态，不予通知，持有该状态的角色出局时，若还有其他持有[混沌]状态的角色，则自己不出局，其他[混沌]
状态的角色承受致死伤害，来源为状态赋予者，触发效果之后赋予者失去混沌技能，但因此获得的[混沌]状态不会一并失去，
正常持续至时间结束。

The [混沌] is a prevention (step 2 of 出局结算流程): a holder about to leave while another living seat
holds [混沌] stays; each other holder takes 致死伤害 from the giver of its [混沌]; the giver of the
saving [混沌] loses the skill, the statuses run on.  The 致死伤害 dealt by a [混沌] is not itself
prevented by [混沌] (else the two holders would hand it back and forth for ever).  A red card is no
damage and meets no prevention.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.roles.xumi.common import IN_GROUP, note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "混沌"


def give_chaos(game: Game, use: Use) -> None:
    until = next_boundary(game.day, game.part, "night_start")
    for target in use.targets:
        status.grant(game, target, "混沌", source=use.seat, skill=SKILL, until=until)


def prevent(game: Game, seat: int, damages: list[damage.Damage]) -> bool:
    """「持有该状态的角色出局时，若还有其他持有[混沌]状态的角色，则自己不出局」."""
    own = status.holding(game, seat, "混沌")
    if not own or any(d.skill == SKILL for d in damages):
        return False
    others = [n for n in game.alive() if n != seat and status.has(game, n, "混沌")]
    if not others:
        return False
    for other in others:
        giver = status.holding(game, other, "混沌")[0].source
        damage.deal(game, damage.Damage(other, damage.FATAL, giver, SKILL))
    giver = own[0].source
    if giver is not None:
        skills.lose(game, giver, SKILL)
    note(game, f"{seat}号的[混沌]：免于出局，{'、'.join(f'{n}号' for n in others)}受到致死伤害")
    return True


SKILLS = skills.register(
    SkillSpec(SKILL, ("午夜",), rank=10, targets=(2, 2), not_repeat=True, effect=give_chaos)
)
ROLE = pool_role(
    "混沌",
    seat_skills=(SKILL,),
    tag=IN_GROUP,
    summary="混沌（午夜，两名角色获得[混沌]至下一个夜晚开始，不能连续两晚选择同一角色）",
)
