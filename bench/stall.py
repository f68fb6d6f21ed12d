"""Does one board file stall the bot? (issue 21)  A report, not a test.

Against the real `python bot.py` over OneBot v11: a director sends `/检查板子` with 19,900 blank lines
between two keys, and a stranger sends `/帮助` 0.3 s later; then a board with 15,000 blank lines
is saved, opened with `/开局`, and the bot restarted (every stored game's board is read again), with
a stranger's `/帮助` sent while each of these is handled.  Prints how long each answer took.
Targets: the `/帮助` within 1 s, the file within 2 s.

    .venv/bin/python bench/stall.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.onebot_peer import DIRECTOR, BotProcess, OneBotClient, account  # noqa: E402

STRANGER = 55555
HELP_TARGET_S = 1.0
FILE_TARGET_S = 2.0
CHECKED = "板子: 空行\n" + "\n" * 19_900 + "身份:\n  狼人: 1\n  村民: 2\n"
SAVED = (
    "板子: 空行板\n"
    + "\n" * 15_000
    + "身份:\n  狼人: 2\n  预言家: 1\n  村民: 3\n夜晚:\n  - 狼人: 30分钟\n  - 预言家: 30分钟\n"
)


class StampedQueue(asyncio.Queue[dict[str, Any]]):
    """The client's record of the bot's sends, each stamped with when it arrived."""

    async def put(self, item: dict[str, Any]) -> None:
        await super().put({**item, "arrived": time.monotonic()})


async def answers(client: OneBotClient, count: int, started: float) -> dict[int, float]:
    """Seconds from `started` to the first message to each recipient, for `count` recipients."""
    first: dict[int, float] = {}
    while len(first) < count:
        call = await client.next_sent(timeout=30)
        first.setdefault(int(call["user_id"]), call["arrived"] - started)
    return first


async def with_help(client: OneBotClient, text: str, label: str) -> bool:
    """`text` from the director, a stranger's /帮助 0.3 s later; both answer times printed."""
    started = time.monotonic()
    await client.say_private(DIRECTOR, text)
    await asyncio.sleep(0.3)
    await client.say_private(STRANGER, "/帮助")
    times = await answers(client, 2, started)
    help_s = times[STRANGER] - 0.3
    ok = help_s <= HELP_TARGET_S and times[DIRECTOR] <= FILE_TARGET_S
    print(
        f"{label:28} director {times[DIRECTOR]:6.3f} s   stranger's /帮助 {help_s:6.3f} s   {'PASS' if ok else 'FAIL'}"
    )
    await asyncio.sleep(0.5)
    while not client.sent.empty():
        client.sent.get_nowait()
    return ok


async def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="werewolf-stall-"))
    bot = BotProcess(folder / "bot.log", f"sqlite+aiosqlite:///{folder}/werewolf.db")
    bot.start()
    results = []
    try:
        async with account(bot.port) as client:
            client.sent = StampedQueue()
            await asyncio.sleep(1)  # the bot greets the account; let it settle
            while not client.sent.empty():
                client.sent.get_nowait()
            results.append(await with_help(client, f"/检查板子\n{CHECKED}", "/检查板子 19,900 blank lines"))
            results.append(await with_help(client, f"/新板子\n{SAVED}", "/新板子 15,000 blank lines"))
            results.append(await with_help(client, "/开局 空行板", "/开局 of it"))
        bot.stop()
        started = time.monotonic()
        bot.start()
        async with account(bot.port) as client:
            client.sent = StampedQueue()
            await client.say_private(STRANGER, "/帮助")
            ready = (await answers(client, 1, started))[STRANGER]
            print(f"{'restart, then /帮助':28} answered {ready:6.3f} s after the restart began")
    finally:
        bot.stop()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
