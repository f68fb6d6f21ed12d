"""The forum vote: ballots as the director copies them from the vote thread, weights and ties.

`/投票 A号 B号` records that A voted for B (`弃权` for an abstention); one message may hold several
ballots, one per line, and a seat may be named by its 昵称.  A voter's second ballot is the 改票 and
replaces the first; a third is refused.  Ballots keep the order they were entered in: the effective
ballot of each voter stands where it was entered (「最后一位投票给刺猬的角色」 reads that order).
The count is weighted by the board (警长, [独裁], [迷魂] …) and never shown to players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import board_roles, game_state, peek_game_state
from bansha_engine.model import VOTE
from bansha_engine.parse import normalize, seat_number

if TYPE_CHECKING:
    from bansha_engine.game import Game

ABSTAIN_WORDS = ("弃权", "弃票")
MAX_BALLOTS_PER_MESSAGE = 30


@dataclass(frozen=True)
class Ballot:
    voter: int
    target: int | None  # None: 弃权
    change: bool = False  # the voter's 改票
    # Games opened since 0.5.0 (engine/day/ballots.py): the entry's number (for /撤销), the post's
    # time when the forum copy had one, a vote the director cast for the player (代投), its reason.
    entry: int = 0
    at: float | None = None
    proxy: bool = False
    reason: str = ""

    def text(self) -> str:
        """「3号投13号」, 「3号弃权」, 「3号投5号（改票）」, 「3号投5号（代投）」."""
        vote = "弃权" if self.target is None else f"投{self.target}号"
        marks = ("（改票）" if self.change else "") + ("（代投）" if self.proxy else "")
        return f"{self.voter}号{vote}{marks}"


def day_ballots(game: Game, day: int | None = None) -> list[Ballot]:
    """Every ballot of the day in the order entered, replaced ones included (a copy)."""
    return list(game.ballots.get(game.day if day is None else day, []))


def effective(game: Game, day: int | None = None) -> list[Ballot]:
    """Each voter's ballot that counts (the latest), in the order entered."""
    entered = day_ballots(game, day)
    latest = {ballot.voter: index for index, ballot in enumerate(entered)}
    return [ballot for index, ballot in enumerate(entered) if latest[ballot.voter] == index]


REPEATED_COMMAND = re.compile(r"^\s*(?:[/／]投票\s*|投票\s+)")


def record(game: Game, text: str) -> list[Ballot]:
    """Read `/投票` lines (「A号 B号」 each) and enter them; all or nothing."""
    lines = [line for line in _ballot_lines(text) if line]
    if not lines:
        raise Rejected("用法：/投票 A号 B号（A投给B；弃权写 /投票 A号 弃权；可一行一票写多行）")
    if len(lines) > MAX_BALLOTS_PER_MESSAGE:
        raise Rejected(f"一条消息最多{MAX_BALLOTS_PER_MESSAGE}票。")
    entered = day_ballots(game)
    added = []
    for number, line in enumerate(lines, 1):
        ballot = _read_line(game, line, entered, number if len(lines) > 1 else 0)
        entered.append(ballot)
        added.append(ballot)
    game.ballots[game.day] = entered
    return added


def _ballot_lines(text: str) -> list[str]:
    body = normalize(text)
    first, _, rest = body.partition("\n")
    head = first.split(maxsplit=1)
    lines = [head[1] if len(head) > 1 else ""] + [_without_command(line) for line in rest.split("\n")]
    return [line.strip() for line in lines]


def _without_command(line: str) -> str:
    """A pasted list may repeat the command on every line (「/投票 3号 7号」): the line's ballot."""
    return REPEATED_COMMAND.sub("", line, count=1)


def _read_line(game: Game, line: str, entered: list[Ballot], number: int) -> Ballot:
    where = f"第{number}行「{line[:30]}」：" if number else ""
    words = line.split()
    if len(words) != 2:
        raise Rejected(f"{where}每票写成「A号 B号」或「A号 弃权」。")
    voter = _seat(game, words[0], where)
    if not game.seats[voter].alive:
        raise Rejected(f"{where}{voter}号已出局，不能投票。")
    if not game.board.votes(game, voter):
        raise Rejected(f"{where}{voter}号已失去投票权，不能投票。")
    target = None if normalize(words[1]) in ABSTAIN_WORDS else _seat(game, words[1], where)
    if target is not None and not game.seats[target].alive:
        raise Rejected(f"{where}{target}号已出局，不能被投票。")
    if target is not None and not votable(game, target):
        raise Rejected(f"{where}{why_not_votable(game, target)}。")
    before = sum(1 for b in entered if b.voter == voter)
    if before >= 2:
        raise Rejected(f"{where}{voter}号已经改过票了，只能改票一次。")
    return Ballot(voter, target, change=before == 1)


def votable(game: Game, seat: int) -> bool:
    """Whether a ballot may name `seat` and the vote exile it (RoleDef.votable of every role of the
    board: a flipped 白痴 under 翻牌后被投票: 不可以, common-boards.md 2.6 第1条)."""
    return all(role.votable(game, seat) for role in board_roles(game) if role.votable)


def why_not_votable(game: Game, seat: int) -> str:
    """「7号（白痴）这个板子上现在不能被投票放逐」: the refusal of a ballot or an exile naming it."""
    return f"{seat}号（{game.seats[seat].role}）在这个板子上现在不能被投票放逐"


def _seat(game: Game, word: str, where: str) -> int:
    number = seat_number(word)
    if number is None:
        by_nick = [s.no for s in game.seats.values() if s.nick and s.nick == word]
        if len(by_nick) == 1:
            return by_nick[0]
        raise Rejected(f"{where}看不懂「{word[:20]}」：请写座位号（如7号）或玩家昵称。")
    if number not in game.seats:
        raise Rejected(f"{where}没有{number}号这个座位。")
    return number


# ---------------------------------------------------------------- the count


def weight(game: Game, voter: int) -> float:
    """What the voter's ballot weighs: nothing once the board says his ballots do not count (a seat
    that lost its vote after voting: the 杠精's 开杠; a 蒙面人 who left as the day's talk ended:
    Board.votes), else the board's weights."""
    if not game.board.votes(game, voter):
        return 0.0
    rule = game.board.hooks.vote_weight
    if rule is not None:
        return rule(game, voter)
    sheriff_votes = game.board.options.sheriff_votes
    if sheriff_votes is not None and game.sheriff == voter and game.day > 1:
        return sheriff_votes
    return 1.0


def multiplier(game: Game, target: int) -> float:
    rule = game.board.hooks.vote_multiplier
    return rule(game, target) if rule is not None else 1.0


def counts(game: Game, day: int | None = None) -> dict[int, float]:
    totals: dict[int, float] = {}
    for ballot in effective(game, day):
        if ballot.target is None:
            continue
        totals[ballot.target] = totals.get(ballot.target, 0.0) + _worth(game, ballot)
    for seat, bonuses in bonuses_of(game, day).items():
        totals[seat] = totals.get(seat, 0.0) + sum(votes for votes, _ in bonuses)
    return totals


def bonuses_of(game: Game, day: int | None = None) -> dict[int, list[tuple[float, str]]]:
    """What the roles add to each living seat's count on the day (乌鸦's curse: +1); in a 再投一轮
    second round, to its candidates only."""
    the_day = game.day if day is None else day
    only = candidates(game, the_day)
    seats = [seat for seat in game.alive() if (not only or seat in only) and votable(game, seat)]
    found = {seat: game.board.vote_bonus(game, seat, the_day) for seat in seats}
    return {seat: bonuses for seat, bonuses in found.items() if bonuses}


def _worth(game: Game, ballot: Ballot) -> float:
    """What a ballot for a seat adds to its count under the board's weights."""
    assert ballot.target is not None
    return weight(game, ballot.voter) * multiplier(game, ballot.target)


def top(game: Game, day: int | None = None) -> list[int]:
    """The seats with the most (weighted) votes; more than one is a tie (平票)."""
    totals = {seat: votes for seat, votes in counts(game, day).items() if votes > 0}
    if not totals:
        return []
    best = max(totals.values())
    return sorted(seat for seat, votes in totals.items() if votes == best)


def first_to_top(game: Game, day: int | None = None) -> int | None:
    """「最先获得投票数最多的角色」: among the tied, the first to reach the final top count."""
    leaders = top(game, day)
    if len(leaders) <= 1:
        return leaders[0] if leaders else None
    best = counts(game, day)[leaders[0]]
    running: dict[int, float] = {}
    for ballot in effective(game, day):
        if ballot.target in leaders:
            running[ballot.target] = running.get(ballot.target, 0.0) + weight(game, ballot.voter)
            if running[ballot.target] >= best:
                return ballot.target
    return None


def sheriff_choice(game: Game, day: int | None = None) -> int | None:
    """竞技12's tie: 「平票则按以下顺序：警长投票的角色出局、无人出局」."""
    leaders = top(game, day)
    if len(leaders) == 1:
        return leaders[0]
    ballot = next((b for b in effective(game, day) if b.voter == game.sheriff), None)
    return ballot.target if ballot is not None and ballot.target in leaders else None


def last_voter_for(game: Game, target: int, day: int | None = None) -> int | None:
    """「最后一位投票给…的角色」: the voter whose standing ballot for `target` was entered last."""
    voters = [b.voter for b in effective(game, day) if b.target == target]
    return voters[-1] if voters else None


def voters_for(game: Game, target: int, day: int | None = None) -> list[int]:
    return [b.voter for b in effective(game, day) if b.target == target]


@dataclass
class Ties:
    """The days whose vote was a tie (平票) that sent nobody out, for the 公示 and the record."""

    days: set[int] = field(default_factory=set)


def mark_tie(game: Game) -> None:
    game_state(game, Ties).days.add(game.day)


def tied(game: Game, day: int) -> bool:
    return day in peek_game_state(game, Ties).days


def report(game: Game, day: int | None = None) -> str:
    """`/票型`: the ballots in order and the weighted count, for directors."""
    lines = [f"第{game.day if day is None else day}天票型："]
    standing = effective(game, day)
    for ballot in day_ballots(game, day):
        void = ballot in standing and ballot.target is not None and _worth(game, ballot) == 0
        lines.append(ballot.text() + ("（计0票）" if void else ""))
    bonuses = bonuses_of(game, day)
    lines += [
        f"{seat}号{votes:+g}（{why}）" for seat, added in sorted(bonuses.items()) for votes, why in added
    ]
    totals = sorted(counts(game, day).items(), key=lambda item: (-item[1], item[0]))
    lines.append("计票：" + ("，".join(f"{seat}号{votes:g}票" for seat, votes in totals) or "无"))
    leaders = top(game, day)
    best = "、".join(f"{s}号" for s in leaders) + ("（平票）" if len(leaders) > 1 else "")
    lines.append(f"最高票：{best or '无'}")
    lines += round_lines(game, day)
    from bansha_engine.day.ballots import report_lines  # the forum day reads this module

    return "\n".join(lines + report_lines(game, game.day if day is None else day))


@dataclass
class PutOff:
    """Seats the exile vote sent out whose exit a role put off (血月使徒, the last wolf: he leaves at the
    next night's resolution), by the day of the vote."""

    by_day: dict[int, int] = field(default_factory=dict)


def put_off(game: Game, seat: int) -> None:
    """Today's vote sent `seat` out, but it leaves later (RoleDef.on_exiled kept it in for now)."""
    game_state(game, PutOff).by_day[game.day] = seat


def exiled_on(game: Game, day: int) -> int | None:
    """The seat the exile vote of `day` sent out: the one that left by it that day, or one whose exit
    was put off; None when the vote sent nobody out (a tie, a day ended early, a 白痴 who flipped)."""
    left = next((e.seat for e in game.exits if e.cause == VOTE and e.when == f"第{day}天"), None)
    return left if left is not None else peek_game_state(game, PutOff).by_day.get(day)


# ---------------------------------------------------------------- rounds (再投一轮, 定序)


@dataclass(frozen=True)
class Round:
    """A round of a day's exile vote that did not decide it: a 再投一轮 first round that tied (its tied
    seats are the next round's only candidates and do not vote in it), or a round a role voided
    (定序王子).  Its ballots are kept for the record; the next round starts with none."""

    ballots: tuple[Ballot, ...]
    outcome: str  # 「平票（3号、7号），进入PK」, 「定序王子翻牌作废（原结果：7号被放逐）」
    started: float  # when the next round began: a forum post timed before it is of this round
    candidates: tuple[int, ...] = ()  # the next round's only candidates (PK); (): every seat


@dataclass
class Rounds:
    by_day: dict[int, list[Round]] = field(default_factory=dict)


def rounds(game: Game, day: int | None = None) -> list[Round]:
    """The rounds of the day's exile vote already over (none on most days)."""
    return list(peek_game_state(game, Rounds).by_day.get(game.day if day is None else day, []))


def next_round(game: Game, outcome: str, candidates: tuple[int, ...] = ()) -> None:
    """The day's vote goes on in a new round: today's ballots are kept with the round just over, and
    every voter has a new ballot (and its one change)."""
    finished = Round(tuple(day_ballots(game)), outcome, game.now, candidates)
    game_state(game, Rounds).by_day.setdefault(game.day, []).append(finished)
    game.ballots[game.day] = []


def candidates(game: Game, day: int | None = None) -> tuple[int, ...]:
    """The seats a 再投一轮 second round may vote for (the first round's tie); () outside one."""
    done = rounds(game, day)
    return done[-1].candidates if done else ()


def in_runoff(game: Game) -> bool:
    """Whether today's vote is in a 再投一轮 second round (the first round tied)."""
    return bool(candidates(game))


def may_vote(game: Game, seat: int, day: int | None = None) -> bool:
    """Whether the seat's ballot counts in the day's current round: the board lets it vote (a flipped
    白痴 does not), and it is not one of the tied seats of a 再投一轮 second round."""
    return game.board.votes(game, seat) and seat not in candidates(game, day)


def round_lines(game: Game, day: int | None = None) -> list[str]:
    """/票型's lines on the rounds already over (their ballots and outcome), and which round the
    ballots above are."""
    done = rounds(game, day)
    lines = [
        f"第{n}轮：{'；'.join(b.text() for b in r.ballots) or '无选票'}——{r.outcome}"
        for n, r in enumerate(done, 1)
    ]
    if done:
        seats = "、".join(f"{s}号" for s in done[-1].candidates)
        only = f"，只能投{seats}，{seats}不投票" if seats else ""
        lines.append(f"本轮是第{len(done) + 1}轮{only}。")
    return lines
