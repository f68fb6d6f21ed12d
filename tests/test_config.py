"""Settings: a mistake stops `python bot.py` with one line and a non-zero exit; WEREWOLF_DIRECTORS
and WEREWOLF_ACCOUNTS take a JSON list, a bare number or a comma list."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from nonebot_plugin_werewolf.config import Config, explain

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("value", "directors"),
    [
        ([123456, "234567"], {123456, 234567}),
        (123456, {123456}),  # what NoneBot makes of WEREWOLF_DIRECTORS=123456
        ("123456,234567", {123456, 234567}),
        ("123456， 234567", {123456, 234567}),
        ("", set()),
    ],
)
def test_directors_and_accounts_in_every_form(value: object, directors: set[int]) -> None:
    assert Config(werewolf_directors=value).directors == directors  # type: ignore[arg-type]
    assert Config(werewolf_accounts=value).accounts == directors  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"werewolf_directors": "abc"}, "WEREWOLF_DIRECTORS"),
        ({"werewolf_directors": "123"}, "WEREWOLF_DIRECTORS"),  # too short for a QQ number
        ({"werewolf_accounts": "bot"}, "WEREWOLF_ACCOUNTS"),
        ({"werewolf_timezone": "Mars/Base"}, "WEREWOLF_TIMEZONE"),
        ({"werewolf_send_rate": -1}, "WEREWOLF_SEND_RATE"),
        ({"werewolf_send_burst": 0}, "WEREWOLF_SEND_BURST"),
    ],
)
def test_a_bad_setting_is_named_in_one_line(settings: dict[str, object], named: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Config(**settings)  # type: ignore[arg-type]
    line = explain(caught.value)
    assert line.startswith(f"{named}：") and "\n" not in line


MISTAKES = {
    "WEREWOLF_TIMEZONE": "Mars/Base",
    "WEREWOLF_DIRECTORS": "abc",
    "WEREWOLF_DATABASE_URL": "mysql+aiomysql://bot@localhost/werewolf",  # its driver is not installed
    "SUPERUSERS": "10001",  # NoneBot's own setting wants a JSON list
}


def test_bot_py_stops_on_a_configuration_error_with_one_line(tmp_path: Path) -> None:
    started = {}
    for variable, value in MISTAKES.items():  # all at once: each start costs a second or two
        env = {
            **os.environ,
            "PORT": "1",  # never reached: the bot must stop before it listens
            "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'w.db'}",
            variable: value,
        }
        started[variable] = subprocess.Popen(
            [sys.executable, "bot.py"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    for variable, process in started.items():
        _, stderr = process.communicate(timeout=60)
        assert process.returncode != 0, variable
        last = stderr.strip().splitlines()[-1]
        assert last.startswith("配置错误：") and variable in last, stderr
        assert "Traceback" not in stderr
