"""Board files in the shell (issue 21): names with invisible characters, a file begun on the
command's line, /板子 cut between lines only, two directors saving one name at once (in one
process and in two on one database), and board commands sent in a group."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from nonebot.log import logger

from bansha_engine import Game
from bansha_engine.boardfile import check
from bansha_engine.boards import builtin_text
from nonebot_plugin_bansha_director.storage import BoardVersionTaken, Repository, SavedBoard, Step
from tests.shell_helpers import message, query, window
from tests.test_board_commands import DIRECTOR_A, DIRECTOR_B, SEVEN, save, to, versions
from tests.transcript_runner import DIRECTOR, SELF_ID, WOLF_GROUP, TranscriptRunner

INVISIBLE = ("\u200b", "\u200d", "\u2060", "\ufeff", "\u202e")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[TranscriptRunner]:
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    await runner.boot()
    yield runner
    await runner.shutdown()


def games(bot: TranscriptRunner) -> int:
    [(count,)] = query(bot, "SELECT count(*) FROM games")
    return int(count)


# ---------------------------------------------------------------- names with invisible characters


@pytest.mark.parametrize("char", INVISIBLE)
async def test_a_name_with_an_invisible_character_is_refused_by_every_board_command(
    bot: TranscriptRunner, char: str
) -> None:
    name = f"竞技{char}12"
    reply = await save(bot, DIRECTOR, builtin_text("竞技12").replace("板子: 竞技12", f"板子: {name}"))
    assert "板子有误" in reply and f"U+{ord(char):04X}" in reply and "看不见" in reply
    for command in (f"/开局 {name}", f"/删板子 {name}", f"/板子 {name}"):
        await bot.say("导演", command)
        (answer,) = window(bot, to(DIRECTOR))
        assert f"U+{ord(char):04X}" in answer and "看不见" in answer, command
    assert versions(bot) == [] and games(bot) == 0


async def test_a_name_saved_before_they_were_refused_is_flagged_and_can_be_removed_but_not_opened(
    bot: TranscriptRunner,
) -> None:
    await save(bot, DIRECTOR_A)
    query(bot, "UPDATE boards SET name = ?", "竞技\u200b12")  # as 0.4.0 would have saved it
    await bot.say(to(DIRECTOR_A), "/板子")
    assert (
        "竞技\u200b12（7人，第1版，QQ20002保存；名字里有看不见的字符U+200B，不能开局）"
        in window(bot, to(DIRECTOR_A))[0]
    )
    await bot.say(to(DIRECTOR_A), "/开局 竞技\u200b12")
    assert "U+200B" in window(bot, to(DIRECTOR_A))[0] and games(bot) == 0
    await bot.say(to(DIRECTOR_A), "/板子 竞技\u200b12")
    assert "板子: 七人试玩" in window(bot, to(DIRECTOR_A))[1]
    await bot.say(to(DIRECTOR_A), "/删板子 竞技\u200b12")
    assert "已删除" in window(bot, to(DIRECTOR_A))[0]


# ---------------------------------------------------------------- a file begun on the command's line


@pytest.mark.parametrize(("command", "saving"), [("新板子", True), ("检查板子", False)])
async def test_a_file_begun_on_the_commands_line_is_told_to_start_on_the_next(
    bot: TranscriptRunner, command: str, saving: bool
) -> None:
    await bot.say("导演", f"/{command} {SEVEN}")
    (reply,) = window(bot, to(DIRECTOR))
    assert reply.startswith("板子有误") and "下一行" in reply and ("没有保存" in reply) == saving
    assert versions(bot) == []


# ---------------------------------------------------------------- /板子 cut between lines only


async def test_a_long_saved_file_is_shown_cut_between_lines_and_pastes_back(bot: TranscriptRunner) -> None:
    limit = bot.bot.max_send_chars
    long_comment = "# " + "说明" * limit  # a comment longer than a message
    with_trailing = "  # " + "注" * limit
    text = SEVEN.replace("胜负: 屠边", f"胜负: 屠边{with_trailing}") + f"\n{long_comment}\n" + "# 完\n" * 300
    assert "已保存" in await save(bot, DIRECTOR_A, text)
    await bot.say(to(DIRECTOR_A), "/板子 七人试玩")
    _, *pieces = window(bot, to(DIRECTOR_A))
    assert len(pieces) > 3 and all(len(piece) <= limit for piece in pieces)
    pasted = "\n".join(pieces)
    written = text.splitlines()
    for line in pasted.splitlines():  # a line of the file, its part before a comment, or a comment
        assert line.lstrip().startswith("#") or any(whole.startswith(line) for whole in written), line
    assert pasted.count("\n") > text.count("\n")  # the long comments went on lines of their own
    again = check(pasted, new=True)
    assert again.board is not None and again.board.roster == check(text).board.roster  # type: ignore[union-attr]
    await bot.say(to(DIRECTOR_A), f"/新板子\n{pasted}")
    assert "已保存" in window(bot, to(DIRECTOR_A))[0]


# ---------------------------------------------------------------- two saves of one name at once


def meeting(bot: TranscriptRunner, readers: int) -> Callable[..., Awaitable[Any]]:
    """The repository's saved_board, made to wait until `readers` saves have read it: both read
    the name as free before either stores its version."""
    real = bot.bot.repo.saved_board
    everyone_read = asyncio.Event()
    read = [0]

    async def saved_board(name: str) -> tuple[SavedBoard | None, int]:
        found = await real(name)
        read[0] += 1
        if read[0] >= readers:
            everyone_read.set()
        await asyncio.wait_for(everyone_read.wait(), 5)
        return found

    return saved_board


async def save_at_once(
    runners: list[TranscriptRunner], savers: list[int], monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    shared = meeting(runners[0], len(savers))
    for runner in runners:
        monkeypatch.setattr(runner.bot.repo, "saved_board", shared)
    for runner in runners:
        runner.begin_action()
    await asyncio.gather(
        *(
            runners[index % len(runners)].bot.handle_message(
                SELF_ID, 9000 + index, qq, None, f"/新板子\n{SEVEN}"
            )
            for index, qq in enumerate(savers)
        )
    )
    for runner in runners:
        await runner.run_events()
    return ["\n".join(window(runners[index % len(runners)], to(qq))) for index, qq in enumerate(savers)]


async def test_two_directors_saving_one_new_name_at_once_get_the_right_answers(
    bot: TranscriptRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors: list[str] = []
    sink = logger.add(errors.append, level="ERROR")
    try:
        first, second = await save_at_once([bot], [DIRECTOR_A, DIRECTOR_B], monkeypatch)
    finally:
        logger.remove(sink)
    assert "已保存" in first and "第1版" in first
    assert "QQ20002保存的" in second and "暂时无法记录" not in second
    assert versions(bot) == [("七人试玩", 1, DIRECTOR_A, DIRECTOR_A, False)]
    assert errors == []  # no traceback logged


async def test_a_director_and_a_superuser_saving_one_name_at_once_make_two_versions(
    bot: TranscriptRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = await save_at_once([bot], [DIRECTOR_A, DIRECTOR], monkeypatch)
    assert "第1版" in first and "第2版" in second  # the superuser may save a new version
    assert [(name, version) for name, version, *_ in versions(bot)] == [("七人试玩", 1), ("七人试玩", 2)]


async def test_two_processes_saving_one_new_name_at_once_get_the_right_answers(
    bot: TranscriptRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = TranscriptRunner(bot.url, Game)  # a second bot process on the same database
    await other.boot()
    try:
        first, second = await save_at_once([bot, other], [DIRECTOR_A, DIRECTOR_B], monkeypatch)
    finally:
        await other.shutdown()
    answers = sorted([first, second], key=lambda answer: "已保存" not in answer)
    assert "已保存" in answers[0] and "保存的，只有他本人或超级用户" in answers[1]
    assert len(versions(bot)) == 1


async def test_a_version_taken_meanwhile_stores_nothing_of_its_step(tmp_path: Path) -> None:
    """The storage side, on whichever database the suite runs on (SQLite, or PostgreSQL with
    WEREWOLF_TEST_DATABASE_URL): the second insert of one version fails as BoardVersionTaken and
    leaves neither its seen key nor its reply."""
    runner = TranscriptRunner(tmp_path / "werewolf.db", Game)
    repo = Repository(runner.url)
    await repo.open()
    try:
        board = SavedBoard("七人试玩", 1, SEVEN, 7, DIRECTOR_A, DIRECTOR_A, 1.0)
        await repo.commit(Step(1.0, seen=(SELF_ID, "private:1", "1"), saved_board=board))
        with pytest.raises(BoardVersionTaken):
            await repo.commit(Step(2.0, seen=(SELF_ID, "private:2", "2"), saved_board=board))
    finally:
        await repo.close()
    assert query(runner, "SELECT message_id FROM seen_chat_messages") == [("1",)]
    assert query(runner, "SELECT count(*) FROM boards") == [(1,)]


# ---------------------------------------------------------------- board commands in a group


@pytest.mark.parametrize(
    "command", ["/删板子 七人试玩", "/板子 七人试玩", "/新板子\n" + SEVEN, "/开局 七人试玩"]
)
async def test_a_board_command_in_the_wolf_group_is_sent_to_private_chat(
    bot: TranscriptRunner, command: str
) -> None:
    await save(bot, DIRECTOR)
    await bot.say("导演", "/开局 预女猎白")
    await bot.say("导演", f"/狼群 {WOLF_GROUP}")
    await message(bot, 7000, DIRECTOR, command, group=WOLF_GROUP)
    await bot.run_events()
    (reply,) = window(bot, f"group:{WOLF_GROUP}")
    word = command.split()[0]
    assert reply == f"这个命令请私聊我发送：{word} 只在私聊里收。"
    assert window(bot, to(DIRECTOR)) == []
    assert versions(bot) == [("七人试玩", 1, DIRECTOR, DIRECTOR, False)] and games(bot) == 1
