"""Several QQ accounts on one bot: each game speaks through the account its director opened it
with, an answer goes back through the account it was asked on, a group is heard through its game's
account, each account is paced on its own; a process told which accounts to serve serves only them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.databases import query
from tests.fakes import FakeGame
from tests.transcript_runner import DIRECTOR, SELF_ID, WOLF_GROUP, TranscriptRunner, seat_qq

OTHER = SELF_ID + 1  # a second QQ account of the bot


def via(runner: TranscriptRunner, to: str) -> list[tuple[int | None, str]]:
    """(account, text) of what reached `to` since the last action."""
    return [(d.via, d.text) for d in runner.wire.delivered[runner.window_start :] if d.to == to]


async def open_two_games(runner: TranscriptRunner) -> None:
    """Game 1 opened through SELF_ID with seat 1, game 2 through OTHER with seat 2."""
    runner.connect(OTHER)
    await runner.say("导演", "/开局 竞技12")
    await runner.say("导演", f"/座位 1号 {seat_qq(1)}")
    await runner.say("导演", f"/狼群 {WOLF_GROUP}")
    await runner.say("导演", "/开局 竞技12", via=OTHER)
    await runner.say("导演", f"/座位 2号 {seat_qq(2)}", via=OTHER)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await runner.boot()
    yield runner
    await runner.shutdown()


async def test_each_game_speaks_through_the_account_it_was_opened_with(bot: TranscriptRunner) -> None:
    await open_two_games(bot)
    assert query(bot.url, "SELECT id, account FROM games ORDER BY id") == [(1, SELF_ID), (2, OTHER)]

    await bot.say("导演", "/对局 1")
    await bot.say("导演", "/计时 60")
    await bot.say("导演", "/对局 2", via=OTHER)
    await bot.say("导演", "/计时 90", via=OTHER)
    await bot.directive("等待 100秒")  # the timers fire: messages of the games, not answers

    assert via(bot, f"qq:{DIRECTOR}") == [(SELF_ID, "时间到"), (OTHER, "时间到")]
    rows = query(bot.url, "SELECT DISTINCT game_id, account FROM outbox WHERE text = '时间到' ORDER BY 1")
    assert rows == [(1, SELF_ID), (2, OTHER)]


async def test_a_player_is_answered_through_the_account_they_wrote_to(bot: TranscriptRunner) -> None:
    await open_two_games(bot)

    await bot.say("1", "/你好", via=OTHER)  # seat 1 of game 1 writes to the other account

    assert via(bot, f"qq:{seat_qq(1)}") == [(OTHER, "收到：/你好")]


async def test_a_group_is_heard_through_its_games_account_only(bot: TranscriptRunner) -> None:
    await open_two_games(bot)

    await bot.say("狼群:1", "/刀 2号", via=OTHER)  # both accounts are in the group: OTHER ignores it
    assert bot.wire.delivered[bot.window_start :] == []
    await bot.say("狼群:1", "/刀 2号")
    assert via(bot, f"group:{WOLF_GROUP}") == [(SELF_ID, "收到：/刀 2号")]


async def test_a_process_serves_only_the_accounts_it_is_told_to(tmp_path: Path) -> None:
    both = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await both.boot()
    await open_two_games(both)
    await both.shutdown()

    only_other = TranscriptRunner(both.url, FakeGame, accounts=[OTHER])  # type: ignore[arg-type]
    await only_other.boot()
    only_other.connect(OTHER)
    assert list(only_other.bot.games) == [2]

    await only_other.say("导演", "/开局 竞技12")  # reaches SELF_ID, which another process serves
    assert only_other.wire.delivered[only_other.window_start :] == []
    await only_other.say("导演", "/开局 竞技12", via=OTHER)
    assert via(only_other, f"qq:{DIRECTOR}") == [(OTHER, "已开局：3号局（竞技12）")]
    await only_other.shutdown()
