"""摄梦人⑥ (强神): 摄梦.

摄梦[午夜][指定]——选择范围：除自己外任意一名角色，若不选择将会随机选择。
结算效果：结算目标当晚获得[坚韧]状态，若发动者当晚出局，结算目标承受[致死伤害]，连续两夜结算目标都进行了
[摄梦]的结算，结算目标也会承受[致死伤害]。

COMMANDS.md counts 摄梦 among the [强制] skills: `/放弃` is refused and at the deadline the bot picks
a random living other seat (last night's target included: the range excludes nobody but oneself); the
摄梦人 is told the pick.  As a [强制] skill it is used under [沉默] and lost under [遗忘].  The [坚韧]
is not told and ends with the night.  The chain (「若发动者当晚出局」) is an exit trigger: when the 摄梦人
leaves during the night he dreamed in, each of tonight's targets takes 致死伤害 from him.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.model import Exit
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.slots import actor_for
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "摄梦"


def targets_of_night(game: Game, seat: int, night: int) -> tuple[int, ...]:
    """The seats `seat`'s 摄梦 settled on during night `night`."""
    state = game.seats[seat].skills.get(SKILL)
    return () if state is None else state.day_targets.get(night, ())


def dream(game: Game, use: Use) -> None:
    target = use.targets[0]
    status.grant(game, target, "坚韧", source=use.seat, skill=SKILL, until=Boundary("night_end", game.day))
    if target in targets_of_night(game, use.seat, game.day - 1):  # 「连续两夜结算目标都进行了[摄梦]的结算」
        damage.deal(game, damage.Damage(target, damage.FATAL, use.seat, SKILL))


def random_dream(game: Game, seat: int) -> Use | None:
    """「若不选择将会随机选择」: any living seat but the 摄梦人's own."""
    others = [n for n in game.alive() if n != seat]
    if not others:
        return None
    target = game.rng.choice(others)
    status.notify(game, actor_for(game, seat), f"摄梦未选择目标，已随机选择{target}号。")
    return Use(seat, SKILL, (target,))


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    """「若发动者当晚出局，结算目标承受[致死伤害]」."""
    night = game.night
    if night is None or exit.when != f"第{night.no}夜":
        return []
    return [
        lambda target=target: damage.deal(game, damage.Damage(target, damage.FATAL, exit.seat, SKILL))
        for target in targets_of_night(game, exit.seat, night.no)
    ]


SKILLS = skills.register(
    SkillSpec(
        SKILL, ("午夜",), rank=20, forced=True, target_self=False, effect=dream, random_use=random_dream
    )
)
ROLE = pool_role(
    "摄梦人",
    seat_skills=(SKILL,),
    summary="摄梦（午夜，强制，除自己外一名角色当晚获得[坚韧]；你当晚出局则其受到致死伤害；连续两夜摄梦同一角色，其受到致死伤害；不选则随机）",
)
