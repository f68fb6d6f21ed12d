"""Reading a director's board file (issue 21): the work grows with the file whatever its shape, the
full-width punctuation a Chinese keyboard types is read where the docs promise, 不能 and 不可以 are
one no, and a mistake of indentation or of a colon is named on its line with how the line should
start.  Real roles (the library), as a director's file uses them."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bansha_engine import library
from bansha_engine.boardfile import check
from bansha_engine.boardfile.loader import MAX_LINE_CHARS
from bansha_engine.boardfile.punctuation import prepared
from bansha_engine.boardfile.schema import NO_WORDS, FileModel
from bansha_engine.boards import builtin_text

HEAD = "板子: 甲\n身份:\n  狼人: 1\n  村民: 2\n夜晚:\n  - 狼人: 30分钟\n"
SMALL = "板子: 小板\n身份:\n  狼人: 2\n  女巫: {数量: 1, 自救: 首夜}\n  村民: 3\n夜晚:\n  - 狼人: 30分钟\n  - 女巫: 60分钟\n"


def problems(text: str, *, new: bool = False) -> list[str]:
    checked = check(text, new=new)
    assert checked.board is None and checked.problems
    return [problem.text() for problem in checked.problems]


# --- the work grows with the file ----------------------------------------------------------------

# Each shape grows with n (characters, about): the issue's blank lines between two keys, and the
# other shapes a pattern or a loop could go quadratic on.
SHAPES: dict[str, Callable[[int], str]] = {
    "blank lines between two keys": lambda n: "板子: 甲\n" + "\n" * n + "身份:\n  狼人: 1\n  村民: 2\n",
    "lines of blanks": lambda n: "板子: 甲\n" + "   \n" * (n // 4) + "身份:\n  狼人: 1\n",
    "one long comment": lambda n: HEAD + "# " + "长" * n + "\n",
    "one long value": lambda n: HEAD + "胜负: " + "屠" * n + "\n",
    "one long value of words": lambda n: HEAD + "胜负: " + "屠 " * (n // 2) + "\n",
    "one long line of full-width colons": lambda n: HEAD + "胜负：" + "屠：" * (n // 2) + "\n",
    "many unknown keys": lambda n: HEAD + "".join(f"键{i}: 1\n" for i in range(n // 8)),
    "many full-width keys": lambda n: HEAD + "键：\n" * (n // 3),
    "many unknown roles": lambda n: "板子: 甲\n身份:\n" + "".join(f"  角{i}: 1\n" for i in range(n // 9)),
    "one key many times": lambda n: HEAD + "胜负: 屠边\n" * (n // 8),
    "many night steps": lambda n: HEAD + "  - 狼人: 30分钟\n" * (n // 13),
    "many | lines": lambda n: HEAD + "胜负: |\n" + "  屠边\n" * (n // 5),
    "deep indentation": lambda n: HEAD + "".join(" " * i + f"k{i}:\n" for i in range(n // 100)),
    "many items in brackets": lambda n: HEAD + "神职: [" + "预言家, " * (n // 5) + "]\n",
    "many escaped quotes": lambda n: HEAD + '胜负: "' + '\\"' * (n // 2) + '"\n',
    "many brackets": lambda n: HEAD + "神职: " + "[]" * (n // 2) + "\n",
    "many full-width commas": lambda n: HEAD + "女巫: {" + "，" * n + "}\n",
    "a count of many digits": lambda n: "板子: 甲\n身份:\n  狼人: 1\n  村民: " + "1" * n + "\n",
    "须弥 with many unknown keys": lambda n: (
        builtin_text("须弥") + "".join(f"键{i}: 1\n" for i in range(n // 8))
    ),
}
REGEX_METHODS = frozenset({"match", "fullmatch", "search", "sub", "subn", "findall", "finditer", "split"})


class RecordingPattern:
    """A compiled pattern that notes every text it is asked to read."""

    def __init__(self, pattern: re.Pattern[str], texts: list[str]) -> None:
        self._pattern = pattern
        self._texts = texts

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._pattern, name)
        if name not in REGEX_METHODS:
            return attribute

        def recorded(*args: Any, **kwargs: Any) -> Any:
            self._texts.append(args[1] if name in ("sub", "subn") else args[0])
            return attribute(*args, **kwargs)

        return recorded


@pytest.fixture
def read_by_patterns(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text a regular expression of the engine reads while the test runs (each module-level
    pattern of bansha_engine is replaced by a RecordingPattern)."""
    texts: list[str] = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("bansha_engine"):
            continue
        for attribute, value in list(vars(module).items()):
            if isinstance(value, re.Pattern):
                monkeypatch.setattr(module, attribute, RecordingPattern(value, texts))
    return texts


@contextmanager
def counting_calls() -> Iterator[list[int]]:
    """The number of calls made meanwhile, of Python functions and of built-in ones (every
    list.append, every str method, every character PyYAML's reader looks at): work the clock
    does not measure reliably, but a count does."""
    calls = [0]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            calls[0] += 1

    sys.setprofile(count)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def work(text: str, read_by_patterns: list[str]) -> int:
    """The calls made to check `text`, plus the characters its regular expressions read."""
    already = len(read_by_patterns)
    with counting_calls() as calls:
        check(text, new=True)
    return calls[0] + sum(len(read) for read in read_by_patterns[already:])


@pytest.mark.parametrize("shape", SHAPES)
def test_the_work_of_reading_a_file_grows_with_its_size(shape: str, read_by_patterns: list[str]) -> None:
    """Twice the file is at most about twice the work (quadratic work would be four times), and no
    regular expression reads across a line end (where `\\s*` at a line's start went quadratic:
    19,900 blank lines took 7 s)."""
    single, double = SHAPES[shape](4000), SHAPES[shape](8000)
    assert len(double) < 20_000  # under the limit: the file is read, not refused unread
    assert work(double, read_by_patterns) <= 2.3 * work(single, read_by_patterns)
    across = [text for text in read_by_patterns if "\n" in text]
    assert not across, f"a pattern read {len(across)} texts of several lines"


def test_the_patterns_are_watched(read_by_patterns: list[str]) -> None:
    check(SMALL)
    assert "30分钟" in read_by_patterns  # the deadlines are read by patterns (engine/parse.py)


def test_the_blank_lines_of_the_issue_are_read_and_answered() -> None:
    text = "板子: 空行\n" + "\n" * 19_900 + "身份:\n  狼人: 1\n  村民: 2\n"
    assert problems(text) == [
        "第19903行：狼人夜里要行动，夜晚里缺少「狼人」的时限，请在夜晚里加上「- 狼人: 30分钟」这样的一行"
    ]


# --- full-width punctuation --------------------------------------------------------------------


@pytest.mark.parametrize(
    "roster_line",
    [
        "  女巫: {数量：1，自救：首夜}",
        "  女巫：{数量：1，自救：首夜}",
        "  女巫: {数量: 1，自救: 首夜}",
        "  女巫: {数量：1, 自救：首夜}",
        "  女巫：\n    数量：1\n    自救：首夜",
    ],
)
def test_full_width_colons_and_commas_are_read_in_braces_as_after_keys(roster_line: str) -> None:
    written = check(SMALL.replace("  女巫: {数量: 1, 自救: 首夜}", roster_line))
    assert written.problems == []
    assert written.board is not None and written.board.roster == check(SMALL).board.roster  # type: ignore[union-attr]


def test_full_width_punctuation_in_quotes_comments_and_values_is_left_as_written() -> None:
    text = '板子: "甲：乙，丙"  # 注：{数量：1，自救：首夜}\n夜晚:\n  - 狼人：次日8：00\n'
    assert (
        prepared(text, 8) == '板子: "甲：乙，丙"  # 注：{数量：1，自救：首夜}\n夜晚:\n  - 狼人: 次日8：00\n'
    )


def test_a_bracket_or_quote_inside_a_word_opens_nothing() -> None:
    """YAML opens a bracket or a quote only where a value starts: 「七人[试玩」 and 「it's」 are words,
    and the full-width colons after them are still read."""
    text = "板子: 七人[试玩\n身份：\n  狼人：1\n  村民：1\n夜晚：\n  - 狼人：30分钟\n"
    assert check(text).board is not None and check(text).board.name == "七人[试玩"  # type: ignore[union-attr]
    assert check(SMALL.replace("板子: 小板", "板子: a'[[[[[[[[['")).board is not None


def test_a_mapping_of_one_key_in_a_list_takes_a_full_width_colon() -> None:
    text = SMALL.replace(
        "夜晚:\n  - 狼人: 30分钟\n  - 女巫: 60分钟\n", "夜晚: [狼人：30分钟，女巫：60分钟]\n"
    )
    assert check(text).board is not None


def test_reading_the_punctuation_keeps_every_line_where_it_was() -> None:
    text = "女巫: {\n  数量：1，\n  自救：首夜\n}\n\n# 完\n"
    assert prepared(text, 8).count("\n") == text.count("\n")
    assert prepared(text, 8) == "女巫: {\n  数量: 1, \n  自救: 首夜\n}\n\n# 完\n"


# --- 不能 and 不可以 ----------------------------------------------------------------------------


def yes_no_options() -> list[tuple[str, str, str]]:
    """(role, option, its own no) for every option of the library that takes a no."""
    found = []
    for name in library.ROLES:
        for option in library.settable_options(name):
            own = [value for value in option.values if value in NO_WORDS]
            if own and option.name not in ("刀人方式", "首夜刀人"):
                found.append((name, option.name, own[0]))
    return found


def test_the_library_has_options_of_both_words() -> None:
    words = {own for _, _, own in yes_no_options()}
    assert words == set(NO_WORDS)  # old options say 不能 (猎人), new ones 不可以 (守卫)


@pytest.mark.parametrize(("role", "option", "own"), yes_no_options())
def test_either_no_is_taken_by_every_option_and_stored_as_its_own_word(
    role: str, option: str, own: str
) -> None:
    other = next(word for word in NO_WORDS if word != own)
    wolves = {"刀人方式": "狼群投票", "首夜刀人": "可以"}
    for written in (own, other):
        options = {**wolves, option: own}
        parts = library.night_parts(library.role_def(role, options), options)
        roster = ("狼人", role, "村民")  # the parts this board needs (混血儿's: none without 丘比特)
        steps = ["狼人", *(part.name for part in parts if library.part_needed(part, roster))]
        night = "".join(f"  - {step}: 30分钟\n" for step in dict.fromkeys(steps))
        text = f"板子: 甲\n身份:\n  狼人: 2\n  {role}: {{数量: 1, {option}: {written}}}\n  村民: 3\n夜晚:\n{night}"
        checked = check(text, new=True)
        assert checked.problems == [], checked.problems
        entry = next(entry for entry in checked.board.roster if entry.role == role)  # type: ignore[union-attr]
        assert entry.options[option] == own


def board_wide_keys_with_a_no() -> list[tuple[str, str]]:
    """(key, field) of every board-wide key that takes 不可以 (首夜刀人, 马甲杀, 撕警徽, 自爆 …)."""
    return [
        (info.alias, name)
        for name, info in FileModel.model_fields.items()
        if info.alias and "'不可以'" in repr(info.annotation)
    ]


def test_the_board_wide_keys_with_a_no_are_found() -> None:
    assert {"首夜刀人", "马甲杀", "撕警徽"} <= {key for key, _ in board_wide_keys_with_a_no()}


@pytest.mark.parametrize(("key", "field"), board_wide_keys_with_a_no())
@pytest.mark.parametrize("written", NO_WORDS)
def test_either_no_is_taken_by_the_board_wide_keys(key: str, field: str, written: str) -> None:
    settings = FileModel.model_validate({"板子": "甲", "身份": {}, key: written})
    assert getattr(settings, field) == "不可以"
    checked = check(f"{SMALL}{key}: {written}\n")
    assert all(key not in problem.message for problem in checked.problems), checked.problems


@pytest.mark.parametrize(
    ("line", "not_offered"),
    [
        ("  猎人: {数量: 1, 毒杀开枪: 不开}", "最接近的是：可以"),
        ("  女巫: {数量: 1, 自救: 不首夜}", "最接近的是：首夜"),
        ("  守卫: {数量: 1, 自守: 不可}", "最接近的是：可以"),
        ("  守卫: {数量: 1, 自守: 能够}", "不可以；"),
    ],
)
def test_a_suggestion_never_offers_the_opposite_of_what_was_written(line: str, not_offered: str) -> None:
    (problem,) = [problem for problem in problems(with_role(line)) if "不能写" in problem]
    assert not_offered not in problem


def test_a_suggestion_that_says_the_same_is_still_offered() -> None:
    (problem,) = [
        problem for problem in problems(with_role("  守卫: {数量: 1, 自守: 不可}")) if "不能写" in problem
    ]
    assert "「自守」不能写「不可」，最接近的是：不可以；" in problem


def with_role(line: str) -> str:
    return f"板子: 甲\n身份:\n  狼人: 2\n{line}\n  村民: 3\n夜晚:\n  - 狼人: 30分钟\n"


# --- counts and values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("  村民: " + "1" * 4400, "第5行：数量要写1到30的整数，「11111111111111111111…」不行"),
        ("  村民: {数量: " + "1" * 4400 + "}", "第5行：数量要写1到30的整数，「11111111111111111111…」不行"),
    ],
)
def test_a_count_of_thousands_of_digits_gets_a_chinese_problem(line: str, expected: str) -> None:
    assert problems(SMALL.replace("  村民: 3", line)) == [expected]


@pytest.mark.parametrize("key", ["遗言", "替补", "警长"])
def test_a_number_of_thousands_of_digits_gets_a_chinese_problem(key: str) -> None:
    (problem,) = problems(f"{SMALL}{key}: {'9' * 4400}\n")
    assert problem.startswith("第9行：") and "Exceeds" not in problem and "不行" in problem


def test_a_value_over_several_lines_is_refused_in_a_new_file() -> None:
    text = f"{SMALL}胜负: |\n  屠边\n  屠城\n"
    assert "第9行：值要写在一行里：板子文件不用「|」「>」这样的多行写法" in problems(text, new=True)
    assert all("一行里" not in problem for problem in problems(text))  # a stored file reads as it did


# --- indentation and colons --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a line between two levels
            "板子: 甲\n身份:\n  狼人: 1\n 村民: 1\n",
            "第4行：缩进不对：这一行应当和第3行对齐，写成「  村民: 1」（前面2个空格）",
        ),
        (  # a line deeper than the one above, which has its value
            "板子: 甲\n身份:\n  狼人: 1\n    村民: 1\n",
            "第4行：缩进不对：这一行缩进多了，应当写成「  村民: 1」（前面2个空格）",
        ),
        (  # a board-wide key indented
            "板子: 甲\n 身份:\n  狼人: 1\n",
            "第2行：缩进不对：这一行缩进多了，应当写成「身份:」（顶格写，前面不要空格）",
        ),
        (  # a board-wide key indented under 身份 (read as a role)
            "板子: 甲\n身份:\n  狼人: 1\n  村民: 1\n  夜晚:\n  - 狼人: 30分钟\n",
            "第5行：缩进不对：「夜晚」是整个板子的设置，不属于上面的键：写成「夜晚:」（顶格写，前面不要空格）",
        ),
        (  # a role indented under another role (read as its option)
            "板子: 甲\n身份:\n  狼人: 1\n  女巫:\n    数量: 1\n    村民: 3\n",
            "第6行：缩进不对：「村民」是身份，要和第4行的「女巫」对齐：写成「  村民: 3」（前面2个空格）",
        ),
        (  # a role at the top (read as a board-wide key)
            "板子: 甲\n身份:\n  狼人: 1\n  女巫: 1\n村民: 3\n",
            "第5行：缩进不对：「村民」是身份，要写在「身份」下面，和其他身份对齐：写成「  村民: 3」（前面2个空格）",
        ),
        (  # a night step without its 「- 」
            "板子: 甲\n夜晚:\n  - 狼人: 30分钟\n  女巫: 30分钟\n",
            "第4行：缩进或列表不对：第3行是列表的一项（以「- 」开头），同一层的这一行也要以「- 」开头："
            "写成「  - 女巫: 30分钟」（前面2个空格）",
        ),
        (  # 身份 with a value on its own line, and the roles under it
            "板子: 甲\n身份: 1\n  狼人: 1\n",
            "第3行：缩进不对：第2行「身份」已经写了值，下面的行不能再缩进。若这一行属于「身份」，"
            "请删掉第2行冒号后面的「1」；否则这一行应当写成「狼人: 1」（顶格写，前面不要空格）",
        ),
    ],
)
def test_an_indentation_problem_says_so_and_how_the_line_should_start(text: str, expected: str) -> None:
    assert expected in problems(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "板子: 甲\n身份\n  狼人: 1\n",
            "第2行：缺少冒号：每一项写成「键: 值」，这一行写成「身份:」（顶格写，前面不要空格）",
        ),
        (
            "板子: 甲\n身份:\n  狼人 1\n  村民: 1\n",
            "第3行：缺少冒号：每一项写成「键: 值」，这一行写成「  狼人: 1」（前面2个空格）",
        ),
        (
            "板子: 甲\n身份:\n  狼人: 1\n  村民 1\n夜晚:\n  - 狼人: 30分钟\n",
            "第4行：缺少冒号：每一项写成「键: 值」，这一行写成「  村民: 1」（前面2个空格）",
        ),
        (
            "板子:甲\n身份:\n  狼人: 1\n",
            "第1行：冒号后面要有一个空格：写成「板子: 甲」（顶格写，前面不要空格）",
        ),
        (
            "板子: 甲: 乙\n身份:\n  狼人: 1\n",
            '第1行：这一行有两个冒号：值里要有冒号时，给值加上引号（「板子: "甲: 乙"」）；若是两项，请分成两行写',
        ),
        (
            "板子: 甲\n身份:\n  狼人: 1\n  女巫: {数量: 1, 自救:首夜}\n",
            "第4行：冒号后面要有一个空格：写成「自救: 首夜」",
        ),
    ],
)
def test_a_colon_problem_is_named_on_its_own_line(text: str, expected: str) -> None:
    assert problems(text)[0] == expected


def test_no_problem_says_the_colon_does_not_fit() -> None:
    """「这里的冒号放不下」 told nobody what to do; every colon problem now says what to write."""
    for text in (
        "板子: 甲\n身份:\n  狼人: 1\n     村民: 1\n",
        "a: b: c: d\n",
        "板子: 甲\n  - 乙: 1\n丙: 1\n",
    ):
        assert all("放不下" not in problem for problem in problems(text))


# --- rules for files sent from now on ----------------------------------------------------------

INVISIBLE = ["\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066", "\u00ad", "\u3164", "\ufe0f"]


@pytest.mark.parametrize("char", INVISIBLE)
def test_a_new_files_name_may_not_hold_an_invisible_character(char: str) -> None:
    text = builtin_text("竞技12").replace("板子: 竞技12", f"板子: 竞技{char}12")
    assert problems(text, new=True) == [
        f"第5行：板子的名字里有看不见的字符（U+{ord(char):04X}），它会让这个名字看起来和别的名字一样："
        "请删掉它，名字只写看得见的字"
    ]
    assert check(text).board is not None  # a file stored before keeps loading (its games rebuild)


def test_a_new_files_line_may_not_be_longer_than_a_message_shows_but_its_comment_may() -> None:
    long_value = f"{SMALL}胜负: 屠边{' ' * MAX_LINE_CHARS}\n"
    assert problems(long_value, new=True) == [
        f"第9行：这一行有{MAX_LINE_CHARS + 6}个字，太长了：一行最多{MAX_LINE_CHARS}个字（注释不算），请分成几行写"
    ]
    assert check(long_value).board is not None
    assert check(f"{SMALL}胜负: 屠边  # {'长' * 3000}\n", new=True).board is not None
