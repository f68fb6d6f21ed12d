"""预言家: each night checks one seat's camp; the result comes when the night resolves.

Option 重复查验 (common-boards.md 2.7 第3条): 可以 (the default, what the bot always did) | 不可以, where a
seat the seer checked before is refused.  A seat counts as checked once a result for it was told (a
check a seal made void is none)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    NightPart,
    OptionDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, checked_camp, tell_result
from bansha_engine.role_helpers import require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "预言家"
STEP = "seer"

REPEAT = OptionDef(
    "重复查验",
    ("可以", "不可以"),
    "可以",
    "能否查验已经查验过的座位：可以 | 不可以（查验过的座位被拒绝）",
)
CHECK = NightChoice(
    NAME, STEP, "预言", what="查验对象", ack="已记录：今晚查验{}号，结果在夜晚结算时私聊给你。"
)


def step(deadline: Deadline) -> StepSpec:
    return CHECK.night_step(deadline, prompt="请选择查验对象：/预言 N号，或 /放弃")


def _choose(game: Game, seat: int, args: list[str]) -> None:
    """In the order the 预言家 always had: the role, the words and the seat named come before the
    step (NightChoice.choose looks at the step first)."""
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise Rejected("用法：/预言 N号")
    target = game.living_target(args[0], not_self=seat, what="查验对象")
    if not repeats_allowed(game) and target in checked_by(game, seat):
        nights.require_actor(game, STEP, seat)  # only a seer of this step hears what she checked
        raise Rejected(f"你已经查验过{target}号了：这个板子不能重复查验同一名玩家，请另选。")
    CHECK.record(game, seat, target)


def repeats_allowed(game: Game) -> bool:
    return option(game, NAME, REPEAT.name) == "可以"


def checked_by(game: Game, seat: int) -> set[int]:
    """The seats this seer was told a result for, as she named them."""
    return peek_seat_state(game, seat, checks.CheckedSeats).seats


SKILL = Skill("预言", ("预言", "查验", "验"), _choose, passes=STEP)


def verdict(game: Game, seat: int, chosen: int) -> str:
    """What the seer's check of `chosen` answers: the camp of the seat it hits (换位 may move it)."""
    return checked_camp(game, seat, chosen, skill="预言", role=NAME)


def results(game: Game) -> None:
    """Resolution step: tell each seer what they learned tonight (the seat they chose, named)."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        answer = verdict(game, seat, chosen)
        night.notes.append(f"{seat}号（预言家）查验{chosen}号：{answer}")
        seat_state(game, seat, checks.CheckedSeats).seats.add(chosen)
        tell_result(game, seat, "查验", f"{chosen}号是{answer}")


def describe(game: Game, seat: int) -> list[str]:
    lines = ["预言 —— 每晚查验一名角色：村民阵营 / 非村民阵营（/预言 N号）"]
    if not repeats_allowed(game):
        done = "、".join(f"{n}号" for n in sorted(checked_by(game, seat)))
        lines.append("不能重复查验同一名玩家" + (f"（已查验：{done}）" if done else ""))
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚查验一名角色是村民阵营还是非村民阵营，结果在夜晚结算时告知（/预言 N号）",
        options=(REPEAT,),
        night=lambda options: (NightPart(NAME, STEP, lambda deadline, after, options: step(deadline)),),
        skills=lambda options: [SKILL],
        describe=describe,
        resolution={"告知结果": results},
    )
)
