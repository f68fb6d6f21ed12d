"""Role modules, one role each: `ROLE = register(RoleDef(...))` (engine/library.py).  A module is
imported the first time its role is asked for (library.ROLES, by engine/library_index.py, which
`python -m bansha_engine.indexing` writes); 须弥's pool roles (roles/xumi) are imported by the
mechanisms that use them."""

from pkgutil import iter_modules

MODULES = tuple(sorted(info.name for info in iter_modules(__path__) if not info.ispkg))
