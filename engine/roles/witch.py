"""女巫: 通灵 (learns tonight's kill targets while she holds her save), 救药 and 毒药, one a night.

Through the damage layer (engine/damage.py): the 救药 is a [守护] for the night on its target, granted
at the resolution's 保护 stage, that stops every kill on it; the 毒药 is 致死伤害, which nothing on
these boards stops (守卫 「守护挡不住毒药」, 长老 and 医生 only stop 指杀).  Both pass through
`damage.strike`, so a seat immune tonight (梦游者, 咒狐 …) takes neither: the potion is spent in vain
(common-boards.md 2.5 第5、6条), and a role hearing of the poison kept off reacts (恶灵骑士's 反伤).

Options (common-boards.md 2.5): 自救 (不能 | 首夜 | 可以), 双药 (不可以 | 可以: the same night `/救` and
`/毒` one after the other, her step over once both are used or she passes what is left; never both on
one seat), 自毒 (可以 | 不可以: the 毒药 not on herself).  A witch sealed tonight whose commands were taken
(封印告知: 不可以) spends what she chose, in vain (2.10.3 第2条).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, seal
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    GOD,
    KILL_PHASE,
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
# 双药 (2.5 第2条): both potions the same night, one after the other; 自毒 (2.5 第3条).
BOTH_POTIONS = OptionDef(
    "双药",
    ("不可以", "可以"),
    "不可以",
    "同一晚能否先后使用救药和毒药：不可以（一晚只能用一瓶） | 可以（不能对同一名玩家既救又毒）",
)
SELF_POISON = OptionDef("自毒", ("可以", "不可以"), "可以", "毒药能否用在自己身上")


def self_save(game: Game) -> str:
    return option(game, NAME, SELF_SAVE.name)


def both_potions(game: Game) -> bool:
    return option(game, NAME, BOTH_POTIONS.name) == "可以"


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


@dataclass
class BothTonight:
    """双药: the potions each witch used on night `night` (potion -> the seat chosen), in the order
    used.  Her step choice (Night.acts) marks only that she is through: both used, the rest passed."""

    night: int = 0
    uses: dict[int, dict[str, int]] = field(default_factory=dict)


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
        late_phrase=_late_phrase,
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
        if both_potions(game):
            lines.append(
                "今晚两瓶药可以先后使用（不能对同一名玩家既救又毒）；用完或 /放弃 剩下的，你这一步结束。"
            )
        else:
            lines.append("今晚只能用一瓶药；不用药请 /放弃。")
        game.tell(seat, "\n".join(lines))


WORDS = {"save": "救药", "poison": "毒药"}
COMMANDS = {"save": "/救 N号", "poison": "/毒 N号"}


def passed_tonight(game: Game, seat: int, potion: str) -> bool:
    night = game.night
    return night is not None and (night.no, seat, potion) in peek_game_state(game, WitchPassed).marks


def _other(potion: str) -> str:
    return "poison" if potion == "save" else "save"


def _pass_one(game: Game, seat: int, potion: str) -> bool:
    """`/放弃 救药` (or 毒药) keeps the other potion for tonight; with nothing else left, False (the
    whole step is passed).  双药: once the other was used tonight, passing this one ends her step."""
    other = _other(potion)
    if game.seats[seat].role != NAME or not has(game, seat, other) or passed_tonight(game, seat, other):
        return False
    nights.require_actor(game, STEP, seat)
    if seat in nights.acts(game, STEP):
        return False
    if not has(game, seat, potion):
        raise Rejected(f"你的{WORDS[potion]}已经用过了，不需要放弃；{WORDS[other]}仍可使用。")
    _refuse_if_passed(game, seat, potion)
    used = both_used_tonight(game, seat)
    withdrawn = "撤回并" if used.pop(potion, None) is not None else ""  # 双药: a potion used, taken back
    game_state(game, WitchPassed).marks.add((game.night.no, seat, potion))  # type: ignore[union-attr]
    if other in used:  # 双药: the other potion is used, nothing is left tonight
        nights.acts(game, STEP)[seat] = tuple(used.items())
        game.reply(f"已{withdrawn}放弃今晚的{WORDS[potion]}；你今晚的用药已结束。")
        nights.advance(game)
        return True
    game.reply(
        f"已{withdrawn}放弃今晚的{WORDS[potion]}；{WORDS[other]}仍可使用（{COMMANDS[other]}，或 /放弃）。"
    )
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
    if both_potions(game):
        _use_one_of_both(game, seat, "save", target)
        return
    nights.record(game, STEP, seat, ("save", target), f"已记录：对{target}号使用救药。")


def _poison(game: Game, seat: int, args: list[str]) -> None:
    if len(args) != 1:
        raise Rejected("用法：/毒 N号")
    require_role(game, seat, NAME)
    nights.refuse_if_final(game, STEP, seat)
    if not has(game, seat, "poison"):
        raise Rejected("你的毒药已经用过了。")
    _refuse_if_passed(game, seat, "poison")
    self_ok = option(game, NAME, SELF_POISON.name) == "可以"
    target = game.living_target(args[0], not_self=None if self_ok else seat, what="毒药对象")
    if both_potions(game):
        _use_one_of_both(game, seat, "poison", target)
        return
    nights.record(game, STEP, seat, ("poison", target), f"已记录：对{target}号使用毒药。")


def both_used_tonight(game: Game, seat: int) -> dict[str, int]:
    """双药: the potions this witch used tonight so far (potion -> the seat chosen)."""
    recorded = peek_game_state(game, BothTonight)
    night = game.night
    if night is None or recorded.night != night.no:
        return {}
    return recorded.uses.get(seat, {})


def _use_one_of_both(game: Game, seat: int, potion: str, target: int) -> None:
    """双药: record one potion (sent again, it changes its target); her step is over once no potion is
    left to use tonight (each used or passed)."""
    nights.require_actor(game, STEP, seat)
    other = _other(potion)
    if both_used_tonight(game, seat).get(other) == target:
        raise Rejected(f"今晚不能对同一名玩家既救又毒：你已经对{target}号使用了{WORDS[other]}。")
    night = game.night
    assert night is not None
    recorded = game_state(game, BothTonight)
    if recorded.night != night.no:
        recorded.night, recorded.uses = night.no, {}
    used = recorded.uses.setdefault(seat, {})
    used[potion] = target
    ack = f"已记录：对{target}号使用{WORDS[potion]}。"
    made = nights.acts(game, STEP)
    if has(game, seat, other) and other not in used and not passed_tonight(game, seat, other):
        made.pop(seat, None)
        game.reply(
            f"{ack}{WORDS[other]}仍可使用（{COMMANDS[other]}）；不用请 /放弃，已记录的{WORDS[potion]}照常生效。"
        )
        return
    made[seat] = tuple(used.items())
    game.reply(f"{ack}你今晚的用药已结束。")
    nights.advance(game)


def _late_phrase(game: Game, seat: int) -> str:
    """What a witch who had not finished is told when her step closes without her: 双药, a potion she
    used still takes effect."""
    used = both_used_tonight(game, seat)
    if not used:
        return nights.PASSED
    done = "、".join(f"对{target}号使用{WORDS[potion]}" for potion, target in used.items())
    return f"已记录的用药照常生效（{done}），剩下的药视为放弃"


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


def used_tonight(game: Game) -> list[tuple[int, str, int]]:
    """Every potion the witches used tonight, (witch, potion, seat chosen), a sealed witch's too: the
    step's choices, or 双药's record of each potion (which stands once she passes the rest)."""
    night = game.night
    if night is None:
        return []
    if both_potions(game):
        recorded = peek_game_state(game, BothTonight)
        if recorded.night != night.no:
            return []
        return [
            (seat, potion, target) for seat, used in recorded.uses.items() for potion, target in used.items()
        ]
    made = night.acts.get(STEP, {})
    return [(seat, choice[0], choice[1]) for seat, choice in made.items() if choice is not None]


def effective_tonight(game: Game) -> list[tuple[int, str, int]]:
    """Tonight's potions that take effect: all but a sealed witch's (spent in vain)."""
    used = used_tonight(game)
    if not used:
        return []  # a board without a witch (the 守卫 asks for her save) has no step of hers either
    spec = nights.spec_of(game, STEP)
    return [use for use in used if not seal.applies(game, spec, use[0])]


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    effective = effective_tonight(game)
    for use in used_tonight(game):
        seat, potion, target = use
        setattr(seat_state(game, seat, Potions), potion, False)
        vain = "" if use in effective else f"（被{seal.sealed(game, seat)}，没有效果）"
        night.notes.append(f"{seat}号（女巫）对{target}号使用{WORDS[potion]}{vain}")


def _aimed_by(game: Game, potion: str) -> list[tuple[int, int]]:
    """(witch, the seat it lands on) for each of tonight's effective potions of that kind (换位 may
    move it)."""
    return [
        (seat, aimed(game, seat, target)) for seat, used, target in effective_tonight(game) if used == potion
    ]


def saved_tonight(game: Game) -> set[int]:
    """The seats her 救药 lands on tonight (换位 may move it)."""
    return {hit for _, hit in _aimed_by(game, "save")}


def _protect(game: Game) -> None:
    """Resolution (保护): the 救药's target holds a [守护] against every kill for the night."""
    for seat, hit in _aimed_by(game, "save"):
        damage.protect_tonight(game, hit, PROTECTION, source=seat)


def poison_deaths(game: Game) -> None:
    """Resolution step: the poisoned leave now (致死伤害), through `strike`: an immunity to the poison
    keeps it off (the potion spent in vain), and the roles hearing of that learn it (恶灵骑士)."""
    poisons = [damage.Damage(hit, damage.FATAL, seat, POISON) for seat, hit in _aimed_by(game, "poison")]
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
    if both_potions(game):
        lines.append("同一晚可以先后使用两瓶药，但不能对同一名玩家既救又毒。")
    else:
        lines.append("同一晚只能使用一瓶药。")
    if option(game, NAME, SELF_POISON.name) != "可以":
        lines.append("毒药不能用在自己身上。")
    return lines


def _whose_kills(game: Game) -> str:
    """狼人的, or 当晚所有 on a board with kills of other roles too (百变小樱)."""
    return "当晚所有" if len(game.board.hooks.kill_order) > 1 else "狼人的"


def _saved(game: Game, hit: damage.Damage) -> str:
    """The 救药 stops tonight's kill on its target (a valid kill, where a kill may be void: 医生)."""
    valid = "有效" if game.board.hooks.void_kills else ""
    return f"{hit.target}号被{valid}指杀，女巫救药生效"


damage.ON_CANCEL[PROTECTION] = _saved


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚通灵得知指杀目标；救药、毒药各一瓶，一晚只能用一瓶（/救 N号、/毒 N号）",
        options=(SELF_SAVE, BOTH_POTIONS, SELF_POISON),
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
