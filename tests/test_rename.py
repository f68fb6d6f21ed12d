"""0.3.0 renamed the plugin module (nonebot_plugin_werewolf → nonebot_plugin_bansha_director), and
nonebot-plugin-localstore names the data folder after it: an upgraded bot finds the old database."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, insert

from nonebot_plugin_bansha_director import migrations
from nonebot_plugin_bansha_director.datafolder import OLD_PLUGIN, adopt_old_database, old_key_folder
from nonebot_plugin_bansha_director.storage import METADATA
from tests.fakes import START
from tests.onebot_peer import DIRECTOR, BotProcess, account, text_of
from tests.test_migrations import game_row, log_rows, outbox_row

PLUGIN = "nonebot_plugin_bansha_director"


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()} if folder.exists() else {}


def sqlite_file(path: Path, *tables: str) -> bytes:
    """A SQLite database at `path` with these (empty) tables; its bytes."""
    with sqlite3.connect(path) as conn:
        for table in tables:
            conn.execute(f"CREATE TABLE {table} (id INTEGER)")
    conn.close()
    return path.read_bytes()


OURS = ("games", "log_entries", "outbox")


def crashed_wal_database(folder: Path) -> None:
    """`folder`/werewolf.db as a bot killed mid-game leaves it: a row still only in the -wal file."""
    live = folder.parent / "live"
    live.mkdir()
    conn = sqlite3.connect(live / "werewolf.db")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    for table in OURS:
        conn.execute(f"CREATE TABLE {table} (id INTEGER)")
    conn.execute("INSERT INTO games VALUES (3)")
    conn.commit()
    folder.mkdir()
    for name in ("werewolf.db", "werewolf.db-wal", "werewolf.db-shm"):
        shutil.copy(live / name, folder / name)
    conn.close()


def test_the_database_and_its_wal_files_move_to_the_new_folder(tmp_path: Path) -> None:
    old, new = tmp_path / OLD_PLUGIN, tmp_path / PLUGIN
    crashed_wal_database(old)
    wal = (old / "werewolf.db-wal").read_bytes()

    assert adopt_old_database(old, new, "werewolf.db")

    assert sorted(files_in(new)) == ["werewolf.db", "werewolf.db-shm", "werewolf.db-wal"]
    assert files_in(new)["werewolf.db-wal"] == wal and files_in(old) == {}
    with sqlite3.connect(new / "werewolf.db") as conn:
        assert conn.execute("SELECT id FROM games").fetchall() == [(3,)]
    conn.close()


def test_a_database_of_another_plugin_under_the_old_name_stays(tmp_path: Path) -> None:
    """The other NoneBot werewolf plugin, which owns the old name, keeps its folder to itself."""
    old, new = tmp_path / OLD_PLUGIN, tmp_path / PLUGIN
    old.mkdir()
    theirs = sqlite_file(old / "werewolf.db", "players", "rooms")
    (old / "notes.db").write_text("not sqlite")

    assert not adopt_old_database(old, new, "werewolf.db")
    assert not adopt_old_database(old, new, "notes.db")
    assert files_in(old)["werewolf.db"] == theirs and not new.exists()


def test_a_database_in_the_new_folder_is_never_replaced(tmp_path: Path) -> None:
    old, new = tmp_path / OLD_PLUGIN, tmp_path / PLUGIN
    old.mkdir()
    new.mkdir()
    old_bytes = sqlite_file(old / "werewolf.db", *OURS, "old")
    new_bytes = sqlite_file(new / "werewolf.db", *OURS)

    assert not adopt_old_database(old, new, "werewolf.db")

    assert files_in(new) == {"werewolf.db": new_bytes} and files_in(old) == {"werewolf.db": old_bytes}


def test_nothing_to_move_when_there_is_no_old_database(tmp_path: Path) -> None:
    old, new = tmp_path / OLD_PLUGIN, tmp_path / PLUGIN
    old.mkdir()
    (old / "werewolf.db-wal").write_text("stray")

    assert not adopt_old_database(old, new, "werewolf.db")
    assert not adopt_old_database(tmp_path / "missing", new, "werewolf.db")
    assert not new.exists()


def test_the_same_folder_under_both_names_is_left_alone(tmp_path: Path) -> None:
    database = sqlite_file(tmp_path / "werewolf.db", *OURS)

    assert not adopt_old_database(tmp_path, tmp_path, "werewolf.db")
    assert files_in(tmp_path) == {"werewolf.db": database}


def test_an_old_localstore_key_is_used_unless_the_new_one_is_set(tmp_path: Path) -> None:
    old_only = {OLD_PLUGIN: tmp_path / "old"}

    assert old_key_folder(old_only, PLUGIN) == tmp_path / "old"
    assert old_key_folder({**old_only, PLUGIN: tmp_path / "new"}, PLUGIN) is None
    assert old_key_folder({}, PLUGIN) is None


def database_of_0_2_1(sqlite_file: Path) -> None:
    """What 0.2.1 left: schema revision 0003, game 3 under way, a message not yet delivered and a
    deadline."""
    sqlite_file.parent.mkdir(parents=True)
    engine = create_engine(f"sqlite:///{sqlite_file}")
    with engine.begin() as conn:
        command.upgrade(migrations.alembic_config(conn), "0003")
        conn.execute(insert(METADATA.tables["games"]).values(**game_row(3), engine_version="0.2.1"))
        conn.execute(insert(METADATA.tables["game_ids"]), [{"at": START}] * 3)
        conn.execute(insert(METADATA.tables["log_entries"]), log_rows(3))
        conn.execute(
            insert(METADATA.tables["outbox"]),
            [outbox_row(9, text="升级前没送出的消息", attempts=0, last_error="")],
        )
        conn.execute(insert(METADATA.tables["timers"]).values(game_id=3, key="迁移测试", due=4102444800.0))
    engine.dispose()


@pytest.mark.parametrize("old_key", [False, True], ids=["default-folder", "old-localstore-key"])
async def test_an_upgraded_bot_in_another_project_finds_its_games(tmp_path: Path, old_key: bool) -> None:
    base = tmp_path / "data"
    old_folder = tmp_path / "chosen" if old_key else base / OLD_PLUGIN
    database_of_0_2_1(old_folder / "werewolf.db")
    settings = {"LOCALSTORE_DATA_DIR": str(base)}
    if old_key:
        settings["LOCALSTORE_PLUGIN_DATA_DIR"] = json.dumps({OLD_PLUGIN: str(old_folder)})
    log = tmp_path / "bot.log"
    bot = BotProcess(log, "", **settings)  # no WEREWOLF_DATABASE_URL: the default SQLite file
    bot.start()
    try:
        async with account(bot.port) as client:
            delivered = await client.next_sent()
            await client.say_private(DIRECTOR, "/对局")
            games = await client.next_sent()
    finally:
        bot.stop()

    database_folder = old_folder if old_key else base / PLUGIN
    assert text_of(delivered) == "升级前没送出的消息" and delivered["user_id"] == DIRECTOR
    assert "3号局" in text_of(games)
    with sqlite3.connect(database_folder / "werewolf.db") as conn:
        assert conn.execute("SELECT game_id, key, due FROM timers").fetchall() == [
            (3, "迁移测试", 4102444800.0)
        ]
        assert conn.execute("SELECT count(*) FROM log_entries WHERE game_id = 3").fetchone() == (
            len(log_rows(3)),
        )
    text = log.read_text(errors="replace")
    if old_key:
        assert "LOCALSTORE_PLUGIN_DATA_DIR 里的 nonebot_plugin_werewolf 是插件的旧名字" in text
        assert not (base / PLUGIN / "werewolf.db").exists()
    else:
        assert "插件已改名，已把旧数据库" in text
        assert not (old_folder / "werewolf.db").exists() and not (old_folder / "werewolf.db-wal").exists()
