"""百变小樱 ([035], rules/000): 21 seats, three possible camps.

Night order, as the post lists it (总体流程 4):
  (1) 情痴 爱慕                                  — step `adore`
  (2) 医生 救治                                  — step `doctor`
  (3) 狼人/幼狼/狼王/黑情侣 杀人, 狼王 冲锋      — steps `wolves`, `charge`, `lovers_kill`
  (4) 黑情侣阵营的混血儿 杀人                    — step `halfblood_kill`
  (5) 幼狼 牺牲                                  — step `sacrifice`
  (6) 女巫 通灵/救药/毒药 (needs every kill)     — step `witch`, by 08:00 the next morning
  (7) 预言家                                     — step `seer`
  (8) kill resolution: a kill on the 救治 target is void; a valid kill on the 救药 target does not
      take; the others leave (长老 survives his first valid kill)
  (9) poison
  (10) double empty saves
  The 猎人 shoots straight after his own exit.  Every other step closes 1.5 hours after the door
  closes (行动时限); handoffs close 30 minutes after they are asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.boards.composed import post_board
from bansha_engine.library import PostDef, game_state, peek_game_state, register_post
from bansha_engine.model import (
    BLACK_LOVERS,
    CHARGE,
    KILL,
    LOVERS_KILL,
    VILLAGE,
    WOLVES,
    Board,
    Deadline,
    Options,
    Skill,
    StepSpec,
)
from bansha_engine.parse import no_arguments
from bansha_engine.roles import (
    cupid,
    doctor,
    elder,
    halfblood,
    hunter,
    infatuated,
    seer,
    servant,
    sheriff,
    villager,
    witch,
    wolf_king,
    wolfpack,
    young_wolf,
)
from bansha_engine.roles.common import identity_text, record_kill, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

WOLF_ROLES = ("狼王", "幼狼", "狼人")
GODS = ("预言家", "女巫", "医生", "长老")
ROSTER = {
    "狼王": 1, "幼狼": 1, "狼人": 3, "预言家": 1, "女巫": 1, "医生": 1, "长老": 1, "猎人": 1,
    "情痴": 1, "仆人": 1, "丘比特": 1, "混血儿": 1, "村民": 7,
}  # fmt: skip
CAMPS = {role: WOLVES if role in WOLF_ROLES else VILLAGE for role in ROSTER}
NIGHT = Deadline(minutes_after_close=90)
LOVERS_STEP = "lovers_kill"
LOVERS_SOURCE = LOVERS_KILL
# Kills in the post's order (3) 狼人杀人, 冲锋, 黑情侣杀人, (4) 混血儿杀人, whichever step closed first.
KILL_ORDER = {KILL: 0, CHARGE: 1, LOVERS_SOURCE: 2, halfblood.SOURCE: 3}


@dataclass
class BaibianState:
    """The board's own state, settled when the start-of-game choices are."""

    camps: set[str] | None = None  # the camps in play
    lover_killer: int | None = None  # a 仆人 lover whose partner is no wolf: the black lovers' own kill
    widow_heirs: list[int] | None = None  # seats holding 寡妇刀, usable once the wolves are judged lost


def _state(game: Game) -> BaibianState:
    return game_state(game, BaibianState)


def _peek(game: Game) -> BaibianState:
    return peek_game_state(game, BaibianState)


def gods_able(game: Game, seat: int) -> bool:
    return elder.able(game, seat)


# ---------------------------------------------------------------- start of game: 连, 认亲, 认主


def on_start(game: Game) -> None:
    for seat in game.seats.values():
        if seat.role == witch.NAME:
            witch.setup(game, seat.no)
        if seat.role == elder.NAME:
            elder.setup(game, seat.no)
        game.tell(seat.no, "游戏开始。\n" + describe(game, seat.no))
    for seat in game.with_role(cupid.NAME):
        game.tell(seat, "请选择两名角色成为情侣：/连 A号 B号")
    for seat in game.with_role(halfblood.NAME):
        game.tell(seat, "请选择认亲对象：/认亲 N号")
    for seat in game.with_role(servant.NAME):
        game.tell(seat, "请选择你的主人：/认主 N号")


def is_lover(game: Game, seat: int) -> bool:
    return cupid.partner(game, seat) is not None


def start_done(game: Game) -> bool:
    if cupid.lovers(game) is None and game.with_role(cupid.NAME):
        return False
    for role, kind in ((halfblood.NAME, halfblood.Kin), (servant.NAME, servant.Master)):
        if any(not is_lover(game, n) and halfblood.chosen(game, kind) is None for n in game.with_role(role)):
            return False
    return True


def opening_progress(game: Game) -> None:
    if game.phase == "opening" and start_done(game):
        settle_camps(game)
        game.phase = "day"


def finish_start(game: Game) -> None:
    """/入夜 or /推进 while start choices are missing: forced skills choose at random."""
    for seat in game.with_role(cupid.NAME):
        if cupid.lovers(game) is None:
            pair = game.rng.sample(game.alive(), 2)
            cupid.link(game, pair[0], pair[1])
            game.tell(seat, f"你未在开局时连情侣，已随机连{pair[0]}号、{pair[1]}号。")
            game.tell_directors(f"丘比特{seat}号未选择，随机连{pair[0]}号、{pair[1]}号。")
    for role, kind in ((halfblood.NAME, halfblood.Kin), (servant.NAME, servant.Master)):
        for seat in game.with_role(role):
            if not is_lover(game, seat) and halfblood.chosen(game, kind) is None:
                target = game.rng.choice([n for n in game.alive() if n != seat])
                halfblood.set_chosen(game, kind, target)
                word = "认亲" if role == halfblood.NAME else "认主"
                game.tell(seat, f"你未在开局时{word}，已随机{word}{target}号。")
                game.tell_directors(f"{role}{seat}号未选择，随机{word}{target}号。")
    settle_camps(game)


def settle_camps(game: Game) -> None:
    """私奔, 认亲 and 认主 settle every camp; the wolf group and the kills of the black lovers follow.

    No lovers when 丘比特 was red-carded before shooting his arrow (出局的角色不能行使特权)."""
    pair = cupid.lovers(game)
    roles = {n: s.role for n, s in game.seats.items()}
    black = pair is not None and (
        any(roles[n] in (halfblood.NAME, servant.NAME) for n in pair)
        or len({CAMPS[roles[n] or ""] for n in pair}) > 1
    )
    if pair is not None:
        lover_camp = BLACK_LOVERS if black else CAMPS[roles[pair[0]] or ""]
        for seat in (*pair, *game.with_role(cupid.NAME, alive=False)):
            game.seats[seat].camp = lover_camp
    _settle_supporters(game)
    for seat in game.seats.values():
        wolfpack.set_in_pack(game, seat.no, seat.role in WOLF_ROLES and seat.camp == WOLVES)
    if pair is not None and black:
        _settle_black_lovers(game, pair)
    _state(game).camps = {s.camp for s in game.seats.values()}
    _announce_camps(game, pair)


def _settle_supporters(game: Game) -> None:
    kin = halfblood.kin(game)
    master = servant.chosen_master(game)
    servants = [n for n in game.with_role(servant.NAME) if not is_lover(game, n)]
    halfbloods = [n for n in game.with_role(halfblood.NAME) if not is_lover(game, n)]
    for seat in servants:
        servant.serve(game, seat, master)

    def camp_of(seat: int, seen: frozenset[int]) -> str:
        if seat in seen:
            return VILLAGE  # 混血儿 认亲 仆人 who 认主 混血儿: both 村民阵营
        if seat in halfbloods and isinstance(kin, int):
            return camp_of(kin, seen | {seat})
        if seat in servants and isinstance(master, int):
            return camp_of(master, seen | {seat})
        return game.seats[seat].camp

    for seat in halfbloods + servants:
        game.seats[seat].camp = camp_of(seat, frozenset())


def _settle_black_lovers(game: Game, pair: tuple[int, int]) -> None:
    """A 混血儿 or 仆人 lover whose partner is no wolf gets 杀人 and the lovers lose 寡妇刀."""
    for seat in pair:
        other = cupid.partner(game, seat)
        assert other is not None
        if game.seats[other].role in WOLF_ROLES:
            continue
        if game.seats[seat].role == halfblood.NAME:
            halfblood.set_killer(game, seat)
        if game.seats[seat].role == servant.NAME:
            _state(game).lover_killer = seat
    if halfblood.killer(game) is None and _peek(game).lover_killer is None:
        _state(game).widow_heirs = list(pair)


def _announce_camps(game: Game, pair: tuple[int, int] | None) -> None:
    pack = wolfpack.members(game)
    roster = "、".join(f"{n}号{game.seats[n].role}" for n in pack)
    wolfpack.say(game, f"狼群成员：{roster}。夜晚在群里 /刀 N号 共同杀人。")
    for seat in pack:
        game.tell(seat, f"你的狼群同伴：{roster}。")
    for seat in game.with_role(*WOLF_ROLES):
        if seat not in pack:
            game.tell(seat, f"你与{cupid.partner(game, seat)}号组成黑情侣，失去杀人技能，不与狼人互知共群。")
    told = (
        *(pair or ()),
        *game.with_role(cupid.NAME),
        *game.with_role(halfblood.NAME),
        *game.with_role(servant.NAME),
    )
    for seat in dict.fromkeys(told):
        game.tell(seat, f"开局选择完成，你的阵营是：{game.seats[seat].camp}。")
    for killer in (halfblood.killer(game), _peek(game).lover_killer):
        if killer is not None:
            game.tell(
                killer,
                "你的情侣不是狼人：你获得技能<杀人>，每晚可以指杀一名角色（/刀 N号）；黑情侣没有寡妇刀。",
            )
    if _peek(game).widow_heirs:
        cupid.say_to_lovers(game, "你们是黑情侣：狼人阵营被判负后，你们获得寡妇刀（每晚共同一次杀人）。")
    summary = "、".join(f"{s.no}号{s.camp}" for s in game.seats.values() if s.camp != CAMPS[s.role or ""])
    lovers = f"{pair[0]}号、{pair[1]}号" if pair else "无（丘比特未连情侣就已出局）"
    game.tell_directors(f"开局选择完成。情侣：{lovers}。阵营变化：{summary or '无'}。")


# ---------------------------------------------------------------- the black lovers' kill (3)


def lover_killers(game: Game) -> list[int]:
    holder = _peek(game).lover_killer
    seats = [holder] if holder is not None else []
    heirs = _peek(game).widow_heirs
    if heirs is not None and WOLVES in wolfpack.lost_camps(game):
        seats += heirs
    return [n for n in dict.fromkeys(seats) if game.seats[n].alive]


def lovers_kill_step() -> StepSpec:
    return StepSpec(
        id=LOVERS_STEP,
        title="黑情侣杀人",
        roles=("黑情侣",),
        actors=lover_killers,
        deadline=NIGHT,
        on_open=lambda game: tell_actors(game, LOVERS_STEP, "黑情侣可以杀人：/刀 N号，或 /放弃"),
        is_done=lambda game: (
            bool(nights.choice(game, LOVERS_STEP))
            or all(n in nights.acts(game, LOVERS_STEP) for n in nights.actors(game, LOVERS_STEP))
        ),
        on_close=_close_lovers_kill,
        hint="/刀 N号",
    )


def _close_lovers_kill(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in list(nights.choice(game, LOVERS_STEP).items())[-1:]:
        night.kills.append((target, LOVERS_SOURCE))
        night.notes.append(f"{seat}号（黑情侣）杀{target}号")


def kill_command(game: Game, seat: int, args: list[str]) -> None:
    """`/刀`: a wolf's vote, the black lovers' kill or the 混血儿's, whichever this seat holds.

    In a group only that group's kill is taken: whatever else a seat holds is not for the group
    to hear."""
    speaker = game.speaker
    said_in = game.group_kind(speaker.group if speaker is not None else None)
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能再杀人。")
    if said_in == "wolves" or (said_in is None and seat in wolfpack.members(game)):
        if seat not in wolfpack.members(game):
            raise Rejected("你没有杀人技能可以在狼群里使用（别的杀人技能请私聊我发送）。")
        wolfpack.vote(game, seat, args)
    elif said_in == "lovers" or seat in lover_killers(game):
        if seat not in lover_killers(game):
            raise Rejected("你没有杀人技能可以在情侣群里使用（别的杀人技能请私聊我发送）。")
        record_kill(game, LOVERS_STEP, seat, args, who="黑情侣")
    elif halfblood.killer(game) == seat:
        record_kill(game, halfblood.STEP, seat, args)
    else:
        raise Rejected("你没有杀人技能。")


# ---------------------------------------------------------------- the night


def kill_phase(spec: StepSpec) -> StepSpec:
    """Steps (3)-(5) answer to `/时限 狼人` too: directors bring the kills forward for the witch."""
    return replace(spec, roles=(*spec.roles, "狼人", "狼队"))


WITCH_STEP = witch.step(
    Deadline(next_day_clock=(8, 0)),
    after=(wolfpack.STEP, wolf_king.STEP, LOVERS_STEP, halfblood.STEP, young_wolf.STEP),
    able=gods_able,
)

NIGHT_STEPS = [
    infatuated.step(NIGHT, gods_able),  # (1)
    doctor.step(NIGHT, gods_able),  # (2)
    kill_phase(wolfpack.step(NIGHT)),  # (3)
    kill_phase(wolf_king.step(NIGHT)),  # (3)
    kill_phase(lovers_kill_step()),  # (3)
    kill_phase(halfblood.kill_step(NIGHT)),  # (4)
    kill_phase(young_wolf.step(NIGHT)),  # (5)
    replace(WITCH_STEP, on_open=lambda game: _witch_open(game)),  # (6)
    seer.step(NIGHT, able=gods_able),  # (7)
]


def resolution(game: Game) -> list[Callable[[], None]]:
    return [
        lambda: seer.results(game),
        lambda: young_wolf.sacrifice_deaths(game),  # (5) takes effect
        lambda: kill_deaths(game),  # (8)
        lambda: witch.poison_deaths(game),  # (9)
        lambda: doctor.double_empty_deaths(game),  # (10)
    ]


def sort_kills(game: Game) -> None:
    """Tonight's kills in the post's order, however the kill steps happened to close."""
    night = game.night
    assert night is not None
    night.kills.sort(key=lambda kill: KILL_ORDER.get(kill[1], len(KILL_ORDER)))


def _witch_open(game: Game) -> None:
    sort_kills(game)
    WITCH_STEP.on_open(game)  # type: ignore[misc]


def kill_deaths(game: Game) -> None:
    """(8) 指杀结算: void on the 救治 target; valid but kept alive on the 救药 target; else out."""
    night = game.night
    assert night is not None
    sort_kills(game)
    treated, saved = doctor.treated_tonight(game), witch.saved_tonight(game)
    doctor.count_empty_saves(game)
    leaving: list[tuple[int, str]] = []
    for target, source in night.kills:
        if target in treated:
            continue
        if elder.absorbs_kill(game, target):
            night.notes.append(f"{target}号（长老）被有效指杀，长寿之命生效")
        elif target in saved:
            night.notes.append(f"{target}号被有效指杀，女巫救药生效")
        elif all(seat != target for seat, _ in leaving):  # 每名角色仅能出局一次: one exit however many kills
            leaving.append((target, CHARGE if source == CHARGE else KILL))
    game.push_front([game.exit_effect(seat, cause) for seat, cause in leaving])


# ---------------------------------------------------------------- exits


def before_exit(game: Game, seat: int, cause: str) -> tuple[int, str] | None:
    return infatuated.substitute(game, seat, cause, gods_able) or (seat, cause)


def on_exit(game: Game, seat: int, cause: str) -> None:
    """State that changes the moment a seat leaves, before the camps are judged."""
    in_pack = wolfpack.in_pack(game, seat)
    wolf_king.on_exit(game, seat, cause, in_pack)
    young_wolf.on_exit(game, seat, cause)
    elder.on_exit(game, seat, cause)
    heir = servant.inherit(game, seat, cause)
    if heir is not None:
        _welcome_heir(game, seat, heir)


def _welcome_heir(game: Game, master: int, heir: int) -> None:
    if wolfpack.in_pack(game, heir):
        wolfpack.say(game, f"{heir}号继承了{master}号的身份，加入狼群。")
        game.tell_directors(f"请把{heir}号拉进狼群。")
    heirs = _peek(game).widow_heirs
    if heirs is not None and master in heirs:
        heirs.append(heir)
    if halfblood.killer(game) == master:
        halfblood.set_killer(game, heir)
    if _peek(game).lover_killer == master:
        _state(game).lover_killer = heir


def after_exit(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    """Triggers in order: 殉情, then 最后一枪, then 殉职 (猎人警长 shoots first, then hands on)."""
    triggers = cupid.triggers(game, seat, cause)
    if game.seats[seat].role == hunter.NAME:
        triggers += hunter.triggers(game, seat, cause)
    triggers += sheriff.triggers(game, seat, cause)
    triggers.append(lambda: nights.advance(game))
    return triggers


# ---------------------------------------------------------------- victory


def camp_alive(game: Game, camp: str) -> list[int]:
    return [n for n in game.alive() if game.seats[n].camp == camp]


def loses(game: Game, camp: str) -> bool:
    living = camp_alive(game, camp)
    if camp == VILLAGE:
        roles = [game.seats[n].role for n in living]
        return not any(r in GODS for r in roles) or "村民" not in roles
    return not living


def mark_lost(game: Game, camp: str, why: str) -> None:
    """优先判负: not announced; the camp plays on.  The wolves lose their kill, the black lovers
    holding 寡妇刀 get theirs."""
    if not wolfpack.mark_lost(game, camp):
        return
    game.tell_directors(f"{camp}优先判负（{why}），不公示。")
    if camp == WOLVES:
        # 此事件发生时会通知狼人阵营: the group, and the camp's seats outside it (混血儿, 仆人, 丘比特)
        text = "狼人阵营已被判负，失去杀人技能。"
        wolfpack.say(game, text)
        pack = set(wolfpack.members(game, alive=False))
        for seat in camp_alive(game, WOLVES):
            if seat not in pack:
                game.tell(seat, text)
        if _peek(game).widow_heirs:
            # 此事件发生时会通知黑情侣阵营: every living seat of the camp, the 寡妇刀 holders among them
            text = "狼人阵营已被判负：黑情侣获得寡妇刀（杀人），夜晚 /刀 N号。"
            game.tell_group("lovers", text)
            heirs = _peek(game).widow_heirs or []
            for seat in heirs:
                if game.seats[seat].alive:
                    game.tell(seat, text)
            for seat in camp_alive(game, BLACK_LOVERS):
                if seat not in heirs:
                    game.tell(seat, "狼人阵营已被判负：黑情侣获得寡妇刀（由情侣发动）。")


def lose_camp(game: Game, camp: str, why: str) -> None:
    """A camp judged lost outside an exit (投降): judge at once, the game may be over."""
    mark_lost(game, camp, why)
    winner = judge(game)
    if winner is not None:
        game.finish(winner)


def judge(game: Game) -> str | None:
    present = _peek(game).camps
    if present is None:
        present = {s.camp for s in game.seats.values()}
    for camp in sorted(present):
        if loses(game, camp):
            mark_lost(game, camp, "判负条件达成")
    lost = wolfpack.lost_camps(game)
    if WOLVES not in lost and len(camp_alive(game, WOLVES)) * 2 >= len(game.alive()):
        return WOLVES
    remaining = [camp for camp in present if camp not in lost]
    return remaining[0] if len(remaining) == 1 else None


# ---------------------------------------------------------------- what a seat is told


ROLE_TEXT: dict[str, Callable[[Game, int], list[str]]] = {
    "狼王": lambda game, seat: [
        "杀人 —— 夜晚与狼群共同指杀一名角色（在狼群 /刀 N号）",
        *wolf_king.describe(game, seat),
    ],
    "幼狼": young_wolf.describe,
    "狼人": lambda game, seat: ["杀人 —— 夜晚与狼群共同指杀一名角色（在狼群 /刀 N号）"],
    "预言家": seer.describe,
    "女巫": lambda game, seat: [
        line.replace("狼人的指杀目标", "当晚所有指杀目标") for line in witch.describe(game, seat)
    ],
    "医生": doctor.describe,
    "长老": elder.describe,
    "猎人": hunter.describe,
    "情痴": infatuated.describe,
    "仆人": servant.describe,
    "丘比特": cupid.describe,
    "混血儿": halfblood.describe,
    "村民": villager.describe,
}


def describe(game: Game, seat: int) -> str:
    info = game.seats[seat]
    lines = ROLE_TEXT[info.role or ""](game, seat)
    if info.role in elder.DISABLED_ROLES and elder.gods_disabled(game):
        lines = ["长老出局，你已失去所有技能。"]
    if wolfpack.in_pack(game, seat) and game.phase != "opening":
        lines.append("狼群：" + "、".join(f"{n}号" for n in wolfpack.members(game, alive=False)))
    if info.camp == WOLVES and WOLVES not in wolfpack.lost_camps(game):
        lines.append("投降 —— 狼人阵营的角色可以发起（/投降），狼群所有角色都同意才生效；/反对 取消")
    lines += cupid.lover_lines(game, seat)
    if _peek(game).lover_killer == seat or seat in lover_killers(game):
        lines.append("黑情侣杀人 —— 夜晚 /刀 N号")
    heritage = servant.inherited_from(game, seat)
    if heritage is not None:
        lines.append(f"（继承自{heritage}号）")
    return identity_text(game, seat, lines)


def status_marks(game: Game, seat: int) -> list[str]:
    marks = []
    if is_lover(game, seat):
        marks.append("情侣")
    if wolfpack.in_pack(game, seat):
        marks.append("狼群")
    if doctor.empty_saves(game, seat):
        marks.append(f"空救{doctor.empty_saves(game, seat)}")
    return marks


def gods_guard(skill: Skill) -> Skill:
    """The skills of 女巫, 预言家, 医生 and 情痴 answer "lost with the elder" once he took them."""

    def handler(game: Game, seat: int, args: list[str]) -> None:
        if game.seats[seat].role in elder.DISABLED_ROLES and elder.gods_disabled(game):
            raise Rejected("长老已出局，你失去了所有技能。")
        skill.handler(game, seat, args)

    return replace(skill, handler=handler)


def _surrender_agree(game: Game, seat: int, args: list[str]) -> None:
    no_arguments(args, "投降")
    if not wolfpack.surrender(game, seat, True):
        raise Rejected("只有狼群中的角色可以投降。")


def _disagree(game: Game, seat: int, args: list[str]) -> None:
    no_arguments(args, "反对")
    if not wolfpack.surrender(game, seat, False):
        raise Rejected("现在没有需要你反对的提议。")


BOARD = Board(
    name="百变小樱",
    size=21,
    roster=ROSTER,
    camps=CAMPS,
    options=Options(
        sheriff_votes=2,
        last_words=5,
        wolf_group=True,
        lover_group=True,
        max_substitutes=None,
        handoff_minutes=30,
    ),
    night_steps=NIGHT_STEPS,
    resolution=resolution,
    skills=[
        gods_guard(seer.SKILL),
        *(gods_guard(skill) for skill in witch.SKILLS),
        gods_guard(doctor.SKILL),
        gods_guard(infatuated.SKILL),
        wolf_king.SKILL,
        young_wolf.SKILL,
        cupid.SKILL,
        halfblood.SKILL,
        servant.SKILL,
        Skill(
            "杀人",
            ("刀", "杀", "杀人", "寡妇刀"),
            kill_command,
            passes=(wolfpack.STEP, LOVERS_STEP, halfblood.STEP),
        ),
        Skill("投降", ("投降", "同意"), _surrender_agree),
        Skill("反对", ("反对",), _disagree),
    ],
    on_start=on_start,
    start_done=start_done,
    finish_start=finish_start,
    before_exit=before_exit,
    after_exit=after_exit,
    judge=judge,
    describe=describe,
    answer_prompt={hunter.PROMPT: hunter.answer, sheriff.PROMPT: sheriff.answer},
    prompt_words={hunter.PROMPT: hunter.WORD, sheriff.PROMPT: sheriff.WORD},
    prompt_roles={hunter.PROMPT: "猎人", sheriff.PROMPT: "警长"},
    extra={
        "status_marks": status_marks,
        "opening_progress": opening_progress,
        "is_lover": is_lover,
        "mark_lost": mark_lost,
        "lose_camp": lose_camp,
        "forced_prompts": (sheriff.PROMPT,),  # 殉职<强制>: /放弃 is refused; a timeout hands at random
    },
    on_exit=on_exit,
    role_options={witch.NAME: {witch.SELF_SAVE.name: "可以"}},  # ruling 19: the witch may save herself
)


# The 夜晚 words of NIGHT_STEPS, in order (the file's 夜晚 names the steps by them).
NIGHT_NAMES = ["情痴", "医生", "狼人", "狼王", "黑情侣", "混血儿", "幼狼", "女巫", "预言家"]
FILE_TERMS: dict[str, object] = {
    "kill_mode": "狼群投票",
    "first_night_kill": True,
    "sheriff_votes": BOARD.options.sheriff_votes,
    "exile_tie": BOARD.options.exile_tie,
    "last_words": BOARD.options.last_words,
    "win": "屠边",
    "wolves_win_at_half": False,
    "max_substitutes": BOARD.options.max_substitutes,
    "handoff_minutes": BOARD.options.handoff_minutes,
    "vest_guess": False,
}

POST = register_post(
    PostDef(
        BOARD.name,
        roles=tuple(ROSTER),
        night_names=tuple(NIGHT_NAMES),
        build=lambda board_file: post_board(board_file, BOARD, NIGHT_NAMES, FILE_TERMS),
    )
)
