"""A post's time as the forum shows it, read as the span of moments it may stand for.

「时间以论坛发帖时间为准」 (百变小樱): the last-hour lock is judged by the post's time, not by when the
director pastes it.  A full time (`2026-12-05 20:31`) is one minute; a clock alone (`20:31`) is read on
the day whose 关门 is being judged: the occurrence from 21 hours before the 关门 to 3 hours after it
(a post of the closing evening, or of the night after it); `今天`/`昨天`/`前天 20:31` count from the day
the director pastes; Discuz's 「3 小时前」 is any moment of that hour before now, and a lock is
decided on it only when the whole hour falls on one side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

FULL = re.compile(
    r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})日?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$"
)
MONTH_DAY = re.compile(r"^(\d{1,2})\s*[-/月]\s*(\d{1,2})日?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$")
NAMED_DAY = re.compile(r"^(今天|昨天|前天)\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$")
CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")
AGO = re.compile(r"^(\d+)\s*(秒|分钟|小时|天)\s*前$")
DAYS_BACK = {"今天": 0, "昨天": 1, "前天": 2}
UNIT = {"秒": 1, "分钟": 60, "小时": 3600, "天": 86400}
BEFORE_CLOSE = 21 * 3600.0  # a clock alone: from 21 hours before the 关门 …
AFTER_CLOSE = 3 * 3600.0  # … to 3 hours after it


@dataclass(frozen=True)
class Span:
    """The moments a written time may stand for: from `earliest` to `latest` (one minute for a
    time to the minute, an hour for 「3 小时前」)."""

    earliest: float
    latest: float


def read_time(text: str, now: float, close: float | None, timezone: str) -> Span | None:
    """The span `text` stands for, or None when it is not a time (or not a possible one)."""
    zone = ZoneInfo(timezone)
    word = text.strip()
    try:
        return _read(word, now, close, zone)
    except ValueError:  # 2026-02-30, 25:00: no such moment
        return None


def _read(word: str, now: float, close: float | None, zone: ZoneInfo) -> Span | None:
    if found := FULL.match(word):
        year, month, day, hour, minute, second = (int(part or 0) for part in found.groups())
        return _minute(datetime(year, month, day, hour, minute, second, tzinfo=zone), bool(found.group(6)))
    if found := MONTH_DAY.match(word):
        month, day, hour, minute = (int(part) for part in found.groups()[:4])
        anchor = datetime.fromtimestamp(close if close is not None else now, zone)
        moment = min(
            (datetime(anchor.year + shift, month, day, hour, minute, tzinfo=zone) for shift in (-1, 0, 1)),
            key=lambda candidate: abs(candidate.timestamp() - anchor.timestamp()),
        )
        return _minute(moment, bool(found.group(5)))
    if found := NAMED_DAY.match(word):
        local = datetime.fromtimestamp(now, zone) - timedelta(days=DAYS_BACK[found.group(1)])
        moment = local.replace(hour=int(found.group(2)), minute=int(found.group(3)), second=0, microsecond=0)
        return _minute(moment, False)
    if found := CLOCK.match(word):
        return _minute(_clock_near(int(found.group(1)), int(found.group(2)), now, close, zone), False)
    if found := AGO.match(word):
        size = UNIT[found.group(2)]
        count = int(found.group(1))
        return Span(now - (count + 1) * size, now - count * size)
    if word == "半小时前":
        return Span(now - 3600, now - 1800)
    if word == "刚刚":
        return Span(now - 60, now)
    return None


def _minute(moment: datetime, with_seconds: bool) -> Span:
    start = moment.timestamp()
    return Span(start, start if with_seconds else start + 59)


def _clock_near(hour: int, minute: int, now: float, close: float | None, zone: ZoneInfo) -> datetime:
    """A clock alone: on the 关门's day within (关门 − 21h, 关门 + 3h]; without a known 关门, the last
    occurrence at or before now (a post is never in the future)."""
    if hour > 23 or minute > 59:
        raise ValueError("no such clock time")
    if close is None:
        local = datetime.fromtimestamp(now, zone)
        moment = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
        return moment - timedelta(days=1) if moment.timestamp() > now else moment
    local = datetime.fromtimestamp(close, zone)
    moment = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment.timestamp() > close + AFTER_CLOSE:
        moment -= timedelta(days=1)
    elif moment.timestamp() <= close - BEFORE_CLOSE:
        moment += timedelta(days=1)
    return moment
