"""利露帕尔⑨ (验人系): 镇灵之母, 魔瓶, 反噬.

镇灵之母[强制]——首个警长出现后，根据首日电梯楼，利露帕尔与警长之间距离更远的那一侧（不包括警长和利露帕尔，
相同则随机一侧）视为利露帕尔的子女，然后利露帕尔永久获得[秩序]状态和仅针对非子女的[不死]状态。
魔瓶[正午][指定]——选择范围：任意一名子女。
结算效果：结算目标获得[独裁]状态，持续至下一个夜晚开始，并反馈结算目标的[表面阵营]，若其为[村民阵营]，反馈
[选择目标为村民阵营]，否则，反馈[选择目标为非村民阵营]，并且如果是首次反馈非村民阵营还会使结算目标永久获得
[净化]状态，有多次结算效果，则按顺序多次反馈。
反噬[强制][翻牌]——若利露帕尔出局的来源是警长，或利露帕尔被放逐出局则触发此效果：所有[子女]获得[寡言]状态，
持续至下一个正午结束，警长及当下拥有[独裁]的玩家连带受到[致死伤害]。

Rulings (docs/rulings-xumi.md): the children are fixed when the 竞选日 records the sheriff, on the
ring of the seats in the game then, and she is told them; with no sheriff 镇灵之母 never fires (no
children, no statuses, 魔瓶 has no target); when she is the sheriff herself all the other seats are
her children; the 「仅针对非子女」 [不死] counts against damage whose source is a seat outside her
children, so never against the vote (it has no source); 魔瓶 once per 正午.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state, peek_seat_state, seat_state
from bansha_engine.model import Exit
from bansha_engine.roles.xumi.common import VILLAGE, flip, grant_own, note, surface_camp
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.timeline import Boundary, next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

ROLE_NAME = "利露帕尔"
MOTHER = "镇灵之母"
BOTTLE = "魔瓶"
BACKLASH = "反噬"
NOT_CHILDREN = "非子女"  # the filter of her [不死]


@dataclass
class FirstSheriff:
    """镇灵之母 fires once, when the first sheriff is recorded."""

    seen: bool = False


@dataclass
class Mother:
    """A 利露帕尔's state: her children (in seat order), whether 魔瓶 has answered 非村民阵营 yet, and
    whether 反噬 fired (its flip went through)."""

    children: list[int] = field(default_factory=list)
    shown_non_village: bool = False
    backlash_fired: bool = False


def children_of(game: Game, mother: int) -> list[int]:
    return peek_seat_state(game, mother, Mother).children


def children(game: Game) -> list[int]:
    """The children of the 利露帕尔 (one per game at most; none before the first sheriff)."""
    return [child for seat in game.seats for child in children_of(game, seat)]


def _not_a_child(game: Game, holder: int, hit: damage.Damage) -> bool:
    """「仅针对非子女的[不死]」: it counts against damage from a seat that is not a child; the vote has
    no source and is not stopped.  (Independent of the holder, so a copy made by 阴阳变转 keeps it.)"""
    source = hit.source
    return source is not None and source not in children(game)


status.FILTERS[NOT_CHILDREN] = _not_a_child


# ---------------------------------------------------------------- 镇灵之母


def on_first_sheriff(game: Game) -> None:
    """ON_SHERIFF: the first sheriff is recorded; each living 利露帕尔 finds her children."""
    if game.sheriff is None or peek_game_state(game, FirstSheriff).seen:
        return
    game_state(game, FirstSheriff).seen = True
    for seat in game.seats.values():
        if seat.role == ROLE_NAME and seat.alive and skills.holds(game, seat.no, MOTHER):
            _become_mother(game, seat.no, game.sheriff)


def far_side(game: Game, mother: int, sheriff: int) -> list[int]:
    """「利露帕尔与警长之间距离更远的那一侧（不包括警长和利露帕尔，相同则随机一侧）」 on the day-1 ring.
    When she is the sheriff herself, every other seat of the ring lies on that side."""
    ring = [n for n, s in sorted(game.seats.items()) if s.alive]
    if sheriff == mother:
        return [n for n in ring if n != mother]
    size, here, there = len(ring), ring.index(mother), ring.index(sheriff)
    up = [ring[(here + k) % size] for k in range(1, (there - here) % size)]
    down = [ring[(here - k) % size] for k in range(1, (here - there) % size)]
    if len(up) == len(down):
        return sorted(game.rng.choice([up, down]))
    return sorted(max(up, down, key=len))


def _become_mother(game: Game, mother: int, sheriff: int) -> None:
    kids = far_side(game, mother, sheriff)
    seat_state(game, mother, Mother).children = kids
    grant_own(game, mother, MOTHER, "秩序")
    grant_own(game, mother, MOTHER, "不死", against=NOT_CHILDREN)
    listing = "、".join(f"{k}号" for k in kids) or "无"
    game.tell(mother, f"镇灵之母：警长是{sheriff}号，你的子女是{listing}。")
    game.tell_directors(f"镇灵之母：利露帕尔{mother}号的子女是{listing}。")


# ---------------------------------------------------------------- 魔瓶


def _has_children(game: Game, seat: int) -> str | None:
    if not any(game.seats[k].alive for k in children_of(game, seat)):
        return "你没有存活的子女（镇灵之母在首个警长出现后才确定子女）"
    return None


def _bottle_range(game: Game, use: Use) -> None:
    target = use.targets[0]
    kids = children_of(game, use.seat)
    if target not in kids:
        listing = "、".join(f"{k}号" for k in kids if game.seats[k].alive)
        raise Rejected(f"{target}号不是你的子女，魔瓶只能选择子女：{listing}。")


def bottle(game: Game, use: Use) -> None:
    """[独裁] until the next night starts; the 表面阵营; the first 非村民 answer also 净化es."""
    target = use.targets[0]
    until = next_boundary(game.day, game.part, "night_start")
    status.grant(game, target, "独裁", source=use.seat, skill=BOTTLE, until=until)
    village = surface_camp(game, target) == VILLAGE
    skills.feedback(game, use, f"魔瓶结果：{target}号为{'村民阵营' if village else '非村民阵营'}。")
    note(game, f"{use.seat}号魔瓶{target}号：{'村民阵营' if village else '非村民阵营'}")
    if not village and not peek_seat_state(game, use.seat, Mother).shown_non_village:
        seat_state(game, use.seat, Mother).shown_non_village = True
        status.grant(game, target, "净化", source=use.seat, skill=BOTTLE, until=None)


# ---------------------------------------------------------------- 反噬


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    """EXIT_TRIGGERS: 「若利露帕尔出局的来源是警长，或利露帕尔被放逐出局」."""
    seat = exit.seat
    if game.seats[seat].role != ROLE_NAME or not skills.holds(game, seat, BACKLASH):
        return []
    sheriff = game.sheriff
    by_vote = any(d.kind == damage.VOTE for d in exit.damages)
    by_sheriff = sheriff is not None and any(d.source == sheriff for d in exit.damages)
    if not (by_vote or by_sheriff):
        return []
    kids = list(children_of(game, seat))
    dictators = [n for n, s in sorted(game.seats.items()) if s.alive and status.has(game, n, "独裁")]
    victims = list(dict.fromkeys(([sheriff] if sheriff is not None else []) + dictators))
    return [
        lambda: _flip_and_hush(game, seat, kids),
        *[lambda victim=victim: _backlash_hit(game, seat, victim) for victim in victims if victim != seat],
    ]


def _flip_and_hush(game: Game, seat: int, kids: list[int]) -> None:
    if not flip(game, seat):
        return  # 「若[实际身份]已经公开则无法发动」
    seat_state(game, seat, Mother).backlash_fired = True
    start = next_boundary(game.day, game.part, "noon_start")
    until = Boundary("noon_end", start.number)  # 「持续至下一个正午结束」
    for kid in kids:
        status.grant(game, kid, "寡言", source=seat, skill=BACKLASH, until=until)


def _backlash_hit(game: Game, seat: int, victim: int) -> None:
    if peek_seat_state(game, seat, Mother).backlash_fired:
        damage.deal(game, damage.Damage(victim, damage.FATAL, seat, BACKLASH))


SKILLS = skills.register(
    SkillSpec(MOTHER, (), forced=True),
    SkillSpec(BOTTLE, ("正午",), words=("预言",), available=_has_children, rule=_bottle_range, effect=bottle),
    SkillSpec(BACKLASH, (), forced=True),
)
ROLE = pool_role(
    ROLE_NAME,
    seat_skills=(MOTHER, BOTTLE, BACKLASH),
    summary=(
        "镇灵之母（首个警长出现后，与警长距离更远一侧为子女；永久[秩序]、仅针对非子女的[不死]）；"
        "魔瓶（正午，子女一名：[独裁]至下一夜开始，反馈表面阵营）；"
        "反噬（被警长致出局或被放逐：翻牌，子女[寡言]，警长及[独裁]者受致死伤害）"
    ),
)
