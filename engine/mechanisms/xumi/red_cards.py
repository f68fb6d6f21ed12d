"""红牌 (须弥): `/罚下 N号`, dead seats too; two red cards in one camp judge it lost; by day the exit
waits until 黄昏1's vote is settled (「白天红牌罚下导致的出局结算在投票结算之后执行」).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import BoardPart, Mechanism, game_state, peek_game_state, register_mechanism
from bansha_engine.mechanisms.xumi.camps import check_end, lose_camp
from bansha_engine.model import RED_CARD, BoardHooks
from bansha_engine.roles.xumi.common import seat_arg

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass
class RedCards:
    """Red cards: how many each camp's seats got (dead ones too), and the seats carded by day, who
    leave after 黄昏1's vote."""

    by_camp: dict[str, int] = field(default_factory=dict)
    by_day: list[int] = field(default_factory=list)


def cmd_red_card(game: Game, args: list[str]) -> bool:
    """`/罚下 N号`: dead seats too (「已出局角色仍可被判罚」); two in one camp judge it lost; by day the
    exit waits until the vote is settled (「白天红牌罚下导致的出局结算在投票结算之后执行」)."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if len(args) != 1:
        raise Rejected("用法：/罚下 N号")
    number = seat_arg(game, args[0])
    seat = game.seats[number]
    cards = game_state(game, RedCards).by_camp
    cards[seat.camp] = cards.get(seat.camp, 0) + 1
    game.reply(f"已记录：{number}号红牌（{seat.camp}累计{cards[seat.camp]}张）。")
    if cards[seat.camp] >= 2:
        lose_camp(game, seat.camp, "累计两张红牌")
    if seat.alive and game.phase == "day" and game.day > 1:
        game_state(game, RedCards).by_day.append(number)
        game.tell_directors(f"{number}号红牌罚下：白天的红牌在黄昏1投票结算后执行。")
    elif seat.alive:
        game.push_front([lambda: game.leave(number, RED_CARD)])
        game.drain()
        nights.after_queue(game)
    check_end(game)
    return True


def day_red_cards(game: Game) -> None:
    cards = peek_game_state(game, RedCards)
    carded, cards.by_day = cards.by_day, []
    for number in carded:
        game.push_back([lambda number=number: game.leave(number, RED_CARD)])


# ---------------------------------------------------------------- what a file gives

NAME = "红牌"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        hooks=BoardHooks(
            director_commands={"罚下": cmd_red_card},
            director_help=("/罚下 N号：红牌罚下，已出局的角色也可以；同一阵营两张红牌判负",),
        ),
    )


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("阵营判负",)))
