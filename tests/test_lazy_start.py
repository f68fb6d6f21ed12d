"""Start-up does not grow with the stored games (issue 15): a running game is rebuilt when
something first needs it, the rest one by one in the background, each to exactly the state its
log gives; a game that cannot be rebuilt is still reported to its directors."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Event, Game
from nonebot_plugin_bansha_director.service import WerewolfService
from nonebot_plugin_bansha_director.storage import Repository, Step
from tests.fakes import FakeGame, FakeScheduler
from tests.recorded_games import digest
from tests.transcript_runner import DIRECTOR, SELF_ID, TIMEZONE, TranscriptRunner

GAMES = 4


def player(game: int) -> int:
    return 50000 + game  # seat 1 of game `game`: in that game only


def director(game: int) -> int:
    return 60000 + game


async def open_games(runner: TranscriptRunner) -> None:
    for game in range(1, GAMES + 1):
        await runner.say(f"qq:{director(game)}", "/开局 百变小樱")
        await runner.say(f"qq:{director(game)}", f"/座位 1号 {player(game)}")
        await runner.say(f"qq:{director(game)}", "/狼群 7700" + str(game))


@pytest.fixture
async def runner(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    runner.bot.directors_allowed |= {director(game) for game in range(1, GAMES + 1)}
    await open_games(runner)
    yield runner
    await runner.shutdown()


async def lazy_start(runner: TranscriptRunner) -> WerewolfService:
    """A new process on the runner's database, started as the plugin starts it (background work on)."""
    await runner.shutdown()
    service = WerewolfService(
        Repository(runner.url),
        runner.clock,
        runner.wire,
        FakeScheduler(),
        {director(game) for game in range(1, GAMES + 1)},
        TIMEZONE,
        superusers={DIRECTOR},
        game_cls=runner.game_cls,
    )
    await service.start()
    service.set_online(SELF_ID, True)
    return service


async def test_a_game_is_rebuilt_when_first_needed_and_the_rest_in_the_background(
    runner: TranscriptRunner,
) -> None:
    before = {game_id: digest(live.game) for game_id, live in runner.bot.games.items()}
    service = await lazy_start(runner)
    try:
        # (no await in between: the background rebuilding has not had a turn yet)
        assert service.games == {}  # nothing replayed at start-up
        assert service.is_ours(player(3), None)
        assert list(service.games) == [3]  # only the game of that player
        assert service.is_ours(director(1), 77002)  # a message in game 2's group
        assert sorted(service.games) == [2, 3]
        runner.wire.delivered.clear()
        await service.handle_message(SELF_ID, 9001, player(3), None, "/身份")
        await service.outbox.pump()
        assert runner.wire.texts_to(f"qq:{player(3)}") == ["游戏还没开始，请等导演发送 /开始。"]

        await service.rebuilt()
        assert {game_id: digest(live.game) for game_id, live in service.games.items()} == before
    finally:
        await service.stop()


async def test_the_group_of_a_game_not_rebuilt_yet_cannot_be_taken(runner: TranscriptRunner) -> None:
    service = await lazy_start(runner)
    try:
        await service.handle_message(SELF_ID, 9002, director(4), None, "/狼群 77001")
        assert service.games[4].game.groups() == {77004}  # game 1, not rebuilt yet, holds 77001
    finally:
        await service.stop()


async def test_a_game_whose_log_fails_is_found_and_reported_in_the_background(tmp_path: Path) -> None:
    fake = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await fake.boot()
    for _ in range(2):
        await fake.say("导演", "/开局 竞技12")
    await fake.bot.repo.commit(
        Step(fake.clock(), game_id=1, log=(1, Event("say", fake.clock(), DIRECTOR, "/炸")))
    )
    service = await lazy_start(fake)
    try:
        assert service.broken == {} and service.games == {}
        await service.rebuilt()
        assert list(service.games) == [2] and list(service.broken) == [1]
        for _ in range(200):  # the outbox delivers in the background
            if not service.outbox.pending:
                break
            await asyncio.sleep(0.01)
        notices = [d.text for d in fake.wire.delivered if d.to == f"qq:{DIRECTOR}"]
        assert any("【1号局（竞技12）】无法从记录恢复" in text for text in notices)
    finally:
        await service.stop()
