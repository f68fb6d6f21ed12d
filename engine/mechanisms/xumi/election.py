"""竞选日 (须弥): day 1 elects the sheriff (`/警长 N号|无`, or `/警长` counting the day's ballots), who
hands the badge on or tears it when leaving (roles/xumi/badge.py).  Its weight is the file's 警长.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import vote
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
from bansha_engine.model import BoardHooks
from bansha_engine.roles.xumi import badge, lilupal
from bansha_engine.roles.xumi.common import publish

if TYPE_CHECKING:
    from bansha_engine.game import Game

# the first sheriff appears: 利露帕尔's 镇灵之母
ON_SHERIFF: list[Callable[[Game], None]] = [lilupal.on_first_sheriff]


@dataclass
class Election:
    """Whether the 竞选日's sheriff (or that it has none) is recorded."""

    recorded: bool = False


def cmd_sheriff(game: Game, args: list[str]) -> bool:
    """竞选日: `/警长 N号` or `/警长 无` (「平票则没有警长」); `/警长` alone counts the day's ballots."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if game.day != 1 or game.night is not None:
        raise Rejected("警长只在竞选日（第1天）选出；之后警徽由殉职移交。")
    if peek_game_state(game, Election).recorded:
        raise Rejected("竞选日的警长已经记录过了。")
    if len(args) > 1:
        raise Rejected("用法：/警长 N号、/警长 无，或只发 /警长 按录入的选票统计")
    if not args:
        leaders = vote.top(game)
        number = leaders[0] if len(leaders) == 1 else None
    elif args[0] in ("无", "空", "平票"):
        number = None
    else:
        number = game.living_target(args[0], what="警长")
    game_state(game, Election).recorded = True
    if number is None:
        game.reply("已记录：竞选日没有选出警长（平票或无人当选）。")
        publish(game, "竞选日没有警长")
        return True
    game.sheriff = number
    game.tell(
        number,
        f"你当选警长：投票时你的票多计{badge.extra_vote(game):g}票；出局时须移交警徽或撕掉（/移交 N号 或 /移交 无）。",
    )
    game.reply(f"已记录：{number}号当选警长。")
    publish(game, f"{number}号当选警长")
    for hook in ON_SHERIFF:
        hook(game)
    game.drain()
    return True


PROMPT_WORDS = {badge.PROMPT: badge.WORD}


# ---------------------------------------------------------------- what a file gives and may say

NAME = "竞选日"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        fields={
            "answer_prompt": {badge.PROMPT: badge.answer},
            "prompt_words": PROMPT_WORDS,
            "prompt_roles": {badge.PROMPT: "警长"},
        },
        hooks=BoardHooks(director_commands={"警长": cmd_sheriff}),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """须弥 elects a sheriff, who may always tear the badge; it has no 马甲杀."""
    found = []
    if board_file.sheriff_votes is None or board_file.sheriff_votes < 1:
        found.append(
            Refusal(
                ("警长",),
                "须弥在竞选日选出警长，「警长」要写警长的票数：1到10的数（如1.5），不能写「无」或小于1",
            )
        )
    if "撕警徽" in written:
        found.append(Refusal(("撕警徽",), "须弥的警长出局时总可以撕掉警徽（原帖「殉职」），不写「撕警徽」"))
    if board_file.vest_guess:
        found.append(Refusal(("马甲杀",), "须弥没有马甲杀，「马甲杀」只能写：不可以"))
    return found


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("时段夜晚",), refuse=refuse))
