"""The forum day as the seed posts define it: vote posts, non-voters, the card ledger, the calendar,
加速 and 延时, and the director's /撤销 (issue 23; the contract's 「论坛白天」).

The game calls into this package at a few places only (engine/game.py): `moment` before an event and
`after_event` after one it took (the day's close, the night's start, the dawn, the next day's start
are noticed here, whatever command or timer caused them), `timers` and `on_timer`, the director
commands in `DIRECTOR_COMMANDS`, the players' `PLAYER_WORDS`, `/投票` (ballots.cmd_ballot), and the
non-voters of `/票型` and `/放逐`.  Its state lives in the game's flags (book.py, cards.py).  Every
rule that changes how an old log's command is taken applies to games opened since 0.5.0 only.

Modules: rules (the board's 日程/加速/判罚), posts and times (reading pasted posts), ballots (taking
them), cards (the ledger), proposals, calendar (关门 and its timers), haste (加速/延时).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import exile
from bansha_engine.api import Rejected, Timer
from bansha_engine.day import ballots, calendar, cards, haste, proposals
from bansha_engine.day import book as books
from bansha_engine.day.book import DELAY, HASTE
from bansha_engine.day.rules import BLUE, RED, YELLOW

if TYPE_CHECKING:
    from bansha_engine.game import Game
    from bansha_engine.model import Prompt

Command = Callable[["Game", list[str]], bool]
TIMER_KIND = calendar.TIMER_KIND
PLAYER_WORDS = frozenset({HASTE, DELAY})
MAX_MESSAGE = ballots.MAX_MESSAGE


@dataclass(frozen=True)
class Moment:
    """What the day's transitions are read from, taken before an event."""

    phase: str
    day: int
    night_no: int
    voted_day: int
    dawns: int
    alive: tuple[int, ...]
    cards: int  # the ledger's length: proposals made by this event are not recalled by it


def moment(game: Game) -> Moment | None:
    if not books.active(game):
        return None
    alive = tuple(game.alive())
    made = len(cards.peek(game).cards)
    return Moment(game.phase, game.day, game.night_no, game.voted_day, len(game.past_nights), alive, made)


def after_event(game: Game, was: Moment | None) -> None:
    """What an event the game took changed in the day's course: the day's vote over (proposals), the
    night begun (pending proposals recalled), the night resolved (its proposals), a new day (its 关门)."""
    if was is None or game.ended or game.night_no < was.night_no:
        return  # (the game went back to a door close, 白夜使者's 回溯: what came since is void)
    if game.voted_day == was.day != was.voted_day:
        proposals.close_day(game, was.day, was.alive)
    if game.night_no != was.night_no:
        proposals.close_day(game, was.day, was.alive)
        books.book(game).records.clear()
        proposals.pending_reminder(game, was.cards)
    for night in game.past_nights[was.dawns :]:
        proposals.night_resolved(game, night)
    if game.day != was.day and game.phase in ("day", "opening"):
        books.book(game).records.clear()
        calendar.day_started(game)


def timers(game: Game) -> list[Timer]:
    return calendar.timers(game)


def on_timer(game: Game, rest: str) -> bool:
    return calendar.on_timer(game, rest)


def note_late(game: Game, prompt: Prompt) -> None:
    """A decision left to its deadline by day (at night the dawn's summary has it)."""
    if books.active(game) and game.night is None:
        proposals.timed_out_by_day(game, prompt.seat, game.board.prompt_words[prompt.kind])


def player_command(game: Game, seat: int, word: str, args: list[str]) -> bool:
    return haste.player_request(game, seat, word, args)


def message_limit(text: str) -> int | None:
    """The length /投票 may have (a whole day's thread); None: the usual limit."""
    return MAX_MESSAGE if text.lstrip().lstrip("/／").lstrip().startswith("投票") else None


def status_lines(game: Game) -> list[str]:
    """/状态: today's 关门, 加速, the card ledger and the proposals waiting."""
    lines = []
    close = books.close_of(game) if game.phase in ("day", "opening") else None
    if close is not None:
        lines.append(f"第{game.day}天关门：{game.clock(close)}")
    if books.hasted(game):
        lines.append("执行加速中：不允许改票")
    return lines + cards.ledger_lines(game)


def wrap_commands(commands: dict[str, Command], generic_sheriff: Command) -> None:
    """The board's /警长 (the generic one) and /罚下 as records of the day: the sheriff for /撤销,
    the red card in the ledger."""
    if commands.get("警长") is generic_sheriff:
        commands["警长"] = remember_sheriff(generic_sheriff)
    red_card = commands.get("罚下")
    if red_card is not None:
        commands["罚下"] = remember_red_card(red_card)


# ---------------------------------------------------------------- /撤销


def cmd_undo(game: Game, args: list[str]) -> bool:
    """`/撤销`: the director's last record of the current day (or night): a /投票's ballots, a card, the sheriff."""
    if args:
        raise Rejected("/撤销 后面不需要写别的内容：它撤销本时段导演的最后一条记录（选票、判罚或警长）。")
    records = books.peek(game).records
    if not records:
        raise Rejected("本时段没有可以撤销的记录（/撤销 只撤销当天导演录入的选票、判罚和警长）。")
    record = records[-1]
    if record.kind == "ballots":
        if not _ballots_open(game):
            raise Rejected("今天的投票已经结算，选票不能再撤销。")
        lines = ballots.undo(game, record)
    elif record.kind == "cards":
        lines = cards.undo(game, record)
    else:
        lines = _undo_sheriff(game, record)
    records.pop()
    game.reply(f"已撤销{record.what}：" + "、".join(lines) + "。")
    return True


def _ballots_open(game: Game) -> bool:
    """Whether /投票 still takes ballots today (as engine/game.py's cmd_ballot checks)."""
    if game.phase not in ("day", "opening") or game.voted_day == game.day or game.day in game.day_ended_by:
        return False
    if exile.held(game) is not None:  # the verdict of these ballots waits for a role's decision
        return False
    return not (game.day == 1 and game.sheriff is not None)


def _undo_sheriff(game: Game, record: books.Record) -> list[str]:
    if game.sheriff != record.seat:
        raise Rejected(f"警长已经不是{record.seat}号了，这条记录不能撤销。")
    game.sheriff = record.sheriff
    game.tell(record.seat or 0, "导演撤销了你当选警长的记录：你现在不是警长。")
    before = f"恢复为{record.sheriff}号" if record.sheriff else "现在没有警长"
    return [f"{record.seat}号当选警长（{before}）"]


def remember_sheriff(command: Command) -> Command:
    """/警长 as a record /撤销 can take back (the generic command; 须弥 keeps its own)."""

    def sheriff(game: Game, args: list[str]) -> bool:
        before = game.sheriff
        changed = command(game, args)
        if changed and books.active(game) and game.sheriff is not None and game.sheriff != before:
            books.remember(
                game,
                books.Record("sheriff", f"警长记录（{game.sheriff}号）", sheriff=before, seat=game.sheriff),
            )
        return changed

    return sheriff


def remember_red_card(command: Command) -> Command:
    """/罚下 N号 keeps its own effects and words; on games opened since 0.5.0 the ledger has the card."""

    def red_card(game: Game, args: list[str]) -> bool:
        changed = command(game, args)
        if changed and books.active(game) and len(args) == 1:
            cards.record_red_card(game, game.seat_named(args[0]))
        return changed

    return red_card


DIRECTOR_COMMANDS: dict[str, Command] = {
    "关门": calendar.cmd_close,
    "加速": lambda game, args: haste.cmd_request(game, HASTE, args),
    "延时": lambda game, args: haste.cmd_request(game, DELAY, args),
    "蓝牌": lambda game, args: cards.cmd_card(game, BLUE, args),
    "黄牌": lambda game, args: cards.cmd_card(game, YELLOW, args),
    "红牌": lambda game, args: cards.cmd_card(game, RED, args),
    "撤牌": cards.cmd_withdraw,
    "判罚": cards.cmd_ledger,
    "确认判罚": cards.cmd_confirm,
    "撤销": cmd_undo,
    "判负": cards.cmd_lose,
}
