"""舞者 (common-boards.md 3.1): from night 2, each night he must choose three different living seats to
dance (`/共舞 A号 B号 C号`, himself allowed).  Every seat dances once a game, he too; at the deadline
three of the seats that may are chosen at random, and with fewer than three of them he does not dance
that night (the post's ruling).  A night he is sealed, he does not dance and nobody chooses for him
(补充裁定 10).

At the resolution the three seats' actual camps are compared, a seat the 假面 masked tonight counted
the other way round (村民阵营 as 狼人阵营 and back: `reverse_tonight`): all alike, nothing; two alike
and one not, that one leaves (共舞, among the night exits in the 夜晚 place of his step); all three
different, nothing (ruling of the post).  When he is one of the three, the three are immune to the
wolves' kill tonight (immunity.grant_tonight).  He is immune to the poison, and told no result.

The dance is a night skill aimed at three seats: a swap moves each of them (redirect.aimed with
`several`: the traders' 背叛 moves only skills aimed at one seat), and "he is one of the three" is read
on the seats it lands on.  The 假面's `/舞池` reads the three he chose (`dance_floor`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, immunity, seal
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    NIGHT_EXITS_STAGE,
    NightPart,
    RoleDef,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import DANCE, KILL_CAUSES, POISON, VILLAGE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "舞者"
STEP = "dancer"
TITLE = "共舞"
DANCERS = 3  # the seats of one dance


@dataclass
class Danced:
    """The seats that have danced this game (a seat dances once), and the seats whose camp counts
    reversed in night `night`'s dance (the 假面's masks)."""

    seats: set[int] = field(default_factory=set)
    night: int = 0
    reversed: set[int] = field(default_factory=set)


def free_seats(game: Game) -> list[int]:
    """The living seats that may still dance."""
    danced = peek_game_state(game, Danced).seats
    return [n for n in game.alive() if n not in danced]


def _actors(game: Game) -> list[int]:
    return game.with_role(NAME) if len(free_seats(game)) >= DANCERS else []


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title=TITLE,
        roles=(NAME,),
        actors=_actors,
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        from_night=2,
        forced=True,
        hint="/共舞 A号 B号 C号",
        late_phrase=lambda game, seat: "随机选择三名共舞的玩家",
    )


def _open(game: Game) -> None:
    free = "、".join(f"{n}号" for n in free_seats(game))
    tell_actors(
        game,
        STEP,
        f"请选择今晚共舞的三名玩家：/共舞 A号 B号 C号（可以有你自己；每人整局只能共舞一次；必须选择，"
        f"超时随机）。还能共舞的：{free}",
    )


def _dance(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != DANCERS:
        raise Rejected("用法：/共舞 A号 B号 C号（三名不同的存活玩家，可以有你自己）")
    chosen = tuple(game.living_target(word, what="共舞对象") for word in args)
    if len(set(chosen)) != DANCERS:
        raise Rejected("共舞的三名玩家必须各不相同。")
    danced = [n for n in chosen if n in peek_game_state(game, Danced).seats]
    if danced:
        listed = "、".join(f"{n}号" for n in danced)
        raise Rejected(f"每名玩家整局只能共舞一次：{listed}已经共舞过了。")
    nights.record(game, STEP, seat, chosen, f"已记录：今晚共舞{_listed(chosen)}。")


def _listed(seats: tuple[int, ...]) -> str:
    return "、".join(f"{n}号" for n in seats)


def _close(game: Game, timed_out: bool) -> None:
    """A dancer who did not choose gets three seats at random (none on a night he is sealed); the
    seats chosen have danced, a sealed dancer's in vain too (封印告知: 不可以: what is spent stays spent)."""
    night = game.night
    assert night is not None
    made = nights.acts(game, STEP)
    for seat in night.late.get(STEP, []):
        free = free_seats(game)
        if seal.sealed(game, seat) is None and len(free) >= DANCERS:
            made[seat] = tuple(game.rng.sample(free, DANCERS))
            game.tell(seat, f"已记录：今晚共舞{_listed(made[seat])}（随机选择）。")
    for seat, chosen in made.items():
        if chosen is not None:
            game_state(game, Danced).seats.update(chosen)
            night.notes.append(f"{seat}号（舞者）共舞{_listed(chosen)}")


def dance_floor(game: Game) -> set[int]:
    """The seats tonight's standing dance chose (the 假面's 舞池)."""
    return {n for chosen in nights.choice(game, STEP).values() for n in chosen}


def reverse_tonight(game: Game, seat: int) -> None:
    """`seat`'s camp counts the other way round in tonight's dance (the 假面's mask)."""
    night = game.night
    assert night is not None
    danced = game_state(game, Danced)
    if danced.night != night.no:
        danced.night, danced.reversed = night.no, set()
    danced.reversed.add(seat)


def _camp_in_dance(game: Game, seat: int) -> str:
    """The seat's actual camp, reversed where a mask says so tonight (third camps stay as they are)."""
    camp = game.seats[seat].camp
    danced = peek_game_state(game, Danced)
    night = game.night
    if night is None or danced.night != night.no or seat not in danced.reversed:
        return camp
    return {VILLAGE: WOLVES, WOLVES: VILLAGE}.get(camp, camp)


def _dancing(game: Game) -> list[tuple[int, list[int]]]:
    """Tonight's dances: each dancer and the seats his dance lands on (a swap may move them)."""
    return [
        (seat, [aimed(game, seat, chosen, several=True) for chosen in dance])
        for seat, dance in nights.choice(game, STEP).items()
    ]


def _shield(game: Game) -> None:
    """Resolution (保护): a dancer dancing makes the three immune to the wolves' kill tonight."""
    for seat, hit in _dancing(game):
        if seat in hit:
            for dancer in hit:
                immunity.grant_tonight(game, dancer, KILL_CAUSES)


def odd_one(camps: list[str]) -> int | None:
    """The index of the one seat whose camp differs from the two others', if there is one."""
    counts = Counter(camps)
    if len(counts) != 2:
        return None
    return next(index for index, camp in enumerate(camps) if counts[camp] == 1)


def _settle(game: Game) -> None:
    """Resolution (夜间出局, in the 夜晚 place of his step): the odd one of each dance leaves (共舞)."""
    night = game.night
    assert night is not None
    effects: list[Callable[[], None]] = []
    for seat, hit in _dancing(game):
        camps = [_camp_in_dance(game, n) for n in hit]
        shown = "、".join(f"{n}号{camp}" for n, camp in zip(hit, camps, strict=True))
        index = odd_one(camps)
        if index is None:
            same = len(set(camps)) == 1
            night.notes.append(f"共舞（{shown}）：{'三人阵营相同' if same else '三人阵营各不相同'}，无人出局")
            continue
        night.notes.append(f"共舞（{shown}）：{hit[index]}号阵营与另两人不同，出局（共舞）")
        dance = damage.Damage(hit[index], damage.FATAL, seat, DANCE)
        effects += damage.strike(game, [dance], lambda _: DANCE)
    game.push_front(effects)


def describe(game: Game, seat: int) -> list[str]:
    free = "、".join(f"{n}号" for n in free_seats(game))
    return [
        "共舞 —— 第2夜起每晚必须选三名不同的存活玩家共舞（可以有自己；每人整局只能共舞一次，超时随机；"
        "/共舞 A号 B号 C号）。结算时三人中两人同阵营、一人不同，那一人出局；你在三人里时，三人当夜免疫狼刀",
        "你免疫毒药；你不收到共舞的结果。",
        f"还能共舞的：{free or '无'}",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第2夜起每晚选三人共舞，阵营两同一异时不同的那人出局；自己在舞池时三人免疫狼刀（/共舞 A号 B号 C号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), _dance, passes=STEP)],
        describe=describe,
        resolution={"保护": _shield, NIGHT_EXITS_STAGE: _settle},
        immune=lambda game, seat, cause: cause == POISON,
    )
)
