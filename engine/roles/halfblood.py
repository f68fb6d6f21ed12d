"""混血儿 (百变小樱) 认亲<强制>: at the start supports one seat and takes that seat's camp.  As a
lover it loses 认亲; with a partner who is not a wolf it gets a kill of its own (night step 4), so a
board without 丘比特 needs neither her step nor 通用刀 (common-boards.md 3.4 补充 3: NightPart.only_with).

Options (common-boards.md 3.4; each default is 百变小樱's): 查验结果 (随阵营 | 村民阵营: what a camp check
of her answers), 告知阵营 (可以 | 不可以: after 认亲 she is told only 「已认亲N号」), 算作村民 (不可以 |
可以: for 屠边 she counts as a 村民 of 村民阵营 whoever she follows, 补充裁定 6; she still wins with the
camp she follows, 5.3 第11条)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks, notes
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OPENING_CHOICES,
    OTHER,
    VILLAGER,
    KillHolder,
    NightPart,
    OptionDef,
    RoleDef,
    game_state,
    option,
    peek_game_state,
    register,
    set_category,
)
from bansha_engine.model import HALFBLOOD_KILL, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.role_helpers import record_kill, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "混血儿"
STEP = "halfblood_kill"
SOURCE = HALFBLOOD_KILL  # the kill's source in night.kills; the exit's cause is 杀人
CUPID = "丘比特"  # her kill needs a lover, and lovers need him (3.4 补充 3)

CHECKED_AS = OptionDef(
    "查验结果",
    ("随阵营", "村民阵营"),
    "随阵营",
    "她被阵营查验时的结果：随阵营（按她所在的阵营） | 村民阵营（总是村民阵营）",
)
CAMP_TOLD = OptionDef(
    "告知阵营", ("可以", "不可以"), "可以", "认亲后是否告诉她阵营：不可以时只告诉她「已认亲N号」"
)
COUNTS_AS_VILLAGER = OptionDef(
    "算作村民",
    ("不可以", "可以"),
    "不可以",
    "屠边时她是否算村民阵营的村民（不论跟随谁；胜负仍跟随认亲对象的阵营）",
)


@dataclass
class StartChoice:
    """A once-a-game start-of-game choice of another seat (认亲, and 仆人's 认主)."""

    chosen: int | None = None


@dataclass
class Kin(StartChoice):
    pass


@dataclass
class HalfbloodKiller:
    seat: int | None = None  # the 混血儿 lover whose partner is no wolf: a kill of its own


def kin(game: Game) -> int | None:
    return peek_game_state(game, Kin).chosen


def chosen(game: Game, kind: type[StartChoice]) -> int | None:
    return peek_game_state(game, kind).chosen


def set_chosen(game: Game, kind: type[StartChoice], target: int) -> None:
    game_state(game, kind).chosen = target


def killer(game: Game) -> int | None:
    return peek_game_state(game, HalfbloodKiller).seat


def set_killer(game: Game, seat: int) -> None:
    game_state(game, HalfbloodKiller).seat = seat


def choose(
    game: Game, seat: int, args: list[str], *, role: str, kind: type[StartChoice], what: str, word: str
) -> None:
    """Shared by 认亲 and 认主: a once-a-game start-of-game choice of another seat."""
    if game.seats[seat].role != role:
        raise Rejected(f"只有{role}可以{word}。")
    if is_lover(game, seat):
        raise Rejected(f"你成为了情侣，失去了{word}。")
    if game.phase != "opening":
        raise Rejected(f"{word}只能在游戏开始时发动。")
    if chosen(game, kind) is not None:
        raise Rejected(f"你已经{word}过了（一局一次）。")
    if len(args) != 1:
        raise Rejected(f"用法：/{word} N号")
    target = game.living_target(args[0], not_self=seat, what=what)
    set_chosen(game, kind, target)
    later = "阵营在开局选择全部完成后通知你。" if camp_told(game, seat) else "（你的阵营不会告诉你。）"
    game.reply(f"已{word}：{target}号。{later}")
    notes.note(game, f"{seat}号（{role}）{word}{target}号")
    progress = game.board.hooks.opening_progress
    assert progress is not None  # given by 开局选择, which the role brings
    progress(game)


def is_lover(game: Game, seat: int) -> bool:
    """The seat became one of 丘比特's lovers (it loses its opening choice)."""
    hook = game.board.hooks.is_lover
    assert hook is not None  # given by 开局选择, which the roles choosing at the opening bring
    return hook(game, seat)


def camp_told(game: Game, seat: int) -> bool:
    """Whether the seat is told its camp after its choice (告知阵营: 不可以 keeps a 混血儿's from her)."""
    return game.seats[seat].role != NAME or option(game, NAME, CAMP_TOLD.name) == "可以"


def _told_camp(game: Game, seat: int) -> str | None:
    """告知阵营: 不可以 — what she hears of her camp: only whom she supports (a lover, not choosing,
    hears of her camp as lovers do)."""
    if camp_told(game, seat) or is_lover(game, seat):
        return None
    target = kin(game)
    return f"已认亲{target}号（不告知阵营）" if target else "随认亲对象（不告知阵营）"


def _camp_check(game: Game, seat: int) -> str | None:
    """查验结果: 村民阵营 — a camp check of her always answers 村民阵营 (2.7)."""
    return checks.VILLAGE_ANSWER if option(game, NAME, CHECKED_AS.name) == "村民阵营" else None


def counts_as_villager(game: Game) -> bool:
    return option(game, NAME, COUNTS_AS_VILLAGER.name) == "可以"


def _counted_camp(game: Game, seat: int) -> str | None:
    """算作村民: 可以 — she counts for 村民阵营 in 胜负 whoever she follows (补充裁定 6)."""
    return VILLAGE if counts_as_villager(game) else None


def _setup(game: Game, seat: int, options: dict[str, str]) -> None:
    """算作村民: 可以 — her category is 村民 (屠边 counts her on the 村民 side)."""
    if options.get(COUNTS_AS_VILLAGER.name) == "可以":
        set_category(game, seat, VILLAGER)


def _kin(game: Game, seat: int, args: list[str]) -> None:
    choose(game, seat, args, role=NAME, kind=Kin, what="认亲对象", word="认亲")


def kill_step(deadline: Deadline, after: tuple[str, ...] = ()) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="混血儿杀人",
        roles=(NAME,),
        actors=lambda game: [n for n in [killer(game)] if n is not None and game.seats[n].alive],
        deadline=deadline,
        after=after,
        on_open=lambda game: tell_actors(game, STEP, "可以杀人：/刀 N号，或 /放弃"),
        on_close=_close,
        hint="/刀 N号",
    )


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        night.kills.append((target, SOURCE))
        night.notes.append(f"{seat}号（混血儿）杀{target}号")


SKILL = Skill("认亲", ("认亲",), _kin)


def describe(game: Game, seat: int) -> list[str]:
    target = kin(game)
    if is_lover(game, seat):
        state = "你成为了情侣，失去了认亲"
    elif target:
        state = f"已认亲{target}号"
    else:
        state = "游戏开始时须选择一名角色，成为其阵营（/认亲 N号）"
    lines = [f"认亲 —— {state}"]
    if killer(game) == seat:
        lines.append("杀人 —— 每晚可以指杀一名角色（/刀 N号）")
    return lines


KILL_HOLDER = KillHolder(
    step=STEP,
    group=None,
    holds=lambda game, seat: killer(game) == seat,
    take=lambda game, seat, args: record_kill(game, STEP, seat, args),
)

ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="游戏开始时认亲一名角色，成为其阵营；成为情侣且情侣不是狼人时每晚可以杀人（/认亲 N号）",
        options=(CHECKED_AS, CAMP_TOLD, COUNTS_AS_VILLAGER),
        night=lambda options: (
            NightPart(
                NAME,
                STEP,
                lambda deadline, after, o: kill_step(deadline, after),
                kill_source=SOURCE,
                kill_phase=True,
                only_with=(CUPID,),
            ),
        ),
        skills=lambda options: [SKILL],
        describe=describe,
        setup=_setup,
        kills=lambda options: (KILL_HOLDER,),
        mechanisms=(OPENING_CHOICES,),
        camp_check=_camp_check,
        counted_camp=_counted_camp,
        told_camp=_told_camp,
    )
)
