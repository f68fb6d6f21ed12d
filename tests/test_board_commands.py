"""The shell's side of board files: /新板子 stores versions, who may save and remove them, /开局 of a
saved board keeps the text it opened with through later saves, removals and restarts, and a stored
game whose board no longer loads is set aside without stopping the bot."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bansha_engine import Game
from bansha_engine.boards import builtin_text
from nonebot_plugin_bansha_director import boardfiles
from nonebot_plugin_bansha_director.inbound import MAX_INPUT_CHARS
from nonebot_plugin_bansha_director.outbox import split_text
from tests.recorded_games import digest
from tests.shell_helpers import query, window
from tests.transcript_runner import DIRECTOR, TranscriptRunner, seat_qq

DIRECTOR_A = 20002  # WEREWOLF_DIRECTORS, not superusers
DIRECTOR_B = 20003
STRANGER = 55555
SEVEN = """板子: 七人试玩
身份:
  狼人: 2
  预言家: 1
  女巫: {数量: 1, 自救: 首夜}
  村民: 3
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 狼人: 30分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 无
平票: 无人出局
遗言: 首夜和放逐
胜负: 屠边"""
SEVEN_SEATS = {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


def to(qq: int) -> str:
    return f"qq:{qq}"


async def save(bot: TranscriptRunner, qq: int, text: str = SEVEN) -> str:
    await bot.say(f"qq:{qq}", f"/新板子\n{text}")
    return "\n".join(window(bot, to(qq)))


def versions(bot: TranscriptRunner) -> list[tuple[str, int, int, int, bool]]:
    rows = query(bot, "SELECT name, version, owner, saved_by, removed_at FROM boards ORDER BY name, version")
    return [
        (name, version, owner, saved_by, removed is not None)
        for name, version, owner, saved_by, removed in rows
    ]


async def open_seven(bot: TranscriptRunner, qq: int = DIRECTOR) -> int:
    await bot.say(f"qq:{qq}", "/开局 七人试玩")
    [(game_id,)] = query(bot, "SELECT max(id) FROM games")
    for seat, role in SEVEN_SEATS.items():
        await bot.say(f"qq:{qq}", f"/座位 {seat}号 {seat_qq(seat)}")
        await bot.say(f"qq:{qq}", f"/身份 {seat}号 {role}")
    return int(game_id)


# ---------------------------------------------------------------- saving and versions


async def test_a_saved_board_gets_versions_and_only_its_director_or_a_superuser_saves_more(
    bot: TranscriptRunner,
) -> None:
    assert "已保存" in await save(bot, DIRECTOR_A) and "第1版" in window(bot, to(DIRECTOR_A))[0]
    refused = await save(bot, DIRECTOR_B, SEVEN.replace("村民: 3", "村民: 4"))
    assert "已保存" not in refused and "QQ20002" in refused
    assert "第2版" in await save(bot, DIRECTOR_A, SEVEN.replace("首夜刀人: 可以", "首夜刀人: 不可以"))
    assert "第3版" in await save(bot, DIRECTOR)  # a superuser may
    assert versions(bot) == [
        ("七人试玩", 1, DIRECTOR_A, DIRECTOR_A, False),
        ("七人试玩", 2, DIRECTOR_A, DIRECTOR_A, False),
        ("七人试玩", 3, DIRECTOR_A, DIRECTOR, False),
    ]
    await bot.say("导演", "/板子")
    assert "七人试玩（7人，第3版，QQ20002保存）" in window(bot, to(DIRECTOR))[0]


async def test_a_built_in_name_cannot_be_taken_or_removed(bot: TranscriptRunner) -> None:
    copy = builtin_text("竞技12")
    reply = await save(bot, DIRECTOR, copy)
    assert "已保存" not in reply and "内置" in reply
    await bot.say("导演", "/删板子 竞技12")
    assert "内置" in window(bot, to(DIRECTOR))[0]
    assert versions(bot) == []


async def test_a_file_with_problems_saves_nothing_and_says_where(bot: TranscriptRunner) -> None:
    reply = await save(bot, DIRECTOR_A, SEVEN.replace("预言家: 1", "预知家: 1"))
    assert "板子有误" in reply and "第4行" in reply and "预言家" in reply  # the closest known name
    assert versions(bot) == []
    await bot.say(to(DIRECTOR_A), "/检查板子\n" + SEVEN)
    assert "没有问题" in window(bot, to(DIRECTOR_A))[0]
    assert versions(bot) == []


async def test_the_line_after_the_command_is_line_one(bot: TranscriptRunner) -> None:
    await bot.say("导演", "/检查板子\n\n" + SEVEN.replace("预言家: 1", "预知家: 1"))
    assert "第5行" in window(bot, to(DIRECTOR))[0]  # the blank line after the command is line 1


async def test_only_directors_use_board_commands(bot: TranscriptRunner) -> None:
    for text in (
        "/板子",
        "/板子 竞技12",
        f"/新板子\n{SEVEN}",
        f"/检查板子\n{SEVEN}",
        "/删板子 七人试玩",
        "/身份库",
    ):
        await bot.say(to(STRANGER), text)
        assert "只有超级用户或 WEREWOLF_DIRECTORS 里的导演" in window(bot, to(STRANGER))[0]
    assert versions(bot) == []


async def test_removing_is_for_the_boards_director_or_a_superuser(bot: TranscriptRunner) -> None:
    await save(bot, DIRECTOR_A)
    await bot.say(to(DIRECTOR_B), "/删板子 七人试玩")
    assert "只有他本人或超级用户" in window(bot, to(DIRECTOR_B))[0]
    await bot.say(to(DIRECTOR_A), "/删板子 七人试玩")
    assert "已删除" in window(bot, to(DIRECTOR_A))[0]
    await bot.say(to(DIRECTOR_B), "/开局 七人试玩")
    assert "没有叫「七人试玩」的板子" in window(bot, to(DIRECTOR_B))[0]
    assert "第2版" in await save(bot, DIRECTOR_B)  # the name is free again; version 1 stays, removed
    assert versions(bot) == [
        ("七人试玩", 1, DIRECTOR_A, DIRECTOR_A, True),
        ("七人试玩", 2, DIRECTOR_B, DIRECTOR_B, False),
    ]


async def test_a_long_file_is_accepted_and_shown_in_pieces_that_paste_back_together(
    bot: TranscriptRunner,
) -> None:
    padding = "\n".join(f"# 说明第{n}行：这一行只是注释，用来把文件写长。" for n in range(200))
    long_file = f"{SEVEN}\n{padding}"
    assert len(long_file) > MAX_INPUT_CHARS
    assert "已保存" in await save(bot, DIRECTOR_A, long_file)
    await bot.say(to(DIRECTOR_A), "/板子 七人试玩")
    header, *pieces = window(bot, to(DIRECTOR_A))
    assert "第1版" in header and len(pieces) > 1
    assert all(len(piece) <= bot.bot.max_send_chars for piece in pieces)
    pasted = "\n".join(pieces)
    assert [line for line in pasted.splitlines() if not line.startswith("# （")] == long_file.splitlines()


async def test_a_file_over_the_limit_is_refused_with_a_reason(bot: TranscriptRunner) -> None:
    reply = await save(bot, DIRECTOR_A, SEVEN + "\n#" + "长" * 20_001)
    assert "板子有误" in reply and "20000" in reply.replace(",", "")
    assert versions(bot) == []


def test_the_pieces_of_a_long_text_keep_their_lines() -> None:
    text = "\n".join(f"行{n}" * 10 for n in range(100))
    pieces = split_text(text, 200, mark="\n# （{i}/{n}）")
    assert all(len(piece) <= 200 for piece in pieces)
    assert "\n".join(p.rsplit("\n", 1)[0] for p in pieces) == text


# ---------------------------------------------------------------- games keep the version they opened with


async def test_a_game_keeps_its_board_text_through_new_versions_removal_and_restarts(
    bot: TranscriptRunner,
) -> None:
    await save(bot, DIRECTOR_A)
    game_id = await open_seven(bot, DIRECTOR_A)
    assert query(bot, "SELECT board, board_text, board_version FROM games WHERE id = ?", game_id) == [
        ("七人试玩", SEVEN, 1)
    ]
    await bot.say(to(DIRECTOR_A), "/开始")
    before = digest(bot.bot.games[game_id].game)
    await save(bot, DIRECTOR_A, SEVEN.replace("村民: 3", "村民: 5"))  # a 9-seat version 2
    await bot.say(to(DIRECTOR_A), "/删板子 七人试玩")
    await bot.directive("重启")
    assert digest(bot.bot.games[game_id].game) == before
    assert len(bot.bot.games[game_id].game.seats) == 7


async def test_a_new_game_opens_with_the_newest_version(bot: TranscriptRunner) -> None:
    await save(bot, DIRECTOR_A)
    await save(bot, DIRECTOR_A, SEVEN.replace("村民: 3", "村民: 5"))
    await bot.say(to(DIRECTOR_B), "/开局 七人试玩")  # any director may open it
    [(version, text)] = query(bot, "SELECT board_version, board_text FROM games")
    assert version == 2 and "村民: 5" in text
    [game] = bot.bot.games.values()
    assert len(game.game.seats) == 9


async def test_games_of_built_in_boards_store_no_board_text(bot: TranscriptRunner) -> None:
    await bot.say("导演", "/开局 竞技12")
    assert query(bot, "SELECT board, board_text, board_version FROM games") == [("竞技12", None, None)]


async def test_a_game_whose_board_no_longer_loads_is_set_aside_and_the_others_run(
    bot: TranscriptRunner,
) -> None:
    await save(bot, DIRECTOR_A)
    broken_id = await open_seven(bot, DIRECTOR_A)
    await bot.say("导演", "/开局 竞技12")
    # As if the engine no longer knew a role the stored file names:
    query(bot, "UPDATE games SET board_text = ? WHERE id = ?", SEVEN.replace("预言家", "旧身份"), broken_id)

    await bot.directive("重启")

    assert broken_id in bot.bot.broken and len(bot.bot.games) == 1
    notice = "\n".join(window(bot, to(DIRECTOR_A)))
    assert "七人试玩" in notice and "第1版" in notice and "无法" in notice
    await bot.say("导演", "/座位 1号 10001")
    assert "1号" in window(bot, to(DIRECTOR))[0]


async def test_a_finished_game_of_a_saved_board_is_read_back_from_its_own_text(bot: TranscriptRunner) -> None:
    await save(bot, DIRECTOR_A)
    game_id = await open_seven(bot, DIRECTOR_A)
    await bot.say(to(DIRECTOR_A), "/结束 确认")
    await bot.say(to(DIRECTOR_A), "/删板子 七人试玩")
    await bot.directive("重启")
    await bot.say(to(DIRECTOR_A), f"/复盘 {game_id}")
    record = "\n".join(window(bot, to(DIRECTOR_A)))
    assert f"{game_id}号局（七人试玩）" in record and "无法" not in record


async def test_files_are_checked_off_the_event_loop(
    bot: TranscriptRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real_check = boardfiles.check

    def watched(text: str, *, new: bool = False) -> boardfiles.Checked:
        threads.append(threading.current_thread().name)
        return real_check(text, new=new)

    monkeypatch.setattr(boardfiles, "check", watched)
    await bot.say("导演", f"/检查板子\n{SEVEN}")
    await save(bot, DIRECTOR_A)
    assert len(threads) == 2 and threading.main_thread().name not in threads


async def test_a_saved_board_that_no_longer_checks_says_why_it_cannot_open(bot: TranscriptRunner) -> None:
    await save(bot, DIRECTOR_A)
    # As if a later version of the bot no longer knew a role the saved file names:
    query(bot, "UPDATE boards SET text = ?", SEVEN.replace("预言家", "旧身份"))
    await bot.say(to(DIRECTOR_A), "/开局 七人试玩")
    reply = window(bot, to(DIRECTOR_A))[0]
    assert "现在无法开局" in reply and "第4行" in reply and "旧身份" in reply
    assert query(bot, "SELECT count(*) FROM games") == [(0,)]
