"""吹笛者 (common-boards.md 3.3, 5.3.8): 吹笛者阵营 (a third party), category 其他; a camp check of
him answers 村民阵营.

Each night (`夜晚` writes 吹笛者) he hypnotizes one or two other living seats not hypnotized yet:
`/催眠 A号` or `/催眠 A号 B号`.  At the resolution each living hypnotized seat is told 「你被吹笛者
催眠了。被催眠的座位：……」 with every living hypnotized seat (not who the 吹笛者 is); hypnosis
does nothing else.  After every night's resolution and every exit, when every living seat but the
吹笛者 is hypnotized, 吹笛者阵营 wins — unless another camp's condition is met first or at the same
time (WinRule.wins: the count's winner comes first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OTHER,
    NightPart,
    RoleDef,
    WinRule,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "吹笛者"
CAMP = "吹笛者阵营"
STEP = "piper"


@dataclass
class Hypnotized:
    """Every seat hypnotized so far (hypnosis lasts the whole game)."""

    seats: set[int] = field(default_factory=set)


def hypnotized(game: Game) -> set[int]:
    return peek_game_state(game, Hypnotized).seats


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="吹笛者催眠",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME),
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "请选择催眠对象：/催眠 A号 或 /催眠 A号 B号，或 /放弃"),
        hint="/催眠 A号 [B号]",
    )


def _hypnotize(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) not in (1, 2):
        raise Rejected("用法：/催眠 A号 或 /催眠 A号 B号")
    targets = [game.living_target(word, not_self=seat, what="催眠对象") for word in args]
    if len(set(targets)) != len(targets):
        raise Rejected("两名催眠对象须是不同的玩家。")
    done = [target for target in targets if target in hypnotized(game)]
    if done:
        raise Rejected(f"{done[0]}号已经被催眠了，请选择还没被催眠的玩家。")
    named = "、".join(f"{target}号" for target in targets)
    nights.record(game, STEP, seat, tuple(targets), f"已记录：今晚催眠{named}。")


def _settle(game: Game) -> None:
    """Resolution (告知结果): tonight's targets are hypnotized (a swap moves them); every living
    hypnotized seat learns the list."""
    night = game.night
    assert night is not None
    new: list[int] = []
    for seat, chosen in nights.choice(game, STEP).items():
        targets = [aimed(game, seat, target) for target in chosen]
        new += [target for target in targets if target not in hypnotized(game)]
        named = "、".join(f"{target}号" for target in targets)
        night.notes.append(f"{seat}号（吹笛者）催眠{named}")
    if not new:
        return
    game_state(game, Hypnotized).seats.update(new)
    living = sorted(seat for seat in hypnotized(game) if game.seats[seat].alive)
    listing = "、".join(f"{seat}号" for seat in living)
    for seat in living:
        game.tell(seat, f"你被吹笛者催眠了。被催眠的座位：{listing}。")


def _judge_at_dawn(game: Game) -> None:
    """Resolution (最后出局): 5.3.8 judges after every night's resolution, not only after exits."""
    winner = game.board.judge(game)
    if winner is not None:
        game.finish(winner)


def _everyone_hypnotized(game: Game) -> bool:
    pipers = [seat for seat in game.alive() if game.seats[seat].camp == CAMP]
    others = [seat for seat in game.alive() if game.seats[seat].camp != CAMP]
    return bool(pipers) and all(seat in hypnotized(game) for seat in others)


def describe(game: Game, seat: int) -> list[str]:
    done = sorted(hypnotized(game))
    listing = "、".join(f"{n}号" for n in done) or "无"
    return [
        f"催眠 —— 每晚催眠一到两名还没被催眠的其他玩家（/催眠 A号 或 /催眠 A号 B号）；已催眠：{listing}",
        "胜利 —— 除你以外所有存活的人都被催眠时，吹笛者阵营胜利",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=CAMP,
        category=OTHER,
        summary="第三方：每晚催眠一到两名玩家；除他以外所有存活的人都被催眠时，吹笛者阵营胜利（/催眠 A号 B号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("催眠", ("催眠",), _hypnotize, passes=STEP)],
        describe=describe,
        camp_check=lambda game, seat: checks.VILLAGE_ANSWER,
        resolution={"告知结果": _settle, "最后出局": _judge_at_dawn},
        win=WinRule(CAMP, wins=_everyone_hypnotized),
    )
)
