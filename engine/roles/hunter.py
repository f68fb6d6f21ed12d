"""猎人: 最后一枪 — after leaving (not by red card) takes one other seat with him at once.

Option a board file may set: 毒杀开枪 (可以 | 不能): the standard post's 「被女巫毒杀时不能开枪」 is 不能;
竞技12's post takes the shot only from a red-carded 猎人, hence the default 可以."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    OptionDef,
    PromptDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import POISON, RED_CARD, SHOT, VILLAGE, Prompt

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "猎人"
PROMPT = "last_shot"
WORD = "开枪"

POISONED_SHOT = OptionDef("毒杀开枪", ("可以", "不能"), "可以", "被女巫毒杀时能否开枪：可以 | 不能")


@dataclass
class HunterShot:
    used: bool = False  # offered once (a servant who inherits the role inherits it spent)


def spend_shot(game: Game, seat: int) -> None:
    seat_state(game, seat, HunterShot).used = True


NO_SHOT = "你这次出局不能带走任何人。"  # told as that, not why (docs/rulings-board-files.md 10)


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if peek_seat_state(game, seat, HunterShot).used:
        return []
    if cause == RED_CARD:
        game.tell(seat, NO_SHOT)
        return []
    if cause == POISON and option(game, NAME, POISONED_SHOT.name) == "不能":
        game.tell_directors(f"{seat}号（猎人）被女巫毒杀，不能开枪。")
        game.tell(seat, NO_SHOT)
        return []
    return [lambda: _ask(game, seat)]


def is_hunter(game: Game, seat: int) -> bool:
    return game.seats[seat].role == NAME


def _ask(game: Game, seat: int) -> None:
    """Offer the shot; it is spent once offered, so an heir (仆人) of this 猎人 has none left."""
    spend_shot(game, seat)
    game.open_prompt(PROMPT, seat, "你可以发动最后一枪：/开枪 N号 带走一名其他角色，或 /放弃")


def answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    take_shot(game, prompt.seat, args, role=NAME, cause=SHOT)


def take_shot(
    game: Game, shooter: int, args: list[str] | None, *, role: str, cause: str, publish: bool = False
) -> None:
    """`/开枪 N号` (or a pass, None) answering a shot prompt: the target leaves with `cause`; `publish`:
    adds a 公示 line for the directors, where the post orders the shot published."""
    if args is None:
        game.tell_directors(f"{shooter}号（{role}）放弃开枪。")
        return
    if len(args) != 1:
        raise Rejected("用法：/开枪 N号")
    target = game.living_target(args[0], not_self=shooter, what="开枪对象")
    game.reply(f"已开枪：{target}号。")
    published = f"\n公示：{shooter}号开枪带走{target}号。" if publish else ""
    game.tell_directors(f"{shooter}号（{role}）开枪带走{target}号。{published}")
    game.push_front([game.exit_effect(target, cause)])


def describe(game: Game, seat: int) -> list[str]:
    poisoned = "，被女巫毒杀时不能开枪" if option(game, NAME, POISONED_SHOT.name) == "不能" else ""
    return [f"最后一枪 —— 出局后（红牌罚下除外{poisoned}）可立即开枪带走一名其他角色（/开枪 N号）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="出局后（红牌罚下除外）可立即开枪带走一名其他角色（/开枪 N号）",
        options=(POISONED_SHOT,),
        describe=describe,
        triggers={
            "开枪": lambda game, seat, cause: triggers(game, seat, cause) if is_hunter(game, seat) else []
        },
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, answer)},
    )
)
