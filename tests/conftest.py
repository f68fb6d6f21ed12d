"""Test set-up: NoneBot is initialised (the plugin package needs a driver to import) but never started.

The plugin's own database (used only when the bot runs) points at a throwaway file; tests that
need a database make their own (tests/db_faults.database_url).
"""

import os
import tempfile

import nonebot
import pytest
from nonebug import NONEBOT_START_LIFESPAN


def pytest_configure(config: pytest.Config) -> None:
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
