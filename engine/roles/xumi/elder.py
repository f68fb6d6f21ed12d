"""长老② (弱神): 长寿之命, 村镇之殇.

长寿之命[强制]——长老永久获得[守护：1]状态。
村镇之殇[强制]——若长老因为被放逐出局，或是因为村民阵营的技能出局时触发此效果：长老电梯楼上下各一名距离最近
的村民阵营的角色永久获得[净化]状态。

长寿之命 is also the 灵鹿's (「灵鹿永久获得[守护：1]状态」): one skill, given by `longevity`.  The [守护]
lapses while the seat does not hold the [强制] skill (「若强制技能提供任何[状态]，则该强制技能失效后，这些
状态也一同失效」).  「村民阵营的技能」: a damage that took him out whose source's 实际阵营 is 村民阵营 at that
moment; the neighbours are the nearest living 村民阵营 seats on the ring (one seat may be both); [净化]
is a negative status, so they are told.  A red card triggers nothing (board rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import adjacency, damage, skills, status
from bansha_engine.model import Exit
from bansha_engine.roles.xumi.common import VILLAGE, grant_own
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec

if TYPE_CHECKING:
    from bansha_engine.game import Game

LONGEVITY = "长寿之命"
SORROW = "村镇之殇"


def longevity(game: Game, seat: int) -> None:
    """长寿之命: a permanent [守护：1] that lasts as long as the seat holds the skill."""
    grant_own(game, seat, LONGEVITY, "守护", count=1)


def by_exile_or_village_skill(game: Game, exit: Exit) -> bool:
    """「因为被放逐出局，或是因为村民阵营的技能出局」."""
    for hit in exit.damages:
        if hit.kind == damage.VOTE:
            return True
        if hit.source is not None and game.seats[hit.source].camp == VILLAGE:
            return True
    return False


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    if not skills.holds(game, exit.seat, SORROW) or not by_exile_or_village_skill(game, exit):
        return []
    return [lambda: _purify_neighbours(game, exit.seat)]


def _purify_neighbours(game: Game, elder: int) -> None:
    for seat in adjacency.nearest_living(game, elder, lambda other: game.seats[other].camp == VILLAGE):
        status.grant(game, seat, "净化", source=elder, skill=SORROW, until=None)


SKILLS = skills.register(SkillSpec(LONGEVITY, (), forced=True), SkillSpec(SORROW, (), forced=True))
ROLE = pool_role(
    "长老",
    seat_skills=(LONGEVITY, SORROW),
    on_start=longevity,
    summary="长寿之命（永久[守护：1]）；村镇之殇（被放逐或因村民阵营的技能出局时，上下最近的村民阵营角色永久获得[净化]）",
)
