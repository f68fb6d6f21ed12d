"""穷奇⑨ ([接刀], 狼人阵营): 惩善扬恶.

开局阶段结束后，若穷奇属于狼人阵营，穷奇获得所有狼人[群内]的名单。  (engine/mechanisms/xumi/seats.py)
惩善扬恶[深夜][指定]——选择范围：第二晚开始，任意一名其他角色，每名角色只能被选择一次。
结算效果：接下来的游戏中，若[结算目标]亲手击杀[村民阵营]，则获得随机一份黑商礼物，并在下一个白天公告
[[结算目标]击杀了[被击杀者]获得了奖励]。若[结算目标]亲手击杀了[狼人阵营]，则立刻连带受到[致死伤害]，并立刻
公告[[结算目标]击杀了[被击杀者]受到了惩罚]。结算目标总共只能获得一次奖励或者惩罚。
亲手击杀：结算目标当天投票给了被击杀者，且被击杀者当天因为最高票出局，或者被击杀者因为技能出局，来源是击杀者。

A marked seat kills by hand when it voted for the seat the vote sends out (every marked voter), or
when it is the source of a damage that made the seat leave (the wolves' kill: the group member drawn
as its source).  The victim's 实际阵营 at its exit decides: 村民阵营 → one 黑商礼物 drawn by the bot
(COMMANDS.md: [毒药], [天火] as the 牧师's, or a permanent [守护：1]) and the line in the next day's
公示; 狼人阵营 → the marked seat takes [致死伤害] (source: the 穷奇 who marked it) and the line is
published at once; a victim of the piper's camp neither rewards nor spends the mark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status, vote
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import Exit
from bansha_engine.roles.xumi import gifts
from bansha_engine.roles.xumi.common import TAKES_KNIFE, VILLAGE, VOTE_CAUSE, WOLVES, note, publish
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "惩善扬恶"
GIFT = "黑商礼物"
GIFTS = ("毒药", "天火", "守护")  # COMMANDS.md: the bot draws one


@dataclass
class Marks:
    """惩善扬恶: marked seat -> the 穷奇 that marked it; the marked seats that got their reward or
    punishment; the reward lines earned by day, published with the next dawn's 公示."""

    marker: dict[int, int] = field(default_factory=dict)
    settled: list[int] = field(default_factory=list)
    next_day: list[str] = field(default_factory=list)


def mark(game: Game, use: Use) -> None:
    target = use.targets[0]
    game_state(game, Marks).marker[target] = use.seat
    note(game, f"{use.seat}号惩善扬恶标记了{target}号")


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    """The marked seats that killed `exit.seat` by hand get their reward or punishment."""
    state = peek_game_state(game, Marks)
    marks, settled = state.marker, state.settled
    camp = game.seats[exit.seat].camp
    if camp not in (VILLAGE, WOLVES):
        return []
    killers = [k for k in killers_of(game, exit) if k in marks and k not in settled and k != exit.seat]
    if camp == VILLAGE:
        return [lambda killer=killer: reward(game, killer, exit.seat) for killer in killers]
    return [lambda killer=killer: punish(game, killer, exit.seat, marks[killer]) for killer in killers]


def killers_of(game: Game, exit: Exit) -> list[int]:
    """「亲手击杀」: the voters for a seat voted out, or the sources of the damage that took it out."""
    if exit.cause == VOTE_CAUSE:
        return vote.voters_for(game, exit.seat)
    return list(dict.fromkeys(d.source for d in exit.damages if d.source is not None))


def _settle(game: Game, killer: int) -> None:
    game_state(game, Marks).settled.append(killer)


def reward(game: Game, killer: int, victim: int) -> None:
    _settle(game, killer)
    gift = game.rng.choice(GIFTS)
    if gift == "守护":
        status.notify(game, killer, f"你获得了一份{GIFT}：永久[守护：1]。")
        status.grant(game, killer, "守护", source=None, skill=GIFT, until=None, count=1)
    else:
        gifts.gain(game, killer, gift, origin=GIFT)
    game.tell_directors(f"{killer}号（惩善扬恶标记）击杀了{victim}号：获得{GIFT}[{gift}]。")
    line = f"{killer}号击杀了{victim}号获得了奖励"
    if game.night is not None:
        game.night.publications.append(line)  # gathered in the coming dawn's 公示 draft
    else:
        game_state(game, Marks).next_day.append(line)
    game.tell_directors(f"将在下一个白天公告：{line}")


def punish(game: Game, killer: int, victim: int, qiongqi: int) -> None:
    _settle(game, killer)
    publish(game, f"{killer}号击杀了{victim}号受到了惩罚")
    damage.deal(game, damage.Damage(killer, damage.FATAL, qiongqi, SKILL))


def carry_to_night(game: Game) -> None:
    """A reward earned by day (a 正午 exit) is announced with the next dawn's 公示."""
    if game.night is not None:
        state = peek_game_state(game, Marks)
        game.night.publications += state.next_day
        state.next_day = []


SKILLS = skills.register(
    SkillSpec(SKILL, ("深夜1",), rank=60, from_night=2, target_self=False, once_per_target=True, effect=mark)
)
ROLE = pool_role(
    "穷奇",
    tag=TAKES_KNIFE,
    seat_skills=(SKILL,),
    summary="惩善扬恶（深夜1，第二晚起，一名其他角色，每名角色限一次：其亲手击杀村民阵营得黑商礼物，击杀狼人阵营受致死伤害）",
)
