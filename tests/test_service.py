"""WerewolfService in process: routing, de-duplication, restarts, timers and delivery."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Game
from bansha_engine.boards import SEEDS, STANDARD
from nonebot_plugin_bansha_director.outbox import retry_delay
from nonebot_plugin_bansha_director.service import (
    INTERNAL_ERROR,
    NOT_IN_GAME,
    STORAGE_DOWN,
    normalize_command,
)
from tests.databases import query
from tests.fakes import FakeGame
from tests.transcript_runner import DIRECTOR, SELF_ID, WOLF_GROUP, TranscriptRunner, seat_qq

STRANGER = 55555
DIRECTOR_TO = f"qq:{DIRECTOR}"


async def running(path: Path, game_cls: type[Game]) -> TranscriptRunner:
    runner = TranscriptRunner(path, game_cls)
    await runner.boot()
    return runner


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    """A bot whose games are `FakeGame`s, on a temporary database file."""
    runner = await running(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    yield runner
    await runner.shutdown()


@pytest.fixture
async def real(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    """A bot running the real engine."""
    runner = await running(tmp_path / "werewolf.db", Game)
    yield runner
    await runner.shutdown()


def window(runner: TranscriptRunner, to: str) -> list[str]:
    """Texts delivered to `to` since the last action."""
    return [d.text for d in runner.wire.delivered[runner.window_start :] if d.to == to]


def count(runner: TranscriptRunner, sql: str) -> int:
    [(number,)] = query(runner.url, f"SELECT count(*) FROM {sql}")
    return number


async def open_game(runner: TranscriptRunner, *seats: int) -> None:
    await runner.say("导演", "/开局 竞技12")
    for seat in seats:
        await runner.say("导演", f"/座位 {seat}号 {seat_qq(seat)}")


# ---------------------------------------------------------------- de-duplication and restarts


async def test_repeated_message_id_is_handled_once(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    assert count(bot, "log_entries") == 2
    assert count(bot, "seen_chat_messages") == 2

    await bot.directive("重复")
    assert bot.wire.delivered[bot.window_start :] == []
    await bot.directive("重启")
    await bot.directive("重复")

    assert bot.wire.delivered[bot.window_start :] == []
    assert count(bot, "log_entries") == 2


async def test_one_step_writes_seen_id_log_entry_and_outbox_row_together(bot: TranscriptRunner) -> None:
    await open_game(bot)
    await bot.say("导演", "/座位 1号 10001")

    assert count(bot, "seen_chat_messages WHERE message_id = '1002'") == 1
    assert count(bot, "log_entries WHERE game_id = 1 AND seq = 1 AND text = '/座位 1号 10001'") == 1
    assert count(bot, f"outbox WHERE target = {DIRECTOR} AND sent_at IS NOT NULL") == 2


async def test_a_step_that_cannot_be_stored_changes_nothing_and_says_so_at_once(
    bot: TranscriptRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_game(bot)
    working_commit = bot.bot.repo.commit

    async def broken_commit(_step: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(bot.bot.repo, "commit", broken_commit)
    bot.begin_action()
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/座位 1号 10001")
    await bot.run_events()

    assert window(bot, DIRECTOR_TO) == [STORAGE_DOWN]  # not the engine's reply: nothing was stored
    assert not bot.bot.games[1].game.is_player(seat_qq(1))  # rebuilt from the stored log

    monkeypatch.setattr(bot.bot.repo, "commit", working_commit)
    bot.begin_action()
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/座位 1号 10001")  # the same message again
    await bot.run_events()
    assert window(bot, DIRECTOR_TO) == ["收到：/座位 1号 10001"]
    assert bot.bot.games[1].game.is_player(seat_qq(1))


async def test_game_state_and_timers_survive_a_restart(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    due = bot.clock() + 60
    await bot.say("导演", "/计时 60")
    assert bot.scheduler.jobs["werewolf:1:t"].due == due

    await bot.directive("重启")
    assert bot.scheduler.jobs["werewolf:1:t"].due == due
    await bot.say("1", "/你好")
    assert window(bot, "qq:10001") == ["收到：/你好"]

    await bot.directive("等待 61秒")
    assert window(bot, DIRECTOR_TO) == ["时间到"]
    assert count(bot, "timers") == 0


async def test_timer_due_during_downtime_fires_at_start(bot: TranscriptRunner) -> None:
    await open_game(bot)
    await bot.say("导演", "/计时 10")
    await bot.shutdown()
    bot.clock.advance(30)

    await bot.directive("重启")

    assert window(bot, DIRECTOR_TO) == ["时间到"]
    assert bot.scheduler.jobs == {}


async def test_undelivered_rows_are_sent_after_a_restart(bot: TranscriptRunner) -> None:
    await open_game(bot)
    await bot.directive("断开")
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/座位 1号 10001")
    assert count(bot, "outbox WHERE sent_at IS NULL") == 1

    await bot.directive("重启")  # kill -9, start again, reconnect

    assert window(bot, DIRECTOR_TO) == ["收到：/座位 1号 10001"]
    assert count(bot, "outbox WHERE sent_at IS NULL") == 0


# ---------------------------------------------------------------- delivery


def test_retry_delays_start_fast_and_settle_at_five_minutes() -> None:
    delays = [retry_delay(n) for n in range(1, 15)]
    assert delays == [0.2, 0.3, 0.4, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 300, 300]


async def test_failed_sends_are_retried_and_delivered_in_order(bot: TranscriptRunner) -> None:
    await open_game(bot)
    bot.begin_action()
    start = bot.clock()
    bot.wire.fail_next = 3
    for message_id, text in ((9001, "/一"), (9002, "/二"), (9003, "/三")):
        await bot.bot.handle_message(SELF_ID, message_id, DIRECTOR, None, text)

    await bot.bot.outbox.pump()
    head = bot.bot.outbox.pending[0]
    assert (head.attempts, head.next_try_at, head.last_error) == (
        1,
        start + 0.2,
        "RuntimeError: ActionFailed: retcode=1200",
    )
    await bot.run_events()

    assert window(bot, DIRECTOR_TO) == ["收到：/一", "收到：/二", "收到：/三"]
    assert bot.wire.last_call_at == pytest.approx(start + 0.2 + 0.3 + 0.4)
    assert count(bot, "outbox WHERE sent_at IS NULL") == 0


async def test_a_failing_recipient_does_not_hold_up_the_others(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    bot.begin_action()
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/一")
    await bot.bot.handle_message(SELF_ID, 9002, seat_qq(1), None, "/二")
    bot.wire.fail_next = 1

    await bot.bot.outbox.pump()
    assert [d.to for d in bot.wire.delivered[bot.window_start :]] == ["qq:10001"]
    await bot.run_events()

    assert window(bot, DIRECTOR_TO) == ["收到：/一"]


async def test_queue_is_flushed_as_soon_as_a_bot_connects(bot: TranscriptRunner) -> None:
    await open_game(bot)
    bot.begin_action()
    bot.wire.fail_next = 7
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/一")
    for _ in range(7):
        bot.clock.now = bot.bot.outbox.pending[0].next_try_at
        await bot.bot.outbox.pump()
    assert bot.bot.outbox.pending[0].next_try_at == bot.clock() + 5  # backing off
    await bot.directive("断开")
    await bot.bot.handle_message(SELF_ID, 9002, DIRECTOR, None, "/二")
    assert window(bot, DIRECTOR_TO) == []

    await bot.directive("重连")

    assert window(bot, DIRECTOR_TO) == ["收到：/一", "收到：/二"]


async def test_directors_can_list_undelivered_messages(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    await bot.bot.handle_message(SELF_ID, 9001, seat_qq(1), None, "/你好")
    bot.wire.fail_next = 1
    await bot.bot.outbox.pump()

    await bot.say("导演", "/未送达")
    [report] = window(bot, DIRECTOR_TO)
    assert "QQ10001" in report and "已试1次" in report and "retcode=1200" in report

    await bot.say("qq:55555", "/未送达")
    assert "只有导演" in window(bot, f"qq:{STRANGER}")[0]


# ---------------------------------------------------------------- routing and shell commands


async def test_unknown_board_is_refused_with_the_board_list(real: TranscriptRunner) -> None:
    await real.say("导演", "/开局 狼人杀")
    [reply] = window(real, DIRECTOR_TO)
    assert all(name in reply for name in (*SEEDS, *STANDARD)) and "常见板子23个" in reply and "/板子" in reply
    assert count(real, "games") == 0


async def test_xumi_games_can_be_opened(real: TranscriptRunner) -> None:
    await real.say("导演", "/开局 须弥")
    [reply] = window(real, DIRECTOR_TO)
    assert "须弥" in reply and "14" in reply
    assert count(real, "games") == 1


async def test_only_superusers_and_directors_may_open_a_game(real: TranscriptRunner) -> None:
    await real.say(f"qq:{STRANGER}", "/开局 竞技12")
    assert "只有" in window(real, f"qq:{STRANGER}")[0]
    assert count(real, "games") == 0


async def test_open_without_slash_in_private_chat(real: TranscriptRunner) -> None:
    await real.say("导演", "开局 竞技12")
    assert "已开局" in window(real, DIRECTOR_TO)[0]
    assert count(real, "games WHERE board = '竞技12' AND NOT ended") == 1


async def test_strangers_get_a_hint(real: TranscriptRunner) -> None:
    await real.say(f"qq:{STRANGER}", "你好")
    assert window(real, f"qq:{STRANGER}") == [NOT_IN_GAME]


async def test_help_lists_director_and_player_commands(real: TranscriptRunner) -> None:
    await real.say(f"qq:{STRANGER}", "帮助")
    [text] = window(real, f"qq:{STRANGER}")
    assert "/开局" in text and "/放弃" in text and "竞技12" in text


async def test_group_messages_reach_only_the_game_that_bound_the_group(bot: TranscriptRunner) -> None:
    await open_game(bot, 3)
    await bot.say("导演", f"/狼群 {WOLF_GROUP}")
    logged = count(bot, "log_entries")

    bot.begin_action()
    await bot.bot.handle_message(SELF_ID, 9001, seat_qq(3), WOLF_GROUP + 1, "/刀 5号")
    await bot.say("狼群:3", "刀 5号")
    assert bot.wire.delivered[bot.window_start :] == []
    assert count(bot, "log_entries") == logged

    await bot.say("狼群:3", "/刀 5号")
    assert window(bot, f"group:{WOLF_GROUP}") == ["收到：/刀 5号"]


async def test_several_games_need_a_choice_with_duizhan(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)  # game 1
    await open_game(bot, 1)  # game 2, now the director's focus
    await bot.say("1", "/你好")
    assert "/对局" in window(bot, "qq:10001")[0]

    await bot.say("1", "/对局 1")
    await bot.say("1", "/你好")
    assert window(bot, "qq:10001") == ["收到：/你好"]
    assert count(bot, "log_entries WHERE game_id = 1 AND text = '/你好'") == 1

    await bot.directive("重启")
    await bot.say("1", "/再见")
    assert count(bot, "log_entries WHERE game_id = 1 AND text = '/再见'") == 1


async def test_engine_crash_is_reported_and_changes_nothing(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    logged = count(bot, "log_entries")

    await bot.say("1", "/炸 禁词")

    assert window(bot, "qq:10001") == [INTERNAL_ERROR]
    notice = window(bot, DIRECTOR_TO)[0]
    assert "内部错误" in notice and "/炸" in notice
    assert "禁词" not in notice  # QQ may be refusing the text itself: the notice never quotes it
    assert count(bot, "log_entries") == logged
    await bot.say("1", "/你好")
    assert window(bot, "qq:10001") == ["收到：/你好"]


async def test_an_ended_game_lets_go_of_its_timers_and_players(bot: TranscriptRunner) -> None:
    await open_game(bot, 1)
    await bot.say("导演", "/计时 60")
    await bot.say("导演", "/结束")
    assert bot.scheduler.jobs == {}
    assert count(bot, "games WHERE ended") == 1

    await bot.directive("重启")
    await bot.say("1", "/你好")
    assert window(bot, "qq:10001") == [NOT_IN_GAME]


def test_configured_command_prefixes_read_as_slash() -> None:
    assert normalize_command("  #刀 5号 ", ["#"]) == "/刀 5号"
    assert normalize_command("／开局 竞技12", ["/"]) == "/开局 竞技12"
    assert normalize_command("预言 3号", ["/"]) == "预言 3号"
