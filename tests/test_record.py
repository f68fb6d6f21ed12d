"""Finished games stay readable: /对局 lists them, /复盘 <编号> gives the whole record to the game's
directors (and superusers) only; engine/record.py writes it from a rebuilt game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Event, Game
from bansha_engine.record import game_record
from tests.databases import query
from tests.shell_helpers import JINGJI12, set_up, window
from tests.transcript_runner import DIRECTOR, TranscriptRunner, seat_qq

CO_DIRECTOR = 20001
OTHER_DIRECTOR = 20002  # may open games (WEREWOLF_DIRECTORS) but does not direct this one

VILLAGE_WINS = [  # tests/transcripts/jingji12-29-win-village.txt
    ("导演", "/导演 20001"),
    ("导演", "/开始"),
    ("导演", "/入夜"),
    *((str(seat), "/选狼头 9号") for seat in (9, 10, 11, 12)),
    ("9", "/刀 4号"),
    ("1", "/预言 10号"),
    ("2", "/放弃"),
    ("导演", "/罚下 10号"),
    ("导演", "/罚下 11号"),
    ("导演", "/放逐 3号"),
    ("3", "/开枪 12号"),
    ("导演", "/入夜"),
    ("9", "/刀 5号"),
    ("1", "/放弃"),
    ("2", "/毒 9号"),
]


@pytest.fixture
async def finished(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    runner.bot.directors_allowed.add(OTHER_DIRECTOR)
    await set_up(runner, "竞技12", JINGJI12)
    for who, text in VILLAGE_WINS:
        await runner.say(who, text)
    assert runner.bot.games == {}
    yield runner
    await runner.shutdown()


async def test_the_record_holds_roles_nights_days_and_the_winner(finished: TranscriptRunner) -> None:
    await finished.say("导演", "/复盘 1")

    record = "\n".join(window(finished, f"qq:{DIRECTOR}"))
    for expected in (
        "1号局（竞技12）复盘",
        "结果：村民阵营胜利",
        "1号：预言家（村民阵营），存活",
        "4号：村民（村民阵营），第1夜被杀出局",
        "10号：狼人（狼人阵营），第2天被红牌罚下出局",
        "【第1夜】关门：1月1日 20:00",
        "出局：4号（被杀）",
        "1号（预言家）查验10号：非村民阵营",
        "【第2天】\n放逐：3号（被投票放逐）\n出局：10号（被红牌罚下）、11号（被红牌罚下）、3号（被投票放逐）、12号（被猎人开枪带走）",
        "【第2夜】",
        "9号（被女巫毒杀）",
    ):
        assert expected in record, expected
    assert record.index("【第1夜】") < record.index("【第2天】") < record.index("【第2夜】")
    assert "QQ" not in record and "10001" not in record  # meant to be posted: no QQ numbers


async def test_finished_games_are_listed_for_their_directors(finished: TranscriptRunner) -> None:
    await finished.say("副导演", "/对局")
    listing = window(finished, f"qq:{CO_DIRECTOR}")[0]
    assert "1：1号局（竞技12），已结束：村民阵营胜利" in listing and "/复盘" in listing

    await finished.say("1", "/对局")
    assert "已结束" not in window(finished, f"qq:{seat_qq(1)}")[0]  # players are not shown the record


async def test_only_the_games_directors_and_superusers_may_read_it(finished: TranscriptRunner) -> None:
    await finished.say("副导演", "/复盘 1")
    assert "复盘" in window(finished, f"qq:{CO_DIRECTOR}")[0]
    for who, qq in (("1", seat_qq(1)), (f"qq:{OTHER_DIRECTOR}", OTHER_DIRECTOR)):
        await finished.say(who, "/复盘 1")
        assert window(finished, f"qq:{qq}") == ["只有1号局的导演可以查看它的记录。"]


async def test_the_record_survives_a_restart(finished: TranscriptRunner) -> None:
    await finished.directive("重启")
    await finished.say("副导演", "/复盘 1")
    assert "结果：村民阵营胜利" in window(finished, f"qq:{CO_DIRECTOR}")[0]


async def test_a_game_finished_before_directors_were_stored_is_readable_by_them(
    finished: TranscriptRunner,
) -> None:
    await finished.shutdown()
    # as version 0.1.0 left it
    query(finished.url, "UPDATE games SET directors = NULL, outcome = NULL, ended_at = NULL")
    await finished.boot()

    await finished.say("副导演", "/复盘 1")
    assert "结果：村民阵营胜利" in window(finished, f"qq:{CO_DIRECTOR}")[0]
    await finished.say("1", "/复盘 1")
    assert "只有" in window(finished, f"qq:{seat_qq(1)}")[0]


def test_a_running_game_has_a_record_up_to_now() -> None:
    game = Game(1, "竞技12", 5, "Asia/Shanghai")
    texts = ["/开局 竞技12", *(f"/座位 {s}号 {seat_qq(s)}{' 小明' if s == 1 else ''}" for s in range(1, 13))]
    texts += [f"/身份 {s}号 {role}" for s, role in JINGJI12.items()] + ["/开始", "/入夜"]
    for n, text in enumerate(texts):
        game.handle(Event("say", 1_767_268_800.0 + n, DIRECTOR, text))

    record = game_record(game)

    assert "结果：进行中（第1夜）" in record and "【第1夜】" in record and "出局：尚未结算" in record
    assert "1号（小明）：预言家（村民阵营），存活" in record
    assert "【第2天】" not in record


def test_a_night_cut_short_by_the_end_of_the_game_is_not_called_quiet() -> None:
    game = Game(1, "竞技12", 5, "Asia/Shanghai")
    texts = ["/开局 竞技12", *(f"/座位 {s}号 {seat_qq(s)}" for s in range(1, 13))]
    texts += [f"/身份 {s}号 {role}" for s, role in JINGJI12.items()] + ["/开始", "/入夜", "/结束 确认"]
    for n, text in enumerate(texts):
        game.handle(Event("say", 1_767_268_800.0 + n, DIRECTOR, text))

    record = game_record(game)

    assert game.ended and "出局：未结算（对局在夜里结束）" in record and "平安夜" not in record


async def test_choosing_a_finished_game_points_to_its_record(finished: TranscriptRunner) -> None:
    await finished.say("导演", "/对局 1")
    assert window(finished, f"qq:{DIRECTOR}")[0].startswith("1号局已经结束，发送 /复盘 1 查看完整记录。")
