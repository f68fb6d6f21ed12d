"""情痴 (百变小樱) 爱慕: once a game adores a seat; if that seat would leave by the vote or by any
kill (杀人 of wolves, 混血儿, 幼狼, 狼王 or black lovers, 狼王's 冲锋), the 情痴 leaves instead."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OTHER,
    NightPart,
    RoleDef,
    game_state,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import ADORE_SUBSTITUTE, CHARGE, KILL, VILLAGE, VOTE, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "情痴"
STEP = "adore"
COVERED = (VOTE, KILL, CHARGE)


@dataclass
class AdoreUsed:
    used: bool = False  # 爱慕 is once a game


@dataclass
class Adored:
    bond: tuple[int, int] | None = None  # (情痴, adored seat) while the bond holds


def _used(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, AdoreUsed).used


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="情痴爱慕",
        roles=(NAME,),
        actors=lambda game: [n for n in game.with_role(NAME) if not _used(game, n)],
        deadline=deadline,
        on_open=lambda game: tell_actors(game, STEP, "可以选择爱慕对象（一局一次）：/爱慕 N号，或 /放弃"),
        on_close=_close,
        hint="/爱慕 N号",
    )


def _adore(game: Game, seat: int, args: list[str]) -> None:
    if game.seats[seat].role == NAME:
        nights.refuse_if_final(game, STEP, seat)
    if game.seats[seat].role == NAME and _used(game, seat):
        raise Rejected("你的爱慕已经用过了（一局游戏只能使用一次）。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/爱慕 N号")
    target = game.living_target(args[0], not_self=seat, what="爱慕对象")
    nights.record(game, STEP, seat, target, f"已记录：爱慕{target}号。")


SKILL = Skill("爱慕", ("爱慕",), _adore, passes=STEP)


def _close(game: Game, timed_out: bool) -> None:
    for seat, target in nights.choice(game, STEP).items():
        seat_state(game, seat, AdoreUsed).used = True
        game_state(game, Adored).bond = (seat, target)
        game.night.notes.append(f"{seat}号（情痴）爱慕{target}号")  # type: ignore[union-attr]


def substitute(
    game: Game, seat: int, cause: str, able: Callable[[Game, int], bool]
) -> tuple[int, str] | None:
    """Who leaves when `seat` would leave by `cause`: the adoring 情痴 instead, while the bond holds."""
    bond = peek_game_state(game, Adored).bond
    if cause not in COVERED or bond is None or bond[1] != seat:
        return None
    lover = bond[0]
    if not game.seats[lover].alive or game.seats[lover].role != NAME or not able(game, lover):
        return None
    game_state(game, Adored).bond = None
    game.tell_directors(f"{lover}号（情痴）代替{seat}号出局。")
    return lover, ADORE_SUBSTITUTE


def describe(game: Game, seat: int) -> list[str]:
    used = "已使用" if _used(game, seat) else "未使用"
    return [f"爱慕 —— 一局一次，被爱慕者因投票或被杀出局时你代替其出局（{used}，/爱慕 N号）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="一局一次爱慕一名角色；其因投票或被杀出局时你代替其出局（/爱慕 N号）",
        night=lambda options: (NightPart(NAME, STEP, lambda deadline, after, o: step(deadline)),),
        skills=lambda options: [SKILL],
        describe=describe,
        substitute=substitute,
    )
)
