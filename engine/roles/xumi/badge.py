"""警长 on 须弥: +0.5 vote (the file's 警长 less the seat's own vote); 殉职 hands the badge on or tears it.

「殉职[强制]——警长出局时，在出局的那个阶段内，须选择一名未出局的角色移交警长或选择撕掉警徽，没有警长，若在
该阶段内未及时选择警长，警长将直接撕掉，获得警长的角色将在该阶段结束后收到通知（白昼，黄昏阶段则立刻通知并
公示）。」  A timeout tears the badge (ruling in COMMANDS.md); `/移交 无` tears it on purpose; a red
card is 业炎 treatment: the red-carded sheriff cannot act and the badge is torn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.model import RED_CARD, Prompt
from bansha_engine.parse import is_none_word
from bansha_engine.roles.xumi.common import publish
from bansha_engine.timeline import is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game

PROMPT = "badge"
WORD = "移交"
TEAR_WORDS = ("撕", "撕掉", "撕警徽")


def extra_vote(game: Game) -> float:
    """What the sheriff's ballot weighs beyond a seat's own (「警长会增加0.5票」: 警长: 1.5)."""
    weight = game.board.options.sheriff_votes
    return weight - 1 if weight is not None else 0.0


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.sheriff != seat:
        return []
    if cause == RED_CARD:
        return [lambda: tear(game, seat, "红牌罚下，不能移交")]
    return [lambda: _ask(game, seat)]


def _ask(game: Game, seat: int) -> None:
    if game.sheriff != seat or not game.alive():
        return
    game.open_prompt(PROMPT, seat, "你是警长，须移交警徽或撕掉：/移交 N号 或 /移交 无（超时视为撕掉）")


def answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    if args is None:
        tear(game, prompt.seat, "超时未移交，警徽撕掉")
        return
    if len(args) != 1:
        raise Rejected("用法：/移交 N号 或 /移交 无（撕掉警徽）")
    if is_none_word(args[0]) or args[0] in TEAR_WORDS:
        game.reply("你撕掉了警徽。")
        tear(game, prompt.seat, "撕掉警徽")
        return
    target = game.living_target(args[0], not_self=prompt.seat, what="继任警长")
    game.reply(f"警徽已移交给{target}号。")
    game.sheriff = target
    game.tell(target, f"你成为新的警长（{prompt.seat}号移交）：投票时你的票多计{extra_vote(game):g}票。")
    game.tell_directors(f"{prompt.seat}号移交警徽：新警长{target}号。")
    if not is_night(game.part):
        publish(game, f"{prompt.seat}号将警徽移交给{target}号")


def tear(game: Game, old: int, how: str) -> None:
    if game.sheriff != old:
        return
    game.sheriff = None
    game.tell_directors(f"{old}号{how}：现在没有警长。")
    if not is_night(game.part):
        publish(game, f"{old}号的警徽已撕掉，没有警长")
