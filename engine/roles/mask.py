"""假面 (common-boards.md 3.2): a lone wolf (2.8: outside the wolf group, knowing nobody; he takes
the knife once the group has no living member), who may not 自爆 (ruling of the post, as every lone
wolf) and is immune to the poison.

From night 2, in a step after the 舞者's (`夜晚` writes 假面; NightPart.needs), two commands, both
optional:

- `/舞池 N号`: answered at once 「N号在舞池中」 or 「N号不在舞池中」 (the post's ruling: so that he
  may choose his mask), read on the three seats the 舞者 chose tonight.  Once a night (ruling: a second
  look would lay the whole floor bare).
- `/面具 N号`: N号's camp counts the other way round in tonight's dance (dancer.reverse_tonight), on
  the seat the mask lands on (a swap may move it).  Choosing it ends his step, as any step's choice.

Neither names the same seat two nights running.  Sealed, he is refused (封印告知: 可以), or taken in
vain (不可以): a look then answers nothing, a mask does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import seal
from bansha_engine.api import Rejected
from bansha_engine.library import (
    LONE_WOLF,
    WOLF,
    NightPart,
    RoleDef,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import POISON, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role
from bansha_engine.roles import dancer

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "假面"
STEP = "mask"
LOOK = "舞池"
MASK = "面具"


@dataclass
class Looks:
    """The seat each look named, by night: 「不能连续两晚对同一人」, and one look a night."""

    by_night: dict[int, int] = field(default_factory=dict)


MASKING = NightChoice(
    NAME,
    STEP,
    MASK,
    not_self=False,
    not_again="不能连着两晚给同一名玩家戴面具：你昨晚给{}号戴了面具。",
    ack="已记录：今晚给{}号戴上面具。",
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return MASKING.night_step(
        deadline,
        after,
        title="假面",
        prompt="可以查看一名玩家是否在舞池中：/舞池 N号（立即回答，每晚一次）；可以给一名玩家戴上面具，"
        "今晚共舞时他的阵营反过来算：/面具 N号；都不用请 /放弃",
        hint="/舞池 N号、/面具 N号 或 /放弃",
        on_close=_close,
        from_night=2,
    )


def _night_no(game: Game) -> int:
    night = game.night
    assert night is not None
    return night.no


def _look(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/舞池 N号")
    target = game.living_target(args[0], what="查看对象")
    looks = peek_seat_state(game, seat, Looks).by_night
    if _night_no(game) in looks:
        raise Rejected(f"每晚只能查看一次舞池：你今晚已经查看了{looks[_night_no(game)]}号。")
    if target == looks.get(_night_no(game) - 1):
        raise Rejected(f"不能连着两晚查看同一名玩家：你昨晚查看了{target}号。")
    seat_state(game, seat, Looks).by_night[_night_no(game)] = target
    night = game.night
    assert night is not None
    if seal.sealed(game, seat) is not None:  # 封印告知: 不可以: taken, in vain
        game.reply(f"已记录：今晚查看{target}号。")
        return
    where = "在舞池中" if target in dancer.dance_floor(game) else "不在舞池中"
    night.notes.append(f"{seat}号（假面）查看舞池：{target}号{where}")
    game.reply(f"{target}号{where}。")


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, STEP).items():
        if target is not None:
            night.notes.append(f"{seat}号（假面）给{target}号戴上面具")


def _put_on(game: Game) -> None:
    """Resolution (告知结果): each standing mask turns the camp of the seat it lands on for the dance."""
    for seat, chosen in nights.choice(game, STEP).items():
        dancer.reverse_tonight(game, aimed(game, seat, chosen))


def describe(game: Game, seat: int) -> list[str]:
    return [
        "你是单身狼：不在狼群里，不投狼群的刀，也不知道狼队是谁；狼群没有存活的成员后，从下一夜起由你刀人。不能自爆。",
        "舞池 —— 第2夜起，在舞者之后，可以查看一名玩家今晚是否在舞池中，立即得到回答（每晚一次；/舞池 N号）",
        "面具 —— 第2夜起，可以给一名玩家戴上面具，今晚共舞结算时他的阵营反过来算（/面具 N号）",
        "两个命令都不能连着两晚对同一名玩家。你免疫毒药。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="单身狼，免疫毒药；第2夜起在舞者之后查看舞池（/舞池 N号），给一人戴面具使他共舞时阵营反转（/面具 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step, needs=(dancer.NAME,)),),
        skills=lambda options: [
            Skill(LOOK, (LOOK,), _look, passes=STEP),
            Skill(MASK, (MASK,), MASKING.choose, passes=STEP),
        ],
        describe=describe,
        resolution={"告知结果": _put_on},
        immune=lambda game, seat, cause: cause == POISON,
        pack=LONE_WOLF,
        self_destructs=False,
    )
)
