"""炼金术士⑤ (弱神): 不思议之炼金, and the skills it can give: [幸运许愿] and 恐怖分子 [爆破].

不思议之炼金[早夜][指定][强制]——每个早夜触发：选择范围：任意1名角色，并提交一个整数数值。
结算效果：根据X结算如下效果，X为提交的数值减去全场存活的[村民身份]和[狼人身份]总和：
大于20或小于-20，发动者永久获得[流血]状态。
16到20：发动者和结算目标永久获得[迷魂]状态。
11到15：发动者和结算目标永久获得[漏洞]状态。
6到10：结算目标永久获得[迷魂][漏洞]状态。
3到5：结算目标永久获得[净化]状态。
1到2：结算目标永久获得2次[流血]状态。
0：发动者获得[幸运许愿]技能，但最多只能填写20分。
-16到-20：发动者和结算目标移除且不会获得任何状态。
-11到-15：结算目标永久获得[独裁]状态，发动者永久获得[迷魂]状态。
-6到-10：结算目标永久获得[秩序]状态。
-3到-5：结算目标获得恐怖分子[爆破]技能。
-1到-2：结算目标免疫下一次出局。

In 早夜2 (listed there: 「炼金术士 不思议之炼金」), every night from the first: `/不思议之炼金 N号 整数`
(`/炼金`).  The sum is the strength (2L) of every living seat whose 实际身份 is a 村民 or 狼人 pool role
(the 吹笛者 has none), taken when 早夜2 resolves.  [强制]: on timeout the bot picks a random living seat
(himself included) and a random X from −20 to 20 — a random row of the table, the submitted number
being X plus the sum.

[流血] is never told; 「若已持有[流血]…再次获得[流血]…改为造成致死伤害」: a 流血 given to a bleeding
seat adds no status but a 致死伤害 (source: the giver), dealt at the next 黄昏1 after the vote
(「黄昏1…统计最高票，随后统计二次流血」).  「免疫下一次出局」 is no status (neither 秩序, 漏洞 nor 归元
touch it): the next exit of the seat that damage would cause is avoided, once (a red card is no damage
and is not avoided).  COMMANDS.md defines the two skills the post leaves undefined: [幸运许愿] — one
use at 早夜2: the holder names a seat and an X from −20 to 20 and gets that row of the table;
恐怖分子 [爆破] — 正午, one use, 致死伤害 to the holder and to one chosen seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state, peek_seat_state, seat_state
from bansha_engine.roles.xumi import gifts
from bansha_engine.roles.xumi.common import note
from bansha_engine.roles.xumi.role_pool import POOL, pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.slots import actor_for
from bansha_engine.timeline import next_boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

ALCHEMY = "不思议之炼金"
WISH = "幸运许愿"
BLAST = "爆破"
BLEED = "流血"
WISH_LIMIT = 20  # 「但最多只能填写20分」


@dataclass
class Immunity:
    """免疫下一次出局, until an exit is avoided with it."""

    next_exit: bool = False


@dataclass
class SecondBleeds:
    """The 致死伤害 of second [流血]s: (seat, giver, the game day of the 黄昏1 it is dealt in)."""

    due: list[tuple[int, int, int]] = field(default_factory=list)


# ---------------------------------------------------------------- the table


Effect = Callable[["Game", int, int, str], None]  # (game, user, target, skill)


@dataclass(frozen=True)
class Row:
    low: int
    high: int
    words: str  # the post's words, for the directors' summary
    apply: Effect


def _forever(name: str, *, user: bool = False, target: bool = False) -> Effect:
    def apply(game: Game, who: int, whom: int, skill: str) -> None:
        for seat in [who] * user + [whom] * target:
            status.grant(game, seat, name, source=who, skill=skill, until=None)

    return apply


def _both(*steps: Effect) -> Effect:
    def apply(game: Game, who: int, whom: int, skill: str) -> None:
        for step in steps:
            step(game, who, whom, skill)

    return apply


def _bleed_user(game: Game, who: int, whom: int, skill: str) -> None:
    bleed(game, who, who, skill)


def _bleed_twice(game: Game, who: int, whom: int, skill: str) -> None:
    bleed(game, whom, who, skill)
    bleed(game, whom, who, skill)


def _wish(game: Game, who: int, whom: int, skill: str) -> None:
    gifts.gain(game, who, WISH)


def _wipe(game: Game, who: int, whom: int, skill: str) -> None:
    for seat in dict.fromkeys((who, whom)):
        status.clear(game, seat, lambda s: True)
        status.seal(game, seat)


def _blast(game: Game, who: int, whom: int, skill: str) -> None:
    gifts.gain(game, whom, BLAST)


def _immune(game: Game, who: int, whom: int, skill: str) -> None:
    seat_state(game, whom, Immunity).next_exit = True


OUTSIDE = Row(21, -21, "发动者永久获得[流血]", _bleed_user)  # 「大于20或小于-20」: X in no row of ROWS
ROWS = (
    Row(16, 20, "发动者和结算目标永久获得[迷魂]", _forever("迷魂", user=True, target=True)),
    Row(11, 15, "发动者和结算目标永久获得[漏洞]", _forever("漏洞", user=True, target=True)),
    Row(6, 10, "结算目标永久获得[迷魂][漏洞]", _both(_forever("迷魂", target=True), _forever("漏洞", target=True))),
    Row(3, 5, "结算目标永久获得[净化]", _forever("净化", target=True)),
    Row(1, 2, "结算目标永久获得2次[流血]", _bleed_twice),
    Row(0, 0, "发动者获得[幸运许愿]", _wish),
    Row(-2, -1, "结算目标免疫下一次出局", _immune),
    Row(-5, -3, "结算目标获得恐怖分子[爆破]", _blast),
    Row(-10, -6, "结算目标永久获得[秩序]", _forever("秩序", target=True)),
    Row(-15, -11, "结算目标永久获得[独裁]，发动者永久获得[迷魂]", _both(_forever("独裁", target=True), _forever("迷魂", user=True))),
    Row(-20, -16, "发动者和结算目标移除且不会获得任何状态", _wipe),
)  # fmt: skip


def row_for(x: int) -> Row:
    return next((row for row in ROWS if row.low <= x <= row.high), OUTSIDE)


def settle(game: Game, user: int, target: int, x: int, skill: str) -> str:
    """Apply the row of X; the line for the directors' summary."""
    row = row_for(x)
    row.apply(game, user, target, skill)
    return f"X={x}：{row.words}"


def living_strength(game: Game) -> int:
    """「全场存活的[村民身份]和[狼人身份]总和」: the strengths of the living seats' 实际身份."""
    return sum(POOL.strength(seat.role or "") for seat in game.seats.values() if seat.alive)


# ---------------------------------------------------------------- [流血] and 免疫下一次出局


def bleed(game: Game, seat: int, giver: int, skill: str) -> None:
    """Give [流血]; a seat already bleeding takes a 致死伤害 at the next 黄昏1 instead."""
    if status.blocked(game, seat, BLEED):
        return
    if not status.has(game, seat, BLEED):
        status.grant(game, seat, BLEED, source=giver, skill=skill, until=None)
        return
    day = next_boundary(game.day, game.part, "dusk1_end").number
    game_state(game, SecondBleeds).due.append((seat, giver, day))


def second_bleeds(game: Game) -> None:
    """黄昏1, after the vote: the 致死伤害 of every second 流血 due today, in the order given."""
    bleeds = peek_game_state(game, SecondBleeds)
    due = [(seat, giver) for seat, giver, day in bleeds.due if day <= game.day]
    bleeds.due = [entry for entry in bleeds.due if entry[2] > game.day]
    game.push_front(
        [lambda seat=seat, giver=giver: damage.deal(game, damage.Damage(seat, damage.FATAL, giver, BLEED)) for seat, giver in due]
    )  # fmt: skip


def prevent(game: Game, seat: int, damages: list[damage.Damage]) -> bool:
    """免疫下一次出局: the exit is avoided, once."""
    immunity = peek_seat_state(game, seat, Immunity)
    if not immunity.next_exit:
        return False
    immunity.next_exit = False
    note(game, f"{seat}号免疫了这次出局（不思议之炼金）")
    return True


def marks(game: Game, seat: int) -> list[str]:
    found = ["免疫下一次出局"] if peek_seat_state(game, seat, Immunity).next_exit else []
    days = [day for target, _, day in peek_game_state(game, SecondBleeds).due if target == seat]
    found += [f"二次流血：第{day}天黄昏1受到致死伤害" for day in days]
    return found


# ---------------------------------------------------------------- the skills


def alchemy(game: Game, use: Use) -> None:
    target = use.targets[0]
    x = int(use.argument) - living_strength(game)
    result = settle(game, use.seat, target, x, ALCHEMY)
    note(game, f"{use.seat}号{ALCHEMY}：{target}号，数值{int(use.argument)}，{result}")


def random_alchemy(game: Game, seat: int) -> Use:
    """Timeout of the [强制] skill: a random living seat and a random X from −20 to 20."""
    target = game.rng.choice(game.alive())
    value = game.rng.randint(-WISH_LIMIT, WISH_LIMIT) + living_strength(game)
    status.notify(game, actor_for(game, seat), f"{ALCHEMY}未提交，已随机选择{target}号，数值{value}。")
    return Use(seat, ALCHEMY, (target,), str(value))


def check_wish(game: Game, use: Use) -> None:
    if not -WISH_LIMIT <= int(use.argument) <= WISH_LIMIT:
        raise Rejected(f"幸运许愿的数值须在-{WISH_LIMIT}到{WISH_LIMIT}之间（直接对应炼金表中的X）。")


def wish(game: Game, use: Use) -> None:
    target = use.targets[0]
    result = settle(game, use.seat, target, int(use.argument), WISH)
    note(game, f"{use.seat}号{WISH}：{target}号，{result}")


def blast(game: Game, use: Use) -> None:
    """恐怖分子 [爆破]: 致死伤害 to the holder, then to the chosen seat."""
    game.push_front(
        [lambda seat=seat: damage.deal(game, damage.Damage(seat, damage.FATAL, use.seat, BLAST)) for seat in (use.seat, use.targets[0])]
    )  # fmt: skip


SKILLS = skills.register(
    SkillSpec(
        ALCHEMY,
        ("早夜2",),
        rank=40,
        words=("炼金",),
        forced=True,
        argument="整数",
        hint="N号 整数",
        effect=alchemy,
        random_use=random_alchemy,
    ),
    SkillSpec(
        WISH,
        ("早夜2",),
        rank=50,
        words=("许愿",),
        limited=True,
        argument="整数",
        hint=f"N号 X（-{WISH_LIMIT}到{WISH_LIMIT}）",
        effect=wish,
        rule=check_wish,
    ),
    SkillSpec(BLAST, ("正午",), limited=True, target_self=False, effect=blast),
)
ROLE = pool_role(
    "炼金术士",
    seat_skills=(ALCHEMY,),
    summary="不思议之炼金（强制，每晚早夜2：选择一名角色并提交一个整数，X=数值减去存活的村民与狼人身份强度之和，按表结算）",
)
