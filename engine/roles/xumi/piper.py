"""吹笛者 (独立, 吹笛者阵营; the pool's 吹笛人): 神恩, 迷惑; the [寡言] status.

吹笛者出局后，解除场上所有永久的[寡言]状态，并立刻公布[吹笛者已出局，所有吹笛状态已解除]。
神恩[强制]——永久获得[秩序]状态。
迷惑[深夜][指定] —— 选择范围：除自己以外不持有[寡言]状态的任意最多两名角色。
结算效果：结算目标永久获得[寡言]状态。
胜利条件：吹笛存活，且除吹笛阵营外，所有可以获得永久[寡言]状态的角色全部持有永久的[寡言]状态。

[寡言]：每天开门以及正午阶段都会公示该状态的持有情况 … 若违反则立刻获得永久的[沉默][遗忘]状态。
The holders (living seats) are published at every 开门; a director records a breach with
`/寡言违规 N号`.  The spell is lifted on every exit of the 吹笛者, a red card included (it is no skill
of his).  The win: the piper alive in his camp, and every living seat outside it that can still gain
a permanent [寡言] — neither a permanent [秩序] in force nor 归元 stops it — holds one; seats that
joined the wolves by 感染 「不计入其他阵营的获胜条件中」.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.api import Rejected
from bansha_engine.model import Exit
from bansha_engine.roles.xumi import priest
from bansha_engine.roles.xumi.common import PIPER, publish, seat_arg
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.roles.xumi.seed_wolf import infected_seats
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

ROLE_NAME = "吹笛者"
SKILL = "迷惑"
RETICENT = "寡言"
BREACH = "寡言违规"


def not_reticent(game: Game, use: Use) -> None:
    """「除自己以外不持有[寡言]状态的」."""
    for target in use.targets:
        if status.has(game, target, RETICENT):
            raise Rejected(f"{target}号已经持有[寡言]状态，不能作为迷惑的目标。")


def enchant(game: Game, use: Use) -> None:
    for target in use.targets:
        status.grant(game, target, RETICENT, source=use.seat, skill=SKILL, until=None)


def holds_spell(game: Game, seat: int) -> bool:
    return status.has_for_good(game, seat, RETICENT)


def publish_holders(game: Game) -> None:
    """「每天开门以及正午阶段都会公示该状态的持有情况」."""
    holders = [n for n, s in game.seats.items() if s.alive and status.has(game, n, RETICENT)]
    publish(game, f"[寡言]状态：{'、'.join(f'{n}号' for n in holders) or '无人持有'}")


def on_exit(game: Game, exit: Exit) -> None:
    """「吹笛者出局后，解除场上所有永久的[寡言]状态，并立刻公布…」."""
    if game.seats[exit.seat].role != ROLE_NAME:
        return
    for seat in game.seats:
        status.clear(game, seat, lambda s: s.name == RETICENT and s.until is None)
    publish(game, "吹笛者已出局，所有吹笛状态已解除")


def can_gain_spell(game: Game, seat: int) -> bool:
    """Nothing keeps a permanent [寡言] off the seat for good: no 归元, no permanent [秩序]."""
    if status.sealed(game, seat):
        return False
    return not status.has_for_good(game, seat, "秩序")


def wins(game: Game) -> bool:
    """「吹笛存活，且除吹笛阵营外，所有可以获得永久[寡言]状态的角色全部持有永久的[寡言]状态」."""
    if not any(s.role == ROLE_NAME and s.alive and s.camp == PIPER for s in game.seats.values()):
        return False
    infected = infected_seats(game)
    return not any(
        s.alive
        and s.camp != PIPER
        and n not in infected
        and not holds_spell(game, n)
        and can_gain_spell(game, n)
        for n, s in game.seats.items()
    )


def cmd_breach(game: Game, args: list[str]) -> bool:
    """`/寡言违规 N号`: 「若违反则立刻获得永久的[沉默][遗忘]状态」."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if len(args) != 1:
        raise Rejected("用法：/寡言违规 N号")
    seat = seat_arg(game, args[0])
    if not game.seats[seat].alive:
        raise Rejected(f"{seat}号已出局。")
    if not status.has(game, seat, RETICENT):
        raise Rejected(f"{seat}号没有[寡言]状态。")
    taken = [
        name
        for name in ("沉默", "遗忘")
        if status.grant(game, seat, name, source=None, skill=BREACH, until=None)
    ]
    got = "".join(f"[{name}]" for name in taken)
    game.reply(
        f"已记录{seat}号寡言违规：" + (f"获得永久的{got}状态。" if taken else "状态被免疫，没有生效。")
    )
    return True


SKILLS = skills.register(
    SkillSpec(
        SKILL,
        ("深夜1",),
        rank=40,
        words=("吹笛",),
        targets=(1, 2),
        target_self=False,
        rule=not_reticent,
        effect=enchant,
    )
)
ROLE = pool_role(
    ROLE_NAME,
    seat_skills=(priest.GRACE, SKILL),
    on_start=priest.grace,
    summary="神恩（永久[秩序]）；迷惑（深夜1，除自己外最多两名没有[寡言]的角色：永久[寡言]）",
)
