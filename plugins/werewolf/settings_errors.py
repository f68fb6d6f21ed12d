"""A mistake in the settings (environment or `.env`) as one Chinese line naming each bad setting.

Used by the plugin for its WEREWOLF_* settings (config.py) and by bot.py for NoneBot's own
(SUPERUSERS, PORT …).  bot.py loads this file by its path, before NoneBot is initialised, when
importing the plugin package is not possible yet: so it imports nothing of the package.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

NOT_JSON = re.compile(r'error parsing (?:env var|value for field) "(\w+)"')  # NoneBot's SettingsError
# pydantic's error types, as a director reads them; our own validators already speak Chinese
MESSAGES = {
    "int_parsing": "应为整数",
    "int_type": "应为整数",
    "int_from_float": "应为整数",
    "float_parsing": "应为数字",
    "float_type": "应为数字",
    "bool_parsing": "应为 true 或 false",
    "bool_type": "应为 true 或 false",
    "string_type": "应为文字",
    "list_type": '应为 JSON 列表，例如 ["123456"]',
    "set_type": '应为 JSON 列表，例如 ["123456"]',
    "dict_type": '应为 JSON 对象，例如 {"名字": "值"}',
    "json_invalid": "不是有效的 JSON",
    "missing": "缺少这一项",
    "ip_any_address": "应为 IP 地址，例如 127.0.0.1",
    "ip_v4_address": "应为 IP 地址，例如 127.0.0.1",
    "literal_error": "不是可选的值之一",
    "enum": "不是可选的值之一",
    "greater_than": "太小",
    "greater_than_equal": "太小",
    "less_than": "太大",
    "less_than_equal": "太大",
}


def explain(error: Exception) -> str:
    """One line: `NAME：what is wrong` for each bad setting, separated by `；`."""
    if isinstance(error, ValidationError):
        return "；".join(_problem(item) for item in error.errors())
    if match := NOT_JSON.search(str(error)):
        return f"{match.group(1).upper()}：{not_json(error.__cause__)}"
    return str(error)


def not_json(cause: BaseException | None) -> str:
    """Why a setting is not valid JSON, with where when the parser said."""
    where = ""
    if isinstance(cause, json.JSONDecodeError):
        at_end = cause.pos >= len(cause.doc.rstrip())
        where = "（没有写完：缺少右括号或引号）" if at_end else f"（第{cause.pos + 1}个字符处有误）"
    return f'不是有效的 JSON{where}；列表写成 ["123456"]，括号和引号都要成对'


def _problem(item: Any) -> str:
    key = str(item["loc"][0]).upper() if item["loc"] else "?"
    if item["type"] == "value_error":  # raised by our own validators, in Chinese
        return f"{key}：{str(item['msg']).removeprefix('Value error, ')}"
    message = MESSAGES.get(item["type"], str(item["msg"]))
    received = f"，收到 {item['input']!r}" if item["type"] != "missing" and "input" in item else ""
    return f"{key}：{message}{received}"
