"""觉醒石像鬼 (common-boards.md 3.2, 2.10.6, 2.10.7): a member of the wolf group, who votes the kill.

Night 1, forced: `/转化 N号` — not himself, not of the wolves' camp and seat-adjacent (2.10.6: the
seats make a ring, 1号 next to the last) to a seat of the wolves' camp, both read on the wolf group's
members only (补充裁定 18: nothing of the lone wolves he does not know).  At the deadline a seat is
chosen at random among those allowed.  Being a first-night forced choice, a seal does not touch it
(补充裁定 10).

At the resolution, first of all (the stage 转变阵营, so that a check that night reads it), the seat
the 转化 lands on (a swap may move it) is turned, unless it is of the wolves' camp already (then
nothing happens and nobody is told: ruling).  It is told 「你被觉醒石像鬼转化，现在属于狼人阵营」
(2.10.7); the group is not (ruling of the post).  From then on the seat is of the wolves' camp and
counted so (5.3: the board counts camps seat by seat), category 狼人 (library.set_category: 屠边 no
longer counts it), camp-checked 非村民阵营 (checks.set_answers), role-checked as its role; it keeps its
skills, and is a lone wolf outside the group who knows nobody and may not 自爆 (pack.make_lone_wolf).
Once the group has no living member it loses its own skills (a Silencer of its seats: its steps,
commands and exit triggers, not the wolves' kill) and takes the knife (2.8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks, pack
from bansha_engine import night as nights
from bansha_engine.library import (
    WOLF,
    NightPart,
    RoleDef,
    Silencer,
    game_state,
    peek_game_state,
    register,
    set_category,
)
from bansha_engine.model import WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import tell_actor

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "觉醒石像鬼"
STEP = "awakened_gargoyle"
TITLE = "转化"
TOLD = "你被觉醒石像鬼转化，现在属于狼人阵营"
LOST = "狼群已经全部离场，你失去了原来的技能，只和单身狼一起刀人。"


@dataclass
class Turned:
    """The seats turned so far."""

    seats: set[int] = field(default_factory=set)


def neighbours(game: Game, seat: int) -> tuple[int, int]:
    """The seats on each side of `seat` on the ring (2.10.6)."""
    size = len(game.seats)
    return (seat - 2) % size + 1, seat % size + 1


def allowed(game: Game, seat: int) -> list[int]:
    """The living seats the 觉醒石像鬼 `seat` may turn: not himself nor a member of the group, next
    to a member."""
    members = set(pack.members(game, alive=False))
    return [
        n
        for n in game.alive()
        if n != seat and n not in members and any(side in members for side in neighbours(game, n))
    ]


def _open(game: Game) -> None:
    for seat in nights.actors(game, STEP):
        choices = "、".join(f"{n}号" for n in allowed(game, seat))
        tell_actor(game, STEP, seat, f"请选择转化对象：/转化 N号（必须选择，超时随机）。可以转化：{choices}")


def _not_turnable(game: Game, seat: int, target: int) -> str | None:
    if target in pack.members(game, alive=False):
        return f"{target}号是狼队成员，不能转化。"
    if target not in allowed(game, seat):
        return f"{target}号的座位不和任何狼队成员相邻，不能转化。"
    return None


TURN = NightChoice(NAME, STEP, TITLE, refuse=_not_turnable)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return TURN.night_step(
        deadline,
        after,
        prompt=_open,
        actors=lambda game: [n for n in game.with_role(NAME) if allowed(game, n)],
        on_close=_close,
        only_night=1,
        forced_with="随机选择转化对象",
    )


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    made = nights.acts(game, STEP)
    for seat in night.late.get(STEP, []):
        choices = allowed(game, seat)
        if choices:
            made[seat] = game.rng.choice(choices)
            game.tell(seat, f"已记录：今晚转化{made[seat]}号（随机选择）。")
    for seat, target in made.items():
        if target is not None:
            night.notes.append(f"{seat}号（觉醒石像鬼）转化{target}号")


def _settle(game: Game) -> None:
    """Resolution (转变阵营): each standing 转化 turns the seat it lands on."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        if game.seats[target].camp == WOLVES:
            night.notes.append(f"{target}号已是狼人阵营，转化没有效果")
            continue
        turn(game, target)
        night.notes.append(f"{target}号被转化，现在属于狼人阵营（单身狼，不进狼群）")
    winner = game.board.judge(game)  # 2.10.7 第2条: counted by the new camp from now on
    if winner is not None:
        game.finish(winner)


def turn(game: Game, seat: int) -> None:
    """The seat joins the wolves' camp as a lone wolf (2.10.7), and is told."""
    game.seats[seat].camp = WOLVES
    set_category(game, seat, WOLF)
    checks.set_answers(game, seat, camp=checks.OTHER_ANSWER)
    pack.make_lone_wolf(game, seat)
    game_state(game, Turned).seats.add(seat)
    game.tell(
        seat,
        f"{TOLD}。你保留自己的技能，但不进狼群，也不知道狼队是谁；狼群全部离场后，你失去原来的技能，接过刀。",
    )


def is_turned(game: Game, seat: int) -> bool:
    return seat in peek_game_state(game, Turned).seats


def describe(game: Game, seat: int) -> list[str]:
    return [
        "你是狼群的一员，照常投刀。",
        "转化 —— 第1夜必须选择一名与狼队成员座位相邻的非狼队玩家（/转化 N号，超时随机），他在结算时变成狼人阵营",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼群成员；第1夜必须转化一名与狼队座位相邻的玩家，他成为狼人阵营的单身狼（/转化 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), TURN.choose, passes=STEP)],
        describe=describe,
        resolution={"转变阵营": _settle},
        camp_changes=True,
        silencer=Silencer(
            roles=(),
            active=lambda game: not pack.members(game),
            refusal=f"你不能再用这个技能：{LOST}",
            describe=f"你被觉醒石像鬼转化，属于狼人阵营。{LOST}",
            seats=is_turned,
        ),
    )
)
