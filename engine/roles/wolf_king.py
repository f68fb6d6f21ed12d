"""狼王 (百变小樱): shares the wolf kill, and 冲锋 — a kill of his own each night — until any wolf-group
member leaves other than by red card (a 狼王 outside the group keeps it: see 仆人's examples)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import night as nights
from engine.api import Rejected
from engine.model import CHARGE, RED_CARD, Deadline, Skill, StepSpec
from engine.roles.common import tell_actors

if TYPE_CHECKING:
    from engine.game import Game

NAME = "狼王"
STEP = "charge"
LOST = "charge_lost"


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="狼王冲锋",
        roles=(NAME,),
        actors=lambda game: [] if game.flags.get(LOST) else game.with_role(NAME),
        deadline=deadline,
        on_open=lambda game: tell_actors(game, STEP, "可以发动冲锋指杀一名角色：/冲锋 N号，或 /放弃 冲锋"),
        on_close=_close,
        hint="/冲锋 N号",
    )


def _charge(game: Game, seat: int, args: list[str]) -> None:
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/冲锋 N号")
    target = game.living_target(args[0], what="冲锋目标")
    nights.record(game, STEP, seat, target, f"已记录：冲锋 {target}号。")


SKILL = Skill("冲锋", ("冲锋",), _charge, passes=STEP)


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        night.kills.append((target, CHARGE))
        night.notes.append(f"{seat}号（狼王）冲锋 {target}号")


def on_exit(game: Game, seat: int, cause: str, in_pack: bool) -> None:
    """Any wolf-group member leaving other than by red card ends 冲锋 for good."""
    if in_pack and cause != RED_CARD and not game.flags.get(LOST):
        game.flags[LOST] = True
        for king in game.with_role(NAME):
            game.tell(king, "有狼群成员出局，你失去了冲锋。")


def describe(game: Game, seat: int) -> list[str]:
    state = "已失去" if game.flags.get(LOST) else "可用"
    return [f"冲锋 —— 每晚可以指杀一名角色（{state}；任一狼群成员非红牌出局后失去，/冲锋 N号）"]
