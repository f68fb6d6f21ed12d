"""Per-seat skills: what each seat holds, when it may use it, and how uses are taken and spent.

A `SkillSpec` states a skill as the rule post writes it: its time slot ([正午], [深夜] …), its tags
([强制], [限定], [X] uses, [翻牌]), its range (how many seats, oneself or not, 「不能连续两晚选择同一个
角色」, 「每名角色只能被选择一次」, 「第二晚开始」) and its effect.  Each seat holds `SkillState`s: uses left,
targets chosen before, lost or gained.  A use typed by a player is checked here against the seat's
statuses ([沉默] stops every skill but [强制] ones and 杀人, [缴械]/[超度] stop 杀人, [遗忘] takes the
[强制] ones) and recorded; day skills resolve at once, night ones when their slot closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.parse import seat_number, seat_words

if TYPE_CHECKING:
    from bansha_engine.game import Game

KILL = "杀人"


@dataclass(frozen=True)
class Use:
    """One use of a skill: whose skill, on whom, and who typed it (蚀日侍女 may operate a seat)."""

    seat: int
    skill: str
    targets: tuple[int, ...] = ()
    argument: str = ""
    by: int = 0  # who gave the command; 0 = the seat itself
    extra: bool = False  # the extra use granted by 时波增幅

    @property
    def user(self) -> int:
        """Who gets the feedback: the operator when there is one."""
        return self.by or self.seat


@dataclass(frozen=True)
class SkillSpec:
    name: str
    slots: tuple[str, ...]  # the parts it is used in: ("正午",), ("早夜1",) …; () for passives/triggers
    # Its place in the night (行动顺序总集): the slot it acts in, when its part holds several (凌晨1),
    # and its rank there; a slot's skills resolve in rank order (10, 20, 30 … in the post's order)
    slot: str = ""
    rank: int = 0
    words: tuple[str, ...] = ()  # further command words besides the name
    forced: bool = False  # [强制]: cannot be passed; chosen at random on timeout
    limited: bool = False  # [限定]: once a game
    uses: int | None = None  # [X]: the starting count; None = no count
    per_day: int | None = 1  # uses per game day (day N and night N); None = as many as the count allows
    from_night: int = 1  # 「第二晚开始」 = 2; for day skills, the first game day it is usable on
    targets: tuple[int, int] = (1, 1)  # how many seats (fewest, most); (0, 0) takes none
    target_self: bool = True  # 「除自己外」/「其他」 = False
    target_dead: bool = False  # may name seats that left (重定时间)
    not_repeat: bool = False  # 「不能连续两晚（两天）选择同一个角色」
    once_per_target: bool = False  # 「每名角色只能被选择一次」
    excludes: tuple[str, ...] = ()  # 「发动后不可发动…」: skills barred once this one is used
    argument: str = ""  # one more word after the seats: "整数" or "身份"
    kill: bool = False  # 杀人: stopped by 缴械/超度, not by 沉默
    usable_dead: bool = False  # usable after the holder left (定序王子 in 黄昏, a gift of 天火)
    hint: str = ""  # how to type it, for /身份 and reminders
    effect: Callable[[Game, Use], None] | None = None  # the effect, in the post's order within the slot
    rule: Callable[[Game, Use], None] | None = None  # further checks on a use (raises Rejected)
    # Why the seat has nothing to use it on now (光明湮灭 before a 验人系 is found), or None: the skill
    # is then not offered and the seat is no actor of its slot.
    available: Callable[[Game, int], str | None] | None = None
    random_use: Callable[[Game, int], Use | None] | None = None  # [强制] on timeout: the random choice


@dataclass
class SkillState:
    """A seat's hold on one skill."""

    name: str
    uses_left: int | None = None
    used: int = 0
    lost: bool = False
    one_shot: bool = False  # a gained skill lost after one use (毒药, 天火 of 凋花结果)
    usable_dead: bool = False
    day_uses: dict[int, int] = field(default_factory=dict)  # game day -> uses that day
    day_targets: dict[int, tuple[int, ...]] = field(default_factory=dict)  # game day -> seats chosen
    targeted: set[int] = field(default_factory=set)  # every seat ever chosen


@dataclass
class SkillHolders:
    """Skill name -> the seats that were given it (lost or not), so that a slot's check looks at
    those seats only."""

    seats: dict[str, set[int]] = field(default_factory=dict)


SKILLS: dict[str, SkillSpec] = {}


def register(*specs: SkillSpec) -> tuple[SkillSpec, ...]:
    for spec in specs:
        if spec.name in SKILLS and SKILLS[spec.name] != spec:
            raise ValueError(f"two skills named {spec.name}")
        SKILLS[spec.name] = spec
    return specs


def give(game: Game, seat: int, name: str, *, one_shot: bool = False, usable_dead: bool = False) -> None:
    """The seat holds skill `name` (from the start, or gained: 毒药, 天火, 爆破 …)."""
    spec = SKILLS[name]
    game.seats[seat].skills[name] = SkillState(
        name, uses_left=1 if spec.limited else spec.uses, one_shot=one_shot, usable_dead=usable_dead
    )
    game_state(game, SkillHolders).seats.setdefault(name, set()).add(seat)


def holders(game: Game, names: tuple[str, ...]) -> list[int]:
    """The seats given any of these skills, in seat order."""
    given = peek_game_state(game, SkillHolders).seats
    return sorted({seat for name in names for seat in given.get(name, ())})


def lose(game: Game, seat: int, name: str) -> None:
    state = game.seats[seat].skills.get(name)
    if state is not None:
        state.lost = True


def lose_all(game: Game, seat: int) -> None:
    for state in game.seats[seat].skills.values():
        state.lost = True


# ---------------------------------------------------------------- what a seat holds


def holds(game: Game, seat: int, name: str) -> bool:
    """The seat holds the skill and has not lost it ([遗忘] takes the [强制] ones while it lasts)."""
    return _in_hand(game, seat, SKILLS[name], game.seats[seat].skills.get(name))


def _in_hand(game: Game, seat: int, spec: SkillSpec, state: SkillState | None) -> bool:
    """`holds`, for a caller that has the spec and the seat's state at hand."""
    if state is None or state.lost:
        return False
    return not (spec.forced and forgetting(game, seat))


def forgetting(game: Game, seat: int) -> bool:
    """[遗忘] is on the seat.  (It never comes from the seat's own [强制] skills, so the statuses
    those skills provide need not be looked at — which also keeps this from going round in circles.)"""
    for state in game.seats[seat].statuses:  # noqa: SIM110 -- a loop, not any(): runs for every skill checked
        if not state.forced_skill and "遗忘" in state.effects:
            return True
    return False


def held(game: Game, seat: int) -> list[str]:
    return [name for name in game.seats[seat].skills if holds(game, seat, name)]


def holds_forced(game: Game, seat: int) -> bool:
    state = game.seats[seat].skills
    return any(SKILLS[name].forced and not s.lost for name, s in state.items())


def carries_knife(game: Game, seat: int) -> bool:
    """「实际带刀：若能使用[杀人]技能，则视为带刀」.  A board whose wolves share one kill says who holds
    it through `board.hooks.carries_knife`."""
    rule = game.board.hooks.carries_knife
    return rule(game, seat) if rule is not None else holds(game, seat, KILL)


def blocked_by_status(game: Game, seat: int, spec: SkillSpec) -> str | None:
    """Why the seat's statuses stop this skill now, or None."""
    if spec.kill:
        for effect in ("缴械", "超度"):
            if status.has(game, seat, effect):
                return f"你处于[{effect}]状态，不能发动杀人"
        return None
    if not spec.forced and status.has(game, seat, "沉默"):
        return "你处于[沉默]状态，只能发动[强制]技能"
    return None


def refusal(game: Game, seat: int, name: str, part: str, *, extra: bool = False) -> str | None:
    """Why `seat` cannot use `name` during `part` now, or None when it can."""
    spec = SKILLS[name]
    state = game.seats[seat].skills.get(name)
    if state is None or not _in_hand(game, seat, spec, state):
        return f"你没有可用的{name}技能"
    if not game.seats[seat].alive and not (spec.usable_dead or state.usable_dead):
        return "你已出局，不能发动技能"
    if not extra and spec.slots and state.uses_left is not None and state.uses_left <= 0:
        return f"{name}已经没有剩余次数"  # spent: saying when it could be used would mislead
    if part not in spec.slots:
        when = "或".join(spec.slots) or "被动触发"
        return f"{name}只能在{when}发动" if spec.slots else f"{name}是被动技能，不需要发动"
    if game.day < spec.from_night:
        return f"{name}从第{spec.from_night}{'天' if part in ('正午', '黄昏2') else '晚'}开始才能发动"
    if (why := blocked_by_status(game, seat, spec)) is not None:
        return why
    if spec.available is not None and (why := spec.available(game, seat)) is not None:
        return why
    if (other := excluded_by(game, seat, spec)) is not None:
        return f"已经发动过{other}，不能再发动{name}"
    if extra:
        return None
    if spec.per_day is not None and state.day_uses.get(game.day, 0) >= spec.per_day:
        return f"{name}今天已经发动过了"
    return None


def excluded_by(game: Game, seat: int, spec: SkillSpec) -> str | None:
    """The skill whose use bars this one (「发动后不可发动削弱」), or None."""
    for other in spec.excludes:
        state = game.seats[seat].skills.get(other)
        if state is not None and state.used:
            return other
    return None


def usable(game: Game, seat: int, name: str, part: str) -> bool:
    return refusal(game, seat, name, part) is None


def usable_in(game: Game, seat: int, part: str) -> list[str]:
    """The skills `seat` may still use in `part` (the slot or day phase now running)."""
    return [name for name in game.seats[seat].skills if usable(game, seat, name, part)]


def named(word: str) -> str | None:
    """The skill a command word names, whoever holds it (its name first, then its words)."""
    if word in SKILLS:
        return word
    return next((name for name, spec in SKILLS.items() if word in spec.words), None)


def find(game: Game, seat: int, word: str) -> str | None:
    """The skill of `seat` that the command word names (its name or one of its words)."""
    for name in game.seats[seat].skills:
        spec = SKILLS[name]
        if word == name or word in spec.words:
            return name
    return None


# ---------------------------------------------------------------- reading a use


def read_use(game: Game, seat: int, name: str, args: list[str], *, by: int = 0) -> Use:
    """Parse and check the targets (and the extra word) of a use; raises Rejected saying why."""
    spec = SKILLS[name]
    fewest, most = spec.targets
    words = list(args)
    argument = ""
    if spec.argument:
        if not words:
            raise Rejected(f"用法：/{name} {usage(spec)}")
        argument = words.pop(_argument_index(game, spec, words))
        _check_argument(spec, argument)
    words = seat_words(words)
    if not fewest <= len(words) <= most:
        raise Rejected(f"用法：/{name} {usage(spec)}")
    targets = tuple(_target(game, seat, spec, word) for word in words)
    if len(set(targets)) != len(targets):
        raise Rejected("同一名角色不能选择两次。")
    use = Use(seat, name, targets, argument, by)
    _check_range(game, seat, spec, use)
    if spec.rule is not None:
        spec.rule(game, use)
    return use


def choices(game: Game, seat: int, name: str) -> list[int] | None:
    """「该技能的持有者在可发动技能时会得知[选择范围]名单」: the seats `seat` may name with the skill now,
    or None when they cannot be listed seat by seat (no seat, an extra word, a rule on several seats)."""
    spec = SKILLS[name]
    if spec.argument or spec.targets[1] == 0 or (spec.rule is not None and spec.targets[1] > 1):
        return None
    candidates = [
        number
        for number, info in game.seats.items()  # in seat order; the seats `_target_refusal` lets through
        if (spec.target_self or number != seat) and (spec.target_dead or info.alive)
    ]
    if not (spec.not_repeat or spec.once_per_target or spec.rule is not None):
        return candidates  # nothing checks the use itself
    return [n for n in candidates if _use_allowed(game, seat, spec, Use(seat, name, (n,)))]


def _use_allowed(game: Game, seat: int, spec: SkillSpec, use: Use) -> bool:
    """Whether the skill's range and rule take this use."""
    try:
        _check_range(game, seat, spec, use)
        if spec.rule is not None:
            spec.rule(game, use)
    except Rejected:
        return False
    return True


def choices_text(game: Game, seat: int, name: str) -> str:
    """The 选择范围 as a prompt says it, when it is narrower than every living seat."""
    found = choices(game, seat, name)
    living = game.alive()
    if found is None or found == living:
        return ""
    if found == [n for n in living if n != seat]:
        return "可选：除自己外的存活角色"
    return "可选：" + "、".join(f"{n}号" for n in found) if found else "现在没有可选的目标"


def usage(spec: SkillSpec) -> str:
    if spec.hint:
        return spec.hint
    fewest, most = spec.targets
    seats = " ".join(["N号"] * most) if most else ""
    if fewest < most:
        seats = f"{seats}（{fewest}-{most}名）"
    return f"{seats} {spec.argument}".strip()


def _argument_index(game: Game, spec: SkillSpec, words: list[str]) -> int:
    """Where the extra word stands: last as COMMANDS.md writes it (`/诡辩 7号 牧师`), or first when it is
    typed first (`/诡辩 牧师 7号`, as the post says 「猜测一个身份并选择…角色」; `/不思议之炼金 42 4号`)."""
    if len(words) < 2 or not _fits_argument(spec, words[0]):
        return -1
    first, last = words[0], words[-1]
    if not _fits_argument(spec, last):
        return 0
    return 0 if seat_number(first) not in game.seats and seat_number(last) in game.seats else -1


def _fits_argument(spec: SkillSpec, word: str) -> bool:
    """Whether `word` can be the extra word: an integer, or (a role) anything but a seat."""
    if spec.argument == "整数":
        return _is_small_integer(word)
    return seat_number(word) is None


def _check_argument(spec: SkillSpec, word: str) -> None:
    if spec.argument == "整数" and not _is_small_integer(word):
        raise Rejected(f"「{word[:20]}」不是整数：请写一个整数，例如 42 或 -3。")


def _is_small_integer(word: str) -> bool:
    digits = word[1:] if word[:1] in "-+" else word
    return digits.isascii() and digits.isdigit() and len(digits) <= 6


def _target(game: Game, seat: int, spec: SkillSpec, word: str) -> int:
    number = game.seat_named(word)
    why = _target_refusal(game, seat, spec, number)
    if why is not None:
        raise Rejected(why)
    return number


def _target_refusal(game: Game, seat: int, spec: SkillSpec, number: int) -> str | None:
    """Why the skill cannot name this seat (itself, or a seat that left), or None (`choices` lists
    the seats this lets through)."""
    if not spec.target_self and number == seat:
        return f"{spec.name}不能选择自己。"
    if not spec.target_dead and not game.seats[number].alive:
        return f"{number}号已出局，不能作为{spec.name}的目标。"
    return None


def _check_range(game: Game, seat: int, spec: SkillSpec, use: Use) -> None:
    state = game.seats[seat].skills[spec.name]
    if spec.not_repeat:
        before = set(state.day_targets.get(game.day - 1, ()))
        again = [t for t in use.targets if t in before]
        if again:
            raise Rejected(f"{spec.name}不能连续两次选择同一个角色（{again[0]}号上次已被选择）。")
    if spec.once_per_target:
        again = [t for t in use.targets if t in state.targeted]
        if again:
            raise Rejected(f"{spec.name}每名角色只能被选择一次（{again[0]}号已被选择过）。")


# ---------------------------------------------------------------- spending a use


def spend(game: Game, use: Use) -> None:
    """Count a use that takes effect: uses left, this day's uses, the seats chosen."""
    state = game.seats[use.seat].skills[use.skill]
    count = max(1, len(use.targets)) if SKILLS[use.skill].per_day is None else 1
    if use.extra:
        if game.night is not None:
            game.night.extra_uses.pop(use.seat, None)
    else:
        if state.uses_left is not None:
            state.uses_left -= count
        state.day_uses[game.day] = state.day_uses.get(game.day, 0) + count
    state.used += count
    state.day_targets[game.day] = state.day_targets.get(game.day, ()) + use.targets
    state.targeted.update(use.targets)
    if state.one_shot:
        state.lost = True


# ---------------------------------------------------------------- the extra use (时波增幅)


def grant_extra_use(game: Game, seat: int, skill: str = "") -> None:
    """Tonight `seat` may use `skill` once more, uncounted ("": a skill it has yet to designate)."""
    night = game.night
    assert night is not None
    night.extra_uses[seat] = skill


def extra_use(game: Game, seat: int) -> str | None:
    """The skill `seat`'s extra use tonight is designated for ("" until it is), None without one."""
    night = game.night
    return night.extra_uses.get(seat) if night is not None else None


def resolve(game: Game, use: Use) -> None:
    """Spend the use and apply its effect."""
    spend(game, use)
    effect = SKILLS[use.skill].effect
    if effect is not None:
        effect(game, use)


def feedback(game: Game, use: Use, text: str) -> None:
    """A skill's result for whoever used it (the operator, when the seat was operated)."""
    status.notify(game, use.user, text)


def uses_left_text(game: Game, seat: int, name: str) -> str:
    state = game.seats[seat].skills[name]
    if state.uses_left is None:
        return ""
    return f"剩余{state.uses_left}次"
