"""The record of a game (复盘), as text a director can post: the seats and their roles, every night's
actions, timeouts and exits, every day's actions and exits, the last words and how the game ended.

It reads a game rebuilt from its log and changes nothing.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bansha_engine import vote
from bansha_engine.day.book import peek
from bansha_engine.day.cards import card_lines
from bansha_engine.game import Game
from bansha_engine.model import EXIT_PHRASES, VOTE, Exit, Night
from bansha_engine.night import action_lines
from bansha_engine.notes import of_day
from bansha_engine.vote import tied


def game_record(game: Game) -> str:
    lines = [f"{game.label()}复盘", _outcome(game)]
    lines += ["", "【座位与身份】", *(_seat_line(game, no) for no in game.seats)]
    if game.sheriff is not None:
        lines.append(f"警长：{game.sheriff}号")
    for period in _periods(game):
        lines += ["", *period]
    if game.last_words:
        lines += ["", "【遗言】", *(f"{seat}号：{text}" for seat, text in sorted(game.last_words.items()))]
    cards = card_lines(game)
    if cards:
        lines += ["", "【判罚】", *cards]
    return "\n".join(lines)


def _outcome(game: Game) -> str:
    if game.winner is not None:
        return f"结果：{game.winner}胜利"
    if game.ended:
        return "结果：导演提前结束了本局"
    if game.night is not None:
        return f"结果：进行中（第{game.night.no}夜）"
    return f"结果：进行中（第{game.day}天）" if game.day else "结果：进行中（准备阶段）"


def _seat_line(game: Game, no: int) -> str:
    """The seat, its actor's name (never the QQ number: the record is meant to be posted), role,
    camp and fate."""
    seat = game.seats[no]
    nick = f"（{seat.nick}）" if seat.nick else ""
    role = f"{seat.role or '未定身份'}{f'（{seat.camp}）' if seat.camp else ''}"
    gone = next((e for e in game.exits if e.seat == no), None)
    fate = (
        f"{gone.when}{game.cause_phrase(gone.cause)}出局"
        if gone is not None
        else ("存活" if game.day else "")
    )
    substitutes = f"，替补{seat.substitutes}次" if seat.substitutes else ""
    return f"{no}号{nick}：{role}{'，' + fate if fate else ''}{substitutes}"


def _periods(game: Game) -> list[list[str]]:
    """One block per night and per day after it, in order (day 1, the election day, only if
    someone left or something was done then)."""
    nights = list(game.past_nights)
    if game.night is not None and game.night not in nights:
        nights.append(game.night)
    day_one = any(e.when == "第1天" for e in game.exits) or of_day(game, 1) or vote.day_ballots(game, 1)
    blocks = [_day(game, 1)] if day_one else []
    for night in nights:
        if night.no >= 2:
            blocks.append(_day(game, night.no))
        blocks.append(_night(game, night))
    if game.night is None and game.day >= 2:
        blocks.append(_day(game, game.day))
    return blocks


def _night(game: Game, night: Night) -> list[str]:
    exits = [e for e in game.exits if e.when == f"第{night.no}夜"]
    unsettled = "未结算（对局在夜里结束）" if game.ended else "尚未结算"
    headline = _exits(exits) or ("平安夜" if night in game.past_nights else unsettled)
    lines = [f"【第{night.no}夜】关门：{_date_time(game, night.door_close)}", f"出局：{headline}"]
    return lines + action_lines(game, night)


def _day(game: Game, day: int) -> list[str]:
    exits = [e for e in game.exits if e.when == f"第{day}天"]
    exiled = [e for e in exits if e.cause == VOTE]
    ongoing = not game.ended and game.night is None and day == game.day and game.voted_day != day
    vote = "尚未记录" if ongoing else (_exits(exiled) or f"{'平票，' if tied(game, day) else ''}无人出局")
    lines = [f"【第{day}天】"] + ([f"放逐：{vote}"] if day >= 2 else [])
    if exits:
        lines.append(f"出局：{_exits(exits)}")
    lines += _ballots(game, day)
    done = of_day(game, day)
    if done:
        lines += ["行动：", *(f"· {note}" for note in done)]
    return lines


def _ballots(game: Game, day: int) -> list[str]:
    """The day's 票型 (the heart of a forum 复盘): each ballot in order, the count, who did not vote."""
    if not vote.day_ballots(game, day) and day not in peek(game).closed:
        return []
    report = vote.report(game, day).split("\n")[1:]  # without its 「第N天票型：」 head
    count = len(vote.day_ballots(game, day))
    return ["票型：", *(f"· {line}" for line in report[:count]), *report[count:]]


def _exits(exits: list[Exit]) -> str:
    return "、".join(f"{e.seat}号（{cause_words(e.cause)}）" for e in exits)


def _date_time(game: Game, moment: float) -> str:
    local = datetime.fromtimestamp(moment, ZoneInfo(game.timezone))
    return f"{local.month}月{local.day}日 {local:%H:%M}"


def cause_words(cause: str) -> str:
    """How a seat left, in the posts' words (被投票放逐, 被女巫毒杀 …)."""
    return EXIT_PHRASES.get(cause, cause)
