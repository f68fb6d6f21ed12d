"""The calendar: each day's 关门, told in the morning, reminded an hour before, and (with the board's
`自动入夜: 是`) the night opened at it.

The board's `日程` counts a day from its start (the dawn, or /开始 for the first): the natural days
it lasts begin with the start's date when six hours or more are left before that date's 关门, else
with the next date (a night resolved at 22:00 opens tomorrow's discussion); the first day may last longer (竞技12
「第一讨论日为两个自然日」), and a day with a Saturday or Sunday in it one day more (「每逢周末时讨论日延长
一天」; 百变小樱 not on the first day).  `/关门 HH:MM` or `/关门 M月D日 HH:MM` sets the day's 关门 by hand.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bansha_engine.api import Rejected, Timer
from bansha_engine.day import book as books
from bansha_engine.day.rules import WEEKEND_LONGER, WEEKEND_NOT_FIRST
from bansha_engine.parse import clean, quote

if TYPE_CHECKING:
    from bansha_engine.game import Game

TIMER_KIND = "day"
# A day's start counts as its first natural day when at least this long is left before that date's
# 关门 (a day resolved at 08:00 or at noon closes that evening); a later start begins with the next date.
SHORTEST_FIRST_DAY = 6 * 3600.0
REMIND_AHEAD = 3600.0  # the reminder before 关门 when the board locks nothing
CLOCK_RE = re.compile(r"^(\d{1,2})[:：点](\d{2})?$")
DATE_RE = re.compile(r"^(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]$")


def scheduled_close(game: Game, day: int, start: float) -> float | None:
    """The 关门 the board's 日程 gives a day that started at `start`, or None without a schedule."""
    schedule = books.rules(game).schedule
    if schedule.close is None:
        return None
    zone = ZoneInfo(game.timezone)
    hour, minute = schedule.close
    local = datetime.fromtimestamp(start, zone)
    that_evening = local.replace(hour=hour, minute=minute, second=0, microsecond=0).timestamp()
    first = local.date() + timedelta(days=0 if that_evening - start >= SHORTEST_FIRST_DAY else 1)
    span = schedule.first_days if day == 1 else schedule.days
    last = first + timedelta(days=span - 1)
    weekend = schedule.weekend == WEEKEND_LONGER or (schedule.weekend == WEEKEND_NOT_FIRST and day != 1)
    if weekend and any(_weekend(first + timedelta(days=n)) for n in range(span)):
        last += timedelta(days=1)
    return datetime(last.year, last.month, last.day, hour, minute, tzinfo=zone).timestamp()


def _weekend(day: date) -> bool:
    return day.weekday() >= 5


def day_started(game: Game) -> None:
    """A new day: its start noted, its 关门 computed and told to the directors."""
    day_book = books.book(game)
    day_book.started[game.day] = game.now
    close = scheduled_close(game, game.day, game.now)
    if close is not None and game.day not in day_book.set_by_director:
        day_book.closes[game.day] = close
    known = books.close_of(game)
    if known is not None:
        game.tell_directors(
            f"第{game.day}天关门时间：{game.clock(known)}（{_schedule_words(game)}）。{_lock_words(game)}"
        )


def _schedule_words(game: Game) -> str:
    if game.day in books.peek(game).set_by_director:
        return "导演设定"
    return "按板子的日程；/关门 HH:MM 可以改"


def _lock_words(game: Game) -> str:
    lock = books.rules(game).schedule.change_lock
    return f"关门前{lock / 3600:g}小时起不能改票、代投。" if lock else ""


# ---------------------------------------------------------------- /关门


def cmd_close(game: Game, args: list[str]) -> bool:
    """`/关门` shows the day's 关门; `/关门 HH:MM` sets it to the next such time, `/关门 M月D日 HH:MM`
    to that date (this year or the nearest)."""
    if game.phase not in ("day", "opening"):
        raise Rejected(
            "只有白天才能设定当天的关门时间（现在是夜里）。" if game.phase == "night" else "游戏还没开始。"
        )
    if not args:
        known = books.close_of(game)
        if known is None:
            raise Rejected(f"第{game.day}天还没有关门时间：用 /关门 HH:MM 或 /关门 M月D日 HH:MM 设定。")
        game.reply(f"第{game.day}天关门时间：{game.clock(known)}（{_schedule_words(game)}）。")
        return False
    moment = parse_close(args, game.now, game.timezone)
    if moment <= game.now:
        raise Rejected(f"关门时间{game.clock(moment)}已经过了：要现在关门请发送 /入夜。")
    day_book = books.book(game)
    day_book.closes[game.day] = moment
    day_book.set_by_director.add(game.day)
    day_book.reminded.discard(game.day)
    auto = (
        "到时机器人自动入夜。"
        if books.rules(game).schedule.auto_night
        else "到时请发送 /入夜（或 /入夜 HH:MM）。"
    )
    game.reply(f"已设定第{game.day}天关门时间：{game.clock(moment)}。{_lock_words(game)}{auto}")
    return True


def parse_close(args: list[str], now: float, timezone: str) -> float:
    """`HH:MM` (the next such time after now) or `M月D日 HH:MM` (the year nearest now)."""
    if len(args) == 2:
        day = DATE_RE.match(clean(args[0]))
        if day is None:
            raise Rejected(f"看不懂日期「{quote(args[0])}」，请写成「12月5日」")
        hour, minute = _clock(args[1])
        zone = ZoneInfo(timezone)
        local = datetime.fromtimestamp(now, zone)
        years = [int(day.group(1))] if day.group(1) else [local.year - 1, local.year, local.year + 1]
        try:
            moments = [
                datetime(y, int(day.group(2)), int(day.group(3)), hour, minute, tzinfo=zone) for y in years
            ]
        except ValueError as wrong:
            raise Rejected(f"没有{quote(args[0])}这一天。") from wrong
        return min(moments, key=lambda m: abs(m.timestamp() - now)).timestamp()
    if len(args) != 1:
        raise Rejected("用法：/关门 HH:MM 或 /关门 M月D日 HH:MM（如 /关门 12月5日 21:00）")
    hour, minute = _clock(args[0])
    zone = ZoneInfo(timezone)
    moment = datetime.fromtimestamp(now, zone).replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment.timestamp() <= now:
        moment += timedelta(days=1)
    return moment.timestamp()


def is_date(word: str) -> bool:
    return DATE_RE.match(clean(word)) is not None


def _clock(word: str) -> tuple[int, int]:
    found = CLOCK_RE.match(clean(word))
    if found is None or int(found.group(1)) > 23 or int(found.group(2) or 0) > 59:
        raise Rejected(f"看不懂时间「{quote(word)}」，请写成「21:00」这样的24小时制时间")
    return int(found.group(1)), int(found.group(2) or 0)


# ---------------------------------------------------------------- timers


def timers(game: Game) -> list[Timer]:
    """The reminder before today's 关门, and the night at 关门 when the board opens it itself."""
    if not books.active(game) or game.phase not in ("day", "opening"):
        return []
    close = books.close_of(game)
    if close is None:
        return []
    found = []
    if game.day not in books.peek(game).reminded and _votes_open(game):
        found.append(Timer(f"{TIMER_KIND}:remind:{game.day}", close - _remind_ahead(game)))
    automatic = books.rules(game).schedule.auto_night and game.board.hooks.door_close is None
    if automatic and game.day not in books.peek(game).manual_close:
        found.append(Timer(f"{TIMER_KIND}:close:{game.day}", close))
    return found


def _votes_open(game: Game) -> bool:
    """Whether today's ballots are still taken (the reminder is about them): not once the vote is
    settled or a day skill ended the day, nor on a first day without an election."""
    if game.voted_day == game.day or game.day in game.day_ended_by:
        return False
    return game.day > 1 or (game.board.options.sheriff_votes is not None and game.sheriff is None)


def _remind_ahead(game: Game) -> float:
    return books.rules(game).schedule.change_lock or REMIND_AHEAD


def on_timer(game: Game, rest: str) -> bool:
    what, _, day = rest.partition(":")
    close = books.close_of(game)
    if day != str(game.day) or game.phase not in ("day", "opening") or close is None:
        return False
    if what == "remind":
        if game.day in books.peek(game).reminded or game.now < close - _remind_ahead(game) - 0.001:
            return False
        if not _votes_open(game):
            return False
        books.book(game).reminded.add(game.day)
        lock = books.rules(game).schedule.change_lock
        locked = f"从现在起不允许改票或代投（关门前{lock / 3600:g}小时）。" if lock else ""
        game.tell_directors(f"提醒：第{game.day}天将于{game.clock(close)}关门。{locked}")
        return True
    if what == "close" and books.rules(game).schedule.auto_night and game.now >= close - 0.001:
        return close_at_door(game, close)
    return False


def close_at_door(game: Game, close: float) -> bool:
    """`自动入夜: 是`: at 关门 the day's vote is settled from the ballots (as /放逐; the first day's
    sheriff as /警长) and the night opens (as /入夜 at the 关门 time).  What the bot cannot decide —
    no ballot at all, a decision waiting — it tells the directors and leaves to them."""
    from bansha_engine.game import cmd_night  # the game imports this module

    if game.busy():
        game.tell_directors(f"第{game.day}天已到关门时间，但还有待处理的决定：处理完后请发送 /入夜。")
        return _stop_closing(game)
    if not _elect_at_close(game) or not _settle_at_close(game):
        return _stop_closing(game)
    hour_minute = game.clock(close).split()[-1]
    try:
        cmd_night(game, [hour_minute])
    except Rejected:  # the bot was down past the first deadline: the door closes now
        cmd_night(game, [])
    return True


def _elect_at_close(game: Game) -> bool:
    """「第一天讨论日结束，最先高票者当选警长」 from the first day's ballots; False: left to the directors."""
    from bansha_engine.game import cmd_sheriff  # the game imports this module

    if game.day != 1 or game.board.options.sheriff_votes is None or game.sheriff is not None:
        return True
    if not game.ballots.get(1):
        return True  # no election entered: the night opens, the directors may record it later
    try:
        cmd_sheriff(game, [])
    except Rejected as refusal:
        game.tell_directors(
            f"第1天已到关门时间，没能按选票选出警长（{refusal}）：请 /警长 N号 或 /警长 无，然后 /入夜。"
        )
        return False
    game.tell_directors(f"第1天关门：按竞选日的选票，{game.sheriff}号当选警长。")
    return True


def _settle_at_close(game: Game) -> bool:
    """The day's vote settled from its ballots; False: left to the directors."""
    from bansha_engine.game import settle_by_ballots  # the game imports this module

    if not game.vote_open():
        return True
    if not game.ballots.get(game.day):
        game.tell_directors(
            f"第{game.day}天已到关门时间，但没有录入任何选票：请 /放逐 N号 或 /放逐 无 记录结果，然后 /入夜。"
        )
        return False
    settle_by_ballots(game)
    if game.busy() and not game.ended:
        game.tell_directors("放逐结算后还有待处理的决定：处理完后请发送 /入夜。")
    elif (
        game.vote_open()
    ):  # 再投一轮: the tie's second round is the directors' (posts after 关门 do not count)
        game.tell_directors(
            "已到关门时间，第二轮（PK）请导演处理：用 /投票 逐行录入「A号 B号」或直接 /放逐 N号，然后 /入夜。"
        )
        return False
    return not game.busy() and not game.ended


def _stop_closing(game: Game) -> bool:
    """The night is left to the directors: today's close timer is not armed again."""
    books.book(game).manual_close.add(game.day)
    return True
