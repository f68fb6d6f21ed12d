"""狼王 of the standard boards (standard-boards.md): a wolf who votes in the wolf group, and who may
shoot one seat when leaving (`/开枪 N号`), or not; poisoned by the witch (or red-carded) he cannot.
(百变小樱's 狼王, who charges by night, is charging_wolf_king.py: a file chooses it with `技能: 冲锋`.)

Options a board file may set: 毒杀开枪 (不能 | 可以), 殉情开枪 and 被带走开枪 (可以 | 不可以,
common-boards.md 2.3); the fixed rules of the last shot (no shot after a red card, 梦亡, his own 自爆,
or on a night he is sealed) are the 猎人's (hunter.shot_barred).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.library import (
    WOLF,
    OptionDef,
    PromptDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import POISON, WOLF_KING_SHOT, WOLVES, Prompt
from bansha_engine.roles import hunter

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼王"
PROMPT = "wolf_king_shot"
WORD = "开枪"

POISONED_SHOT = OptionDef("毒杀开枪", ("不能", "可以"), "不能", "被女巫毒杀时能否开枪")


@dataclass
class ShotState:
    offered: bool = False  # the shot is offered once: it is spent then, taken or not


def _triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.seats[seat].role != NAME or peek_seat_state(game, seat, ShotState).offered:
        return []
    if hunter.note_barred(game, seat, cause, NAME):
        return []
    return [lambda: _ask(game, seat)]


def _ask(game: Game, seat: int) -> None:
    seat_state(game, seat, ShotState).offered = True
    game.open_prompt(PROMPT, seat, "你是狼王，出局时可以开枪：/开枪 N号 带走一名其他玩家，或 /放弃")


def _answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    hunter.take_shot(game, prompt.seat, args, role=NAME, cause=WOLF_KING_SHOT, publish=True)


def describe(game: Game, seat: int) -> list[str]:
    poisoned = "也可以开枪" if option(game, NAME, POISONED_SHOT.name) == "可以" else "不能开枪"
    others = [
        words
        for option_def, words in ((hunter.LOVE_SHOT, "殉情"), (hunter.TAKEN_SHOT, "被别人的技能带走"))
        if option(game, NAME, option_def.name) == "不可以"
    ]
    also = f"；{'、'.join(others)}时不能开枪" if others else ""
    return [
        f"开枪 —— 出局时可以开枪带走一名其他玩家（/开枪 N号），或不开枪；{game.cause_phrase(POISON)}时{poisoned}{also}",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；出局时可以开枪带走一名玩家，被毒杀时不能开枪",
        options=(POISONED_SHOT, hunter.LOVE_SHOT, hunter.TAKEN_SHOT),
        describe=describe,
        triggers={"开枪": _triggers},
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, _answer)},
        aliases=("黑狼王",),
    )
)
