"""Repository: database URLs, SQLite settings, and group commit that isolates a faulty write."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from sqlalchemy.exc import IntegrityError

from nonebot_plugin_werewolf.storage import GameSpec, Repository, Step, sync_url
from werewolf_engine import Event, Outgoing


def test_async_drivers_are_swapped_for_blocking_ones() -> None:
    assert str(sync_url("sqlite+aiosqlite:////data/w.db")) == "sqlite+pysqlite:////data/w.db"
    assert str(sync_url("postgresql+asyncpg://bot@db/w")) == "postgresql+psycopg://bot@db/w"
    assert str(sync_url("sqlite:///w.db")) == "sqlite:///w.db"


async def test_sqlite_file_is_created_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "w.db"
    repo = Repository(f"sqlite+aiosqlite:///{path}")
    await repo.open()
    await repo.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def said(seq: int) -> tuple[int, Event]:
    return seq, Event(kind="say", at=1.0, qq=7, text=f"/第{seq}句")


async def test_writes_queued_together_commit_together_and_a_faulty_one_fails_alone(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    repo = Repository(f"sqlite+aiosqlite:///{path}")
    await repo.open()
    await repo.commit(
        Step(at=1.0, game_id=1, new_game=GameSpec(1, "竞技12", 5, "Asia/Shanghai"), log=said(0))
    )

    good = Step(
        at=2.0, game_id=1, seen=(1, "private:7", "100"), log=said(1), messages=[Outgoing("private", 7, "好")]
    )
    duplicate = Step(at=2.0, game_id=1, log=said(0))
    results = await asyncio.gather(
        repo.commit(good),
        repo.commit(duplicate),
        repo.commit(Step(at=2.0, seen=(1, "private:7", "101"))),
        return_exceptions=True,
    )
    await repo.close()

    assert isinstance(results[1], IntegrityError)
    assert [item.text for item in results[0]] == ["好"]  # type: ignore[union-attr]
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT seq FROM log_entries ORDER BY seq").fetchall() == [(0,), (1,)]
        assert conn.execute("SELECT message_id FROM seen_chat_messages ORDER BY 1").fetchall() == [
            ("100",),
            ("101",),
        ]
        assert conn.execute("SELECT id, text FROM outbox").fetchall() == [(1, "好")]


async def test_ids_continue_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'w.db'}"
    repo = Repository(url)
    await repo.open()
    spec = GameSpec(repo.allocate_game_id(), "竞技12", 5, "Asia/Shanghai")
    await repo.commit(Step(at=1.0, game_id=spec.id, new_game=spec, messages=[Outgoing("private", 7, "一")]))
    await repo.close()

    again = Repository(url)
    await again.open()
    assert again.allocate_game_id() == 2
    [item] = await again.commit(Step(at=2.0, messages=[Outgoing("private", 7, "二")]))
    assert item.id == 2
    assert [g.spec for g in await again.load_active_games()] == [spec]
    await again.close()


SCHEMA_0_1_0 = """
CREATE TABLE games (id BIGINT NOT NULL, board VARCHAR NOT NULL, seed BIGINT NOT NULL,
    timezone VARCHAR NOT NULL, created_at FLOAT NOT NULL, ended BOOLEAN NOT NULL, PRIMARY KEY (id));
CREATE TABLE outbox (id BIGINT NOT NULL, game_id BIGINT, kind VARCHAR NOT NULL, target BIGINT NOT NULL,
    text VARCHAR NOT NULL, created_at FLOAT NOT NULL, attempts INTEGER NOT NULL, next_try_at FLOAT NOT NULL,
    sent_at FLOAT, last_error VARCHAR NOT NULL, PRIMARY KEY (id));
INSERT INTO games VALUES (1, '竞技12', 5, 'Asia/Shanghai', 1.0, 1);
INSERT INTO outbox VALUES (1, 1, 'private', 10001, '你好', 1.0, 2, 3.0, NULL, 'retcode=1200');
"""


async def test_a_database_of_version_0_1_0_gets_the_new_columns_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(SCHEMA_0_1_0)
    repo = Repository(f"sqlite+aiosqlite:///{path}")
    await repo.open()

    [item] = await repo.load_pending_outbox()
    [finished] = await repo.load_finished_games()
    await repo.close()

    assert (item.id, item.text, item.attempts, item.urgent, item.held_at) == (1, "你好", 2, False, None)
    assert finished.spec == GameSpec(1, "竞技12", 5, "Asia/Shanghai") and finished.directors is None
