"""魔术师 (common-boards.md 3.1, 2.10.4): each night he may swap two living seats (`/交换 A号 B号`,
himself allowed).  At the resolution every night skill aimed at A lands on B and the other way round
(the kill, the potions, the guard, checks, 摄梦 …: RoleDef.redirect, applied in the file's 夜晚 order of
his step, 补充裁定 11).  Nobody is told; results still name the seat chosen, the witch still learns the
seat the wolves chose; the last shot, day skills and the vote are never swapped.  He only gets
「已记录」.

Each seat may be swapped once a game: a seat swapped before is refused.  With fewer than two living
seats left to swap, his step does not open (nobody is asked).  A swap chosen counts as made when his
step closes, even when a seal voided it under 封印告知: 不可以 (2.10.3 第2条: spent, not told).

Option 次数 (每晚 | 一局一次): 每晚 (the default) he may swap every night; 一局一次, once a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
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
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "魔术师"
STEP = "magician"
TITLE = "交换"
TIMES = OptionDef("次数", ("每晚", "一局一次"), "每晚", "每晚都能交换，还是一局只能交换一次")


@dataclass
class Swapped:
    """The seats the 魔术师 swapped so far (each once a game), and whether a swap was made at all."""

    seats: set[int] = field(default_factory=set)
    used: bool = False


def swappable(game: Game) -> list[int]:
    """The living seats not swapped yet."""
    swapped = peek_game_state(game, Swapped).seats
    return [seat for seat in game.alive() if seat not in swapped]


def _spent(game: Game) -> bool:
    return option(game, NAME, TIMES.name) == "一局一次" and peek_game_state(game, Swapped).used


def _actors(game: Game) -> list[int]:
    """The 魔术师 who may swap tonight: none once 一局一次 is spent or fewer than two seats are left."""
    if _spent(game) or len(swappable(game)) < 2:
        return []
    return game.with_role(NAME)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title=TITLE,
        roles=(NAME,),
        actors=_actors,
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "请选择交换的两名玩家：/交换 A号 B号，或 /放弃"),
        on_close=_close,
        hint="/交换 A号 B号",
    )


def _swap(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    if _spent(game):
        raise Rejected("你的交换一局只能用一次，已经用过了。")
    if game.night is not None and len(swappable(game)) < 2:
        raise Rejected("可以交换的座位不足两个（每名玩家整局只能被交换一次），今晚不能交换。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 2:
        raise Rejected("用法：/交换 A号 B号（两名不同的存活玩家，可以有自己）")
    first, second = (game.living_target(arg, what="交换对象") for arg in args)
    if first == second:
        raise Rejected("要交换两名不同的玩家。")
    swapped = peek_game_state(game, Swapped).seats
    again = [f"{n}号" for n in (first, second) if n in swapped]
    if again:
        raise Rejected(f"{'、'.join(again)}已经被交换过，每名玩家整局只能被交换一次。")
    nights.record(game, STEP, seat, (first, second), f"已记录：今晚交换{first}号和{second}号。")


def _close(game: Game, timed_out: bool) -> None:
    """The seats of tonight's swap are swapped for good (a void swap too: it is not told)."""
    night = game.night
    assert night is not None
    for seat, pair in nights.acts(game, STEP).items():
        if pair is None:
            continue
        state = game_state(game, Swapped)
        state.seats.update(pair)
        state.used = True
        night.notes.append(f"{seat}号（魔术师）交换{pair[0]}号和{pair[1]}号")


def redirect(game: Game, user: int | None, target: int) -> int:
    """A night skill aimed at one of tonight's swapped seats lands on the other."""
    for first, second in nights.choice(game, STEP).values():
        if target == first:
            target = second
        elif target == second:
            target = first
    return target


def describe(game: Game, seat: int) -> list[str]:
    times = "一局一次" if option(game, NAME, TIMES.name) == "一局一次" else "每晚"
    state = "（已用过）" if _spent(game) else ""
    return [
        f"交换 —— {times}交换两名存活玩家（可以有自己；/交换 A号 B号）{state}：当夜所有指向其中一人的夜里技能改为指向"
        "另一人；每名玩家整局只能被交换一次"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚交换两名玩家，当夜指向其中一人的夜里技能改为指向另一人（/交换 A号 B号）",
        options=(TIMES,),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), _swap, passes=STEP)],
        describe=describe,
        redirect=redirect,
    )
)
