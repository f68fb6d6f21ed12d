"""Reading what users type: seats, durations, clock times, command words."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bansha_engine.api import Rejected

FULLWIDTH = str.maketrans("０１２３４５６７８９／＃：　", "0123456789/#: ")
FULLWIDTH_RE = re.compile("[０-９／＃：　]")  # found in C: translate() looks every character up
SEAT_RE = re.compile(r"^#?(\d{1,2})[号號]?$")
# Typed after a word as in a sentence ("/预言 7号。"): not part of the word.
PUNCTUATION = "。．.，,、！!？?；;：:…~～"
DURATION_RE = re.compile(r"^(\d+(?:\.\d+)?)\s*(秒|s|分钟|分|min|m|小时|时|h)$", re.I)
CLOCK_RE = re.compile(r"^(\d{1,2})[:：](\d{2})$")
NONE_WORDS = ("空", "无", "不刀", "空刀")
MAX_DURATION = 30 * 24 * 3600.0  # a deadline further off than this is a typo (and past datetime's range)
# One message: room for the longest argument (遗言) with its command, and far below the 4,300 digits
# past which int() refuses a digit string; nothing longer is ever taken, so nothing longer is stored.
MAX_MESSAGE = 2000
QQ_DIGITS = (5, 11)  # QQ numbers start at 10000 and have at most eleven digits
GROUP_DIGITS = 12
QUOTE_LIMIT = 20  # how much of a word a reply repeats back
MAX_NAME = 20  # an actor's name (昵称): a forum ID is at most fifteen characters


# Characters that show as nothing, or turn the text after them around, yet make a name another
# name: format characters (zero-width spaces and joiners U+200B–U+200D, U+2060, the BOM U+FEFF,
# the bidi controls U+202A–U+202E and U+2066–U+2069 …), controls, unassigned and private code
# points, line separators; and the letters and marks that are drawn blank (Hangul fillers, the
# braille blank, the combining grapheme joiner, variation selectors).
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e")


def invisible(text: str) -> str | None:
    """The first character of `text` that a reader cannot see (see INVISIBLE_CATEGORIES), or None."""
    for char in text:
        if (
            unicodedata.category(char) in INVISIBLE_CATEGORIES
            or char in BLANK_LETTERS
            or "\ufe00" <= char <= "\ufe0f"
            or "\U000e0100" <= char <= "\U000e01ef"
        ):
            return char
    return None


def invisible_in_name(char: str) -> str:
    """Why a name with an invisible character is refused."""
    return (
        f"名字里有看不见的字符（U+{ord(char):04X}），它会让这个名字看起来和别的名字一样：请删掉它，"
        "名字只写看得见的字"
    )


def normalize(text: str) -> str:
    """Full-width digits and signs to ASCII, surrounding blanks trimmed."""
    return (text.translate(FULLWIDTH) if FULLWIDTH_RE.search(text) else text).strip()


def clean(word: str) -> str:
    """A word as meant: normalized, without the punctuation a sentence puts after it."""
    return normalize(word).rstrip(PUNCTUATION)


def split_command(text: str, known: Iterable[str] = ()) -> tuple[str, list[str]]:
    """'/预言 7号' -> ('预言', ['7号']); a missing leading '/' is fine.

    A command word glued to what follows ('/预言7号', '/刀空') is split off when it is one of the
    `known` words (the longest that fits); words that are punctuation alone ('。') are dropped."""
    words = [word for word in normalize(text).split() if word.strip(PUNCTUATION)]
    if not words:
        return "", []
    head, args = words[0].lstrip("/"), words[1:]
    word = clean(head)
    if word in known:
        return word, args
    glued = max((word for word in known if head.startswith(word)), key=len, default=None)
    if glued is None:
        return head, args
    rest = head[len(glued) :].lstrip(PUNCTUATION)
    return glued, [rest, *args] if rest else args


SEAT_LIST_SPLIT = re.compile(r"[、,，/]+|(?<=[号號])(?=[#\d])")


def seat_words(words: list[str]) -> list[str]:
    """Seats as users list them: 「3号 5号」, 「3号、5号」, 「3,5」, 「3号5号」 — one word per seat."""
    return [piece for word in words for piece in SEAT_LIST_SPLIT.split(word) if piece]


def seat_number(word: str) -> int | None:
    match = SEAT_RE.match(clean(word))
    return int(match.group(1)) if match else None


def parse_seat(word: str) -> int:
    number = seat_number(word)
    if number is None:
        raise Rejected(f"看不懂座位「{quote(word)}」，请写成「7号」「7」或「#7」")
    return number


def is_none_word(word: str) -> bool:
    return clean(word) in NONE_WORDS


def quote(word: str) -> str:
    """`word` as a reply may repeat it: cut short when long."""
    return word if len(word) <= QUOTE_LIMIT else word[:QUOTE_LIMIT] + "…"


def did_you_mean(word: str, names: Iterable[str]) -> str:
    """「你是不是想写「女巫」？」 for the names closest to a mistyped one (巫婆), or "" when none is close."""
    close = difflib.get_close_matches(word, list(dict.fromkeys(names)), n=2, cutoff=0.5)
    return f"你是不是想写{'或'.join(f'「{name}」' for name in close)}？" if close else ""


def unreadable(text: str, limit: int | None = None) -> str | None:
    """Why a whole message cannot be taken (too long, broken characters), or None.  `limit`: the
    length a command that carries pasted text may have (/投票: a day's vote posts)."""
    most = limit or MAX_MESSAGE
    if len(text) > most:
        return f"消息太长（{len(text)}字），一条命令最多{most}字，未处理。"
    if not text.isprintable() and any("\ud800" <= char <= "\udfff" for char in text):
        return "消息里有无法识别的字符，未处理，请重新输入。"
    return None


def parse_name(words: list[str], what: str) -> str:
    """An actor's name typed as the rest of a command: at most MAX_NAME characters."""
    name = " ".join(words).strip().rstrip(PUNCTUATION)
    if len(name) > MAX_NAME:
        raise Rejected(f"{what}最多{MAX_NAME}个字，「{quote(name)}」有{len(name)}个字。")
    return name


def no_arguments(args: list[str], command: str) -> None:
    """Refuse words after a command that takes none (they would only be stored for nothing)."""
    if args:
        raise Rejected(f"/{command} 后面不需要写别的内容：请只发送 /{command}")


def parse_number(word: str, max_digits: int) -> int | None:
    """A non-negative whole number of at most `max_digits` digits (full-width digits too), or None."""
    digits = clean(word)
    if not digits.isascii() or not digits.isdigit() or len(digits) > max_digits:
        return None
    return int(digits)


def parse_qq(word: str, usage: str) -> int:
    """A QQ number: five to eleven digits (QQ numbers start at 10000)."""
    number = parse_number(word, QQ_DIGITS[1])
    if number is None or number < 10 ** (QQ_DIGITS[0] - 1):
        raise Rejected(f"「{quote(word)}」不是有效的QQ号（QQ号是5到11位数字）。用法：{usage}")
    return number


def parse_duration(word: str) -> float:
    """'30秒' / '10分钟' / '1小时' / '1.5小时' -> seconds."""
    match = DURATION_RE.match(clean(word))
    if not match:
        raise Rejected(f"看不懂时长「{quote(word)}」，请写成「30秒」「10分钟」或「1小时」")
    amount, unit = float(match.group(1)), match.group(2).lower()
    if unit in ("秒", "s"):
        seconds = amount
    elif unit in ("分钟", "分", "min", "m"):
        seconds = amount * 60
    else:
        seconds = amount * 3600
    if seconds > MAX_DURATION:
        raise Rejected(f"时长「{quote(word)}」太长了：最多{MAX_DURATION / 86400:g}天。")
    return seconds


def parse_clock(word: str, now: float, timezone: str) -> float:
    """'21:00' -> the occurrence of that local time nearest to `now` (within ±12 hours)."""
    match = CLOCK_RE.match(clean(word))
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise Rejected(f"看不懂时间「{quote(word)}」，请写成「21:00」这样的24小时制时间")
    zone = ZoneInfo(timezone)
    local_now = datetime.fromtimestamp(now, zone)
    today = local_now.replace(hour=int(match.group(1)), minute=int(match.group(2)), second=0, microsecond=0)
    candidates = [today + timedelta(days=shift) for shift in (-1, 0, 1)]
    best = min(candidates, key=lambda moment: abs(moment.timestamp() - now))
    return best.timestamp()


def clock_of(moment: float, timezone: str) -> tuple[int, int]:
    """The local (hour, minute) of `moment`."""
    local = datetime.fromtimestamp(moment, ZoneInfo(timezone))
    return local.hour, local.minute


def next_clock(after: float, hour: int, minute: int, timezone: str) -> float:
    """The first local hour:minute strictly after `after` (e.g. 次日八点 after the door closed)."""
    zone = ZoneInfo(timezone)
    start = datetime.fromtimestamp(after, zone)
    moment = start.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment.timestamp() <= after:
        moment += timedelta(days=1)
    return moment.timestamp()


def format_clock(moment: float, timezone: str) -> str:
    """'12月1日 21:00', as a date is written in Chinese."""
    local = datetime.fromtimestamp(moment, ZoneInfo(timezone))
    return f"{local.month}月{local.day}日 {local.hour:02d}:{local.minute:02d}"


def format_duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:g}秒"
    if seconds < 7200:
        return f"{seconds / 60:g}分钟"
    return f"{seconds / 3600:g}小时"
