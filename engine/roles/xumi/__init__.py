"""The roles of 须弥 ([M185]), one module each; `ROLES` maps a role name to its declaration."""

from werewolf_engine.roles.xumi import hedgehog, priest
from werewolf_engine.roles.xumi.common import RoleSpec

ROLES: dict[str, RoleSpec] = {role.name: role for role in (priest.ROLE, hedgehog.ROLE)}
