"""混血儿 (百变小樱) 认亲<强制>: at the start supports one seat and takes that seat's camp.  As a
lover it loses 认亲; with a partner who is not a wolf it gets a kill of its own (night step 4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import notes
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OPENING_CHOICES,
    OTHER,
    KillHolder,
    NightPart,
    RoleDef,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import HALFBLOOD_KILL, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import record_kill, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "混血儿"
STEP = "halfblood_kill"
SOURCE = HALFBLOOD_KILL  # the kill's source in night.kills; the exit's cause is 杀人


@dataclass
class StartChoice:
    """A once-a-game start-of-game choice of another seat (认亲, and 仆人's 认主)."""

    chosen: int | None = None


@dataclass
class Kin(StartChoice):
    pass


@dataclass
class HalfbloodKiller:
    seat: int | None = None  # the 混血儿 lover whose partner is no wolf: a kill of its own


def kin(game: Game) -> int | None:
    return peek_game_state(game, Kin).chosen


def chosen(game: Game, kind: type[StartChoice]) -> int | None:
    return peek_game_state(game, kind).chosen


def set_chosen(game: Game, kind: type[StartChoice], target: int) -> None:
    game_state(game, kind).chosen = target


def killer(game: Game) -> int | None:
    return peek_game_state(game, HalfbloodKiller).seat


def set_killer(game: Game, seat: int) -> None:
    game_state(game, HalfbloodKiller).seat = seat


def choose(
    game: Game, seat: int, args: list[str], *, role: str, kind: type[StartChoice], what: str, word: str
) -> None:
    """Shared by 认亲 and 认主: a once-a-game start-of-game choice of another seat."""
    if game.seats[seat].role != role:
        raise Rejected(f"只有{role}可以{word}。")
    if game.board.extra["is_lover"](game, seat):
        raise Rejected(f"你成为了情侣，失去了{word}。")
    if game.phase != "opening":
        raise Rejected(f"{word}只能在游戏开始时发动。")
    if chosen(game, kind) is not None:
        raise Rejected(f"你已经{word}过了（一局一次）。")
    if len(args) != 1:
        raise Rejected(f"用法：/{word} N号")
    target = game.living_target(args[0], not_self=seat, what=what)
    set_chosen(game, kind, target)
    game.reply(f"已{word}：{target}号。阵营在开局选择全部完成后通知你。")
    notes.note(game, f"{seat}号（{role}）{word}{target}号")
    game.board.extra["opening_progress"](game)


def _kin(game: Game, seat: int, args: list[str]) -> None:
    choose(game, seat, args, role=NAME, kind=Kin, what="认亲对象", word="认亲")


def kill_step(deadline: Deadline, after: tuple[str, ...] = ()) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="混血儿杀人",
        roles=(NAME,),
        actors=lambda game: [n for n in [killer(game)] if n is not None and game.seats[n].alive],
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "可以杀人：/刀 N号，或 /放弃"),
        on_close=_close,
        hint="/刀 N号",
    )


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        night.kills.append((target, SOURCE))
        night.notes.append(f"{seat}号（混血儿）杀{target}号")


SKILL = Skill("认亲", ("认亲",), _kin)


def describe(game: Game, seat: int) -> list[str]:
    target = kin(game)
    if game.board.extra["is_lover"](game, seat):
        state = "你成为了情侣，失去了认亲"
    elif target:
        state = f"已认亲{target}号"
    else:
        state = "游戏开始时须选择一名角色，成为其阵营（/认亲 N号）"
    lines = [f"认亲 —— {state}"]
    if killer(game) == seat:
        lines.append("杀人 —— 每晚可以指杀一名角色（/刀 N号）")
    return lines


KILL_HOLDER = KillHolder(
    step=STEP,
    group=None,
    holds=lambda game, seat: killer(game) == seat,
    take=lambda game, seat, args: record_kill(game, STEP, seat, args),
)

ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="游戏开始时认亲一名角色，成为其阵营；成为情侣且情侣不是狼人时每晚可以杀人（/认亲 N号）",
        night=lambda options: (
            NightPart(
                NAME,
                STEP,
                lambda deadline, after, o: kill_step(deadline, after),
                kill_source=SOURCE,
                kill_phase=True,
            ),
        ),
        skills=lambda options: [SKILL],
        describe=describe,
        kills=lambda options: (KILL_HOLDER,),
        mechanisms=(OPENING_CHOICES,),
    )
)
