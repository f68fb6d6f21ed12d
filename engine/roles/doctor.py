"""医生 (百变小樱): 救治 voids every kill on its target; a save on a seat nobody tried to kill is an
empty save (空救), counted on the target; a seat with two empty saves leaves at step (10).

The 救治 is a status (engine/damage.py): at the resolution's 救治 stage, the first of the night's
protections, the treated seat gets a [守护] for the night that stops every 指杀 on it with no note
(void, as if it never was)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, NightPart, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import DOUBLE_EMPTY_SAVE, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "医生"
STEP = "doctor"
PROTECTION = "医生的救治"  # the skill of the [守护] he grants


@dataclass
class EmptySaves:
    """On the treated seat: how many of the doctor's treatments found no kill to stop."""

    count: int = 0


def empty_saves(game: Game, seat: int) -> int:
    return peek_seat_state(game, seat, EmptySaves).count


def step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="医生救治",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        on_open=lambda game: tell_actors(game, STEP, "请选择救治对象：/救治 N号，或 /放弃"),
        hint="/救治 N号",
    )


def _treat(game: Game, seat: int, args: list[str]) -> None:
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/救治 N号")
    target = game.living_target(args[0], what="救治对象")
    nights.record(game, STEP, seat, target, f"已记录：今晚救治{target}号。")


SKILL = Skill("救治", ("救治", "扎", "治疗"), _treat, passes=STEP)


def count_empty_saves(game: Game) -> None:
    """Part of step (8): a treated seat that no kill targeted gets one more empty save."""
    night = game.night
    assert night is not None
    targeted = {target for target, _ in night.kills}
    for doctor, target in nights.choice(game, STEP).items():
        if target in targeted:
            night.notes.append(f"{doctor}号（医生）救治{target}号：指杀无效")
            continue
        saves = seat_state(game, target, EmptySaves)
        saves.count += 1
        night.notes.append(f"{doctor}号（医生）救治{target}号：空救（累计{saves.count}次）")


def treat(game: Game) -> None:
    """Step (8): the empty saves counted, then each treated seat holds a [守护] for the night."""
    count_empty_saves(game)
    for doctor, target in nights.choice(game, STEP).items():
        damage.protect_tonight(game, target, PROTECTION, source=doctor)


damage.ON_CANCEL[PROTECTION] = lambda game, hit: None  # a void kill: no note


def double_empty_deaths(game: Game) -> None:
    """Step (10): every seat with two empty saves leaves."""
    leaving = [n for n in game.alive() if empty_saves(game, n) >= 2]
    game.push_front([game.exit_effect(n, DOUBLE_EMPTY_SAVE) for n in leaving])


def describe(game: Game, seat: int) -> list[str]:
    return [
        "救治 —— 每晚救治一名角色，使对其的指杀无效；对方未被指杀则累计一次空救，两次空救出局（/救治 N号）"
    ]


def status_marks(game: Game, seat: int) -> list[str]:
    count = empty_saves(game, seat)
    return [f"空救{count}"] if count else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚救治一名角色，使对其的指杀无效；空救两次的角色出局（/救治 N号）",
        night=lambda options: (NightPart(NAME, STEP, lambda deadline, after, o: step(deadline)),),
        skills=lambda options: [SKILL],
        describe=describe,
        resolution={"救治": treat, "其他出局": double_empty_deaths},
        voids_kills=True,
        status_marks=status_marks,
    )
)
