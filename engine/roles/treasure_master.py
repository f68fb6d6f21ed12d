"""盗宝大师 (common-boards.md 3.2, 2.7, 2.8, 2.10.8; 补充裁定 3, 10, 14): a lone wolf (单身狼: 狼人阵营,
category 狼人, outside the wolf group, no 自爆) with three bottom cards: exactly one 狼人, one card of a
神职 and one of a 村民 (engine/deck.py).

- On night 1's start he is told the three cards.
- Every night, first, forced (`夜晚` writes 盗宝大师): `/盗宝 <身份>`, the 神职 card or the 村民 card, never
  狼人 nor last night's card.  Left to the deadline: at random on night 1, the only card he may take
  later.  Sealed that night, he takes none (补充裁定 10).
- That night he holds the card: when his step closes his seat becomes that role until the night is
  over, so that he acts in its step with its commands (`/通灵`, `/毒` …; its setup the first time —
  one poison a game), answers checks as the card (2.7), shoots as a 猎人 leaving that night.  Every
  step of a 神职's or a 村民's role waits for his step (补充裁定 3): the card's, which he may act in, and
  the others'; a card nobody holds has no actor and closes at once (2.10.8 第4条).
- 接刀 (2.8): once the wolf group has no living member, from the next night he holds the kill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks, deck, pack, seal
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    LONE_WOLF,
    ROLES,
    VILLAGER,
    WOLF,
    KillTakeover,
    Mechanism,
    NightPart,
    RoleDef,
    canonical,
    game_state,
    peek_game_state,
    register,
    register_mechanism,
    role_def,
)
from bansha_engine.model import VILLAGE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.parse import clean, quote

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "盗宝大师"
STEP = "treasure_master"
WOLF_CARD = "狼人"
BOTTOM_CARDS = 3
HOLDING = "盗宝"  # the mechanism that shows the seat holding a card what it is


@dataclass
class Treasure:
    """The seat of the 盗宝大师, the card he holds tonight and the last one he held, the cards whose
    setup ran for him, and the first night he holds the wolves' kill."""

    seat: int = 0
    tonight: str = ""
    last: tuple[int, str] = (0, "")  # (night, card)
    set_up: set[str] = field(default_factory=set)
    holds_kill_from: int = 0


def _peek(game: Game) -> Treasure:
    return peek_game_state(game, Treasure)


def _category(card: str) -> str:
    return ROLES[card].category if card in ROLES else ""


def _bottom_rule(bottom: tuple[str, ...]) -> str | None:
    """2.10.8 第2条: exactly one 狼人, one 神职 card and one 村民 card."""
    kinds = sorted("狼人牌" if card == WOLF_CARD else _category(card) for card in bottom)
    if kinds != sorted(("狼人牌", GOD, VILLAGER)):
        return "盗宝大师的底牌要正好是一张狼人、一张神职牌和一张村民牌"
    return None


def _cards(game: Game) -> list[str]:
    """The cards he may ever take: the bottom cards but 狼人."""
    return [card for card in deck.cards(game) if card != WOLF_CARD]


def allowed(game: Game) -> list[str]:
    """Tonight's choices: not last night's card."""
    night = game.night
    night_no = night.no if night is not None else 0
    last_night, last_card = _peek(game).last
    return [card for card in _cards(game) if not (last_night == night_no - 1 and card == last_card)]


def _master(game: Game) -> list[int]:
    seat = _peek(game).seat
    return [seat] if seat and game.seats[seat].alive else []


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="盗宝",
        roles=(NAME,),
        actors=_master,
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        forced=True,
        hint="/盗宝 身份",
        late_phrase=lambda game, seat: "随机盗宝" if len(allowed(game)) > 1 else "盗取唯一能选的牌",
    )


def _setup(game: Game, seat: int, options: dict[str, str]) -> None:
    game_state(game, Treasure).seat = seat


def _on_night_start(game: Game) -> None:
    night = game.night
    state = _peek(game)
    if night is None or not state.seat:
        return
    if night.no == 1:
        game.tell(state.seat, f"【第1夜】你的三张底牌：{'、'.join(deck.cards(game))}。")
    if not state.holds_kill_from and not pack.members(game):
        game_state(game, Treasure).holds_kill_from = night.no


def _open(game: Game) -> None:
    night = game.night
    assert night is not None
    for seat in nights.actors(game, STEP):
        choices = "、".join(allowed(game))
        game.tell(
            seat,
            f"【第{night.no}夜】请盗宝：/盗宝 身份（可选：{choices}；必须选择，"
            f"{game.clock(night.due[STEP])}截止，超时代选）。今晚你有那张牌的全部技能。",
        )


def _choose(game: Game, seat: int, args: list[str]) -> None:
    if _peek(game).seat != seat or game.seats[seat].role != NAME:
        raise Rejected(f"你不是{NAME}。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/盗宝 身份")
    card = canonical(clean(args[0]))
    if card == WOLF_CARD:
        raise Rejected("不能选「狼人」：只能选神职牌或村民牌。")
    if card not in _cards(game):
        raise Rejected(f"「{quote(card)}」不是你的底牌：可选{'、'.join(allowed(game))}。")
    if card not in allowed(game):
        raise Rejected(f"不能连续两晚选同一张牌：你昨晚选了{card}。")
    nights.record(game, STEP, seat, card, f"已记录：今晚盗取{card}（本步骤结束时生效）。")


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat in _master(game):
        if seal.sealed(game, seat) is not None:
            continue  # 补充裁定 10: no card tonight, none chosen for him
        card = nights.acts(game, STEP).get(seat) or game.rng.choice(allowed(game))
        _hold(game, seat, card)


def _hold(game: Game, seat: int, card: str) -> None:
    """He holds `card` tonight: his seat is that role until the night is over."""
    night = game.night
    assert night is not None
    state = game_state(game, Treasure)
    state.tonight, state.last = card, (night.no, card)
    info = game.seats[seat]
    info.role = card
    role = role_def(card, game.board.role_options.get(card, {}))
    if card not in state.set_up and role.setup is not None:
        role.setup(game, seat, game.board.role_options.get(card, {}))
    state.set_up.add(card)
    answer = checks.VILLAGE_ANSWER if game.board.camps.get(card) == VILLAGE else checks.OTHER_ANSWER
    checks.set_answers(game, seat, camp=answer)
    night.notes.append(f"{seat}号（盗宝大师）盗取{card}")
    over = [
        spec.title
        for spec in game.board.night_steps
        if card in spec.roles and night.state[spec.id] == "closed"
    ]
    note = f"（{'、'.join(over)}今晚已经结束：它在你选牌之前开始，今晚用不了）" if over else ""
    told = f"今晚你拿着{card}：在{card}的步骤里用它的命令{note}。\n"
    game.tell(seat, told + game.board.describe(game, seat))


def _night_over(game: Game) -> None:
    """Resolution (最后出局): once the night is over he is the 盗宝大师 again."""
    if _peek(game).tonight:
        game.push_back([lambda: _put_back(game)])


def _put_back(game: Game) -> None:
    state = game_state(game, Treasure)
    state.tonight = ""
    game.seats[state.seat].role = NAME
    checks.set_answers(game, state.seat, camp=checks.OTHER_ANSWER)


def _kill_holders(game: Game) -> list[int]:
    """2.8: from the night after the group has no living member, he holds the kill."""
    state, night = _peek(game), game.night
    if not state.holds_kill_from or night is None or night.no < state.holds_kill_from:
        return []
    return _master(game)


def describe(game: Game, seat: int) -> list[str]:
    cards = "、".join(deck.cards(game)) or "（开局时发）"
    return [
        f"盗宝 —— 底牌：{cards}。每晚最先选一张神职牌或村民牌（/盗宝 身份，必须；不能选狼人，不能连续两晚选同一张），"
        "当夜拥有它的全部技能，被查验时按它回答",
        "单身狼 —— 不进狼群、不能自爆；狼群没有存活的狼人后，从下一夜起由你刀人",
    ]


def _holding_lines(game: Game, seat: int) -> list[str]:
    state = _peek(game)
    return [f"（你是{NAME}，今晚拿着{state.tonight}牌）"] if state.tonight and seat == state.seat else []


def _status_marks(game: Game, seat: int) -> list[str]:
    state = _peek(game)
    return [f"{NAME}（今晚{state.tonight}）"] if state.tonight and seat == state.seat else []


register_mechanism(Mechanism(name=HOLDING, describe=_holding_lines))

ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="单身狼，三张底牌：每晚选一张神职牌或村民牌，当夜拥有它的全部技能（/盗宝 身份）",
        night=lambda options: (NightPart(NAME, STEP, _step, before=(GOD, VILLAGER)),),
        skills=lambda options: [Skill("盗宝", ("盗宝",), _choose, passes=STEP)],
        describe=describe,
        setup=_setup,
        resolution={"最后出局": _night_over},
        status_marks=_status_marks,
        mechanisms=(HOLDING,),
        pack=LONE_WOLF,
        self_destructs=False,
        on_night_start=_on_night_start,
        takeover=KillTakeover(seats=_kill_holders),
        bottom_cards=BOTTOM_CARDS,
        bottom_rule=_bottom_rule,
    )
)
