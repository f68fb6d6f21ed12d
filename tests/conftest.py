"""Test set-up: NoneBot is initialised (the plugin package needs a driver to import) but never started.

The plugin's own database (used only when the bot runs) points at a throwaway file; tests that
need a database make their own (tests/db_faults.database_url).

The tests import the installed packages: the suite refuses to run against an installed copy that
differs from this checkout (a `pip install .` made before the last edit), which would test old code.
"""

import os
import tempfile
from importlib.util import find_spec
from pathlib import Path

import nonebot
import pytest
from nonebug import NONEBOT_START_LIFESPAN

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"bansha_engine": ROOT / "engine", "nonebot_plugin_bansha_director": ROOT / "plugins" / "werewolf"}
INSTALLED_SUFFIXES = (".py", ".yaml", ".mako")  # the code and the package data (pyproject.toml)
EDITABLE = '.venv/bin/pip install -e ".[test]"'


def stale_copy() -> str | None:
    """Why the installed packages are not this checkout's code, or None when they are (an editable
    install, or a regular one of the same files)."""
    for package, source in PACKAGES.items():
        spec = find_spec(package)
        if spec is None or spec.origin is None:
            return f"{package} is not installed"
        installed = Path(spec.origin).resolve().parent
        if installed == source:
            continue
        for relative in sorted(_files(source) | _files(installed)):
            ours, theirs = source / relative, installed / relative
            if not (ours.is_file() and theirs.is_file() and ours.read_bytes() == theirs.read_bytes()):
                where = ours.relative_to(ROOT)
                return f"the installed copy of {package} ({installed}) differs from this checkout at {where}"
    return None


def _files(folder: Path) -> set[Path]:
    return {
        path.relative_to(folder)
        for path in folder.rglob("*")
        if path.suffix in INSTALLED_SUFFIXES and "__pycache__" not in path.parts
    }


def pytest_configure(config: pytest.Config) -> None:
    if (why := stale_copy()) is not None:
        raise pytest.UsageError(
            f"The tests would not run this checkout's code: {why}. Install the checkout editable, "
            f"so that the tests run what you edit: {EDITABLE}"
        )
    config.stash[NONEBOT_START_LIFESPAN] = False
    scratch = tempfile.mkdtemp(prefix="werewolf-plugin-")
    os.environ.setdefault("WEREWOLF_DATABASE_URL", f"sqlite+aiosqlite:///{scratch}/werewolf.db")
    nonebot.init()
    # Loaded as bot.py loads it, so that it is one of NoneBot's plugins (help plugins list it).
    from bot import PLUGIN, let_nonebot_find_editable_installs

    let_nonebot_find_editable_installs()
    if nonebot.load_plugin(PLUGIN) is None:
        raise RuntimeError(f"NoneBot could not load {PLUGIN}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    from tests import databases  # imports the plugin, which needs NoneBot initialised

    databases.drop_created()
