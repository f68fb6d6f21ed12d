"""Start the bot: `python bot.py` from anywhere; settings come from the environment or `.env`."""

import os
from pathlib import Path

import nonebot
from nonebot.adapters.onebot.v11 import Adapter as OneBotV11Adapter

ROOT = Path(__file__).resolve().parent
DEFAULT_DRIVER = "~fastapi+~websockets"  # reverse WebSocket server (+ client for forward connections)


def main() -> None:
    os.chdir(ROOT)  # .env, pyproject.toml and plugins/ are found relative to the project root
    nonebot.init(**({} if "DRIVER" in os.environ else {"driver": DEFAULT_DRIVER}))
    nonebot.get_driver().register_adapter(OneBotV11Adapter)
    nonebot.load_from_toml("pyproject.toml")
    nonebot.run()


if __name__ == "__main__":
    main()
