"""幼狼 (百变小樱): shares the wolf kill; 牺牲 — may leave of its own accord at night step (5);
激励<强制> — leaving other than by red card gives the wolves one more kill the next night (the same
night when it left by day).

A 仆人 who inherits a 幼狼 gets the role as it stands (身份动用过技能后，该技能不会再有): 激励 fired
for the master (any exit but a red card) and 牺牲 used by the master are spent for the heir.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    WOLF,
    NightPart,
    RoleDef,
    game_state,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import RED_CARD, SACRIFICE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "幼狼"
STEP = "sacrifice"


@dataclass
class YoungWolfUsed:
    rallied: bool = False  # 激励 fired
    sacrificed: bool = False  # 牺牲 taken


@dataclass
class ExtraKill:
    night: int | None = None  # the night the wolves kill once more (激励)


def extra_kill_night(game: Game) -> int | None:
    return peek_game_state(game, ExtraKill).night


def _used(game: Game, seat: int) -> YoungWolfUsed:
    return peek_seat_state(game, seat, YoungWolfUsed)


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="幼狼牺牲",
        roles=(NAME,),
        actors=lambda game: [n for n in game.with_role(NAME) if not _used(game, n).sacrificed],
        deadline=deadline,
        on_open=lambda game: tell_actors(
            game, STEP, "可以发动牺牲主动出局（下一夜狼人多杀一人）：/牺牲，或 /放弃 牺牲"
        ),
        on_close=_close,
        hint="/牺牲",
    )


def _sacrifice(game: Game, seat: int, args: list[str]) -> None:
    nights.require_actor(game, STEP, seat)
    if args:
        raise Rejected("用法：/牺牲（不需要目标）")
    nights.record(game, STEP, seat, True, "已记录：今晚牺牲。")


SKILL = Skill("牺牲", ("牺牲",), _sacrifice, passes=STEP)


def _close(game: Game, timed_out: bool) -> None:
    for seat in nights.choice(game, STEP):
        game.night.notes.append(f"{seat}号（幼狼）牺牲")  # type: ignore[union-attr]


def sacrifice_deaths(game: Game) -> None:
    """The sacrifice chosen at step (5) takes effect first in the resolution."""
    seats = list(nights.choice(game, STEP))
    for seat in seats:
        seat_state(game, seat, YoungWolfUsed).sacrificed = True
    game.push_front([game.exit_effect(seat, SACRIFICE) for seat in seats])


def on_exit(game: Game, seat: int, cause: str) -> None:
    """激励: the next night (the coming one if it left by day) the wolves kill once more."""
    if game.seats[seat].role != NAME or cause == RED_CARD or _used(game, seat).rallied:
        return
    seat_state(game, seat, YoungWolfUsed).rallied = True
    game_state(game, ExtraKill).night = game.night_no + 1
    game.tell_directors(f"幼狼{seat}号出局，激励：第{game.night_no + 1}夜狼人可以多杀一人。")


def describe(game: Game, seat: int) -> list[str]:
    used = _used(game, seat)
    return [
        "杀人 —— 夜晚与狼群共同指杀一名角色（在狼群 /刀 N号）",
        "牺牲 —— " + ("已使用" if used.sacrificed else "夜晚可以主动出局（/牺牲）"),
        "激励 —— " + ("已触发" if used.rallied else "你非红牌出局后，下一个夜晚狼人可以再杀一人"),
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；夜里可以牺牲主动出局，非红牌出局后下一夜狼人多杀一人（百变小樱）",
        night=lambda options: (
            NightPart(NAME, STEP, lambda deadline, after, o: step(deadline), kill_phase=True),
        ),
        skills=lambda options: [SKILL],
        describe=describe,
        resolution={"牺牲": sacrifice_deaths},
        on_exit=on_exit,
    )
)
