"""The database each test runs on: a SQLite file, or, when WEREWOLF_TEST_DATABASE_URL names a
server (PostgreSQL), a new database on that server for each call, dropped when the session ends.

Every test that builds a Repository or a TranscriptRunner gets its database here, so
`WEREWOLF_TEST_DATABASE_URL=postgresql+psycopg://… pytest` runs the whole suite on PostgreSQL.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from nonebot_plugin_bansha_director.storage import sync_url

URL_VARIABLE = "WEREWOLF_TEST_DATABASE_URL"
_numbers = itertools.count(1)
_created: list[str] = []


def server_url() -> str | None:
    return os.environ.get(URL_VARIABLE) or None


def database_for(sqlite_file: Path) -> str:
    """A URL for one test's database: SQLite at `sqlite_file`, or a new database on the server."""
    server = server_url()
    if server is None:
        return f"sqlite+aiosqlite:///{sqlite_file}"
    name = f"werewolf_test_{os.getpid()}_{next(_numbers)}"
    _on_server(server, f'CREATE DATABASE "{name}"')
    _created.append(name)
    return make_url(server).set(database=name).render_as_string(hide_password=False)


def drop_created() -> None:
    """Drop the databases this session made on the server."""
    server = server_url()
    while server is not None and _created:
        _on_server(server, f'DROP DATABASE IF EXISTS "{_created.pop()}" WITH (FORCE)')


def _on_server(server: str, sql: str) -> None:
    engine = create_engine(sync_url(server), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(sql)
    engine.dispose()


def query(url: str, sql: str, *args: object) -> list[tuple[Any, ...]]:
    """Rows of `sql` (with `?` placeholders for `args`) on the database at `url`."""
    numbered = itertools.count()
    named = re.sub(r"\?", lambda _: f":p{next(numbered)}", sql)
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            result = conn.execute(text(named), {f"p{i}": arg for i, arg in enumerate(args)})
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()
