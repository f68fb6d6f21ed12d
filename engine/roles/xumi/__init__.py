"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    black_tortoise,
    heavenly_dog,
    hedgehog,
    lilupal,
    lucid,
    monk,
    official,
    priest,
    wolf_scholar,
    wolf_witch,
)
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {
    role.name: role
    for role in (
        lilupal.ROLE,
        monk.ROLE,
        priest.ROLE,
        lucid.ROLE,
        black_tortoise.ROLE,
        official.ROLE,
        hedgehog.ROLE,
        heavenly_dog.ROLE,
        wolf_witch.ROLE,
        wolf_scholar.ROLE,
    )
}
