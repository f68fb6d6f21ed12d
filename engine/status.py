"""Statuses (状态): instances on seats, with a source, an end, filters and immunities.

Each grant is its own instance (「即使状态名字相同，也会分别得知并分别计算结束时间」): who gave it, with which
skill, when it ends (a `Boundary`, or never), a count for [守护：X], a filter for the 「仅针对…」
protections, and the [强制] skill that provides it (the status lapses while that skill is lost).
A [守护] granted without counters (count 0: the classic boards' 守卫 守护, 女巫 救药, 医生 救治, each
for one night) stops every 指杀 until it ends.
Composite statuses carry several effects (恐惧 = 沉默 + 缴械).  [秩序] clears and blocks negative
statuses, [漏洞] clears and blocks non-negative ones, and a seat hit by 归元 never holds a status
again.  Statuses stay on dead seats and keep running.  Holders are told of negative statuses (with
exceptions) and of nothing else unless a skill says so; notices go through `notify`, which holds
them back until the running night slot ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from bansha_engine import skills
from bansha_engine.library import game_state, peek_seat_state, seat_state
from bansha_engine.timeline import Boundary, is_night

if TYPE_CHECKING:
    from bansha_engine.damage import Damage
    from bansha_engine.game import Game

NEGATIVE = frozenset(
    {"沉默", "缴械", "遗忘", "超度", "迷魂", "寡言", "流血", "漏洞", "业炎", "净化", "冰冻", "恐惧"}
)
NON_NEGATIVE = frozenset({"隐身", "守护", "坚韧", "霸道", "不死", "自由", "独裁", "秩序", "混沌"})
COMPOSITES: dict[str, tuple[str, ...]] = {
    "业炎": ("沉默", "超度", "遗忘"),
    "净化": ("沉默", "超度", "遗忘"),
    "冰冻": ("沉默", "缴械"),
    "恐惧": ("沉默", "缴械"),
}


@dataclass
class Sealed:
    """归元 (and 炼金 −16…−20): the seat never gains a status again."""

    for_good: bool = False


def seal(game: Game, seat: int) -> None:
    seat_state(game, seat, Sealed).for_good = True


def sealed(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, Sealed).for_good


@dataclass
class StatusSerial:
    last: int = 0  # the serial of the last status given: statuses are ordered by it


@dataclass
class Status:
    name: str
    source: int | None  # the seat that gave it (None: the game itself)
    skill: str  # the skill or rule that gave it
    serial: int  # grant order, for "earliest first" among equal ends
    until: Boundary | None  # None: permanent
    count: int = 0  # [守护：X]: counters left
    against: str = ""  # a filter name in FILTERS: the status only counts against such sources
    forced_skill: str = ""  # the [强制] skill providing it: lapses while that skill is lost
    told: bool = False

    @cached_property  # read for every skill checked; a status keeps its name
    def effects(self) -> tuple[str, ...]:
        return COMPOSITES.get(self.name, (self.name,))

    @property
    def negative(self) -> bool:
        return self.name in NEGATIVE

    @property
    def end_position(self) -> float:
        return float("inf") if self.until is None else self.until.position

    def label(self) -> str:
        name = f"守护：{self.count}" if self.name == "守护" and self.count else self.name
        return f"[{name}]"

    def end_text(self) -> str:
        return "永久" if self.until is None else f"持续至{self.until.text()}"


# A filter decides whether a protection counts against a damage to `holder` (its source, its skill).
Filter = Callable[["Game", int, "Damage"], bool]
FILTERS: dict[str, Filter] = {}
# 「[遗忘]：仅在角色持有[强制]技能时会得知」, 「[超度]：仅在角色[带刀]…时会得知」: name -> who is told.
TOLD_ONLY_IF: dict[str, Callable[[Game, int], bool]] = {
    "遗忘": lambda game, seat: skills.holds_forced(game, seat),
    "超度": lambda game, seat: skills.carries_knife(game, seat),
}
NEVER_TOLD = frozenset({"流血"})  # 「[流血]：该状态不予通知」


def statuses(game: Game, seat: int) -> list[Status]:
    """The statuses in force on a seat (those whose providing [强制] skill is lost are left out)."""
    return [s for s in game.seats[seat].statuses if _in_force(game, seat, s)]


def _in_force(game: Game, seat: int, status: Status) -> bool:
    """「若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效」."""
    return not status.forced_skill or skills.holds(game, seat, status.forced_skill)


def has(game: Game, seat: int, effect: str) -> bool:
    """Whether a status in force on `seat` has this effect (composites count: 恐惧 silences)."""
    for status in game.seats[seat].statuses:  # a loop, not any(): this runs for every skill checked
        if effect in status.effects and _in_force(game, seat, status):
            return True
    return False


def has_for_good(game: Game, seat: int, effect: str) -> bool:
    """Whether a permanent status (one without an end) in force on `seat` has this effect."""
    for status in game.seats[seat].statuses:  # a loop, as in has()
        if status.until is None and effect in status.effects and _in_force(game, seat, status):
            return True
    return False


def holding(game: Game, seat: int, effect: str) -> list[Status]:
    return [s for s in game.seats[seat].statuses if effect in s.effects and _in_force(game, seat, s)]


def blocked(game: Game, seat: int, name: str) -> bool:
    """Whether a new status `name` cannot take hold on `seat` (归元, 秩序 vs negatives, 漏洞 vs the rest).

    「与[秩序]一起时后赋予的无效」: whichever of 秩序/漏洞 came first blocks the other, as each blocks the
    other's kind."""
    if sealed(game, seat):
        return True
    if name in NEGATIVE and has(game, seat, "秩序"):
        return True
    return name in NON_NEGATIVE and has(game, seat, "漏洞")


def grant(
    game: Game,
    seat: int,
    name: str,
    *,
    source: int | None,
    skill: str,
    until: Boundary | None,
    count: int = 0,
    against: str = "",
    forced_skill: str = "",
    told: bool | None = None,
) -> Status | None:
    """Give `seat` a status; None when it cannot take hold.  Told holders get a notice."""
    if blocked(game, seat, name):
        return None
    serials = game_state(game, StatusSerial)
    serials.last += 1
    serial = serials.last
    if told is None:
        told = is_told(game, seat, name)
    status = Status(name, source, skill, serial, until, count, against, forced_skill, told)
    if name == "秩序":
        clear(game, seat, lambda s: s.negative)
    elif name == "漏洞":
        clear(game, seat, lambda s: not s.negative)
    game.seats[seat].statuses.append(status)
    if status.told:
        notify(game, seat, f"你获得了{status.label()}状态，{status.end_text()}。")
    return status


def is_told(game: Game, seat: int, name: str) -> bool:
    """「附加这些状态特效时，角色会得知被附加的效果」 for negative statuses, with the post's exceptions."""
    if name in NEVER_TOLD or name not in NEGATIVE:
        return False
    rule = TOLD_ONLY_IF.get(name)
    return rule is None or rule(game, seat)


def clear(game: Game, seat: int, which: Callable[[Status], bool]) -> list[Status]:
    """Remove the matching statuses; holders are told of the removal of statuses they knew of."""
    info = game.seats[seat]
    removed = [s for s in info.statuses if which(s)]
    info.statuses = [s for s in info.statuses if not which(s)]
    for label in _told_labels(removed):
        notify(game, seat, f"你的{label}状态已消除。")
    return removed


def expire(game: Game, boundary: Boundary) -> None:
    """Statuses ending at `boundary` end now, on every seat (dead ones too)."""
    for seat in game.seats.values():
        ending = [s for s in seat.statuses if s.until == boundary]
        if not ending:
            continue
        seat.statuses = [s for s in seat.statuses if s.until != boundary]
        for label in _told_labels(ending):
            notify(game, seat.no, f"你的{label}状态已结束。")


def _told_labels(statuses: list[Status]) -> list[str]:
    """The labels of the told statuses, each once (two instances of one status end in one notice)."""
    return list(dict.fromkeys(s.label() for s in statuses if s.told))


def counts_against(game: Game, status: Status, holder: int, damage: Damage) -> bool:
    """Whether a filtered protection applies to this damage."""
    if not status.against:
        return True
    return FILTERS[status.against](game, holder, damage)


def use_up(game: Game, seat: int, status: Status) -> None:
    """One counter of a [守护：X] is spent; at zero the status is gone.  A [守护] without counters
    (count 0) is not spent: it lasts until it ends."""
    if status.count == 0:
        return
    status.count -= 1
    if status.count <= 0 and status in game.seats[seat].statuses:
        game.seats[seat].statuses.remove(status)


def notify(game: Game, seat: int, text: str) -> None:
    """A private notice: at once by day; at night, when the running slot ends (「夜晚阶段，则需要
    等待当前行动时间段结束之后再通知」)."""
    night = game.night
    if night is not None and is_night(game.part):
        night.notices.append((seat, text))
    else:
        game.tell(seat, text)


def flush_notices(game: Game) -> None:
    night = game.night
    if night is None:
        return
    notices, night.notices = night.notices, []
    for seat, text in notices:
        game.tell(seat, text)


def describe(game: Game, seat: int, *, everything: bool) -> list[str]:
    """Status lines for `/身份` (only what the holder was told) or the directors' `/状态` (all)."""
    lines = []
    for status in game.seats[seat].statuses:
        if not (everything or status.told):
            continue
        line = f"{status.label()}{status.end_text()}"
        if everything:
            origin = f"{status.source}号" if status.source else "规则"
            lapsed = "" if _in_force(game, seat, status) else "，技能已失去而失效"
            line += f"（来源：{origin}{status.skill}{lapsed}）"
        lines.append(line)
    return lines
