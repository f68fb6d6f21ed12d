"""Plugin settings, read by NoneBot from the environment or `.env`."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATABASE_URL = f"sqlite+aiosqlite:///{PROJECT_ROOT / 'data' / 'werewolf.db'}"


class Config(BaseModel):
    werewolf_directors: list[int] = []
    werewolf_database_url: str | None = None
    werewolf_timezone: str = "Asia/Shanghai"

    @property
    def database_url(self) -> str:
        return self.werewolf_database_url or DEFAULT_DATABASE_URL
