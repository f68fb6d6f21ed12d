"""骑士 (standard-boards.md): once a game, by day (from day 2, before the vote is settled; not once a
再投一轮 tie sent the vote to a second round, common-boards.md 2.4), he flips his card and duels one
other seat (`/决斗 N号`, in private chat).  A wolf-camp seat leaves at once and the day ends (the night
comes without a further vote); a village seat: the knight leaves (以死谢罪) and the day goes on.  The
公示 line names the seat's camp, never its role (common-boards.md 3.4 补充 2): 狼人阵营, 村民阵营, or,
for a seat of a third camp, 不是狼人阵营 (ruling)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, RoleDef, register, seat_state
from bansha_engine.model import DUEL, KNIGHT_ATONES, VILLAGE, WOLVES, Skill
from bansha_engine.role_helpers import require_day_skill, require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "骑士"


@dataclass
class KnightState:
    dueled_on: int = 0  # the game day of his duel; 0 = not yet (整局只能一次)
    target: int = 0


def _duel(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    state = seat_state(game, seat, KnightState)
    if state.dueled_on:
        raise Rejected(f"你已经在第{state.dueled_on}天与{state.target}号决斗过了：决斗整局只能一次。")
    require_day_skill(game, seat, NAME, "决斗")
    if vote.in_runoff(game):  # common-boards.md 2.4 第1条, 3.4 补充2
        raise Rejected("现在不能决斗：今天的放逐投票平票进入了第二轮（PK），第一轮平票之后不能决斗。")
    if len(args) != 1:
        raise Rejected("用法：/决斗 N号（与一名其他玩家决斗）")
    target = game.living_target(args[0], not_self=seat, what="决斗对象")
    state.dueled_on, state.target = game.day, target
    if game.seats[target].camp == WOLVES:
        _wolf_found(game, seat, target)
    else:
        _knight_atones(game, seat, target)


def _wolf_found(game: Game, seat: int, target: int) -> None:
    """「该玩家立即出局，白天随即结束，直接入夜」."""
    game.reply(f"决斗：{target}号是狼人阵营，被你决斗离场；白天随即结束。")
    game.tell_directors(
        f"公示：第{game.day}天，{seat}号翻牌为骑士，与{target}号决斗：{target}号是狼人阵营，出局；白天结束，直接入夜。"
    )
    game.settle_by_day([game.exit_effect(target, DUEL)], f"第{game.day}天{seat}号骑士决斗")
    game.end_day(f"{seat}号骑士决斗出狼人阵营的{target}号")


def _knight_atones(game: Game, seat: int, target: int) -> None:
    """「骑士以死谢罪，立即出局，白天照常继续」."""
    camp = _not_wolves(game, target)
    game.reply(f"决斗：{target}号{camp}，你以死谢罪，出局。")
    game.tell_directors(
        f"公示：第{game.day}天，{seat}号翻牌为骑士，与{target}号决斗：{target}号{camp}，"
        f"{seat}号骑士以死谢罪，出局；白天照常继续。"
    )
    game.settle_by_day([game.exit_effect(seat, KNIGHT_ATONES)], f"第{game.day}天{seat}号骑士决斗")


def _not_wolves(game: Game, target: int) -> str:
    """How the 公示 names a seat the duel found outside the wolves' camp: its camp, never its role; a
    third camp's seat only as 不是狼人阵营 (its camp's name would tell its role: 咒狐阵营)."""
    return "是村民阵营" if game.seats[target].camp == VILLAGE else "不是狼人阵营"


def describe(game: Game, seat: int) -> list[str]:
    state = seat_state(game, seat, KnightState)
    if state.dueled_on:
        return [f"决斗 —— 已于第{state.dueled_on}天与{state.target}号决斗（整局一次，已用）"]
    return [
        "决斗 —— 整局一次：第2天起的白天、放逐投票结算之前，私聊 /决斗 N号 与一名其他玩家决斗；"
        "对方是狼人阵营则对方出局，白天随即结束，直接入夜；对方是村民阵营则你以死谢罪出局，白天照常继续"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="白天（第2天起，投票结算前）翻牌与一名玩家决斗，整局一次：狼人出局并直接入夜，好人则骑士出局",
        skills=lambda options: [Skill("决斗", ("决斗",), _duel)],
        describe=describe,
    )
)
