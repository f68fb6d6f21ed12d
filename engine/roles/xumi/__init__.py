"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    agent,
    alchemist,
    datura,
    hedgehog,
    hunter,
    patient,
    piglet,
    priest,
    white_cat,
)
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {
    role.name: role
    for role in (
        priest.ROLE,
        hunter.ROLE,
        agent.ROLE,
        patient.ROLE,
        piglet.ROLE,
        hedgehog.ROLE,
        white_cat.ROLE,
        datura.ROLE,
        alchemist.ROLE,
    )
}
