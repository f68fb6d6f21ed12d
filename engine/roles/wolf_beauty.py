"""狼美人 (standard-boards.md): a wolf who votes in the wolf group; each night after the wolves' kill
she charms one other seat (`/魅惑 N号`, in private chat), who is not told.  When she leaves, by any
means, the seat she charmed last leaves with her (殉情) if it is still in the game.

Options (common-boards.md 3.4; each default is the standard post's): 被狼刀 (可以 | 不可以: the
wolves' `/刀` naming her is refused), 连续魅惑 (可以 | 不可以: not the same seat two nights running),
决斗殉情 (可以 | 不可以: out by the 骑士's 决斗, her charmed seat stays)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import pack
from bansha_engine.api import Rejected
from bansha_engine.library import WOLF, NightPart, OptionDef, RoleDef, option, register, seat_state
from bansha_engine.model import DUEL, LOVE_SUICIDE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼美人"
STEP = "charm"

KILLED_BY_WOLVES = OptionDef(
    "被狼刀", ("可以", "不可以"), "可以", "狼人的刀能否选中她：不可以时 /刀 她被拒绝"
)
TWICE = OptionDef("连续魅惑", ("可以", "不可以"), "可以", "能否连续两晚魅惑同一名玩家")
DUEL_TAKES = OptionDef(
    "决斗殉情",
    ("可以", "不可以"),
    "可以",
    "她被骑士决斗出局时，被魅惑的玩家是否随她出局（殉情）",
)


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
    if target == _barred(game, seat):
        nights.require_actor(game, STEP, seat)
        raise Rejected(f"不能连续两晚魅惑同一名玩家：你昨晚魅惑了{target}号。")
    nights.record(game, STEP, seat, target, f"已记录：今晚魅惑{target}号（对方不会知道）。")


def _barred(game: Game, seat: int) -> int | None:
    """连续魅惑: 不可以 — the seat she charmed last night, which she may not charm tonight."""
    night = game.night
    if night is None or option(game, NAME, TWICE.name) == "可以":
        return None
    state = seat_state(game, seat, CharmState)
    return state.target if state.night == night.no - 1 and state.target else None


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
    """「狼美人出局时（以任何方式），她最近一次魅惑的、仍存活的玩家随之出局（殉情）」; out by a 决斗
    under 决斗殉情: 不可以, alone."""
    if game.seats[seat].role != NAME:
        return []
    if cause == DUEL and option(game, NAME, DUEL_TAKES.name) != "可以":
        return []
    return [lambda: _take_charmed(game, seat)]


def _take_charmed(game: Game, seat: int) -> None:
    target = charmed(game, seat)
    if target is None:
        return
    game.tell_directors(f"{seat}号（狼美人）出局，她最近魅惑的{target}号随之出局（殉情）。")
    game.leave(target, LOVE_SUICIDE)


def _kill_refusal(game: Game, seat: int) -> str | None:
    """被狼刀: 不可以 — the wolves' `/刀` may not choose her (2.2 第5条), a member of their group whom
    they know (out of it, a 黑情侣, she is a seat like another: refusing would tell her role)."""
    if option(game, NAME, KILLED_BY_WOLVES.name) == "可以" or not pack.in_pack(game, seat):
        return None
    return f"{seat}号是狼美人，这个板子狼人的刀不能选她。"


def describe(game: Game, seat: int) -> list[str]:
    state = seat_state(game, seat, CharmState)
    lines = [
        "魅惑 —— 每晚狼人刀人之后私聊 /魅惑 N号 魅惑一名其他玩家，对方不知情；"
        "你出局时（以任何方式），你最近一次魅惑的、仍存活的玩家随之出局（殉情）",
    ]
    if option(game, NAME, TWICE.name) != "可以":
        lines.append("不能连续两晚魅惑同一名玩家")
    if option(game, NAME, DUEL_TAKES.name) != "可以":
        lines.append("被骑士决斗出局时，被魅惑的玩家不随你出局")
    if option(game, NAME, KILLED_BY_WOLVES.name) != "可以":
        lines.append("狼人的刀不能选你")
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
        options=(KILLED_BY_WOLVES, TWICE, DUEL_TAKES),
        triggers={"殉情": _triggers},
        kill_refusal=_kill_refusal,
        self_destructs=False,  # 「狼美人不能自爆」 (common-boards.md 2.1 第1条, 3.4 补充1)
    )
)
