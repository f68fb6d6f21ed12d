"""哥布林⑥ ([群内], 狼人阵营): 狂妄.

狂妄[宣言]——宣言内容：在关门1小时前宣言[我是哥布林，谁敢杀我？]。
结算效果：若宣言之后在下一个夜晚前承受[投票出局]，村民阵营强神和弱神判负所需人数各减少1。

The declaration is the player's own forum post; the bot records it when the player says `/狂妄` or
a director `/宣言 N号`.  It is refused on the 竞选日 (no exile vote), after the door has closed, and
within the last hour before a door close already set; a declaration that the door close then
falls within an hour of is void.  A vote exit (the day's vote in 黄昏1, or 定序王子's extra vote in
正午) before that day's night lowers both thresholds of the village's loss by one each time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import skills
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import Exit
from bansha_engine.roles.xumi import board_calls
from bansha_engine.roles.xumi.common import IN_GROUP, VOTE_CAUSE, door_close, seat_arg
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "狂妄"
WORDS = "我是哥布林，谁敢杀我？"
HOUR = 3600.0
DAY_PARTS = ("晨曦", "正午", "傍晚")  # the day before the door closes


@dataclass
class Boasts:
    """狂妄: each seat's last declaration (game day, moment), and how many took effect
    (「强神和弱神判负所需人数各减少1」 each, read by the judge through `threshold_cuts`)."""

    declared: dict[int, tuple[int, float]] = field(default_factory=dict)
    cuts: int = 0


def threshold_cuts(game: Game) -> int:
    return peek_game_state(game, Boasts).cuts


def _declared(game: Game, seat: int) -> tuple[int, float]:
    """The game day and moment of the seat's last declaration; (0, 0.0) for none."""
    return peek_game_state(game, Boasts).declared.get(seat, (0, 0.0))


def refusal(game: Game, seat: int) -> str | None:
    """Why `seat` cannot declare now, or None."""
    info = game.seats[seat]
    if not skills.holds(game, seat, SKILL):
        return "你没有狂妄技能。"
    if not info.alive:
        return "你已出局，不能宣言。"
    if game.day < 2:
        return "竞选日没有放逐投票，不能宣言狂妄。"
    if game.phase != "day" or game.part not in DAY_PARTS:
        return "已经关门了，不能再宣言狂妄。"
    if (why := skills.blocked_by_status(game, seat, skills.SKILLS[SKILL])) is not None:
        return why + "。"
    if _declared(game, seat)[0] == game.day:
        return "你今天已经宣言过狂妄了。"
    door = door_close(game)
    if door is not None and game.now > door - HOUR:
        return f"关门前1小时内不能宣言狂妄（今天{game.clock(door)}关门）。"
    return None


def declare(game: Game, seat: int, args: list[str]) -> None:
    """`/狂妄` by the 哥布林."""
    if args:
        raise Rejected("用法：/狂妄（在论坛宣言「我是哥布林，谁敢杀我？」后发送）")
    if (why := refusal(game, seat)) is not None:
        raise Rejected(why)
    _record(game, seat)
    game.reply(
        f"已记录你的狂妄宣言「{WORDS}」：若今晚之前你被投票出局，村民阵营强神和弱神判负所需人数各减少1。"
    )


def cmd_declare(game: Game, args: list[str]) -> bool:
    """`/宣言 N号` by a director: the 哥布林 of seat N has declared."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if len(args) != 1:
        raise Rejected("用法：/宣言 N号（记录哥布林的狂妄宣言）")
    seat = seat_arg(game, args[0])
    if (why := refusal(game, seat)) is not None:
        raise Rejected(f"{seat}号不能宣言：{why.replace('你', '该角色')}")
    _record(game, seat)
    game.reply(f"已记录{seat}号的狂妄宣言。")
    return True


def _record(game: Game, seat: int) -> None:
    game_state(game, Boasts).declared[seat] = (game.day, game.now)
    game.tell_directors(f"{seat}号宣言狂妄「{WORDS}」（{game.clock(game.now)}）。")


def on_exit(game: Game, exit: Exit) -> list[Callable[[], None]]:
    """「若宣言之后在下一个夜晚前承受[投票出局]」: a vote exit on the day of a valid declaration."""
    day, moment = _declared(game, exit.seat)
    if exit.cause != VOTE_CAUSE or day != game.day:
        return []
    door = game.night.door_close if game.night is not None else None
    if door is not None and moment > door - HOUR:
        return [lambda: game.tell_directors(f"{exit.seat}号的狂妄宣言在关门前1小时内，不生效。")]
    return [lambda: _cut_thresholds(game)]


def _cut_thresholds(game: Game) -> None:
    boasts = game_state(game, Boasts)
    boasts.cuts += 1
    cuts = boasts.cuts
    game.tell_directors(f"哥布林狂妄生效：村民阵营强神和弱神判负所需人数各减少{cuts}（不公示）。")
    board_calls.check_end(game)


SKILLS = skills.register(SkillSpec(SKILL, ()))
ROLE = pool_role(
    "哥布林",
    tag=IN_GROUP,
    seat_skills=(SKILL,),
    summary=f"狂妄（关门1小时前在论坛宣言「{WORDS}」后发送 /狂妄：当天被投票出局则村民阵营强神和弱神判负所需人数各减1）",
)
