"""盗贼 (common-boards.md 3.3, 2.10.7, 2.10.8; 补充裁定 14, 15): two bottom cards, category 其他 until he
chooses.

- The deal keeps two cards aside (engine/deck.py): at most one of 狼人阵营, neither 盗贼 nor 丘比特.
- 开局选择 (before 丘比特's, both open together on 补充裁定 15's board): he is told the two cards and
  takes one, `/盗取 <身份>`, forced: a card of 狼人阵营 among them must be taken.  Left to /入夜 (or
  /推进), one he may take is taken at random.
- He IS that role from then on, for good: camp, category, skills (its setup: the 女巫's potions …) and
  checks; told 「你现在属于X阵营」 (2.10.7); a card of the wolf group joins it (the directors and the
  group are told), so that he kills with the wolves from night 1.  The other card is nobody's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import deck, pack
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OTHER,
    ROLES,
    OpeningChoice,
    RoleDef,
    canonical,
    peek_seat_state,
    register,
    seat_role_def,
    seat_state,
)
from bansha_engine.model import VILLAGE, WOLVES, Skill
from bansha_engine.parse import clean, quote

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "盗贼"
CUPID = "丘比特"
BOTTOM_CARDS = 2


@dataclass
class Stolen:
    card: str = ""  # the card this seat took (it holds that role now)


def _bottom_rule(bottom: tuple[str, ...]) -> str | None:
    """2.10.8 第2条: at most one card of 狼人阵营; 盗贼 and 丘比特 never among them."""
    if NAME in bottom or CUPID in bottom:
        return "盗贼和丘比特不能做底牌"
    if sum(1 for card in bottom if card in ROLES and ROLES[card].camp == WOLVES) > 1:
        return "底牌里最多一张狼人阵营的牌"
    return None


def _wolf_cards(cards: tuple[str, ...]) -> list[str]:
    return [card for card in cards if card in ROLES and ROLES[card].camp == WOLVES]


def allowed(game: Game) -> list[str]:
    """The cards he may take: a card of 狼人阵营 among the two, else either."""
    cards = deck.cards(game)
    return _wolf_cards(cards) or list(cards)


def _ask(game: Game, seat: int) -> None:
    cards = deck.cards(game)
    must = "底牌里有狼人阵营的牌，必须选它。" if _wolf_cards(cards) else ""
    game.tell(
        seat,
        f"你是盗贼。底牌：{'、'.join(cards)}。请选一张：/盗取 身份（必须选择；{must}/入夜 时未选则随机）。",
    )


def _done(game: Game, seat: int) -> bool:
    return bool(peek_seat_state(game, seat, Stolen).card)


def _steal(game: Game, seat: int, args: list[str]) -> None:
    if game.seats[seat].role != NAME:
        raise Rejected(f"你不是{NAME}。")
    if game.phase != "opening":
        raise Rejected("盗取只能在游戏开始时（开局选择）进行。")
    if len(args) != 1:
        raise Rejected("用法：/盗取 身份（两张底牌之一）")
    card = canonical(clean(args[0]))
    cards = deck.cards(game)
    if card not in cards:
        raise Rejected(f"「{quote(card)}」不是底牌：底牌是{'、'.join(cards)}。")
    if card not in allowed(game):
        raise Rejected(f"底牌里有狼人阵营的牌，必须选它：/盗取 {allowed(game)[0]}。")
    game.reply(f"已盗取：{card}。")
    become(game, seat, card)
    if game.phase == "opening" and game.board.start_done(game):
        game.board.finish_start(game)
        game.phase = "day"


def _at_random(game: Game, seat: int) -> None:
    card = game.rng.choice(allowed(game))
    game.tell(seat, f"你未在开局时盗取，已随机盗取：{card}。")
    game.tell_directors(f"盗贼{seat}号未选择，随机盗取{card}。")
    become(game, seat, card)


def become(game: Game, seat: int, card: str) -> None:
    """He is `card` for good: its camp, its category and skills, its setup; the wolf group if it is
    one of its (2.10.7)."""
    seat_state(game, seat, Stolen).card = card
    info = game.seats[seat]
    info.role, info.camp = card, game.board.camps[card]
    role = seat_role_def(game, seat)
    if role is not None and role.setup is not None:
        role.setup(game, seat, game.board.role_options.get(card, {}))
    joins = pack.joins_at_start(game, seat)  # not: no member, or one who joins later (噩梦之影)
    formed = bool(pack.members(game, alive=False))  # else the opening choices form it (丘比特)
    if joins and formed:
        pack.join(game, seat)  # before he is told his role, which names the group
    game.tell(
        seat,
        f"你盗取了{card}，从现在起你就是{card}。你现在属于{info.camp}。\n" + game.board.describe(game, seat),
    )
    game.tell_directors(f"盗贼{seat}号盗取了{card}（{info.camp}）。")
    if not joins:
        return
    pack.join(game, seat)
    if game.board.options.wolf_group:
        game.tell_directors(f"请把{seat}号拉进狼群。")
    if formed:
        pack.say(game, f"{seat}号加入狼群。")
        fellows = "、".join(f"{n}号" for n in pack.members(game, alive=False) if n != seat)
        game.tell(seat, f"你的狼群同伴：{fellows}。")


def _refuse_pass(game: Game, seat: int) -> bool:
    raise Rejected("盗取是强制技能，不能放弃：请发送 /盗取 身份（/入夜 时将随机选择）。")


def describe(game: Game, seat: int) -> list[str]:
    cards = "、".join(deck.cards(game)) or "（开始时发）"
    return [
        f"盗取 —— 开局从两张底牌（{cards}）里选一张，从此就是那个身份（/盗取 身份；有狼人阵营的牌必须选它）"
    ]


def _status_marks(game: Game, seat: int) -> list[str]:
    return ["原盗贼"] if peek_seat_state(game, seat, Stolen).card else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="两张底牌：开局选一张，从此就是那个身份；底牌里有狼人阵营的牌必须选它（/盗取 身份）",
        skills=lambda options: [Skill("盗取", ("盗取",), _steal, passes=(NAME,), pass_one=_refuse_pass)],
        describe=describe,
        status_marks=_status_marks,
        camp_changes=True,
        opening=OpeningChoice(start=_ask, done=_done, at_random=_at_random),
        bottom_cards=BOTTOM_CARDS,
        bottom_rule=_bottom_rule,
    )
)
