"""Plugin settings, read by NoneBot from the environment or `.env`."""

from __future__ import annotations

import json
import re
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, field_validator

from .outbox import DEFAULT_SEND_BURST, DEFAULT_SEND_RATE
from .settings_errors import explain, not_json

__all__ = ["Config", "explain"]

QQ_SEPARATORS = re.compile(r"[\s,，、;；]+")


class Config(BaseModel):
    # `| str` lets NoneBot pass a value that is not JSON (123456,234567) on to the validator
    werewolf_directors: list[int] | str = []
    # The QQ accounts this process serves, when several processes share one database; empty: every one
    werewolf_accounts: list[int] | str = []
    werewolf_database_url: str | None = None
    werewolf_timezone: str = "Asia/Shanghai"
    werewolf_send_rate: float = DEFAULT_SEND_RATE  # sends per second from the bot's QQ account; 0 = no pacing
    werewolf_send_burst: int = DEFAULT_SEND_BURST  # sends that may go at once before the pace applies

    @field_validator("werewolf_directors", "werewolf_accounts", mode="before")
    @classmethod
    def _qq_numbers(cls, value: Any) -> list[int]:
        """A JSON list, a bare number, or numbers separated by commas or blanks."""
        if isinstance(value, str) and value.strip().startswith("["):  # NoneBot could not read it as JSON
            try:
                json.loads(value)
            except ValueError as exc:
                raise ValueError(not_json(exc)) from exc
        items = value if isinstance(value, list) else QQ_SEPARATORS.split(str(value).strip())
        numbers = [str(item).strip() for item in items if str(item).strip()]
        if not all(n.isascii() and n.isdigit() and 5 <= len(n) <= 12 for n in numbers):
            raise ValueError(f"应为 QQ 号，如 123456 或 123456,234567，收到 {value!r}")
        return [int(n) for n in numbers]

    @field_validator("werewolf_timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"未知的时区 {value!r}（例如 Asia/Shanghai）") from exc
        return value

    @field_validator("werewolf_send_rate")
    @classmethod
    def _rate(cls, value: float) -> float:
        if value < 0:
            raise ValueError(f"应为每秒条数（0 表示不限速），收到 {value!r}")
        return value

    @field_validator("werewolf_send_burst")
    @classmethod
    def _burst(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"应为至少 1 的整数，收到 {value!r}")
        return value

    @property
    def directors(self) -> set[int]:
        return set(self.werewolf_directors) if isinstance(self.werewolf_directors, list) else set()

    @property
    def accounts(self) -> set[int]:
        return set(self.werewolf_accounts) if isinstance(self.werewolf_accounts, list) else set()
