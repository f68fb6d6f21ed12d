"""A board file's YAML as plain data, with the line of every key and value.

PyYAML's safe loader composes the nodes; nothing is constructed from tags. Anchors and aliases
(the stuff of YAML bombs) and deep nesting are refused while composing, before any work grows
with them. Every scalar stays the text the director wrote (`3`, `1.5`, `8:00` are strings here;
the schema reads them), except an empty value, which is None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from bansha_engine.parse import quote

Path = tuple[str | int, ...]
NULL_TAG = "tag:yaml.org,2002:null"
MAX_DEPTH = 8  # a board file needs four levels (身份 → 女巫 → 自救); deeper is not a board
# 「狼人：3」 with a full-width colon after a key, as a Chinese keyboard types it.
FULLWIDTH_KEY = re.compile(r"^(\s*(?:-\s+)?[^\s:：#'\"{}\[\],]+?)\s*：[ \t]*", re.M)
# PyYAML's messages, as a director reads them.
YAML_PROBLEMS = (
    ("found character '\\t'", "不能用Tab缩进，请用空格"),
    (
        "mapping values are not allowed",
        "这里的冒号放不下：可能是缩进多了、上一行缺少冒号，或值里有冒号（请给值加引号）",
    ),
    ("could not find expected ':'", "缺少冒号：每一项应当写成「键: 值」"),
    ("expected <block end>", "缩进没有对齐：同一层的键要对齐"),
    ("expected a single document", "一个文件只能写一个板子（不要用---分成几段）"),
    ("found unexpected end of stream", "引号或括号没有配对"),
    ("found unknown escape character", "引号里有看不懂的转义字符"),
    ("while scanning a quoted scalar", "引号没有配对"),
    ("did not find expected key", "缩进或列表的写法有误"),
    ("did not find expected ',' or '}'", "花括号「{}」里的写法有误：应当是「{数量: 1, 自救: 首夜}」"),
    ("did not find expected ',' or ']'", "方括号「[]」里的写法有误"),
    ("while parsing a flow", "括号「[]」「{}」没有配对，或括号里的写法有误"),
    ("did not find expected '-' indicator", "列表的每一项要以「- 」开头并对齐"),
)
COMMENT = re.compile(r"(^|\s)#.*$")
QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'")
DEEP = f"层次太深：板子文件最多{MAX_DEPTH}层"
YAML_FALLBACK = "这一行不是正确的YAML写法（检查缩进、冒号和引号）"


class YamlRefused(Exception):
    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing anchors, aliases and deep nesting as it composes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise YamlRefused(
                event.start_mark.line + 1, "板子文件不能使用锚点「&」和别名「*」，请把内容直接写出来"
            )
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise YamlRefused(event.start_mark.line + 1, DEEP)
        try:
            return super().compose_node(parent, index)  # type: ignore[no-any-return]
        finally:
            self.depth -= 1


def _flow_too_deep(text: str) -> int | None:
    """The line where brackets (`[`, `{`) nest deeper than MAX_DEPTH (outside quotes and
    comments), or None.

    PyYAML's scanner takes time quadratic in the open brackets before the composer sees them
    (hundreds of milliseconds for a thousand `[`), so they are counted first, in one pass."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in COMMENT.sub("", QUOTED.sub("", line)):
            if char in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number
            elif char in "]}":
                depth = max(0, depth - 1)
    return None


def compose(text: str) -> yaml.Node | None:
    """The file's single document as nodes (None when empty); YamlRefused when it is not YAML."""
    text = FULLWIDTH_KEY.sub(r"\1: ", text)
    deep = _flow_too_deep(text)
    if deep is not None:
        raise YamlRefused(deep, DEEP)
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as error:  # a control character: refused before any parsing
        line = text.count("\n", 0, error.position) + 1
        raise YamlRefused(line, f"文件里有不能用的控制字符（U+{error.character:04X}），请删掉它") from None
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    except yaml.MarkedYAMLError as error:
        raise YamlRefused(_line_of(error, text), _explain(error)) from None
    except yaml.YAMLError:
        raise YamlRefused(None, YAML_FALLBACK) from None
    finally:
        loader.dispose()


def _line_of(error: yaml.YAMLError, text: str) -> int | None:
    """The line a director should look at: where the problem is; when YAML ran to the end of the
    file looking for what closes a quote or a bracket, where that opened, or the last line written."""
    problem = getattr(error, "problem_mark", None)
    context = getattr(error, "context_mark", None)
    if problem is None:
        return None
    for mark in (problem, context):
        if mark is not None and text[mark.index :].strip():
            return int(mark.line) + 1
    return len(text.rstrip().splitlines()) or 1


def _explain(error: yaml.MarkedYAMLError) -> str:
    said = f"{error.context or ''} {error.problem or ''}"
    for english, chinese in YAML_PROBLEMS:
        if english in said:
            return chinese
    return YAML_FALLBACK


@dataclass
class Tree:
    """The file as dicts, lists and strings, and where each part of it is."""

    data: Any
    value_lines: dict[Path, int] = field(default_factory=dict)
    key_lines: dict[Path, int] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)  # duplicate or unusable keys

    def line(self, path: Path) -> int | None:
        """The line of the value at `path`, or of the nearest part of the file around it."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.value_lines:
                return self.value_lines[path[:end]]
        return None

    def key_line(self, path: Path) -> int | None:
        return self.key_lines.get(path) or self.line(path)


def tree_of(root: yaml.Node | None) -> Tree:
    tree = Tree(data=None)
    if root is not None:
        tree.data = _walk(root, (), tree)
    return tree


def _walk(node: yaml.Node, path: Path, tree: Tree) -> Any:
    tree.value_lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag == NULL_TAG and node.value in ("", "~") else str(node.value).strip()
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, (*path, index), tree) for index, item in enumerate(node.value)]
    mapping: dict[str, Any] = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode) or not str(key_node.value).strip():
            tree.problems.append((line, "键必须是一个词，例如「女巫: 1」"))
            continue
        key = str(key_node.value).strip()
        if key in mapping:
            first = tree.key_lines[(*path, key)]
            tree.problems.append((line, f"「{quote(key)}」写了两次（第{first}行已经写过），只能写一次"))
            continue
        tree.key_lines[(*path, key)] = line
        mapping[key] = _walk(value_node, (*path, key), tree)
        if value_node.tag == NULL_TAG and value_node.value in ("", "~"):
            tree.value_lines[(*path, key)] = line  # an empty value is on its key's line
    return mapping
