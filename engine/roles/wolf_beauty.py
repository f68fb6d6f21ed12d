"""狼美人 (standard-boards.md): a wolf who votes in the wolf group; each night after the wolves' kill
she charms one other seat (`/魅惑 N号`, in private chat), who is not told.  When she leaves, by any
means, the seat she charmed last leaves with her (殉情) if it is still in the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import WOLF, NightPart, RoleDef, register, seat_state
from bansha_engine.model import LOVE_SUICIDE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼美人"
STEP = "charm"


@dataclass
class CharmState:
    night: int = 0  # the night of her latest charm; 0 = none yet
    target: int = 0


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="狼美人魅惑",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "狼人刀人已结束，请选择魅惑对象：/魅惑 N号，或 /放弃"),
        on_close=_close,
        hint="/魅惑 N号",
    )


def _charm(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise Rejected("用法：/魅惑 N号（一名其他玩家）")
    nights.refuse_if_final(game, STEP, seat)
    target = game.living_target(args[0], not_self=seat, what="魅惑对象")
    nights.record(game, STEP, seat, target, f"已记录：今晚魅惑{target}号（对方不会知道）。")


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        state = seat_state(game, seat, CharmState)
        state.night, state.target = night.no, target
        night.notes.append(f"{seat}号（狼美人）魅惑{target}号")


def charmed(game: Game, seat: int) -> int | None:
    """The seat she charmed last, while it is in the game (an earlier charm does not come back)."""
    state = seat_state(game, seat, CharmState)
    return state.target if state.target and game.seats[state.target].alive else None


def _triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    """「狼美人出局时（以任何方式），她最近一次魅惑的、仍存活的玩家随之出局（殉情）」."""
    if game.seats[seat].role != NAME:
        return []
    return [lambda: _take_charmed(game, seat)]


def _take_charmed(game: Game, seat: int) -> None:
    target = charmed(game, seat)
    if target is None:
        return
    game.tell_directors(f"{seat}号（狼美人）出局，她最近魅惑的{target}号随之出局（殉情）。")
    game.leave(target, LOVE_SUICIDE)


def describe(game: Game, seat: int) -> list[str]:
    state = seat_state(game, seat, CharmState)
    lines = [
        "魅惑 —— 每晚狼人刀人之后私聊 /魅惑 N号 魅惑一名其他玩家，对方不知情；"
        "你出局时（以任何方式），你最近一次魅惑的、仍存活的玩家随之出局（殉情）",
    ]
    if state.target:
        alive = "" if game.seats[state.target].alive else "（已出局）"
        lines.append(f"最近一次魅惑：第{state.night}夜，{state.target}号{alive}")
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚狼人刀人后魅惑一名玩家，她出局时最近被魅惑的玩家随之殉情",
        night=lambda options: (NightPart(NAME, STEP, _step, needs=("狼人",)),),
        skills=lambda options: [Skill("魅惑", ("魅惑",), _charm, passes=STEP)],
        describe=describe,
        triggers={"殉情": _triggers},
        self_destructs=False,  # 「狼美人不能自爆」 (common-boards.md 2.1 第1条, 3.4 补充1)
    )
)
