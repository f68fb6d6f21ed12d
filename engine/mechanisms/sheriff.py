"""警长 (not a role): counts extra in the vote and hands the badge on when leaving.

A seat whose role does not let it hold the badge (RoleDef.may_hold_badge: a flipped 白痴 under
翻牌后持警徽: 不可以, common-boards.md 2.6 第2条) is never handed it, and a sheriff who stops being
allowed it (the 白痴 flipping at an exile) hands it on at once, the day waiting for the decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import PromptDef, board_roles
from bansha_engine.model import RED_CARD, Prompt
from bansha_engine.parse import is_none_word

if TYPE_CHECKING:
    from bansha_engine.game import Game

PROMPT = "badge"
WORD = "移交"
TRIGGER = "警徽"  # its place in library.TRIGGER_ORDER


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.sheriff != seat:
        return []
    if cause == RED_CARD:
        return [lambda: hand_badge(game, seat, None, "红牌罚下，警徽随机移交")]
    return [lambda: _ask(game, seat)]


def may_hold(game: Game, seat: int) -> bool:
    """Whether the badge may go to `seat` (RoleDef.may_hold_badge of every role of the board)."""
    return all(role.may_hold_badge(game, seat) for role in board_roles(game) if role.may_hold_badge)


def hand_on_if_barred(game: Game) -> None:
    """A living sheriff who may no longer hold the badge (a 白痴 who just flipped) hands it on now."""
    holder = game.sheriff
    if holder is not None and game.seats[holder].alive and not may_hold(game, holder):
        _ask(game, holder, "你不能继续持有警徽")


def _ask(game: Game, seat: int, why: str = "你是警长") -> None:
    if game.sheriff != seat or not game.alive():
        return
    if game.board.options.badge_tear:
        game.open_prompt(PROMPT, seat, f"{why}，请移交警徽：/移交 N号，或撕毁警徽：/移交 无")
        return
    game.open_prompt(PROMPT, seat, f"{why}，须选择继任警长：/移交 N号")


def answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    tear = game.board.options.badge_tear
    if args is None:
        if tear:  # the standard boards: no successor chosen, no successor
            tear_badge(game, prompt.seat, "未移交，警徽撕毁")
            return
        hand_badge(game, prompt.seat, None, "超时未移交，警徽随机移交")
        return
    if len(args) != 1:
        raise Rejected("用法：/移交 N号" + ("，或 /移交 无（撕毁警徽）" if tear else ""))
    if tear and is_none_word(args[0]):
        game.reply("警徽已撕毁。")
        tear_badge(game, prompt.seat, "撕毁警徽")
        return
    target = game.living_target(args[0], not_self=prompt.seat, what="继任警长")
    if not may_hold(game, target):
        raise Rejected(f"{target}号不能持有警徽，请另选继任警长。")
    game.reply(f"警徽已移交给{target}号。")
    hand_badge(game, prompt.seat, target, "移交警徽")


def hand_badge(game: Game, old: int, new: int | None, how: str) -> None:
    if game.sheriff != old:
        return
    if new is None:
        living = [seat for seat in game.alive() if may_hold(game, seat)]
        if not living:
            game.sheriff = None
            return
        new = game.rng.choice(living)
    game.sheriff = new
    game.tell(
        new,
        f"你成为新的警长（{game.seats[old].no}号{how}）：投票计{game.board.options.sheriff_votes:g}票。",
    )
    game.tell_directors(f"{old}号{how}：新警长是{new}号。")


# 殉职<强制>: /放弃 is refused; a timeout hands the badge on at random.
PROMPT_DEF = PromptDef(WORD, "警长", answer, forced=True)
# Boards whose sheriff may tear the badge (撕警徽: 可以): /移交 无 or /放弃 tears it, and so does a timeout.
TEARABLE = PromptDef(WORD, "警长", answer)


def tear_badge(game: Game, old: int, how: str) -> None:
    if game.sheriff != old:
        return
    game.sheriff = None
    game.tell_directors(f"{old}号{how}：本局不再有警长。")
