"""The board-file loader: every key, every kind of problem with its 第N行, and the limits."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bansha_engine.boardfile import BoardFile, check, problems_text
from bansha_engine.boardfile.spec import NightEntry, RosterEntry
from bansha_engine.model import Deadline
from tests.boardfile_roles import library_of_test_roles

EXAMPLE = """\
板子: 预女猎守9人            # the name /开局 uses
身份:                        # the roster
  狼人: 3
  预言家: 1
  女巫: {数量: 1, 自救: 首夜}   # 女巫 options: 自救 不能|首夜|可以
  守卫: 1
  村民: 3
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 守卫: 30分钟
  - 狼人: 30分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 1.5
平票: 无人出局
遗言: 首夜和放逐
胜负: 屠边
"""
SMALL = """\
板子: 小板
身份:
  狼人: 1
  村民: 2
夜晚:
  - 狼人: 30分钟
"""


@pytest.fixture(autouse=True)
def test_roles() -> Iterator[None]:
    with library_of_test_roles():
        yield


def board(text: str) -> BoardFile:
    checked = check(text)
    assert checked.problems == [], problems_text(checked.problems)
    assert checked.board is not None
    return checked.board


def problems(text: str) -> list[str]:
    checked = check(text)
    assert checked.board is None
    assert checked.problems
    return [problem.text() for problem in checked.problems]


def with_line(text: str, line: str) -> str:
    return text + line + "\n"


def test_the_contract_example_loads_into_its_spec() -> None:
    loaded = board(EXAMPLE)
    assert loaded.name == "预女猎守9人"
    assert loaded.size == 9
    assert [(entry.role, entry.count) for entry in loaded.roster] == [
        ("狼人", 3),
        ("预言家", 1),
        ("女巫", 1),
        ("守卫", 1),
        ("村民", 3),
    ]
    assert loaded.roster[2] == RosterEntry("女巫", 1, {"自救": "首夜", "同夜双药": "不可以"})
    assert loaded.night == (
        NightEntry("守卫", Deadline(minutes_after_close=30)),
        NightEntry("狼人", Deadline(minutes_after_close=30)),
        NightEntry("女巫", Deadline(minutes_after_close=60)),
        NightEntry("预言家", Deadline(minutes_after_close=30)),
    )
    assert (loaded.kill_mode, loaded.first_night_kill, loaded.sheriff_votes) == ("狼群投票", True, 1.5)
    assert (loaded.exile_tie, loaded.last_words, loaded.win) == ("nobody", "首夜和放逐", "屠边")
    assert loaded.text == EXAMPLE


def test_a_file_without_the_further_keys_gets_their_defaults() -> None:
    loaded = board(SMALL)
    assert (loaded.kill_mode, loaded.first_night_kill, loaded.sheriff_votes) == ("狼群投票", True, 1.5)
    assert (loaded.exile_tie, loaded.last_words, loaded.win, loaded.rules) == (
        "nobody",
        "首夜和放逐",
        "屠边",
        None,
    )
    assert (loaded.wolves_win_at_half, loaded.max_substitutes, loaded.handoff_minutes, loaded.vest_guess) == (
        False,
        1,
        10,
        False,
    )


def test_every_option_gets_its_default_and_the_wolves_get_the_board_wide_keys() -> None:
    loaded = board(
        SMALL.replace("  村民: 2\n", "  村民: 1\n  女巫: 1\n").replace("夜晚:\n", "夜晚:\n  - 女巫: 1小时\n")
    )
    roles = {entry.role: entry.options for entry in loaded.roster}
    assert roles["女巫"] == {"自救": "不能", "同夜双药": "不可以"}
    assert roles["狼人"] == {"刀人方式": "狼群投票", "首夜刀人": "可以"}
    assert roles["村民"] == {}


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("首夜刀人: 不可以", "first_night_kill", False),
        ("首夜刀人: 可以", "first_night_kill", True),
        ("警长: 无", "sheriff_votes", None),
        ("警长: 2", "sheriff_votes", 2.0),
        ("平票: 警长投票的角色出局", "exile_tie", "sheriff_choice"),
        ("平票: 无人出局", "exile_tie", "nobody"),
        ("遗言: 无", "last_words", "无"),
        ("遗言: 3", "last_words", 3),
        ("胜负: 屠城", "win", "屠城"),
        ("狼人过半: 胜利", "wolves_win_at_half", True),
        ("狼人过半: 不算", "wolves_win_at_half", False),
        ("替补: 不限", "max_substitutes", None),
        ("替补: 0", "max_substitutes", 0),
        ("替补: 3", "max_substitutes", 3),
        ("移交时限: 5分钟", "handoff_minutes", 5.0),
        ("移交时限: 90秒", "handoff_minutes", 1.5),
        ("移交时限: 1小时", "handoff_minutes", 60.0),
        ("马甲杀: 可以", "vest_guess", True),
        ("马甲杀: 不可以", "vest_guess", False),
    ],
)
def test_each_board_wide_key_reaches_its_field(line: str, field: str, value: object) -> None:
    assert getattr(board(with_line(SMALL, line)), field) == value


def test_the_wolf_head_mode_reaches_the_wolves_and_asks_for_its_step() -> None:
    text = with_line(SMALL, "狼人: 狼头\n首夜刀人: 不可以").replace("夜晚:\n", "夜晚:\n  - 争权: 20分钟\n")
    loaded = board(text)
    assert loaded.kill_mode == "狼头"
    assert loaded.roster[0].options == {"刀人方式": "狼头", "首夜刀人": "不可以"}
    assert [entry.name for entry in loaded.night] == ["争权", "狼人"]
    assert problems(with_line(SMALL, "狼人: 狼头")) == [
        "第3行：狼人夜里要行动，夜晚里缺少「争权」的时限，请在夜晚里加上「- 争权: 30分钟」这样的一行"
    ]


@pytest.mark.parametrize(
    ("written", "deadline"),
    [
        ("30分钟", Deadline(minutes_after_close=30)),
        ("30分", Deadline(minutes_after_close=30)),
        ("1小时", Deadline(minutes_after_close=60)),
        ("1.5小时", Deadline(minutes_after_close=90)),
        ("90秒", Deadline(minutes_after_close=1.5)),
        ("次日8:00", Deadline(next_day_clock=(8, 0))),
        ("次日08:00", Deadline(next_day_clock=(8, 0))),
        ("次日八点", Deadline(next_day_clock=(8, 0))),
        ("次日八点半", Deadline(next_day_clock=(8, 30))),
        ("次日十二点", Deadline(next_day_clock=(12, 0))),
        ("次日9点15分", Deadline(next_day_clock=(9, 15))),
        ("次日8：00", Deadline(next_day_clock=(8, 0))),
        ("半小时", Deadline(minutes_after_close=30)),
        ("一个半小时", Deadline(minutes_after_close=90)),
        ("三十分钟", Deadline(minutes_after_close=30)),
        ("两小时", Deadline(minutes_after_close=120)),
        ("九十秒", Deadline(minutes_after_close=1.5)),
    ],
)
def test_deadlines_are_durations_or_a_clock_time_the_next_day(written: str, deadline: Deadline) -> None:
    assert board(SMALL.replace("30分钟", written)).night[0].deadline == deadline


@pytest.mark.parametrize(
    "written", ["很久", "半", "零分钟", "30", "明天", "次日25:00", "次日八点七十分", "0分钟", "31天"]
)
def test_a_deadline_that_is_not_one_is_refused_on_its_line(written: str) -> None:
    (problem,) = problems(SMALL.replace("30分钟", written))
    assert problem.startswith("第6行：")
    assert "时限" in problem or "时长" in problem


def test_a_full_width_colon_after_a_key_is_read_as_a_colon() -> None:
    loaded = board("板子：甲\n身份：\n  狼人：1\n  村民：1\n夜晚：\n  - 狼人：次日8：00\n")
    assert loaded.name == "甲"
    assert loaded.night == (NightEntry("狼人", Deadline(next_day_clock=(8, 0))),)


# --- problems, each with its line ------------------------------------------------------------


def test_an_unknown_key_is_refused_with_the_closest_keys() -> None:
    (problem,) = problems(with_line(SMALL, "胜利: 屠城"))
    assert problem.startswith("第7行：不认识的键「胜利」，最接近的是：胜负")
    assert "可以写的键：板子、身份" in problem


def test_an_unknown_role_is_refused_with_the_closest_roles() -> None:
    text = SMALL.replace("  村民: 2\n", "  预知家: 1\n  巫婆: 1\n")
    assert problems(text) == [
        "第4行：身份库里没有「预知家」，最接近的是：预言家；发送 /身份库 可查看所有身份",
        "第5行：身份库里没有「巫婆」，最接近的是：女巫；发送 /身份库 可查看所有身份",
    ]


def test_an_option_the_role_does_not_have_is_refused_with_its_options() -> None:
    text = SMALL.replace("  村民: 2\n", "  村民: 1\n  女巫: {数量: 1, 自保: 首夜}\n").replace(
        "夜晚:\n", "夜晚:\n  - 女巫: 1小时\n"
    )
    assert problems(text) == [
        "第5行：不认识的键「自保」，最接近的是：自救；这里可以写的键：数量、自救、同夜双药"
    ]


def test_an_option_value_the_role_does_not_take_is_refused_with_the_allowed_values() -> None:
    text = SMALL.replace("  村民: 2\n", "  村民: 1\n  女巫:\n    数量: 1\n    自救: 首晚\n").replace(
        "夜晚:\n", "夜晚:\n  - 女巫: 1小时\n"
    )
    assert problems(text) == ["第7行：「自救」不能写「首晚」，最接近的是：首夜；可以写：不能、首夜、可以"]


def test_a_board_wide_option_under_a_role_is_sent_to_the_top() -> None:
    text = SMALL.replace("  狼人: 1\n", "  狼人: {数量: 1, 首夜刀人: 不可以}\n")
    assert problems(text) == ["第3行：「首夜刀人」是整个板子的设置，请写在顶层的「首夜刀人」键，不写在身份里"]


@pytest.mark.parametrize(
    ("roster_line", "expected"),
    [
        ("  村民: 0", "第4行：数量要写1到30的整数，「0」不行"),
        ("  村民: -1", "第4行：数量要写1到30的整数，「-1」不行"),
        ("  村民: 1.5", "第4行：数量要写1到30的整数，「1.5」不行"),
        ("  村民: 两个", "第4行：数量要写1到30的整数，「两个」不行"),
        ("  村民:", "第4行：「村民」后面缺少数量，请写成「村民: 1」"),
        ("  村民: {数量: 0}", "第4行：数量要写1到30的整数，「0」不行"),
        ("  村民: {自救: 首夜}", "第4行：缺少「数量」：请写上「数量: N」"),
        (
            "  村民: [1, 2]",
            "第4行：「村民」要写数量（「村民: 1」）或一组设置（「村民: {数量: 1}」），不是列表",
        ),
    ],
)
def test_counts_must_be_positive_whole_numbers(roster_line: str, expected: str) -> None:
    found = problems(SMALL.replace("  村民: 2", roster_line))
    assert found[0] == expected


def test_a_night_skill_missing_from_the_night_names_the_role_and_the_word() -> None:
    text = SMALL.replace("  村民: 2\n", "  村民: 1\n  预言家: 1\n")
    assert problems(text) == [
        "第5行：预言家夜里要行动，夜晚里缺少「预言家」的时限，请在夜晚里加上「- 预言家: 30分钟」这样的一行"
    ]


def test_a_night_entry_for_a_role_not_on_the_board_is_refused() -> None:
    assert problems(with_line(SMALL, "  - 女巫: 1小时")) == [
        "第7行：「女巫」不在这个板子的身份里；夜晚可以写：狼人"
    ]


def test_a_night_entry_for_a_role_without_a_night_step_is_refused() -> None:
    text = SMALL.replace("  村民: 2\n", "  村民: 1\n  猎人: 1\n")
    assert problems(with_line(text, "  - 猎人: 1小时")) == [
        "第8行：「猎人」在这个板子的夜里没有叫这个名字的行动；夜晚可以写：狼人"
    ]


def test_a_night_entry_naming_nothing_known_gets_the_closest_names() -> None:
    text = (
        SMALL.replace("  村民: 2\n", "  村民: 1\n  预言家: 1\n") + "  - 预言家: 30分钟\n  - 预知家: 30分钟\n"
    )
    assert problems(text) == [
        "第9行：「预知家」不是这个板子夜里的行动，最接近的是：预言家；夜晚可以写：狼人、预言家"
    ]


def test_a_night_step_written_twice_is_refused_on_the_second() -> None:
    assert problems(with_line(SMALL, "  - 狼人: 1小时")) == [
        "第7行：夜晚里「狼人」写了两次（第6行已经写过），每一步只能写一次"
    ]


@pytest.mark.parametrize(
    "item",
    ["  - 狼人", "  - {狼人: 30分钟, 女巫: 30分钟}", "  - [狼人, 30分钟]"],
)
def test_a_night_item_that_is_not_one_name_and_deadline_is_refused(item: str) -> None:
    (problem,) = problems(SMALL.replace("  - 狼人: 30分钟", item))
    assert problem == "第6行：夜晚的每一项要写成「- 名字: 时限」，一行一项，例如「- 女巫: 60分钟」"


def test_an_empty_night_deadline_is_refused() -> None:
    assert problems(SMALL.replace("  - 狼人: 30分钟", "  - 狼人:")) == [
        "第6行：「狼人」后面要写时限，例如「30分钟」「次日8:00」"
    ]


@pytest.mark.parametrize("key", ["板子", "身份"])
def test_a_missing_required_key_is_refused(key: str) -> None:
    lines = [line for line in SMALL.splitlines() if not line.startswith(key)]
    if key == "身份":
        lines = [line for line in lines if line not in ("  狼人: 1", "  村民: 2")]
    found = problems("\n".join(lines) + "\n")
    assert any(f"缺少「{key}」" in problem for problem in found), found


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "狼人: 狼群",
            "第7行：「狼人」不能写「狼群」，最接近的是：狼群投票、狼头；可以写：狼群投票、狼头、通用刀",
        ),
        ("首夜刀人: 能", "第7行：「首夜刀人」不能写「能」；可以写：可以、不可以"),
        (
            "警长: 0",
            "第7行：警长要写警长的票数（大于0、最多10的数，如1.5），或写「无」（不设警长）；「0」不行",
        ),
        (
            "警长: 没有",
            "第7行：警长要写警长的票数（大于0、最多10的数，如1.5），或写「无」（不设警长）；「没有」不行",
        ),
        (
            "平票: 无人",
            "第7行：「平票」不能写「无人」，最接近的是：无人出局；可以写：无人出局、警长投票的角色出局、再投一轮、随机",
        ),
        ("遗言: 0", "第7行：遗言可以写：首夜和放逐、无，或整局的遗言条数（1到30的整数，如3）；「0」不行"),
        (
            "胜负: 屠神",
            "第7行：「胜负」不能写「屠神」，最接近的是：屠边、屠城；可以写：屠边、屠城、优先判负、阵营判负",
        ),
        ("狼人过半: 是", "第7行：「狼人过半」不能写「是」；可以写：胜利、不算"),
        ("替补: 很多", "第7行：替补要写每个座位最多换几次替补（0到30的整数），或写「不限」；「很多」不行"),
        ("移交时限: 10", "第7行：看不懂时限「10」，请写成「10分钟」「1小时」「90秒」"),
        ("马甲杀: yes", "第7行：「马甲杀」不能写「yes」；可以写：可以、不可以"),
        ("规则: 百变", "第7行：没有叫「百变」的规则；可以写：测试规则"),
        ("胜负:", "第7行：「胜负」后面缺少值，可以写：屠边、屠城、优先判负、阵营判负"),
        ("胜负: [屠边]", "第7行：「胜负」只能写一个词：屠边、屠城、优先判负、阵营判负"),
        ("警长: {票数: 1.5}", "第7行：「警长」应当只写一个值，不是列表或一组键"),
    ],
)
def test_a_value_a_key_does_not_take_is_refused_with_the_allowed_values(line: str, expected: str) -> None:
    assert problems(with_line(SMALL, line)) == [expected]


def test_full_width_digits_in_a_board_name_are_read_as_ascii_digits() -> None:
    # 竞技１２ is the name a director means as 竞技12: it must meet the built-in names as that.
    assert board(SMALL.replace("板子: 小板", "板子: 小板１２")).name == "小板12"


def test_a_board_name_must_be_one_short_word() -> None:
    assert problems(SMALL.replace("板子: 小板", "板子: 小 板"))[0].startswith(
        "第1行：板子的名字要写成1到20个字"
    )
    assert problems(SMALL.replace("板子: 小板", "板子: " + "长" * 21))[0].startswith("第1行：")


def test_an_empty_night_is_no_night_steps() -> None:
    assert problems(SMALL.replace("  - 狼人: 30分钟\n", "")) == [
        "第3行：狼人夜里要行动，夜晚里缺少「狼人」的时限，请在夜晚里加上「- 狼人: 30分钟」这样的一行"
    ]


def test_a_key_written_twice_is_refused_on_its_second_line() -> None:
    assert problems(with_line(SMALL, "板子: 又一个")) == [
        "第7行：「板子」写了两次（第1行已经写过），只能写一次"
    ]


def test_every_problem_is_collected_in_the_order_of_the_file() -> None:
    text = SMALL.replace("  村民: 2", "  村民: 0\n  巫婆: 1") + "胜负: 屠神\n胜利: 屠城\n"
    found = problems(text)
    assert [problem.split("：")[0] for problem in found] == ["第4行", "第5行", "第8行", "第9行"]


def test_the_reply_lists_each_problem_on_its_own_line() -> None:
    checked = check(SMALL.replace("  村民: 2", "  村民: 0") + "胜负: 屠神\n")
    reply = problems_text(checked.problems)
    lines = reply.splitlines()
    assert lines[0] == "板子有误"
    assert lines[1].startswith("第4行：") and lines[2].startswith("第7行：")


# --- the board as a whole ----------------------------------------------------------------------


def test_a_board_of_two_seats_and_of_thirty_loads() -> None:
    assert board(SMALL.replace("村民: 2", "村民: 1")).size == 2
    assert board(SMALL.replace("村民: 2", "村民: 29")).size == 30


def test_a_roster_over_thirty_seats_is_refused() -> None:
    assert problems(SMALL.replace("村民: 2", "村民: 30")) == ["第2行：这个板子有31个座位，最多30个"]


def test_a_board_of_one_seat_is_refused() -> None:
    assert problems(SMALL.replace("  村民: 2\n", "")) == [
        "第2行：这个板子只有1个座位，至少要2个",
        "第2行：身份里全是狼人阵营的角色，至少要有一个好人",
    ]


def test_a_board_without_wolves_is_refused() -> None:
    text = "板子: 好人板\n身份:\n  村民: 3\n"
    assert problems(text) == ["第2行：身份里没有狼人阵营的角色，至少要有一个"]


def test_a_post_checks_its_own_role_and_night_names() -> None:
    text = "板子: 小樱\n规则: 测试规则\n身份:\n  小樱: 2\n  魔王: 1\n夜晚:\n  - 魔王: 次日8:00\n"
    loaded = board(text)
    assert loaded.rules == "测试规则"
    assert loaded.roster == (RosterEntry("小樱", 2), RosterEntry("魔王", 1))
    wrong = text.replace("  魔王: 1\n", "  狼人: 1\n") + "  - 预言家: 30分钟\n"
    assert problems(wrong) == [
        "第5行：规则「测试规则」里没有「狼人」；发送 /身份库 可查看所有身份",
        "第8行：「预言家」不是这个板子夜里的行动；夜晚可以写：魔王、知世、女巫",
    ]


def test_a_post_role_of_a_library_name_takes_that_roles_options() -> None:
    text = "板子: 小樱\n规则: 测试规则\n身份:\n  小樱: 2\n  女巫: {数量: 1, 自救: 可以}\n"
    assert board(text).roster[1] == RosterEntry("女巫", 1, {"自救": "可以", "同夜双药": "不可以"})
    assert problems(text.replace("自救: 可以", "自救: 随时")) == [
        "第5行：「自救」不能写「随时」；可以写：不能、首夜、可以"
    ]


# --- YAML and the limits -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("板子: 甲\n身份: [狼人\n", "第2行：括号「[]」「{}」没有配对，或括号里的写法有误"),
        ("板子: 甲\n身份: {狼人: 1,\n", "第2行：括号「[]」「{}」没有配对，或括号里的写法有误"),
        (
            "板子: 甲\n身份:\n  狼人: 1\n 村民: 1\n",
            "第4行：缩进不对：这一行应当和第3行对齐，写成「  村民: 1」（前面2个空格）",
        ),
        (
            "板子: 甲\n身份:\n  狼人: 1\n   村民: 1\n",
            "第4行：缩进不对：这一行缩进多了，应当写成「  村民: 1」（前面2个空格）",
        ),
        ("板子: 甲\n\t身份: 1\n", "第2行：不能用Tab缩进，请用空格"),
        ('板子: 甲\n遗言: "无\n', "第2行：引号或括号没有配对"),
        ('"a\\q": 1\n', "第1行：引号里有看不懂的转义字符"),
        ("板子: 甲\n---\n板子: 乙\n", "第2行：一个文件只能写一个板子（不要用---分成几段）"),
        ("板子: 甲\n身份: \x07\n", "第2行：文件里有不能用的控制字符（U+0007），请删掉它"),
    ],
)
def test_a_file_that_is_not_yaml_is_refused_with_its_line(text: str, expected: str) -> None:
    assert problems(text) == [expected]


@pytest.mark.parametrize("text", ["", "只是一句话", "- 狼人\n- 村民\n"])
def test_a_file_that_is_not_a_list_of_keys_is_refused(text: str) -> None:
    assert problems(text) == ["第1行：板子文件应当一行一个「键: 值」，从「板子: 名字」开始"]


def test_anchors_and_aliases_are_refused_before_they_expand() -> None:
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for level in range(1, 9):
        bomb += f"{chr(97 + level)}: &{chr(97 + level)} [{','.join(['*' + chr(96 + level)] * 9)}]\n"
    assert problems(bomb) == ["第1行：板子文件不能使用锚点「&」和别名「*」，请把内容直接写出来"]
    assert problems("板子: 甲\n身份: *x\n") == [
        "第2行：板子文件不能使用锚点「&」和别名「*」，请把内容直接写出来"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "板子: " + "[" * 5000 + "]" * 5000 + "\n",
        "板子: 甲\n身份:\n" + "{" * 19_000,
        "a:\n" + "- " * 20 + "x\n",
    ],
)
def test_deep_nesting_is_refused(text: str) -> None:
    (problem,) = problems(text)
    assert problem.endswith("层次太深：板子文件最多8层")


def test_brackets_in_quotes_and_comments_are_not_nesting() -> None:
    text = SMALL.replace("板子: 小板", "板子: '[[[[[[[[[['  # {{{{{{{{{{")
    assert board(text).name == "[[[[[[[[[["


def test_a_file_over_twenty_thousand_characters_is_refused_before_it_is_read() -> None:
    text = SMALL + "#" * (20_001 - len(SMALL))
    assert problems(text) == ["板子文件有20001个字符，最多20000个，没有检查"]
    assert board(SMALL + "#" * (20_000 - len(SMALL) - 1) + "\n").name == "小板"


def test_tags_are_not_constructed() -> None:
    text = "板子: !!python/object/apply:os.system [echo hi]\n"
    assert problems(with_line(text, "身份: {狼人: 1, 村民: 1}"))[0].startswith("第1行：")


def test_a_long_reply_lists_the_first_problems_and_counts_the_rest() -> None:
    text = SMALL + "".join(f"未知{index}: 1\n" for index in range(40))
    reply = problems_text(check(text).problems).splitlines()
    assert len(reply) == 32
    assert reply[-1] == "……还有10处问题，请先改好以上几处"


# --- whatever a file says ----------------------------------------------------------------------

FUZZ_PIECES = (
    *": -{}[],#&*!|>'\"\n\t\r ：　０9",
    "狼人",
    "女巫",
    "数量",
    "自救",
    "夜晚",
    "身份",
    "次日",
    "30分钟",
    "  ",
    "- ",
    "\n  ",
    "%YAML 1.1\n",
    "---\n",
    "!!str ",
    "\x00",
    "\ud800",
)


def mutants(seed: int, count: int) -> Iterator[str]:
    """The contract example with a few random pieces inserted, deleted or replaced."""
    chance = random.Random(seed)
    for _ in range(count):
        text = EXAMPLE
        for _ in range(chance.randint(1, 6)):
            at = chance.randrange(len(text))
            cut = chance.choice((0, 0, 1, 3))
            text = text[:at] + chance.choice(FUZZ_PIECES) + text[at + cut :]
        yield text


def test_no_file_makes_the_check_raise_and_every_problem_is_on_a_line_of_the_file() -> None:
    for text in mutants(seed=12, count=1500):
        checked = check(text)
        assert (checked.board is None) == bool(checked.problems), text
        lines = max(1, len(text.splitlines()))
        for problem in checked.problems:
            assert problem.line is None or 1 <= problem.line <= lines + 1, (text, problem)
            assert problem.message and "\n" not in problem.message, (text, problem)


def test_a_long_word_is_repeated_cut_short() -> None:
    (problem,) = problems(with_line(SMALL, "胜" * 500 + ": 屠城"))
    assert problem.startswith("第7行：不认识的键「" + "胜" * 20 + "…」")
    assert len(problem) < 200
