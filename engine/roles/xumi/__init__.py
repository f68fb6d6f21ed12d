"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    hedgehog,
    lilupal,
    lucid,
    official,
    priest,
    wolf_scholar,
)
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {
    role.name: role
    for role in (
        lilupal.ROLE,
        priest.ROLE,
        lucid.ROLE,
        official.ROLE,
        hedgehog.ROLE,
        wolf_scholar.ROLE,
    )
}
