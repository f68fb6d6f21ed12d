"""曼陀罗④ (弱神): 凋花结果.

凋花结果[指定][深夜]——选择范围：第二晚开始，任意一名角色。
发动效果：发动者承受[致死伤害]，然后若发动者没有因此出局，则结算效果不结算。
结算效果：夜晚结束后，若结算目标的[实际身份]是验人系身份，则结算目标获得[天火]且该技能出局后也可使用。否则一个
验人系身份获得[毒药]，若没有存活的验人系，则电梯楼序号最小的强神获得[毒药]。以此获得的技能使用一次后丢失。

In 深夜2 after 圣光/天火/毒药.  The 致死伤害 is dealt at once; at night it leaves him pending like any
night damage, so 「若发动者没有因此出局」 is decided at the tally: the gift resolves at the night's end
when the 曼陀罗 left that night with his own 凋花结果 damage among those that took him out (cancelled
by a [不死] when dealt or at the tally, or kept in by a prevention such as 免疫下一次出局: no gift; a
wolf kill on top of it does not stop it).  「一个验人系身份」 is the living 验人系 of the 村民阵营; with
none, the living 强神 of the 村民阵营 with the lowest seat number.  A 验人系 target (实际身份) gets
[天火] even if it left.  Each gift is one use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi import gifts
from bansha_engine.roles.xumi.common import VERIFIERS, VILLAGE, note
from bansha_engine.roles.xumi.role_pool import POOL, pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "凋花结果"
SKY_FIRE = "天火"


@dataclass
class Withered:
    """Night -> the (曼陀罗, target) of each 凋花结果 used that night, for the night's end."""

    by_night: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def wither(game: Game, use: Use) -> None:
    damage.deal(game, damage.Damage(use.seat, damage.FATAL, use.seat, SKILL))
    night = game.night
    assert night is not None
    game_state(game, Withered).by_night.setdefault(night.no, []).append((use.seat, use.targets[0]))


def bear_fruit(game: Game) -> None:
    """Night end: the gift of every 曼陀罗 who left tonight from his own 凋花结果."""
    night = game.night
    assert night is not None
    for seat, target in peek_game_state(game, Withered).by_night.pop(night.no, []):
        if _left_from_it(game, seat, night.no):
            _gift(game, seat, target)


def _left_from_it(game: Game, seat: int, night_no: int) -> bool:
    return any(
        exit.seat == seat
        and exit.when == f"第{night_no}夜"
        and any(d.skill == SKILL and d.source == seat for d in exit.damages)
        for exit in game.exits
    )


def _gift(game: Game, seat: int, target: int) -> None:
    if game.seats[target].role in VERIFIERS:
        gifts.gain(game, target, SKY_FIRE, usable_dead=True)
        note(game, f"{seat}号凋花结果：{target}号获得[天火]（出局后也可使用）")
        return
    heir = poison_heir(game)
    if heir is None:
        note(game, f"{seat}号凋花结果：没有存活的验人系或强神，无人获得[毒药]")
        return
    gifts.gain(game, heir, gifts.POISON)
    note(game, f"{seat}号凋花结果：{heir}号获得[毒药]")


def poison_heir(game: Game) -> int | None:
    """The living 验人系 of the 村民阵营; else the 村民阵营's living 强神 with the lowest seat number."""
    strong = next(c for c in POOL.categories if c.name == "强神").strengths
    living = [n for n in game.alive() if game.seats[n].camp == VILLAGE]
    for roles in (VERIFIERS, strong):
        found = [n for n in living if game.seats[n].role in roles]
        if found:
            return min(found)
    return None


SKILLS = skills.register(SkillSpec(SKILL, ("深夜2",), rank=50, words=("凋花",), from_night=2, effect=wither))
ROLE = pool_role(
    "曼陀罗",
    seat_skills=(SKILL,),
    summary="凋花结果（深夜2，第二晚起：自己受到致死伤害，若因此出局，夜晚结束后验人系目标获得[天火]，"
    "否则验人系（或序号最小的强神）获得[毒药]）",
)
