"""The deadlines a board file writes: a duration after the door closes, or a clock time the next day."""

from __future__ import annotations

import re

from bansha_engine.api import Rejected
from bansha_engine.model import Deadline
from bansha_engine.parse import DURATION_RE, clean, parse_duration, quote

CHINESE_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
NEXT_DAY = "次日"
CLOCK_RE = re.compile(r"^(\d{1,2})[:：](\d{2})$")
# 八点 / 8点 / 八点半 / 8点30 / 8点30分
HOUR_RE = re.compile(r"^([0-9零一二两三四五六七八九十]{1,3})点(?:(半)|([0-9]{1,2})分?)?$")
DEADLINE_FORMS = "「30分钟」「1小时」「90秒」或「次日8:00」「次日八点」"
# 半小时 / 一个半小时 / 三十分钟 / 两小时: a duration spelled in Chinese words
SPELLED_RE = re.compile(r"^([零一二两三四五六七八九十]{0,3})(个)?(半)?(秒|分钟|分|小时|时)$")


def chinese_number(word: str) -> int | None:
    """'8' / '八' / '十' / '十二' / '二十三' -> the number; None when it is not one (up to 99)."""
    if word.isascii() and word.isdigit():
        return int(word)
    if "十" not in word:
        return CHINESE_DIGITS.get(word) if len(word) == 1 else None
    tens, _, ones = word.partition("十")
    tens_value = CHINESE_DIGITS.get(tens) if tens else 1
    ones_value = CHINESE_DIGITS.get(ones) if ones else 0
    if tens_value is None or ones_value is None or "十" in ones:
        return None
    return tens_value * 10 + ones_value


def next_day_clock(word: str) -> tuple[int, int] | None:
    """'8:00' / '08:00' / '八点' / '八点半' / '8点30分' (after 次日) -> (hour, minute), or None."""
    match = CLOCK_RE.match(word)
    if match:
        hour, minute = int(match.group(1)), int(match.group(2))
    else:
        match = HOUR_RE.match(word)
        if not match:
            return None
        number = chinese_number(match.group(1))
        if number is None:
            return None
        hour = number
        minute = 30 if match.group(2) else int(match.group(3) or 0)
    if hour > 23 or minute > 59:
        return None
    return hour, minute


def parse_deadline(word: str) -> Deadline:
    """A night step's deadline as a file writes it; ValueError (Chinese) when it is not one."""
    text = clean(word)
    if text.startswith(NEXT_DAY):
        clock = next_day_clock(text[len(NEXT_DAY) :])
        if clock is None:
            raise ValueError(f"看不懂时限「{quote(word)}」：次日的时间请写成「次日8:00」或「次日八点」")
        return Deadline(next_day_clock=clock)
    return Deadline(minutes_after_close=parse_minutes(word, DEADLINE_FORMS))


def in_digits(word: str) -> str:
    """'半小时' -> '0.5小时', '一个半小时' -> '1.5小时', '三十分钟' -> '30分钟'; other words unchanged."""
    match = SPELLED_RE.match(clean(word))
    if not match or not (match.group(1) or match.group(3)):
        return word
    whole = chinese_number(match.group(1)) if match.group(1) else 0
    if whole is None:
        return word
    return f"{whole + (0.5 if match.group(3) else 0):g}{match.group(4)}"


def parse_minutes(word: str, forms: str) -> float:
    """A duration ('30分钟', '1小时', '90秒', '半小时') in minutes; ValueError (Chinese) when it is not one."""
    digits = in_digits(word)
    if not DURATION_RE.match(clean(digits)):
        raise ValueError(f"看不懂时限「{quote(word)}」，请写成{forms}")
    try:
        seconds = parse_duration(digits)
    except Rejected as refusal:  # past MAX_DURATION: the message says how long is allowed
        raise ValueError(str(refusal)) from refusal
    if seconds <= 0:
        raise ValueError(f"时限「{quote(word)}」不能是0")
    return seconds / 60
