"""猎人: 最后一枪 — after leaving (not by red card) takes one other seat with him at once.

Options a board file may set: 毒杀开枪 (可以 | 不能): the standard post's 「被女巫毒杀时不能开枪」 is 不能;
竞技12's post takes the shot only from a red-carded 猎人, hence the default 可以.  common-boards.md 2.3
adds 殉情开枪 and 被带走开枪 (可以 | 不可以, default 可以: what the bot did before), and the fixed rules
every shooter keeps (`shot_barred`): no shot after a red card, 梦亡, the shooter's own 自爆, or an exit
on a night he is sealed (恐惧, 冰冻, 血月封印).  The 狼王 (wolf_king.py) shoots by the same rules with
options of his own; a seat shot who can shoot shoots by its own options (a chain)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import seal
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    OptionDef,
    PromptDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import (
    DREAM_DEATH,
    LOVE_CAUSES,
    POISON,
    RED_CARD,
    SELF_DESTRUCT_CAUSES,
    SHOT,
    TAKEN_CAUSES,
    VILLAGE,
    Prompt,
)

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "猎人"
PROMPT = "last_shot"
WORD = "开枪"

POISONED_SHOT = OptionDef("毒杀开枪", ("可以", "不能"), "可以", "被女巫毒杀时能否开枪：可以 | 不能")
LOVE_SHOT = OptionDef("殉情开枪", ("可以", "不可以"), "可以", "因殉情出局（情侣、狼美人的魅惑）时能否开枪")
TAKEN_SHOT = OptionDef(
    "被带走开枪",
    ("可以", "不可以"),
    "可以",
    "被别人的技能带走（枪杀、白狼王带走、决斗、狩猎、反伤、查验出局……）时能否开枪",
)
# Exits after which no shooter shoots, whatever the options (common-boards.md 2.3 第3条)
NEVER_SHOOT = frozenset({RED_CARD, DREAM_DEATH, *SELF_DESTRUCT_CAUSES})


@dataclass
class HunterShot:
    used: bool = False  # offered once (a servant who inherits the role inherits it spent)


def spend_shot(game: Game, seat: int) -> None:
    seat_state(game, seat, HunterShot).used = True


def shot_barred(game: Game, seat: int, cause: str, role: str) -> str | None:
    """Why `seat`, shooting by the options of `role` (猎人, 狼王), takes no shot on leaving by
    `cause`, in a few Chinese words for the directors; None when it may shoot.  The fixed rules
    first (红牌, 梦亡, 自爆, a night it is sealed; by day a seal no longer holds), then the options."""
    if cause in NEVER_SHOOT:
        return game.cause_phrase(cause)
    sealed = seal.sealed(game, seat)
    if sealed is not None:
        return f"在被{sealed}的夜里出局"
    barred = (
        (cause == POISON and option(game, role, POISONED_SHOT.name) == "不能")
        or (cause in LOVE_CAUSES and option(game, role, LOVE_SHOT.name) == "不可以")
        or (cause in TAKEN_CAUSES and option(game, role, TAKEN_SHOT.name) == "不可以")
    )
    return game.cause_phrase(cause) if barred else None


NO_SHOT = "你这次出局不能带走任何人。"  # told as that, not why (docs/rulings-board-files.md 10)


def note_barred(game: Game, seat: int, cause: str, role: str) -> bool:
    """True when the seat may not shoot: it is told so, not why (ruling 10), and the directors why (a
    red card goes without saying)."""
    barred = shot_barred(game, seat, cause, role)
    if barred is None:
        return False
    if cause != RED_CARD:
        game.tell_directors(f"{seat}号（{role}）{barred}，不能开枪。")
    game.tell(seat, NO_SHOT)
    return True


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if peek_seat_state(game, seat, HunterShot).used or note_barred(game, seat, cause, NAME):
        return []
    return [lambda: _ask(game, seat)]


def is_hunter(game: Game, seat: int) -> bool:
    return game.seats[seat].role == NAME


def _ask(game: Game, seat: int) -> None:
    """Offer the shot; it is spent once offered, so an heir (仆人) of this 猎人 has none left."""
    spend_shot(game, seat)
    game.open_prompt(PROMPT, seat, "你可以发动最后一枪：/开枪 N号 带走一名其他角色，或 /放弃")


def answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    take_shot(game, prompt.seat, args, role=NAME, cause=SHOT)


def take_shot(
    game: Game, shooter: int, args: list[str] | None, *, role: str, cause: str, publish: bool = False
) -> None:
    """`/开枪 N号` (or a pass, None) answering a shot prompt: the target leaves with `cause`; `publish`:
    adds a 公示 line for the directors, where the post orders the shot published."""
    if args is None:
        game.tell_directors(f"{shooter}号（{role}）放弃开枪。")
        return
    if len(args) != 1:
        raise Rejected("用法：/开枪 N号")
    target = game.living_target(args[0], not_self=shooter, what="开枪对象")
    game.reply(f"已开枪：{target}号。")
    published = f"\n公示：{shooter}号开枪带走{target}号。" if publish else ""
    game.tell_directors(f"{shooter}号（{role}）开枪带走{target}号。{published}")
    game.push_front([game.exit_effect(target, cause)])


def barred_by_options(game: Game, role: str) -> str:
    """The exits the board's options bar `role`'s shot after, for /身份: 「，被女巫毒杀、殉情时不能开枪」."""
    barred = [
        words
        for name, words in (
            (POISONED_SHOT.name, game.cause_phrase(POISON)),
            (LOVE_SHOT.name, "殉情"),
            (TAKEN_SHOT.name, "被别人的技能带走"),
        )
        if option(game, role, name) in ("不能", "不可以")
    ]
    return f"，{'、'.join(barred)}时不能开枪" if barred else ""


def describe(game: Game, seat: int) -> list[str]:
    barred = barred_by_options(game, NAME)
    return [f"最后一枪 —— 出局后（红牌罚下除外{barred}）可立即开枪带走一名其他角色（/开枪 N号）"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="出局后（红牌罚下除外）可立即开枪带走一名其他角色（/开枪 N号）",
        options=(POISONED_SHOT, LOVE_SHOT, TAKEN_SHOT),
        describe=describe,
        triggers={
            "开枪": lambda game, seat, cause: triggers(game, seat, cause) if is_hunter(game, seat) else []
        },
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, answer)},
    )
)
