"""The day's exile vote settled (`/放逐`): the verdict of the ballots under the board's 平票 and
弃票过半 (common-boards.md 2.4), and the 再投一轮 second round.

A verdict is what the vote decided; engine/game.py makes it take effect (the seat leaves, a 白痴
flips, a tie is recorded, a second round begins).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.day import ballots as day_ballots

if TYPE_CHECKING:
    from bansha_engine.game import Game

# 平票 (Options.exile_tie; the file's 警长投票的角色出局, 再投一轮, 随机; else 无人出局)
SHERIFF_CHOICE = "sheriff_choice"
RUNOFF = "runoff"
RANDOM = "random"


@dataclass(frozen=True)
class Verdict:
    """What a round of the day's exile vote decided."""

    day: int
    leaves: int | None = None  # the seat the vote sends out; None: nobody
    tied: tuple[int, ...] = ()  # the seats of a tie (平票)
    runoff: bool = False  # a first round's tie under 再投一轮: its seats go to a second round
    how: str = ""  # how the count came to it, for the result's words: 「平票（3号、7号），随机抽中7号，」

    @property
    def result(self) -> str:
        """The result in words a living player may read (补充裁定 16: no 「出局」): 「7号被放逐」."""
        if self.runoff:
            return f"平票（{seats_text(self.tied)}），进入PK"
        if self.leaves is not None:
            return f"{self.how}{self.leaves}号被放逐"
        tie = f"平票（{seats_text(self.tied)}），" if self.tied else ""
        return f"{self.how or tie or self.nobody_how}无人被放逐"

    @property
    def nobody_how(self) -> str:
        """How a verdict sending nobody out came to it: 「平票，」, 「弃票过半（…），」 or nothing."""
        return self.how or ("平票，" if self.tied else "")


def seats_text(seats: tuple[int, ...]) -> str:
    return "、".join(f"{seat}号" for seat in seats)


def by_ballots(game: Game) -> Verdict:
    """The verdict of today's ballots in the current round: 弃票过半 first, then the top seat, a tie
    by the board's 平票 (a second round's tie sends nobody out)."""
    abstained = _abstained(game)
    if abstained:
        return Verdict(game.day, how=abstained)
    leaders = tuple(vote.top(game))
    if len(leaders) <= 1:
        return Verdict(game.day, leaders[0] if leaders else None)
    if vote.in_runoff(game):
        return Verdict(game.day, tied=leaders, how=f"第二轮再次平票（{seats_text(leaders)}），")
    rule = game.board.options.exile_tie
    if rule == SHERIFF_CHOICE:
        return Verdict(game.day, vote.sheriff_choice(game), tied=leaders)
    if rule == RUNOFF:
        return Verdict(game.day, tied=leaders, runoff=True)
    living = [seat for seat in leaders if game.seats[seat].alive]
    if rule == RANDOM and living:
        drawn = game.rng.choice(living)
        return Verdict(
            game.day, drawn, tied=leaders, how=f"平票（{seats_text(leaders)}），随机抽中{drawn}号，"
        )
    return Verdict(game.day, tied=leaders)


def _abstained(game: Game) -> str:
    """弃票过半: 无人出局 — strictly more than half of the living seats that may vote in this round
    abstained (a seat without a ballot is no abstention): how the verdict says so, else ""."""
    if not game.board.options.abstain_majority:
        return ""
    voters = [seat for seat in game.alive() if vote.may_vote(game, seat)]
    abstained = [b for b in vote.effective(game) if b.target is None and b.voter in voters]
    if len(abstained) * 2 <= len(voters):
        return ""
    return f"弃票过半（{len(abstained)}人弃权，能投票的存活玩家{len(voters)}人），"


def start_runoff(game: Game, verdict: Verdict, report: str) -> None:
    """再投一轮: the first round tied; its seats go to a second round (the day goes on)."""
    seats = seats_text(verdict.tied)
    vote.next_round(game, f"平票（{seats}），进入PK", candidates=verdict.tied)
    day_ballots.new_round(game)
    game.tell_directors(
        f"{report}平票：{seats}，进入PK。平票的人再发言后，用 /投票 录入第二轮的票（只能投{seats}，"
        f"{seats}不投票；每人重新有一票，改票规则照旧），再 /放逐；第二轮再平票则无人出局。"
    )
