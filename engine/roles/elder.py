"""长老 (百变小樱) 长寿之命<强制>: survives the first valid kill; leaving by vote, poison or a double
empty save takes the skills of 女巫, 预言家, 医生 and 情痴 away.

Through the damage layer (engine/damage.py): while the life is unspent, the elder holds a [守护：1]
for the night from the resolution's 长寿 stage, after 医生's 救治 (a void kill is no valid kill) and
守卫's 守护 (a guarded kill never lands; since 0.5.0), before 女巫's 救药; the kill it stops spends
the life."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine.library import (
    GOD,
    RoleDef,
    Silencer,
    game_state,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import DOUBLE_EMPTY_SAVE, EXIT_PHRASES, POISON, VILLAGE, VOTE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "长老"
LONGEVITY = "长老的长寿之命"  # the skill of the [守护：1] it grants for the night
TAKES_GODS = (VOTE, POISON, DOUBLE_EMPTY_SAVE)
DISABLED_ROLES = ("女巫", "预言家", "医生", "情痴")


@dataclass
class ElderLife:
    extra_life: bool = False  # 长寿之命 not yet spent


@dataclass
class GodsDisabled:
    disabled: bool = False  # the elder left by vote, poison or two empty saves


def setup(game: Game, seat: int) -> None:
    seat_state(game, seat, ElderLife).extra_life = True


def has_extra_life(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, ElderLife).extra_life


def _protect(game: Game) -> None:
    """Resolution (长寿): an elder with his life holds a [守护：1] for the night."""
    for seat in game.with_role(NAME, alive=False):
        if has_extra_life(game, seat):
            damage.protect_tonight(game, seat, LONGEVITY, source=seat, count=1)


def _survived(game: Game, hit: damage.Damage) -> str:
    """A valid kill on an elder with his extra life: the life is spent, he stays, the directors are told."""
    seat_state(game, hit.target, ElderLife).extra_life = False
    return f"{hit.target}号（长老）被有效指杀，长寿之命生效"


damage.ON_CANCEL[LONGEVITY] = _survived


def on_exit(game: Game, seat: int, cause: str) -> None:
    if game.seats[seat].role != NAME or cause not in TAKES_GODS or gods_disabled(game):
        return
    game_state(game, GodsDisabled).disabled = True
    phrase = EXIT_PHRASES[cause]
    game.tell_directors(f"长老{seat}号{phrase}出局：女巫、预言家、医生、情痴失去技能。")
    for other in game.with_role(*DISABLED_ROLES):
        game.tell(other, "长老因故出局，你失去了所有技能。")


def gods_disabled(game: Game) -> bool:
    return peek_game_state(game, GodsDisabled).disabled


def able(game: Game, seat: int) -> bool:
    """Whether a 女巫/预言家/医生/情痴 still has skills."""
    return not gods_disabled(game)


def describe(game: Game, seat: int) -> list[str]:
    life = "尚未触发" if has_extra_life(game, seat) else "已触发"
    return [
        f"长寿之命 —— 第一次被有效指杀时不会出局（{life}）；因投票、毒药、两次空救出局时，女巫、预言家、医生、情痴失去技能"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第一次被有效指杀时不出局；因投票、毒药、两次空救出局时，女巫、预言家、医生、情痴失去技能",
        describe=describe,
        setup=lambda game, seat, options: setup(game, seat),
        on_exit=on_exit,
        resolution={"长寿": _protect},
        silencer=Silencer(
            roles=DISABLED_ROLES,
            active=gods_disabled,
            refusal="长老已出局，你失去了所有技能。",
            describe="长老出局，你已失去所有技能。",
        ),
    )
)
