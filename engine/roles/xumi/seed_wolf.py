"""种狼⑩ ([群内], 狼人阵营): 感染.

感染[正午][指定]——选择目标：任意一名未[翻牌]角色。
发动效果：若结算目标不是[狼人阵营]或验人系身份，发动者承受[致死伤害]，然后若发动者没有因此出局，则结算效果
不结算。
结算效果：结算目标失去所有技能，获得[群内]标签且实际阵营和表面阵营变更为[狼人阵营]，表面身份变更为[狼人]并
公布[有角色受到了感染]。因此变更阵营的角色不计入其他阵营的获胜条件中，出局也不会减少狼人阵营判负人数。

A target of the 狼人阵营 (实际) or holding a 验人系 身份 is infected at no cost; any other target costs
the 种狼 a [致死伤害] first, and the infection follows only if he left from it.  The infected seat is
told 「你的阵营转变为狼人阵营」; the directors are asked to add it to the wolf group.  Infected seats
count as gone for the village's loss (engine/mechanisms/xumi/camps.py) and do not count for the piper's win;
the wolves are not lost while one lives (its [群内] tag), nor while a 种狼 can still 感染.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi import board_calls
from bansha_engine.roles.xumi.common import (
    IN_GROUP,
    WOLVES,
    disguise,
    give_tags,
    has_flipped,
    is_verifier,
    publish,
    real_camp,
)
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "感染"
SURFACE_WOLF = "狼人"


@dataclass
class Infections:
    """The seats whose camp 感染 changed, and the target whose infection waits for the 种狼's exit."""

    infected: set[int] = field(default_factory=set)
    under_way: int | None = None


def infected_seats(game: Game) -> set[int]:
    return peek_game_state(game, Infections).infected


def not_flipped(game: Game, use: Use) -> None:
    """「任意一名未[翻牌]角色」."""
    target = use.targets[0]
    if has_flipped(game, target):
        raise Rejected(f"{target}号已经翻牌，不能作为感染的目标。")


def infect(game: Game, use: Use) -> None:
    seeder, target = use.seat, use.targets[0]
    if real_camp(game, target) == WOLVES or is_verifier(game, target):
        convert(game, target)
        return
    game_state(game, Infections).under_way = target
    cost = damage.Damage(seeder, damage.FATAL, seeder, SKILL)
    # The exit (and its chain) comes between the cost and the infection.
    game.push_front([lambda: damage.deal(game, cost), lambda: _after_cost(game, seeder, target)])


def _after_cost(game: Game, seeder: int, target: int) -> None:
    """「然后若发动者没有因此出局，则结算效果不结算」."""
    game_state(game, Infections).under_way = None
    if game.seats[seeder].alive:
        game.tell_directors(f"{seeder}号感染{target}号：发动者没有因此出局，感染不结算。")
    elif game.seats[target].alive:
        convert(game, target)
    board_calls.check_end(game)


def convert(game: Game, target: int) -> None:
    """The target loses every skill, joins the group, and becomes a wolf on the surface too."""
    skills.lose_all(game, target)
    info = game.seats[target]
    info.camp = WOLVES
    give_tags(game, {target: IN_GROUP})
    disguise(game, target, WOLVES, SURFACE_WOLF)
    game_state(game, Infections).infected.add(target)
    status.notify(game, target, "你受到了感染：你失去了所有技能，获得[群内]标签。你的阵营转变为狼人阵营。")
    publish(game, "有角色受到了感染")
    account = f"（QQ {info.qq}）" if info.qq else ""
    game.tell_directors(f"{target}号受到感染，获得[群内]：请把{target}号{account}拉进狼群。")
    game.tell_group("wolves", f"{target}号受到感染，加入狼群。")


def can_make_wolves(game: Game) -> bool:
    """「无法产生新的[群内]…角色」 is false while an infection waits for its cost, or a living seat
    holds 感染 and no permanent [沉默] stops it from using it."""
    if peek_game_state(game, Infections).under_way is not None:
        return True
    return any(
        info.alive and skills.holds(game, seat, SKILL) and not status.has_for_good(game, seat, "沉默")
        for seat, info in game.seats.items()
    )


SKILLS = skills.register(SkillSpec(SKILL, ("正午",), rule=not_flipped, effect=infect))
ROLE = pool_role(
    "种狼",
    tag=IN_GROUP,
    seat_skills=(SKILL,),
    summary="感染（正午，任意一名未翻牌角色：目标不是狼人阵营或验人系时你先承受致死伤害，因此出局才感染成功）",
)
