"""毒师 (common-boards.md 3.1, 2.3, 补充裁定 18): one poison a game, used at night on any living seat
(`/毒 N号`, himself included); he never learns the kill.  The seat poisoned leaves at the resolution's
毒药结算 stage by 毒杀 (model.POISON: 毒杀开枪 applies), through damage.strike (an immunity to poison
keeps it off: 猎魔人, 咒狐 …; the potion is spent all the same).  `/毒` is the 女巫's word too: the
board hands it to the skill of the sender's role.  A swap moves the poison.  Sealed, his poison is
void; under 封印告知: 不可以 it is spent all the same (2.10.3 第2条).

Whether a board with him kills on night 1 is the board's 首夜刀人, not his (ruling of the post)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine import night as nights
from bansha_engine.library import GOD, NightPart, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import POISON, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "毒师"
STEP = "poisoner"
TITLE = "毒师用毒"


@dataclass
class Poison:
    """His one poison (set at the start; spent once used)."""

    held: bool = False


def _holds(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, Poison).held


def _setup(game: Game, seat: int) -> None:
    seat_state(game, seat, Poison).held = True


def _used_up(game: Game, seat: int) -> str | None:
    return None if _holds(game, seat) else "你的毒药已经用过了（整局只有一瓶）。"


POISONING = NightChoice(
    NAME, STEP, "毒", what="毒药对象", not_self=False, spent=_used_up, ack="已记录：今晚对{}号使用毒药。"
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return POISONING.night_step(
        deadline,
        after,
        title=TITLE,
        prompt="你的毒药还在：/毒 N号 毒一名玩家，或 /放弃",
        actors=lambda game: [seat for seat in game.with_role(NAME) if _holds(game, seat)],
        on_close=_close,
    )


def _close(game: Game, timed_out: bool) -> None:
    """The poison is spent once chosen (a void one too)."""
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, STEP).items():
        if target is not None:
            seat_state(game, seat, Poison).held = False
            night.notes.append(f"{seat}号（毒师）对{target}号使用毒药")


def _poison_deaths(game: Game) -> None:
    """Resolution (毒药结算): the seats poisoned leave (毒杀), unless immune to poison."""
    hits = [
        damage.Damage(aimed(game, seat, target), damage.FATAL, seat, POISON)
        for seat, target in nights.choice(game, STEP).items()
    ]
    game.push_front(damage.strike(game, hits, lambda _: POISON))


def describe(game: Game, seat: int) -> list[str]:
    state = "未使用" if _holds(game, seat) else "已用完"
    return [f"毒药 —— 整局一瓶，夜里毒一名存活玩家（可以是自己；/毒 N号）；你不知道刀口（{state}）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="整局一瓶毒药，夜里毒一名玩家；不知道刀口（/毒 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("毒药", ("毒", "毒药"), POISONING.choose, passes=STEP)],
        describe=describe,
        setup=lambda game, seat, options: _setup(game, seat),
        resolution={"毒药结算": _poison_deaths},
    )
)
