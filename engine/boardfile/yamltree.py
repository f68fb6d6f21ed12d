"""A board file's YAML as plain data, with the line of every key and value.

PyYAML's safe loader composes the nodes; nothing is constructed from tags. Anchors and aliases
(the stuff of YAML bombs) and deep nesting are refused while composing, before any work grows
with them. Every scalar stays the text the director wrote (`3`, `1.5`, `8:00` are strings here;
the schema reads them), except an empty value, which is None.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from bansha_engine.boardfile.punctuation import TooDeep, prepared
from bansha_engine.boardfile.yamlerrors import YAML_FALLBACK, explain
from bansha_engine.parse import quote

Path = tuple[str | int, ...]
NULL_TAG = "tag:yaml.org,2002:null"
MAX_DEPTH = 8  # a board file needs four levels (身份 → 女巫 → 自救); deeper is not a board
DEEP = f"层次太深：板子文件最多{MAX_DEPTH}层"
ONE_LINE = "值要写在一行里：板子文件不用「|」「>」这样的多行写法"


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


def compose(text: str) -> yaml.Node | None:
    """The file's single document as nodes (None when empty); YamlRefused when it is not YAML."""
    try:
        text = prepared(text, MAX_DEPTH)
    except TooDeep as deep:
        raise YamlRefused(deep.line, DEEP) from None
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as error:  # a control character: refused before any parsing
        line = text.count("\n", 0, error.position) + 1
        raise YamlRefused(line, f"文件里有不能用的控制字符（U+{error.character:04X}），请删掉它") from None
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    except yaml.MarkedYAMLError as error:
        raise YamlRefused(*explain(error, text)) from None
    except yaml.YAMLError:
        raise YamlRefused(None, YAML_FALLBACK) from None
    finally:
        loader.dispose()


@dataclass
class Tree:
    """The file as dicts, lists and strings, and where each part of it is."""

    data: Any
    value_lines: dict[Path, int] = field(default_factory=dict)
    key_lines: dict[Path, int] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)  # duplicate or unusable keys
    one_line: bool = False  # a value over several lines is a problem

    def line(self, path: Path) -> int | None:
        """The line of the value at `path`, or of the nearest part of the file around it."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.value_lines:
                return self.value_lines[path[:end]]
        return None

    def key_line(self, path: Path) -> int | None:
        return self.key_lines.get(path) or self.line(path)


def tree_of(root: yaml.Node | None, *, one_line: bool = False) -> Tree:
    """The file's data; `one_line`: a value over several lines (no file needs one) is a problem
    (for files sent now: a stored one is read as it was)."""
    tree = Tree(data=None, one_line=one_line)
    if root is not None:
        tree.data = _walk(root, (), tree)
    return tree


def _walk(node: yaml.Node, path: Path, tree: Tree) -> Any:
    tree.value_lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        if node.tag == NULL_TAG and node.value in ("", "~"):
            return None
        value = str(node.value).strip()
        if tree.one_line and _several_lines(value):  # a block scalar (「|」「>」), an escaped line break
            tree.problems.append((node.start_mark.line + 1, ONE_LINE))
            return " ".join(value.split())
        return value
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, (*path, index), tree) for index, item in enumerate(node.value)]
    mapping: dict[str, Any] = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if (
            not isinstance(key_node, yaml.ScalarNode)
            or not str(key_node.value).strip()
            or _several_lines(str(key_node.value).strip())
        ):
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


def _several_lines(text: str) -> bool:
    return len(text.splitlines()) > 1
