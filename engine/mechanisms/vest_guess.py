"""马甲杀 (竞技12's 翻牌附加规则): on the sheriff-election day each player may once guess which actor
plays another seat; a right guess has that seat's role made public.

The actor is the name the director gave with `/座位 N号 QQ 昵称` (or the seat's QQ number).  A board
without a sheriff (`警长: 无`) has no 竞选日, so no 马甲杀: its players are not offered it, and since 0.5.0
it is refused (a game opened before keeps taking it, as it did).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import notes
from bansha_engine.api import Rejected
from bansha_engine.library import peek_seat_state, seat_state
from bansha_engine.model import Skill
from bansha_engine.parse import parse_name
from bansha_engine.version import opened_since

if TYPE_CHECKING:
    from bansha_engine.game import Game


NO_ELECTION_RELEASE = "0.5.0"  # games opened since refuse 马甲杀 on a board without a sheriff


@dataclass
class VestGuessed:
    used: bool = False  # 马甲杀 is once a game


def _guess(game: Game, seat: int, args: list[str]) -> None:
    if not _has_election(game) and opened_since(game.opened_by, NO_ELECTION_RELEASE):
        raise Rejected(f"{game.board_name}没有警长，也就没有警长竞选日：不能使用马甲杀。")
    if game.phase not in ("day", "opening") or game.day != 1:
        raise Rejected("马甲杀只能在警长竞选日（第1天）使用。")
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能使用马甲杀。")
    if peek_seat_state(game, seat, VestGuessed).used:
        raise Rejected("马甲杀仅可使用一次，你已经用过了。")
    if len(args) < 2:
        raise Rejected("用法：/马甲杀 N号 演员名")
    target = game.living_target(args[0], not_self=seat, what="马甲杀对象")
    actor = parse_name(args[1:], "演员名")
    seat_state(game, seat, VestGuessed).used = True
    other = game.seats[target]
    names = {other.nick.strip().lower(), str(other.qq)} - {""}
    if actor.lower() not in names:
        game.reply(f"马甲杀：{target}号的演员不是「{actor}」，猜错了。")
        notes.note(game, f"马甲杀：{seat}号猜{target}号是「{actor}」，猜错")
        return
    game.reply(f"马甲杀猜对了：{target}号的演员是「{actor}」，其身份{other.role}将被公示。")
    game.tell(target, f"你的马甲被{seat}号猜中，你的身份（{other.role}）将被公示。")
    notes.note(
        game, f"马甲杀：{seat}号猜中{target}号的演员「{actor}」。请公示：{target}号的身份是{other.role}"
    )


SKILL = Skill("马甲杀", ("马甲杀", "马甲", "猜马甲"), _guess)


def _has_election(game: Game) -> bool:
    return game.board.options.sheriff_votes is not None


def describe(game: Game, seat: int) -> list[str]:
    if (
        not _has_election(game)
        or peek_seat_state(game, seat, VestGuessed).used
        or game.day != 1
        or game.night_no
    ):
        return []
    return ["马甲杀 —— 警长竞选日可猜一名其他角色的演员，猜对公示其身份，一局一次（/马甲杀 N号 演员名）"]
