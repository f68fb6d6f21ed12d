"""Damage (伤害) and how a seat leaves: counters, pending night exits, prevention and chains.

「出局结算流程」: (1) a status that can cancel the damage does so — [守护] one 指杀, [坚韧] all but
致死伤害 and the vote, [不死] everything, [霸道] the vote — the shortest-lived first; (2) damage that
gets through meets every effect that keeps a seat in the game (白猫, [混沌], 免疫下一次出局), all of
which take effect; (3) otherwise the seat leaves and its chained effects follow at once.

By day this happens when the damage is dealt.  At night a seat whose damage got through becomes
*pending*: it acts on for the rest of the night, and at the tally after 凌晨 each pending seat, in
seat order, is checked again against the statuses it holds then (圣光, 森林庇护, 阴阳变转, 法老之蛇 can
still save it) before (2) and (3).  Every damage dealt at night is kept for 命数感知.

The classic boards (竞技12, 百变小樱, the standard boards, directors' files) deal their night's kills
(指杀) and the witch's poison (致死伤害) together at their resolution, through `strike`: the same
step (1) against the protections their roles grant for the night as statuses — 医生's 救治, 长老's
长寿之命, 守卫's 守护 and 女巫's 救药, each a [守护] — then each seat leaves once.  Their order (void,
the guard's, the target's own life, the witch's) is the order they are granted in (the composer's
resolution stages, `library.RESOLUTION_STAGES`): statuses ending together are checked earliest first.
A kill a role makes land as 穿透 (`RoleDef.kill_kind`: the 机械狼 who learned a wolf, holding the knife)
passes those [守护] and the one-night immunities (梦游, 交易 …), not a role's own (咒狐).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import immunity, status
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.timeline import NIGHT_PARTS, Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

POKE = "指杀"
PIERCE = "穿透"
FATAL = "致死伤害"
VOTE = "投票出局"

# Which protection cancels which damage (红牌罚下 is never cancelled and deals no damage).
COUNTERS: dict[str, tuple[str, ...]] = {
    POKE: ("守护", "坚韧", "不死"),
    PIERCE: ("坚韧", "不死"),
    FATAL: ("不死",),
    VOTE: ("霸道", "不死"),
}
TALLY = "结算"
PENDING_PARTS = tuple(part for part in NIGHT_PARTS if part != TALLY)


@dataclass(frozen=True)
class Damage:
    target: int
    kind: str  # 指杀 / 穿透 / 致死伤害 / 投票出局
    source: int | None  # the seat it comes from (None: the vote, the rules)
    skill: str  # the skill or effect that dealt it


# Effects that keep a damaged seat in the game (step 2): each returns True when it saved the seat.
Prevention = Callable[["Game", int, list[Damage]], bool]
# What a protection does when it cancels a damage dealt by `strike`, by the skill that granted its
# status: the directors' note, or None for none (医生's 救治 makes the kill void, as if it never was).
OnCancel = Callable[["Game", Damage], "str | None"]
ON_CANCEL: dict[str, OnCancel] = {}


def deal(game: Game, damage: Damage) -> bool:
    """Deal damage; True when it got through (the seat leaves now, or is pending until the tally)."""
    if not game.seats[damage.target].alive or game.ended:
        return False
    night = game.night
    if night is not None and game.part in NIGHT_PARTS:
        night.attacks.append(damage)
    if cancelled(game, damage):
        return False
    if night is not None and game.part in PENDING_PARTS:
        night.pending.setdefault(damage.target, []).append(damage)
        return True
    game.push_front([lambda: leave(game, damage.target, [damage])])
    return True


def shields(game: Game, damage: Damage) -> list[status.Status]:
    """The target's statuses that can cancel this damage, shortest-lived (then earliest) first."""
    found = [
        s
        for s in status.statuses(game, damage.target)
        if any(effect in COUNTERS[damage.kind] for effect in s.effects)
        and status.counts_against(game, s, damage.target, damage)
    ]
    return sorted(found, key=lambda s: (s.end_position, s.serial))


def cancelled(game: Game, damage: Damage) -> bool:
    """Step 1: the shortest-lived protection that counts against this damage cancels it."""
    return cancelled_by(game, damage) is not None


def cancelled_by(game: Game, damage: Damage) -> status.Status | None:
    """Step 1, naming the protection that cancelled the damage (a [守护] spends a counter), if any."""
    found = shields(game, damage)
    if not found:
        return None
    if "守护" in found[0].effects:
        status.use_up(game, damage.target, found[0])
    return found[0]


def protect_tonight(
    game: Game, seat: int, skill: str, *, source: int | None, count: int = 0, against: str = ""
) -> None:
    """A classic role's protection for tonight (守卫's 守护, 女巫's 救药, 医生's 救治, 长老's 长寿之命):
    a [守护] on `seat` ending at the night's end, told to nobody; without a count it stops every
    指杀 (that `against` lets through) until then."""
    status.grant(
        game,
        seat,
        "守护",
        source=source,
        skill=skill,
        until=_tonight(game),
        count=count,
        against=against,
        told=False,
    )


def end_protections(game: Game) -> None:
    """The classic night's protections end once its kills are settled (nothing reads them later)."""
    status.expire(game, _tonight(game))


def _tonight(game: Game) -> Boundary:
    night = game.night
    assert night is not None
    return Boundary("night_end", night.no)


def strike(game: Game, damages: Sequence[Damage], cause: Callable[[Damage], str]) -> list[Callable[[], None]]:
    """A classic resolution's damages, dealt together: each in order meets the target's immunity
    (engine/immunity.py: an immune seat stays and spends no protection; a 穿透 meets only a role's
    own), then step 1 (the protection
    that cancels it adds its `ON_CANCEL` note to the night's notes); each seat whose damage got
    through leaves once, with the cause of the first such damage (每名角色仅能出局一次), in that
    order.  These boards have no step 2.  A seat already out still meets its protections, as
    the posts' notes of the night count them; its exit does nothing."""
    night = game.night
    leaving: dict[int, str] = {}
    for damage in damages:
        if immunity.keeps_off(game, damage, cause(damage), tonight=damage.kind != PIERCE):
            continue  # 夜间免疫: nothing is spent on a seat the exit cannot touch (2.10.2)
        protection = cancelled_by(game, damage)
        if protection is None:
            leaving.setdefault(damage.target, cause(damage))
            continue
        react = ON_CANCEL.get(protection.skill)
        note = None if react is None else react(game, damage)
        if note is not None and night is not None:
            night.notes.append(note)
    return [game.exit_effect(seat, why) for seat, why in leaving.items()]


@dataclass
class CausedExits:
    """Tonight's exits made for another role's step (反伤: the seer who checked the 恶灵骑士 leaves),
    each (seat, cause, the role whose step caused it), until the 夜间出局 stage deals them."""

    night: int = 0
    exits: list[tuple[int, str, str]] = field(default_factory=list)


def exit_caused_by(game: Game, seat: int, cause: str, role: str) -> None:
    """A night exit (a 次日出局 of 2.10.1: 反伤) that `role`'s step caused, dealt at tonight's 夜间出局
    stage in the file's 夜晚 place of that role's step (补充裁定 5: 反伤 by the check's or the poison's
    step), through `strike`: an immunity still keeps it off, no protection stops it."""
    night = game.night
    assert night is not None
    caused = game_state(game, CausedExits)
    if caused.night != night.no:
        caused.night, caused.exits = night.no, []
    caused.exits.append((seat, cause, role))


def deal_caused_exits(game: Game, placed: Callable[[str], bool]) -> None:
    """The exits tonight caused by the roles `placed` picks (those at one place in 夜晚), in the
    order they were made."""
    caused = peek_game_state(game, CausedExits)
    night = game.night
    if night is None or caused.night != night.no:
        return
    hits = [Damage(seat, FATAL, None, cause) for seat, cause, role in caused.exits if placed(role)]
    game.push_front(strike(game, hits, lambda hit: hit.skill))


def leave(game: Game, seat: int, damages: list[Damage]) -> None:
    """Steps 2 and 3 for a seat whose damage got through."""
    if not game.seats[seat].alive or game.ended:
        return
    # every one takes effect
    saved = [prevent(game, seat, damages) for prevent in game.board.hooks.preventions]
    if any(saved):
        return
    game.leave(seat, damages[-1].skill, damages=tuple(damages))


def pending(game: Game) -> dict[int, list[Damage]]:
    return {} if game.night is None else game.night.pending


def still_leaving(game: Game, seat: int) -> list[Damage]:
    """The pending damages of `seat` that nothing cancels now (without spending any counter)."""
    return [damage for damage in pending(game).get(seat, []) if not shields(game, damage)]


def about_to_leave(game: Game) -> list[int]:
    """「当晚将要出局的角色」 in seat order, as things stand."""
    return sorted(seat for seat in pending(game) if game.seats[seat].alive and still_leaving(game, seat))


def tally(game: Game) -> list[Callable[[], None]]:
    """「电梯楼顺序统计出局名单」: the pending seats, in seat order, each checked again then leaving."""
    return [lambda seat=seat: _settle(game, seat) for seat in sorted(pending(game))]


def _settle(game: Game, seat: int) -> None:
    if not game.seats[seat].alive:
        return
    left = [d for d in pending(game).get(seat, []) if not cancelled(game, d)]
    if left:
        leave(game, seat, left)


KIND_WORDS = {POKE: "指杀", PIERCE: "穿透", FATAL: "致死伤害"}
COUNT_WORDS = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}


def attacks_text(game: Game) -> str:
    """命数感知: 「1号受到两次指杀，4号受到一次致死伤害」, in seat order."""
    night = game.night
    if night is None or not night.attacks:
        return "今晚没有角色受到攻击"
    parts = []
    for seat in sorted({a.target for a in night.attacks}):
        kinds: dict[str, int] = {}
        for attack in night.attacks:
            if attack.target == seat:
                kinds[attack.kind] = kinds.get(attack.kind, 0) + 1
        text = "、".join(f"{COUNT_WORDS.get(n, str(n))}次{KIND_WORDS[k]}" for k, n in kinds.items())
        parts.append(f"{seat}号受到{text}")
    return "，".join(parts)
