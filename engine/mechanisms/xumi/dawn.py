"""晨曦公示 (须弥): after the night's tally, the directors' summary with the 公示 draft (the night's
exits in seat order, the last words received), then the camps lost in the tally are judged and the
day (晨曦) starts.  Exits are told as exit_notices.py says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import BoardPart, Mechanism, game_state, register_mechanism
from bansha_engine.mechanisms.xumi.camps import check_end
from bansha_engine.mechanisms.xumi.exit_notices import announce_exit, cause_lines, has_last_words
from bansha_engine.model import LAST_WORDS_FIRST_NIGHT_AND_DAY, BoardHooks, Night
from bansha_engine.roles.xumi import black_tortoise

if TYPE_CHECKING:
    from bansha_engine.game import Game

# at the dawn (晨曦): 阴阳变转 +1 on even days
DAY_START: list[Callable[[Game], None]] = [black_tortoise.add_use_on_even_days]


def dawn_report(game: Game, night: Night) -> list[str]:
    """The directors' summary: the night's exits in seat order (电梯楼), actions, timeouts, 公示 draft."""
    exits = sorted((e for e in game.exits if e.when == f"第{night.no}夜"), key=lambda e: e.seat)
    headline = "出局：" + "、".join(f"{e.seat}号" for e in exits) if exits else "平安夜"
    lines = [f"第{night.no}夜结算：{headline}"]
    lines += cause_lines(game, exits)
    lines += nights.action_lines(game, night)
    lines.append(f"公示草稿（第{night.no + 1}天）：")
    lines.append(f"第{night.no}夜出局：{'、'.join(f'{e.seat}号' for e in exits) or '平安夜'}")
    lines += night.publications
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    living = game.alive()
    lines.append(f"警长：{sheriff}")
    lines.append(f"存活（{len(living)}人）：{'、'.join(f'{n}号' for n in living)}")
    return lines + _last_words_to_publish(game) + nights.public_cards(game)


@dataclass
class WordsDrafted:
    """The seats whose last words a dawn's 公示 draft has carried."""

    seats: set[int] = field(default_factory=set)


def _last_words_to_publish(game: Game) -> list[str]:
    """「每个游戏日白天开始时，公示前一天出局角色名单及遗言」: the last words received since the last draft."""
    drafted = game_state(game, WordsDrafted).seats
    fresh = [(seat, text) for seat, text in game.last_words.items() if seat not in drafted]
    drafted.update(seat for seat, _ in fresh)
    return ["遗言：", *(f"{seat}号：{text}" for seat, text in fresh)] if fresh else []


def on_dawn(game: Game) -> None:
    """The night's summary is out: the camps lost in the tally are judged together, then the day starts."""
    game.part = "晨曦"
    check_end(game)
    if game.ended:
        return
    for hook in DAY_START:
        hook(game)


# ---------------------------------------------------------------- what a file gives

NAME = "晨曦公示"


def part(board_file: BoardFile) -> BoardPart:
    # has_last_words under 首夜和放逐 only; else a count, or none: the engine's own rule
    first_night_and_day = board_file.last_words == LAST_WORDS_FIRST_NIGHT_AND_DAY
    hooks = BoardHooks(
        dawn_report=dawn_report,
        on_dawn=on_dawn,
        announce_exit=announce_exit,
        has_last_words=has_last_words if first_night_and_day else None,
    )
    return BoardPart(hooks=hooks)


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("阵营判负",)))
