"""Start the bot: `python bot.py` from anywhere; settings come from the environment or `.env`."""

import os
import sys
from pathlib import Path

import nonebot
from nonebot.adapters.onebot.v11 import Adapter as OneBotV11Adapter
from nonebot.log import default_filter, default_format, logger, logger_id

ROOT = Path(__file__).resolve().parent
DEFAULT_DRIVER = "~fastapi+~websockets"  # reverse WebSocket server (+ client for forward connections)


def log_at_configured_level() -> None:
    """NoneBot's stdout handler accepts every level and filters each record afterwards, so every
    DEBUG call (several per message and per API call) is fully formatted and then thrown away.
    Giving the handler the configured level lets loguru drop those calls up front."""
    logger.remove(logger_id)
    level = nonebot.get_driver().config.log_level
    logger.add(sys.stdout, level=level, diagnose=False, filter=default_filter, format=default_format)


def main() -> None:
    os.chdir(ROOT)  # .env and pyproject.toml are found relative to the project root
    nonebot.init(**({} if "DRIVER" in os.environ else {"driver": DEFAULT_DRIVER}))
    log_at_configured_level()
    nonebot.get_driver().register_adapter(OneBotV11Adapter)
    nonebot.load_from_toml("pyproject.toml")
    nonebot.run()


if __name__ == "__main__":
    main()
