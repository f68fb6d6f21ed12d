"""Schema migrations (Alembic), run at start-up before the bot opens its database.

Revisions live in `versions/`: 0001 is the schema of 0.1.0, 0002 what issue 7 added, 0003 the
columns and tables of 0.2.0, 0004 the saved boards of issue 12.  A database made before migrations
existed has no version table: its revision is read off its tables and stamped, then it is upgraded
like any other.  The version table
has a name of its own (`werewolf_alembic_version`), so the database can be shared with other
plugins that use Alembic (nonebot-plugin-orm keeps `alembic_version`).

A new revision: change the tables in `storage.py`, then
    python -c "from nonebot_plugin_bansha_director.migrations import new_revision; new_revision('what changed', 'sqlite:///data/werewolf.db')"
writes a file in `versions/` with what autogenerate found, to be read and completed by hand;
then set `HEAD` to its revision.

Alembic is imported only when there is something to do: a database already at `HEAD` is checked
with one query (importing Alembic costs 0.1 s and 11 MB at every start).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, column, create_engine, event, inspect, select, table
from sqlalchemy.engine import URL

if TYPE_CHECKING:
    from alembic.config import Config

VERSION_TABLE = "werewolf_alembic_version"
HEAD = "0004"  # the newest revision in versions/ (tests/test_migrations.py checks it is Alembic's head)
FIRST = "0001"  # the schema of 0.1.0
ISSUE_7 = "0002"  # what 0.1.x added before migrations existed (ended_at …, urgent …, seen_chat_messages)
HERE = Path(__file__).resolve().parent


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision, as Alembic reads it off `versions/`."""
    from alembic.script import ScriptDirectory

    return str(ScriptDirectory.from_config(alembic_config()).get_current_head())


def stored_revision(conn: Connection) -> str | None:
    """The revision the database is at: from its version table, or, for a database made before
    migrations existed, read off its tables; None for an empty database."""
    if (revision := _version_in_table(conn)) is not None:
        return revision
    tables = set(inspect(conn).get_table_names())
    if "games" not in tables:
        return None
    return ISSUE_7 if "seen_chat_messages" in tables else FIRST


def upgrade(url: URL) -> tuple[str | None, str]:
    """Bring the database at `url` to the newest revision in one transaction; (from, to).  A new
    database gets this version's tables at once, stamped at the newest revision (as Alembic's
    cookbook does; tests/test_migrations.py checks that they are exactly what the revisions make)."""
    engine = create_engine(url)
    if url.get_backend_name() == "sqlite":
        _transactional_sqlite(engine)
    try:
        with engine.begin() as conn:
            before = stored_revision(conn)
            if before == HEAD:
                return before, HEAD
            from alembic import command

            config = alembic_config(conn)
            if before is None:
                from nonebot_plugin_bansha_director.storage import METADATA  # storage imports this module

                METADATA.create_all(conn)
                command.stamp(config, "head")
            else:
                if _version_in_table(conn) is None:  # made before migrations existed
                    command.stamp(config, before)
                command.upgrade(config, "head")
            return before, head()
    finally:
        engine.dispose()


def _version_in_table(conn: Connection) -> str | None:
    """The revision the version table holds (None: no table, or no row)."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return None
    version = table(VERSION_TABLE, column("version_num"))
    return conn.execute(select(version.c.version_num)).scalar()


def _transactional_sqlite(engine: object) -> None:
    """pysqlite begins transactions only before data changes, so DDL would commit statement by
    statement; let SQLAlchemy issue BEGIN so that a migration is all or nothing."""

    @event.listens_for(engine, "connect")
    def _no_implicit_transactions(dbapi_connection: object, _record: object) -> None:
        dbapi_connection.isolation_level = None  # type: ignore[attr-defined]
        dbapi_connection.execute("PRAGMA busy_timeout=5000")  # type: ignore[attr-defined]

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def new_revision(message: str, url: str) -> None:
    """Write a new revision file from what autogenerate sees between `url`'s database and the tables."""
    from alembic import command

    engine = create_engine(url)
    with engine.begin() as conn:
        command.revision(alembic_config(conn), message=message, autogenerate=True)
    engine.dispose()
