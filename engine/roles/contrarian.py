"""杠精 (common-boards.md 3.1; 补充裁定 17): a day skill, once a game, from day 2, before the day's first
`/放逐`, with no decision waiting.

`/开杠 N号` (another living seat): he flips; the directors get 「N号杠精翻牌，与M号开杠」; a secret vote
opens at once: every living seat that may vote, but the two, privately `/赞成` (for the 杠精) or `/反对`.
It ends when all of them voted, at 移交时限 (`/时限 杠精` moves it), or on the directors' `/推进`;
who did not vote is not counted.  赞成 strictly more than half of those who may vote: M loses his speech
and his vote that day (his ballot is void, his later ballots refused); M the sheriff, the badge goes to
the 杠精 (recorded).  Otherwise (not over half, or a tie) the 杠精 loses his vote that day.  The
directors get the counts and the result only, never who voted what.

While the vote is open a private `/反对` counts for it only; `/反对` in the wolf group keeps its meaning
(the wolves' surrender, 狼头's 决战), and so does a private one while no vote is open.  The open vote is
a poll in the 杠精's name (PromptDef.poll): `/放逐`, `/入夜`, `/自爆` and other day skills wait for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    PromptDef,
    RoleDef,
    game_state,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import VILLAGE, Prompt, Skill
from bansha_engine.parse import no_arguments
from bansha_engine.role_helpers import require_day_skill, require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "杠精"
PROMPT = "contrarian_vote"
WORD = "开杠投票"  # the poll's name in the directors' messages
YES, NO = "赞成", "反对"
OPPOSE = "开杠反对"  # his `/反对` skill's name, which tells it from the board's other `/反对`, wrapped or not


@dataclass
class Challenge:
    """The 杠精's 开杠 (整局一次) and how its vote ended."""

    day: int = 0  # the day he challenged; 0: not yet
    target: int = 0
    won: bool | None = None  # None: the vote is still open


@dataclass
class Poll:
    """A secret vote: who may vote (fixed when it opened) and their ballots (赞成: True)."""

    challenger: int
    voters: tuple[int, ...]
    ballots: dict[int, bool] = field(default_factory=dict)


@dataclass
class OpenPoll:
    poll: Poll | None = None  # the vote open now


def _challenges(game: Game) -> list[tuple[int, Challenge]]:
    return [(n, peek_seat_state(game, n, Challenge)) for n in game.with_role(NAME, alive=False)]


def _open_poll(game: Game) -> Poll | None:
    return peek_game_state(game, OpenPoll).poll


# ---------------------------------------------------------------- /开杠


def _challenge(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    done = peek_seat_state(game, seat, Challenge)
    if done.day:
        raise Rejected(f"你已经在第{done.day}天与{done.target}号开过杠了：开杠整局一次。")
    require_day_skill(game, seat, NAME, "开杠")
    if vote.rounds(game):
        raise Rejected("现在不能开杠：今天已经有过放逐结算（开杠要在当天第一次 /放逐 之前）。")
    if len(args) != 1:
        raise Rejected("用法：/开杠 N号（与一名其他存活玩家开杠）")
    target = game.living_target(args[0], not_self=seat, what="开杠对象")
    state = seat_state(game, seat, Challenge)
    state.day, state.target = game.day, target
    voters = tuple(n for n in game.alive() if n not in (seat, target) and game.board.votes(game, n))
    game.reply(f"已开杠：你翻牌为杠精，与{target}号开杠。其他玩家正在不记名投票。")
    game.tell_directors(
        f"{seat}号杠精翻牌，与{target}号开杠。开杠投票：{len(voters)}人可投（/赞成 支持杠精，/反对 支持{target}号），"
        f"导演只收到票数和结果；/推进 结束投票。\n公示：{seat}号翻牌为杠精，与{target}号开杠。"
    )
    if not voters:
        _settle(game, Poll(seat, voters))
        return
    game_state(game, OpenPoll).poll = Poll(seat, voters)
    game.open_prompt(PROMPT, seat, f"开杠投票进行中：其他玩家不记名 /赞成 或 /反对，你和{target}号不投票")
    due = game.clock(game.prompts[-1].due)
    game.tell(target, f"{seat}号杠精与你开杠：其他玩家正在不记名投票（{due}截止）。")
    for voter in voters:
        game.tell(
            voter,
            f"{seat}号杠精与{target}号开杠。不记名投票：支持{seat}号（杠精）请私聊 /赞成，支持{target}号请私聊 /反对"
            f"（{due}截止；导演只看到票数）。",
        )


# ---------------------------------------------------------------- /赞成, /反对


def _agree(game: Game, seat: int, args: list[str]) -> None:
    poll = _open_poll(game)
    if poll is None:
        raise Rejected("现在没有开杠投票。")
    _cast(game, seat, args, poll, agree=True)


def _oppose(game: Game, seat: int, args: list[str]) -> None:
    """A private `/反对` while a vote is open is its ballot (补充裁定 17); otherwise the board's other
    `/反对` takes it (the wolves' surrender, 狼头's 决战), if any."""
    poll = _open_poll(game)
    private = game.speaker is not None and game.speaker.group is None
    if poll is not None and private:
        _cast(game, seat, args, poll, agree=False)
        return
    other = next((s for s in game.board.skills if NO in s.words and s.name != OPPOSE), None)
    if other is not None:
        other.handler(game, seat, args)
    elif poll is not None:
        raise Rejected("开杠投票请私聊发送 /反对（群里的 /反对 不算开杠投票）。")
    else:
        raise Rejected("现在没有开杠投票。")


def _cast(game: Game, seat: int, args: list[str], poll: Poll, *, agree: bool) -> None:
    word = YES if agree else NO
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能参加开杠投票。")
    if seat not in poll.voters:
        target = peek_seat_state(game, poll.challenger, Challenge).target
        if seat in (poll.challenger, target):
            raise Rejected("开杠的两人不参加开杠投票。")
        raise Rejected("你不能参加这次开杠投票（开杠时没有投票权）。")
    no_arguments(args, word)
    poll.ballots[seat] = agree
    game.reply(f"已记录：{word}（不记名，导演只看到票数；投票结束前可以改）。")
    if all(n in poll.ballots for n in _counted(game, poll)):
        prompt = game.prompt_for(poll.challenger, PROMPT)
        if prompt is not None:
            game.answer(prompt, [])


def _counted(game: Game, poll: Poll) -> list[int]:
    """Who may vote: those who might when it opened and are still in the game."""
    return [n for n in poll.voters if game.seats[n].alive]


# ---------------------------------------------------------------- the result


def _close(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    """The vote ends (everyone voted, its deadline, /推进): counted."""
    state = game_state(game, OpenPoll)
    poll, state.poll = state.poll, None
    if poll is not None:
        _settle(game, poll)


def _settle(game: Game, poll: Poll) -> None:
    challenger = poll.challenger
    state = seat_state(game, challenger, Challenge)
    target = state.target
    counted = _counted(game, poll)
    yes = sum(1 for n in counted if poll.ballots.get(n) is True)
    no = sum(1 for n in counted if poll.ballots.get(n) is False)
    state.won = yes * 2 > len(counted)
    tally = (
        f"开杠投票结束：赞成{yes}票，反对{no}票，未投{len(counted) - yes - no}人（能投票{len(counted)}人）。"
    )
    if not state.won:
        game.tell(challenger, "开杠投票结果：赞成没有超过半数，你今天失去投票权。")
        game.tell_directors(
            f"{tally}赞成没有超过半数：{challenger}号（杠精）今天失去投票（他今天的票作废，之后的 /投票 不收）。"
            f"\n公示：开杠结果：{challenger}号（杠精）今天失去投票权。"
        )
        return
    badge = f"，{target}号的警徽归{challenger}号" if _take_badge(game, challenger, target) else ""
    game.tell(target, "开杠投票结果：赞成杠精的超过半数，你今天不能发言，也失去投票权。")
    recorded = f"（已记录：{challenger}号是警长）" if badge else ""
    game.tell_directors(
        f"{tally}赞成超过半数：{target}号今天失去发言和投票（他今天的票作废，之后的 /投票 不收）{badge}{recorded}。"
        f"\n公示：开杠结果：{target}号今天禁言、失去投票权{badge}。"
    )


def _take_badge(game: Game, challenger: int, target: int) -> bool:
    """The loser was the sheriff: the badge goes to the 杠精 (recorded).  Whether it did."""
    if game.sheriff != target:
        return False
    game.sheriff = challenger
    weight = game.board.options.sheriff_votes
    game.tell(challenger, f"开杠胜利：{target}号的警徽归你，你成为警长（投票计{weight:g}票）。")
    game.tell(target, f"开杠落败：你的警徽归{challenger}号。")
    return True


def _votes(game: Game, seat: int) -> bool:
    """That day: the loser of a 开杠 has no vote (M, or the 杠精 himself)."""
    for challenger, state in _challenges(game):
        if state.day != game.day or state.won is None:
            continue
        if seat == (state.target if state.won else challenger):
            return False
    return True


def describe(game: Game, seat: int) -> list[str]:
    state = peek_seat_state(game, seat, Challenge)
    if state.day:
        outcome = {None: "投票中", True: f"{state.target}号当天失去发言和投票", False: "你当天失去投票"}[
            state.won
        ]
        return [f"开杠 —— 已于第{state.day}天与{state.target}号开杠：{outcome}（整局一次，已用）"]
    return [
        "开杠 —— 整局一次：第2天起的白天、当天第一次放逐结算之前，私聊 /开杠 N号 与一名其他存活玩家开杠：你翻牌，"
        "其他有投票权的存活玩家不记名 /赞成 或 /反对；赞成超过能投票人数的一半，对方当天失去发言和投票"
        "（他是警长则警徽归你），否则你当天失去投票"
    ]


def _marks(game: Game, seat: int) -> list[str]:
    marks = []
    for challenger, state in _challenges(game):
        if seat == challenger and state.day:
            marks.append(f"已开杠（第{state.day}天，与{state.target}号）")
        if (
            state.day == game.day
            and state.won is not None
            and seat == (state.target if state.won else challenger)
        ):
            marks.append("今天禁言、无投票权（开杠）" if state.won else "今天无投票权（开杠）")
    return marks


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第2天起白天翻牌与一人开杠，其他人不记名表决：赞成过半对方当天禁言、失去投票，否则自己失去投票（整局一次）",
        skills=lambda options: [
            Skill("开杠", ("开杠",), _challenge),
            Skill(YES, (YES,), _agree),
            Skill(OPPOSE, (NO,), _oppose),
        ],
        describe=describe,
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, _close, poll=True)},
        votes=_votes,
        status_marks=_marks,
    )
)
