"""开局选择: the choices made at /开始, before night 1 (百变小樱), and the camps they settle.

丘比特 连 two lovers, 混血儿 认亲 and 仆人 认主 (each role's own module records its choice).  Once all
are made (or /入夜 chose the missing ones at random) the camps settle: lovers of one camp keep it,
others form 黑情侣阵营 (私奔); a 混血儿 or 仆人 takes the camp of the seat it chose; the wolf group is
formed of the wolves still in 狼人阵营.  A 混血儿 or 仆人 lover whose partner is no wolf gets a kill
of its own (黑情侣杀人, night step 3); otherwise the black lovers get 寡妇刀 once the wolves are
judged lost.  When a master leaves, the heir (仆人) takes its place in the wolf group and its kills.

Brought by 丘比特, 混血儿 and 仆人 (RoleDef.mechanisms).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import library, pack
from bansha_engine import night as nights
from bansha_engine.library import (
    OPENING_CHOICES,
    WOLF,
    KillHolder,
    Mechanism,
    NightPart,
    game_state,
    peek_game_state,
    register_mechanism,
)
from bansha_engine.model import BLACK_LOVERS, LOVERS_KILL, VILLAGE, WOLVES, BoardHooks, Deadline, StepSpec
from bansha_engine.role_helpers import record_kill, tell_actors, told_camp
from bansha_engine.roles import cupid, halfblood, servant

if TYPE_CHECKING:
    from bansha_engine.game import Game

LOVERS_STEP = "lovers_kill"
LOVERS_NIGHT_NAME = "黑情侣"
CHOOSERS = ((halfblood.NAME, halfblood.Kin), (servant.NAME, servant.Master))


@dataclass
class CampsState:
    """What the opening choices settled."""

    camps: set[str] | None = None  # the camps in play
    lover_killer: int | None = None  # a 仆人 lover whose partner is no wolf: the black lovers' own kill
    widow_heirs: list[int] | None = None  # seats holding 寡妇刀, usable once the wolves are judged lost


def _state(game: Game) -> CampsState:
    return game_state(game, CampsState)


def _peek(game: Game) -> CampsState:
    return peek_game_state(game, CampsState)


def _is_wolf_role(role: str | None) -> bool:
    known = library.ROLES.get(role or "")
    return known is not None and known.category == WOLF


# ---------------------------------------------------------------- the choices


def on_start(game: Game) -> None:
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
    for role, kind in CHOOSERS:
        if any(not is_lover(game, n) and halfblood.chosen(game, kind) is None for n in game.with_role(role)):
            return False
    return True


def opening_progress(game: Game) -> None:
    """A choice was made: once the board's are all made (a 盗贼's too: 补充裁定 15), the camps settle."""
    if game.phase == "opening" and game.board.start_done(game):
        game.board.finish_start(game)
        game.phase = "day"


def finish_start(game: Game) -> None:
    """/入夜 or /推进 while start choices are missing: forced skills choose at random."""
    for seat in game.with_role(cupid.NAME):
        if cupid.lovers(game) is None:
            pair = game.rng.sample(game.alive(), 2)
            cupid.link(game, pair[0], pair[1])
            game.tell(seat, f"你未在开局时连情侣，已随机连{pair[0]}号、{pair[1]}号。")
            game.tell_directors(f"丘比特{seat}号未选择，随机连{pair[0]}号、{pair[1]}号。")
    for role, kind in CHOOSERS:
        for seat in game.with_role(role):
            if not is_lover(game, seat) and halfblood.chosen(game, kind) is None:
                target = game.rng.choice([n for n in game.alive() if n != seat])
                halfblood.set_chosen(game, kind, target)
                word = "认亲" if role == halfblood.NAME else "认主"
                game.tell(seat, f"你未在开局时{word}，已随机{word}{target}号。")
                game.tell_directors(f"{role}{seat}号未选择，随机{word}{target}号。")
    settle_camps(game)


# ---------------------------------------------------------------- the camps


def settle_camps(game: Game) -> None:
    """私奔, 认亲 and 认主 settle every camp; the wolf group and the kills of the black lovers follow.

    No lovers when 丘比特 was red-carded before shooting his arrow (出局的角色不能行使特权)."""
    pair = cupid.lovers(game)
    camps = game.board.camps
    roles = {n: s.role or "" for n, s in game.seats.items()}
    black = pair is not None and (
        any(roles[n] in (halfblood.NAME, servant.NAME) for n in pair)
        or len({camps[roles[n]] for n in pair}) > 1
    )
    if pair is not None:
        lover_camp = BLACK_LOVERS if black else camps[roles[pair[0]]]
        for seat in (*pair, *game.with_role(cupid.NAME, alive=False)):
            game.seats[seat].camp = lover_camp
    _settle_supporters(game)
    keeps_group = black and not cupid.black_lovers_kill(game)  # 3.4 补充 4: the wolf lover votes on
    for seat in game.seats.values():
        grouped = seat.camp == WOLVES or (keeps_group and pair is not None and seat.no in pair)
        pack.set_in_pack(game, seat.no, pack.joins_at_start(game, seat.no) and grouped)
    if pair is not None and black and cupid.black_lovers_kill(game):
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
        if _is_wolf_role(game.seats[other].role):
            continue
        if game.seats[seat].role == halfblood.NAME:
            halfblood.set_killer(game, seat)
        if game.seats[seat].role == servant.NAME:
            _state(game).lover_killer = seat
    if halfblood.killer(game) is None and _peek(game).lover_killer is None:
        _state(game).widow_heirs = list(pair)


def _announce_camps(game: Game, pair: tuple[int, int] | None) -> None:
    group = pack.members(game)
    roster = "、".join(f"{n}号{game.seats[n].role}" for n in group)
    pack.say(game, f"狼群成员：{roster}。夜晚在群里 /刀 N号 共同杀人。")
    for seat in group:
        game.tell(seat, f"你的狼群同伴：{roster}。")
    for seat in (n for n in game.alive() if _is_wolf_role(game.seats[n].role)):
        if seat not in group:
            game.tell(seat, f"你与{cupid.partner(game, seat)}号组成黑情侣，失去杀人技能，不与狼人互知共群。")
    told = (
        *(pair or ()),
        *game.with_role(cupid.NAME),
        *game.with_role(halfblood.NAME),
        *game.with_role(servant.NAME),
    )
    for seat in dict.fromkeys(told):
        camp = game.seats[seat].camp
        news = f"你的阵营是：{camp}" if told_camp(game, seat) == camp else told_camp(game, seat)
        game.tell(seat, f"开局选择完成，{news}。")
    for killer in (halfblood.killer(game), _peek(game).lover_killer):
        if killer is not None:
            game.tell(
                killer,
                "你的情侣不是狼人：你获得技能<杀人>，每晚可以指杀一名角色（/刀 N号）；黑情侣没有寡妇刀。",
            )
    if _peek(game).widow_heirs:
        cupid.say_to_lovers(game, "你们是黑情侣：狼人阵营被判负后，你们获得寡妇刀（每晚共同一次杀人）。")
    camps = game.board.camps
    summary = "、".join(f"{s.no}号{s.camp}" for s in game.seats.values() if s.camp != camps[s.role or ""])
    game.tell_directors(f"开局选择完成。情侣：{_lovers_line(game, pair)}。阵营变化：{summary or '无'}。")


def _lovers_line(game: Game, pair: tuple[int, int] | None) -> str:
    """The lovers for the directors: none on a board without 丘比特 is no news of his exit."""
    if pair:
        return f"{pair[0]}号、{pair[1]}号"
    return "无（丘比特未连情侣就已出局）" if cupid.NAME in game.board.roster else "无"


def on_camp_lost(game: Game, camp: str) -> None:
    """狼人阵营 judged lost: the black lovers holding 寡妇刀 are told (此事件发生时会通知黑情侣阵营):
    every living seat of the camp, the holders among them in their own words."""
    heirs = _peek(game).widow_heirs
    if camp != WOLVES or not heirs:
        return
    text = "狼人阵营已被判负：黑情侣获得寡妇刀（杀人），夜晚 /刀 N号。"
    game.tell_group("lovers", text)
    for seat in heirs:
        if game.seats[seat].alive:
            game.tell(seat, text)
    for seat in game.alive():
        if game.seats[seat].camp == BLACK_LOVERS and seat not in heirs:
            game.tell(seat, "狼人阵营已被判负：黑情侣获得寡妇刀（由情侣发动）。")


# ---------------------------------------------------------------- the black lovers' kill (3)


def lover_killers(game: Game) -> list[int]:
    holder = _peek(game).lover_killer
    seats = [holder] if holder is not None else []
    heirs = _peek(game).widow_heirs
    if heirs is not None and WOLVES in pack.lost_camps(game):
        seats += heirs
    return [n for n in dict.fromkeys(seats) if game.seats[n].alive]


def lovers_kill_step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=LOVERS_STEP,
        title="黑情侣杀人",
        roles=("黑情侣",),
        actors=lover_killers,
        deadline=deadline,
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
        night.kills.append((target, LOVERS_KILL))
        night.notes.append(f"{seat}号（黑情侣）杀{target}号")


LOVERS_KILL_HOLDER = KillHolder(
    step=LOVERS_STEP,
    group="lovers",
    holds=lambda game, seat: seat in lover_killers(game),
    take=lambda game, seat, args: record_kill(game, LOVERS_STEP, seat, args, who="黑情侣"),
    refusal="你没有杀人技能可以在情侣群里使用（别的杀人技能请私聊我发送）。",
)


# ---------------------------------------------------------------- exits and texts


def welcome_heir(game: Game, master: int, cause: str) -> None:
    """The heir (仆人) of the seat that just left takes its place in the wolf group and its kills."""
    heir = servant.heir_of(game, master)
    if heir is None:
        return
    if pack.in_pack(game, heir):
        pack.say(game, f"{heir}号继承了{master}号的身份，加入狼群。")
        game.tell_directors(f"请把{heir}号拉进狼群。")
    heirs = _peek(game).widow_heirs
    if heirs is not None and master in heirs:
        heirs.append(heir)
    if halfblood.killer(game) == master:
        halfblood.set_killer(game, heir)
    if _peek(game).lover_killer == master:
        _state(game).lover_killer = heir


def describe(game: Game, seat: int) -> list[str]:
    lines = cupid.lover_lines(game, seat)
    if _peek(game).lover_killer == seat or seat in lover_killers(game):
        lines.append("黑情侣杀人 —— 夜晚 /刀 N号")
    heritage = servant.inherited_from(game, seat)
    if heritage is not None:
        lines.append(f"（继承自{heritage}号）")
    return lines


def _lovers_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    """The black lovers' kill (step 3), unless the 丘比特 bringing it says 黑情侣杀人: 不可以."""
    if options.get(cupid.BLACK_LOVERS_KILL.name) == "不可以":
        return ()
    return (
        NightPart(
            LOVERS_NIGHT_NAME,
            LOVERS_STEP,
            lambda deadline, after, options: lovers_kill_step(deadline),
            kill_source=LOVERS_KILL,
            kill_phase=True,
            only_with=(cupid.NAME,),  # the black lovers are his (3.4 补充 3)
        ),
    )


MECHANISM = register_mechanism(
    Mechanism(
        name=OPENING_CHOICES,
        on_start=on_start,
        start_done=start_done,
        finish_start=finish_start,
        describe=describe,
        status_marks=lambda game, seat: ["情侣"] if is_lover(game, seat) else [],
        on_exit=welcome_heir,
        kills=(LOVERS_KILL_HOLDER,),
        night_for=_lovers_night,
        hooks=BoardHooks(opening_progress=opening_progress, is_lover=is_lover, on_camp_lost=on_camp_lost),
        lover_group=True,
    )
)
