"""白昼学者⑦ (强神, 村民阵营): 时波增幅, 时波削弱, 时波混乱 — the same three skills as 寂夜导师's.

有白昼学者必有寂夜导师。
时波增幅[早夜][限定][指定]——选择范围：第二晚开始，任意一名角色，发动后不可发动削弱。
结算效果：结算目标将收到通知，指定一个自己的技能，当晚可以额外发动一次且不计入次数限制，若是[群内]或者可以
使用杀人的角色，则可以指定[杀人]技能额外发动。
时波削弱[早夜][限定][指定]——选择范围：第二晚开始，任意一名角色，发动后不可发动增幅。
结算效果：结算目标获得[恐惧]，持续至下一个[正午]阶段开始。
时波混乱[凌晨][强制]——游戏日夜晚，若有角色当晚获得过不止一次[时波增幅]或[时波削弱]效果时触发此效果：这些技能
的效果全部无效，所有持有该技能的角色对目标角色造成一次[致死伤害]（所有群内视为一个角色，触发时当晚随机到的杀人
来源暴毙）。

Both skills are used in 早夜1; 时波混乱 is checked when 早夜1 closes, before the uses take effect
(the doubled effects never take hold; the uses are spent).  The target of 时波增幅 designates the
skill with `/指定 <技能>` — a night skill whose slot has not closed, or 杀人 before 深夜2 opens
(one more kill for the group, or for the [接刀] seat).  Without a designation the extra use goes to
the first use tonight that the skill's own limits would refuse (engine/slots.py).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.roles.xumi import board_calls, pack
from bansha_engine.roles.xumi.common import IN_GROUP, tag
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import KILL, SkillSpec, Use
from bansha_engine.timeline import NIGHT_PARTS, next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

BOOST = "时波增幅"
DAMPEN = "时波削弱"
CHAOS = "时波混乱"
SLOT = "早夜1"
KILL_WORDS = (KILL, "刀", "杀")


def boost(game: Game, use: Use) -> None:
    target = use.targets[0]
    skills.grant_extra_use(game, target)
    status.notify(
        game,
        target,
        "你受到了时波增幅：今晚你可以指定自己的一个技能额外发动一次，不计入次数限制。"
        "发送 /指定 技能名（例如 /指定 侦测）；[群内]或可以杀人的角色可以 /指定 杀人，今晚多杀一人。",
    )


def dampen(game: Game, use: Use) -> None:
    until = next_boundary(game.day, game.part, "noon_start")
    status.grant(game, use.targets[0], "恐惧", source=use.seat, skill=DAMPEN, until=until)


def chaos(game: Game) -> None:
    """At 早夜1's close, before its uses resolve: a seat chosen by more than one 增幅/削弱 tonight
    voids them all (the uses are spent) and takes one [致死伤害] from each holder of 时波混乱."""
    night = game.night
    assert night is not None
    uses = night.uses.get(SLOT, {})
    waves = {key: use for key, use in uses.items() if use.skill in (BOOST, DAMPEN)}
    hits = Counter(use.targets[0] for use in waves.values())
    doubled = sorted(seat for seat, count in hits.items() if count > 1)
    if not doubled:
        return
    for key, use in waves.items():
        if use.targets[0] in doubled:
            skills.spend(game, use)
            del uses[key]
    holders = [n for n, s in game.seats.items() if s.alive and skills.holds(game, n, CHAOS)]
    for target in doubled:
        night.notes.append(f"时波混乱：{target}号当晚受到多次时波效果，全部无效")
        for holder in holders:
            damage.deal(game, damage.Damage(target, damage.FATAL, holder, CHAOS))


# ---------------------------------------------------------------- /指定: the extra use


def designate(game: Game, seat: int, args: list[str]) -> None:
    """`/指定 <技能>` by the target of 时波增幅."""
    designated = skills.extra_use(game, seat)
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能指定。")
    if game.night is None or designated is None:
        raise Rejected("你今晚没有时波增幅给的额外发动。")
    if designated:
        raise Rejected(f"你已经指定了{designated}，不能更改。")
    if len(args) != 1:
        raise Rejected("用法：/指定 技能名（例如 /指定 侦测，或 /指定 杀人）")
    if args[0] in KILL_WORDS:
        _designate_kill(game, seat)
        return
    name = skills.find(game, seat, args[0])
    if name is None or not skills.holds(game, seat, name):
        raise Rejected(f"你没有「{args[0][:20]}」这个技能。")
    slot = _night_slot(game, name)
    if slot is None:
        raise Rejected(f"{name}不是夜晚的技能：时波增幅只能指定当晚可以发动的技能。")
    if game.night.state.get(slot) in ("closed", "skipped"):
        raise Rejected(f"{slot}已经结束，今晚不能再发动{name}。")
    skills.grant_extra_use(game, seat, name)
    game.reply(f"已指定{name}：今晚可以额外发动一次{name}（{slot}），不计入次数限制。")
    board_calls.progress(game)


def _night_slot(game: Game, name: str) -> str | None:
    return board_calls.slot_of(name, NIGHT_PARTS)


def _designate_kill(game: Game, seat: int) -> None:
    """「若是[群内]或者可以使用杀人的角色，则可以指定[杀人]技能额外发动」."""
    night = game.night
    assert night is not None
    if seat not in pack.kill_holders(game):
        raise Rejected("你不是[群内]，也不能使用杀人，不能指定杀人。")
    if night.state.get(pack.SLOT) != "waiting":
        raise Rejected(f"{pack.SLOT}已经开始，不能再指定杀人。")
    member = tag(game, seat) == IN_GROUP
    pack.add_extra_kill(game, night.no, None if member else seat)
    skills.grant_extra_use(game, seat, KILL)
    whose = "狼群" if member else "你"
    game.reply(f"已指定杀人：今晚{whose}可以多杀一人（{pack.SLOT}）。")


SKILLS = skills.register(
    SkillSpec(
        BOOST, (SLOT,), rank=10, words=("增幅",), limited=True, from_night=2, excludes=(DAMPEN,), effect=boost
    ),
    SkillSpec(
        DAMPEN,
        (SLOT,),
        rank=20,
        words=("削弱",),
        limited=True,
        from_night=2,
        excludes=(BOOST,),
        effect=dampen,
    ),
    SkillSpec(CHAOS, (), forced=True),
)
TEXT = (
    "时波增幅 或 时波削弱（早夜1，第二晚起，限定，二选一：增幅让目标今晚多发动一次技能，削弱给目标[恐惧]）；"
    "时波混乱（强制：一名角色当晚受到多次时波效果时全部无效，你对其造成致死伤害）"
)
ROLE = pool_role("白昼学者", seat_skills=(BOOST, DAMPEN, CHAOS), summary=TEXT)
