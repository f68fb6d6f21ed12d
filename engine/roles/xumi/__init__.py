"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import (
    agent,
    alchemist,
    alchemy_witch,
    baker,
    chaos,
    count,
    datura,
    deer,
    dreamer,
    elder,
    hedgehog,
    hunter,
    nightmare,
    patient,
    piglet,
    priest,
    taiji,
    white_cat,
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
        hunter.ROLE,
        agent.ROLE,
        patient.ROLE,
        piglet.ROLE,
        white_cat.ROLE,
        datura.ROLE,
        alchemist.ROLE,
    )
}
