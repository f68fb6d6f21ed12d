"""狼术师 (common-boards.md 3.2, 2.10.4): a wolf of the group who each night swaps two different living
seats (`/换位 A号 B号`, himself too), with no limit on how often.

At the resolution every night skill aimed at A hits B and every one aimed at B hits A — the wolves'
kill, the 救药, the poison, the 守护, the checks … (RoleDef.redirect, applied in the 夜晚 order of his
step, after the 魔术师's where the file puts him later).  Nobody is told: a result names the seat
chosen with what was found on the seat hit, and the witch learns the seat the wolves chose.  A last
shot, a day skill and the vote are never swapped.  He is not told the 魔术师's swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import PACK_MEMBER, WOLF, NightPart, RoleDef, register
from bansha_engine.model import WOLVES, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼术师"
STEP = "wolf_magician"


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="狼术师换位",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "请选择交换的两名玩家：/换位 A号 B号，或 /放弃"),
        on_close=_close,
        hint="/换位 A号 B号",
    )


def _swap(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 2:
        raise Rejected("用法：/换位 A号 B号（两名不同的存活玩家）")
    first, second = (game.living_target(word, what="换位对象") for word in args)
    if first == second:
        raise Rejected("换位须是两名不同的玩家。")
    pair = (min(first, second), max(first, second))
    nights.record(game, STEP, seat, pair, f"已记录：今晚交换{pair[0]}号和{pair[1]}号。")


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, (first, second) in nights.choice(game, STEP).items():
        night.notes.append(f"{seat}号（狼术师）交换{first}号和{second}号")


def _swapped(game: Game, user: int | None, target: int) -> int:
    """The seat a skill aimed at `target` hits after tonight's swaps of the 狼术师 (by seat, if two)."""
    for _, (first, second) in sorted(nights.choice(game, STEP).items()):
        if target == first:
            target = second
        elif target == second:
            target = first
    return target


def describe(game: Game, seat: int) -> list[str]:
    return [
        "换位 —— 每晚交换两名存活玩家（/换位 A号 B号，可以有自己，没有次数限制）：结算时，这一夜所有指向A的"
        "夜里技能（包括狼刀）改为指向B，指向B的改为指向A；最后一枪、白天技能和放逐不受影响。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚交换两名玩家（/换位 A号 B号），这一夜指向他们的夜里技能互换目标（包括狼刀）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("换位", ("换位",), _swap, passes=STEP)],
        describe=describe,
        pack=PACK_MEMBER,
        redirect=_swapped,
    )
)
