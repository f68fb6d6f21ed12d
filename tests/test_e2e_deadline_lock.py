"""Issue 14's report, end to end: `python bot.py` with its real scheduler runs 竞技12, and another
process holds the SQLite database locked (`BEGIN EXCLUSIVE`) while the wolves' election deadline
(`/时限 争权`) falls due; once the lock is gone the step closes, without a restart."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from tests.onebot_peer import DIRECTOR, BotProcess, OneBotClient, account, text_of
from tests.shell_helpers import JINGJI12
from tests.test_deadline_outages import HOLD_LOCK
from tests.transcript_runner import seat_qq

LOCKED_S = 10  # longer than the deadline's wait, its write's wait for the lock and several retries
RECOVERY_S = 30


async def director_says(client: OneBotClient, text: str) -> str:
    """Send as the director; the first answer to the director."""
    await client.say_private(DIRECTOR, text)
    while True:
        call = await client.next_sent()
        if call.get("user_id") == DIRECTOR:
            return text_of(call)


async def test_a_deadline_due_under_another_process_s_lock_closes_its_step_once_the_lock_is_gone(
    tmp_path: Path,
) -> None:
    database = tmp_path / "werewolf.db"
    bot = BotProcess(tmp_path / "bot.log", f"sqlite+aiosqlite:///{database}")
    bot.start()
    try:
        async with account(bot.port) as client:
            assert "已开局" in await director_says(client, "/开局 竞技12")
            for seat, role in JINGJI12.items():
                await director_says(client, f"/座位 {seat}号 {seat_qq(seat)}")
                await director_says(client, f"/身份 {seat}号 {role}")
            await director_says(client, "/开始")
            await director_says(client, "/入夜")
            await director_says(client, "/时限 争权 3秒")
            locker = subprocess.Popen(
                [sys.executable, "-c", HOLD_LOCK, str(database), str(LOCKED_S)],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"

            await asyncio.to_thread(locker.wait, LOCKED_S + 10)
            unlocked = time.monotonic()
            told = []
            while not any("未投狼头票" in text for text in told):
                assert time.monotonic() - unlocked < RECOVERY_S, (
                    f"the step is still open; the director got {told}"
                )
                call = await asyncio.wait_for(client.sent.get(), RECOVERY_S)
                if call.get("user_id") == DIRECTOR:
                    told.append(text_of(call))
    finally:
        bot.stop()
