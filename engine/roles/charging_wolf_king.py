"""狼王 (百变小樱): shares the wolf kill, and 冲锋 — a kill of his own each night — until any wolf-group
member leaves other than by red card.  A 狼王 outside the wolf group (a black lover, or the 仆人 who
inherited one) is not touched by the group's losses: he keeps 冲锋 (see 仆人's examples).

A variant of the library's 狼王 (wolf_king.py): a file chooses it with `狼王: {数量: 1, 技能: 冲锋}`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import pack
from bansha_engine.api import Rejected
from bansha_engine.library import (
    VARIANT,
    WOLF,
    NightPart,
    OptionDef,
    RoleDef,
    game_state,
    peek_game_state,
    register_variant,
)
from bansha_engine.model import CHARGE, RED_CARD, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼王"
STEP = "charge"


@dataclass
class ChargeLost:
    lost: bool = False  # a wolf-group member left other than by red card: 冲锋 is gone for good


def _lost(game: Game) -> bool:
    return peek_game_state(game, ChargeLost).lost


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="狼王冲锋",
        roles=(NAME,),
        actors=able,
        deadline=deadline,
        on_open=lambda game: tell_actors(game, STEP, "可以发动冲锋指杀一名角色：/冲锋 N号，或 /放弃 冲锋"),
        on_close=_close,
        hint="/冲锋 N号",
    )


def able(game: Game) -> list[int]:
    """Living 狼王 who still hold 冲锋."""
    return [n for n in game.with_role(NAME) if not (_lost(game) and in_group(game, n))]


def in_group(game: Game, seat: int) -> bool:
    return pack.in_pack(game, seat)


def _charge(game: Game, seat: int, args: list[str]) -> None:
    if game.seats[seat].role == NAME and game.seats[seat].alive and seat not in able(game):
        raise Rejected("你已失去冲锋：狼群中已有角色出局。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/冲锋 N号")
    target = game.living_target(args[0], what="冲锋目标")
    nights.record(game, STEP, seat, target, f"已记录：冲锋{target}号。")


SKILL = Skill("冲锋", ("冲锋",), _charge, passes=STEP)


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        night.kills.append((target, CHARGE))
        night.notes.append(f"{seat}号（狼王）冲锋{target}号")


def on_exit(game: Game, seat: int, cause: str, in_pack: bool) -> None:
    """Any wolf-group member leaving other than by red card ends 冲锋 for good."""
    if in_pack and cause != RED_CARD and not _lost(game):
        game_state(game, ChargeLost).lost = True
        for king in game.with_role(NAME):
            if in_group(game, king):
                game.tell(king, "有狼群成员出局，你失去了冲锋。")


def describe(game: Game, seat: int) -> list[str]:
    state = "可用" if seat in able(game) else "已失去"
    return [f"冲锋 —— 每晚可以指杀一名角色（{state}；任一狼群成员非红牌出局后失去，/冲锋 N号）"]


KIND = OptionDef(
    VARIANT,
    ("开枪", "冲锋"),
    "开枪",
    "开枪：出局时开枪（标准板子）；冲锋：每晚可以冲锋指杀一人，狼群成员出局后失去，没有开枪（百变小樱）",
)

ROLE = register_variant(
    KIND,
    "冲锋",
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚可以冲锋指杀一人，任一狼群成员非红牌出局后失去（百变小樱）",
        night=lambda options: (
            NightPart(
                NAME,
                STEP,
                lambda deadline, after, o: step(deadline),
                kill_source=CHARGE,
                kill_cause=CHARGE,
                kill_phase=True,
            ),
        ),
        skills=lambda options: [SKILL],
        describe=describe,
        on_exit=lambda game, seat, cause: on_exit(game, seat, cause, pack.in_pack(game, seat)),
    ),
)
