"""禁言长老 (common-boards.md 3.1): each night he silences one living seat (`/禁言 N号`, himself
allowed: ruling of the post), never the same seat two nights running.  At dawn the seat is told
「你被禁言：第N天不能发言」, and the directors' summary and the 公示 draft say 「N号被禁言」, published
with the night's exits; the director keeps him from speaking that day (he still votes; his last words
are not that day's speech).  A swap moves the silence; a seat that left that night is not silenced
(ruling: read at the dawn stage, once the night's exits are over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.library import DAWN_STAGE, GOD, NightPart, RoleDef, register
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "禁言长老"
STEP = "silence_elder"
TITLE = "禁言"
SILENCE = NightChoice(
    NAME, STEP, TITLE, not_self=False, not_again="同一名玩家不能连着两晚被禁言：你昨晚禁言了{}号。"
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return SILENCE.night_step(deadline, after, prompt="请选择禁言对象：/禁言 N号（可以是自己），或 /放弃")


def _silence(game: Game) -> None:
    """Resolution (天亮): the seat silenced is told, and the summary and the 公示 draft say so."""
    night = game.night
    assert night is not None
    day = night.no + 1
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        if not game.seats[target].alive:
            continue
        game.tell(target, f"你被禁言：第{day}天不能发言。")
        night.notes.append(f"{seat}号（禁言长老）禁言{chosen}号：{target}号被禁言")
        night.publications.append(f"{target}号被禁言")


def describe(game: Game, seat: int) -> list[str]:
    return [
        "禁言 —— 每晚禁言一名玩家（可以是自己；同一人不能连着两晚被禁言；/禁言 N号）：他第二天不能发言，"
        "天亮时公示「N号被禁言」"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚禁言一名玩家，他第二天不能发言，天亮时公示（/禁言 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), SILENCE.choose, passes=STEP)],
        describe=describe,
        resolution={DAWN_STAGE: _silence},
    )
)
