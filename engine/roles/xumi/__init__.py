"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    alchemy_witch,
    baker,
    chaos,
    count,
    deer,
    dreamer,
    elder,
    hedgehog,
    nightmare,
    priest,
    taiji,
)
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {
    role.name: role
    for role in (
        priest.ROLE,
        dreamer.ROLE,
        deer.ROLE,
        count.ROLE,
        alchemy_witch.ROLE,
        elder.ROLE,
        hedgehog.ROLE,
        baker.ROLE,
        taiji.ROLE,
        nightmare.ROLE,
        chaos.ROLE,
    )
}
