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
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors
from bansha_engine.roles import dancer

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "假面"
STEP = "mask"
LOOK = "舞池"
MASK = "面具"


@dataclass
class MaskNights:
    """The seat each command named, by night: 「不能连续两晚对同一人」, and one look a night."""

    looks: dict[int, int] = field(default_factory=dict)
    masks: dict[int, int] = field(default_factory=dict)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="假面",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(
            game,
            STEP,
            "可以查看一名玩家是否在舞池中：/舞池 N号（立即回答，每晚一次）；可以给一名玩家戴上面具，"
            "今晚共舞时他的阵营反过来算：/面具 N号；都不用请 /放弃",
        ),
        on_close=_close,
        from_night=2,
        hint="/舞池 N号、/面具 N号 或 /放弃",
    )


def _night_no(game: Game) -> int:
    night = game.night
    assert night is not None
    return night.no


def _last_night(named: dict[int, int], game: Game) -> int | None:
    return named.get(_night_no(game) - 1)


def _look(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/舞池 N号")
    target = game.living_target(args[0], what="查看对象")
    state = peek_seat_state(game, seat, MaskNights)
    if _night_no(game) in state.looks:
        raise Rejected(f"每晚只能查看一次舞池：你今晚已经查看了{state.looks[_night_no(game)]}号。")
    if target == _last_night(state.looks, game):
        raise Rejected(f"不能连着两晚查看同一名玩家：你昨晚查看了{target}号。")
    seat_state(game, seat, MaskNights).looks[_night_no(game)] = target
    night = game.night
    assert night is not None
    if seal.sealed(game, seat) is not None:  # 封印告知: 不可以: taken, in vain
        game.reply(f"已记录：今晚查看{target}号。")
        return
    where = "在舞池中" if target in dancer.dance_floor(game) else "不在舞池中"
    night.notes.append(f"{seat}号（假面）查看舞池：{target}号{where}")
    game.reply(f"{target}号{where}。")


def _mask(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/面具 N号")
    target = game.living_target(args[0], what="面具对象")
    if target == _last_night(peek_seat_state(game, seat, MaskNights).masks, game):
        raise Rejected(f"不能连着两晚给同一名玩家戴面具：你昨晚给{target}号戴了面具。")
    nights.record(game, STEP, seat, target, f"已记录：今晚给{target}号戴上面具。")


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, STEP).items():
        if target is not None:
            seat_state(game, seat, MaskNights).masks[night.no] = target
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
            Skill(MASK, (MASK,), _mask, passes=STEP),
        ],
        describe=describe,
        resolution={"告知结果": _put_on},
        immune=lambda game, seat, cause: cause == POISON,
        pack=LONE_WOLF,
        self_destructs=False,
    )
)
