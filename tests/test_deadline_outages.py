"""No deadline is lost to a database outage of any length, with the real scheduler and real time.

Another process holds the SQLite database locked across a deadline (as a backup or an admin's
shell does), the disk is full, the PostgreSQL server is stopped and started again: the timer that
fell due meanwhile fires, once, soon after the database is back.  The bot runs in process on the
real clock with the event loop's timers, as in production (tests/test_outages.py plays the same outages on the
fake clock)."""

from __future__ import annotations

import asyncio
import importlib
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from nonebot_plugin_bansha_director.service import WerewolfService
from nonebot_plugin_bansha_director.storage import Repository
from nonebot_plugin_bansha_director.timers import LoopTimers
from tests import pg_cluster
from tests.databases import query, server_url
from tests.db_faults import database_url, faults_for
from tests.fakes import FakeGame, FakeWire
from tests.transcript_runner import DIRECTOR, SELF_ID, TIMEZONE

DIRECTOR_TO = f"qq:{DIRECTOR}"
SERVICE_MODULE = importlib.import_module(
    "nonebot_plugin_bansha_director.service"
)  # the package attribute is the instance
LOCK_TIMEOUT_S = 1.0  # how long a write waits for a lock (the bot's default is 2 s)
RECOVERY_S = 30.0  # a deadline that fell due in an outage fires within this long after it
HOLD_LOCK = """
import sqlite3, sys, time
locker = sqlite3.connect(sys.argv[1], isolation_level=None)
locker.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
locker.rollback()
"""


class RealTimeBot:
    """The service as the plugin wires it: real clock, the event loop's timers, background delivery."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.wire = FakeWire(time.time)  # type: ignore[arg-type]
        self.timers = LoopTimers()
        self.service = WerewolfService(
            Repository(url, lock_timeout_s=LOCK_TIMEOUT_S),
            time.time,
            self.wire,
            self.timers,
            set(),
            TIMEZONE,
            superusers={DIRECTOR},
            game_cls=FakeGame,  # type: ignore[arg-type]
        )
        self.messages = iter(range(1000, 10**6))

    async def start(self) -> None:
        await self.service.start()
        self.service.set_online(SELF_ID, True)

    async def stop(self) -> None:
        await self.service.stop()

    async def say(self, text: str) -> None:
        await self.service.handle_message(SELF_ID, next(self.messages), DIRECTOR, None, text)

    def told(self, text: str) -> int:
        return self.wire.texts_to(DIRECTOR_TO).count(text)

    async def wait_until(self, check: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                pytest.fail(f"not within {timeout:.0f}s; the director got {self.wire.texts_to(DIRECTOR_TO)}")
            await asyncio.sleep(0.05)

    async def open_game_with_deadline(self, seconds: float) -> None:
        await self.say("/开局 竞技12")
        await self.say(f"/计时 {seconds}")
        await self.wait_until(lambda: self.told(f"收到：/计时 {seconds}") == 1, 10)


@pytest.fixture
async def sqlite_bot(tmp_path: Path) -> AsyncIterator[RealTimeBot]:
    bot = RealTimeBot(f"sqlite+aiosqlite:///{tmp_path / 'werewolf.db'}")
    await bot.start()
    yield bot
    await bot.stop()


async def test_a_deadline_due_while_another_process_holds_the_database_locked_fires_after(
    sqlite_bot: RealTimeBot, tmp_path: Path
) -> None:
    """The lock outlasts the deadline, the first try's wait for the lock and several retries."""
    await sqlite_bot.open_game_with_deadline(1)
    locker = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(tmp_path / "werewolf.db"), "6"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
    await asyncio.sleep(3)
    assert sqlite_bot.told("时间到") == 0  # due, but its step cannot be stored yet

    await asyncio.to_thread(locker.wait, 30)
    await sqlite_bot.wait_until(lambda: sqlite_bot.told("时间到") == 1, RECOVERY_S)

    await asyncio.sleep(2)
    assert sqlite_bot.told("时间到") == 1  # once
    assert query(sqlite_bot.url, "SELECT count(*) FROM timers") == [(0,)]


async def test_a_deadline_the_scheduler_lost_is_fired_by_the_background_sweep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SERVICE_MODULE, "TIMER_SWEEP_S", 0.5)
    bot = RealTimeBot(f"sqlite+aiosqlite:///{tmp_path / 'werewolf.db'}")
    await bot.start()
    try:
        await bot.open_game_with_deadline(1)
        bot.timers.cancel("werewolf:1:t")  # as if the loop had lost it

        await bot.wait_until(lambda: bot.told("时间到") == 1, 5)
    finally:
        await bot.stop()


@pytest.fixture
async def any_bot(tmp_path: Path) -> AsyncIterator[RealTimeBot]:
    """On SQLite, or on the configured server's database when WEREWOLF_TEST_DATABASE_URL is set."""
    bot = RealTimeBot(database_url(tmp_path))
    await bot.start()
    yield bot
    await bot.stop()


async def test_a_deadline_due_while_the_disk_is_full_fires_once_there_is_room(any_bot: RealTimeBot) -> None:
    faults = faults_for(lambda: any_bot.service.repo)
    await any_bot.open_game_with_deadline(1)
    await faults.full()
    await asyncio.sleep(5)  # due at 1 s; tried and refused again and again
    assert any_bot.told("时间到") == 0

    await faults.heal()
    await any_bot.wait_until(lambda: any_bot.told("时间到") == 1, RECOVERY_S)


@pytest.mark.skipif(
    not (server_url() or "").startswith("postgresql"), reason="needs WEREWOLF_TEST_DATABASE_URL (PostgreSQL)"
)
@pytest.mark.skipif(pg_cluster.bin_dir() is None, reason="needs PostgreSQL's initdb and pg_ctl")
async def test_a_deadline_due_while_the_postgresql_server_is_down_fires_once_it_is_back() -> None:
    cluster = pg_cluster.Cluster()
    try:
        cluster.create()
        bot = RealTimeBot(cluster.url)
        await bot.start()
        try:
            await bot.open_game_with_deadline(2)
            cluster.stop()
            await asyncio.sleep(6)  # due at 2 s, with every connection refused
            assert bot.told("时间到") == 0

            cluster.start()
            await bot.wait_until(lambda: bot.told("时间到") == 1, RECOVERY_S)
            await bot.say("/你好")  # the bot works on, on a new connection
            await bot.wait_until(lambda: bot.told("收到：/你好") == 1, 10)
        finally:
            await bot.stop()
    finally:
        cluster.remove()
