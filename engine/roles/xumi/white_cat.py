"""白猫③ (弱神): 猫有九命.

猫有九命[强制][翻牌]——若白猫出局时翻牌并触发此效果：免于此次出局，然后从下一个正午阶段开始，存活到自那之后
下一个黄昏1阶段结束，白猫受到[致死伤害]。

A prevention (出局结算流程 step 2): when damage that got through would take the cat out, she flips
(the 公示 names her seat and 白猫, 「翻牌」), stays in the game, and the death is set for the 黄昏1 of
the day whose 正午 is the next one to begin: she takes 致死伤害 there, after the vote and the second
流血 (行动顺序: 「黄昏1…统计最高票，随后统计二次流血…白猫 猫有九命」).  A flipped cat cannot flip again
(「若[实际身份]已经公开则无法发动」), so that 致死 and any later exit take her out.  A red card is no
damage and meets no prevention.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi.common import flip, note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "猫有九命"


@dataclass
class Deaths:
    """Cats saved by 猫有九命: seat -> the game day in whose 黄昏1 the cat takes 致死伤害."""

    due: dict[int, int] = field(default_factory=dict)


def prevent(game: Game, seat: int, damages: list[damage.Damage]) -> bool:
    if not skills.holds(game, seat, SKILL) or not flip(game, seat):
        return False
    day = next_boundary(game.day, game.part, "noon_start").number
    game_state(game, Deaths).due[seat] = day
    note(game, f"{seat}号猫有九命：翻牌免于出局，第{day}天黄昏1受到致死伤害")
    status.notify(game, seat, f"猫有九命：你已翻牌，这次得以存活；第{day}天黄昏1结束时你将受到致死伤害。")
    return True


def delayed_death(game: Game) -> None:
    """黄昏1: a cat saved before this day's 正午 takes her 致死伤害."""
    deaths = peek_game_state(game, Deaths).due
    due = [seat for seat, day in deaths.items() if day == game.day]
    for seat in due:
        del deaths[seat]
    game.push_front(
        [
            lambda seat=seat: damage.deal(game, damage.Damage(seat, damage.FATAL, None, SKILL))
            for seat in sorted(due)
        ]
    )


def marks(game: Game, seat: int) -> list[str]:
    day = peek_game_state(game, Deaths).due.get(seat)
    return [f"猫有九命：第{day}天黄昏1受到致死伤害"] if day is not None else []


SKILLS = skills.register(SkillSpec(SKILL, (), forced=True))
ROLE = pool_role(
    "白猫",
    seat_skills=(SKILL,),
    summary="猫有九命（出局时翻牌免于出局，之后在下一个正午后的黄昏1受到致死伤害）",
)
