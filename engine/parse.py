"""Reading what users type: seats, durations, clock times, command words."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from werewolf_engine.api import Rejected

FULLWIDTH = str.maketrans("０１２３４５６７８９／＃：　", "0123456789/#: ")
SEAT_RE = re.compile(r"^#?(\d{1,2})号?$")
DURATION_RE = re.compile(r"^(\d+(?:\.\d+)?)\s*(秒|s|分钟|分|min|m|小时|时|h)$", re.I)
CLOCK_RE = re.compile(r"^(\d{1,2})[:：](\d{2})$")
NONE_WORDS = ("空", "无", "不刀", "空刀")
MAX_DURATION = 30 * 24 * 3600.0  # a deadline further off than this is a typo (and past datetime's range)


def normalize(text: str) -> str:
    """Full-width digits and signs to ASCII, surrounding blanks trimmed."""
    return text.translate(FULLWIDTH).strip()


def split_command(text: str) -> tuple[str, list[str]]:
    """'/预言 7号' -> ('预言', ['7号']); a missing leading '/' is fine."""
    words = normalize(text).split()
    if not words:
        return "", []
    head = words[0].lstrip("/")
    return head, words[1:]


def seat_number(word: str) -> int | None:
    match = SEAT_RE.match(normalize(word))
    return int(match.group(1)) if match else None


def parse_seat(word: str) -> int:
    number = seat_number(word)
    if number is None:
        raise Rejected(f"看不懂座位「{word}」，请写成7号、7或#7")
    return number


def parse_seats(words: list[str], count: int) -> list[int]:
    if len(words) != count:
        raise Rejected(f"需要{count}个座位号，收到{len(words)}个")
    return [parse_seat(word) for word in words]


def is_none_word(word: str) -> bool:
    return normalize(word) in NONE_WORDS


def parse_duration(word: str) -> float:
    """'30秒' / '10分钟' / '1小时' / '1.5小时' -> seconds."""
    match = DURATION_RE.match(normalize(word))
    if not match:
        raise Rejected(f"看不懂时长「{word}」，请写成 30秒、10分钟 或 1小时")
    amount, unit = float(match.group(1)), match.group(2).lower()
    if unit in ("秒", "s"):
        seconds = amount
    elif unit in ("分钟", "分", "min", "m"):
        seconds = amount * 60
    else:
        seconds = amount * 3600
    if seconds > MAX_DURATION:
        raise Rejected(f"时长「{word}」太长了：最多 {MAX_DURATION / 86400:g} 天。")
    return seconds


def parse_clock(word: str, now: float, timezone: str) -> float:
    """'21:00' -> the occurrence of that local time nearest to `now` (within ±12 hours)."""
    match = CLOCK_RE.match(normalize(word))
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise Rejected(f"看不懂时间「{word}」，请写成 21:00 这样的 24 小时制时间")
    zone = ZoneInfo(timezone)
    local_now = datetime.fromtimestamp(now, zone)
    today = local_now.replace(hour=int(match.group(1)), minute=int(match.group(2)), second=0, microsecond=0)
    candidates = [today + timedelta(days=shift) for shift in (-1, 0, 1)]
    best = min(candidates, key=lambda moment: abs(moment.timestamp() - now))
    return best.timestamp()


def next_clock(after: float, hour: int, minute: int, timezone: str) -> float:
    """The first local hour:minute strictly after `after` (e.g. 次日八点 after the door closed)."""
    zone = ZoneInfo(timezone)
    start = datetime.fromtimestamp(after, zone)
    moment = start.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment.timestamp() <= after:
        moment += timedelta(days=1)
    return moment.timestamp()


def format_clock(moment: float, timezone: str) -> str:
    """`12月1日 21:00` (CONVENTIONS: dates as Chinese is typeset)."""
    when = datetime.fromtimestamp(moment, ZoneInfo(timezone))
    return f"{when.month}月{when.day}日 {when:%H:%M}"


def format_duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:g}秒"
    if seconds < 7200:
        return f"{seconds / 60:g}分钟"
    return f"{seconds / 3600:g}小时"
