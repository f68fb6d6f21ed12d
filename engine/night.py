"""The night: steps open in the board's order, collect choices, close, then resolve in one pass."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bansha_engine import seal, vote
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import Night, StepSpec
from bansha_engine.parse import format_duration, next_clock

if TYPE_CHECKING:
    from bansha_engine.game import Game

PASSED = "视为放弃"  # what a seat that did not act in a step is told, unless the step says otherwise


def start(game: Game, door_close: float) -> None:
    game.board.before_night(game)
    game.night_no += 1
    night = Night(no=game.night_no, door_close=door_close, exits_from=len(game.exits))
    game.night = night
    game.phase = "night"
    for spec in game.board.night_steps:
        night.state[spec.id] = "waiting" if runs_on(spec, night.no) else "skipped"
        night.acts[spec.id] = {}
    game.board.on_night_start(game)
    if not game.part:  # boards with day parts (须弥) announce their own door close
        game.tell_directors(f"第{night.no}夜开始，关门时间：{game.clock(door_close)}。")
    advance(game)


def runs_on(spec: StepSpec, night_no: int) -> bool:
    """Whether the step takes place on night `night_no` (the first night only, or not the first)."""
    return night_no >= spec.from_night and spec.only_night in (None, night_no)


def spec_of(game: Game, step_id: str) -> StepSpec:
    steps = game.board.steps_by_id
    if not steps:
        for spec in game.board.night_steps:
            steps.setdefault(spec.id, spec)
    return steps[step_id]


def due_of(game: Game, spec: StepSpec, door_close: float) -> float:
    deadline = spec.deadline
    if deadline.next_day_clock is not None:
        hour, minute = deadline.next_day_clock
        return next_clock(door_close, hour, minute, game.timezone)
    return door_close + 60 * (deadline.minutes_after_close or 0)


def first_deadline(game: Game, door_close: float) -> tuple[float, StepSpec]:
    """The earliest deadline of the coming night's steps, had its door closed at `door_close`."""
    coming = game.night_no + 1
    steps = [s for s in game.board.night_steps if runs_on(s, coming)]
    return min(((due_of(game, s, door_close), s) for s in steps), key=lambda pair: pair[0])


def actors(game: Game, step_id: str) -> list[int]:
    """The living seats that act in the step; a seat sealed tonight does not, where its commands are
    refused (封印告知: 可以; otherwise it acts in vain: `choice` leaves its choice out)."""
    spec = spec_of(game, step_id)
    told = seal.told(game)
    return [
        n for n in spec.actors(game) if game.seats[n].alive and not (told and seal.applies(game, spec, n))
    ]


def is_open(game: Game, step_id: str) -> bool:
    return game.night is not None and game.night.state.get(step_id) == "open"


def acts(game: Game, step_id: str) -> dict[int, Any]:
    assert game.night is not None
    return game.night.acts[step_id]


def choice(game: Game, step_id: str) -> dict[int, Any]:
    """The choices that stand: made (not passed), and not by a seat sealed tonight (its skill is void)."""
    if game.night is None:
        return {}
    made = game.night.acts.get(step_id, {})
    if not made:
        return {}
    spec = spec_of(game, step_id)
    return {n: c for n, c in made.items() if c is not None and not seal.applies(game, spec, n)}


def advance(game: Game, found_done: Mapping[str, bool] | None = None) -> None:
    """Open steps whose inputs are ready, close finished ones, resolve when all are closed.

    Only opening or closing a step changes the game here, so what was found since the last of them
    still holds: whether the queue holds the night, and which open steps are not done.  So does
    `found_done`: open steps the caller has just found done or not, in the state advance starts from."""
    night = game.night
    if night is None or night.resolving:
        return
    moves = 0  # steps opened or closed so far
    free_at = -1  # `moves` when the queue was last found not to hold the night
    not_done_at: dict[str, int] = {}  # open step -> `moves` when it was last found not done
    found_done = found_done or {}
    progressed = True
    while progressed and game.night is night and not game.ended:
        progressed = False
        for spec in game.board.night_steps:
            if free_at != moves:
                if _held(game) or game.ended:
                    return  # a step that just closed may have ended the game (須弥's piper wins)
                free_at = moves
            state = night.state[spec.id]
            if state == "waiting" and all(night.state[a] in ("closed", "skipped") for a in spec.after):
                open_step(game, spec)
                moves += 1
                progressed = True
                if _held(game):
                    return  # opening the step raised a decision (a sheriff voted out in 黄昏1)
            if night.state[spec.id] == "open" and not_done_at.get(spec.id) != moves:
                known = not moves and spec.id in found_done  # found by the caller, nothing moved since
                if not (found_done[spec.id] if known else _done(game, spec)):
                    not_done_at[spec.id] = moves
                    continue
                close_step(game, spec, timed_out=False)
                moves += 1
                progressed = True
    if game.night is night and all(s in ("closed", "skipped") for s in night.state.values()):
        resolve(game)


def _held(game: Game) -> bool:
    """Boards whose steps wait for the queue: exits and decisions still being settled hold the night."""
    return game.board.options.steps_wait_for_queue and game.busy()


def _done(game: Game, spec: StepSpec) -> bool:
    if spec.is_done is not None:
        return spec.is_done(game)
    made = acts(game, spec.id)
    return all(n in made for n in actors(game, spec.id))


def open_step(game: Game, spec: StepSpec) -> None:
    night = game.night
    assert night is not None
    night.state[spec.id] = "open"
    night.opened[spec.id] = game.now
    span = night.spans.get(spec.id)
    night.due[spec.id] = game.now + span if span is not None else due_of(game, spec, night.door_close)
    grace = game.board.options.step_grace_minutes
    if grace and span is None and game.now >= night.due[spec.id]:
        night.due[spec.id] = game.now + 60 * grace
    if spec.on_open is not None:
        start = len(game.out)
        spec.on_open(game)
        if closing_at_dawn(game):
            _mute_prompts(game, spec, start)
    _tell_sealed(game, spec)


def _tell_sealed(game: Game, spec: StepSpec) -> None:
    """封印告知: a seat sealed tonight learns it when its step opens (2.10.3 第2条), once however many
    of its steps open together (a wolf with a step of his own and the wolves' kill)."""
    if not seal.told(game):
        return
    for seat in spec.actors(game):
        if game.seats[seat].alive and seal.applies(game, spec, seat):
            told = f"【第{game.night.no}夜】{seal.refusal(game, seat)}"  # type: ignore[union-attr]
            qq = game.seats[seat].qq
            if not any(m.kind == "private" and m.target == qq and m.text == told for m in game.out):
                game.tell(seat, told)


@dataclass
class DirectorPush:
    """A director's /推进 or /天亮 under way (advance_by_director)."""

    all_steps: bool = False  # /天亮: every step it opens, it closes at once
    closing: str = ""  # the step it is closing now
    opened: set[str] = field(default_factory=set)  # steps /天亮 opened, whose prompts were not sent


def closing_at_dawn(game: Game) -> bool:
    """Whether a director's /天亮 is closing every step: a step opened now closes at once."""
    return peek_game_state(game, DirectorPush).all_steps


def closed_by_director(game: Game, step_id: str) -> bool:
    """While a step closes: whether a director closes it (/推进, /天亮), not its deadline."""
    return peek_game_state(game, DirectorPush).closing == step_id


def _mute_prompts(game: Game, spec: StepSpec, start: int) -> None:
    """A step /天亮 opens and closes at once: its actors are not asked to act (its prompts, sent from
    `start`, are dropped), only told at its close that it is over.  Steps of per-seat skills (须弥's
    slots) do more when they open than ask: they leave out their prompts themselves (slots._open)."""
    game_state(game, DirectorPush).opened.add(spec.id)
    if spec.pass_seat is None:
        del game.out[start:]


def close_step(game: Game, spec: StepSpec, *, timed_out: bool, by_director: bool = False) -> None:
    night = game.night
    assert night is not None
    night.state[spec.id] = "closed"
    made = acts(game, spec.id)
    late = [n for n in actors(game, spec.id) if n not in made]
    night.late[spec.id] = late
    night.notes += [f"{n}号放弃{spec.title}" for n, choice in made.items() if choice is None]
    for seat in late:
        made[seat] = None
    if late and (timed_out or by_director):
        _report_late(game, spec, late, by_director)
    if spec.on_close is not None:
        spec.on_close(game, timed_out or by_director)


def _report_late(game: Game, spec: StepSpec, late: list[int], by_director: bool) -> None:
    """Tell the directors and each late seat that the step closed without its choice: at the
    deadline (超时), or by a director (/推进, /天亮), which is no timeout of the player's."""
    night = game.night
    assert night is not None
    night.timed_out += [(spec.id, seat) for seat in late]
    if by_director:
        night.pushed += [(spec.id, seat) for seat in late]
    phrases = {seat: spec.late_phrase(game, seat) if spec.late_phrase else PASSED for seat in late}
    groups = {phrase: [s for s in late if phrases[s] == phrase] for phrase in phrases.values()}
    why = "未行动" if by_director else "超时"
    listing = "；".join(f"{'、'.join(f'{n}号' for n in seats)}{why}，{p}" for p, seats in groups.items())
    game.tell_directors(
        f"导演推进{spec.title}：{listing}。" if by_director else f"{spec.title}已截止：{listing}。"
    )
    if spec.id in peek_game_state(game, DirectorPush).opened:
        told = f"导演已宣布天亮，{spec.title}随即结束"
    else:
        told = f"导演已推进{spec.title}，你未行动" if by_director else f"{spec.title}已截止，你未行动"
    for seat in late:
        game.tell(seat, f"{told}，{phrases[seat]}。")


def require_actor(game: Game, step_id: str, seat: int) -> None:
    """Refuse, saying why, unless `step_id` is open and `seat` acts in it.

    A seat that does not act in the step is refused before the step's state is looked at: how far
    another seat's step has got (acted, lost the skill, left) is not its business."""
    night = game.night
    spec = spec_of(game, step_id)
    title = spec.title
    if night is not None and night.no < spec.from_night:
        raise Rejected(f"现在不能{title}：不是行动时间（这个板子第{spec.from_night}夜起才能{title}）。")
    if night is None or night.state.get(step_id) in (None, "skipped"):
        raise Rejected(f"现在不能{title}：不是行动时间。")
    if seal.told(game) and seal.applies(game, spec, seat) and seat in spec.actors(game):
        raise Rejected(seal.refusal(game, seat))
    if seat not in actors(game, step_id):
        raise Rejected(f"你现在不能{title}。" if game.seats[seat].alive else "你已出局，不能再发动技能。")
    state = night.state[step_id]
    if state == "waiting":
        raise Rejected(f"还没到{title}的时候，请稍候，轮到你时会通知你。")
    if state == "closed":
        refuse_if_final(game, step_id, seat)
        if game.now < night.due[step_id]:
            raise Rejected(f"{title}已经结束，不能再行动。")
        raise Rejected(f"{title}已经截止。")


def refuse_if_final(game: Game, step_id: str, seat: int) -> None:
    """A seat that made or passed its choice in a step that has closed is told the choice stands."""
    night = game.night
    if night is None or night.state.get(step_id) != "closed" or seat not in night.acts[step_id]:
        return
    title = spec_of(game, step_id).title
    if night.acts[step_id][seat] is not None:
        raise Rejected(f"你已提交{title}，不能更改。")
    if seat not in night.late.get(step_id, ()):
        raise Rejected(f"你已放弃{title}，不能更改。")


def record(game: Game, step_id: str, seat: int, value: Any, ack: str) -> None:
    """Store `seat`'s choice in the open step (a later choice replaces it) and move on."""
    require_actor(game, step_id, seat)
    acts(game, step_id)[seat] = value
    game.reply(ack)
    advance(game)


def waits_for(game: Game, step_id: str, seat: int) -> bool:
    """Whether the open step `step_id` still waits for a choice from `seat`."""
    return is_open(game, step_id) and seat in actors(game, step_id) and seat not in acts(game, step_id)


def pass_step(game: Game, seat: int, step_id: str) -> None:
    spec = spec_of(game, step_id)
    if not is_open(game, step_id) or seat not in actors(game, step_id):
        raise Rejected(f"你现在没有需要放弃的「{spec.title}」。")
    if spec.forced:
        raise Rejected(f"{spec.title}是强制技能，不能放弃。")
    acts(game, step_id)[seat] = None
    game.reply(f"已放弃{spec.title}。")
    advance(game)


def _acts_in(game: Game, step_id: str, seat: int) -> bool:
    """Whether `seat` acts in the step.  Steps of per-seat skills (those passing skill by skill) name
    their actors themselves: a skill usable after its holder's exit (须弥's gifted 天火) makes a seat
    that left one of them."""
    spec = spec_of(game, step_id)
    return seat in (spec.actors(game) if spec.pass_seat is not None else actors(game, step_id))


def pass_all(game: Game, seat: int) -> None:
    night = game.night
    open_ids = [] if night is None else [i for i, s in night.state.items() if s == "open"]
    pending = [i for i in open_ids if _acts_in(game, i, seat) and seat not in acts(game, i)]
    if any(spec_of(game, i).pass_seat for i in pending):
        _pass_skills(game, seat, pending)
        return
    optional = [i for i in pending if not spec_of(game, i).forced]
    if not optional:
        forced = [spec_of(game, i).title for i in pending]
        raise Rejected(f"{'、'.join(forced)}是强制技能，不能放弃。" if forced else "你现在没有待做的选择。")
    for step_id in optional:
        acts(game, step_id)[seat] = None
    forced = [spec_of(game, i).title for i in pending if i not in optional]
    kept = f"\n{'、'.join(forced)}是强制技能，不能放弃：仍请选择（超时将随机选择）。" if forced else ""
    game.reply("已放弃：" + "、".join(spec_of(game, i).title for i in optional) + kept)
    advance(game)


def _pass_skills(game: Game, seat: int, step_ids: list[str]) -> None:
    """`/放弃` in steps that hold several skills: each step passes what it can for the seat."""
    passed = []
    for step_id in step_ids:
        pass_seat = spec_of(game, step_id).pass_seat
        passed += pass_seat(game, seat) if pass_seat else []
    game.reply("已放弃：" + "、".join(passed))
    advance(game)


def on_timer(game: Game, kind: str, rest: str) -> bool:
    night = game.night
    number, _, step_id = rest.partition(":")
    if night is None or str(night.no) != number or night.state.get(step_id) != "open":
        return False
    spec = spec_of(game, step_id)
    if kind == "remind":
        if step_id in night.reminded:
            return False
        night.reminded.add(step_id)
        if game.now >= night.due[step_id]:
            return True  # fired late (a restart, a 0-second deadline): the step closes now, no reminder
        for seat in actors(game, step_id):
            if seat not in acts(game, step_id):
                game.tell(seat, f"提醒：{spec.title}将于{game.clock(night.due[step_id])}截止，请尽快行动。")
        return True
    if game.now < night.due[step_id] - 0.001:
        return False
    close_step(game, spec, timed_out=True)
    advance(game)
    return True


def set_deadline(game: Game, role: str, seconds: float) -> list[str]:
    """`/时限 <role> <seconds>` on tonight's steps: an open one closes `seconds` from now, one not
    open yet `seconds` after it opens.  Returns what was changed, for the reply."""
    night = game.night
    if night is None:
        return []
    changed = []
    for spec in game.board.night_steps:
        state = night.state.get(spec.id)
        if role not in spec.roles or state not in ("open", "waiting"):
            continue
        if state == "waiting":
            night.spans[spec.id] = seconds
            changed.append(f"{spec.title}尚未开始，在开始后{format_duration(seconds)}截止")
            continue
        night.due[spec.id] = game.now + seconds
        night.opened[spec.id] = game.now
        night.reminded.discard(spec.id)
        changed.append(f"{spec.title}在{format_duration(seconds)}后（{game.clock(game.now + seconds)}）截止")
    return changed


def advance_by_director(game: Game, *, all_steps: bool) -> None:
    """/推进 closes the open steps; /天亮 (`all_steps`) every step, those it opens on the way too."""
    night = game.night
    assert night is not None
    push = game_state(game, DirectorPush)
    push.all_steps = all_steps
    try:
        while True:
            open_specs = [s for s in game.board.night_steps if night.state[s.id] == "open"]
            for spec in open_specs:
                if night.state[spec.id] == "open":
                    push.closing = spec.id
                    close_step(game, spec, timed_out=False, by_director=True)
                    push.closing = ""
            advance(game)
            if not all_steps or game.night is not night or night.resolving:
                return
            if not any(night.state[s.id] == "open" for s in game.board.night_steps):
                return
    finally:
        push.all_steps, push.closing = False, ""
        push.opened.clear()


def advance_named(game: Game, name: str) -> list[str]:
    """`/推进 <name>`: close the open steps `/时限 <name>` addresses (StepSpec.roles), as a director's
    push, and move on.  Returns their titles (none: nothing of that name is open)."""
    night = game.night
    assert night is not None
    named = [s for s in game.board.night_steps if name in s.roles and night.state[s.id] == "open"]
    if not named:
        return []
    push = game_state(game, DirectorPush)
    for spec in named:
        push.closing = spec.id
        try:
            close_step(game, spec, timed_out=False, by_director=True)
        finally:
            push.closing = ""
    advance(game)
    return [spec.title for spec in named]


def pending_lines(game: Game) -> list[str]:
    night = game.night
    if night is None:
        return []
    lines = []
    for spec in game.board.night_steps:
        state = night.state[spec.id]
        if state == "open":
            waiting = [f"{n}号" for n in actors(game, spec.id) if n not in acts(game, spec.id)]
            lines.append(
                f"进行中：{spec.title}（{game.clock(night.due[spec.id])}截止），待行动：{'、'.join(waiting) or '无'}"
            )
        elif state == "waiting":
            lines.append(f"未开始：{spec.title}")
    return lines


def resolve(game: Game) -> None:
    night = game.night
    assert night is not None
    night.resolving = True
    game.push_back([*game.board.resolution(game), lambda: end(game)])
    game.drain()


def after_queue(game: Game) -> None:
    """Called after a prompt or red card let the queue move: a night may now be ready to resolve."""
    if game.night is not None and not game.night.resolving and not game.busy():
        advance(game)


def end(game: Game) -> None:
    """Dawn: the directors' summary and 公示 draft; the day begins."""
    night = game.night
    assert night is not None
    report = game.board.hooks.dawn_report
    game.tell_directors("\n".join(report(game, night) if report else _dawn_report(game, night)))
    game.last_night = night
    game.past_nights.append(night)
    game.night = None
    game.phase = "day"
    game.day += 1
    on_dawn = game.board.hooks.on_dawn
    if on_dawn is not None:
        on_dawn(game)


def report_cut_short(game: Game) -> list[str]:
    """The summary of a night the end of the game cut short: its exits so far, actions, timeouts.

    Boards with a dawn report of their own judge at dawn, after it, and are left alone."""
    night = game.night
    if night is None or game.board.hooks.dawn_report is not None:
        return []
    exits = game.exits[night.exits_from :]
    if not exits and not night.timed_out:
        return []
    headline = f"出局：{game.exit_list(night.exits_from)}" if exits else "平安夜"
    return [
        f"第{night.no}夜（至游戏结束）：{headline}",
        *game.exit_lines(exits),
        *action_lines(game, night),
    ]


def _dawn_report(game: Game, night: Night) -> list[str]:
    exits = game.exits[night.exits_from :]
    headline = f"出局：{game.exit_list(night.exits_from)}" if exits else "平安夜"
    lines = [f"第{night.no}夜结算：{headline}"]
    lines += game.exit_lines(exits)
    lines += action_lines(game, night)
    lines.append(morning_draft(game, night))
    return lines


def action_lines(game: Game, night: Night) -> list[str]:
    """The night's actions (passes included), timeouts and the seats a director's push passed, for
    the directors' summary."""
    lines = ["行动："] + [f"· {note}" for note in night.notes] if night.notes else []
    timed_out = [late for late in night.timed_out if late not in night.pushed]
    if timed_out:
        lines.append("超时：" + _late_list(game, timed_out))
    if night.pushed:
        lines.append("导演推进时未行动：" + _late_list(game, night.pushed))
    return lines


def _late_list(game: Game, late: list[tuple[str, int]]) -> str:
    """「9号（女巫用药）、1号（预言）」."""
    return "、".join(f"{n}号（{_late_title(game, s)}）" for s, n in late)


def _late_title(game: Game, step_id: str) -> str:
    """A timed-out step's title; decisions (last shot, badge ...) are noted as "prompt:<word>"."""
    kind, _, word = step_id.partition(":")
    return word if kind == "prompt" else spec_of(game, step_id).title


@dataclass
class DawnMark:
    exits: int = 0  # len(game.exits) at the last 公示 draft: last words of later exits go in the next


def morning_draft(game: Game, night: Night) -> str:
    """The 公示 for the coming day: yesterday's vote exits, tonight's exits in order, the sheriff,
    the living and the last words received so far — never a role."""
    voted = [f"{e.seat}号" for e in game.exits[: night.exits_from] if e.when == f"第{game.day}天"]
    day = [f"第{game.day}天白天出局：{'、'.join(voted)}"] if voted else []
    if vote.tied(game, game.day):
        day.append(f"第{game.day}天投票：平票，无人出局")
    tonight = game.exit_list(night.exits_from) or "平安夜"
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    living = game.alive()
    mark = game_state(game, DawnMark)
    since_last_dawn = {e.seat for e in game.exits[mark.exits :]}
    mark.exits = len(game.exits)
    words = [f"{seat}号：{text}" for seat, text in game.last_words.items() if seat in since_last_dawn]
    return "\n".join(
        [
            f"公示草稿（第{game.day + 1}天）：",
            *(day or [f"第{game.day}天白天出局：无"]),
            f"第{night.no}夜出局：{tonight}",
            f"警长：{sheriff}",
            f"存活（{len(living)}人）：{'、'.join(f'{n}号' for n in living)}",
            *night.publications,
            *(["遗言：", *words] if words else []),
            *public_cards(game),
        ]
    )


def public_cards(game: Game) -> list[str]:
    """The cards given since the last draft, on boards whose post announces them (engine/day/cards.py)."""
    from bansha_engine.day.cards import public_line  # the day's modules read the night's

    line = public_line(game)
    return [line] if line else []
