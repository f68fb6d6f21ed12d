"""玄武⑩ (强神): 寿与天齐, 命数感知, 阴阳变转.

寿与天齐[强制]——玄武永久获得[守护：1]状态。每个奇数日夜晚开始时触发此效果：刷新本技能至初始。
命数感知[凌晨][强制]——游戏日凌晨触发此效果：玄武会获得反馈：所有角色都分别受到了什么攻击（电梯楼排序名单），
例：1号受到两次指杀，4号受到一次致死伤害。
阴阳变转[凌晨][指定][0]——该技能每个偶数日增加1次。选择范围：任意一名角色A和任意一名角色B，每个角色只能被
选择为B一次。
结算效果：若结算目标A和B没有重合，则所有结算目标A拥有的[守护][坚韧][不死][霸道]状态复制一份给所有结算目标B，
持续至下一个夜晚开始。

寿与天齐's [守护：1] is set back to one counter at the start of nights 1, 3, 5 … (NIGHT_START); it
lapses with the skill.  命数感知 answers when 凌晨2 opens (DAWN_INFO), before 阴阳变转 is chosen in
it: every damage dealt tonight so far, countered or not (`damage.attacks_text`); it goes to
蚀日侍女 when she operates him that night.  阴阳变转 gains a use at the dawn of every even day
(DAY_START), so from night 2; one pair per 凌晨, unused uses carry over; `/阴阳变转 A号 B号` (A ≠ B).
The copies keep the 守护's counters left and the 「仅针对…」 filter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import peek_seat_state, seat_state
from bansha_engine.roles.xumi.common import grant_own, note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.slots import actor_for
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

LONGEVITY = "寿与天齐"
FATE = "命数感知"
TURN = "阴阳变转"
COPIED = ("守护", "坚韧", "不死", "霸道")


@dataclass
class ChosenAsB:
    """The seats a 玄武's 阴阳变转 has chosen as B (「每个角色只能被选择为B一次」)."""

    seats: list[int] = field(default_factory=list)


def _holders(game: Game, skill: str) -> list[int]:
    return [n for n, s in game.seats.items() if s.alive and skills.holds(game, n, skill)]


# ---------------------------------------------------------------- 寿与天齐


def longevity(game: Game, seat: int) -> None:
    """寿与天齐: a permanent [守护：1] that lasts as long as the seat holds the skill."""
    grant_own(game, seat, LONGEVITY, "守护", count=1)


def refresh_on_odd_nights(game: Game) -> None:
    """NIGHT_START: 「每个奇数日夜晚开始时触发此效果：刷新本技能至初始」 — the [守护] is back to 1."""
    if game.day % 2 == 0:
        return
    for seat in _holders(game, LONGEVITY):
        own = [s for s in game.seats[seat].statuses if s.skill == LONGEVITY and s.source == seat]
        if own:
            own[0].count = 1
        else:
            longevity(game, seat)


# ---------------------------------------------------------------- 命数感知


def sense_fate(game: Game) -> None:
    """DAWN_INFO: the attacks of the night, told now (they come before 阴阳变转 in 凌晨)."""
    for seat in _holders(game, FATE):
        game.tell(actor_for(game, seat), f"命数感知：{damage.attacks_text(game)}。")


# ---------------------------------------------------------------- 阴阳变转


def add_use_on_even_days(game: Game) -> None:
    """DAY_START: 「该技能每个偶数日增加1次」."""
    if game.day % 2:
        return
    for seat in game.seats.values():
        state = seat.skills.get(TURN)
        if state is not None and state.uses_left is not None:
            state.uses_left += 1


def _b_not_chosen_before(game: Game, use: Use) -> None:
    b = use.targets[1]
    if b in peek_seat_state(game, use.seat, ChosenAsB).seats:
        raise Rejected(f"每个角色只能被选择为B一次：{b}号已经被选择为B过了。")


def turn(game: Game, use: Use) -> None:
    """Copy A's [守护][坚韧][不死][霸道] to B until the next night starts."""
    a, b = use.targets
    seat_state(game, use.seat, ChosenAsB).seats.append(b)
    until = next_boundary(game.day, game.part, "night_start")
    copied = []
    for held in status.statuses(game, a):
        if held.name not in COPIED:
            continue
        given = status.grant(
            game,
            b,
            held.name,
            source=use.seat,
            skill=TURN,
            until=until,
            count=held.count,
            against=held.against,
        )
        if given is not None:
            copied.append(given.label())
    note(game, f"{use.seat}号阴阳变转：{a}号→{b}号，复制{''.join(copied) or '无'}")


SKILLS = skills.register(
    SkillSpec(LONGEVITY, (), forced=True),
    SkillSpec(FATE, (), forced=True),
    SkillSpec(
        TURN,
        ("凌晨",),
        slot="凌晨2",
        rank=10,
        uses=0,
        targets=(2, 2),
        hint="A号 B号",
        rule=_b_not_chosen_before,
        effect=turn,
    ),
)
ROLE = pool_role(
    "玄武",
    seat_skills=(LONGEVITY, FATE, TURN),
    on_start=longevity,
    summary=(
        "寿与天齐（永久[守护：1]，每个奇数夜开始时刷新）；命数感知（每晚凌晨得知所有角色受到的攻击）；"
        "阴阳变转（凌晨，每个偶数日+1次：把A的[守护][坚韧][不死][霸道]复制给B至下一夜开始，每人只能当一次B）"
    ),
)
