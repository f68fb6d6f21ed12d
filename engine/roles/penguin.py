"""企鹅 (common-boards.md 3.1, 2.10.3, 补充裁定 11): each night, first, freezes one other living seat
(`/冰冻 N号`), never the same seat two nights running.  The seat frozen is sealed tonight (冰冻,
engine/seal.py) from the moment his step closes: its night commands are refused (or void, 封印告知:
不可以), its night news does not come (熊, 守墓人), it cannot shoot if it leaves tonight, and a seat
holding the wolves' kill leaves the wolves without one.  His step seals (NightPart.seals): every
other step of the night waits for it.  A swap does not move the freeze (补充裁定 11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import seal
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, NightPart, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "企鹅"
STEP = "penguin"
TITLE = "冰冻"


@dataclass
class LastFreeze:
    """The night this 企鹅 last froze a seat, and the seat, for 「不能连续两晚冰冻同一人」."""

    night: int = 0
    target: int = 0


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title=TITLE,
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "请选择冰冻对象：/冰冻 N号，或 /放弃"),
        on_close=_freeze,
        hint="/冰冻 N号",
    )


def _last_night_target(game: Game, seat: int) -> int | None:
    last = peek_seat_state(game, seat, LastFreeze)
    night = game.night
    return last.target if night is not None and last.night == night.no - 1 else None


def _choose(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/冰冻 N号")
    target = game.living_target(args[0], not_self=seat, what="冰冻对象")
    if target == _last_night_target(game, seat):
        raise Rejected(f"不能连着两晚冰冻同一名玩家：你昨晚冰冻了{target}号。")
    nights.record(game, STEP, seat, target, f"已记录：今晚冰冻{target}号。")


def _freeze(game: Game, timed_out: bool) -> None:
    """The step closes: the seats chosen are sealed tonight (a void choice is still remembered)."""
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, STEP).items():
        if target is not None:
            last = seat_state(game, seat, LastFreeze)
            last.night, last.target = night.no, target
    for seat, target in nights.choice(game, STEP).items():
        seal.seal(game, target, seal.FREEZE)
        night.notes.append(f"{seat}号（企鹅）冰冻{target}号")


def describe(game: Game, seat: int) -> list[str]:
    return [
        "冰冻 —— 每晚最先冰冻一名其他玩家（/冰冻 N号；不能连着两晚冰冻同一人）：他这一夜不能使用技能，"
        "不需要命令的夜里信息也没有，这一夜出局不能开枪；冰冻到狼人，狼队这一夜不能刀人"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚最先冰冻一名玩家，他这一夜不能使用技能（/冰冻 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step, seals=True),),
        skills=lambda options: [Skill(TITLE, (TITLE,), _choose, passes=STEP)],
        describe=describe,
    )
)
