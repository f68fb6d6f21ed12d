"""蚀时狼妃 (common-boards.md 3.2, 2.10.4, 补充裁定 11): a wolf of the group who each night opens a rift on
one living seat (`/裂隙 N号`, herself too; never the same seat two nights running).

At the resolution the rift is a target change (RoleDef.redirect, applied in the 夜晚 order of her step
among the night's target changes): every skill a 神职 aims at the rift's seat tonight turns back on its
user (a seer checks himself, the result still naming the seat chosen; the witch's poison poisons her,
her 救药 saves her only if she is knifed; the guard guards himself …).  The wolves' kill, and skills of
seats that are not 神职, are untouched.  The first time a skill really turns back, she loses the rift
for good, and is told at once (during the resolution): 「反弹生效，你失去了技能」.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.library import (
    PACK_MEMBER,
    WOLF,
    NightPart,
    RoleDef,
    is_god,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "蚀时狼妃"
STEP = "eclipse_wolf_queen"


@dataclass
class Rift:
    """The night a skill first turned back on her rift (0: never; from then on she has no rift)."""

    bounced: int = 0


def _holds_rift(game: Game, seat: int) -> bool:
    return not peek_seat_state(game, seat, Rift).bounced


def _rift_lost(game: Game, seat: int) -> str | None:
    return None if _holds_rift(game, seat) else "你已经失去了裂隙技能（反弹生效过）。"


RIFT = NightChoice(
    NAME,
    STEP,
    "裂隙",
    what="裂隙的位置",
    not_self=False,
    spent=_rift_lost,
    not_again="不能连续两晚对同一名玩家开裂隙：你昨晚选了{}号。",
    ack="已记录：今晚在{}号开裂隙。",
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return RIFT.night_step(
        deadline,
        after,
        title="蚀时狼妃裂隙",
        prompt="请选择裂隙的位置：/裂隙 N号，或 /放弃",
        actors=lambda game: [n for n in game.with_role(NAME) if _holds_rift(game, n)],
        on_close=_close,
    )


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        night.notes.append(f"{seat}号（蚀时狼妃）在{target}号开裂隙")


def _bounce(game: Game, user: int | None, target: int) -> int:
    """A 神职's skill aimed at tonight's rift turns back on its user; the first time it does, the
    queen who opened the rift loses it for good and is told so."""
    if user is None or user == target or not is_god(game, user):
        return target
    queens = [seat for seat, rift in nights.choice(game, STEP).items() if rift == target]
    if not queens:
        return target
    for queen in queens:
        _lose_rift(game, queen)
    return user


def _lose_rift(game: Game, queen: int) -> None:
    night = game.night
    rift = seat_state(game, queen, Rift)
    if rift.bounced or night is None:
        return
    rift.bounced = night.no
    night.notes.append(f"{queen}号（蚀时狼妃）的裂隙反弹生效，失去技能")
    if game.seats[queen].alive:
        game.tell(queen, f"第{night.no}夜：反弹生效，你失去了技能。")


def describe(game: Game, seat: int) -> list[str]:
    if not _holds_rift(game, seat):
        day = peek_seat_state(game, seat, Rift).bounced
        return [f"裂隙 —— 第{day}夜反弹生效，你已失去这个技能。"]
    return [
        "裂隙 —— 每晚选一名玩家开裂隙（/裂隙 N号，可以是自己，不能连续两晚选同一人）：这一夜神职对他用的技能"
        "全部转回用技能的人自己，狼人的刀不受影响；第一次真的有技能被转回，你永久失去这个技能。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚开一道裂隙（/裂隙 N号），神职对那人用的技能转回自己；第一次反弹生效后失去技能",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("裂隙", ("裂隙",), RIFT.choose, passes=STEP)],
        describe=describe,
        pack=PACK_MEMBER,
        redirect=_bounce,
    )
)
