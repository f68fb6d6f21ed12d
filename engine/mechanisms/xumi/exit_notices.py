"""须弥's exit notices: when a seat is told it left, and whether it may leave last words.

「角色出局时将收到通知」: a 黄昏 exit (and its last words) is told when 黄昏 ends (dusk.dusk_end);
the others at once.  Read by the dawn's report (dawn.py) and the 黄昏 vote (dusk.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.model import RED_CARD, Exit
from bansha_engine.roles.xumi.common import VOTE_CAUSE, publish
from bansha_engine.timeline import is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game


def exit_notice_held(game: Game) -> bool:
    """「在黄昏阶段…出局的角色…会在黄昏阶段结束后通知」: a 黄昏 exit (and its last words) is told when
    黄昏 ends (`_dusk_end`)."""
    return game.part.startswith("黄昏")


def announce_exit(game: Game, exit: Exit) -> None:
    """「角色出局时将收到通知」: 黄昏 exits are told when 黄昏 ends; the others at once (a night exit
    happens at the tally).  正午 exits are published at once."""
    if exit_notice_held(game):
        return
    tell_exit(game, exit)
    if game.part == "正午":
        publish(game, f"{exit.seat}号出局")
        game.tell_directors(f"出局原因（不公示）：{cause_lines(game, [exit])[0]}")


def tell_exit(game: Game, exit: Exit, *, last_words: bool = True) -> None:
    """The exit notice, with the offer of last words when the seat has them.  「角色出局时将收到通知」
    tells that the seat is out, not how: the cause is the directors' (docs/rulings-xumi.md)."""
    text = f"你在{exit.when}出局。"
    if last_words and exit.seat in game.last_words_offered:
        until = game.last_words_until[exit.seat]  # the night whose start closes them (engine.game)
        text += f"\n你有遗言权利：请在第{until}夜开始前私聊发送「/遗言 内容」，不发视为放弃。"
    game.tell(exit.seat, text)


def cause_lines(game: Game, exits: list[Exit]) -> list[str]:
    """「8号（刺猬）：反伤甲，致死伤害」, for the directors."""
    return [f"{e.seat}号（{game.seats[e.seat].role}）：{exit_cause_text(e)}" for e in exits]


def exit_cause_text(exit: Exit) -> str:
    if exit.cause == RED_CARD:
        return "红牌罚下"
    if exit.cause == VOTE_CAUSE:
        return "被放逐"
    kinds = "、".join(dict.fromkeys(d.kind for d in exit.damages))
    return f"{exit.cause}，{kinds}" if kinds else exit.cause


def has_last_words(game: Game, seat: int, cause: str) -> bool:
    """「首夜出局和所有白天出局的角色都有遗言」; 「红牌罚下出局的角色没有遗言权利」."""
    return cause != RED_CARD and (not is_night(game.part) or game.day == 1)
