"""白痴 (standard-boards.md): voted out, he flips his card (翻牌) and stays in, still speaking but without
a vote (his ballots are refused).  Voted out again once flipped, he leaves; killed or poisoned he
leaves as anyone does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.library import GOD, RoleDef, register, seat_state
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "白痴"


@dataclass
class IdiotState:
    flipped_on: int = 0  # the game day he flipped; 0 = not flipped


def flipped(game: Game, seat: int) -> bool:
    return game.seats[seat].role == NAME and seat_state(game, seat, IdiotState).flipped_on > 0


def _on_exiled(game: Game, seat: int) -> bool:
    """A first exile: he flips and stays (True); a flipped 白痴 leaves as anyone does (False)."""
    if game.seats[seat].role != NAME or flipped(game, seat):
        return False
    seat_state(game, seat, IdiotState).flipped_on = game.day
    game.tell_directors(
        f"第{game.day}天：{seat}号被投票放逐，翻牌为白痴，免于出局；此后仍可发言，但失去投票权（白痴翻牌）。"
        f"\n公示：{seat}号被投票放逐，翻牌为白痴，免于出局。"
    )
    game.tell(seat, "你被投票放逐，翻牌为白痴：你留在场上，仍可发言，但此后失去投票权。")
    return True


def _votes(game: Game, seat: int) -> bool:
    return not flipped(game, seat)


def _marks(game: Game, seat: int) -> list[str]:
    return ["已翻牌（无投票权）"] if flipped(game, seat) else []


def describe(game: Game, seat: int) -> list[str]:
    if flipped(game, seat):
        day = seat_state(game, seat, IdiotState).flipped_on
        return [f"翻牌 —— 已于第{day}天翻牌：仍可发言，但没有投票权；再被投票放逐时出局"]
    return ["翻牌 —— 被投票放逐时翻牌，免于出局，此后失去投票权；被刀或被毒时正常出局"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="被投票放逐时翻牌免于出局，此后失去投票权；再次被放逐、被刀、被毒时出局",
        describe=describe,
        on_exiled=_on_exiled,
        votes=_votes,
        status_marks=_marks,
        aliases=("愚者", "白神"),
    )
)
