"""Where the SQLite database lives, across the plugin's rename (0.3.0).

nonebot-plugin-localstore names a plugin's data folder after its module.  Up to 0.2.x the module
was `nonebot_plugin_werewolf`; it is now `nonebot_plugin_bansha_director`, so an upgraded bot would
look in a new, empty folder.  This module finds the old database and carries it over."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

OLD_PLUGIN = "nonebot_plugin_werewolf"
SQLITE_COMPANIONS = ("-wal", "-shm")  # moved before the database itself, see adopt_old_database
OUR_TABLES = {"games", "log_entries", "outbox"}  # another plugin once had the old name: check first


def is_our_database(path: Path) -> bool:
    """Whether the SQLite file at `path` holds this plugin's tables.  Looked at read-only; when its
    -wal/-shm files cannot be read that way, the database file alone (immutable)."""
    return any(
        tables >= OUR_TABLES
        for tables in map(
            tables_in, (f"{path.resolve().as_uri()}?{mode}" for mode in ("mode=ro", "immutable=1"))
        )
    )


def tables_in(uri: str) -> set[str]:
    """The tables of the SQLite database at `uri` (none when it cannot be read)."""
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return set()
    try:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error:
        return set()
    finally:
        conn.close()


def old_key_folder(plugin_data_dirs: dict[str, Path], plugin: str) -> Path | None:
    """The folder an old `LOCALSTORE_PLUGIN_DATA_DIR={"nonebot_plugin_werewolf": ...}` chose, when
    the settings name no folder for the plugin under its new name."""
    if plugin in plugin_data_dirs or OLD_PLUGIN not in plugin_data_dirs:
        return None
    return Path(plugin_data_dirs[OLD_PLUGIN])


def adopt_old_database(old_folder: Path, new_folder: Path, database_file: str) -> bool:
    """Move `database_file` (with its -wal/-shm files) from `old_folder` to `new_folder` when the new
    folder holds no database yet and the old one is this plugin's; True when it moved.  The database
    moves last, so a start-up cut short half-way finds it still in the old folder and finishes the
    move the next time."""
    old_database, new_database = old_folder / database_file, new_folder / database_file
    if (
        new_database.exists()
        or not old_database.is_file()
        or old_database.resolve() == new_database.resolve()
    ):
        return False
    if not is_our_database(old_database):  # another plugin's, left under the old name
        return False
    new_folder.mkdir(parents=True, exist_ok=True)
    for suffix in SQLITE_COMPANIONS:
        companion = old_folder / f"{database_file}{suffix}"
        if companion.exists():
            shutil.move(companion, new_folder / companion.name)
    shutil.move(old_database, new_database)
    return True
