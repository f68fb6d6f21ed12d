"""Timed slots of per-seat skills (早夜1, 深夜2 …) as night steps, and the skills used by day.

A `Slot` names the skills used in it in the post's order of resolution.  Its step's actors are the
seats holding a usable skill of the slot (or the seat operating them: 蚀日侍女); a seat is done once
each of those skills is used or passed; the slot closes when every actor is done, at its deadline,
or on the director's word, and then resolves: [强制] skills nobody chose are chosen at random, every
use takes effect in the slot's order, and the private results held during the slot go out.
Skills of the day (正午) take effect at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import notes, skills, status
from bansha_engine.api import Rejected
from bansha_engine.model import Deadline, Skill, StepSpec
from bansha_engine.parse import split_command
from bansha_engine.skills import SKILLS, Use
from bansha_engine.timeline import is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game

EXTRA = "·额外"  # the key of a designated extra use of a skill already used in the slot
DAY_PARTS_WITH_SKILLS = ("正午",)


@dataclass(frozen=True)
class Slot:
    name: str  # the step id and what directors see: 早夜1 …
    part: str  # the part of the time line (凌晨 spans several steps)
    minutes: float  # deadline, counted from the door close
    skills: tuple[str, ...]  # the skills used in it, in the post's order of resolution
    ordered: bool  # 「有先后顺序」 (True) or 「互不影响」
    on_open: Callable[[Game], None] | None = None
    before_uses: Callable[[Game], None] | None = None  # at the close, before the uses resolve
    after_uses: Callable[[Game], None] | None = None  # at the close, after the uses resolved
    # Actors outside the per-seat skills (a shared kill): who, and whether each is done.
    extra_actors: Callable[[Game], list[int]] | None = None
    extra_done: Callable[[Game, int], bool] | None = None
    extra_pass: Callable[[Game, int], list[str]] | None = None  # `/放弃` for those actors


# ---------------------------------------------------------------- who acts


def operated_by(game: Game, operator: int) -> int | None:
    """The seat `operator` operates tonight; None once the operator has left."""
    night = game.night
    seat = night.operated.get(operator) if night is not None else None
    return seat if seat is not None and game.seats[operator].alive else None


def operator_of(game: Game, seat: int) -> int | None:
    night = game.night
    if night is None or not night.operated:
        return None
    return next((op for op in night.operated if operated_by(game, op) == seat), None)


def slot_skills(game: Game, slot: Slot, seat: int) -> list[str]:
    """The skills `seat` may use in this slot now, its own statuses applying unless it is operated
    (「不论该角色是否有[恐惧]等不能发动技能的状态，蚀日侍女都可以正常发动」)."""
    held = game.seats[seat].skills
    names = [name for name in slot.skills if name in held]
    if not names:
        return []
    if operator_of(game, seat) is not None:
        return [n for n in names if skills.holds(game, seat, n) and _usable_operated(game, seat, n, slot)]
    part = slot.part
    return [
        n for n in names if skills.refusal(game, seat, n, part) is None or _extra_open(game, seat, n, slot)
    ]


def _usable_operated(game: Game, seat: int, name: str, slot: Slot) -> bool:
    why = skills.refusal(game, seat, name, slot.part)
    return why is None or why.startswith("你处于")


def _extra_open(game: Game, seat: int, name: str, slot: Slot) -> bool:
    """A 时波增幅 extra use of this skill is still open tonight."""
    if skills.extra_use(game, seat) not in ("", name):
        return False
    return skills.refusal(game, seat, name, slot.part, extra=True) is None


def answered_by(game: Game, actor: int) -> list[int]:
    """The seats whose skills `actor` answers for tonight: itself unless operated, and the seat it
    operates."""
    if game.night is None or not game.night.operated:
        return [actor]  # nobody operates anyone (as on most nights)
    seats = [actor] if operator_of(game, actor) is None else []
    operated = operated_by(game, actor)
    return seats + ([operated] if operated is not None else [])


def actor_for(game: Game, seat: int) -> int:
    """Who answers for `seat`'s skills tonight: its operator, or the seat itself."""
    return operator_of(game, seat) or seat


# Seat -> the skills it may use in a slot now (`usable_skills`): one check of the slot computes it
# once and hands it to the functions below, which otherwise work it out seat by seat.
Usable = dict[int, list[str]]


def usable_skills(game: Game, slot: Slot) -> Usable:
    """Each seat that may use skills of the slot now, with those skills."""
    return {
        seat: names for seat in skills.holders(game, slot.skills) if (names := slot_skills(game, slot, seat))
    }


def extra_actors(game: Game, slot: Slot) -> list[int]:
    return slot.extra_actors(game) if slot.extra_actors is not None else []


def actors(game: Game, slot: Slot, usable: Usable | None = None, extra: list[int] | None = None) -> list[int]:
    """The seats acting in the slot (`usable`, `extra`: as the caller has them at hand)."""
    if usable is None:
        usable = usable_skills(game, slot)
    operated = game.night is not None and game.night.operated
    found = {actor_for(game, seat) for seat in usable} if operated else set(usable)
    found.update(extra_actors(game, slot) if extra is None else extra)
    return sorted(found)


def pending_skills(game: Game, slot: Slot, actor: int, usable: Usable | None = None) -> list[tuple[int, str]]:
    """The (seat, skill) pairs `actor` still has to use or pass in this slot: each usable skill
    not used, passed, or barred by a twin used in the slot (「发动后不可发动…」), and the extra use
    a seat designated for a skill it has already used here (时波增幅)."""
    night = game.night
    uses = night.uses.get(slot.name, {}) if night else {}
    passed = night.passed.get(slot.name, set()) if night else set()
    extra_uses = night.extra_uses if night else {}
    found = []
    for seat in answered_by(game, actor):
        names = slot_skills(game, slot, seat) if usable is None else usable.get(seat, [])
        for name in names:
            excludes = SKILLS[name].excludes
            if excludes and any((seat, twin) in uses for twin in excludes):
                continue
            keys = [(seat, name)]
            if extra_uses and designated_extra(game, slot, seat, name):
                keys.append((seat, name + EXTRA))
            found += [key for key in keys if key not in uses and key not in passed]
    return found


def base_name(key_name: str) -> str:
    """The skill a pending key names (the designated extra use is keyed `<skill>·额外`)."""
    return key_name.removesuffix(EXTRA)


def designated_extra(game: Game, slot: Slot, seat: int, name: str) -> bool:
    """The seat designated its 时波增幅 extra use for `name` (「指定一个自己的技能，当晚可以额外发动
    一次」) and has already made its first use of it in this slot."""
    if skills.extra_use(game, seat) != name:
        return False
    uses = game.night.uses.get(slot.name, {}) if game.night else {}
    first = uses.get((seat, name))
    return first is not None and not first.extra


def done(game: Game, slot: Slot, actor: int, extra: list[int], usable: Usable | None = None) -> bool:
    """Whether `actor` has used or passed all it may in the slot (`extra`: the slot's extra actors)."""
    if pending_skills(game, slot, actor, usable):
        return False
    if slot.extra_done is None:
        return True
    return actor not in extra or slot.extra_done(game, actor)


def all_done(game: Game, slot: Slot) -> bool:
    usable, extra = usable_skills(game, slot), extra_actors(game, slot)
    return all(done(game, slot, actor, extra, usable) for actor in actors(game, slot, usable, extra))


def mark_progress(game: Game, slot: Slot) -> bool:
    """The generic step keeps `acts[step][actor]` for actors that are done (reminders, timeouts).
    Returns whether all are done (`all_done`: no check reads `acts`), for `nights.advance`."""
    night = game.night
    assert night is not None
    made = night.acts[slot.name]
    usable, extra = usable_skills(game, slot), extra_actors(game, slot)
    finished = True
    for actor in actors(game, slot, usable, extra):
        if done(game, slot, actor, extra, usable):
            made.setdefault(actor, True)
        else:
            made.pop(actor, None)
            finished = False
    return finished


# ---------------------------------------------------------------- the step


def step(slot: Slot, deadline: Deadline, after: tuple[str, ...], roles: tuple[str, ...] = ()) -> StepSpec:
    """`roles`: the role names (besides its skills' and its own) that `/时限` may address it by."""
    names = tuple(slot.skills) + (slot.name, slot.part) + roles
    return StepSpec(
        id=slot.name,
        title=slot.name,
        roles=names,
        actors=lambda game: actors(game, slot),
        deadline=deadline,
        after=after,
        on_open=lambda game: _open(game, slot),
        is_done=lambda game: all_done(game, slot),
        on_close=lambda game, late: _close(game, slot, late),
        hint="",
        pass_seat=lambda game, seat: pass_seat(game, slot, seat),
        late_phrase=lambda game, seat: late_phrase(game, slot, seat),
    )


def late_phrase(game: Game, slot: Slot, actor: int) -> str:
    """What an actor who did not act is told at the close: its [强制] skills are chosen at random
    (「标明[强制]的技能不允许放弃发动」), the others are passed."""
    pending = [base_name(name) for _, name in pending_skills(game, slot, actor)]
    forced = [name for name in pending if SKILLS[name].forced and SKILLS[name].random_use is not None]
    passed = [name for name in pending if name not in forced]
    parts = [f"{'、'.join(forced)}（强制）随机发动"] if forced else []
    parts += [f"{'、'.join(passed)}视为放弃"] if passed and forced else []
    return "，".join(parts) or nights.PASSED


def _open(game: Game, slot: Slot) -> None:
    game.part = slot.part
    if slot.on_open is not None:
        slot.on_open(game)
    if game.replaying or nights.closing_at_dawn(game):
        return  # the prompts only tell: nobody reads them while the game is rebuilt, nor acts now
    usable = usable_skills(game, slot)
    heading = ""  # the same for every actor: worked out for the first one told
    for actor in actors(game, slot, usable):
        lines = [skill_line(game, seat, name) for seat, name in pending_skills(game, slot, actor, usable)]
        if lines:
            heading = heading or _prompt_heading(game, slot)
            game.tell(actor, heading + "\n".join(lines))


def _prompt_heading(game: Game, slot: Slot) -> str:
    """「【第2夜午夜】现在可以发动（截止…）：」, above the skills an actor may use as the slot opens."""
    due = game.clock(game.night.due[slot.name]) if game.night else ""
    when = f"第{game.day}{'夜' if is_night(slot.part) else '天'}{slot.name}"  # 黄昏 is still the day
    return f"【{when}】现在可以发动（截止{due}）：\n"


def skill_line(game: Game, seat: int, name: str) -> str:
    """One skill a prompt offers: how to type it, uses left, and its 选择范围 when narrower than all."""
    name = base_name(name)
    spec = SKILLS[name]
    usage = f"/{name} {skills.usage(spec)}".strip()
    notes = [
        text
        for text in (skills.uses_left_text(game, seat, name), skills.choices_text(game, seat, name))
        if text
    ]
    whose = "" if actor_for(game, seat) == seat else f"（操纵{seat}号）"
    forced = "（强制，超时随机）" if spec.forced else ""
    return f"· {name}{whose}{forced}：{usage}{''.join('，' + note for note in notes)}"


def now_lines(game: Game, seat: int, slots: list[Slot], until: str) -> list[str]:
    """What `seat` may still do now (for `/身份`): its pending skills in the open slots, or its usable
    day skills (`until`: when the day part ends)."""
    night = game.night
    if night is None or not (is_night(game.part) or game.part.startswith("黄昏")):
        names = day_skills(game, seat)
        return (
            [f"现在可以（{game.part}，至{until}）：", *(skill_line(game, seat, n) for n in names)]
            if names
            else []
        )
    lines = []
    for slot in slots:
        if not nights.is_open(game, slot.name):
            continue
        pending = [skill_line(game, whose, name) for whose, name in pending_skills(game, slot, seat)]
        if _extra_pending(slot, game, seat):
            pending.append(f"· {skills.KILL}：/刀 N号 或 /刀 空")
        if pending:
            lines += [f"现在可以（{slot.name}，{game.clock(night.due[slot.name])}截止）：", *pending]
    return lines


def _extra_pending(slot: Slot, game: Game, seat: int) -> bool:
    """`seat` is one of the slot's extra actors (a kill) and has not done its part yet."""
    if slot.extra_actors is None or slot.extra_done is None:
        return False
    return seat in slot.extra_actors(game) and not slot.extra_done(game, seat)


def day_skills(game: Game, seat: int) -> list[str]:
    """The skills `seat` may use in the day part now running (正午)."""
    return [name for name in skills.usable_in(game, seat, game.part) if game.part in SKILLS[name].slots]


def prompt_day_skills(game: Game, until: str) -> None:
    """「每次技能可发动时，技能持有者会得到可发动技能的所有发动状态（剩余次数，可选目标等等）」: when 正午
    opens, each living seat holding a usable 正午 skill is told what it may use until `until`."""
    if game.replaying:
        return  # as in _open
    for seat in game.alive():
        names = day_skills(game, seat)
        if names:
            lines = [skill_line(game, seat, name) for name in names]
            game.tell(seat, f"【第{game.day}天{game.part}】现在可以发动（至{until}）：\n" + "\n".join(lines))


def _close(game: Game, slot: Slot, late: bool) -> None:
    night = game.night
    assert night is not None
    chosen_at_random = _choose_forced(game, slot)
    at_random = "导演推进，随机" if nights.closed_by_director(game, slot.name) else "超时，随机"
    if slot.before_uses is not None:
        slot.before_uses(game)
    for seat, name in sorted(night.passed.get(slot.name, ())):
        night.notes.append(f"{seat}号放弃{name.replace(EXTRA, '（额外一次）')}")
    uses = night.uses.get(slot.name, {})
    for name in slot.skills:
        for key, use in sorted(uses.items()):
            if use.skill != name:
                continue
            if game.seats[use.seat].alive or _usable_dead(game, use.seat, name):
                resolve_noted(game, use, how=at_random if key in chosen_at_random else "")
            else:
                night.notes.append(f"{use_line(use)}（已出局，未结算）")
    if slot.after_uses is not None:
        slot.after_uses(game)
    game.drain()
    status.flush_notices(game)
    _check_end(game)


def _check_end(game: Game) -> None:
    """Effects other than exits can end the game (the piper's spell): the board's win check."""
    check = game.board.hooks.check_end
    if check is not None:
        check(game)


def _usable_dead(game: Game, seat: int, name: str) -> bool:
    state = game.seats[seat].skills.get(name)
    return SKILLS[name].usable_dead or (state is not None and state.usable_dead)


def _choose_forced(game: Game, slot: Slot) -> set[tuple[int, str]]:
    """「标明[强制]的技能不允许放弃发动」: a [强制] skill nobody chose is chosen at random.  Returns
    the uses so chosen."""
    night = game.night
    assert night is not None
    chosen: set[tuple[int, str]] = set()
    if not any(SKILLS[name].forced and SKILLS[name].random_use is not None for name in slot.skills):
        return chosen  # no skill of the slot is ever chosen at random
    usable = usable_skills(game, slot)
    for actor in actors(game, slot, usable):
        for seat, name in pending_skills(game, slot, actor, usable):
            spec = SKILLS[base_name(name)]
            if name == spec.name and spec.forced and spec.random_use is not None:
                use = spec.random_use(game, seat)
                if use is not None:
                    night.uses.setdefault(slot.name, {})[(seat, name)] = use
                    chosen.add((seat, name))
    return chosen


def resolve_noted(game: Game, use: Use, *, how: str = "") -> None:
    """Resolve a use and make sure the directors' summary names it: an effect that writes no line
    naming the use (「3号混沌」) gets the plain one, 「3号混沌：5号、7号」, before whatever it wrote.  A use
    chosen at random (`how`) is always named so."""
    lines = notes.current(game)
    before = len(lines)
    skills.resolve(game, use)
    own = f"{use.seat}号{use.skill}"
    if how or not any(own in line for line in lines[before:]):
        line = use_line(use, how)
        if game.night is not None:
            lines.insert(before, line)
        else:
            notes.note(game, line)


def use_line(use: Use, how: str = "") -> str:
    """「3号混沌：5号、7号」; 「（额外一次）」 for the 时波增幅 use, 「（蚀日侍女1号操纵）」 when operated."""
    marks = [how] if how else []
    if use.extra:
        marks.append("额外一次")
    if use.by:
        marks.append(f"蚀日侍女{use.by}号操纵")
    detail = f"（{'，'.join(marks)}）" if marks else ""
    return f"{use.seat}号{use.skill}{detail}：{_use_text(use)}"


ARGUMENT_LABELS = {"整数": "数值"}  # how a use's extra word is named when echoed (a guessed role: as is)


def _use_text(use: Use) -> str:
    """「4号，数值42」: as Chinese is written, without ASCII spaces between a seat and a number."""
    seats = "、".join(f"{t}号" for t in use.targets)
    argument = f"{ARGUMENT_LABELS.get(SKILLS[use.skill].argument, '')}{use.argument}" if use.argument else ""
    return "，".join(part for part in (seats, argument) if part) or "无目标"


# ---------------------------------------------------------------- using and passing


def open_slot_for(game: Game, seat: int, name: str, slots: list[Slot]) -> Slot | None:
    """The open slot in which `seat` could use `name` now."""
    for slot in slots:
        if nights.is_open(game, slot.name) and name in slot.skills:
            return slot
    return None


def acting_seat(game: Game, by: int, word: str) -> tuple[int, str]:
    """The seat and skill a command word names for `by`: its own, or the seat it operates tonight."""
    own = skills.find(game, by, word)
    target = operated_by(game, by)
    if target is not None:
        theirs = skills.find(game, target, word)
        if theirs is not None and (own is None or not _own_usable_now(game, by, own)):
            return target, theirs
    if own is None:
        raise Rejected(f"你没有「{skills.named(word) or word}」这个技能。发送 /身份 查看你能做什么。")
    if operator_of(game, by) is not None and game.part not in DAY_PARTS_WITH_SKILLS:
        raise Rejected("你今晚被蚀日侍女操纵，不能自己发动技能。")
    return by, own


def _own_usable_now(game: Game, seat: int, name: str) -> bool:
    return skills.usable(game, seat, name, game.part)


def submit(game: Game, by: int, word: str, args: list[str], slots: list[Slot]) -> None:
    """A player's `/<技能> <目标…>`: checked, then recorded in its slot or (by day) resolved at once."""
    seat, name = acting_seat(game, by, word)
    spec = SKILLS[name]
    if game.part in spec.slots and game.part in DAY_PARTS_WITH_SKILLS:
        _use_by_day(game, seat, name, args, by)
        return
    slot = open_slot_for(game, seat, name, slots)
    if slot is None:
        why = skills.refusal(game, seat, name, game.part if game.night else "")
        raise Rejected(why or f"现在不能发动{name}。")
    if (seat, name) not in pending_skills(game, slot, actor_for(game, seat)):
        _refuse_unavailable(game, slot, seat, name)
    use = skills.read_use(game, seat, name, args, by=0 if by == seat else by)
    night = game.night
    assert night is not None
    uses = night.uses.setdefault(slot.name, {})
    key = (seat, name)
    if designated_extra(game, slot, seat, name):
        key, use = (seat, name + EXTRA), Use(use.seat, name, use.targets, use.argument, use.by, extra=True)
    else:
        use = _with_extra(game, seat, name, use)
    for twin in SKILLS[name].excludes:  # the latest choice stands: a twin chosen before is dropped
        uses.pop((seat, twin), None)
    uses[key] = use
    game.reply(f"已记录：{name}{_use_text(use)}。{slot.name}结束时结算。")
    if by != seat:
        game.tell(seat, f"蚀日侍女操纵你发动了{name}：{_use_text(use)}。")
    nights.advance(game, {slot.name: mark_progress(game, slot)})


def _refuse_unavailable(game: Game, slot: Slot, seat: int, name: str) -> None:
    uses = game.night.uses.get(slot.name, {}) if game.night else {}
    if any((seat, n) in uses for n in (name, *SKILLS[name].excludes)):
        return  # a choice may be replaced until the slot closes (by its twin's, too)
    why = skills.refusal(game, seat, name, slot.part)
    raise Rejected(f"现在不能发动{name}：{why or '本时段已放弃'}。")


def _with_extra(game: Game, seat: int, name: str, use: Use) -> Use:
    """A use beyond the normal limits is the 时波增幅 extra one."""
    if skills.refusal(game, seat, name, game.part) is None:
        return use
    return Use(use.seat, use.skill, use.targets, use.argument, use.by, extra=True)


def _use_by_day(game: Game, seat: int, name: str, args: list[str], by: int) -> None:
    why = skills.refusal(game, seat, name, game.part)
    if why is not None:
        raise Rejected(f"现在不能发动{name}：{why}。")
    use = skills.read_use(game, seat, name, args, by=0 if by == seat else by)
    game.reply(f"已发动{name}：{_use_text(use)}。")
    resolve_noted(game, use)
    game.drain()
    _check_end(game)


def pass_seat(game: Game, slot: Slot, actor: int) -> list[str]:
    """`/放弃`: every optional skill `actor` has pending in the slot; [强制] ones cannot be passed."""
    night = game.night
    assert night is not None
    pending = pending_skills(game, slot, actor)
    optional = [(seat, name) for seat, name in pending if not SKILLS[base_name(name)].forced]
    if pending and not optional:
        raise Rejected(f"{'、'.join(name for _, name in pending)}是强制技能，不能放弃。")
    night.passed.setdefault(slot.name, set()).update(optional)
    passed = [name.replace(EXTRA, "（额外一次）") for _, name in optional]
    if slot.extra_pass is not None and slot.extra_actors is not None and actor in slot.extra_actors(game):
        passed += slot.extra_pass(game, actor)
    mark_progress(game, slot)
    return passed


def progress(game: Game, slots: list[Slot]) -> None:
    """After a choice outside the per-seat skills (a kill ballot): note who is done, move on."""
    found_done = {slot.name: mark_progress(game, slot) for slot in slots if nights.is_open(game, slot.name)}
    nights.advance(game, found_done)


def pass_one(game: Game, slots: list[Slot], actor: int, name: str) -> bool:
    """`/放弃 <技能>`: pass that skill alone in its open slot."""
    for slot in slots:
        if not nights.is_open(game, slot.name):
            continue
        pairs = [(seat, n) for seat, n in pending_skills(game, slot, actor) if n in (name, name + EXTRA)]
        if not pairs:
            continue
        if SKILLS[name].forced:
            raise Rejected(f"{name}是强制技能，不能放弃（超时将随机选择）。")
        game.night.passed.setdefault(slot.name, set()).update(pairs)  # type: ignore[union-attr]
        game.reply(f"已放弃{name}。")
        nights.advance(game, {slot.name: mark_progress(game, slot)})
        return True
    raise Rejected(f"你现在没有需要放弃的「{name}」。")


def board_skills(slots: list[Slot]) -> list[Skill]:
    """One chat command per registered skill: the skill's name and its further words.  A word may
    name different skills for different seats (/侦测 of the 牧师 and of the 狼巫), so the command
    works from the word the player typed, looked up among the sender's own skills."""
    commands = []
    for spec in SKILLS.values():
        if not spec.slots:
            continue
        commands.append(
            Skill(
                name=spec.name,
                words=(spec.name, *spec.words),
                handler=lambda game, seat, args: submit(game, seat, _typed(game)[0], args, slots),
                passes=tuple(s.name for s in slots if spec.name in s.skills),
                pass_one=lambda game, seat: _pass_typed(game, slots, seat),
            )
        )
    return commands


def _typed(game: Game) -> tuple[str, list[str]]:
    return split_command(game.speaker.text if game.speaker else "")


def _pass_typed(game: Game, slots: list[Slot], seat: int) -> bool:
    """`/放弃 <word>`: the skill the word names for this seat."""
    word = _typed(game)[1][0]
    target = operated_by(game, seat)
    name = skills.find(game, seat, word) or (skills.find(game, target, word) if target else None)
    if name is None:
        raise Rejected(f"你没有「{word}」这个技能。")
    return pass_one(game, slots, seat, name)
