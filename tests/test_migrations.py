"""Migrations: a database made by 0.1.0 (no version table), or by the previous revision, is
upgraded at start-up, keeps its rows, ends with exactly the tables of this version, and its games
run on; the version table is found or stamped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
)

from bansha_engine import VERSION
from nonebot_plugin_bansha_director import migrations
from nonebot_plugin_bansha_director.storage import METADATA, OutboxItem, Repository, sync_url
from tests.databases import database_for, query
from tests.fakes import START
from tests.recorded_games import RECORDED, digest
from tests.transcript_runner import DIRECTOR, TranscriptRunner

ROOT = Path(__file__).resolve().parent.parent
RECORDING = json.loads((RECORDED / "0.1.0" / "jingji12-01-first-night.json").read_text(encoding="utf-8"))


def tables_of_0_1_0() -> MetaData:
    """The tables as 0.1.0 declared them (`git show 3831998:plugins/werewolf/storage.py`), which it
    made with create_all and no version table."""
    metadata = MetaData()
    Table(
        "games",
        metadata,
        Column("id", BigInteger, primary_key=True),
        Column("board", String, nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("timezone", String, nullable=False),
        Column("created_at", Float, nullable=False),
        Column("ended", Boolean, nullable=False),
    )
    Table(
        "log_entries",
        metadata,
        Column("game_id", BigInteger, primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("kind", String, nullable=False),
        Column("at", Float, nullable=False),
        Column("qq", BigInteger, nullable=False),
        Column("text", String, nullable=False),
        Column("group_id", BigInteger),
        Column("key", String, nullable=False),
    )
    Table(
        "outbox",
        metadata,
        Column("id", BigInteger, primary_key=True),
        Column("game_id", BigInteger, index=True),
        Column("kind", String, nullable=False),
        Column("target", BigInteger, nullable=False),
        Column("text", String, nullable=False),
        Column("created_at", Float, nullable=False),
        Column("attempts", Integer, nullable=False),
        Column("next_try_at", Float, nullable=False),
        Column("sent_at", Float, index=True),
        Column("last_error", String, nullable=False),
    )
    Table(
        "timers",
        metadata,
        Column("game_id", BigInteger, primary_key=True),
        Column("key", String, primary_key=True),
        Column("due", Float, nullable=False),
    )
    Table(
        "seen_messages",
        metadata,
        Column("self_id", BigInteger, primary_key=True),
        Column("message_id", BigInteger, primary_key=True),
        Column("at", Float, nullable=False, index=True),
    )
    Table(
        "focus",
        metadata,
        Column("qq", BigInteger, primary_key=True),
        Column("game_id", BigInteger, nullable=False),
    )
    return metadata


def log_rows(game_id: int) -> list[dict[str, Any]]:
    return [
        {
            "game_id": game_id,
            "seq": seq,
            "kind": e["kind"],
            "at": e["at"],
            "qq": e["qq"],
            "text": e["text"],
            "group_id": e["group"],
            "key": e["key"],
        }
        for seq, e in enumerate(RECORDING["events"])
    ]


def game_row(game_id: int) -> dict[str, Any]:
    return {
        "id": game_id,
        "board": RECORDING["board"],
        "seed": RECORDING["seed"],
        "timezone": RECORDING["timezone"],
        "created_at": START,
        "ended": False,
    }


def outbox_row(row_id: int, **more: Any) -> dict[str, Any]:
    return {
        "id": row_id,
        "game_id": 3,
        "kind": "private",
        "target": DIRECTOR,
        "text": f"未送达{row_id}",
        "created_at": START,
        "attempts": 2,
        "next_try_at": START,
        "sent_at": None,
        "last_error": "retcode=1200",
        **more,
    }


def differences(url: str) -> list[Any]:
    """What differs between the database's tables and this version's (empty when identical)."""
    engine = create_engine(sync_url(url))
    with engine.connect() as conn:
        options = {"compare_type": True, "version_table": migrations.VERSION_TABLE}
        found = compare_metadata(MigrationContext.configure(conn, opts=options), METADATA)
    engine.dispose()
    return found


def revision_of(url: str) -> str | None:
    engine = create_engine(sync_url(url))
    with engine.connect() as conn:
        revision = MigrationContext.configure(
            conn, opts={"version_table": migrations.VERSION_TABLE}
        ).get_current_revision()
    engine.dispose()
    return revision


async def check_upgraded_runs_on(url: str) -> tuple[TranscriptRunner, list[OutboxItem]]:
    """Boot on the database; the old game is rebuilt to its recorded state and new ids follow the
    old; what was waiting in the outbox at start-up is returned."""
    runner = TranscriptRunner(url)
    await runner.boot()
    pending = runner.bot.outbox.pending
    assert digest(runner.bot.games[3].game) == RECORDING["digest"]
    assert runner.bot.repo.migrated is not None and runner.bot.repo.migrated[1] == migrations.head()
    assert revision_of(url) == migrations.head() and differences(url) == []
    await runner.say("导演", "/开局 百变小樱")
    assert "4号局" in runner.wire.texts_to(f"qq:{DIRECTOR}")[-1]
    return runner, pending


async def test_a_database_made_by_0_1_0_is_stamped_upgraded_and_its_game_runs_on(tmp_path: Path) -> None:
    url = database_for(tmp_path / "w.db")
    old = tables_of_0_1_0()
    engine = create_engine(sync_url(url))
    with engine.begin() as conn:
        old.create_all(conn)
        conn.execute(insert(old.tables["games"]), [game_row(3)])
        conn.execute(insert(old.tables["log_entries"]), log_rows(3))
        conn.execute(insert(old.tables["outbox"]), [outbox_row(7)])
        conn.execute(insert(old.tables["seen_messages"]), [{"self_id": 40000, "message_id": 5, "at": START}])
        conn.execute(insert(old.tables["focus"]), [{"qq": DIRECTOR, "game_id": 3}])
    engine.dispose()

    runner, [pending] = await check_upgraded_runs_on(url)

    assert (pending.id, pending.attempts, pending.urgent, pending.account) == (7, 2, False, None)
    new_ids = query(url, "SELECT id FROM outbox WHERE id <> 7")
    assert new_ids and all(row_id > 7 for (row_id,) in new_ids)
    assert query(url, "SELECT engine_version, account, board_text, board_version FROM games ORDER BY id") == [
        (None, None, None, None),
        (VERSION, 40000, None, None),
    ]
    await runner.shutdown()


async def test_a_database_of_the_previous_revision_is_upgraded_and_keeps_its_rows(tmp_path: Path) -> None:
    """0.1.x after issue 7 made revision 0002's tables without a version table."""
    url = database_for(tmp_path / "w.db")
    engine = create_engine(sync_url(url))
    with engine.begin() as conn:
        command.upgrade(migrations.alembic_config(conn), migrations.ISSUE_7)
        conn.exec_driver_sql(f"DROP TABLE {migrations.VERSION_TABLE}")
        conn.execute(insert(METADATA.tables["games"]).values(**game_row(3)))
        conn.execute(insert(METADATA.tables["log_entries"]), log_rows(3))
        conn.exec_driver_sql(
            "INSERT INTO outbox (id, game_id, kind, target, text, created_at, attempts, next_try_at,"
            " last_error, urgent, held_at) VALUES (9, 3, 'private', 20000, '搁置', 1.0, 5, 1.0, 'x', false, 2.0)"
        )
    engine.dispose()

    runner, [held] = await check_upgraded_runs_on(url)

    assert (held.id, held.text, held.attempts, held.held_at) == (9, "搁置", 5, 2.0)
    await runner.shutdown()


async def test_a_database_of_0_2_gets_the_saved_boards_and_its_games_no_board_text(tmp_path: Path) -> None:
    """Revision 0003 (0.2.x) to 0004: the `boards` table, and games stored before open built-in boards."""
    url = database_for(tmp_path / "w.db")
    engine = create_engine(sync_url(url))
    with engine.begin() as conn:
        command.upgrade(migrations.alembic_config(conn), "0003")
        conn.execute(insert(METADATA.tables["games"]).values(**game_row(3), engine_version="0.2.1"))
        conn.execute(
            insert(METADATA.tables["game_ids"]), [{"at": START}] * 3
        )  # ids 1-3, as 0.2 numbered them
        conn.execute(insert(METADATA.tables["log_entries"]), log_rows(3))
    engine.dispose()

    runner, _ = await check_upgraded_runs_on(url)

    assert query(url, "SELECT id, board_text, board_version FROM games WHERE id = 3") == [(3, None, None)]
    assert query(url, "SELECT count(*) FROM boards") == [(0,)]
    await runner.shutdown()


async def test_a_new_database_is_stamped_at_the_newest_revision_and_a_current_one_is_left_as_it_is(
    tmp_path: Path,
) -> None:
    url = database_for(tmp_path / "w.db")
    for expected in ((None, migrations.head()), None):
        repo = Repository(url)
        await repo.open()
        await repo.close()
        assert repo.migrated == expected
    assert revision_of(url) == migrations.head() and differences(url) == []


async def test_the_revisions_make_exactly_the_tables_of_this_version(tmp_path: Path) -> None:
    url = database_for(tmp_path / "w.db")
    engine = create_engine(sync_url(url))
    with engine.begin() as conn:
        command.upgrade(migrations.alembic_config(conn), "head")
    engine.dispose()
    assert differences(url) == []


def test_the_head_the_fast_path_knows_is_alembics() -> None:
    """A database at `HEAD` is opened without Alembic: `HEAD` must be the newest revision."""
    assert migrations.head() == migrations.HEAD


def test_a_current_database_is_opened_without_importing_alembic(tmp_path: Path) -> None:
    url = sync_url(database_for(tmp_path / "w.db"))
    assert migrations.upgrade(url)[0] is None  # made now, at HEAD
    script = (
        "import sys, nonebot; nonebot.init()\n"
        "from bot import let_nonebot_find_editable_installs; let_nonebot_find_editable_installs()\n"
        "from nonebot_plugin_bansha_director import migrations\n"
        "from sqlalchemy.engine import make_url\n"
        f"print(migrations.upgrade(make_url({url.render_as_string(hide_password=False)!r})))\n"
        "print('alembic' in sys.modules)\n"
    )
    env = {**os.environ, "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'plugin.db'}"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.stdout.split("\n")[-3:] == [f"('{migrations.HEAD}', '{migrations.HEAD}')", "False", ""], (
        done.stderr
    )
