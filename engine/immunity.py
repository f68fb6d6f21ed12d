"""Night immunity (夜间免疫, common-boards.md 2.10.2): an exit a seat does not take at night.

A role may be immune by itself (`RoleDef.immune(game, seat, cause)`: 咒狐 to the wolves' kill, 恶灵骑士
to every night exit but 袭击), or a seat may be made immune for one night (`grant_tonight`: the
摄梦人's 梦游者, the 典狱长's traders, the 黑夜使者's wolf).  The classic resolution asks `immune` for
every night exit before the night's protections (engine/damage.py `strike`): an immune seat stays,
and no protection is spent on it (a 解药 on it is still used up by its witch: 2.5 第5条).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.library import board_roles, game_state, peek_game_state, seat_role_def
from bansha_engine.model import DANCE, KILL_CAUSES, POISON, TRADE

if TYPE_CHECKING:
    from bansha_engine.damage import Damage
    from bansha_engine.game import Game

# The night exits a one-night immunity (梦游者, 交易, 庇护) keeps off: 刀杀, 毒杀, 共舞, 交易 — not the
# next day's exits (反伤, 狩猎, 查验出局), 梦亡 or 袭击 (2.10.2 第3条).
TONIGHT_SHIELDED = frozenset({*KILL_CAUSES, POISON, DANCE, TRADE})


@dataclass
class Tonight:
    """The seats immune on night `night`, each with the causes it does not leave by."""

    night: int = 0
    seats: dict[int, frozenset[str]] = field(default_factory=dict)


def grant_tonight(game: Game, seat: int, causes: frozenset[str] = TONIGHT_SHIELDED) -> None:
    night = game.night.no if game.night is not None else 0
    tonight = game_state(game, Tonight)
    if tonight.night != night:
        tonight.night, tonight.seats = night, {}
    tonight.seats[seat] = tonight.seats.get(seat, frozenset()) | causes


def immune_tonight(game: Game, seat: int, cause: str) -> bool:
    tonight = peek_game_state(game, Tonight)
    night = game.night.no if game.night is not None else -1
    return tonight.night == night and cause in tonight.seats.get(seat, frozenset())


def keeps_off(game: Game, damage: Damage, cause: str, *, tonight: bool = True) -> bool:
    """Whether an immunity keeps this night damage off its target (`immune`; `tonight` False: a
    role's own only); when one does, every role of the board that hears of it learns the damage and
    its cause (RoleDef.sees_kept_off: a poison on the 恶灵骑士 reflects on whoever gave it)."""
    if not immune(game, damage.target, cause, tonight=tonight):
        return False
    for listener in board_roles(game):
        if listener.sees_kept_off is not None:
            listener.sees_kept_off(game, damage, cause)
    return True


def immune(game: Game, seat: int, cause: str, *, tonight: bool = True) -> bool:
    """Whether `seat` does not leave by `cause` tonight; `tonight` False: by its role's own immunity
    only, not by one granted for the night (a 穿透 passes those: engine/damage.py)."""
    role = seat_role_def(game, seat)
    if role is not None and role.immune is not None and role.immune(game, seat, cause):
        return True
    return tonight and immune_tonight(game, seat, cause)
