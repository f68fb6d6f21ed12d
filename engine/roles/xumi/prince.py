"""定序王子⑥ (强神, 村民阵营): 重定时间, and the extra vote it brings.

重定时间[黄昏][翻牌][指定]——选择范围：所有当天[黄昏]阶段之中出局的角色，允许不选择目标直接结算，这个技能也
可以在自己[黄昏]出局后立刻发动，竞选日不可发动。
结算效果：结算目标在[黄昏]阶段结束后复活，所有状态按出局时为准。
无论是否存在结算目标，结算是否成功，发动该技能后，下一个[正午]阶段额外进行一次投票并公示。

Used in 黄昏2 (`/重定时间 N号` or `/重定时间`), from day 2, once: the [翻牌] reveals the prince (a flip
cannot be made twice).  A prince who left in today's 黄昏 may still use it in 黄昏2.  The target is a
seat that left during today's 黄昏 other than by a red card; it comes back when 黄昏 ends, after the
黄昏 exits are published, with the statuses it holds (they stayed on it while it was out).  Its
return is published (it speaks and is voted for again).  The extra vote of the next 正午: a
director enters its ballots with `/投票` as usual and settles it with `/额外投票`; ballots entered
after it count for the day's own vote.  If 正午 ends first, it is settled from the ballots entered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, vote
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import RED_CARD, Exit
from bansha_engine.roles.xumi import board_calls
from bansha_engine.roles.xumi.common import VOTE_CAUSE, flip, has_flipped, publish
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "重定时间"


@dataclass
class ExtraVote:
    """The game day whose 正午 holds the extra vote 重定时间 brings, until it is settled."""

    day: int | None = None


def dusk_exits(game: Game) -> list[int]:
    """The seats that left during today's 黄昏 (not by a red card) and are still out."""
    today = f"第{game.day}天黄昏"
    return [
        e.seat for e in game.exits if e.when == today and e.cause != RED_CARD and not game.seats[e.seat].alive
    ]


def check(game: Game, use: Use) -> None:
    if has_flipped(game, use.seat):
        raise Rejected("你的身份已经翻牌公开，不能再发动重定时间。")
    for target in use.targets:
        if target not in dusk_exits(game):
            raise Rejected(f"{target}号不是今天黄昏阶段出局的角色，不能作为重定时间的目标。")


def reset_time(game: Game, use: Use) -> None:
    flip(game, use.seat)
    for target in use.targets:
        game.push_back([lambda target=target: _revive(game, target)])  # after 黄昏 ends (engine.slots)
    game_state(game, ExtraVote).day = game.day + 1
    publish(game, f"第{game.day + 1}天正午将额外进行一次投票")


def _revive(game: Game, seat: int) -> None:
    """After 黄昏's own 公示 has gone out: published at once (the next 黄昏1 forgets lines published
    this late, so the next 黄昏 公示 does not repeat it)."""
    game.revive(seat)
    publish(game, f"{seat}号复活")


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    """「也可以在自己[黄昏]出局后立刻发动」: a prince who leaves in 黄昏 keeps the skill for 黄昏2."""
    state = game.seats[exit.seat].skills.get(SKILL)
    if state is not None and exit.when == f"第{game.day}天黄昏":
        state.usable_dead = True
    return []


def night_start(game: Game) -> None:
    """Once 黄昏 is over, a prince who left can no longer use it."""
    for seat in game.seats.values():
        state = seat.skills.get(SKILL)
        if state is not None and not seat.alive:
            state.usable_dead = False


# ---------------------------------------------------------------- the extra vote


def extra_vote_today(game: Game) -> bool:
    return peek_game_state(game, ExtraVote).day == game.day


def announce_extra_vote(game: Game) -> None:
    """At 开门 on the day of the extra vote: the directors are told how to record it."""
    if extra_vote_today(game):
        game.tell_directors(
            "今天正午额外进行一次投票：先用 /投票 录入额外投票的选票，再发 /额外投票（或 /放逐）结算；"
            "之后录入的选票计入今天关门时的投票。正午结束时还没结算的，按已录入的选票自动结算。"
        )


def cmd_extra_vote(game: Game, args: list[str]) -> bool:
    """`/额外投票`: settle the extra vote from the ballots entered so far."""
    if args:
        raise Rejected("用法：/额外投票（按已录入的选票结算今天正午的额外投票）")
    if not extra_vote_today(game):
        raise Rejected("今天没有额外投票（定序王子发动重定时间后的下一个正午才有）。")
    if game.phase != "day" or game.part != "正午":
        raise Rejected("额外投票只能在正午结算。")
    if game.busy():
        raise Rejected("还有待处理的决定，请先处理。")
    game.reply(vote.report(game) + "\n额外投票结算：")
    settle_extra_vote(game)
    return True


def settle_extra_vote(game: Game) -> None:
    """The top seat leaves (a 正午 exit, published at once) unless a status saves it; a tie sends
    nobody out; then the day's ballots start afresh for the vote at the door close."""
    if not extra_vote_today(game):
        return
    game_state(game, ExtraVote).day = None
    leaders = vote.top(game)
    if len(leaders) != 1:
        publish(game, f"第{game.day}天额外投票：{'平票，' if leaders else ''}无人出局")
    else:
        target = leaders[0]
        publish(game, f"第{game.day}天额外投票：最高票{target}号")
        if not damage.deal(game, damage.Damage(target, damage.VOTE, None, VOTE_CAUSE)):
            publish(game, f"第{game.day}天额外投票：{target}号没有出局")
    game.push_back([lambda: _new_ballots(game)])  # once the exit's chain has read these ballots
    game.drain()
    board_calls.check_end(game)


def _new_ballots(game: Game) -> None:
    game.ballots[game.day] = []


SKILLS = skills.register(
    SkillSpec(
        SKILL,
        ("黄昏2",),
        rank=10,
        limited=True,  # [翻牌]: the 实际身份 is revealed once, so the skill is used once
        from_night=2,
        targets=(0, 1),
        target_dead=True,
        rule=check,
        effect=reset_time,
        hint="N号（今天黄昏出局的角色）或不写目标",
    )
)
ROLE = pool_role(
    "定序王子",
    seat_skills=(SKILL,),
    summary="重定时间（黄昏2，第二天起，翻牌：复活一名今天黄昏出局的角色或不选目标；下一个正午额外进行一次投票）",
)
