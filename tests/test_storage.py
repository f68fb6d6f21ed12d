"""Repository: database URLs, SQLite settings, group commit that isolates a faulty write, ids
handed out by the database."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from bansha_engine import VERSION, Event, Outgoing
from nonebot_plugin_bansha_director.storage import GameSpec, Repository, Step, sync_url
from tests.databases import database_for, query, server_url


def test_async_drivers_are_swapped_for_blocking_ones() -> None:
    assert str(sync_url("sqlite+aiosqlite:////data/w.db")) == "sqlite+pysqlite:////data/w.db"
    assert str(sync_url("postgresql+asyncpg://bot@db/w")) == "postgresql+psycopg://bot@db/w"
    assert str(sync_url("sqlite:///w.db")) == "sqlite:///w.db"


@pytest.mark.skipif(server_url() is not None, reason="SQLite's own settings")
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
    url = database_for(tmp_path / "w.db")
    repo = Repository(url)
    await repo.open()
    game_id = await repo.new_game_id(1.0)
    await repo.commit(
        Step(at=1.0, game_id=game_id, new_game=GameSpec(game_id, "竞技12", 5, "Asia/Shanghai"), log=said(0))
    )

    good = Step(
        at=2.0,
        game_id=game_id,
        seen=(1, "private:7", "100"),
        log=said(1),
        messages=[Outgoing("private", 7, "好")],
    )
    duplicate = Step(at=2.0, game_id=game_id, log=said(0), messages=[Outgoing("private", 7, "重复")])
    results = await asyncio.gather(
        repo.commit(good),
        repo.commit(duplicate),
        repo.commit(Step(at=2.0, seen=(1, "private:7", "101"))),
        return_exceptions=True,
    )
    await repo.close()

    assert isinstance(results[1], IntegrityError)
    [item] = results[0]  # type: ignore[misc]
    assert item.text == "好"
    assert query(url, "SELECT seq FROM log_entries ORDER BY seq") == [(0,), (1,)]
    assert query(url, "SELECT message_id FROM seen_chat_messages ORDER BY 1") == [("100",), ("101",)]
    assert query(url, "SELECT id, text FROM outbox") == [(item.id, "好")]


async def test_ids_come_from_the_database_and_continue_after_a_restart(tmp_path: Path) -> None:
    url = database_for(tmp_path / "w.db")
    repo = Repository(url)
    await repo.open()
    first = GameSpec(await repo.new_game_id(1.0), "竞技12", 5, "Asia/Shanghai", account=40000)
    await repo.commit(Step(at=1.0, game_id=first.id, new_game=first, messages=[Outgoing("private", 7, "一")]))
    abandoned = await repo.new_game_id(1.5)  # taken, never stored as a game: never handed out again
    await repo.close()

    again = Repository(url)
    await again.open()
    second = await again.new_game_id(2.0)
    [item] = await again.commit(Step(at=2.0, messages=[Outgoing("private", 7, "二")]))
    stored = await again.load_active_games()
    await again.close()

    assert first.id < abandoned < second
    assert [game.spec for game in stored] == [first] and first.engine_version == VERSION
    assert query(url, "SELECT id FROM outbox ORDER BY id") == [(item.id - 1,), (item.id,)]
