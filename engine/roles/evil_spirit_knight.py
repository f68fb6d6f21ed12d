"""恶灵骑士 (common-boards.md 3.2): a wolf of the group who may not 自爆 and whom the wolves' `/刀` may
not choose.  Permanently immune to every night exit (the knife, the poison — the potion is spent —
梦亡, the next day's exits, a shot or 殉情 at night), 袭击 alone excepted (2.10.2): he leaves only by
day.

反伤, once a game: the first check of him by a seat outside the wolves' camp (a camp check or a role
check: 第七节 「取 B：任何非狼人的查验」; 狐狸, 熊 and 守墓人 do not check him, 补充裁定 18), or a poison
(女巫's, 毒师's), makes that seat leave at that night's resolution (反伤, a 次日出局 in the 夜晚 place of
the step that checked or poisoned: 补充裁定 5).  Checked and poisoned the same night, only the checker
leaves (the checks are told before the poison is dealt).  The checker still gets its result; nobody
is told whether a 反伤 happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks, damage
from bansha_engine.library import (
    PACK_MEMBER,
    WOLF,
    RoleDef,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import POISON, RAID, REFLECT, WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "恶灵骑士"
NOT_CHECKS = frozenset({"狐狸", "熊", "守墓人"})  # their signs are no check of him (补充裁定 18)


@dataclass
class Reflected:
    """The night his one 反伤 happened (0: not yet)."""

    night: int = 0


def _immune(game: Game, seat: int, cause: str) -> bool:
    """Every night exit but 袭击 (影子阵营's, which nothing stops)."""
    return cause != RAID


def _reflect(game: Game, knight: int, culprit: int, caused_by: str, why: str) -> None:
    """The first check or poison of him: the culprit leaves at tonight's resolution (反伤)."""
    night = game.night
    if night is None or peek_seat_state(game, knight, Reflected).night:
        return
    seat_state(game, knight, Reflected).night = night.no
    damage.exit_caused_by(game, culprit, REFLECT, caused_by)
    night.notes.append(f"{knight}号（恶灵骑士）被{culprit}号{why}：反伤，{culprit}号在结算时出局")


def _checked(game: Game, check: checks.Check) -> None:
    if game.seats[check.target].role != NAME or check.role in NOT_CHECKS:
        return
    if game.seats[check.checker].camp == WOLVES:
        return
    _reflect(game, check.target, check.checker, check.role, "查验")


def _kept_off(game: Game, hit: damage.Damage, cause: str) -> None:
    """A poison kept off him (the potion is spent) reflects on whoever gave it."""
    if cause != POISON or hit.source is None or game.seats[hit.target].role != NAME:
        return
    giver = game.seats[hit.source].role or ""
    _reflect(game, hit.target, hit.source, giver, "毒")


def _kill_refusal(game: Game, seat: int) -> str:
    return f"不能刀{seat}号：恶灵骑士不能被狼刀选中。"


def describe(game: Game, seat: int) -> list[str]:
    return [
        "免疫 —— 永久免疫夜间出局（狼刀、毒药、梦亡……），只会在白天出局；不能自爆，狼刀也不能选你。",
        "反伤 —— 整局一次：第一次有非狼人阵营的玩家查验你，或女巫、毒师毒你，那个人在这一夜结算时出局"
        "（不告诉任何人反伤是否发生）。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；永久免疫夜间出局，不能自爆，不能被狼刀选中；整局一次反伤第一个查验或毒他的人",
        describe=describe,
        pack=PACK_MEMBER,
        self_destructs=False,
        immune=_immune,
        on_checked=_checked,
        sees_kept_off=_kept_off,
        kill_refusal=_kill_refusal,
    )
)
