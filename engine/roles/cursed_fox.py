"""咒狐 (common-boards.md 3.3, 5.3.7): 咒狐阵营 (a third party), category 其他, no command.

- Immune to the wolves' kill (刀杀): the witch still learns he was killed, and her save on him is
  spent in vain (2.5 第5条).  Option 被毒出局 (不可以 | 可以): with 不可以 the poison is spent on him
  in vain too (2.5 第6条, 补充裁定 18).
- A check made with `/预言` (预言家, 灯影预言家: 补充裁定 13) answers for him as that checker's rule
  says (a camp check of him is 村民阵营), and he leaves at that night's resolution (查验出局),
  judged after every other exit of the night (最后出局, 补充裁定 5).  Other checks do not.
- 5.3.7: whenever another camp's condition is met while he lives, 咒狐阵营 wins instead; on a night
  he leaves, his own exit is judged last — the night's other exits find him still alive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine.library import (
    OTHER,
    OptionDef,
    RoleDef,
    WinRule,
    game_state,
    option,
    peek_game_state,
    register,
)
from bansha_engine.model import CHECK_DEATH, KILL_CAUSES, POISON

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "咒狐"
CAMP = "咒狐阵营"
PROPHECY = "预言"  # the skill whose check makes him leave (预言家's and 灯影预言家's /预言)
POISON_EXIT = OptionDef(
    "被毒出局", ("不可以", "可以"), "不可以", "被毒药毒中时是否出局：不可以（毒药无效，药算用掉）| 可以"
)


@dataclass
class Prophesied:
    """The 咒狐 seats a /预言 checked, by night: they leave at that night's resolution."""

    by_night: dict[int, set[int]] = field(default_factory=dict)


def _night_no(game: Game) -> int:
    return game.night.no if game.night is not None else 0


def _on_checked(game: Game, check: checks.Check) -> None:
    if check.skill == PROPHECY and game.seats[check.target].role == NAME:
        game_state(game, Prophesied).by_night.setdefault(_night_no(game), set()).add(check.target)


def _immune(game: Game, seat: int, cause: str) -> bool:
    if cause in KILL_CAUSES:
        return True
    return cause == POISON and option(game, NAME, POISON_EXIT.name) == "不可以"


def _check_exits(game: Game) -> None:
    """Resolution (最后出局): the 咒狐 a /预言 checked tonight leave, after every other exit."""
    night = game.night
    assert night is not None
    checked = sorted(peek_game_state(game, Prophesied).by_night.get(night.no, set()))
    living = [seat for seat in checked if game.seats[seat].alive]
    for seat in living:
        night.notes.append(f"{seat}号（咒狐）被预言家查验，查验出局")
    game.push_front([game.exit_effect(seat, CHECK_DEATH) for seat in living])


def counts_alive(game: Game) -> bool:
    """A 咒狐 alive, or one who left during the night being resolved: his own night exit is judged
    last (5.3.7), so the night's other exits still find him alive."""
    foxes = game.with_role(NAME, alive=False)
    if any(game.seats[seat].alive for seat in foxes):
        return True
    night = game.night
    if night is None or not night.resolving:
        return False
    return any(exit.seat in foxes for exit in game.exits[night.exits_from :])


def _steals(game: Game, winner: str) -> bool:
    return winner != CAMP and counts_alive(game)


def describe(game: Game, seat: int) -> list[str]:
    poison = "毒药对你同样无效" if option(game, NAME, POISON_EXIT.name) == "不可以" else "被毒药毒中会出局"
    return [
        f"免疫狼刀 —— 狼人刀你没有效果（{poison}）",
        "被预言家查验（/预言）时，你在当夜结算时出局",
        "胜利 —— 狼人阵营或村民阵营达成胜利条件时你还活着，咒狐阵营胜利",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=CAMP,
        category=OTHER,
        summary="第三方：免疫狼刀；被预言家查验当夜出局；别的阵营达成胜利条件时他活着，咒狐阵营胜利（没有命令）",
        options=(POISON_EXIT,),
        describe=describe,
        camp_check=lambda game, seat: checks.VILLAGE_ANSWER,
        on_checked=_on_checked,
        immune=_immune,
        resolution={"最后出局": _check_exits},
        win=WinRule(CAMP, steals=_steals),
    )
)
