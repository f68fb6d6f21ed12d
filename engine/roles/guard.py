"""守卫 (standard-boards.md): each night guards one seat, himself too, or nobody (空守); never the same
seat two nights running.  A guarded seat is not killed by the wolves that night; the guard stops no
poison.  A seat both guarded and saved by the witch's 解药 the same night leaves (同守同救).

The 守护 is a status (engine/damage.py): at the resolution's 守护 stage the guarded seat gets a [守护]
for the night that counts against the wolves' kill only (the filter `WOLF_KILL_ONLY`).  It is granted
before 长老's 长寿之命: the guarded kill never lands, so it is no 有效指杀 and spends no life (ruling 6 of
docs/rulings-board-files.md).  Games opened before 0.5.0 granted it at the 保护 stage, after the life,
with 女巫's 救药 in roster order, and rebuild so.

Options a board file may set: 自守 (可以 | 不可以), 同守同救 (出局 | 救活), 连守 (不可以 | 可以:
common-boards.md 2.10.9, the same seat two nights running allowed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage, immunity, status
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, NightPart, OptionDef, RoleDef, option, register, seat_state
from bansha_engine.model import GUARDED_AND_SAVED, KILL, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.parse import is_none_word
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role
from bansha_engine.roles import witch
from bansha_engine.version import opened_since

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "守卫"
STEP = "guard"
NOBODY = 0  # the choice of an empty guard (空守)
WOLF_KILLS = (KILL, "狼人")  # the sources of Night.kills a guard stops: the wolves' kill only
PROTECTION = "守卫的守护"  # the skill of the [守护] he grants
WOLF_KILL_ONLY = "狼人的刀"  # its filter

GUARD_BEFORE_LIFE_RELEASE = "0.5.0"  # games opened since: the 守护 meets the kill before 长寿之命

SELF_GUARD = OptionDef("自守", ("可以", "不可以"), "可以", "守卫能否守护自己")
BOTH = OptionDef(
    "同守同救", ("出局", "救活"), "出局", "同一晚既被守护又被女巫救的玩家：出局（同守同救）或救活"
)
TWICE = OptionDef("连守", ("不可以", "可以"), "不可以", "能否连续两晚守护同一名玩家")


@dataclass
class GuardState:
    """The guard's latest night and whom he guarded then (None: nobody), for 不能连续两晚."""

    night: int = 0
    target: int | None = None


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="守卫守护",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        hint="/守护 N号 或 /守护 空",
    )


def _open(game: Game) -> None:
    for seat in nights.actors(game, STEP):
        barred = _barred(game, seat)
        note = f"（不能连续两晚守护{barred}号）" if barred else ""
        _tell(game, seat, f"请选择守护对象：/守护 N号，或 /守护 空{note}")


def _tell(game: Game, seat: int, text: str) -> None:
    night = game.night
    assert night is not None
    game.tell(seat, f"【第{night.no}夜】{text}（{game.clock(night.due[STEP])}截止）")


def _barred(game: Game, seat: int) -> int | None:
    """The seat this guard guarded last night, which he may not guard tonight (unless 连守: 可以)."""
    state = seat_state(game, seat, GuardState)
    night = game.night
    if night is None or state.night != night.no - 1 or twice_allowed(game):
        return None
    return state.target


def twice_allowed(game: Game) -> bool:
    return option(game, NAME, TWICE.name) == "可以"


def _guard(game: Game, seat: int, args: list[str], self_guard: bool) -> None:
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise Rejected("用法：/守护 N号，或 /守护 空")
    nights.refuse_if_final(game, STEP, seat)
    if is_none_word(args[0]):
        nights.record(game, STEP, seat, NOBODY, "已记录：今晚空守。")
        return
    target = game.living_target(args[0], not_self=None if self_guard else seat, what="守护对象")
    if target == _barred(game, seat):
        raise Rejected(f"不能连续两晚守护同一名玩家：你昨晚守护了{target}号。")
    nights.record(game, STEP, seat, target, f"已记录：今晚守护{target}号。")


def _skills(options: dict[str, str]) -> list[Skill]:
    self_guard = options.get(SELF_GUARD.name, SELF_GUARD.default) == "可以"
    return [
        Skill(
            "守护",
            ("守护",),
            lambda game, seat, args: _guard(game, seat, args, self_guard),
            passes=STEP,
        )
    ]


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat in game.with_role(NAME):
        choice = nights.acts(game, STEP).get(seat)  # None: passed or timed out; NOBODY: 空守
        state = seat_state(game, seat, GuardState)
        state.night, state.target = night.no, choice or None
        if choice is not None:
            night.notes.append(f"{seat}号（守卫）{f'守护{choice}号' if choice else '空守'}")


def guarded_tonight(game: Game) -> set[int]:
    """The seats the 守护 lands on tonight (换位 may move it)."""
    return {aimed(game, seat, target) for seat, target in nights.choice(game, STEP).items() if target}


def _wolf_kill(game: Game, holder: int, hit: damage.Damage) -> bool:
    return hit.skill in WOLF_KILLS


status.FILTERS[WOLF_KILL_ONLY] = _wolf_kill


def _protect_first(game: Game) -> None:
    """Resolution (守护): each guarded seat holds a [守护] against the wolves' kill for the night, met
    before any other protection but 医生's 救治: the kill is stopped before it lands."""
    if opened_since(game.opened_by, GUARD_BEFORE_LIFE_RELEASE):
        _protect(game)


def _protect_as_before(game: Game) -> None:
    """Resolution (保护), in games opened before 0.5.0: the [守护] met after 长老's 长寿之命, and with
    女巫's 救药 in roster order."""
    if not opened_since(game.opened_by, GUARD_BEFORE_LIFE_RELEASE):
        _protect(game)


def _protect(game: Game) -> None:
    for seat, target in nights.choice(game, STEP).items():
        if target:
            hit = aimed(game, seat, target)
            damage.protect_tonight(game, hit, PROTECTION, source=seat, against=WOLF_KILL_ONLY)


def _stopped(game: Game, hit: damage.Damage) -> str:
    """The wolves' kill on a guarded seat does not take (the 同守同救 exit comes later, below)."""
    return f"{hit.target}号被狼人指杀，守卫守护生效"


damage.ON_CANCEL[PROTECTION] = _stopped


def _both_deaths(game: Game) -> None:
    """Resolution (其他出局): a seat the wolves killed tonight that was both guarded and saved by the
    witch leaves (同守同救), unless the board says 救活; not a seat immune to the kill tonight (a 梦游者:
    the kill did nothing to him, nor did the guard or the save)."""
    night = game.night
    assert night is not None
    if option(game, NAME, BOTH.name) != "出局":
        return
    hits = {aimed(game, None, target) for target, source in night.kills if source in WOLF_KILLS}
    killed = {seat for seat in hits if not immunity.immune(game, seat, KILL)}  # not a 梦游者
    both = sorted(guarded_tonight(game) & witch.saved_tonight(game) & killed)
    both = [seat for seat in both if game.seats[seat].alive]  # a 穿透 kill went past both (机械狼)
    for seat in both:
        night.notes.append(f"{seat}号同时被守卫守护和女巫救药：同守同救，出局")
    game.push_front([game.exit_effect(seat, GUARDED_AND_SAVED) for seat in both])


def describe(game: Game, seat: int) -> list[str]:
    self_note = "可以守护自己" if option(game, NAME, SELF_GUARD.name) == "可以" else "不能守护自己"
    twice = "可以连续两晚守护同一名玩家" if twice_allowed(game) else "不能连续两晚守护同一名玩家"
    lines = [f"守护 —— 每晚守护一名玩家（{self_note}），或空守；{twice}（/守护 N号、/守护 空）"]
    lines.append("被守护的玩家当晚不会被狼人刀杀；守护挡不住毒药。")
    if option(game, NAME, BOTH.name) == "出局":
        lines.append("同一名玩家当晚既被守护又被女巫救，该玩家出局（同守同救）。")
    state = seat_state(game, seat, GuardState)
    if state.night:
        lines.append(f"第{state.night}夜：{f'守护{state.target}号' if state.target else '未守护'}")
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚守护一名玩家使其不被狼人刀杀（不能连续两晚守同一人）；同守同救则出局",
        options=(SELF_GUARD, BOTH, TWICE),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=_skills,
        describe=describe,
        resolution={"守护": _protect_first, "保护": _protect_as_before, "其他出局": _both_deaths},
    )
)
