"""Delivery that cannot jam: long texts split, refused rows set aside for the directors, shell
answers that never wait behind a jam, sends paced per account, sends that hang time out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bansha_engine import Outgoing
from nonebot_plugin_bansha_director.outbox import (
    HOLD_AFTER,
    MAX_SENDING,
    Outbox,
    Pacer,
    describe_failure,
    split_text,
)
from nonebot_plugin_bansha_director.storage import Repository, Step
from tests.databases import database_for
from tests.fakes import FakeClock, FakeGame, FakeWire
from tests.shell_helpers import query, window
from tests.transcript_runner import DIRECTOR, SELF_ID, TranscriptRunner, seat_qq

DIRECTOR_TO = f"qq:{DIRECTOR}"
LONG = "/长长长" + "长" * 400  # its echo is longer than the wire takes in these tests


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", FakeGame)  # type: ignore[arg-type]
    await runner.boot()
    await runner.say("导演", "/开局 竞技12")
    await runner.say("导演", f"/座位 1号 {seat_qq(1)}")
    yield runner
    await runner.shutdown()


# ---------------------------------------------------------------- splitting


def test_long_texts_are_cut_at_line_breaks_into_marked_pieces() -> None:
    lines = [f"第{n}行：" + "字" * 40 for n in range(100)]
    pieces = split_text("\n".join(lines), 500)

    assert len(pieces) > 1 and all(len(piece) <= 500 for piece in pieces)
    assert pieces[0].endswith(f"（1/{len(pieces)}）") and pieces[-1].endswith(
        f"（{len(pieces)}/{len(pieces)}）"
    )
    bodies = [piece.rsplit("\n", 1)[0] for piece in pieces]
    assert "\n".join(bodies).split("\n") == lines  # no line was cut or lost


def test_a_line_longer_than_the_limit_is_cut_where_it_must_be() -> None:
    pieces = split_text("一" * 1200, 500)
    assert all(len(piece) <= 500 for piece in pieces)
    assert "".join(piece.rsplit("\n", 1)[0] for piece in pieces) == "一" * 1200


def test_short_texts_go_as_they_are() -> None:
    assert split_text("短消息", 500) == ["短消息"]


async def test_a_reply_longer_than_qq_takes_arrives_in_pieces(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 1600
    text = "/长 " + "\n".join("一行字" * 50 for _ in range(12))  # about 1,800 characters

    await bot.say("导演", text)

    pieces = window(bot, DIRECTOR_TO)
    assert len(pieces) == 2 and all(len(piece) <= 1500 for piece in pieces)
    assert bot.bot.outbox.pending == []


# ---------------------------------------------------------------- a row QQ keeps refusing


async def test_a_refused_message_is_set_aside_and_the_ones_behind_it_go_out(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 300
    await bot.say("导演", LONG)  # its echo is refused, again and again
    assert window(bot, DIRECTOR_TO) == []
    [held] = bot.bot.outbox.pending
    assert held.attempts >= HOLD_AFTER and held.held_at is None  # nothing behind it yet

    await bot.say("导演", "/短")

    texts = window(bot, DIRECTOR_TO)
    assert "收到：/短" in texts
    [notice] = [text for text in texts if text.startswith("【未送达】")]
    assert f"#{held.id}" in notice and f"/重发 {held.id}" in notice and f"/丢弃 {held.id}" in notice
    assert held.held_at is not None
    assert query(bot, "SELECT held_at IS NOT NULL FROM outbox WHERE id = ?", held.id) == [(1,)]
    await bot.say("导演", "/又一条")
    assert window(bot, DIRECTOR_TO) == ["收到：/又一条"]  # no longer held up

    await bot.say("导演", "/未送达")
    [report] = window(bot, DIRECTOR_TO)
    assert f"#{held.id}" in report and "已暂停" in report and "/重发" in report and "/丢弃" in report


async def test_directors_retry_or_drop_a_held_message(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 300
    await bot.say("导演", LONG)
    await bot.say("导演", "/短")
    [held] = bot.bot.outbox.pending

    bot.wire.max_text = None  # QQ takes it now
    await bot.say("导演", f"/重发 {held.id}")
    texts = window(bot, DIRECTOR_TO)
    assert f"已重新发送：#{held.id}" in texts[0] and any(text.startswith("收到：/长长长") for text in texts)
    assert bot.bot.outbox.pending == []

    bot.wire.max_text = 300
    await bot.say("导演", LONG)
    await bot.say("导演", "/短")
    [held] = bot.bot.outbox.pending
    await bot.say("导演", "/丢弃 全部")
    assert f"已丢弃，不再发送：#{held.id}" in window(bot, DIRECTOR_TO)[0]
    assert bot.bot.outbox.pending == []
    await bot.directive("重启")
    assert bot.bot.outbox.pending == []
    assert query(bot, "SELECT dropped_at IS NOT NULL, sent_at IS NULL FROM outbox WHERE id = ?", held.id) == [
        (1, 1)
    ]


async def test_only_directors_of_the_game_may_retry_or_drop(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 300
    await bot.say("导演", LONG)
    await bot.say("导演", "/短")
    [held] = bot.bot.outbox.pending

    await bot.say("1", f"/丢弃 {held.id}")
    assert "只有导演" in window(bot, f"qq:{seat_qq(1)}")[0]
    await bot.say("qq:55555", f"/丢弃 {held.id}")  # directs nothing at all
    assert "只有导演" in window(bot, "qq:55555")[0]
    assert [item.id for item in bot.bot.outbox.pending] == [held.id]


async def test_a_recipient_that_refuses_everything_keeps_its_order(bot: TranscriptRunner) -> None:
    bot.wire.fail_next = 1_000  # e.g. a player who is not the bot's QQ friend
    for text in ("/一", "/二", "/三"):
        await bot.say("1", text)
        await bot.directive("等待 3秒")
    assert all(item.held_at is None for item in bot.bot.outbox.pending)  # nothing went through: nothing held

    bot.wire.fail_next = 0
    await bot.directive("等待 60秒")
    assert [d.text for d in bot.wire.delivered if d.to == f"qq:{seat_qq(1)}"][-3:] == [
        "收到：/一",
        "收到：/二",
        "收到：/三",
    ]


# ---------------------------------------------------------------- a row QQ refuses for a word in it

REFUSED = "禁词"  # a word QQ's risk control refuses


async def refused_row(bot: TranscriptRunner) -> int:
    """Seat 1's echo holds the refused word; once a later message to seat 1 goes through, it is set aside."""
    bot.wire.refused_words = [REFUSED]
    await bot.say("1", f"/说 {REFUSED}")
    await bot.say("1", "/身份")
    [held] = bot.bot.outbox.pending
    assert held.held_at is not None and REFUSED in held.text
    return held.id


async def test_the_notice_about_a_refused_row_reaches_the_director_whatever_the_row_says(
    bot: TranscriptRunner,
) -> None:
    row = await refused_row(bot)

    [notice] = window(bot, DIRECTOR_TO)  # its copy of the text was refused, and given up
    assert notice.startswith("【未送达】") and f"#{row}" in notice and f"QQ{seat_qq(1)}" in notice
    assert f"/重发 {row}" in notice and f"/丢弃 {row}" in notice and "另发一条" in notice
    assert [item.id for item in bot.bot.outbox.pending] == [row]  # nothing else is left trying

    await bot.say("导演", "/未送达")
    [report] = window(bot, DIRECTOR_TO)
    assert f"#{row}" in report and "已暂停" in report and f"QQ{seat_qq(1)}" in report

    await bot.say("导演", f"/未送达 {row}")
    [answer] = window(bot, DIRECTOR_TO)
    assert f"#{row}" in answer and "另发一条" in answer
    await bot.directive("等待 60秒")
    assert [item.id for item in bot.bot.outbox.pending] == [row]  # the copies are not held or reported


async def test_the_text_of_a_refused_row_follows_its_notice_when_qq_takes_it(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 300  # refused for its length: the first 200 characters go through
    await bot.say("导演", LONG)
    await bot.say("导演", "/短")
    [held] = bot.bot.outbox.pending

    texts = window(bot, DIRECTOR_TO)
    notice = next(i for i, text in enumerate(texts) if text.startswith("【未送达】"))
    assert "长长" not in texts[notice]
    assert texts[notice + 1].startswith(f"#{held.id}的内容：收到：/长长长") and texts[notice + 1].endswith(
        "……"
    )

    await bot.say("导演", f"/未送达 {held.id} 99")
    report, content = window(bot, DIRECTOR_TO)
    assert f"#{held.id}" in report and "#99不在" in report and "长长" not in report
    assert content.startswith(f"#{held.id}的内容：收到：/长长长")


async def test_retrying_or_dropping_everything_when_nothing_waits_says_so(bot: TranscriptRunner) -> None:
    for command in ("/重发 全部", "/丢弃 全部"):
        await bot.say("导演", command)
        [answer] = window(bot, DIRECTOR_TO)
        assert answer.startswith("没有未送达的消息"), answer


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (
            "ActionFailed: ActionFailed(status='failed', retcode=1200, data=None, message='', "
            "wording='消息发送失败，请稍后再试', echo='7')",
            "QQ拒绝发送，retcode=1200，消息发送失败，请稍后再试",
        ),
        ("RuntimeError: ActionFailed: retcode=1200", "QQ拒绝发送，retcode=1200"),
        ("TimeoutError: ", "发送超时，QQ没有回应"),
        ("", "还没有发出"),
        (
            "OSError: the connection to the OneBot implementation went away unexpectedly",
            "OSError: the connection to the OneBot implementation went…",
        ),
    ],
)
def test_a_failure_is_described_whole_words_only(error: str, shown: str) -> None:
    assert describe_failure(error) == shown


# ---------------------------------------------------------------- shell answers never wait


async def test_undelivered_report_answers_at_once_whatever_is_queued(bot: TranscriptRunner) -> None:
    bot.wire.max_text = 300
    await bot.say("导演", LONG)  # keeps failing: the next try is a while away
    assert window(bot, DIRECTOR_TO) == []
    assert bot.bot.outbox.pending[0].next_try_at > bot.clock()

    bot.begin_action()
    await bot.bot.handle_message(SELF_ID, 9001, DIRECTOR, None, "/未送达")
    await bot.bot.outbox.pump()  # no time passes

    [report] = window(bot, DIRECTOR_TO)
    assert report.startswith("未送达的消息共1条") and "长长" not in report  # never quoted


# ---------------------------------------------------------------- pacing

ACCOUNT = 40000


async def paced_outbox(
    tmp_path: Path, rate: float, burst: int
) -> tuple[Outbox, FakeClock, FakeWire, Repository]:
    clock = FakeClock()
    wire = FakeWire(clock)
    repo = Repository(database_for(tmp_path / "w.db"))
    await repo.open()
    outbox = Outbox(repo, clock, wire, pacing=lambda: Pacer(clock, rate, burst))
    outbox.set_online(ACCOUNT, True)
    return outbox, clock, wire, repo


async def deliver_all(outbox: Outbox, clock: FakeClock) -> None:
    while (due := await outbox.pump()) is not None:
        clock.now = max(clock.now, due)


async def test_sends_from_one_account_are_paced_after_a_burst(tmp_path: Path) -> None:
    outbox, clock, wire, repo = await paced_outbox(tmp_path, rate=2, burst=5)
    start = clock()
    messages = [Outgoing("private", 10000 + n, f"身份{n}") for n in range(1, 13)]  # /开始 on 竞技12
    outbox.add(await repo.commit(Step(start, messages=messages)))

    await deliver_all(outbox, clock)

    offsets = [d.at - start for d in wire.delivered]
    assert offsets == [0, 0, 0, 0, 0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]
    assert [d.text for d in wire.delivered] == [m.text for m in messages]  # oldest first
    await repo.close()


async def test_each_account_has_its_own_pace_and_waits_for_its_own_connection(tmp_path: Path) -> None:
    outbox, clock, wire, repo = await paced_outbox(tmp_path, rate=1, burst=2)
    start = clock()
    other = ACCOUNT + 1
    messages = [Outgoing("private", 10000 + n, f"第{n}条") for n in range(6)]
    accounts: list[int | None] = [ACCOUNT, other] * 3
    outbox.add(await repo.commit(Step(start, messages=messages, accounts=accounts)))

    await deliver_all(outbox, clock)  # `other` is not connected: its rows wait
    assert [(d.via, d.at - start) for d in wire.delivered] == [(ACCOUNT, 0), (ACCOUNT, 0), (ACCOUNT, 1)]

    later = clock()
    outbox.set_online(other, True)
    await deliver_all(outbox, clock)
    assert [(d.via, d.at - later) for d in wire.delivered[3:]] == [(other, 0), (other, 0), (other, 1)]
    assert sorted(d.text for d in wire.delivered) == sorted(m.text for m in messages)
    await repo.close()


async def test_urgent_answers_are_not_paced(tmp_path: Path) -> None:
    outbox, clock, wire, repo = await paced_outbox(tmp_path, rate=1, burst=1)
    start = clock()
    outbox.add(
        await repo.commit(Step(start, messages=[Outgoing("private", 10001, f"第{n}条") for n in range(3)]))
    )
    await outbox.pump()
    assert [d.text for d in wire.delivered] == ["第0条"]  # the burst is used up

    outbox.add(
        await repo.commit(Step(start, messages=[Outgoing("private", 20000, "未送达的消息")], urgent=True))
    )
    await outbox.pump()  # no time passes

    assert [d.text for d in wire.delivered] == ["第0条", "未送达的消息"]
    await deliver_all(outbox, clock)
    assert [d.at - start for d in wire.delivered] == [0, 0, 2, 3]  # the urgent send counted, too
    await repo.close()


# ---------------------------------------------------------------- a send that never returns


async def test_a_send_that_hangs_counts_as_failed(tmp_path: Path) -> None:
    clock = FakeClock()
    repo = Repository(database_for(tmp_path / "w.db"))
    await repo.open()

    async def never_answers(_account: int | None, _kind: str, _target: int, _text: str) -> None:
        await asyncio.Event().wait()

    outbox = Outbox(repo, clock, never_answers, send_timeout_s=0.01)
    outbox.set_online(ACCOUNT, True)
    outbox.add(await repo.commit(Step(clock(), messages=[Outgoing("private", 10001, "你好")])))

    await outbox.pump()

    [item] = outbox.pending
    assert item.attempts == 1 and "TimeoutError" in item.last_error
    await repo.close()


# ---------------------------------------------------------------- many recipients at once


async def test_at_most_max_sending_recipients_of_an_account_are_sent_to_at_once(tmp_path: Path) -> None:
    """A thousand games' /开始 are 13,000 DMs: they go out a bounded number at a time (each send in
    flight holds its task, its API call and its frame), every one of them, each recipient's in order."""
    clock = FakeClock()
    repo = Repository(database_for(tmp_path / "w.db"))
    await repo.open()
    sent: list[tuple[int, str]] = []
    in_flight = [0, 0]  # now, most

    async def send(_account: int | None, _kind: str, target: int, text: str) -> None:
        in_flight[0] += 1
        in_flight[1] = max(in_flight[1], in_flight[0])
        await asyncio.sleep(0)
        sent.append((target, text))
        in_flight[0] -= 1

    outbox = Outbox(repo, clock, send)
    outbox.set_online(ACCOUNT, True)
    recipients = range(10000, 10000 + 3 * MAX_SENDING)
    messages = [Outgoing("private", qq, f"第{n}条") for n in (1, 2) for qq in recipients]
    outbox.add(await repo.commit(Step(clock(), messages=messages)))

    await outbox.pump()

    assert in_flight[1] == MAX_SENDING
    assert sorted(sent) == sorted((m.target, m.text) for m in messages) and outbox.pending == []
    assert all([text for target, text in sent if target == qq] == ["第1条", "第2条"] for qq in recipients)
    await repo.close()


async def test_an_account_whose_sends_hang_does_not_hold_back_another_accounts(tmp_path: Path) -> None:
    clock = FakeClock()
    repo = Repository(database_for(tmp_path / "w.db"))
    await repo.open()
    other = ACCOUNT + 1
    sent: list[int] = []

    async def send(account: int | None, _kind: str, target: int, _text: str) -> None:
        if account == ACCOUNT:
            await asyncio.Event().wait()  # its connection took the call and never answers
        sent.append(target)

    outbox = Outbox(repo, clock, send, send_timeout_s=0.05)
    outbox.set_online(ACCOUNT, True)
    outbox.set_online(other, True)
    stuck = [Outgoing("private", 10000 + n, "卡住") for n in range(2 * MAX_SENDING)]
    moving = [Outgoing("private", 20000 + n, "照常") for n in range(5)]
    accounts: list[int | None] = [ACCOUNT] * len(stuck) + [other] * len(moving)
    outbox.add(await repo.commit(Step(clock(), messages=stuck + moving, accounts=accounts)))

    await outbox.pump()

    assert sent == [m.target for m in moving]
    assert len(outbox.pending) == len(stuck)
    await repo.close()


# ---------------------------------------------------------------- a database slow to record delivery


async def test_rows_keep_going_out_while_the_record_of_delivery_waits_for_the_database(
    tmp_path: Path,
) -> None:
    """The background loop waits for its record of delivery RECORD_PATIENCE_S at most: a database
    that takes long to write (locked, a slow disk) does not hold back the rows committed meanwhile."""
    clock = FakeClock()
    repo = Repository(database_for(tmp_path / "w.db"))
    await repo.open()
    sent: list[str] = []
    release = asyncio.Event()
    recorded: list[list[tuple[int, float]]] = []

    async def send(_account: int | None, _kind: str, _target: int, text: str) -> None:
        sent.append(text)

    async def slow_record(sent_rows: list[tuple[int, float]], *_: object) -> None:
        await release.wait()
        recorded.append(sent_rows)

    repo.record_delivery = slow_record  # type: ignore[method-assign]
    outbox = Outbox(repo, clock, send)
    outbox.set_online(ACCOUNT, True)
    outbox.start()
    outbox.add(await repo.commit(Step(clock(), messages=[Outgoing("private", 10001, "第一条")])))
    await _until(lambda: sent == ["第一条"])

    outbox.add(await repo.commit(Step(clock(), messages=[Outgoing("private", 10002, "第二条")])))
    await _until(lambda: sent == ["第一条", "第二条"])  # the first record still waits

    assert recorded == []
    release.set()
    await outbox.stop()
    assert sorted(row_id for rows in recorded for row_id, _ in rows) == [1, 2]
    await repo.close()


async def _until(condition: Callable[[], bool], timeout_s: float = 2.0) -> None:
    async with asyncio.timeout(timeout_s):
        while not condition():
            await asyncio.sleep(0.001)
