"""PyYAML's errors as a director can act on them: on the line where the mistake is, and, for a
colon or an indentation, how that line should be written.

PyYAML finds a missing colon or a wrong indentation where it stops making sense of the file, often a
line later (「身份」 without its colon is noticed at the next key). The lines before the one it names
tell which mistake it was; they are looked at once, for the one problem a YAML error gives.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from bansha_engine import library
from bansha_engine.boardfile.schema import KEYS as TOP_KEYS
from bansha_engine.parse import quote

ITEM = "- "
# The board-wide keys whose values are written on the lines below them.
CONTAINER_KEYS = ("身份", "夜晚", "机制", "神职", "出局触发")
# PyYAML's other messages, as a director reads them.
YAML_PROBLEMS = (
    ("found character '\\t'", "不能用Tab缩进，请用空格"),
    ("expected a single document", "一个文件只能写一个板子（不要用---分成几段）"),
    ("found unexpected end of stream", "引号或括号没有配对"),
    ("found unknown escape character", "引号里有看不懂的转义字符"),
    ("while scanning a quoted scalar", "引号没有配对"),
    ("did not find expected ',' or '}'", "花括号「{}」里的写法有误：应当是「{数量: 1, 自救: 首夜}」"),
    ("did not find expected ',' or ']'", "方括号「[]」里的写法有误"),
    ("while parsing a flow", "括号「[]」「{}」没有配对，或括号里的写法有误"),
    ("did not find expected '-' indicator", "列表的每一项要以「- 」开头，并且对齐"),
    ("expected <block end>", "这一行接不上上面的内容：检查缩进（同一层的键要对齐）和上一行的写法"),
    ("did not find expected key", "这一行接不上上面的内容：检查缩进（同一层的键要对齐）和上一行的写法"),
)
COLON_FALLBACK = (
    "读不懂这一行的冒号：键和值之间写一个冒号和一个空格（「键: 值」），值里要有冒号时给值加上引号"
)
YAML_FALLBACK = "这一行不是正确的YAML写法（检查缩进、冒号和引号）"


@dataclass(frozen=True)
class Line:
    """One written line of the file (not blank, not only a comment)."""

    number: int
    indent: int
    body: str  # without the indentation and a comment after it

    @property
    def item(self) -> bool:
        return self.body.startswith(ITEM) or self.body == "-"

    @property
    def entry(self) -> str:
        """The body without a list item's 「- 」."""
        return self.body[len(ITEM) :].lstrip() if self.item else self.body

    @property
    def key(self) -> str | None:
        """The key before the line's colon (「狼人: 1」, 「身份:」), or None when it has none."""
        entry = self.entry
        colon = entry.find(": ")
        if colon < 0 and entry.endswith(":"):
            colon = len(entry) - 1
        return entry[:colon].strip() if colon > 0 else None

    @property
    def value(self) -> str:
        """What follows the key's colon, if anything."""
        key = self.key
        return "" if key is None else self.entry[self.entry.find(":") + 1 :].strip()


def explain(error: yaml.MarkedYAMLError, text: str) -> tuple[int | None, str]:
    """The line to name and what to tell the director about a YAML error in `text`."""
    said = f"{error.context or ''} {error.problem or ''}"
    problem, context = error.problem_mark, error.context_mark
    if "could not find expected ':'" in said and context is not None:
        return _missing_colon(_written(text, context.line + 1)[-1])
    if "mapping values are not allowed" in said and problem is not None:
        return _colon_out_of_place(_written(text, problem.line + 1), problem.column)
    indentation = "expected <block end>" in said or "did not find expected" in said
    if indentation and "flow" not in said and problem is not None:
        misaligned = _misaligned(_written(text, problem.line + 1))
        if misaligned is not None:
            return misaligned
    for english, chinese in YAML_PROBLEMS:
        if english in said:
            return _line_of(error, text), chinese
    return _line_of(error, text), YAML_FALLBACK


def _written(text: str, last: int) -> list[Line]:
    """The written lines of `text` up to line `last` (which is always the last one given)."""
    lines = text.split("\n")[:last]
    written = [_line(number, line) for number, line in enumerate(lines[:-1], start=1)]
    return [line for line in written if line.body] + [_line(last, lines[-1])]


def _line(number: int, text: str) -> Line:
    body = text.lstrip(" ")
    comment = body.find(" #")
    if body.startswith("#"):
        body = ""
    elif comment >= 0:
        body = body[:comment]
    return Line(number, len(text) - len(text.lstrip(" ")), body.rstrip())


def shown_line(indent: int, body: str) -> str:
    """How a line should be written, and its indentation in words."""
    where = "（顶格写，前面不要空格）" if indent == 0 else f"（前面{indent}个空格）"
    return f"「{' ' * indent}{quote(body)}」{where}"


def _with_colon(body: str) -> str:
    """「狼人 1」 -> 「狼人: 1」, 「身份」 -> 「身份:」, 「板子:甲」 -> 「板子: 甲」."""
    item = ITEM if body.startswith(ITEM) else ""
    entry = body[len(item) :].lstrip()
    colon = entry.find(":")
    if colon > 0:
        word, rest = entry[:colon], entry[colon + 1 :]
    else:
        word, _, rest = entry.partition(" ")
    return f"{item}{word.strip()}: {rest.strip()}".rstrip()


def _missing_colon(line: Line) -> tuple[int, str]:
    if ":" in line.entry and line.key is None:
        return line.number, f"冒号后面要有一个空格：写成{shown_line(line.indent, _with_colon(line.body))}"
    return (
        line.number,
        f"缺少冒号：每一项写成「键: 值」，这一行写成{shown_line(line.indent, _with_colon(line.body))}",
    )


def _colon_out_of_place(lines: list[Line], column: int) -> tuple[int, str]:
    """「mapping values are not allowed here」: a second colon on the line, a line above without
    its colon, or a line indented further than the one above it, which has its value already."""
    *before, line = lines
    first = (" " * line.indent + line.body).find(": ")
    if line.key is not None and 0 <= first < column:
        return line.number, (
            f"这一行有两个冒号：值里要有冒号时，给值加上引号（「{quote(line.key)}: "
            f'"{quote(line.value)}"」）；若是两项，请分成两行写'
        )
    previous = before[-1] if before else None
    if previous is not None and previous.key is None and not previous.item and not _in_brackets(previous):
        return _missing_colon(previous)
    if previous is not None and line.indent > previous.indent:
        return _too_deep(line, previous, before)
    return line.number, COLON_FALLBACK


def _in_brackets(line: Line) -> bool:
    return any(mark in line.body for mark in "[]{}")


def _too_deep(line: Line, previous: Line, before: list[Line]) -> tuple[int, str]:
    """A line indented further than the line above it, which has its value already (「身份: 1」
    and the roles under it: the value may be the mistake, not the indentation)."""
    level, _ = _expected(line, before)
    shown = shown_line(level, line.body)
    key = previous.key
    if key is not None and previous.value and _holds_lines(key, line):
        return line.number, (
            f"缩进不对：第{previous.number}行「{quote(key)}」已经写了值，下面的行不能再缩进。"
            f"若这一行属于「{quote(key)}」，请删掉第{previous.number}行冒号后面的「{quote(previous.value)}」；"
            f"否则这一行应当写成{shown}"
        )
    return line.number, f"缩进不对：这一行缩进多了，应当写成{shown}"


def _holds_lines(key: str, line: Line) -> bool:
    """Whether the line could be the key's own (身份's roles, 夜晚's steps, a role's options):
    then the key's value may be the mistake, not the line's indentation."""
    if key in CONTAINER_KEYS:
        return line.key in library.ROLES or line.key not in TOP_KEYS
    return key in library.ROLES and not _names_something_else(line.key)


def _names_something_else(key: str | None) -> bool:
    """A role's or a board-wide key's name: not an option a role's line could hold."""
    return key in library.ROLES or key in TOP_KEYS


def _misaligned(lines: list[Line]) -> tuple[int, str] | None:
    """「expected <block end>」 and its kin: a line at an indentation no line above opened, or a
    list item among keys (or a key among list items); None when it is neither."""
    *before, line = lines
    level, sibling = _expected(line, before)
    if sibling is None:
        return None
    if level == line.indent and sibling.item != line.item:
        if sibling.item:
            fixed = shown_line(level, ITEM + line.entry)
            return line.number, (
                f"缩进或列表不对：第{sibling.number}行是列表的一项（以「- 」开头），同一层的这一行也要以「- 」开头："
                f"写成{fixed}"
            )
        return line.number, (
            f"缩进或列表不对：同一层的第{sibling.number}行不是列表的一项，这一行却以「- 」开头："
            f"写成{shown_line(level, line.entry)}；或者同一层的每一行都以「- 」开头（像夜晚那样）"
        )
    if level == line.indent:
        return None
    aligned = "顶格写" if level == 0 else f"和第{sibling.number}行对齐"
    return line.number, f"缩进不对：这一行应当{aligned}，写成{shown_line(level, line.body)}"


def _expected(line: Line, before: list[Line]) -> tuple[int, Line | None]:
    """The indentation the line should have, and the line above that opened it (its nearest
    sibling): a board-wide key starts its line; anything else goes to the nearest level open."""
    levels: list[Line] = []
    for above in before:
        while levels and levels[-1].indent > above.indent:
            levels.pop()
        if levels and levels[-1].indent == above.indent:
            levels[-1] = above
        else:
            levels.append(above)
    if not levels:
        return 0, None
    if line.key in TOP_KEYS and line.key not in library.ROLES and not line.item:
        return 0, levels[0]
    nearest = min(reversed(levels), key=lambda above: abs(above.indent - line.indent))
    return nearest.indent, nearest


def _line_of(error: yaml.MarkedYAMLError, text: str) -> int | None:
    """The line a director should look at: where the problem is; when YAML ran to the end of the
    file looking for what closes a quote or a bracket, where that opened, or the last line written;
    for a bracket, where it opened."""
    problem, context = error.problem_mark, error.context_mark
    if problem is None:
        return None
    flow = "flow" in f"{error.context or ''}"
    if flow and context is not None and context.line < problem.line:
        return int(context.line) + 1
    for mark in (problem, context):
        if mark is not None and text[mark.index :].strip():
            return int(mark.line) + 1
    return len(text.rstrip().splitlines()) or 1
