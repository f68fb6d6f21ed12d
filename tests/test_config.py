"""Settings: a mistake stops `python bot.py` with one line and a non-zero exit; WEREWOLF_DIRECTORS
and WEREWOLF_ACCOUNTS take a JSON list, a bare number or a comma list."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlalchemy.engine import make_url

from nonebot_plugin_bansha_director.config import Config, explain
from nonebot_plugin_bansha_director.storage import DatabaseUnavailable, checked_repository
from tests.databases import server_url

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


# (setting, value, what the one line must say): every message in Chinese
MISTAKES = [
    ("WEREWOLF_TIMEZONE", "Mars/Base", "未知的时区"),
    ("WEREWOLF_DIRECTORS", "abc", "应为 QQ 号"),
    ("WEREWOLF_ACCOUNTS", "[40000", "不是有效的 JSON"),
    ("WEREWOLF_SEND_RATE", "fast", "应为数字"),
    ("SUPERUSERS", "10001", "应为 JSON 列表"),  # NoneBot's own setting wants a JSON list
    ("SUPERUSERS", "[123", "不是有效的 JSON（没有写完"),
    ("SUPERUSERS", '["123",]', "不是有效的 JSON（第8个字符处有误）"),
    ("PORT", "eighty", "应为整数"),
    ("WEREWOLF_DATABASE_URL", "mysql+aiomysql://bot@localhost/werewolf", "没有安装它的驱动"),
    ("WEREWOLF_DATABASE_URL", "postgres://bot@localhost/werewolf", "不认识数据库类型「postgres」"),
    ("WEREWOLF_DATABASE_URL", "postgresql+psycopg//bot@localhost/werewolf", "不是有效的数据库地址"),
    ("WEREWOLF_DATABASE_URL", "postgresql+psycopg://bot:secret@127.0.0.1:1/werewolf", "连接被拒绝"),
    ("WEREWOLF_DATABASE_URL", "postgresql+psycopg://bot@nosuchhost.invalid/werewolf", "找不到这个主机"),
]


def test_bot_py_stops_on_a_configuration_error_with_one_line(tmp_path: Path) -> None:
    started = []
    for variable, value, said in MISTAKES:  # all at once: each start costs a second or two
        env = {
            **os.environ,
            "PORT": "1",  # never reached: the bot must stop before it listens
            "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'w.db'}",
            variable: value,
        }
        process = subprocess.Popen(
            [sys.executable, "bot.py"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append((variable, value, said, process))
    for variable, value, said, process in started:
        _, stderr = process.communicate(timeout=60)
        assert process.returncode != 0, (variable, value)
        last = stderr.strip().splitlines()[-1]
        assert last.startswith(f"配置错误：{variable}") and said in last, stderr
        assert "Traceback" not in stderr and "secret" not in stderr
        assert not re.search(r"Input should|error parsing", last), last  # pydantic's and NoneBot's English


@pytest.mark.skipif(
    not (server_url() or "").startswith("postgresql"), reason="needs WEREWOLF_TEST_DATABASE_URL (PostgreSQL)"
)
@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"database": "werewolf_no_such_database"}, "服务器上没有这个数据库"),
        ({"username": "nobody_at_all"}, "没有这个用户"),
    ],
)
def test_a_postgresql_server_that_refuses_the_url_is_explained(change: dict[str, str], said: str) -> None:
    url = make_url(server_url() or "").set(**change).render_as_string(hide_password=False)
    with pytest.raises(DatabaseUnavailable) as caught:
        checked_repository(url)
    assert str(caught.value).startswith("无法连接数据库：") and said in str(caught.value)
