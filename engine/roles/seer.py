"""预言家: each night checks one seat's camp; the result comes when the night resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.library import GOD, NightPart, RoleDef, register
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "预言家"
STEP = "seer"


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="预言",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        on_open=lambda game: tell_actors(game, STEP, "请选择查验对象：/预言 N号，或 /放弃"),
        hint="/预言 N号",
    )


def _choose(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise_usage()
    target = game.living_target(args[0], not_self=seat, what="查验对象")
    nights.record(game, STEP, seat, target, f"已记录：今晚查验{target}号，结果在夜晚结算时私聊给你。")


def raise_usage() -> None:
    from bansha_engine.api import Rejected

    raise Rejected("用法：/预言 N号")


SKILL = Skill("预言", ("预言", "查验", "验"), _choose, passes=STEP)


def verdict(game: Game, seat: int, chosen: int) -> str:
    """What the seer's check of `chosen` answers: the camp of the seat it hits (换位 may move it)."""
    target = aimed(game, seat, chosen)
    return checks.camp_of(game, target, checks.Check(seat, target, "预言", NAME))


def results(game: Game) -> None:
    """Resolution step: tell each seer what they learned tonight (the seat they chose, named)."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        answer = verdict(game, seat, chosen)
        night.notes.append(f"{seat}号（预言家）查验{chosen}号：{answer}")
        if game.seats[seat].alive:
            game.tell(seat, f"第{night.no}夜查验结果：{chosen}号是{answer}。")


def describe(game: Game, seat: int) -> list[str]:
    return ["预言 —— 每晚查验一名角色：村民阵营 / 非村民阵营（/预言 N号）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚查验一名角色是村民阵营还是非村民阵营，结果在夜晚结算时告知（/预言 N号）",
        night=lambda options: (NightPart(NAME, STEP, lambda deadline, after, options: step(deadline)),),
        skills=lambda options: [SKILL],
        describe=describe,
        resolution={"告知结果": results},
    )
)
