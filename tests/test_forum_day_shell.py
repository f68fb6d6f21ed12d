"""论坛白天 through the shell: a whole day's vote posts fit in one /投票 (past the usual 2,000 characters),
and the day's timers are armed like every other engine timer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Game
from bansha_engine.day.ballots import MAX_MESSAGE
from nonebot_plugin_bansha_director.inbound import MAX_INPUT_CHARS
from tests.transcript_runner import DIRECTOR, TranscriptRunner, seat_qq

ROLES = {1: "预言家", 2: "女巫", 3: "猎人", 9: "狼人", 10: "狼人", 11: "狼人", 12: "狼人"}


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


def said_to(runner: TranscriptRunner, qq: int) -> list[str]:
    return [d.text for d in runner.wire.delivered[runner.window_start :] if d.to == f"qq:{qq}"]


async def started(bot: TranscriptRunner) -> None:
    await bot.say("导演", "/开局 竞技12")
    for seat in range(1, 13):
        await bot.say("导演", f"/座位 {seat}号 {seat_qq(seat)}")
        await bot.say("导演", f"/身份 {seat}号 {ROLES.get(seat, '村民')}")
    await bot.say("导演", "/开始")


async def test_a_day_of_posts_longer_than_other_commands_is_one_message(bot: TranscriptRunner) -> None:
    await started(bot)
    thread = "\n".join(
        f"{n}号\n投票对象：5号\n投票理由：{'理由写得很长' * 60}" for n in (1, 2, 3, 4, 6, 7, 8)
    )
    assert MAX_INPUT_CHARS < len(thread) < MAX_MESSAGE
    await bot.say("导演", "/投票\n" + thread)
    assert "已录入7票" in "\n".join(said_to(bot, DIRECTOR))


async def test_a_paste_beyond_its_own_limit_is_refused(bot: TranscriptRunner) -> None:
    await started(bot)
    await bot.say("导演", "/投票\n" + "1号\n投票对象：5号\n投票理由：" + "长" * MAX_MESSAGE)
    assert f"最多{MAX_MESSAGE}字" in "\n".join(said_to(bot, DIRECTOR))


async def test_the_days_reminder_is_armed_and_armed_again_after_a_restart(bot: TranscriptRunner) -> None:
    await started(bot)
    assert any("day:remind:1" in job_id for job_id in bot.scheduler.jobs)
    await bot.shutdown()
    await bot.boot()
    assert any("day:remind:1" in job_id for job_id in bot.scheduler.jobs)
