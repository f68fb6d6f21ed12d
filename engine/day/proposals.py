"""Card proposals: after a day closes and after a night resolves, the directors get one line per
event a post punishes that the bot has seen (「建议黄牌：6号（第2天未投票）」); never a card by itself.
A proposal waits for /确认判罚 until the next day closes, then lapses (docs/rulings-day.md).

Which event proposes which card is the board's `判罚` (rules.Penalties):
- 未投票: 竞技12, 须弥 「讨论结束时，未回复投票帖者将被判罚黄牌」, 百变小樱 「没有投票（或弃票）的玩家将记作一张
  黄牌」 — none while 加速 is in force where the post waives it (「执行加速时……未投票者将不被判罚」);
- 狼头未投票: 竞技12 「第一个游戏日关门二十分钟后，狼人未提交选举狼头的选票，均不计票，计黄牌」;
- 超时: 百变小樱 「在关门时间段，无法与导演取得联系，且提前未与导演说明自己的在线情况者，记一张黄牌」 — a night
  step or a decision (a voted-out 猎人's shot, the badge) left to its deadline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.day import book as books
from bansha_engine.day import cards
from bansha_engine.day.ballots import non_voters
from bansha_engine.mechanisms.wolf_head import ELECTION

if TYPE_CHECKING:
    from bansha_engine.game import Game
    from bansha_engine.model import Night

CONFIRM_HINT = "确认全部：/确认判罚；确认一条：/确认判罚 编号；不采纳：/撤牌 编号"


def close_day(game: Game, day: int, living: tuple[int, ...]) -> None:
    """The day's vote is over (settled, or the night began): its non-voters, and the decisions left
    to their deadline by day, proposed once."""
    day_book = books.book(game)
    if day in day_book.closed:
        return
    if day in game.day_ended_by or (day == 1 and game.board.options.sheriff_votes is None):
        day_book.closed[day] = ()  # a day skill ended it, or a first day without an election: no vote
        return
    missing = tuple(non_voters(game, day, living))
    day_book.closed[day] = missing
    penalties = books.rules(game).penalties
    made = []
    if penalties.no_vote and not (books.hasted(game) and penalties.haste_waives):
        made += [cards.propose(game, seat, penalties.no_vote, f"第{day}天未投票") for seat in missing]
    if penalties.timeout:
        for seat, what in day_book.day_timeouts.pop(day, []):
            made.append(
                cards.propose(game, seat, penalties.timeout, f"第{day}天{what}超时，未与导演取得联系")
            )
    cards.expire(game, day_book.proposals_until)
    day_book.proposals_until = len(cards.peek(game).cards)
    _tell(game, f"第{day}天结束", made)


def night_resolved(game: Game, night: Night) -> None:
    """The night's 狼头 election and the steps and decisions left to their deadline."""
    penalties = books.rules(game).penalties
    made = []
    election = night.late.get(ELECTION, []) if ELECTION in night.state else []
    if penalties.head_vote:
        made += [
            cards.propose(game, seat, penalties.head_vote, f"第{night.no}夜未投狼头票") for seat in election
        ]
    if penalties.timeout:
        skip = {(ELECTION, seat) for seat in election} if penalties.head_vote else set()
        late: dict[int, list[str]] = {}
        for step, seat in night.timed_out:
            if (step, seat) not in skip and (step, seat) not in night.pushed:
                late.setdefault(seat, []).append(_title(game, step))
        made += [
            cards.propose(
                game, seat, penalties.timeout, f"第{night.no}夜{'、'.join(steps)}超时，未与导演取得联系"
            )
            for seat, steps in sorted(late.items())
        ]
    _tell(game, f"第{night.no}夜结算后", made)


def timed_out_by_day(game: Game, seat: int, what: str) -> None:
    """A decision left to its deadline by day (a voted-out 猎人's shot, the badge): proposed when the day
    closes, or at once when it has (the shot of a seat the vote sent out)."""
    card = books.rules(game).penalties.timeout
    if not card:
        return
    if game.day not in books.peek(game).closed:
        books.book(game).day_timeouts.setdefault(game.day, []).append((seat, what))
        return
    made = cards.propose(game, seat, card, f"第{game.day}天{what}超时，未与导演取得联系")
    _tell(game, f"第{game.day}天{what}超时", [made])


def pending_reminder(game: Game, before: int) -> None:
    """At the night's start: the proposals still waiting that were made before it (the day's close
    may have been /放逐 already; those made by this very event were just told)."""
    waiting = [c for c in cards.peek(game).cards[:before] if c.state == cards.PROPOSED]
    if waiting:
        game.tell_directors(
            "待确认的判罚建议：\n" + "\n".join(_line(card) for card in waiting) + f"\n{CONFIRM_HINT}"
        )


def _tell(game: Game, when: str, made: list[cards.Card]) -> None:
    if made:
        lines = "\n".join(_line(card) for card in made)
        game.tell_directors(f"{when}，判罚建议（机器人不会自己判罚）：\n{lines}\n{CONFIRM_HINT}")


def _line(card: cards.Card) -> str:
    return f"建议{card.color}：{card.seat}号（{card.reason}）——编号{card.no}"


def _title(game: Game, step: str) -> str:
    from bansha_engine.night import spec_of  # the night imports the game, which imports this module

    kind, _, word = step.partition(":")
    return word if kind == "prompt" else spec_of(game, step).title
