"""底牌 (common-boards.md 2.10.8, 补充裁定 14): cards of the board's 身份 that no seat holds.

A role may bring bottom cards (`RoleDef.bottom_cards`: 盗贼 2, 盗宝大师 3): the file's 身份 lists every
card, the board has as many seats as cards less the bottom cards (the loader sizes it so), and the
bottom cards must be what the role's rule says (`RoleDef.bottom_rule`).

- `/底牌 <身份> <身份> [<身份>]` (director, before /开始): names the bottom cards for a hand deal;
  /身份 then deals the other cards only.
- `/发牌` first keeps the bottom cards aside — the named ones, else a random set that the rule takes —
  then deals the rest.
- `/开始` takes the cards no seat holds as the bottom cards and checks them against the rule.

A card nobody holds has no actor in its night step, which closes at once (2.10.8 第4条).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import ROLES, RoleDef, canonical, game_state, peek_game_state, role_def
from bansha_engine.parse import clean, quote

if TYPE_CHECKING:
    from bansha_engine.game import Game
    from bansha_engine.model import Board


@dataclass
class Bottom:
    """The bottom cards: named by /底牌 or kept by /发牌 before /开始; the cards left over from /开始."""

    cards: tuple[str, ...] | None = None


def holders(board: Board) -> list[RoleDef]:
    """The board's roles that bring bottom cards."""
    found = (role_def(name, board.role_options.get(name, {})) for name in board.roster if name in ROLES)
    return [role for role in found if role.bottom_cards]


def size(board: Board) -> int:
    return sum(role.bottom_cards * board.roster[role.name] for role in holders(board))


def cards(game: Game) -> tuple[str, ...]:
    return peek_game_state(game, Bottom).cards or ()


def problem(board: Board, bottom: tuple[str, ...]) -> str | None:
    """What is wrong with these bottom cards by the rules of the roles bringing them, or None."""
    for role in holders(board):
        found = role.bottom_rule(bottom) if role.bottom_rule is not None else None
        if found is not None:
            return found
    return None


def _undealt(game: Game) -> list[str]:
    """The cards no seat holds yet, in the file's order."""
    held = Counter(seat.role for seat in game.seats.values() if seat.role)
    return [role for role, count in game.board.roster.items() for _ in range(count - held[role])]


def _listing(bottom: tuple[str, ...]) -> str:
    return "、".join(bottom)


def cmd_bottom(game: Game, args: list[str]) -> bool:
    """`/底牌 <身份> <身份> [<身份>]`."""
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改底牌。")
    wanted = size(game.board)
    if not wanted:
        raise Rejected(f"{game.board_name}没有底牌（只有带底牌的身份：盗贼、盗宝大师的板子才有）。")
    if len(args) != wanted:
        raise Rejected(f"用法：/底牌 {' '.join(['身份'] * wanted)}（本板子有{wanted}张底牌）")
    bottom = tuple(_card_named(game, word) for word in args)
    free = Counter(_undealt(game))
    short = [name for name, count in Counter(bottom).items() if count > free[name]]
    if short:
        raise Rejected(f"没有那么多还没发出的「{short[0]}」：底牌只能从还没发给座位的牌里选。")
    found = problem(game.board, bottom)
    if found is not None:
        raise Rejected(f"底牌不合规则：{found}")
    game_state(game, Bottom).cards = bottom
    game.reply(f"已设定底牌：{_listing(bottom)}。/身份 和 /发牌 只发其余的牌。")
    return True


def _card_named(game: Game, word: str) -> str:
    name = clean(word)
    if name not in game.board.roster:
        name = canonical(name)
    if name not in game.board.roster:
        raise Rejected(f"{game.board_name}没有「{quote(name)}」这张牌。可选：{'、'.join(game.board.roster)}")
    return name


def taken_aside(game: Game, role: str) -> int:
    """How many cards of `role` /底牌 set aside (none may go to a seat)."""
    return cards(game).count(role)


def to_deal(game: Game) -> list[str]:
    """`/发牌`: the cards to deal to the seats without a role, the bottom cards kept aside first —
    the ones /底牌 named, else a random set the rule takes (stored as the bottom cards)."""
    undealt = _undealt(game)
    wanted = size(game.board)
    if not wanted:
        return undealt
    named = peek_game_state(game, Bottom).cards
    if named is None:
        named = _draw(game, undealt, wanted)
        game_state(game, Bottom).cards = named
    rest = list(undealt)
    for card in named:
        rest.remove(card)
    return rest


def _draw(game: Game, undealt: list[str], wanted: int) -> tuple[str, ...]:
    """A random set of `wanted` undealt cards the rule takes, each card drawn alike."""
    fitting = [
        chosen
        for chosen in combinations(range(len(undealt)), wanted)
        if problem(game.board, tuple(undealt[i] for i in chosen)) is None
    ]
    if not fitting:
        raise Rejected("剩下的牌里留不出合乎规则的底牌，请用 /身份 调整，或用 /底牌 指定。")
    return tuple(undealt[i] for i in game.rng.choice(fitting))


def settle_at_start(game: Game) -> None:
    """`/开始`: the cards no seat holds are the bottom cards; they must be those /底牌 named and
    follow the rule (refused, saying why, otherwise)."""
    if not size(game.board):
        return
    left = tuple(_undealt(game))
    named = peek_game_state(game, Bottom).cards
    if named is not None and Counter(named) != Counter(left):
        raise Rejected(f"没有发出的牌是{_listing(left)}，和 /底牌 指定的{_listing(named)}不一样。")
    found = problem(game.board, left)
    if found is not None:
        raise Rejected(f"底牌（没有发出的牌：{_listing(left)}）不合规则：{found}")
    game_state(game, Bottom).cards = left
