"""禁言长老 (common-boards.md 3.1): each night he silences one living seat (`/禁言 N号`, himself
allowed: ruling of the post), never the same seat two nights running.  At dawn the seat is told
「你被禁言：第N天不能发言」, and the directors' summary and the 公示 draft say 「N号被禁言」, published
with the night's exits; the director keeps him from speaking that day (he still votes; his last words
are not that day's speech).  A swap moves the silence; a seat that left that night is not silenced
(ruling: read at the dawn stage, once the night's exits are over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import DAWN_STAGE, GOD, NightPart, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "禁言长老"
STEP = "silence_elder"
TITLE = "禁言"


@dataclass
class LastSilence:
    """The night this 禁言长老 last silenced a seat, and the seat, for 「同一人不能连着两晚被禁言」."""

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
        on_open=lambda game: tell_actors(game, STEP, "请选择禁言对象：/禁言 N号（可以是自己），或 /放弃"),
        on_close=_remember,
        hint="/禁言 N号",
    )


def _last_night_target(game: Game, seat: int) -> int | None:
    last = peek_seat_state(game, seat, LastSilence)
    night = game.night
    return last.target if night is not None and last.night == night.no - 1 else None


def _choose(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/禁言 N号")
    target = game.living_target(args[0], what="禁言对象")
    if target == _last_night_target(game, seat):
        raise Rejected(f"同一名玩家不能连着两晚被禁言：你昨晚禁言了{target}号。")
    nights.record(game, STEP, seat, target, f"已记录：今晚禁言{target}号。")


def _remember(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, STEP).items():
        if target is not None:
            last = seat_state(game, seat, LastSilence)
            last.night, last.target = night.no, target


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
        skills=lambda options: [Skill(TITLE, (TITLE,), _choose, passes=STEP)],
        describe=describe,
        resolution={DAWN_STAGE: _silence},
    )
)
