"""bot.py's start-up: the collector is off while NoneBot and the plugins load (they make objects that
live until shutdown), and on again once NoneBot's start-up hooks, the plugin's included, have run."""

from __future__ import annotations

import os
from pathlib import Path

from tests.fresh import run_fresh

CODE = """
import asyncio, gc, runpy
import nonebot
bot = runpy.run_path("bot.py", run_name="bot_under_test")
bot["start"]()
print("gc", gc.isenabled())
hooks = nonebot.get_driver()._lifespan._startup_funcs
print("hooks", hooks[-1] is bot["resume_collector"], [hook.__name__ for hook in hooks[:-1]].count("_start_service"))
asyncio.run(bot["resume_collector"]())
print("gc", gc.isenabled())
"""


def test_the_collector_is_off_while_starting_and_on_after_the_plugins_start_up_hook(tmp_path: Path) -> None:
    env = {**os.environ, "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'w.db'}"}
    printed = run_fresh(CODE, env=env)
    said = [line for line in printed if line.startswith(("gc ", "hooks "))]  # not NoneBot's log
    assert said == ["gc False", "hooks True 1", "gc True"]
