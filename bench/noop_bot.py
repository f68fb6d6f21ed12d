"""Baseline bot for bench/bench.py: the project's own start-up with one matcher that answers "ok" at once.

bench.py starts it like the real bot (working directory: the project root, the same environment).
It runs the project's `bot.py` `main()` -- the same driver (~fastapi+~websockets), OneBot v11
adapter, logging set-up and everything else bot.py does -- except that no plugin is loaded: the
plugin loaders are swapped for no-ops and a single on_message matcher replies "ok".  So the
difference between the two bots is what the plugins add, and a later change to bot.py (say, to
logging) lands on both sides of the comparison.
"""

import importlib
import os
import sys

import nonebot
from nonebot.adapters.onebot.v11 import Bot, MessageEvent

PLUGIN_LOADERS = (
    "load_plugin",
    "load_plugins",
    "load_all_plugins",
    "load_from_json",
    "load_from_toml",
    "load_builtin_plugin",
    "load_builtin_plugins",
)


def _no_plugins(*args: object, **kwargs: object) -> set[object]:
    return set()


def install_echo() -> None:
    echo = nonebot.on_message(priority=10, block=False)

    @echo.handle()
    async def _reply(bot: Bot, event: MessageEvent) -> None:
        await bot.send(event, "ok")


def main() -> None:
    sys.path.insert(0, os.getcwd())  # the project root, where bench.py starts this
    project_bot = importlib.import_module("bot")
    for name in PLUGIN_LOADERS:
        setattr(nonebot, name, _no_plugins)
    run = nonebot.run

    def run_with_echo(*args: object, **kwargs: object) -> None:
        install_echo()
        run(*args, **kwargs)

    nonebot.run = run_with_echo
    project_bot.main()


if __name__ == "__main__":
    main()
