"""`python bot.py` as a subprocess, spoken to over OneBot v11 reverse WebSocket like NapCat would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.databases import database_for
from tests.onebot_peer import CO_DIRECTOR, DIRECTOR, BotProcess, OneBotClient, account, drain, text_of


@pytest.fixture(scope="module")
def bot_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e") / "bot.log"


@pytest.fixture(scope="module")
def bot_port(bot_log: Path) -> Iterator[int]:
    bot = BotProcess(bot_log, database_for(bot_log.parent / "werewolf.db"))
    bot.start()
    try:
        yield bot.port
    finally:
        bot.stop()


@pytest.fixture
async def onebot(bot_port: int) -> AsyncIterator[OneBotClient]:
    async with account(bot_port) as client:
        yield client


async def test_director_opens_a_game_and_gets_a_reply(onebot: OneBotClient) -> None:
    await onebot.say_private(DIRECTOR, "/开局 竞技12")

    reply = await onebot.next_sent()

    assert reply["action"] == "send_private_msg" and reply["user_id"] == DIRECTOR
    assert "竞技12" in text_of(reply)


async def test_a_refused_send_is_retried(onebot: OneBotClient) -> None:
    onebot.fail_next_sends = 2
    await onebot.say_private(55555, "/开局 竞技12")

    reply = await onebot.next_sent()

    assert reply["user_id"] == 55555 and "只有" in text_of(reply)


async def test_a_huge_message_id_and_a_lone_surrogate_get_an_answer_and_no_traceback(
    onebot: OneBotClient, bot_log: Path
) -> None:
    logged_before = len(bot_log.read_bytes())
    await onebot.say_private(55556, "/身份 你好\ud800", message_id=2**63 + 5)

    reply = await onebot.next_sent()

    assert reply["user_id"] == 55556 and "你不在任何进行中的对局里" in text_of(reply)
    await asyncio.sleep(0.2)
    assert b"Traceback" not in bot_log.read_bytes()[logged_before:]


async def test_the_plugin_loads_as_a_plugin_and_says_where_to_connect(
    onebot: OneBotClient, bot_log: Path
) -> None:
    log = bot_log.read_text(errors="replace")

    assert (
        'Succeeded to load plugin "nonebot_plugin_bansha_director"' in log and "Failed to import" not in log
    )
    assert "/onebot/v11/ws，访问令牌已设置" in log and "可以开局的QQ号：20000" in log


async def test_two_accounts_each_run_their_own_games(bot_port: int) -> None:
    """Two OneBot connections at once: each game speaks through the account it was opened with, and
    a player writing to the other account is answered there."""
    async with account(bot_port, 40001) as first, account(bot_port, 40002) as second:
        await first.say_private(DIRECTOR, "/开局 竞技12")
        opened_first = text_of(await first.next_sent())
        await second.say_private(DIRECTOR, "/开局 百变小樱")
        opened_second = text_of(await second.next_sent())
        assert "竞技12" in opened_first and "百变小樱" in opened_second
        second_game = opened_second.split("：", 1)[1].split("号局")[0]

        await second.say_private(DIRECTOR, f"/导演 {CO_DIRECTOR}")
        await asyncio.sleep(0.8)
        told = drain(second)  # the reply, and the notices to the new director
        assert {call["user_id"] for call in told} == {DIRECTOR, CO_DIRECTOR} and first.sent.empty()

        await first.say_private(CO_DIRECTOR, f"/对局 {second_game}")  # to the other account
        answer = await first.next_sent()
        assert answer["user_id"] == CO_DIRECTOR and "百变小樱" in text_of(answer)
        await asyncio.sleep(0.5)
        assert first.sent.empty() and second.sent.empty()  # nothing went out twice or the wrong way
