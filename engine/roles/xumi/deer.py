"""灵鹿⑦ (强神): 森林庇护, 长寿之命.

森林庇护[凌晨][限定]——第二晚开始，可选择发动该技能，所有角色仅当晚获得[不死]状态。
长寿之命[强制]—— 灵鹿永久获得[守护：1]状态。

森林庇护 is the first step of 凌晨 (凌晨1), after the night's damage: every living seat gets [不死]
until the night ends (not told), so the pending seats are saved at the tally.  It takes no target:
`/森林庇护`, or `/放弃`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.roles.xumi.elder import LONGEVITY, longevity
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SHELTER = "森林庇护"


def forest_shelter(game: Game, use: Use) -> None:
    for seat in game.alive():
        status.grant(
            game, seat, "不死", source=use.seat, skill=SHELTER, until=Boundary("night_end", game.day)
        )


SKILLS = skills.register(
    SkillSpec(
        SHELTER,
        ("凌晨",),
        slot="凌晨1",
        rank=10,
        limited=True,
        from_night=2,
        targets=(0, 0),
        effect=forest_shelter,
    )
)
ROLE = pool_role(
    "灵鹿",
    seat_skills=(SHELTER, LONGEVITY),
    on_start=longevity,
    summary="森林庇护（凌晨，第二晚起，限一次：所有角色当晚获得[不死]）；长寿之命（永久[守护：1]）",
)
