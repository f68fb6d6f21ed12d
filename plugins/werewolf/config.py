"""Plugin settings, read by NoneBot from the environment or `.env`."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, field_validator

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATABASE_URL = f"sqlite+aiosqlite:///{PROJECT_ROOT / 'data' / 'werewolf.db'}"


class Config(BaseModel):
    werewolf_directors: list[int] = []
    werewolf_database_url: str | None = None
    werewolf_timezone: str = "Asia/Shanghai"

    @field_validator("werewolf_timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown time zone {value!r}") from exc
        return value

    @property
    def database_url(self) -> str:
        return self.werewolf_database_url or DEFAULT_DATABASE_URL
