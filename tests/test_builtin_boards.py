"""The built-in boards are board files shipped with the package, read like a director's file.

竞技12 and 百变小樱 are composed from the role library; 须弥 names its post's module, which reads
the file's values (tests/test_xumi_file.py).  A game may also be opened on a board text (a director's saved board).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bansha_engine import Game
from bansha_engine.boardfile import check
from bansha_engine.boards import (
    BOARDS,
    BUILTIN_NAMES,
    STANDARD,
    board_from_text,
    builtin_text,
    xumi,
)
from bansha_engine.game import BOARD_NAMES
from bansha_engine.library import POSTS, BoardError
from bansha_engine.model import VILLAGE
from tests.engine_helpers import Table, qq

ROOT = Path(__file__).resolve().parents[1]
JINGJI12_SEATS = {1: "狼人", 2: "狼人", 3: "狼人", 4: "狼人", 5: "预言家", 6: "女巫", 7: "猎人"}


def test_every_builtin_board_is_a_shipped_file_that_checks() -> None:
    assert BOARD_NAMES == BUILTIN_NAMES
    assert ("竞技12", "百变小樱", "须弥", *STANDARD) == BUILTIN_NAMES
    for name in BUILTIN_NAMES:
        checked = check(builtin_text(name))
        assert checked.problems == [], name
        assert checked.board is not None and checked.board.name == name


def test_the_files_are_package_data() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "files/*.yaml" in setuptools["package-data"]["bansha_engine.boards"]
    for name in BUILTIN_NAMES:
        assert (ROOT / "engine" / "boards" / "files" / f"{name}.yaml").is_file()


def test_builtin_text_refuses_another_name() -> None:
    with pytest.raises(KeyError):
        builtin_text("我的板子")


def test_jingji12_is_composed_not_a_post() -> None:
    checked = check(builtin_text("竞技12")).board
    assert checked is not None and checked.rules is None
    board = BOARDS["竞技12"]
    assert [step.id for step in board.night_steps] == ["election", "wolves", "witch", "seer"]
    assert [step.deadline.minutes_after_close for step in board.night_steps] == [20, 30, 60, 30]
    assert board.night_steps[2].after == ("wolves",)  # the witch needs the kill
    assert board.options.exile_tie == "sheriff_choice" and board.options.last_words == 3
    assert board.role_options["女巫"]["自救"] == "不能"
    assert set(board.extra["forced_prompts"]) == {"head", "badge"}


def test_baibian_is_composed_not_a_post() -> None:
    checked = check(builtin_text("百变小樱")).board
    assert checked is not None and checked.rules is None
    board = BOARDS["百变小樱"]
    assert [step.id for step in board.night_steps] == [
        "adore", "doctor", "wolves", "charge", "lovers_kill", "halfblood_kill", "sacrifice", "witch", "seer",
    ]  # fmt: skip
    # the witch needs every kill, and the 夜晚 order is the order the kills are settled in
    assert board.night_steps[7].after == ("wolves", "charge", "lovers_kill", "halfblood_kill", "sacrifice")
    assert board.extra["kill_order"] == ("杀人", "冲锋", "黑情侣杀人", "混血儿杀人")
    assert board.options.wolf_group and board.options.lover_group
    assert board.role_options["狼王"]["技能"] == "冲锋"
    assert set(board.extra["forced_prompts"]) == {"badge"}


def test_the_xumi_file_names_its_post_and_gives_the_module_board() -> None:
    board_file = check(builtin_text(xumi.NAME)).board
    assert board_file is not None and board_file.rules == xumi.POST.name
    assert POSTS[xumi.POST.name] is xumi.POST
    board = BOARDS[xumi.NAME]
    assert {entry.role: entry.count for entry in board_file.roster} == board.roster
    assert [entry.name for entry in board_file.night] == [step.id for step in board.night_steps]
    assert [entry.deadline for entry in board_file.night] == [s.deadline for s in board.night_steps]
    assert board.options == xumi.BOARD.options
    assert not board.options.first_night_kill and board.options.sheriff_votes == 1.5


def test_a_copy_of_a_post_under_another_name_runs_the_post() -> None:
    text = builtin_text("须弥").replace("板子: 须弥", "板子: 须弥复刻")
    board = board_from_text(text)
    assert board.name == "须弥复刻" and board.size == 14
    assert board.judge is xumi.BOARD.judge


def test_a_board_text_is_composed_once() -> None:
    text = builtin_text("竞技12").replace("板子: 竞技12", "板子: 我的竞技")
    first = Game(1, "我的竞技", 0, "Asia/Shanghai", board_text=text)
    second = Game(2, "我的竞技", 0, "Asia/Shanghai", board_text=text)
    assert first.board is second.board
    assert first.board.name == "我的竞技" and first.board_text == text


def test_a_text_that_no_longer_checks_is_a_clear_error() -> None:
    text = builtin_text("竞技12").replace("  预言家: 1", "  预知家: 1")
    with pytest.raises(BoardError, match="预知家"):
        Game(1, "竞技12改", 0, "Asia/Shanghai", board_text=text)


def test_an_unknown_builtin_name_without_a_text_is_refused() -> None:
    with pytest.raises(KeyError):
        Game(1, "我的竞技", 0, "Asia/Shanghai")


def play_jingji12(name: str, text: str | None = None) -> Table:
    """A 竞技12 game (or one of a copy's text): the head kills 8号 the first night, then the
    wolves are voted out one a day."""
    t = Table(name, seed=7, board_text=text)
    t.director(f"/开局 {name}")
    roles = {**JINGJI12_SEATS, **{n: "村民" for n in range(8, 13)}}
    for seat, role in roles.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director("/开始")
    t.director("/警长 5号")
    t.night()
    for wolf in (1, 2, 3, 4):
        t.say(wolf, "/选狼头 1号")
    t.say(1, "/刀 8号")
    t.dawn()
    for wolf in (4, 3, 2, 1):  # the head last: no 传位 to wait for
        t.exile(wolf)
        if t.game.ended:
            break
        t.pass_night()
    return t


COPY = builtin_text("竞技12").replace("板子: 竞技12", "板子: 竞技12复刻")


def test_a_copy_of_jingji12_under_another_name_plays_like_jingji12() -> None:
    copy = play_jingji12("竞技12复刻", COPY)
    original = play_jingji12("竞技12")
    assert copy.game.winner == original.game.winner == VILLAGE
    assert (8, "杀人") in copy.exits()
    assert copy.exits() == original.exits()
    assert [m.text.replace("竞技12复刻", "竞技12") for m in copy.sent] == [m.text for m in original.sent]


def test_replay_with_a_board_text() -> None:
    t = play_jingji12("竞技12复刻", COPY)
    rebuilt = Game.replay(1, "竞技12复刻", 7, "Asia/Shanghai", t.events, board_text=COPY)
    assert rebuilt.ended and rebuilt.winner == t.game.winner
    assert rebuilt.exits == t.game.exits


# A copy of 百变小樱's file as 0.3.0 sent it (`规则: 百变小樱`), saved under another name.
BAIBIAN_0_3_COPY = """\
板子: 百变旧
规则: 百变小樱
身份:
  狼王: 1
  幼狼: 1
  狼人: 3
  预言家: 1
  女巫: {数量: 1, 自救: 可以}   # 可以救自己（裁定19）
  医生: 1
  长老: 1
  猎人: 1
  情痴: 1
  仆人: 1
  丘比特: 1
  混血儿: 1
  村民: 7
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 情痴: 90分钟
  - 医生: 90分钟
  - 狼人: 90分钟
  - 狼王: 90分钟
  - 黑情侣: 90分钟
  - 混血儿: 90分钟
  - 幼狼: 90分钟
  - 女巫: 次日8:00            # 在所有杀人步骤之后
  - 预言家: 90分钟
警长: 2
平票: 无人出局
遗言: 5
胜负: 屠边
替补: 不限
移交时限: 30分钟
"""


def test_a_copy_of_the_0_3_baibian_file_still_plays_baibian() -> None:
    board = board_from_text(BAIBIAN_0_3_COPY)
    assert board.name == "百变旧" and board.judge is BOARDS["百变小樱"].judge
    assert board.night_steps is BOARDS["百变小樱"].night_steps
    with pytest.raises(BoardError, match="与原帖不同"):
        board_from_text(BAIBIAN_0_3_COPY.replace("警长: 2", "警长: 1.5"))
