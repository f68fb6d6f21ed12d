"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    day_scholar,
    eclipse_maid,
    goblin,
    hedgehog,
    night_mentor,
    piper,
    priest,
    prince,
    qiongqi,
    seed_wolf,
)
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {
    role.name: role
    for role in (
        priest.ROLE,
        hedgehog.ROLE,
        prince.ROLE,
        day_scholar.ROLE,
        piper.ROLE,
        goblin.ROLE,
        night_mentor.ROLE,
        qiongqi.ROLE,
        seed_wolf.ROLE,
        eclipse_maid.ROLE,
    )
}
