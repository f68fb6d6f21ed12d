"""A board file as YAML is to read it: the full-width colons and commas a Chinese keyboard types,
read where the docs promise, and brackets nested too deep refused, in one pass over the text.

- 「狼人：3」, 「- 狼人：30分钟」: a full-width colon right after a line's key is a colon;
- 「女巫: {数量：1，自救：首夜}」: in brackets, the full-width colon after each entry's key is a colon
  (in `{}`, and in `[]` for a mapping of one key), and a full-width comma is a comma.

Quotes and comments are left as they are. Nothing here adds or removes a line, so the lines of the
result are the lines of the file. Each character is looked at once, and each line is cut a constant
number of times: the work grows with the file, whatever its shape (a pattern that matched a line's
start with `\\s*` crossed line ends and took seconds on a file of blank lines).
"""

from __future__ import annotations

from dataclasses import dataclass, field

KEY_COLON = "："
COMMA = "，"
BLANKS = " \t"
KEY_STOPS = frozenset(":：#'\"{}[],")  # characters a key written unquoted never has
OPENING = "[{"
CLOSING = "]}"
QUOTES = "\"'"
# Where a quote opens a quoted scalar: at a token's start, not inside a word (「it's」 is no quote).
TOKEN_STARTS = " \t[{,"
FLOW_MARKS = "{[\"'"  # a line without these, outside brackets and quotes, is read by its key alone


class TooDeep(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def prepared(text: str, max_depth: int) -> str:
    """`text` with its full-width colons and commas read as above; TooDeep (with the line) when
    brackets nest deeper than `max_depth` (PyYAML would take time quadratic in them)."""
    reader = _Reader(max_depth)
    return "\n".join(reader.line(number, line) for number, line in enumerate(text.split("\n"), start=1))


def comment_start(line: str) -> int | None:
    """Where a line's comment starts (its 「#」 after a blank, outside quotes), read as if nothing
    were open before it; None when it has none."""
    reader = _Reader(max_depth=len(line) + 1)
    reader.flow_line(1, line)
    return reader.comment_at


def block_key_colon(line: str) -> str:
    """「  狼人：3」 -> 「  狼人: 3」: the full-width colon right after the line's key (after its
    indentation and a list item's 「- 」), when the key is one unquoted word."""
    colon = line.find(KEY_COLON)
    if colon < 0:
        return line
    start = len(line) - len(line.lstrip(BLANKS))
    if line.startswith("-", start) and line[start + 1 : start + 2] in (" ", "\t"):
        start = len(line) - len(line[start + 1 :].lstrip(BLANKS))
    key = line[start:colon].rstrip(BLANKS)
    if not key or any(char in KEY_STOPS or char.isspace() for char in key):
        return line
    return f"{line[:start]}{key}: {line[colon + 1 :].lstrip(BLANKS)}"


@dataclass
class _Reader:
    """What is open where a line starts: brackets (with, for each `{`, whether its entry's key has
    had its colon) and a quote."""

    max_depth: int
    brackets: list[str] = field(default_factory=list)
    keyed: list[bool] = field(default_factory=list)
    quote: str | None = None
    escaped: bool = False
    comment_at: int | None = None  # where the last line read has its comment

    def line(self, number: int, line: str) -> str:
        if not self.brackets and self.quote is None:
            line = block_key_colon(line)
            if not any(mark in line for mark in FLOW_MARKS):
                return line
        return self.flow_line(number, line)

    def flow_line(self, number: int, line: str) -> str:
        out: list[str] = []
        previous = " "  # a line's start is a token's start
        closed_quote = False  # the character before closed a single quote ('' is a quote inside it)
        self.comment_at = None
        for index, char in enumerate(line):
            if self.quote is not None:
                self.in_quote(char)
                closed_quote = self.quote is None and char == "'"
            elif closed_quote and char == "'":
                self.quote, closed_quote = "'", False
            elif char == "#" and previous in BLANKS:
                self.comment_at = index
                out.append(line[index:])
                break
            else:
                closed_quote = False
                char = self.outside_quotes(number, char, line, index, previous)
            out.append(char)
            previous = char[-1]
        self.escaped = False
        return "".join(out)

    def in_quote(self, char: str) -> None:
        if self.escaped:
            self.escaped = False
        elif char == "\\" and self.quote == '"':
            self.escaped = True
        elif char == self.quote:
            self.quote = None

    def outside_quotes(self, number: int, char: str, line: str, index: int, previous: str) -> str:
        """The character as YAML is to read it, after noting what it opens or closes.  Outside
        brackets a quote or a bracket opens only where a value starts (「a[b」 is a word)."""
        starts = previous in TOKEN_STARTS
        if char in QUOTES and starts:
            self.quote = char
        elif char in OPENING and (starts or self.brackets):
            self.brackets.append(char)
            self.keyed.append(False)
            if len(self.brackets) > self.max_depth:
                raise TooDeep(number)
        elif char in CLOSING:
            if self.brackets:
                self.brackets.pop()
                self.keyed.pop()
        elif self.brackets:
            return self.in_brackets(char, line, index)
        return char

    def in_brackets(self, char: str, line: str, index: int) -> str:
        """In brackets, a comma ends an entry; the entry's first colon follows its key (「{数量：1}」,
        and 「[狼人：30分钟]」, a mapping of one key in a list)."""
        if char in (",", COMMA):
            self.keyed[-1] = False
            return ", " if char == COMMA else char
        if not self.keyed[-1]:
            if char == KEY_COLON:
                self.keyed[-1] = True
                return ": "
            if char == ":" and line[index + 1 : index + 2] in ("", " ", "\t", ",", "}", "]"):
                self.keyed[-1] = True
        return char
