"""通灵师 (common-boards.md 3.1, 1.3 第4条, 2.7): each night checks one other living seat's role
(`/通灵 N号`) and learns at the resolution 「N号的身份是X」, the library's name as a role check answers
it (engine/checks.py: 机械狼 its learnt role …).  The check goes through checks.role_of with a Check,
so that a role reacting to being checked does (恶灵骑士's 反伤); a swap moves it (the result still
names the seat chosen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.library import GOD, NightPart, RoleDef, register
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, checked_role, tell_result

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "通灵师"
STEP = "medium"
TITLE = "通灵"
CHECK = NightChoice(NAME, STEP, TITLE, ack="已记录：今晚通灵{}号，结果在夜晚结算时私聊给你。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return CHECK.night_step(deadline, after, prompt="请选择查验身份的对象：/通灵 N号，或 /放弃")


def _results(game: Game) -> None:
    """Resolution (告知结果): the role of the seat each check lands on, named by the seat chosen."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        role = checked_role(game, seat, chosen, skill=TITLE, role=NAME)
        night.notes.append(f"{seat}号（通灵师）通灵{chosen}号：{role}")
        tell_result(game, seat, TITLE, f"{chosen}号的身份是{role}")


def describe(game: Game, seat: int) -> list[str]:
    return ["通灵 —— 每晚查验一名其他玩家的身份，结算时得知「N号的身份是X」（/通灵 N号）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚查验一名其他玩家的具体身份，结果在夜晚结算时告知（/通灵 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), CHECK.choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _results},
    )
)
