"""Reading the vote posts a director pastes after `/投票`, as copied from the forum.

A post is its author's line — the seat's 昵称 (马甲) or `N号`, optionally followed by the post's time
as the forum shows it (`发表于 2026-12-05 20:31`, `2026-12-05 20:31`, `昨天 20:31`, `20:31`) on that
line or the next — then its body in the posts' format:

    投票对象：饺子              改票对象：包子
    投票理由：饺子好吃          改票理由：包子也好吃

The object and the reason may share a line; `：` or `:`, full- or half-width punctuation alike.  A
line of two words, `A号 B号` (or `A号 弃权`), is the director's own transcription of a vote, and
`代投 A号 B号` a vote the director casts for a player who asked; both may be mixed in.

What a copy from a forum page looks like is written down in docs/rulings-day.md: lenient in reading
(blank lines, decorations around the author, the quoted original floor of a change, a post pasted
twice), exact in recording (anything that is not certainly a vote of a known seat is said, never
guessed).  Reading is one pass over the lines plus one over the posts: linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from bansha_engine.parse import SEAT_RE

VOTE, CHANGE = "投票", "改票"
ABSTAIN_WORDS = ("弃权", "弃票")
MAX_ENTRIES = 200  # posts and lines in one /投票: every post of a 30-seat day's thread, changes and all

INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
REPEATED_COMMAND = re.compile(r"^\s*(?:/投票\s*|投票\s+)")
OBJECT = re.compile(r"^[【\[]?(投票|改票)对象[】\]]?\s*:\s*(.*)$")
OBJECT_NO_COLON = re.compile(r"^[【\[]?(投票|改票)对象[】\]]?(?!\s*:)")
REASON = re.compile(r"^[【\[]?(投票|改票)理由[】\]]?\s*:\s*(.*)$")
INLINE_REASON = re.compile(r"[【\[]?(?:投票|改票)理由[】\]]?\s*:")
OBJECT_END = " \t,;，；、。.|/"
# The times a forum shows: a full date, a month and day, 今天/昨天/前天, a clock alone, or 「3 分钟前」.
TIME = (
    r"(?:\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}日?|\d{1,2}\s*[-/月]\s*\d{1,2}日?|今天|昨天|前天)?"
    r"\s*\d{1,2}:\d{2}(?::\d{2})?"
    r"|\d+\s*(?:秒|分钟|小时|天)\s*前|半小时前|刚刚"
)
TIME_RE = re.compile(TIME)
# The time on a line of its own, perhaps after the floor's mark (百度贴吧 「2楼 2026-12-05 20:31」, NGA 「#3 …」)
TIME_LINE = re.compile(
    rf"^(?:(?:#\s*\d+|\d+\s*[#楼]|沙发|板凳|地板)\s*)?(?:发表于\s*)?({TIME})(?:\s*(?:\||｜|只看该作者|楼主|\d+\s*[#楼]|回复).*)?$"
)
POSTED_AT = re.compile(rf"发表于\s*({TIME})")
# A floor's decorations after the author's name: 「2#」「5楼」「沙发」「楼主」.
FLOOR = re.compile(r"\s*(?:\d+\s*[#楼]|沙发|板凳|地板|楼主|\|)\s*$")
BRACKETED = re.compile(r"^(.+?)\s*\((.+)\)$")
PROXY = "代投"

# Resolves a name as written (N号 or a 昵称) to a seat; `strict`: only N号 and 昵称 (an author line),
# not a bare number or #N (a floor number in a copied page).
Resolver = Callable[[str, bool], int | None]


def fold(text: str) -> str:
    """A line as compared: full-width forms as ASCII (NFKC), invisible characters dropped, trimmed."""
    return unicodedata.normalize("NFKC", text).translate(INVISIBLE).strip()


@dataclass
class Post:
    """One vote post as read: its author, time, kind, object and reason, or why it is void."""

    line: int  # the author's line, counted from the line after /投票 (1)
    author: int | None  # None: a name that is no seat of this game
    author_text: str
    time: str | None = None  # as written: 「2026-12-05 20:31」, 「20:31」, 「3 小时前」
    kind: str | None = None  # 投票 | 改票; None: no object line
    target_text: str = ""
    reason: str | None = None  # None: no reason line
    body: list[str] = field(default_factory=list)  # every body line, as written (for a 废票's quote)
    objects: dict[str, list[str]] = field(default_factory=dict)  # kind -> objects as written
    loose_object: bool = False  # 「投票对象 10号」 without a colon

    def problem(self) -> str | None:
        """Why the post is a 废票 (投票格式有误), or None."""
        if self.kind is None:
            if self.loose_object:
                return "「投票对象」后面缺少冒号"
            first = f"（「{self.body[0][:20]}」）" if self.body else ""
            return f"没有「投票对象：」这一行{first}"
        if len(self.objects[self.kind]) > 1:
            return f"一帖里有{len(self.objects[self.kind])}个{self.kind}对象"
        if not self.target_text:
            return f"{self.kind}对象是空的"
        return None


@dataclass(frozen=True)
class Transcribed:
    """`A号 B号` (the director's transcription) or `代投 A号 B号` (a vote cast for a player)."""

    line: int
    text: str
    voter: str
    target: str
    proxy: bool


Entry = Post | Transcribed


@dataclass
class Reading:
    """What was read from a pasted thread: its entries, and how many lines belonged to no post."""

    entries: list[Entry]
    ignored: int  # lines that belong to no post (a thread's title, a page's decorations)


def read(text: str, seat_of: Resolver) -> Reading:
    """The entries of a /投票 message's text (everything after the command word), in order."""
    reader = _Reader(seat_of)
    for number, raw in enumerate(text.split("\n"), 1):
        reader.take(number, raw)
    entries = _merged(reader.entries)
    return Reading(entries, reader.ignored + len(reader.entries) - len(entries))


class _Reader:
    def __init__(self, seat_of: Resolver) -> None:
        self.seat_of = seat_of
        self.entries: list[Entry] = []
        self.post: Post | None = None
        self.ignored = 0

    def take(self, number: int, raw: str) -> None:
        line = REPEATED_COMMAND.sub("", fold(raw), count=1).strip()
        if not line:
            return
        post = self.post
        if post is not None and post.kind is None and post.time is None:
            found = TIME_LINE.match(line)
            if found:  # the time on the line after the author's
                post.time = found.group(1)
                return
        if self.body_line(number, line, raw.strip()):
            return
        author = self.author(line)
        if author is not None:
            name, seat, time = author
            self.post = Post(number, seat, name, time)
            self.entries.append(self.post)
            return
        transcribed = self.transcribed(number, line)
        if transcribed is not None:
            self.post = None
            self.entries.append(transcribed)
            return
        if post is None:
            self.ignored += 1
        else:
            post.body.append(raw.strip())

    def body_line(self, number: int, line: str, raw: str) -> bool:
        """An object or reason line: added to the post being read (a second object of the same kind
        after a complete vote starts the post of an author this game does not know)."""
        found = OBJECT.match(line)
        if found:
            kind, rest = found.group(1), found.group(2)
            post = self.post
            if post is None or (kind in post.objects and post.reason is not None):
                post = self.stray_post(number, post)
            value, reason = _split_reason(rest)
            post.objects.setdefault(kind, []).append(value)
            if post.kind != CHANGE:
                post.kind, post.target_text = kind, value
            if reason is not None:
                post.reason = reason
            post.body.append(raw)
            return True
        found = REASON.match(line)
        if found and self.post is not None:
            self.post.reason = found.group(2).strip()
            self.post.body.append(raw)
            return True
        if OBJECT_NO_COLON.match(line) and self.post is not None:
            self.post.loose_object = True
        return False

    def stray_post(self, number: int, post: Post | None) -> Post:
        """An object line (line `number`) that belongs to no known author: the line before it, if it
        was not part of a vote, names the stranger."""
        name = ""
        if post is not None and post.body and not _is_vote_line(fold(post.body[-1])):
            name = post.body.pop()
        stray = Post(number, None, name)
        self.entries.append(stray)
        self.post = stray
        return stray

    def author(self, line: str) -> tuple[str, int | None, str | None] | None:
        """The line names a seat (and perhaps the post's time): (name, seat, time), else None."""
        seat = self.seat_of(line, True) or self.seat_of(FLOOR.sub("", line).strip(), True)
        if seat is not None:
            return line, seat, None
        posted = POSTED_AT.search(line)
        found = posted or TIME_RE.search(line)
        if found is None or found.start() == 0:
            return None
        head = FLOOR.sub("", line[: found.start()]).strip()
        seat = self.seat_of(head, True) if head else None
        if seat is None:
            if posted is None:
                return None
            return head, None, posted.group(1)  # 「某人 发表于 …」: a post, of no seat of ours
        return head, seat, (posted.group(1) if posted else found.group(0))

    def transcribed(self, number: int, line: str) -> Transcribed | None:
        words = line.split()
        proxy = bool(words) and words[0] == PROXY
        if proxy:
            words = words[1:]
        elif words and words[0].startswith(PROXY) and len(words) == 2:  # 「代投3号 7号」
            words = [words[0][len(PROXY) :], words[1]]
            proxy = True
        if len(words) != 2:
            return None
        voter, target = words
        if self.seat_of(voter, False) is None:
            return None
        if target not in ABSTAIN_WORDS and self.seat_of(target, False) is None:
            return None
        return Transcribed(number, line, voter, target, proxy)


def _split_reason(rest: str) -> tuple[str, str | None]:
    """「10号 投票理由：跟预言家」 → ("10号", "跟预言家"); no reason on the line: None."""
    found = INLINE_REASON.search(rest)
    if found is None:
        return rest.strip().strip(OBJECT_END), None
    return rest[: found.start()].strip().strip(OBJECT_END), rest[found.end() :].strip()


def _is_vote_line(line: str) -> bool:
    return bool(OBJECT.match(line) or REASON.match(line))


def _merged(entries: list[Entry]) -> list[Entry]:
    """Join what a copy splits: an author line alone followed by the same author's post (a page's
    name column, then 「饺子 发表于 …」), or by a quoted original floor holding the change
    (「改票需回复原投票楼层」: the quote's header names the original's author).  An author line with
    nothing after it is dropped (a name alone on a line is not a post)."""
    merged: list[Entry] = []
    index = 0
    while index < len(entries):
        entry = entries[index]
        following = entries[index + 1] if index + 1 < len(entries) else None
        if isinstance(entry, Post) and _empty(entry):
            if isinstance(following, Post) and (
                following.author == entry.author or CHANGE in following.objects
            ):
                following.line, following.author, following.author_text = (
                    entry.line,
                    entry.author,
                    entry.author_text,
                )
                following.time = entry.time or following.time
            index += 1
            continue
        merged.append(entry)
        index += 1
    return merged


def _empty(post: Post) -> bool:
    return post.kind is None and not post.body and not post.loose_object


def seat_word(word: str) -> int | None:
    """`7号`, `7`, `#7` (any of them a seat as the director writes one)."""
    found = SEAT_RE.match(word)
    return int(found.group(1)) if found else None


def names(nicks: dict[int, str], seats: int) -> Resolver:
    """The resolver of a game's names: `N号` of its seats, and each 昵称 held by one seat only."""
    by_nick: dict[str, int | None] = {}
    for seat, nick in nicks.items():
        if nick:
            key = fold(nick)
            by_nick[key] = None if key in by_nick else seat
    strict_seat = re.compile(r"^(\d{1,2})[号號]$")

    def seat_of(word: str, strict: bool) -> int | None:
        word = word.strip()
        number = (
            (int(found.group(1)) if (found := strict_seat.match(word)) else None)
            if strict
            else seat_word(word)
        )
        if number is not None:
            return number if 1 <= number <= seats else None
        if word in by_nick:
            return by_nick[word]
        return _seat_with_nick(word, by_nick, seats)

    return seat_of


def _seat_with_nick(word: str, by_nick: dict[str, int | None], seats: int) -> int | None:
    """「3号 饺子」「饺子 3号」「饺子(3号)」「3号(饺子)」: a seat and its own 昵称 together."""
    found = BRACKETED.match(word)
    parts = [found.group(1), found.group(2)] if found else word.split(maxsplit=1)
    if len(parts) != 2:
        return None
    for first, second in (parts, parts[::-1]):
        number = seat_word(first.strip())
        if number is not None and 1 <= number <= seats and by_nick.get(second.strip()) == number:
            return number
    return None
