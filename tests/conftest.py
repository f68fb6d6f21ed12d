"""Test set-up: NoneBot is initialised (the plugin package needs a driver to import) but never started."""

import nonebot
import pytest
from nonebug import NONEBOT_START_LIFESPAN


def pytest_configure(config: pytest.Config) -> None:
    config.stash[NONEBOT_START_LIFESPAN] = False
    nonebot.init()
