"""清晰者⑥ (强神): 崩塌狙击, 超限锁定.

崩塌狙击[正午][指定][限定]——选择范围：任意1名角色，竞选日不可发动。
结算效果：对结算目标造成[致死伤害]。
超限锁定[正午][指定][限定]——选择范围：任意1名角色，竞选日不可发动。
结算效果：立刻公告[结算目标被超限锁定]，本次讨论日，目标角色获得的任何票数双倍计算。
PS：多个超限锁定同一人无法叠加。

Both are taken in 正午 from day 2 (day 1 is the 竞选日), once a game each.  A 正午 exit is published
at once (the board's `announce_exit`).  The lock publishes 「N号被超限锁定」 at once and doubles every
vote the target gets in that day's count (VOTE_MULTIPLIERS), ×2 however many locks it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi.common import note, publish
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SNIPE = "崩塌狙击"
LOCK = "超限锁定"


@dataclass
class Locked:
    """超限锁定: game day -> the seats locked that day."""

    by_day: dict[int, list[int]] = field(default_factory=dict)


def snipe(game: Game, use: Use) -> None:
    target = use.targets[0]
    note(game, f"{use.seat}号崩塌狙击{target}号（致死伤害）")
    damage.deal(game, damage.Damage(target, damage.FATAL, use.seat, SNIPE))


def lock(game: Game, use: Use) -> None:
    target = use.targets[0]
    locked = game_state(game, Locked).by_day.setdefault(game.day, [])
    if target not in locked:
        locked.append(target)
    publish(game, f"{target}号被超限锁定")


def vote_multiplier(game: Game, target: int) -> float:
    """VOTE_MULTIPLIERS: 「本次讨论日，目标角色获得的任何票数双倍计算」, no stacking."""
    return 2.0 if target in peek_game_state(game, Locked).by_day.get(game.day, ()) else 1.0


SKILLS = skills.register(
    SkillSpec(SNIPE, ("正午",), words=("狙击",), limited=True, from_night=2, effect=snipe),
    SkillSpec(LOCK, ("正午",), words=("锁定",), limited=True, from_night=2, effect=lock),
)
ROLE = pool_role(
    "清晰者",
    seat_skills=(SNIPE, LOCK),
    summary="崩塌狙击（正午，限一次：致死伤害）；超限锁定（正午，限一次：公告，当天目标所得票数双倍）",
)
