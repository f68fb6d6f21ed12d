"""The day's exile vote settled (`/放逐`): the verdict of the ballots under the board's 平票 and
弃票过半 (common-boards.md 2.4), the 再投一轮 second round, and a role holding the day's first
verdict before it takes effect (RoleDef.holds_exile: the 定序王子, 3.1).

A verdict is what the vote decided; engine/game.py makes it take effect (the seat leaves, a 白痴
flips, a tie is recorded, a second round begins).  The day's first verdict — its first `/放逐`, in
any form — may be held by a role: the role asks its seat, then lets the verdict take effect
(`release`) or voids the round (`void`); the directors then record the vote anew, and that verdict
takes effect (it is no longer the day's first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.day import ballots as day_ballots
from bansha_engine.library import game_state, peek_game_state

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


def recorded(game: Game, seat: int | None, *, tie: bool = False) -> Verdict:
    """The verdict a director records directly: `/放逐 N号`, `/放逐 无`, `/放逐 平票`."""
    return Verdict(game.day, seat, how="平票，" if tie else "")


def start_runoff(game: Game, verdict: Verdict, report: str) -> None:
    """再投一轮: the first round tied; its seats go to a second round (the day goes on)."""
    seats = seats_text(verdict.tied)
    vote.next_round(game, f"平票（{seats}），进入PK", candidates=verdict.tied)
    day_ballots.new_round(game)
    game.tell_directors(
        f"{report}平票：{seats}，进入PK。平票的人再发言后，用 /投票 录入第二轮的票（只能投{seats}，"
        f"{seats}不投票；每人重新有一票，改票规则照旧），再 /放逐；第二轮再平票则无人出局。"
    )


# ---------------------------------------------------------------- a verdict held by a role


@dataclass
class Held:
    """The day's first verdict, held by a role before it takes effect, with what makes it so."""

    verdict: Verdict | None = None
    effect: Callable[[], None] | None = None


def held(game: Game) -> Verdict | None:
    """The verdict a role holds now (its seat is deciding), or None."""
    return peek_game_state(game, Held).verdict


def hold(game: Game, verdict: Verdict, effect: Callable[[], None], report: str) -> bool:
    """Whether a role holds `verdict` (the day's first only: no round of today's vote is over yet)
    before it takes effect; the directors get the count (`report`) and the result meanwhile."""
    if vote.rounds(game):
        return False
    holding = game.board.holds_exile(game, verdict)
    if holding is None:
        return False
    state = game_state(game, Held)
    state.verdict, state.effect = verdict, effect
    head = f"{report}\n" if report else ""
    game.tell_directors(f"{head}第{verdict.day}天放逐结果：{verdict.result}。结果暂不生效，等待下面的决定。")
    holding()
    return True


def release(game: Game) -> None:
    """The held verdict takes effect now (its role's seat passed, or did not answer in time)."""
    state = game_state(game, Held)
    effect = state.effect
    state.verdict = state.effect = None
    if effect is not None:
        effect()


def void(game: Game, why: str) -> Verdict | None:
    """The held verdict is void: nobody leaves by it and nothing it would trigger happens (a 白痴 does
    not flip, no last words); today's ballots are cleared and the vote goes on in a new round, whose
    verdict takes effect.  `why` names the round in /票型 (「定序王子翻牌作废」).  The verdict voided."""
    state = game_state(game, Held)
    verdict = state.verdict
    state.verdict = state.effect = None
    if verdict is None:
        return None
    vote.next_round(game, f"{why}（原结果：{verdict.result}）")
    day_ballots.new_round(game)
    return verdict
