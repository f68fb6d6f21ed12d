"""黄昏投票 (须弥): the day's vote, counted with weights as the door closes and settled in 黄昏1.

The sheriff weighs the file's 警长 (1.5: 「警长会增加0.5票」), [独裁] +1, 狼学者's bonus, 超限锁定 ×2; a
seat under [迷魂] or out weighs nothing.  平票: the file's (无人出局; 警长投票的角色出局).  `/放逐 N号|无`
records the result before the door closes; the end of 黄昏 tells and publishes its exits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage, status, vote
from bansha_engine.api import Rejected
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import (
    BoardPart,
    Mechanism,
    Refusal,
    game_state,
    peek_game_state,
    register_mechanism,
)
from bansha_engine.mechanisms.xumi.exit_notices import cause_lines, tell_exit
from bansha_engine.model import BoardHooks
from bansha_engine.roles.xumi import badge, lucid, prince, wolf_scholar
from bansha_engine.roles.xumi.common import VOTE_CAUSE, publish, take_dusk_publications

if TYPE_CHECKING:
    from bansha_engine.game import Game


def dusk_end(game: Game, *, game_over: bool = False) -> None:
    """The end of 黄昏: its exits are told and published (投票出局 / 其他原因), with the sheriff; also
    when the game ends during 黄昏 (no last words then)."""
    dusk = [e for e in game.exits if e.when == f"第{game.day}天黄昏"]
    for exit in dusk:
        tell_exit(game, exit, last_words=not game_over)
    by_vote = sorted(e.seat for e in dusk if e.cause == VOTE_CAUSE)
    other = sorted(e.seat for e in dusk if e.cause != VOTE_CAUSE)
    listing = lambda seats: "、".join(f"{s}号" for s in seats) or "无"  # noqa: E731
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    head = (
        f"第{game.day}天黄昏：投票出局：{listing(by_vote)}；其他原因出局：{listing(other)}；警长：{sheriff}"
    )
    # 「…并公示[投票出局]和[其他原因]出局的名单…以及公示应当公示的信息」: what 黄昏 published, gathered
    game.tell_directors("公示：" + "\n".join([head, *take_dusk_publications(game)]))
    if dusk:  # the causes are the directors' alone: the seats are told only that they left
        game.tell_directors(f"第{game.day}天黄昏出局原因（不公示）：" + "；".join(cause_lines(game, dusk)))


def vote_weight(game: Game, voter: int) -> float:
    """Weight 1, +0.5 for the sheriff, +1 for [独裁] (however many), + the board's bonuses; 0 under [迷魂]
    and for a seat that has left (「角色出局后，不能继续参与讨论、投票」)."""
    if not game.seats[voter].alive or status.has(game, voter, "迷魂"):
        return 0.0
    total = 1.0 + (badge.extra_vote(game) if game.sheriff == voter else 0.0)
    if status.has(game, voter, "独裁"):
        total += 1
    return total + sum(bonus(game, voter) for bonus in VOTE_BONUSES)


# 狼学者: +1 per guessed target that left
VOTE_BONUSES: list[Callable[[Game, int], float]] = [wolf_scholar.vote_bonus]
# 超限锁定: ×2 on its target that day
VOTE_MULTIPLIERS: list[Callable[[Game, int], float]] = [lucid.vote_multiplier]


def vote_multiplier(game: Game, target: int) -> float:
    """超限锁定's ×2; a ballot for a seat that has left counts nothing (「如果投票的角色在正午就已出局…可以
    进行一次改票」: such a ballot is void until its voter changes it)."""
    if not game.seats[target].alive:
        return 0.0
    result = 1.0
    for rule in VOTE_MULTIPLIERS:
        result *= rule(game, target)
    return result


NOBODY = 0  # `/放逐 无`


@dataclass
class RecordedExile:
    """`/放逐 N号|无` before the door closes: the seat the day's vote sends out, or NOBODY; None while
    the ballots decide."""

    seat: int | None = None


def settle_vote(game: Game) -> None:
    """黄昏1: the top seat leaves unless a status saves it; a tie (平票) sends nobody out."""
    if game.day == 1:
        return  # the 竞选日's vote elects the sheriff only
    recorded = peek_game_state(game, RecordedExile)
    forced, recorded.seat = recorded.seat, None
    if forced == NOBODY:
        leaders: list[int] = []
    else:
        leaders = [forced] if forced is not None else _top_after_tie_rule(game)
    night = game.night
    assert night is not None
    if len(leaders) != 1:
        night.notes.append(f"第{game.day}天投票：{'平票' if leaders else '无人得票'}，无人出局")
        publish(game, f"第{game.day}天投票：{'平票，' if leaders else ''}无人出局")
        return
    target = leaders[0]
    if not damage.deal(game, damage.Damage(target, damage.VOTE, None, VOTE_CAUSE)):
        night.notes.append(f"第{game.day}天投票：最高票{target}号，状态抵消，不出局")
        publish(game, f"第{game.day}天投票：最高票{target}号，平安日")
    else:  # 「将只宣布当天谁是最高票」, also when a prevention (白猫, [混沌]) keeps it in
        publish(game, f"第{game.day}天投票：最高票{target}号")


def _top_after_tie_rule(game: Game) -> list[int]:
    """The top seats of the count; under 平票: 警长投票的角色出局 a tie the sheriff voted in sends
    that seat out (a tie without the sheriff's ballot on a top seat stays a tie)."""
    leaders = vote.top(game)
    if len(leaders) > 1 and game.board.options.exile_tie == "sheriff_choice":
        chosen = vote.sheriff_choice(game)
        return [chosen] if chosen is not None else leaders
    return leaders


def cmd_exile(game: Game, args: list[str]) -> bool:
    """On 须弥 the vote is settled at the door close from the ballots; `/放逐 N号|无` records the
    result directly instead, `/放逐` alone shows what the ballots give now — or, in the 正午 of
    定序王子's extra vote, settles that vote (as `/额外投票`)."""
    if game.phase != "day" or game.day < 2:
        raise Rejected("只有第二天及以后的白天（关门前）才能记录放逐结果。")
    if not args and prince.extra_vote_today(game) and game.part == "正午":
        return prince.cmd_extra_vote(game, args)  # 定序王子's extra vote is the one to settle now
    if not args:
        game.reply(vote.report(game) + "\n关门时按票型自动结算（也可 /放逐 N号 或 /放逐 无 直接记录）。")
        return False
    if len(args) != 1:
        raise Rejected("用法：/放逐 N号 或 /放逐 无")
    if args[0] in ("无", "空", "平票"):
        game_state(game, RecordedExile).seat = NOBODY
        game.reply("已记录：今天投票无人出局（关门时生效）。")
        return True
    number = game.living_target(args[0], what="放逐对象")
    game_state(game, RecordedExile).seat = number
    game.reply(f"已记录：今天投票{number}号出局（关门时在黄昏1结算）。")
    return True


# ---------------------------------------------------------------- what a file gives

NAME = "黄昏投票"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        hooks=BoardHooks(
            vote_weight=vote_weight,
            vote_multiplier=vote_multiplier,
            director_commands={"放逐": cmd_exile, "额外投票": prince.cmd_extra_vote},
            director_help=("/额外投票（或正午时 /放逐）：结算定序王子带来的正午额外投票",),
        ),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """须弥's vote: a tie sends nobody out, or the seat the sheriff voted for; abstentions never void it."""
    found = []
    if board_file.exile_tie not in ("nobody", "sheriff_choice"):
        found.append(Refusal(("平票",), "须弥的平票只能写：无人出局、警长投票的角色出局"))
    if board_file.abstain_majority:
        found.append(Refusal(("弃票过半",), "须弥的投票不看弃权人数，「弃票过半」只能写：不算"))
    return found


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("时段夜晚", "竞选日"), refuse=refuse))
