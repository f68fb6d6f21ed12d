"""The loader over the real role library (engine/roles): 狼人 预言家 女巫 猎人 村民."""

from __future__ import annotations

from dataclasses import replace

from bansha_engine import roles  # noqa: F401  (registers the library's roles)
from bansha_engine.boardfile import BoardFile, NightEntry, RosterEntry, check, problems_text
from bansha_engine.boards import BUILTIN_NAMES, builtin_text
from bansha_engine.boards.composed import compose
from bansha_engine.model import Deadline

JINGJI12_FILE = """\
板子: 竞技12
身份:
  狼人: 4
  预言家: 1
  女巫: {数量: 1, 自救: 不能}
  猎人: 1
  村民: 5
狼人: 狼头
首夜刀人: 可以
夜晚:
  - 争权: 20分钟
  - 狼人: 30分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 1.5
平票: 警长投票的角色出局
遗言: 3
胜负: 屠边
狼人过半: 胜利
替补: 1
移交时限: 10分钟
马甲杀: 可以
"""
SEER_WITCH_HUNTER = """\
板子: 预女猎9人
身份:
  狼人: 3
  预言家: 1
  女巫: 1
  猎人: 1
  村民: 3
首夜刀人: 不可以
夜晚:
  - 狼人: 30分钟
  - 女巫: 次日八点
  - 预言家: 30分钟
平票: 无人出局
遗言: 无
胜负: 屠城
"""


def loaded(text: str) -> BoardFile:
    checked = check(text)
    assert checked.board is not None, problems_text(checked.problems)
    return checked.board


JINGJI12 = BoardFile(
    name="竞技12",
    roster=(
        RosterEntry("狼人", 4, {"刀人方式": "狼头", "首夜刀人": "可以"}),
        RosterEntry("预言家", 1, {"重复查验": "可以"}),
        RosterEntry("女巫", 1, {"自救": "不能", "双药": "不可以", "自毒": "可以"}),
        RosterEntry("猎人", 1, {"毒杀开枪": "可以", "殉情开枪": "可以", "被带走开枪": "可以"}),
        RosterEntry("村民", 5),
    ),
    kill_mode="狼头",
    first_night_kill=True,
    night=(
        NightEntry("争权", Deadline(20)),
        NightEntry("狼人", Deadline(30)),
        NightEntry("女巫", Deadline(60)),
        NightEntry("预言家", Deadline(30)),
    ),
    sheriff_votes=1.5,
    exile_tie="sheriff_choice",
    last_words=3,
    win="屠边",
    wolves_win_at_half=True,
    max_substitutes=1,
    handoff_minutes=10,
    vest_guess=True,
)


def test_the_jingji12_file_reads_as_the_jingji12_post_says() -> None:
    """Every key of the file written out, as 竞技12's post has it."""
    assert replace(loaded(JINGJI12_FILE), text="") == JINGJI12


def test_the_shipped_jingji12_file_says_the_same() -> None:
    shipped = loaded(builtin_text("竞技12"))
    assert replace(shipped, roster=(), text="", day=JINGJI12.day) == replace(JINGJI12, roster=())
    assert [(entry.role, entry.count) for entry in shipped.roster] == [
        (entry.role, entry.count) for entry in JINGJI12.roster
    ]
    assert shipped.roster[2].options["自救"] == "不能"


def test_every_built_in_file_checks() -> None:
    for name in BUILTIN_NAMES:
        assert loaded(builtin_text(name)).name == name


def test_a_checked_file_of_real_roles_composes_into_a_board() -> None:
    file = loaded(SEER_WITCH_HUNTER)
    assert file.roster[2].options == {
        "自救": "首夜",
        "双药": "不可以",
        "自毒": "可以",
    }  # the witch's defaults
    assert file.night[1].deadline == Deadline(next_day_clock=(8, 0))
    board = compose(file)
    assert (board.name, board.size) == ("预女猎9人", 9)
    assert board.role_options["狼人"] == {"刀人方式": "狼群投票", "首夜刀人": "不可以"}
    assert "狼人" in board.night_steps[0].roles


def test_the_wolf_head_election_must_have_its_deadline() -> None:
    text = JINGJI12_FILE.replace("  - 争权: 20分钟\n", "")
    assert check(text).problems[0].text() == (
        "第3行：狼人夜里要行动，夜晚里缺少「争权」的时限，请在夜晚里加上「- 争权: 30分钟」这样的一行"
    )


def test_a_night_part_a_role_brings_is_named_as_the_boards_not_the_roles() -> None:
    """Issue 21 (9): 丘比特 does not act at night; the 黑情侣 step he brings does."""
    text = "板子: 丘比特试板\n身份:\n  狼人: 2\n  丘比特: 1\n  预言家: 1\n  村民: 4\n狼人: 通用刀\n"
    text += "夜晚:\n  - 狼人: 30分钟\n  - 预言家: 30分钟\n"
    assert [problem.text() for problem in check(text).problems] == [
        "第4行：有丘比特的板子夜里有「黑情侣」的行动，夜晚里缺少「黑情侣」的时限，请在夜晚里加上「- 黑情侣: 30分钟」这样的一行"
    ]


def test_a_night_entry_for_the_hunter_is_refused() -> None:
    text = SEER_WITCH_HUNTER.replace("  - 预言家: 30分钟\n", "  - 预言家: 30分钟\n  - 猎人: 30分钟\n")
    assert [problem.text() for problem in check(text).problems] == [
        "第13行：「猎人」在这个板子的夜里没有叫这个名字的行动；夜晚可以写：狼人、预言家、女巫"
    ]


def test_typos_of_real_roles_get_the_real_names() -> None:
    text = SEER_WITCH_HUNTER.replace("  预言家: 1\n  女巫: 1\n", "  预知家: 1\n  巫婆: 1\n")
    found = [problem.text() for problem in check(text).problems]
    assert found[:2] == [
        "第4行：身份库里没有「预知家」，最接近的是：预言家、灯影预言家；发送 /身份库 可查看所有身份",
        "第5行：身份库里没有「巫婆」，最接近的是：狼巫、女巫；发送 /身份库 可查看所有身份",
    ]
