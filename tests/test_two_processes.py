"""Two bot processes on one PostgreSQL database, each serving the games of its own QQ account
(`WEREWOLF_ACCOUNTS`): games opened at the same moment on both get ids from the database without
colliding, each process speaks only through its account, and a restarted process takes back only
its own games.  Needs a server: runs when WEREWOLF_TEST_DATABASE_URL names PostgreSQL."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.databases import database_for, query, server_url
from tests.onebot_peer import DIRECTOR, BotProcess, OneBotClient, account, text_of

pytestmark = pytest.mark.skipif(
    not (server_url() or "").startswith("postgresql"), reason="needs WEREWOLF_TEST_DATABASE_URL (PostgreSQL)"
)
FIRST, SECOND = 40001, 40002
GAMES_EACH = 4


async def open_games(client: OneBotClient, board: str) -> list[int]:
    """Open GAMES_EACH games one after another; their ids, from the replies."""
    ids = []
    for _ in range(GAMES_EACH):
        await client.say_private(DIRECTOR, f"/开局 {board}")
        reply = text_of(await client.next_sent())
        ids.append(int(re.search(r"(\d+)号局", reply).group(1)))  # type: ignore[union-attr]
        await client.say_private(DIRECTOR, "/座位 1号 10001")
        assert "1号" in text_of(await client.next_sent())
    return ids


async def test_two_processes_share_one_database_each_with_its_own_account(tmp_path: Path) -> None:
    url = database_for(tmp_path / "unused.db")
    bots = [
        BotProcess(tmp_path / f"bot{account_id}.log", url, WEREWOLF_ACCOUNTS=str(account_id))
        for account_id in (FIRST, SECOND)
    ]
    for bot in bots:
        bot.start()
    try:
        async with account(bots[0].port, FIRST) as first, account(bots[1].port, SECOND) as second:
            ids_first, ids_second = await asyncio.gather(
                open_games(first, "竞技12"), open_games(second, "百变小樱")
            )

        assert len(set(ids_first + ids_second)) == 2 * GAMES_EACH
        stored = query(url, "SELECT id, account FROM games ORDER BY id")
        assert stored == sorted([(i, FIRST) for i in ids_first] + [(i, SECOND) for i in ids_second])
        assert query(url, "SELECT DISTINCT account FROM outbox ORDER BY 1") == [(FIRST,), (SECOND,)]
        assert query(url, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == [(0,)]

        bots[0].stop()
        bots[0].start()
        async with account(bots[0].port, FIRST) as first:
            await first.say_private(DIRECTOR, "/对局")
            listing = text_of(await first.next_sent())
        listed = {int(n) for n in re.findall(r"^(\d+)：", listing, re.M)}
        assert listed == set(ids_first)  # its own games, none of the other process's
        for bot in bots:
            assert "Traceback" not in bot.log.read_text(errors="replace")
    finally:
        for bot in bots:
            bot.stop()
