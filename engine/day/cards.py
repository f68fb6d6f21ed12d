"""The card ledger (判罚制度): 蓝牌, 黄牌, 红牌, given by the directors or proposed by the bot.

竞技12, 须弥: 「累计三张“蓝牌”合并为一张“黄牌”」「累计三张“黄牌”合并为一张“红牌”」「玩家受到红牌判罚时出局
（称为“红牌罚下”）」「判罚红牌时，导演视情况决定是否判负该玩家所在阵营」「已出局角色仍可被判罚」; 百变小樱:
「三张【蓝牌】升级为一张【黄牌】」「三张【黄牌】升级为一张【红牌】」.

Every card and every proposal has a number (one sequence): `/撤牌 <编号>` removes a card or declines
a proposal, `/确认判罚 [编号]` turns proposals into cards.  A card belongs to the seat and to the
player who held it then: a substitute starts with none (docs/rulings-day.md).  A red card — given, or
made by merging — removes the seat as `/罚下` does, through the board's own `/罚下` (须弥's counts the
camp's red cards); the camp's loss, which the posts leave to the director, is asked of the director.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.day import book as books
from bansha_engine.day.rules import CARDS, RED
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import VILLAGE, WOLVES
from bansha_engine.parse import clean, parse_number, quote

if TYPE_CHECKING:
    from bansha_engine.game import Game

PROPOSED, GIVEN, MERGED, WITHDRAWN, LAPSED = "建议", "有效", "已合并", "已撤", "已过期"
MAX_REASON = 100
MERGE_COUNT = 3
CAMP_WORDS = {"村民": VILLAGE, "好人": VILLAGE, "狼人": WOLVES, "狼": WOLVES}


@dataclass
class Card:
    no: int
    seat: int
    color: str  # 蓝牌 | 黄牌 | 红牌
    reason: str
    when: str  # 第2天, 第1夜
    holder: int | None  # the seat's QQ when it was given: a substitute does not inherit it
    state: str = GIVEN  # 建议 | 有效 | 已合并 | 已撤
    merged_into: int | None = None
    sources: tuple[int, ...] = ()  # the three cards it merges
    took_effect: bool = False  # a red card that removed its seat or counted for its camp
    published: bool = False  # in a 公示 draft already

    def label(self) -> str:
        reason = f"（{self.reason}）" if self.reason else ""
        return f"{self.seat}号{self.color}{reason}"


@dataclass
class Ledger:
    cards: list[Card] = field(default_factory=list)

    def get(self, no: int) -> Card | None:
        return self.cards[no - 1] if 1 <= no <= len(self.cards) else None


def ledger(game: Game) -> Ledger:
    return game_state(game, Ledger)


def peek(game: Game) -> Ledger:
    return peek_game_state(game, Ledger)


# ---------------------------------------------------------------- giving, merging, red cards


def give(game: Game, seat: int, color: str, reason: str) -> tuple[list[str], Card | None]:
    """Record a card (and the merges it completes): the reply's lines, and the red card that is to
    take effect (enforce_red, once the reply is out)."""
    card = _new(game, seat, color, reason, GIVEN)
    lines, red = settle(game, card)
    return [f"已记录：{card.label()}，编号{card.no}。", *lines], red


def record_red_card(game: Game, seat: int) -> None:
    """/罚下 N号 took effect: the ledger has its red card."""
    _new(game, seat, RED, "罚下", GIVEN).took_effect = True


def propose(game: Game, seat: int, color: str, reason: str) -> Card:
    return _new(game, seat, color, reason, PROPOSED)


def settle(game: Game, card: Card) -> tuple[list[str], Card | None]:
    """A card that has just become valid: merge what it completes; the red card it is or makes."""
    lines: list[str] = []
    current = card
    while True:
        if current.color == RED:
            return lines, current
        same = [c for c in ledger(game).cards if _counts_with(c, current)]
        if len(same) < MERGE_COUNT:
            count = f"{current.seat}号累计{current.color}{len(same)}张"
            return lines + [f"{count}（{MERGE_COUNT}张合并为1张{_next(current.color)}）。"], None
        merged = same[:MERGE_COUNT]
        upper = _new(game, current.seat, _next(current.color), f"{MERGE_COUNT}张{current.color}合并", GIVEN)
        upper.sources = tuple(c.no for c in merged)
        upper.holder = current.holder
        for source in merged:
            source.state, source.merged_into = MERGED, upper.no
        numbers = "、".join(str(c.no) for c in merged)
        lines.append(
            f"{current.seat}号的{MERGE_COUNT}张{current.color}（编号{numbers}）合并：编号{upper.no}，{upper.label()}。"
        )
        current = upper


def expire(game: Game, until: int) -> None:
    """Proposals numbered up to `until` that nobody confirmed lapse."""
    for card in peek(game).cards[:until]:
        if card.state == PROPOSED:
            card.state = LAPSED


def _counts_with(card: Card, new: Card) -> bool:
    return (
        card.state == GIVEN
        and card.color == new.color
        and card.seat == new.seat
        and card.holder == new.holder
    )


def enforce_red(game: Game, card: Card) -> None:
    """「玩家受到红牌判罚时出局」: through the board's /罚下 (须弥's takes dead seats too and counts the
    camp's red cards); 「判罚红牌时，导演视情况决定是否判负该玩家所在阵营」 is asked of the director."""
    from bansha_engine.game import cmd_red_card  # the game imports this module

    seat = game.seats[card.seat]
    was_alive = seat.alive
    own = game.board.hooks.director_commands.get("罚下")
    if own is not None:
        own(game, [f"{card.seat}号"])
        card.took_effect = True
    elif seat.alive:
        cmd_red_card(game, [f"{card.seat}号"])
        card.took_effect = True
    if game.ended:
        return
    camp = seat.camp or "该玩家所在阵营"
    what = "红牌罚下" if was_alive else "得到红牌（已出局，没有出局效果）"
    game.tell_directors(
        f"{card.seat}号{what}。「判罚红牌时，导演视情况决定是否判负该玩家所在阵营」："
        f"是否判负{camp}由导演决定，判负请发送 /判负 {camp}，不判负不必操作。"
    )


def _next(color: str) -> str:
    return CARDS[CARDS.index(color) + 1]


def _new(game: Game, seat: int, color: str, reason: str, state: str) -> Card:
    cards = ledger(game).cards
    card = Card(len(cards) + 1, seat, color, reason, game.when(), game.seats[seat].qq, state)
    cards.append(card)
    return card


# ---------------------------------------------------------------- the commands


def cmd_card(game: Game, color: str, args: list[str]) -> bool:
    """`/蓝牌 N号 [理由]`, `/黄牌 …`, `/红牌 …`: exited seats too (「已出局角色仍可被判罚」)."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if not args:
        raise Rejected(f"用法：/{color} N号 理由（理由可以不写）")
    seat = game.seat_named(args[0])
    reason = " ".join(args[1:]).strip()
    if len(reason) > MAX_REASON:
        raise Rejected(f"理由最多{MAX_REASON}字，「{quote(reason)}」有{len(reason)}个字。")
    before = len(ledger(game).cards)
    lines, red = give(game, seat, color, reason)
    game.reply("\n".join(lines))
    if red is not None:
        enforce_red(game, red)
    made = tuple(range(before + 1, len(ledger(game).cards) + 1))
    books.remember(game, books.Record("cards", f"{seat}号{color}（编号{before + 1}）", cards=made, seat=seat))
    return True


def cmd_withdraw(game: Game, args: list[str]) -> bool:
    """`/撤牌 <编号>`: a card given by mistake, or a proposal the director declines."""
    card = _numbered(game, args, "撤牌")
    if card.state == PROPOSED:
        card.state = WITHDRAWN
        game.reply(f"已撤销建议{card.no}：{card.label()}，不再建议。")
        return True
    if card.state == WITHDRAWN:
        raise Rejected(f"编号{card.no}（{card.label()}）已经撤销了。")
    if card.state == LAPSED:
        raise Rejected(f"编号{card.no}（{card.label()}）是已过期的建议，不会成为判罚，不必撤。")
    if _effective(game, card):
        raise Rejected(f"编号{card.no}（{card.label()}）已经生效（红牌罚下），不能撤销。")
    if card.sources:
        numbers = "、".join(map(str, card.sources))
        raise Rejected(
            f"编号{card.no}（{card.label()}）由编号{numbers}合并而成：请撤其中给错的那一张（/撤牌 编号），合并随之撤销。"
        )
    game.reply("\n".join(withdraw(game, card)))
    return True


def withdraw(game: Game, card: Card) -> list[str]:
    """Take a card back; the merges it is part of are undone (the other cards count again)."""
    lines = []
    upper = ledger(game).get(card.merged_into) if card.merged_into is not None else None
    if upper is not None:
        lines += _unmerge(game, upper)
    card.state, card.merged_into = WITHDRAWN, None
    return [f"已撤牌：编号{card.no}，{card.label()}。", *lines]


def _unmerge(game: Game, upper: Card) -> list[str]:
    """A merged card goes (and what it merged into in turn); its three count again."""
    lines = []
    higher = ledger(game).get(upper.merged_into) if upper.merged_into is not None else None
    if higher is not None:
        lines += _unmerge(game, higher)
    upper.state, upper.merged_into = WITHDRAWN, None
    for number in upper.sources:
        source = ledger(game).get(number)
        if source is not None and source.state == MERGED:
            source.state, source.merged_into = GIVEN, None
    lines.append(f"编号{upper.no}（{upper.label()}）的合并撤销。")
    return lines


def _effective(game: Game, card: Card | None) -> bool:
    """The card, or a card it merged into, removed a seat (or counted for its camp)."""
    while card is not None:
        if card.took_effect:
            return True
        card = ledger(game).get(card.merged_into) if card.merged_into is not None else None
    return False


def cmd_ledger(game: Game, args: list[str]) -> bool:
    """`/判罚`: every card with its number, seat, reason and day; the proposals waiting."""
    lines = ledger_lines(game)
    game.reply("\n".join(lines) if lines else "本局还没有判罚，也没有待确认的建议。")
    return False


def ledger_lines(game: Game) -> list[str]:
    """/判罚 and /状态: the cards given, then the proposals waiting."""
    given = card_lines(game)
    proposed = [c for c in peek(game).cards if c.state == PROPOSED]
    lines = ["判罚：", *given] if given else []
    if proposed:
        lines.append("待确认的建议（/确认判罚 全部确认，/确认判罚 编号 确认一条，/撤牌 编号 不采纳）：")
        lines += [f"{c.no}. 建议{c.color}：{c.seat}号（{c.reason}）" for c in proposed]
    return lines


def _state_words(card: Card) -> str:
    if card.state == MERGED:
        return f"，已合并进编号{card.merged_into}"
    return "，已罚下" if card.took_effect else ""


def cmd_confirm(game: Game, args: list[str]) -> bool:
    """`/确认判罚` (every proposal waiting) or `/确认判罚 <编号>` (one)."""
    if args:
        chosen = [_numbered(game, args, "确认判罚")]
        if chosen[0].state != PROPOSED:
            raise Rejected(f"编号{chosen[0].no}不是待确认的建议（{chosen[0].label()}，{chosen[0].state}）。")
    else:
        chosen = [c for c in peek(game).cards if c.state == PROPOSED]
        if not chosen:
            raise Rejected("没有待确认的判罚建议。")
    before = len(ledger(game).cards)
    lines, reds = [], []
    for card in chosen:
        card.state = GIVEN
        merged, red = settle(game, card)
        lines += [f"已确认：编号{card.no}，{card.label()}。", *merged]
        reds += [red] if red is not None else []
    game.reply("\n".join(lines))
    for red in reds:
        enforce_red(game, red)
    made = tuple(range(before + 1, len(ledger(game).cards) + 1))
    confirmed = tuple(c.no for c in chosen)
    books.remember(game, books.Record("cards", f"确认的{len(chosen)}条建议", cards=made, confirmed=confirmed))
    return True


def undo(game: Game, record: books.Record) -> list[str]:
    """/撤销 of a card command: the cards it made go (merges undone), the proposals it confirmed wait again."""
    cards = ledger(game)
    made = [card for no in record.cards if (card := cards.get(no)) is not None]
    confirmed = [card for no in record.confirmed if (card := cards.get(no)) is not None]
    if any(_effective(game, card) for card in made + confirmed):
        raise Rejected(f"{record.what}里有已经生效的红牌（已罚下），不能撤销。")
    for card in reversed(made):
        if card.state != WITHDRAWN:
            withdraw(game, card)
    for card in confirmed:
        if card.merged_into is not None and (upper := cards.get(card.merged_into)) is not None:
            _unmerge(game, upper)
        card.state, card.merged_into = PROPOSED, None
    return [f"编号{card.no} {card.label()}" for card in made] + [
        f"编号{card.no} {card.label()}（回到待确认）" for card in confirmed
    ]


def _numbered(game: Game, args: list[str], command: str) -> Card:
    number = parse_number(args[0], 4) if len(args) == 1 else None
    if number is None:
        raise Rejected(f"用法：/{command} 编号（编号见 /判罚）")
    card = peek(game).get(number)  # a refusal makes no ledger
    if card is None:
        raise Rejected(f"没有编号{number}的判罚或建议：发送 /判罚 查看。")
    return card


# ---------------------------------------------------------------- /判负, and what others read


def cmd_lose(game: Game, args: list[str]) -> bool:
    """`/判负 <阵营>`: the camp's loss the posts leave to the director after a red card."""
    from bansha_engine.mechanisms import priority_loss  # the game imports this module

    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    present = sorted({s.camp for s in game.seats.values() if s.camp})
    named = clean(args[0]) if len(args) == 1 else ""
    camp = CAMP_WORDS.get(named.removesuffix("阵营"), named if named in present else "")
    if not camp or camp not in present:
        raise Rejected(f"用法：/判负 阵营（本局的阵营：{'、'.join(present)}）")
    if game.board.judge is priority_loss.judge:
        priority_loss.lose_camp(game, camp, "导演判负")
        game.reply(f"已判负：{camp}。")
        return True
    others = [other for other in present if other != camp]
    if len(others) != 1:
        raise Rejected(
            f"{game.board_name}有{len(present)}个阵营，判负{camp}后谁胜利无法确定：请按规则帖处理，需要时 /结束 确认。"
        )
    game.reply(f"已判负：{camp}。")
    game.finish(others[0])
    return True


def public_line(game: Game) -> str | None:
    """「判罚：…」 for the 公示 draft: the cards given since the last draft, where the board publishes them."""
    if not books.rules(game).penalties.public:
        return None
    fresh = [c for c in peek(game).cards if c.state in (GIVEN, MERGED) and not c.published]
    if not fresh:
        return None
    for card in fresh:
        card.published = True
    return "判罚：" + "；".join(card.label() for card in fresh)


def card_lines(game: Game) -> list[str]:
    """The ledger for the record (复盘): every card given, merged ones marked; no proposals."""
    return [
        f"{c.no}. {c.label()}，{c.when}{_state_words(c)}"
        for c in peek(game).cards
        if c.state in (GIVEN, MERGED)
    ]
