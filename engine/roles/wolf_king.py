"""狼王 of the standard boards (standard-boards.md): a wolf who votes in the wolf group, and who may
shoot one seat when leaving (`/开枪 N号`), or not; poisoned by the witch (or red-carded) he cannot.
(百变小樱's 狼王, who charges by night, is charging_wolf_king.py: a file chooses it with `技能: 冲锋`.)

Option a board file may set: 毒杀开枪 (不能 | 可以).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.library import WOLF, OptionDef, PromptDef, RoleDef, option, register, seat_state
from bansha_engine.model import POISON, RED_CARD, SELF_DESTRUCT_CAUSES, WOLF_KING_SHOT, WOLVES, Prompt
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


def can_shoot(game: Game, seat: int, cause: str) -> bool:
    """Not after a red card or his own 自爆 (common-boards.md 2.3 第3条), nor a second time."""
    if cause == RED_CARD or cause in SELF_DESTRUCT_CAUSES or seat_state(game, seat, ShotState).offered:
        return False
    return cause != POISON or option(game, NAME, POISONED_SHOT.name) == "可以"


def _triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.seats[seat].role != NAME:
        return []
    if not can_shoot(game, seat, cause):
        if cause == POISON:
            game.tell_directors(f"{seat}号（狼王）被女巫毒杀，不能开枪。")
        if cause in (POISON, RED_CARD) or cause in SELF_DESTRUCT_CAUSES:  # not a shot offered already
            game.tell(seat, hunter.NO_SHOT)
        return []
    return [lambda: _ask(game, seat)]


def _ask(game: Game, seat: int) -> None:
    seat_state(game, seat, ShotState).offered = True
    game.open_prompt(PROMPT, seat, "你是狼王，出局时可以开枪：/开枪 N号 带走一名其他玩家，或 /放弃")


def _answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    hunter.take_shot(game, prompt.seat, args, role=NAME, cause=WOLF_KING_SHOT, publish=True)


def describe(game: Game, seat: int) -> list[str]:
    poisoned = "也可以开枪" if option(game, NAME, POISONED_SHOT.name) == "可以" else "不能开枪"
    return [
        f"开枪 —— 出局时可以开枪带走一名其他玩家（/开枪 N号），或不开枪；被女巫毒杀时{poisoned}",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；出局时可以开枪带走一名玩家，被毒杀时不能开枪",
        options=(POISONED_SHOT,),
        describe=describe,
        triggers={"开枪": _triggers},
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, _answer)},
        aliases=("黑狼王",),
    )
)
