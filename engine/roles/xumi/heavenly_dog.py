"""天狗⑦ ([群内] wolf): 吞食.

吞食[深夜][指定]——选择范围：任意一名角色，每名角色只能被选择一次。
结算效果：结算目标下一个正午开始获得[不死]状态，持续至下一个夜晚开始。

吞食 is in 深夜1 from the first night.  The [不死] begins when the next day's door opens (`/开门`,
NOON_START) and ends when the following night starts; it is non-negative, so the target is not told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi.common import IN_GROUP, note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import Boundary, next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "吞食"


@dataclass
class Swallowed:
    """The game day whose 正午 starts the [不死] -> [(天狗, target)]."""

    by_noon: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def swallow(game: Game, use: Use) -> None:
    target = use.targets[0]
    noon = next_boundary(game.day, game.part, "noon_start")
    game_state(game, Swallowed).by_noon.setdefault(noon.number, []).append((use.seat, target))
    note(game, f"{use.seat}号吞食{target}号：第{noon.number}天正午起[不死]")


def at_noon_start(game: Game) -> None:
    """NOON_START: the [不死] of last night's 吞食 begins, until the next night starts."""
    for dog, target in peek_game_state(game, Swallowed).by_noon.pop(game.day, []):
        if game.seats[target].alive:
            status.grant(
                game, target, "不死", source=dog, skill=SKILL, until=Boundary("night_start", game.day)
            )


SKILLS = skills.register(SkillSpec(SKILL, ("深夜1",), rank=50, once_per_target=True, effect=swallow))
ROLE = pool_role(
    "天狗",
    tag=IN_GROUP,
    seat_skills=(SKILL,),
    summary="吞食（深夜1，每人限一次：目标从下一个正午开始获得[不死]至下一夜开始）",
)
