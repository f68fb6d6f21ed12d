"""Role modules, one role each.  Importing this package imports every module in it (each registers
its role in library.ROLES), so a new role is a new module here and nothing else; 须弥's pool roles
(roles/xumi) are imported by the mechanisms that use them."""

from importlib import import_module
from pkgutil import iter_modules

MODULES = tuple(sorted(info.name for info in iter_modules(__path__) if not info.ispkg))

for _name in MODULES:
    import_module(f"{__name__}.{_name}")
