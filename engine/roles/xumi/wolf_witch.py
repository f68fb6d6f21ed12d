"""狼巫⑧ ([群内] wolf): 黑暗侦测, 光明湮灭.

黑暗侦测[深夜][指定]——选择范围：任意一名角色。
结算效果：反馈结算目标的[表面身份]，反馈格式为[选择目标是XX身份]，有多次结算效果，则按顺序多次反馈。
光明湮灭[深夜][指定]——选择范围：第二个游戏日夜晚开始后，可以选择自己发动的[黑暗侦测]反馈为[验人系身份]的
[选择目标]（不一定是当晚侦测的目标）。
结算效果：对结算目标造成一次[穿透]。

黑暗侦测 is in 深夜1 (`/侦测` typed by the 狼巫 means it), 光明湮灭 in 深夜2 (`/湮灭`), once a night
each.  光明湮灭 is offered only once one of his own 黑暗侦测 answers named a 验人系, and only on such a
seat that is still in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills
from bansha_engine.api import Rejected
from bansha_engine.library import peek_seat_state, seat_state
from bansha_engine.roles.xumi.common import IN_GROUP, VERIFIERS, note, surface_role
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

DETECT = "黑暗侦测"
ANNIHILATE = "光明湮灭"


@dataclass
class Detections:
    """The seats a 狼巫's 黑暗侦测 showed as a 验人系, in the order found."""

    verifiers: list[int] = field(default_factory=list)


def dark_detect(game: Game, use: Use) -> None:
    target = use.targets[0]
    role = surface_role(game, target)
    skills.feedback(game, use, f"黑暗侦测结果：{target}号是{role}身份。")
    if role in VERIFIERS:
        shown = seat_state(game, use.seat, Detections).verifiers
        if target not in shown:
            shown.append(target)
    note(game, f"{use.seat}号黑暗侦测{target}号：{role}")


def _targets(game: Game, seat: int) -> list[int]:
    return [n for n in peek_seat_state(game, seat, Detections).verifiers if game.seats[n].alive]


def _has_target(game: Game, seat: int) -> str | None:
    return None if _targets(game, seat) else "你的黑暗侦测还没有查到存活的验人系身份"


def _annihilate_range(game: Game, use: Use) -> None:
    target = use.targets[0]
    if target not in _targets(game, use.seat):
        listing = "、".join(f"{n}号" for n in _targets(game, use.seat))
        raise Rejected(f"光明湮灭只能选择你的黑暗侦测反馈为验人系身份的角色：{listing}。")


def annihilate(game: Game, use: Use) -> None:
    target = use.targets[0]
    damage.deal(game, damage.Damage(target, damage.PIERCE, use.seat, ANNIHILATE))
    note(game, f"{use.seat}号光明湮灭{target}号（穿透）")


SKILLS = skills.register(
    SkillSpec(DETECT, ("深夜1",), rank=30, words=("侦测",), effect=dark_detect),
    SkillSpec(
        ANNIHILATE,
        ("深夜2",),
        rank=10,
        words=("湮灭",),
        from_night=2,
        available=_has_target,
        rule=_annihilate_range,
        effect=annihilate,
    ),
)
ROLE = pool_role(
    "狼巫",
    tag=IN_GROUP,
    seat_skills=(DETECT, ANNIHILATE),
    summary="黑暗侦测（深夜1，反馈表面身份）；光明湮灭（深夜2，第二晚起，对黑暗侦测出的验人系造成穿透）",
)
