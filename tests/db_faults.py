"""Make the bot's database unwritable mid-game, the ways it happens in production, per backend.

The database under test is a fresh SQLite file, or a new database on the server that
`WEREWOLF_TEST_DATABASE_URL` names (tests/databases.py).  Each fault is switched on and healed while the
bot runs:

- `locked`: another connection holds an exclusive lock (a backup, a migration, an admin's shell);
- `read_only`: the database refuses writes (a read-only file or replica, a full quota);
- `full`: the disk is full: every write fails with the error the database gives then (a test
  cannot fill a disk, so triggers raise it: SQLite "database or disk is full", PostgreSQL
  SQLSTATE 53100 disk_full).
"""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from nonebot_plugin_bansha_director.storage import TABLES, Repository
from tests.databases import database_for

FAULTS = ("locked", "read_only", "full")


def database_url(tmp_path: Path) -> str:
    """The database for one test: a new SQLite file, or a new database on the configured server."""
    return database_for(tmp_path / "werewolf.db")


class Faults(ABC):
    def __init__(self, repo: Callable[[], Repository]) -> None:
        self._repo = repo  # the running bot's, which changes when it restarts

    @property
    def repo(self) -> Repository:
        return self._repo()

    async def switch_on(self, fault: str) -> None:
        await getattr(self, fault)()

    @abstractmethod
    async def locked(self) -> None: ...

    @abstractmethod
    async def read_only(self) -> None: ...

    @abstractmethod
    async def full(self) -> None: ...

    @abstractmethod
    async def heal(self) -> None: ...

    async def on_bot_connection(self, sql: str) -> Any:
        """Run `sql` on the bot's own database connection, on its database thread."""

        def run() -> Any:
            raw = self.repo.conn.connection.dbapi_connection
            cursor = raw.cursor()
            cursor.execute(sql)
            rows = cursor.fetchall() if cursor.description else None
            cursor.close()
            raw.commit()
            return rows

        return await self.repo.in_thread(run)


class SqliteFaults(Faults):
    def __init__(self, repo: Callable[[], Repository]) -> None:
        super().__init__(repo)
        self.locker: sqlite3.Connection | None = None

    async def locked(self) -> None:
        self.locker = sqlite3.connect(str(self.repo.url.database), isolation_level=None)
        self.locker.execute("BEGIN EXCLUSIVE")

    async def read_only(self) -> None:
        await self.on_bot_connection("PRAGMA query_only = ON")

    async def full(self) -> None:
        for table in TABLES:
            for action in ("INSERT", "UPDATE"):
                await self.on_bot_connection(
                    f"CREATE TRIGGER werewolf_test_full_{action}_{table.name} BEFORE {action} ON {table.name} "
                    "BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END"
                )

    async def heal(self) -> None:
        if self.locker is not None:
            self.locker.rollback()
            self.locker.close()
            self.locker = None
        await self.on_bot_connection("PRAGMA query_only = OFF")
        for table in TABLES:
            for action in ("INSERT", "UPDATE"):
                await self.on_bot_connection(
                    f"DROP TRIGGER IF EXISTS werewolf_test_full_{action}_{table.name}"
                )


class PostgresqlFaults(Faults):
    def __init__(self, repo: Callable[[], Repository]) -> None:
        super().__init__(repo)
        self.locker: Any = None

    async def locked(self) -> None:
        engine = create_engine(self.repo.url)
        self.locker = engine.connect()
        self.locker.begin()
        names = ", ".join(table.name for table in TABLES)
        self.locker.execute(text(f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE"))

    async def read_only(self) -> None:
        await self.on_bot_connection("SET default_transaction_read_only = on")

    async def full(self) -> None:
        statements = [
            "CREATE OR REPLACE FUNCTION werewolf_test_disk_full() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; "
            "END $$ LANGUAGE plpgsql"
        ]
        statements += [
            f"CREATE TRIGGER werewolf_test_disk_full BEFORE INSERT OR UPDATE ON {table.name} "
            "FOR EACH ROW EXECUTE FUNCTION werewolf_test_disk_full()"
            for table in TABLES
        ]
        for sql in statements:
            await self.on_bot_connection(sql)

    async def heal(self) -> None:
        if self.locker is not None:
            self.locker.rollback()
            self.locker.close()
            self.locker = None
        await self.on_bot_connection("SET default_transaction_read_only = off")
        for table in TABLES:
            await self.on_bot_connection(f"DROP TRIGGER IF EXISTS werewolf_test_disk_full ON {table.name}")


def faults_for(repo: Callable[[], Repository]) -> Faults:
    backend = repo().url.get_backend_name()
    if backend == "sqlite":
        return SqliteFaults(repo)
    if backend == "postgresql":
        return PostgresqlFaults(repo)
    raise NotImplementedError(f"no fault injection for {backend}")
