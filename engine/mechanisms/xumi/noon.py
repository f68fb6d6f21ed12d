"""正午 (须弥): `/开门` opens the day's 正午 (day skills until 21:00, 20:00 on a day the door closes),
`/入夜 [HH:MM]` (`/关门`) closes the door now or at a time later today, and 黄昏 begins.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bansha_engine import night as nights
from bansha_engine import slots as slot_steps
from bansha_engine import status
from bansha_engine.api import Rejected, Timer
from bansha_engine.boardfile import BoardFile
from bansha_engine.day.calendar import is_date, parse_close
from bansha_engine.library import BoardPart, Mechanism, peek_game_state, register_mechanism
from bansha_engine.mechanisms.xumi.election import Election
from bansha_engine.model import BoardHooks
from bansha_engine.parse import parse_clock
from bansha_engine.roles.xumi import heavenly_dog, piper, prince
from bansha_engine.roles.xumi.common import door_close, noon_opened_at, open_noon, publish, set_door_close
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game


def cmd_open_door(game: Game, args: list[str]) -> bool:
    """`/开门`: the discussion opens; 正午 skills are taken until 21:00 (20:00 on a closing day)."""
    if game.phase != "day" or game.part != "晨曦":
        raise Rejected("只有在晨曦（夜晚结算后、开门前）才能开门。" if game.day > 1 else "竞选日没有开门。")
    game.reply(f"第{game.day}天开门：正午技能可发动至{game.clock(noon_end_at(game))}。")
    open_door(game)
    return True


def open_door(game: Game) -> None:
    """正午 begins: the statuses 「持续至下一个[正午]阶段开始」 end, then the NOON_START hooks.  Its
    window closes at 21:00 (20:00) of the day the door opened, even when the bot only sees the
    clock again after midnight."""
    game.part = "正午"
    open_noon(game)
    status.expire(game, Boundary("noon_start", game.day))
    publish(game, f"第{game.day}天开门")
    for hook in NOON_START:
        hook(game)


def _prompt_noon_skills(game: Game) -> None:
    slot_steps.prompt_day_skills(game, game.clock(noon_end_at(game)))


# 寡言 holders published, 天狗's 不死 begins, 定序王子's extra vote announced, the holders of 正午 skills told
NOON_START: list[Callable[[Game], None]] = [
    piper.publish_holders,
    heavenly_dog.at_noon_start,
    prince.announce_extra_vote,
    _prompt_noon_skills,
]
NOON_END: list[Callable[[Game], None]] = [prince.settle_extra_vote]  # the last moment of 正午


def noon_end_at(game: Game) -> float:
    """「正午类技能只能在每天的开门至21:00（若当天关门则为20:00）发动」."""
    zone = ZoneInfo(game.timezone)
    opened = noon_opened_at(game) if game.part == "正午" else None
    today = datetime.fromtimestamp(opened if opened is not None else game.now, zone)
    closing = door_close(game)
    closes_today = closing is not None and datetime.fromtimestamp(closing, zone).date() == today.date()
    hour = 20 if closes_today else 21
    return today.replace(hour=hour, minute=0, second=0, microsecond=0).timestamp()


def end_noon(game: Game) -> None:
    if game.part != "正午":
        return
    for hook in NOON_END:
        hook(game)
    game.part = "傍晚"
    status.expire(game, Boundary("noon_end", game.day))
    game.tell_directors(f"第{game.day}天正午结束：正午技能不再接受。")


def cmd_close_door(game: Game, args: list[str]) -> bool:
    """`/入夜 [HH:MM]` (关门): now, or at a clock time later today; 黄昏1 begins at the door close."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if game.phase == "night":
        raise Rejected("已经关门了。")
    if game.busy():
        raise Rejected("还有待处理的决定，可用 /推进 按超时处理。")
    if game.day == 1 and not peek_game_state(game, Election).recorded:
        raise Rejected("竞选日还没有记录警长：请先 /警长 N号 或 /警长 无。")
    if len(args) == 2 and is_date(args[0]):  # 「/关门 12月5日 21:00」 (engine/day/calendar.py)
        door = parse_close(args, game.now, game.timezone)
        if door <= game.now:
            raise Rejected(f"关门时间{game.clock(door)}已经过了：要现在关门请发送 /关门。")
    else:
        door = parse_clock(args[0], game.now, game.timezone) if args else game.now
    if len(args) == 1:
        from bansha_engine.game import refuse_a_door_close_already_over  # the game imports the boards

        refuse_a_door_close_already_over(game, args[0], door)
    if game.part == "晨曦":  # the door opens first: what starts with 正午 is not skipped
        game.tell_directors(f"第{game.day}天还没开门：先按开门处理，再关门。")
        open_door(game)
    if door > game.now + 1:
        set_door_close(game, door)
        game.reply(
            f"已设定第{game.day}天关门时间：{game.clock(door)}（正午技能截至{game.clock(noon_end_at(game))}）。"
        )
        return True
    close_door(game, min(door, game.now))
    return True


def close_door(game: Game, door: float) -> None:
    set_door_close(game, None)
    end_noon(game)
    if game.phase == "opening":
        game.phase = "day"
    game.tell_directors(f"第{game.day}天关门（{game.clock(door)}）：进入黄昏。")
    nights.start(game, door)


def timers(game: Game) -> list[Timer]:
    found = []
    if game.phase == "day" and game.part == "正午":
        found.append(Timer(f"noon:{game.day}", noon_end_at(game)))
    door = door_close(game)
    if game.phase == "day" and door is not None:
        found.append(Timer(f"door:{game.day}", door))
    return found


def on_timer(game: Game, kind: str, rest: str) -> bool:
    if rest != str(game.day) or game.phase != "day":
        return False
    if kind == "noon":
        if game.part != "正午" or game.now < noon_end_at(game) - 0.001:
            return False
        end_noon(game)
        return True
    door = door_close(game)
    if door is None or game.now < door - 0.001:
        return False
    close_door(game, door)
    return True


# ---------------------------------------------------------------- what a file gives

NAME = "正午"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        hooks=BoardHooks(
            timers=timers,
            timer_kinds=("noon", "door"),
            on_timer=on_timer,
            door_close=door_close,
            director_commands={"开门": cmd_open_door, "入夜": cmd_close_door, "关门": cmd_close_door},
            director_help=(
                "/开门：讨论日开门（正午技能从此可用至21:00，关门当天至20:00）",
                "/入夜 [HH:MM]：关门；黄昏1按票型结算投票（/放逐 N号 或 /放逐 无 可直接记录结果）",
            ),
        ),
    )


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("时段夜晚", "竞选日")))
