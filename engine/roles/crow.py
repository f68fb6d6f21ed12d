"""乌鸦 (common-boards.md 3.1, 2.10.5): each night curses one seat (`/诅咒 N号`); the cursed seat is
not told, and in the next day's exile vote its count gets one vote more (「+1（诅咒）」 in /票型;
a 再投一轮 runoff too, the sheriff's election not).  Never the same seat two nights running.

Option: 自咒 (不可以 | 可以): whether he may curse himself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.library import (
    GOD,
    NightPart,
    OptionDef,
    RoleDef,
    game_state,
    option,
    peek_game_state,
    register,
)
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "乌鸦"
STEP = "crow"
SELF_CURSE = OptionDef("自咒", ("不可以", "可以"), "不可以", "乌鸦能否诅咒自己")
BONUS = (1.0, "诅咒")
CURSE = NightChoice(NAME, STEP, "诅咒", not_again="不能连着两晚诅咒同一名玩家：你昨晚诅咒了{}号。")


@dataclass
class Curses:
    """The cursed seats by the day whose exile vote they weigh on (the day after the night)."""

    by_day: dict[int, set[int]] = field(default_factory=dict)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return CURSE.night_step(deadline, after, title="乌鸦诅咒", prompt="请选择诅咒对象：/诅咒 N号，或 /放弃")


def _curse(game: Game, seat: int, args: list[str]) -> None:
    CURSE.choose(game, seat, args, not_self=option(game, NAME, SELF_CURSE.name) != "可以")


def _settle(game: Game) -> None:
    """Resolution (告知结果): the curse lands on the seat it hits tonight (换位 may move it)."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        game_state(game, Curses).by_day.setdefault(night.no + 1, set()).add(target)
        night.notes.append(f"{seat}号（乌鸦）诅咒{target}号：第{night.no + 1}天放逐投票+1票")


def vote_bonus(game: Game, seat: int, day: int) -> list[tuple[float, str]]:
    cursed = peek_game_state(game, Curses).by_day.get(day, set())
    return [BONUS] if seat in cursed else []


def describe(game: Game, seat: int) -> list[str]:
    self_note = "可以诅咒自己" if option(game, NAME, SELF_CURSE.name) == "可以" else "不能诅咒自己"
    return [
        f"诅咒 —— 每晚诅咒一名玩家（{self_note}，不能连着两晚诅咒同一人），他在第二天的放逐投票里多算一票"
        "（/诅咒 N号）"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚诅咒一名玩家，被诅咒的人在第二天的放逐投票里多算一票（/诅咒 N号）",
        options=(SELF_CURSE,),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("诅咒", ("诅咒",), _curse, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _settle},
        vote_bonus=vote_bonus,
    )
)
