"""The database becomes unwritable mid-game (locked by another connection, read-only, full) and
comes back: nobody waits in silence, nothing is lost, nothing is done twice.

Runs on SQLite; set WEREWOLF_TEST_DATABASE_URL to a PostgreSQL URL to run it there (see
tests/db_faults.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from nonebot_plugin_bansha_director.service import STORAGE_DOWN
from tests.db_faults import FAULTS, Faults, database_url, faults_for
from tests.fakes import FakeGame
from tests.shell_helpers import message, window
from tests.transcript_runner import DIRECTOR, SELF_ID, TranscriptRunner, seat_qq

DIRECTOR_TO = f"qq:{DIRECTOR}"
PLAYER_TO = f"qq:{seat_qq(1)}"


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(database_url(tmp_path), FakeGame, lock_timeout_s=0.05)  # type: ignore[arg-type]
    await runner.boot()
    await runner.say("导演", "/开局 竞技12")
    await runner.say("导演", f"/座位 1号 {seat_qq(1)}")
    yield runner
    await runner.shutdown()


@pytest.fixture
async def faults(bot: TranscriptRunner) -> AsyncIterator[Faults]:
    faults = faults_for(lambda: bot.bot.repo)
    yield faults
    if bot.service is not None:
        await faults.heal()


async def logged(runner: TranscriptRunner) -> list[str]:
    stored = await runner.bot.repo.load_game(1)
    assert stored is not None
    return [event.text or event.key for event in stored.events]


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_command_that_cannot_be_stored_is_answered_at_once_and_taken_when_sent_again(
    bot: TranscriptRunner, faults: Faults, fault: str
) -> None:
    await faults.switch_on(fault)
    await message(bot, 5001, seat_qq(1), "/投票")

    assert window(bot, PLAYER_TO) == [STORAGE_DOWN]
    assert bot.bot.games[1].logged == 2  # the game is as the database has it: /开局, /座位
    await message(bot, 5002, seat_qq(1), "/投票")  # still down: still answered
    assert window(bot, PLAYER_TO) == [STORAGE_DOWN]

    await faults.heal()
    await message(bot, 5001, seat_qq(1), "/投票")  # the same message again: it was not marked seen

    assert window(bot, PLAYER_TO) == ["收到：/投票"]
    assert (await logged(bot)).count("/投票") == 1
    await bot.directive("重启")
    assert bot.bot.games[1].logged == 3
    assert (await logged(bot))[-1] == "/投票"


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_deadline_due_during_the_outage_fires_once_the_database_is_back(
    bot: TranscriptRunner, faults: Faults, fault: str
) -> None:
    await bot.say("导演", "/计时 10")
    await faults.switch_on(fault)

    await bot.directive("等待 15秒")
    assert window(bot, DIRECTOR_TO) == []  # due, but its step could not be stored: nothing went out
    assert "werewolf:1:t" in bot.scheduler.jobs  # it will be tried again

    await faults.heal()
    await bot.directive("等待 70秒")
    assert window(bot, DIRECTOR_TO) == ["时间到"]
    assert bot.scheduler.jobs == {}
    assert (await logged(bot))[-1] == "t"
    await bot.directive("重启")
    assert window(bot, DIRECTOR_TO) == []  # fired once, not again at start-up


@pytest.mark.parametrize("fault", FAULTS)
async def test_what_was_delivered_during_the_outage_stays_delivered(
    bot: TranscriptRunner, faults: Faults, fault: str
) -> None:
    await bot.directive("断开")
    await message(bot, 5001, seat_qq(1), "/你好")  # stored; waits for a connection
    await faults.switch_on(fault)

    await bot.directive("重连")  # delivered while its being sent cannot be recorded
    assert window(bot, PLAYER_TO) == ["收到：/你好"]

    await faults.heal()
    await bot.directive("等待 5秒")  # the record is written once the database is back
    await bot.directive("重启")
    assert window(bot, PLAYER_TO) == []  # not sent a second time
    assert bot.bot.outbox.pending == []


@pytest.mark.parametrize("fault", FAULTS)
async def test_other_games_and_read_only_commands_work_on_through_the_outage(
    bot: TranscriptRunner, faults: Faults, fault: str
) -> None:
    await faults.switch_on(fault)

    await message(bot, 5001, 55555, "你好")  # a stranger gets the real answer: it changes nothing
    assert "你不在任何进行中的对局里" in window(bot, "qq:55555")[0]
    await message(bot, 5002, DIRECTOR, "/开局 竞技12")
    assert window(bot, DIRECTOR_TO) == [STORAGE_DOWN]
    assert list(bot.bot.games) == [1]


async def test_a_flood_during_the_outage_gets_few_answers(bot: TranscriptRunner, faults: Faults) -> None:
    await faults.switch_on("read_only")
    bot.begin_action()
    for n in range(50):
        await bot.bot.handle_message(SELF_ID, 6000 + n, seat_qq(1), None, f"/第{n}条")
    await bot.run_events()

    replies = window(bot, PLAYER_TO)
    assert replies[:10] == [STORAGE_DOWN] * 10 and len(replies) == 11 and "太快" in replies[-1]


async def test_answers_kept_in_memory_are_not_listed_as_undelivered(
    bot: TranscriptRunner, faults: Faults
) -> None:
    await faults.switch_on("read_only")
    bot.wire.fail_next = 5  # the 暂时无法记录 answer cannot be delivered yet either
    await message(bot, 5001, seat_qq(1), "/投票")
    assert [item.stored for item in bot.bot.outbox.pending] == [False]
    await faults.heal()

    await bot.say("导演", "/未送达")

    assert window(bot, DIRECTOR_TO) == ["没有未送达的消息。"]


@pytest.mark.parametrize("fault", FAULTS)
async def test_opening_a_game_while_no_id_can_be_had_is_answered_and_works_once_back(
    bot: TranscriptRunner, faults: Faults, fault: str
) -> None:
    await faults.switch_on(fault)
    await message(bot, 6001, DIRECTOR, "/开局 竞技12")
    assert window(bot, DIRECTOR_TO) == [STORAGE_DOWN] and list(bot.bot.games) == [1]

    await faults.heal()
    await message(bot, 6001, DIRECTOR, "/开局 竞技12")  # the same message again: it was not marked seen

    [opened] = window(bot, DIRECTOR_TO)
    [new] = set(bot.bot.games) - {1}  # an id taken by the failed attempt may be skipped, never reused
    assert opened == f"已开局：{new}号局（竞技12）" and new > 1


async def test_a_deadline_whose_job_the_scheduler_lost_is_fired_by_the_sweep(
    bot: TranscriptRunner, faults: Faults
) -> None:
    await bot.say("导演", "/计时 10")
    await faults.switch_on("locked")
    await bot.directive("等待 15秒")
    bot.scheduler.jobs.clear()  # the retry's job was skipped or lost
    await faults.heal()
    await bot.directive("等待 60秒")
    assert window(bot, DIRECTOR_TO) == []

    bot.begin_action()
    await bot.bot.sweep_timers()
    await bot.run_events()

    assert window(bot, DIRECTOR_TO) == ["时间到"]
    assert (await logged(bot))[-1] == "t"


async def test_the_sweep_leaves_a_failed_deadline_alone_until_its_retry_is_due(
    bot: TranscriptRunner, faults: Faults
) -> None:
    await bot.say("导演", "/计时 10")
    await faults.switch_on("read_only")
    await bot.directive("等待 11秒")  # fired once, failed: its retry is armed
    await faults.heal()
    [retry] = bot.scheduler.jobs.values()
    assert retry.due > bot.clock()

    await bot.bot.sweep_timers()
    assert (await logged(bot))[-1] != "t"  # not fired before its retry
    await bot.directive(f"等待 {retry.due - bot.clock() + 0.1}秒")
    assert (await logged(bot))[-1] == "t"


async def test_a_game_whose_log_cannot_be_read_back_is_rebuilt_before_it_takes_anything_else(
    bot: TranscriptRunner, faults: Faults, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game keeps no log in memory: when a step cannot be stored and the log cannot be read
    back either (the server is gone), it is stale; its next command or deadline rebuilds it first."""

    async def cannot_read(game_id: int) -> None:
        raise RuntimeError("the database server is gone")

    await bot.say("导演", "/计时 10")
    await faults.switch_on("read_only")
    monkeypatch.setattr(bot.bot.repo, "load_game", cannot_read)
    await bot.say("导演", "/计时 100")
    assert window(bot, DIRECTOR_TO) == [STORAGE_DOWN]
    live = bot.bot.games[1]
    assert live.stale and live.game.due != live.timers["t"]  # it took what is not stored
    await faults.heal()
    await message(bot, 5001, seat_qq(1), "/投票")
    assert window(bot, PLAYER_TO) == [STORAGE_DOWN]  # not played on a state the database does not have
    await bot.directive("等待 15秒")
    assert window(bot, DIRECTOR_TO) == []  # nor is the stored deadline fired on it

    monkeypatch.undo()
    await bot.directive("等待 30秒")
    assert window(bot, DIRECTOR_TO) == ["时间到"]  # the stored deadline, on the stored state
    assert not live.stale and live.game.due is None and live.logged == 4
    await message(bot, 5001, seat_qq(1), "/投票")
    assert window(bot, PLAYER_TO) == ["收到：/投票"]
    assert (await logged(bot))[-2:] == ["t", "/投票"]
