"""狼学者⑧ ([群内] wolf): 诡辩.

诡辩[正午][深夜][指定]——选择范围：猜测一个身份并选择任意一名角色，每天只能发动一次。
结算效果：若结算目标的[实际身份]与猜测的身份对应，则结算目标永久获得[迷魂]状态并且反馈猜测正确，且目标若出局，
发动者的票数永久+1，猜测错误则无效果并且反馈猜测错误。

`/诡辩 N号 <身份>`, by day in 正午 (answered at once) or at night in 深夜1 (answered when the slot
closes); 「每天」 is the game day: 正午 of day N and 深夜1 of night N share one use.  The guess is any
role of the pool (吹笛人 = 吹笛者), compared with the 实际身份.  A right guess counts for the vote
even when a status ([秩序]) keeps the [迷魂] off; each guessed seat that has left since adds 1 to
the 狼学者's vote for good (VOTE_BONUSES), however it left, once per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import peek_seat_state, seat_state
from bansha_engine.roles.xumi.common import IN_GROUP, note
from bansha_engine.roles.xumi.role_pool import POOL, pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "诡辩"


@dataclass
class Hits:
    """A 狼学者's right guesses: guessed seat -> how many exits it had by then."""

    exits_before: dict[int, int] = field(default_factory=dict)


def _role_named(word: str) -> str | None:
    return POOL.role_name(word)


def _guess_is_a_role(game: Game, use: Use) -> None:
    if _role_named(use.argument) is None:
        raise Rejected(
            f"「{use.argument[:20]}」不是须弥身份池里的身份。用法：/诡辩 N号 身份，例如 /诡辩 7号 牧师"
        )


def sophistry(game: Game, use: Use) -> None:
    target = use.targets[0]
    guess = _role_named(use.argument) or use.argument
    right = game.seats[target].role == guess
    verdict = "猜测正确" if right else "猜测错误"
    skills.feedback(game, use, f"诡辩结果：{target}号{guess}，{verdict}。")
    note(game, f"{use.seat}号诡辩{target}号{guess}：{verdict}")
    if not right:
        return
    status.grant(game, target, "迷魂", source=use.seat, skill=SKILL, until=None)
    hits = seat_state(game, use.seat, Hits).exits_before
    hits.setdefault(target, _exits_of(game, target))


def _exits_of(game: Game, seat: int) -> int:
    return sum(1 for e in game.exits if e.seat == seat)


def vote_bonus(game: Game, voter: int) -> float:
    """VOTE_BONUSES: 「且目标若出局，发动者的票数永久+1」 — one per guessed seat that left since."""
    hits = peek_seat_state(game, voter, Hits).exits_before
    return float(sum(1 for seat, before in hits.items() if _exits_of(game, seat) > before))


SKILLS = skills.register(
    SkillSpec(
        SKILL,
        ("正午", "深夜1"),
        rank=80,
        argument="身份",
        hint="N号 身份",
        rule=_guess_is_a_role,
        effect=sophistry,
    )
)
ROLE = pool_role(
    "狼学者",
    tag=IN_GROUP,
    seat_skills=(SKILL,),
    summary="诡辩（正午或深夜1，每天一次：猜一名角色的身份，猜中则其永久[迷魂]，其出局后你的票数永久+1）",
)
