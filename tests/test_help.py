"""/帮助: a player sees the skills of their own board and role, a director this board's director
commands; someone in no game gets the general help."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Game
from tests.engine_helpers import table
from tests.test_jingji12 import Table, snapshot, started
from tests.transcript_runner import DIRECTOR, TranscriptRunner, seat_qq

STRANGER = 55555


# ---------------------------------------------------------------- the engine


def test_a_director_gets_the_director_commands_of_this_board() -> None:
    jingji = started().game.help_for(DIRECTOR) or ""
    assert "【导演命令】" in jingji and "/入夜 [HH:MM]" in jingji and "/结束 确认" in jingji
    assert "/狼群" not in jingji and "/情侣群" not in jingji  # 竞技12's wolves share no group
    assert "选举狼头（关门后20分钟截止，仅第1夜）" in jingji and "争权" in jingji
    baibian = table().game.help_for(DIRECTOR) or ""
    assert "/狼群 群号" in baibian and "/情侣群 群号" in baibian
    assert "女巫用药（次日08:00截止）" in baibian and "选举狼头" not in baibian
    assert "【玩家命令】" not in jingji + baibian


def test_a_player_gets_their_own_role_and_skills_not_the_directors() -> None:
    t = started()
    seer = t.game.help_for(seat_qq(1)) or ""
    assert "身份：预言家" in seer and "/预言 N号" in seer and "/放弃" in seer
    assert "/入夜" not in seer and "/选狼头" not in seer and "/救 N号" not in seer
    wolf = t.game.help_for(seat_qq(9)) or ""
    assert "/选狼头 N号" in wolf and "/传话 内容" in wolf and "/同意 或 /反对" in wolf
    assert "/预言 N号" not in wolf
    baibian = table()
    king = baibian.game.help_for(seat_qq(17)) or ""
    assert "/冲锋 N号" in king and "在狼群 /刀 N号" in king and "/投降" in king
    doctor = baibian.game.help_for(seat_qq(3)) or ""
    assert "/救治 N号" in doctor and "/投降" not in doctor and "/冲锋" not in doctor


def test_before_the_start_a_player_is_not_shown_a_role() -> None:
    j = Table().setup()  # roles assigned by the director, not yet dealt out
    text = j.game.help_for(seat_qq(9)) or ""
    assert "还没开始" in text and "狼人" not in text


def test_help_is_only_for_who_is_in_the_game_and_changes_nothing() -> None:
    t = started()
    before = snapshot(t.game)
    assert t.game.help_for(STRANGER) is None
    for qq in (DIRECTOR, seat_qq(1), seat_qq(9)):
        assert t.game.help_for(qq)
    assert snapshot(t.game) == before


# ---------------------------------------------------------------- the shell routes /帮助


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


def said_to(runner: TranscriptRunner, qq: int) -> list[str]:
    return [d.text for d in runner.wire.delivered[runner.window_start :] if d.to == f"qq:{qq}"]


async def test_help_in_a_game_is_that_games_help(bot: TranscriptRunner) -> None:
    await bot.say("导演", "/开局 竞技12")
    for seat in range(1, 13):
        await bot.say("导演", f"/座位 {seat}号 {seat_qq(seat)}")
    for seat, role in ((1, "预言家"), (2, "女巫"), (3, "猎人"), (9, "狼人"), (10, "狼人"), (11, "狼人")):
        await bot.say("导演", f"/身份 {seat}号 {role}")
    await bot.say("导演", "/发牌")
    await bot.say("导演", "/开始")
    await bot.say("导演", "/帮助")
    [director] = said_to(bot, DIRECTOR)
    assert "【导演命令】1号局（竞技12）" in director and "/未送达" in director and "/对局" in director
    await bot.say("1", "帮助")
    [seer] = said_to(bot, seat_qq(1))
    assert "身份：预言家" in seer and "/预言 N号" in seer and "/未送达" not in seer
    await bot.say(f"qq:{STRANGER}", "/帮助")
    [general] = said_to(bot, STRANGER)
    assert "/开局 <板子>" in general and "【导演】" in general
