"""Input the shell must survive: duplicates keyed by account, chat and message id; replies to one
sender rate-limited without losing a command; malformed text; a group of another running game."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bansha_engine import Event, Game, Outgoing, Result
from nonebot_plugin_bansha_director.inbound import (
    ArrivalOrder,
    NumberIndex,
    ReplyLimiter,
    SeenMessages,
    clean_text,
    message_key,
    small_numbers,
)
from nonebot_plugin_bansha_director.service import NOT_IN_GAME, TOO_FAST
from tests.fakes import FakeClock, FakeGame
from tests.shell_helpers import BAIBIAN, JINGJI12, message, query, set_up, window
from tests.transcript_runner import DIRECTOR, SELF_ID, WOLF_GROUP, TranscriptRunner, seat_qq

STRANGER = 55555


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await runner.boot()
    await runner.say("导演", "/开局 竞技12")
    for seat in (1, 2):
        await runner.say("导演", f"/座位 {seat}号 {seat_qq(seat)}")
    yield runner
    await runner.shutdown()


@pytest.fixture
async def real(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


# ---------------------------------------------------------------- de-duplication


async def test_another_senders_message_with_the_same_id_is_handled(bot: TranscriptRunner) -> None:
    await message(bot, 7777, seat_qq(1), "/一")
    await message(bot, 7777, seat_qq(2), "/二")  # another chat reuses the id

    assert window(bot, f"qq:{seat_qq(2)}") == ["收到：/二"]
    assert query(bot, "SELECT count(*) FROM log_entries WHERE text IN ('/一', '/二')") == [(2,)]


async def test_a_redelivered_message_is_dropped_before_and_after_a_restart(bot: TranscriptRunner) -> None:
    await message(bot, 2**63 + 1, seat_qq(1), "/一")
    await message(bot, 2**63 + 1, seat_qq(1), "/一")
    assert bot.wire.delivered[bot.window_start :] == []

    await bot.directive("重启")
    await message(bot, 2**63 + 1, seat_qq(1), "/一")

    assert bot.wire.delivered[bot.window_start :] == []
    assert query(bot, "SELECT chat, message_id FROM seen_chat_messages WHERE message_id LIKE '9223%'") == [
        (f"private:{seat_qq(1)}", str(2**63 + 1))
    ]


def test_message_keys_name_the_account_the_chat_and_the_id() -> None:
    assert message_key(40000, 5, 10001, None) == (40000, "private:10001", "5")
    assert message_key(40000, 5, 10001, 30000) == (40000, "group:30000", "5")
    huge = message_key(40000, 10**5000, 10001, None)[2]
    assert huge.startswith("sha256:") and len(huge) < 80


def test_seen_messages_keep_the_newest_keys_and_forget_on_request() -> None:
    seen = SeenMessages(capacity=3)
    keys = [message_key(SELF_ID, n, 10001, None) for n in range(1, 5)]
    for key in keys:
        seen.add(key)
    assert len(seen) == 3
    assert keys[0] not in seen  # the oldest went first
    assert all(key in seen for key in keys[1:])
    assert message_key(SELF_ID, 2, 10002, None) not in seen  # same id, another sender
    seen.forget(keys[2])
    assert keys[2] not in seen and keys[3] in seen


def test_the_number_index_lists_every_game_showing_a_number() -> None:
    index = NumberIndex()
    index.add(10001, 5)
    index.add(10001, 5)
    assert sorted(index.games(10001)) == [5]
    index.add(10001, 7)
    index.add(10001, 6)
    assert sorted(index.games(10001)) == [5, 6, 7]
    assert sorted(index.games(10002)) == []


# ---------------------------------------------------------------- malformed text


def test_lone_surrogates_and_nul_become_replacement_characters() -> None:
    assert clean_text("/刀 5号\ud800\x00") == "/刀 5号\ufffd\ufffd"


def test_only_short_ascii_digit_runs_are_read_as_numbers() -> None:
    assert small_numbers("/座位 1号 10001 ７号 " + "9" * 4301) == [1, 10001]


async def test_a_lone_surrogate_gets_an_answer_and_is_stored_readably(bot: TranscriptRunner) -> None:
    await message(bot, 1, seat_qq(1), "/说 \udc80好")

    assert window(bot, f"qq:{seat_qq(1)}") == ["收到：/说 \ufffd好"]
    assert query(bot, "SELECT text FROM log_entries WHERE text LIKE '/说%'") == [("/说 \ufffd好",)]


# ---------------------------------------------------------------- replies to one sender are limited


def test_the_limiter_counts_answered_messages_per_sender_within_the_window() -> None:
    clock = FakeClock()
    limiter = ReplyLimiter(clock, limit=2, window_s=10)
    assert [limiter.allow(1) for _ in range(4)] == [
        (True, False),
        (True, False),
        (False, True),
        (False, False),
    ]
    assert limiter.allow(2) == (True, False)  # another sender has their own budget
    clock.advance(10)
    assert limiter.allow(1) == (True, False)


def test_the_limiter_forgets_senders_that_went_quiet() -> None:
    clock = FakeClock()
    limiter = ReplyLimiter(clock, limit=2, window_s=10)
    for sender in range(5000):
        limiter.allow(sender)
        clock.advance(0.001)
    assert limiter.remembered() == 5000  # all wrote within the window
    clock.advance(6)
    for sender in range(5000, 5010):
        limiter.allow(sender)
    assert limiter.remembered() == 5010 - 1000  # the first thousand are idle for a window now
    clock.advance(11)
    limiter.allow(-1)
    assert limiter.remembered() == 1  # memory stays bounded however many strangers write


def test_a_forgotten_sender_starts_with_a_full_budget_and_a_notice() -> None:
    clock = FakeClock()
    limiter = ReplyLimiter(clock, limit=1, window_s=10)
    assert [limiter.allow(7) for _ in range(3)] == [(True, False), (False, True), (False, False)]
    clock.advance(10)
    limiter.allow(8)  # forgets 7
    assert limiter.remembered() == 1
    assert [limiter.allow(7) for _ in range(3)] == [(True, False), (False, True), (False, False)]


class CountingSenders(OrderedDict[int, object]):
    """The limiter's table of senders, counting every entry anything walks through."""

    walked = 0

    def _counted(self, entries: Iterator[Any]) -> Iterator[Any]:
        for entry in entries:
            CountingSenders.walked += 1
            yield entry

    def __iter__(self) -> Iterator[int]:
        return self._counted(super().__iter__())

    def keys(self) -> Any:
        return self._counted(iter(super().keys()))

    def values(self) -> Any:
        return self._counted(iter(super().values()))

    def items(self) -> Any:
        return self._counted(iter(super().items()))


def test_a_message_costs_the_same_however_many_senders_are_active() -> None:
    """Issue 15: the limiter used to rebuild its tables of every sender on each message once
    4,096 were active.  A message now looks at its own sender and the longest idle one only."""
    clock = FakeClock()
    limiter = ReplyLimiter(clock, limit=2, window_s=1_000)
    for sender in range(30_000):
        limiter.allow(sender)
    limiter._senders = CountingSenders(limiter._senders)  # type: ignore[assignment]
    CountingSenders.walked = 0
    for sender in range(30_000, 32_000):
        limiter.allow(sender)
    assert limiter.remembered() == 32_000
    assert CountingSenders.walked <= 2 * 2_000  # not 30,000 a message


async def test_a_flood_from_a_stranger_gets_few_replies(bot: TranscriptRunner) -> None:
    bot.begin_action()
    for n in range(300):
        await bot.bot.handle_message(SELF_ID, 10_000 + n, STRANGER, None, "你好")
    await bot.run_events()

    replies = window(bot, f"qq:{STRANGER}")
    assert replies == [NOT_IN_GAME] * 10 + [TOO_FAST]
    assert query(bot, "SELECT count(*) FROM seen_chat_messages WHERE chat = ?", f"private:{STRANGER}") == [
        (300,)
    ]


async def test_a_player_over_the_limit_still_has_every_command_taken(bot: TranscriptRunner) -> None:
    bot.begin_action()
    for n in range(30):
        await bot.bot.handle_message(SELF_ID, 20_000 + n, seat_qq(1), None, f"/第{n}条")
    await bot.run_events()

    assert len(window(bot, f"qq:{seat_qq(1)}")) == 11
    logged = query(bot, "SELECT count(*) FROM log_entries WHERE qq = ? AND text LIKE '/第%'", seat_qq(1))
    assert logged == [(30,)]


async def test_directors_are_not_limited(bot: TranscriptRunner) -> None:
    bot.begin_action()
    for n in range(30):
        await bot.bot.handle_message(SELF_ID, 30_000 + n, DIRECTOR, None, f"/第{n}条")
    await bot.run_events()

    assert len(window(bot, f"qq:{DIRECTOR}")) == 30


# ---------------------------------------------------------------- one group, one running game


async def test_a_group_of_another_running_game_cannot_be_bound(real: TranscriptRunner) -> None:
    await set_up(real, "百变小樱", BAIBIAN, wolf_group=True)
    await real.say("导演", "/开局 百变小樱")

    await real.say("导演", f"/狼群 {WOLF_GROUP}")
    [reply] = window(real, f"qq:{DIRECTOR}")
    assert f"群{WOLF_GROUP}已经绑定在进行中的1号局（百变小樱）" in reply
    await real.say("导演", f"/情侣群 {WOLF_GROUP}")
    assert "已经绑定在进行中的1号局" in window(real, f"qq:{DIRECTOR}")[0]
    assert real.bot.games[2].game.groups() == set()
    assert query(real, "SELECT count(*) FROM log_entries WHERE game_id = 2") == [(1,)]

    await real.say("导演", f"/狼群 {WOLF_GROUP + 1}")  # another group is fine
    assert real.bot.games[2].game.groups() == {WOLF_GROUP + 1}


async def test_a_group_is_free_again_once_its_game_ended(real: TranscriptRunner) -> None:
    await set_up(real, "竞技12", JINGJI12)
    await real.say("导演", "/开局 百变小樱")
    await real.say("导演", f"/狼群 {WOLF_GROUP}")
    await real.say("导演", "/对局 2")
    await real.say("导演", "/结束")
    if 2 in real.bot.games:  # the engine asks for a confirmation
        await real.say("导演", "/结束 确认")
    assert 2 not in real.bot.games

    await real.say("导演", "/开局 百变小樱")
    await real.say("导演", f"/狼群 {WOLF_GROUP}")
    assert real.bot.games[3].game.groups() == {WOLF_GROUP}


class GameNamingAnImpossibleQQ(FakeGame):
    """A game that (wrongly) accepts a QQ number no account has: /通知 tells QQ 2**64."""

    def handle(self, event: Event) -> Result:
        if event.text == "/通知":
            return Result(True, [Outgoing("private", 2**64, "你好"), Outgoing("private", event.qq, "已通知")])
        return super().handle(event)


async def test_messages_to_impossible_targets_are_dropped_and_the_step_is_stored(tmp_path: Path) -> None:
    runner = TranscriptRunner(tmp_path / "werewolf.db", GameNamingAnImpossibleQQ)  # type: ignore[arg-type]
    await runner.boot()
    await runner.say("导演", "/开局 竞技12")

    await runner.say("导演", "/通知")

    assert window(runner, f"qq:{DIRECTOR}") == ["已通知"]
    assert query(runner, "SELECT count(*) FROM log_entries WHERE text = '/通知'") == [(1,)]
    await runner.shutdown()


# ---------------------------------------------------------------- a sender's messages in their order


async def test_a_message_waits_for_its_senders_earlier_ones_only() -> None:
    order = ArrivalOrder(patience_s=5)
    first, second, other = order.arrive("a"), order.arrive("a"), order.arrive("b")
    assert await order.turn(first) and await order.turn(other)  # nothing before them
    waiting = asyncio.create_task(order.turn(second))
    await asyncio.sleep(0.01)
    assert not waiting.done()
    order.done(first)
    assert await waiting
    order.done(second)
    order.done(second)  # twice: nothing happens
    order.done(other)
    assert order.on_their_way() == 0


async def test_earlier_messages_done_while_one_waits_for_another_do_not_hold_it() -> None:
    order = ArrivalOrder(patience_s=5)
    first, second, third = (order.arrive("a") for _ in range(3))
    waiting = asyncio.create_task(order.turn(third))
    await asyncio.sleep(0.01)
    order.done(second)  # done before the waiter came to it
    order.done(first)
    assert await asyncio.wait_for(waiting, 1)


async def test_a_stuck_message_holds_its_sender_only_for_a_while() -> None:
    order = ArrivalOrder(patience_s=0.05)
    order.arrive("a")  # never done
    assert not await order.turn(order.arrive("a"))
