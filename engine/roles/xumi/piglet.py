"""乳猪① (弱神): 烤乳猪.

烤乳猪[强制]——乳猪出局时触发此效果：狼人阵营持有杀人技能的角色获得通知，下一个游戏日夜晚，狼人可以额外发动
一次杀人。

「下一个游戏日夜晚」: the night after the exit — the same game day's night for an exit by day or in 黄昏,
the following night for an exit at the tally.  The seats holding 杀人 at the exit are told (at night,
when the running step ends).  That night each holder of 杀人 gets one more kill: the [群内] group's
shared kill, or — once the group is gone — each [接刀]'s own kill (each holds its own 杀人).  A holder
that cannot kill that night (the first night, [缴械], no holder left) loses it; it never carries over.
A red card triggers nothing (「视作被业炎处理」).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.model import Exit
from bansha_engine.roles.xumi import pack
from bansha_engine.roles.xumi.common import knife_takers, note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec
from bansha_engine.timeline import is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "烤乳猪"


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    if not skills.holds(game, exit.seat, SKILL):
        return []
    return [lambda: roast(game)]


def roast(game: Game) -> None:
    night_no = game.day + 1 if is_night(game.part) else game.day
    pack.add_extra_kill(game, night_no)  # the group's shared kill
    for seat in knife_takers(game):  # or each [接刀]'s own, if the group is gone by then
        pack.add_extra_kill(game, night_no, seat)
    for seat in pack.kill_holders(game):
        status.notify(game, seat, f"烤乳猪：乳猪出局了，第{night_no}夜狼人可以额外发动一次杀人。")
    note(game, f"烤乳猪：第{night_no}夜狼人可以额外杀一人")


SKILLS = skills.register(SkillSpec(SKILL, (), forced=True))
ROLE = pool_role(
    "乳猪",
    seat_skills=(SKILL,),
    summary="烤乳猪（出局时，狼人阵营带刀角色得到通知，下一个夜晚狼人可以额外杀一人）",
)
