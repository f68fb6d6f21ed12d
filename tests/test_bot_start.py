"""bot.py's start-up: the collector is off while NoneBot and the plugins load (they make objects that
live until shutdown), and on again once NoneBot's start-up hooks, the plugin's included, have run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
    done = subprocess.run(
        [sys.executable, "-c", CODE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    said = [
        line for line in done.stdout.splitlines() if line.startswith(("gc ", "hooks "))
    ]  # not NoneBot's log
    assert said == ["gc False", "hooks True 1", "gc True"], done.stderr
