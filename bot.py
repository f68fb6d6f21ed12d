"""Start the bot: `python bot.py` from anywhere; settings come from the environment or `.env`."""

import os
import sys
from pathlib import Path

import nonebot
from nonebot.adapters.onebot.v11 import Adapter as OneBotV11Adapter
from nonebot.log import default_filter, default_format, logger, logger_id
from pydantic import ValidationError

ROOT = Path(__file__).resolve().parent
DEFAULT_DRIVER = "~fastapi+~websockets"  # reverse WebSocket server (+ client for forward connections)


def log_at_configured_level() -> None:
    """NoneBot's stdout handler accepts every level and filters each record afterwards, so every
    DEBUG call (several per message and per API call) is fully formatted and then thrown away.
    Giving the handler the configured level lets loguru drop those calls up front."""
    logger.remove(logger_id)
    level = nonebot.get_driver().config.log_level
    logger.add(sys.stdout, level=level, diagnose=False, filter=default_filter, format=default_format)


def init_or_exit() -> None:
    """nonebot.init(); a mistake in NoneBot's own settings (SUPERUSERS, PORT ...) stops the bot
    with one line naming it.  The plugin does the same for the WEREWOLF_* settings."""
    try:
        nonebot.init(**({} if "DRIVER" in os.environ else {"driver": DEFAULT_DRIVER}))
    except ValidationError as exc:
        problems = (f"{str(e['loc'][0]).upper()}：{e['msg']}" for e in exc.errors() if e["loc"])
        sys.exit(f"配置错误：{'；'.join(problems)}")
    except ValueError as exc:  # NoneBot's SettingsError: a value that is not valid JSON
        sys.exit(f"配置错误：{exc}")


def main() -> None:
    os.chdir(ROOT)  # .env and pyproject.toml are found relative to the project root
    init_or_exit()
    log_at_configured_level()
    nonebot.get_driver().register_adapter(OneBotV11Adapter)
    nonebot.load_from_toml("pyproject.toml")
    nonebot.run()


if __name__ == "__main__":
    main()
