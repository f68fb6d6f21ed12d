"""太极宗师④ (弱神): 归元.

归元[早夜][指定][2]——选择范围：第二晚开始，任意一名角色。
结算效果：结算目标立刻失去所有[状态]，并且本次游戏之后永久不会获得任何[状态]（状态包括业炎，迷魂，不死，守护，
坚韧等）
PS：如果消除的状态是获得后会收到通知的状态，被此消除后，结算目标会得到该状态已消除的通知。

An [X] skill may be used several times in its slot: `/归元 A号 B号` spends both uses in one night
(早夜2, first of its slot); `/归元 A号` one.  Statuses a [强制] skill provides go too and never come
back (`status.seal`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.api import Rejected
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "归元"


def return_to_origin(game: Game, use: Use) -> None:
    for target in use.targets:
        status.clear(game, target, lambda s: True)  # told ones: 「该状态已消除」
        status.seal(game, target)


def enough_uses(game: Game, use: Use) -> None:
    """No more seats than uses left; with none left the slot only lets the 时波增幅 extra use (one
    seat) through."""
    left = game.seats[use.seat].skills[SKILL].uses_left or 0
    if left == 0 and len(use.targets) == 1:
        return
    if len(use.targets) > left:
        raise Rejected(f"归元只剩{left}次，只能选择{left}名角色。")


SKILLS = skills.register(
    SkillSpec(
        SKILL,
        ("早夜2",),
        rank=10,
        uses=2,
        per_day=None,
        from_night=2,
        targets=(1, 2),
        effect=return_to_origin,
        rule=enough_uses,
    )
)
ROLE = pool_role(
    "太极宗师",
    seat_skills=(SKILL,),
    summary="归元（早夜2，第二晚起，共2次，可一晚用完：目标失去所有状态，之后永远不会获得状态）",
)
