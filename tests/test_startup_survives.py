"""Nothing stored can stop the bot from starting: the worst inputs replay through a restart, and a
game whose log cannot be rebuilt is reported to its directors while the other games run on."""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import VERSION, Event, Game
from nonebot_plugin_bansha_director.inbound import MAX_INPUT_CHARS
from nonebot_plugin_bansha_director.storage import Step
from tests.fakes import FakeGame
from tests.recorded_games import digest
from tests.shell_helpers import BAIBIAN, JINGJI12, message, query, set_up, window
from tests.transcript_runner import DIRECTOR, SELF_ID, TranscriptRunner, seat_qq

STRANGER = 55555
SERVICE_MODULE = importlib.import_module(
    "nonebot_plugin_bansha_director.service"
)  # the package attribute is the instance
HUGE_IDS = (2**63 + 7, 2**64, 10**40, -5)


@pytest.fixture
async def real(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


def store_as_010(
    runner: TranscriptRunner, game_id: int, qq: int, text: str, group: int | None = None
) -> None:
    """Append a log entry the way 0.1.0 stored what it accepted (it had no length caps)."""
    [(seq,)] = query(runner, "SELECT count(*) FROM log_entries WHERE game_id = ?", game_id)
    query(
        runner,
        "INSERT INTO log_entries (game_id, seq, kind, at, qq, text, group_id, key) VALUES (?, ?, 'say', ?, ?, ?, ?, '')",
        game_id, seq, runner.clock(), qq, text, group,
    )  # fmt: skip


async def test_a_log_holding_the_worst_inputs_never_stops_a_restart(real: TranscriptRunner) -> None:
    """Logs of 0.1.0 holding digit runs past int()'s limit and a lone surrogate (cleaned to U+FFFD):
    the bot starts, the game whose log this version no longer takes is reported to its directors
    and set aside, and the clean game runs on unchanged."""
    await set_up(real, "竞技12", JINGJI12)
    await real.say("导演", "/开始")
    await set_up(real, "百变小樱", BAIBIAN, wolf_group=True)  # the same player QQs: routed by focus
    await real.say("导演", "/开始")
    store_as_010(real, 1, seat_qq(1), "/马甲杀 5号 " + "1" * 4301)
    store_as_010(real, 1, seat_qq(2), "/马甲杀 6号 \ufffd" + "2" * 5000)
    clean = digest(real.bot.games[2].game)

    await real.directive("重启")

    assert list(real.bot.games) == [2] and list(real.bot.broken) == [1]
    assert digest(real.bot.games[2].game) == clean
    assert "无法从记录恢复" in window(real, f"qq:{DIRECTOR}")[0]
    await message(real, HUGE_IDS[0], DIRECTOR, "/对局")  # a message id past 64 bits is answered
    assert window(real, f"qq:{DIRECTOR}")
    await message(real, 9001, STRANGER, "/开局 " + "8" * 4400)
    assert window(real, f"qq:{STRANGER}")  # answered, not a traceback


async def test_over_long_messages_are_refused_at_the_shell(real: TranscriptRunner) -> None:
    await set_up(real, "竞技12", JINGJI12)
    await real.say("导演", "/开始")
    logged = query(real, "SELECT count(*) FROM log_entries")

    await real.say("1", "/马甲杀 5号 " + "1" * MAX_INPUT_CHARS)

    [reply] = window(real, f"qq:{seat_qq(1)}")
    assert f"最多{MAX_INPUT_CHARS}字" in reply and "没有处理" in reply
    assert query(real, "SELECT count(*) FROM log_entries") == logged


async def test_shell_numbers_of_any_length_get_an_answer(real: TranscriptRunner) -> None:
    await set_up(real, "竞技12", JINGJI12)
    for text in ("/对局 " + "9" * 1990, "/复盘 " + "9" * 1990, "/重发 " + "9" * 1990, "/丢弃 ９９"):
        await real.say("导演", text)
        assert len(window(real, f"qq:{DIRECTOR}")) == 1, text


async def test_impossible_ids_are_ignored(real: TranscriptRunner) -> None:
    for self_id, user_id, group_id in (
        (SELF_ID, 2**63, None),
        (SELF_ID, 0, None),
        (SELF_ID, 10001, -3),
        (0, 1, None),
    ):
        await real.bot.handle_message(self_id, 1, user_id, group_id, "/开局 竞技12")
    assert query(real, "SELECT count(*) FROM seen_chat_messages") == [(0,)]
    assert real.wire.calls == 0


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await runner.boot()
    yield runner
    await runner.shutdown()


async def test_a_game_whose_log_fails_is_reported_and_the_others_run_on(fake: TranscriptRunner) -> None:
    for _ in range(2):
        await fake.say("导演", "/开局 竞技12")
        await fake.say("导演", f"/座位 1号 {seat_qq(1)}")
    await fake.say("导演", "/对局 2")
    # A log entry this version's game cannot take (as if written by a version whose rules changed):
    await fake.bot.repo.commit(
        Step(fake.clock(), game_id=1, log=(2, Event("say", fake.clock(), DIRECTOR, "/炸")))
    )

    await fake.directive("重启")

    assert list(fake.bot.games) == [2] and list(fake.bot.broken) == [1]
    [notice] = window(fake, f"qq:{DIRECTOR}")
    assert "【1号局（竞技12）】无法从记录恢复" in notice and "第3条记录" in notice
    assert f"本局由{VERSION}开局，现在运行的是{VERSION}" in notice
    await fake.say("1", "/你好")
    assert window(fake, f"qq:{seat_qq(1)}") == ["收到：/你好"]  # game 2 is the only one left to route to
    await fake.say("导演", "/对局")
    assert "1：1号局（竞技12），无法从记录恢复" in window(fake, f"qq:{DIRECTOR}")[0]

    await fake.directive("重启")  # still stopped, still listed, told again
    assert list(fake.bot.broken) == [1] and "无法从记录恢复" in window(fake, f"qq:{DIRECTOR}")[0]
