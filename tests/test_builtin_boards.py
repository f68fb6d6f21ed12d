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
    COMMON,
    STANDARD,
    board_from_text,
    builtin_text,
    legacy,
)
from bansha_engine.game import BOARD_NAMES
from bansha_engine.library import POSTS, BoardError
from bansha_engine.mechanisms.xumi import camps
from bansha_engine.model import VILLAGE
from tests.engine_helpers import Table, qq
from tests.recorded_games import digest
from tests.xumi_helpers import next_day, to_night_slot, xumi

ROOT = Path(__file__).resolve().parents[1]
JINGJI12_SEATS = {1: "狼人", 2: "狼人", 3: "狼人", 4: "狼人", 5: "预言家", 6: "女巫", 7: "猎人"}


def test_every_builtin_board_is_a_shipped_file_that_checks() -> None:
    assert BOARD_NAMES == BUILTIN_NAMES
    assert ("竞技12", "百变小樱", "须弥", *STANDARD, *COMMON) == BUILTIN_NAMES
    assert len(COMMON) == 23  # common-boards.md 4.1: 29 boards, less 4.0 第7条's five and 诡术之境
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
    assert set(board.hooks.forced_prompts) == {"head", "badge"}


def test_baibian_is_composed_not_a_post() -> None:
    checked = check(builtin_text("百变小樱")).board
    assert checked is not None and checked.rules is None
    board = BOARDS["百变小樱"]
    assert [step.id for step in board.night_steps] == [
        "adore", "doctor", "wolves", "charge", "lovers_kill", "halfblood_kill", "sacrifice", "witch", "seer",
    ]  # fmt: skip
    # the witch needs every kill, and the 夜晚 order is the order the kills are settled in
    assert board.night_steps[7].after == ("wolves", "charge", "lovers_kill", "halfblood_kill", "sacrifice")
    assert board.hooks.kill_order == ("杀人", "冲锋", "黑情侣杀人", "混血儿杀人")
    assert board.options.wolf_group and board.options.lover_group
    assert board.role_options["狼王"]["技能"] == "冲锋"
    assert set(board.hooks.forced_prompts) == {"badge"}


def test_the_xumi_file_names_its_mechanisms() -> None:
    board_file = check(builtin_text("须弥")).board
    assert board_file is not None and board_file.rules is None
    assert board_file.mechanisms == legacy.XUMI_MECHANISMS and board_file.win == legacy.XUMI_WIN
    board = BOARDS["须弥"]
    assert {entry.role: entry.count for entry in board_file.roster} == board.roster
    assert [entry.name for entry in board_file.night] == [step.id for step in board.night_steps]
    assert [entry.deadline for entry in board_file.night] == [s.deadline for s in board.night_steps]
    assert not board.options.first_night_kill and board.options.sheriff_votes == 1.5
    assert board.judge is camps.judge


def test_a_copy_of_xumi_under_another_name_runs_its_mechanisms() -> None:
    text = builtin_text("须弥").replace("板子: 须弥", "板子: 须弥复刻")
    board = board_from_text(text)
    assert board.name == "须弥复刻" and board.size == 14
    assert board.judge is camps.judge


def test_a_copy_of_the_0_3_xumi_file_still_plays_xumi() -> None:
    """0.3.0's file said 规则: 须弥 (and 胜负: 屠边 for the post's camps rule): it is today's 须弥."""
    board = board_from_text(XUMI_0_3_COPY)
    today = BOARDS["须弥"]
    assert board.name == "须弥旧" and board.judge is today.judge
    assert board.options == today.options and board.roster == today.roster
    assert [s.deadline for s in board.night_steps] == [s.deadline for s in today.night_steps]
    assert sorted(board.hooks.director_commands) == sorted(today.hooks.director_commands)
    assert POSTS["须弥"] is legacy.XUMI_0_3


def test_a_game_on_the_0_3_xumi_file_plays_as_on_today_s() -> None:
    """The same events on the built-in 须弥 and on a 0.3.0 copy: the same state and messages."""
    played = []
    for board, text in (("须弥", None), ("须弥旧", XUMI_0_3_COPY)):
        t = xumi(board=board, board_text=text)
        t.director("/入夜")
        to_night_slot(t, "午夜")
        t.say(2, "/摄梦 3号")
        next_day(t)
        for ballot in ("/投票 1号 12号", "/投票 2号 12号", "/投票 3号 13号"):
            t.director(ballot)
        t.director("/入夜")
        to_night_slot(t, "深夜2")
        for wolf in (11, 13, 14):
            t.wolf(wolf, "/刀 6号")
        t.director("/天亮")
        played.append((digest(t.game), [m.text.replace("须弥旧", "须弥") for m in t.sent]))
    assert not played[0][0]["seats"][11][4] and not played[0][0]["seats"][5][4]  # 12号 and 6号 left
    assert played[0] == played[1]


def test_a_0_3_xumi_copy_reads_its_values_and_refuses_on_its_line() -> None:
    board = board_from_text(XUMI_0_3_COPY.replace("警长: 1.5", "警长: 2"))
    assert board.options.sheriff_votes == 2
    checked = check(XUMI_0_3_COPY.replace("胜负: 屠边", "胜负: 屠城"))
    line = XUMI_0_3_COPY.splitlines().index("胜负: 屠边") + 1
    assert checked.board is None
    assert [p.text() for p in checked.problems] == [
        f"第{line}行：规则「须弥」按原帖的阵营判负规则判胜负，「胜负」只能写：屠边（今天的写法见 /板子 须弥：「胜负: 阵营判负」）"
    ]


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


# The built-in 须弥 file of 0.3.0, saved by a director under another name
XUMI_0_3_COPY = """\
# 须弥（14人）：身份池抽取、每座位的技能、状态与伤害、十个夜晚时段、黄昏投票与正午窗口
# 由原帖自己的规则模块运行（规则: 须弥）。身份列出的是整个身份池（每个1个），
# 开局时用 /发牌 按原帖的规则从池中抽出14个。
板子: 须弥旧
规则: 须弥
身份:
  哥布林: 1
  天狗: 1
  狼巫: 1
  狼学者: 1
  噩梦之影: 1
  寂夜导师: 1
  穷奇: 1
  种狼: 1
  混沌: 1
  蚀日侍女: 1
  利露帕尔: 1
  高僧: 1
  牧师: 1
  摄梦人: 1
  清晰者: 1
  定序王子: 1
  灵鹿: 1
  猎魔人: 1
  流光伯爵: 1
  白昼学者: 1
  炼金魔女: 1
  特工: 1
  玄武: 1
  病人: 1
  乳猪: 1
  长老: 1
  刺猬: 1
  白猫: 1
  官员: 1
  面包师: 1
  曼陀罗: 1
  太极宗师: 1
  炼金术士: 1
  吹笛者: 1
狼人: 狼群投票
首夜刀人: 不可以
夜晚:
  - 黄昏1: 10分钟
  - 黄昏2: 20分钟
  - 早夜1: 30分钟
  - 早夜2: 40分钟
  - 午夜: 40分钟
  - 深夜1: 50分钟
  - 深夜2: 60分钟
  - 凌晨1: 70分钟
  - 凌晨2: 70分钟
  - 凌晨3: 70分钟
警长: 1.5
平票: 无人出局
遗言: 首夜和放逐              # 第一夜和白天出局的角色有遗言（红牌罚下除外）
胜负: 屠边
替补: 1
移交时限: 10分钟
"""
