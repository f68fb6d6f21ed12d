"""女巫: 通灵 (learns tonight's kill targets while she holds her save), 救药 and 毒药, one a night.

Through the damage layer (engine/damage.py): the 救药 is a [守护] for the night on its target, granted
at the resolution's 保护 stage, that stops every kill on it; the 毒药 is 致死伤害, which nothing on
these boards stops (守卫 「守护挡不住毒药」, 长老 and 医生 only stop 指杀).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    KILL_ORDER,
    KILL_PHASE,
    VOID_KILLS,
    NightPart,
    OptionDef,
    RoleDef,
    game_state,
    option,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import POISON, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "女巫"
STEP = "witch"
PROTECTION = "女巫的救药"  # the skill of the [守护] her 救药 grants

# 自救: whether the 救药 may save the witch herself (竞技12 「除自己以外」: 不能; the standard post
# 「女巫只能在第一夜用解药救自己」: 首夜; 百变小樱, ruling 19: 可以).
SELF_SAVE = OptionDef(
    "自救",
    ("不能", "首夜", "可以"),
    "首夜",
    "救药能否救自己：不能 | 首夜（只有第一夜可以） | 可以",
)
SELF_SAVE_NOTES = {"不能": "，不能救自己", "首夜": "，只有第一夜可以救自己", "可以": ""}


def self_save(game: Game) -> str:
    return option(game, NAME, SELF_SAVE.name)


def may_save_herself(game: Game) -> bool:
    rule = self_save(game)
    return rule == "可以" or (rule == "首夜" and game.night is not None and game.night.no == 1)


@dataclass
class Potions:
    """A witch's potions still in hand (a servant who inherits the role inherits them)."""

    save: bool = False
    poison: bool = False


@dataclass
class WitchPassed:
    """(night, witch, "save" | "poison") for each potion a witch passed alone (/放弃 救药)."""

    marks: set[tuple[int, int, str]] = field(default_factory=set)


def setup(game: Game, seat: int) -> None:
    potions = seat_state(game, seat, Potions)
    potions.save = potions.poison = True


def has(game: Game, seat: int, potion: str) -> bool:
    return bool(getattr(peek_seat_state(game, seat, Potions), potion))


def step(deadline: Deadline, after: tuple[str, ...]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="女巫用药",
        roles=(NAME,),
        actors=lambda game: [
            n for n in game.with_role(NAME) if has(game, n, "save") or has(game, n, "poison")
        ],
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        hint="/救 N号、/毒 N号 或 /放弃",
    )


def killed_tonight(game: Game) -> list[int]:
    seen: list[int] = []
    for target, _source in game.night.kills:  # type: ignore[union-attr]
        if target not in seen:
            seen.append(target)
    return seen


def _open(game: Game) -> None:
    night = game.night
    assert night is not None
    for seat in nights.actors(game, STEP):
        lines = [f"【第{night.no}夜】女巫行动（{game.clock(night.due[STEP])}截止）"]
        if has(game, seat, "save"):
            targets = killed_tonight(game)
            seats = "、".join(f"{n}号" for n in targets)
            lines.append(f"通灵：今晚被指杀的是{seats}。" if targets else "通灵：今晚无人被指杀。")
            lines.append("救药：/救 N号")
        if has(game, seat, "poison"):
            lines.append("毒药：/毒 N号")
        lines.append("今晚只能用一瓶药；不用药请 /放弃。")
        game.tell(seat, "\n".join(lines))


WORDS = {"save": "救药", "poison": "毒药"}


def passed_tonight(game: Game, seat: int, potion: str) -> bool:
    night = game.night
    return night is not None and (night.no, seat, potion) in peek_game_state(game, WitchPassed).marks


def _pass_one(game: Game, seat: int, potion: str) -> bool:
    """`/放弃 救药` (or 毒药) keeps the other potion for tonight; with nothing else left, False."""
    other = "poison" if potion == "save" else "save"
    if game.seats[seat].role != NAME or not has(game, seat, other) or passed_tonight(game, seat, other):
        return False
    nights.require_actor(game, STEP, seat)
    if seat in nights.acts(game, STEP):
        return False
    if not has(game, seat, potion):
        raise Rejected(f"你的{WORDS[potion]}已经用过了，不需要放弃；{WORDS[other]}仍可使用。")
    _refuse_if_passed(game, seat, potion)
    game_state(game, WitchPassed).marks.add((game.night.no, seat, potion))  # type: ignore[union-attr]
    word = "/毒 N号" if other == "poison" else "/救 N号"
    game.reply(f"已放弃今晚的{WORDS[potion]}；{WORDS[other]}仍可使用（{word}，或 /放弃）。")
    return True


def _refuse_if_passed(game: Game, seat: int, potion: str) -> None:
    if passed_tonight(game, seat, potion):
        raise Rejected(f"你今晚已经放弃了{WORDS[potion]}。")


def _save(game: Game, seat: int, args: list[str]) -> None:
    if len(args) != 1:
        raise Rejected("用法：/救 N号")
    require_role(game, seat, NAME)
    nights.refuse_if_final(game, STEP, seat)
    if not has(game, seat, "save"):
        raise Rejected("你的救药已经用过了。")
    _refuse_if_passed(game, seat, "save")
    self_ok = may_save_herself(game)
    target = game.living_target(args[0], not_self=None if self_ok else seat, what="救药对象")
    nights.record(game, STEP, seat, ("save", target), f"已记录：对{target}号使用救药。")


def _poison(game: Game, seat: int, args: list[str]) -> None:
    if len(args) != 1:
        raise Rejected("用法：/毒 N号")
    require_role(game, seat, NAME)
    nights.refuse_if_final(game, STEP, seat)
    if not has(game, seat, "poison"):
        raise Rejected("你的毒药已经用过了。")
    _refuse_if_passed(game, seat, "poison")
    target = game.living_target(args[0], what="毒药对象")
    nights.record(game, STEP, seat, ("poison", target), f"已记录：对{target}号使用毒药。")


SKILLS = [
    Skill(
        "救药",
        ("救", "救药", "解药"),
        _save,
        passes=STEP,
        pass_one=lambda game, seat: _pass_one(game, seat, "save"),
    ),
    Skill(
        "毒药",
        ("毒", "毒药"),
        _poison,
        passes=STEP,
        pass_one=lambda game, seat: _pass_one(game, seat, "poison"),
    ),
]


def _close(game: Game, timed_out: bool) -> None:
    for seat, (potion, target) in nights.choice(game, STEP).items():
        setattr(seat_state(game, seat, Potions), potion, False)
        word = "救药" if potion == "save" else "毒药"
        game.night.notes.append(f"{seat}号（女巫）对{target}号使用{word}")  # type: ignore[union-attr]


def saved_tonight(game: Game) -> set[int]:
    """The seats her 救药 lands on tonight (换位 may move it)."""
    return {
        aimed(game, seat, target)
        for seat, (potion, target) in nights.choice(game, STEP).items()
        if potion == "save"
    }


def _protect(game: Game) -> None:
    """Resolution (保护): the 救药's target holds a [守护] against every kill for the night."""
    for seat, (potion, target) in nights.choice(game, STEP).items():
        if potion == "save":
            damage.protect_tonight(game, aimed(game, seat, target), PROTECTION, source=seat)


def poison_deaths(game: Game) -> None:
    """Resolution step: the poisoned leave now (致死伤害)."""
    poisons = [
        damage.Damage(aimed(game, seat, target), damage.FATAL, seat, POISON)
        for seat, (potion, target) in nights.choice(game, STEP).items()
        if potion == "poison"
    ]
    game.push_front(damage.strike(game, poisons, lambda hit: POISON))


def describe(game: Game, seat: int) -> list[str]:
    lines = []
    if has(game, seat, "save"):
        lines.append(f"通灵 —— 每晚得知{_whose_kills(game)}指杀目标（救药用后失去）")
        self_note = SELF_SAVE_NOTES[self_save(game)]
        lines.append(f"救药 —— 未使用{self_note}（/救 N号）")
    else:
        lines.append("救药 —— 已用完")
    lines.append("毒药 —— 未使用（/毒 N号）" if has(game, seat, "poison") else "毒药 —— 已用完")
    lines.append("同一晚只能使用一瓶药。")
    return lines


def _whose_kills(game: Game) -> str:
    """狼人的, or 当晚所有 on a board with kills of other roles too (百变小樱)."""
    return "当晚所有" if len(game.board.extra.get(KILL_ORDER, ())) > 1 else "狼人的"


def _saved(game: Game, hit: damage.Damage) -> str:
    """The 救药 stops tonight's kill on its target (a valid kill, where a kill may be void: 医生)."""
    valid = "有效" if game.board.extra.get(VOID_KILLS) else ""
    return f"{hit.target}号被{valid}指杀，女巫救药生效"


damage.ON_CANCEL[PROTECTION] = _saved


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚通灵得知指杀目标；救药、毒药各一瓶，一晚只能用一瓶（/救 N号、/毒 N号）",
        options=(SELF_SAVE,),
        night=lambda options: (
            NightPart(
                NAME,
                STEP,
                lambda deadline, after, options: step(deadline, after),
                needs=("狼人", KILL_PHASE),
            ),
        ),
        skills=lambda options: list(SKILLS),
        describe=describe,
        setup=lambda game, seat, options: setup(game, seat),
        resolution={"保护": _protect, "毒药结算": poison_deaths},
    )
)
