"""复仇者 (common-boards.md 3.3, 5.3.10; 补充裁定 16): a third party, category 其他, until night 1's
影子 step closes; then he is told his camp, the opposite of the 影子's (影子 in 村民阵营: he helps 狼人阵营;
otherwise 村民阵营): helping the village he is a 神职, helping the wolves a lone wolf (单身狼, category
狼人, not in the wolf group; he holds the kill once the group has no living member, 2.8).  A camp check
of him always answers 村民阵营.

On leaving (not by red card; poisoned too) he is asked 「刺杀」: `/刺杀 N号` or `/放弃` within 移交时限.  A
seat of the camp opposite his leaves (刺杀); one of his own camp (or a third party) nothing; a 影子 who has
inherited no role yet: he wins alone at once, 「复仇者阵营胜利」.

Bound (the 影子 imitated him): both lose their skills and form 影子阵营 (其他), learn each other's seat,
leave together (殉情) and raid from night 2 in the 影子 step (engine/roles/shadow.py); no 刺杀 then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks, library
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    OTHER,
    WOLF,
    KillTakeover,
    PromptDef,
    RoleDef,
    WinRule,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import ASSASSINATE, LOVE_SUICIDE, RED_CARD, VILLAGE, WOLVES, Prompt

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "复仇者"
SHADOW = "影子"  # the role whose imitation binds him (engine/roles/shadow.py)
SHADOW_CAMP = "影子阵营"  # the bound pair's camp; both start in it, a third party
SOLO_WIN = "复仇者阵营"
PROMPT = "assassinate"
WORD = "刺杀"


@dataclass
class Vengeance:
    """The bound pairs (影子 -> 复仇者) and the camp each unbound 复仇者 helps."""

    bound: dict[int, int] = field(default_factory=dict)
    helps: dict[int, str] = field(default_factory=dict)


def _peek(game: Game) -> Vengeance:
    return peek_game_state(game, Vengeance)


def bound_partner(game: Game, seat: int) -> int | None:
    for shadow, avenger in _peek(game).bound.items():
        if seat == shadow:
            return avenger
        if seat == avenger:
            return shadow
    return None


def is_bound(game: Game, seat: int) -> bool:
    return bound_partner(game, seat) is not None


def bind(game: Game, shadow: int, avenger: int) -> None:
    """The 影子 imitated the 复仇者: both lose their skills and form 影子阵营, told each other's seat."""
    game_state(game, Vengeance).bound[shadow] = avenger
    for seat, other, what in ((shadow, avenger, "复仇者"), (avenger, shadow, "影子")):
        game.seats[seat].camp = SHADOW_CAMP
        library.set_category(game, seat, OTHER)
        game.tell(
            seat,
            f"影子模仿了复仇者，你们绑定：{other}号是{what}。你们失去原来的技能，同生共死（一方离场，另一方随之殉情），"
            f"第2夜起每晚在影子那一步 /袭击 N号。你现在属于{SHADOW_CAMP}。",
        )
    game.tell_directors(f"影子{shadow}号模仿了复仇者{avenger}号：两人绑定为{SHADOW_CAMP}。")


def take_sides(game: Game, shadow_camp: str) -> None:
    """Night 1's 影子 step closed: each unbound 复仇者 learns his camp, the opposite of the 影子's."""
    camp = WOLVES if shadow_camp == VILLAGE else VILLAGE
    for seat in game.with_role(NAME, alive=False):
        if is_bound(game, seat) or seat in _peek(game).helps:
            continue
        game_state(game, Vengeance).helps[seat] = camp
        game.seats[seat].camp = camp
        library.set_category(game, seat, WOLF if camp == WOLVES else GOD)
        role = "单身狼，不进狼群，不能自爆" if camp == WOLVES else "神职"
        game.tell(seat, f"你现在属于{camp}（{role}）。你离场时可以刺杀一名{_opposite(camp)}的玩家。")
        game.tell_directors(f"复仇者{seat}号属于{camp}。")


def _opposite(camp: str) -> str:
    return VILLAGE if camp == WOLVES else WOLVES


def _on_night_start(game: Game) -> None:
    """A board with no 影子: on night 1 the 复仇者 helps the village (ruling)."""
    if game.night is not None and game.night.no == 1 and SHADOW not in game.board.roster:
        take_sides(game, WOLVES)


def _triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.seats[seat].role != NAME or cause == RED_CARD or seat not in _peek(game).helps:
        return []
    return [lambda: game.open_prompt(PROMPT, seat, "你可以发动刺杀：/刺杀 N号，或 /放弃")]


def _answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    avenger = prompt.seat
    if args is None:
        game.tell_directors(f"{avenger}号（复仇者）放弃刺杀。")
        return
    if len(args) != 1:
        raise Rejected("用法：/刺杀 N号")
    target = game.living_target(args[0], not_self=avenger, what="刺杀对象")
    game.reply(f"已发动刺杀：{target}号。")
    if game.seats[target].role == SHADOW and not is_bound(game, target):
        game.tell_directors(f"{avenger}号（复仇者）刺杀了还没继承身份的影子{target}号：复仇者单独获胜。")
        game.push_front([lambda: game.finish(SOLO_WIN)])  # once the prompt is settled
        return
    if game.seats[target].camp != _opposite(_peek(game).helps[avenger]):
        game.tell_directors(f"{avenger}号（复仇者）刺杀{target}号：不是对立阵营，没有效果。")
        return
    game.tell_directors(f"{avenger}号（复仇者）刺杀{target}号。")
    game.push_front([game.exit_effect(target, ASSASSINATE)])


def _together(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    other = bound_partner(game, seat)
    if other is None or not game.seats[other].alive:
        return []
    return [game.exit_effect(other, LOVE_SUICIDE)]


def _holds_kill(game: Game) -> list[int]:
    """Helping the wolves he is a lone wolf: he takes over the kill (2.8)."""
    helps = _peek(game).helps
    return [seat for seat, camp in helps.items() if camp == WOLVES and game.seats[seat].alive]


def describe(game: Game, seat: int) -> list[str]:
    partner = bound_partner(game, seat)
    if partner is not None:
        return [f"绑定 —— 你和影子{partner}号同属影子阵营，同生共死；第2夜起每晚在影子那一步 /袭击 N号"]
    camp = _peek(game).helps.get(seat)
    if camp is None:
        return ["阵营 —— 第1夜影子行动结束时得知：和影子相反"]
    return [
        f"阵营 —— 你属于{camp}",
        f"刺杀 —— 出局时（红牌除外）可以刺杀一名{_opposite(camp)}的玩家（/刺杀 N号）；刺杀到还没继承身份的影子，你单独获胜",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=SHADOW_CAMP,
        category=OTHER,
        summary="和影子对立：第1夜得知自己的阵营；出局时可以刺杀一名对立阵营的玩家（/刺杀 N号）",
        describe=describe,
        camp_check=lambda game, seat: checks.VILLAGE_ANSWER,
        triggers={"开枪": _triggers, "殉情": _together},
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, _answer)},
        pack="",
        self_destructs=False,
        camp_changes=True,
        on_night_start=_on_night_start,
        takeover=KillTakeover(seats=_holds_kill),
        win=WinRule(SHADOW_CAMP, standing=True),
    )
)
