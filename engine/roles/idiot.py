"""白痴 (standard-boards.md): voted out, he flips his card (翻牌) and stays in, still speaking but without
a vote (his ballots are refused).  Voted out again once flipped, he leaves; killed or poisoned he
leaves as anyone does.

Options (common-boards.md 2.6; each default is the standard post's): 翻牌后被投票 (可以 | 不可以: once
flipped, ballots naming him are refused and he is never exiled again), 翻牌后持警徽 (可以 | 不可以: a
flipped sheriff hands the badge on at once, the day waiting for it, and may not receive it again)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.library import GOD, OptionDef, RoleDef, option, register, seat_state
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "白痴"
VOTED_AFTER = OptionDef("翻牌后被投票", ("可以", "不可以"), "可以", "翻牌后能否再被投票放逐")
BADGE_AFTER = OptionDef(
    "翻牌后持警徽",
    ("可以", "不可以"),
    "可以",
    "翻牌后能否继续持有警徽：不可以时翻牌的警长立即移交警徽，此后也不能接警徽",
)


@dataclass
class IdiotState:
    flipped_on: int = 0  # the game day he flipped; 0 = not flipped


def flipped(game: Game, seat: int) -> bool:
    return game.seats[seat].role == NAME and seat_state(game, seat, IdiotState).flipped_on > 0


def _allows(game: Game, choice: OptionDef) -> bool:
    return option(game, NAME, choice.name) == "可以"


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
    return True  # a flipped sheriff who may not keep the badge is asked for it (mechanisms/sheriff.py)


def _votes(game: Game, seat: int) -> bool:
    return not flipped(game, seat)


def _votable(game: Game, seat: int) -> bool:
    """翻牌后被投票: 不可以 — once flipped, no ballot names him and no vote exiles him."""
    return not flipped(game, seat) or _allows(game, VOTED_AFTER)


def _may_hold_badge(game: Game, seat: int) -> bool:
    """翻牌后持警徽: 不可以 — once flipped, the badge does not go to him."""
    return not flipped(game, seat) or _allows(game, BADGE_AFTER)


def _marks(game: Game, seat: int) -> list[str]:
    return ["已翻牌（无投票权）"] if flipped(game, seat) else []


def describe(game: Game, seat: int) -> list[str]:
    after = []
    if not _allows(game, VOTED_AFTER):
        after.append("不能再被投票放逐")
    if not _allows(game, BADGE_AFTER):
        after.append("不能持有警徽（是警长时须立即移交）")
    if flipped(game, seat):
        day = seat_state(game, seat, IdiotState).flipped_on
        again = "，".join(after) if after else "再被投票放逐时出局"
        return [f"翻牌 —— 已于第{day}天翻牌：仍可发言，但没有投票权；{again}"]
    later = f"，{'，'.join(after)}" if after else ""
    return [f"翻牌 —— 被投票放逐时翻牌，免于出局，此后失去投票权{later}；被刀或被毒时正常出局"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="被投票放逐时翻牌免于出局，此后失去投票权；再次被放逐、被刀、被毒时出局",
        options=(VOTED_AFTER, BADGE_AFTER),
        describe=describe,
        on_exiled=_on_exiled,
        votes=_votes,
        votable=_votable,
        may_hold_badge=_may_hold_badge,
        status_marks=_marks,
        aliases=("愚者", "白神"),
    )
)
