"""丘比特 and the lovers (百变小樱).

丘比特之箭<强制>: at the start 丘比特 names two seats, who become lovers and learn each other at once.
殉情<强制>: when one lover leaves, the other leaves at once (a red card too).
The camps the lovers form (私奔, 黑情侣阵营, 寡妇刀) are settled with the other start-of-game choices by
the mechanism 丘比特 brings (mechanisms/opening.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import notes
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OPENING_CHOICES,
    OTHER,
    OptionDef,
    RoleDef,
    game_state,
    option,
    peek_game_state,
    register,
)
from bansha_engine.model import LOVE_SUICIDE, VILLAGE, Skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "丘比特"
# common-boards.md 3.4 补充 4: 不可以 — the lovers of a wolf and a non-wolf (黑情侣) get no kill of their
# own and no 寡妇刀, the wolf lover keeps voting in the wolf group; no 黑情侣 step, no 通用刀 needed.
BLACK_LOVERS_KILL = OptionDef(
    "黑情侣杀人",
    ("可以", "不可以"),
    "可以",
    "人狼恋的黑情侣有没有自己的杀人（寡妇刀、混血儿/仆人情侣的刀）：可以 | 不可以（狼人情侣仍在狼群投刀）",
)


def black_lovers_kill(game: Game) -> bool:
    return option(game, NAME, BLACK_LOVERS_KILL.name) == "可以"


@dataclass
class Lovers:
    pair: tuple[int, int] | None = None  # linked by 丘比特之箭


def lovers(game: Game) -> tuple[int, int] | None:
    return peek_game_state(game, Lovers).pair


def partner(game: Game, seat: int) -> int | None:
    pair = lovers(game)
    if pair is None or seat not in pair:
        return None
    return pair[1] if pair[0] == seat else pair[0]


def say_to_lovers(game: Game, text: str) -> None:
    """To the lovers' group when bound, and always to each lover privately."""
    pair = lovers(game)
    game.tell_group("lovers", text)
    for seat in pair or ():
        game.tell(seat, text)


def _arrow(game: Game, seat: int, args: list[str]) -> None:
    if game.seats[seat].role != NAME:
        raise Rejected("只有丘比特可以连情侣。")
    if game.phase != "opening":
        raise Rejected("丘比特之箭只能在游戏开始时发动。")
    if lovers(game) is not None:
        raise Rejected("你已经连过情侣了。")
    if len(args) != 2:
        raise Rejected("用法：/连 A号 B号")
    first, second = (game.living_target(word, what="情侣") for word in args)
    if first == second:
        raise Rejected("情侣须是两名不同的角色。")
    link(game, first, second)
    game.reply(f"已连：{first}号与{second}号成为情侣。")
    progress = game.board.hooks.opening_progress
    assert progress is not None  # given by 开局选择, which the role brings
    progress(game)


def link(game: Game, first: int, second: int) -> None:
    game_state(game, Lovers).pair = (first, second)
    for seat, other in ((first, second), (second, first)):
        game.tell(seat, f"你被丘比特选为情侣，你的情侣是{other}号。情侣一方离场，另一方立即殉情。")
    game.tell_group("lovers", f"情侣：{first}号、{second}号。")
    notes.note(game, f"丘比特连情侣：{first}号、{second}号")


SKILL = Skill("丘比特之箭", ("连", "丘比特之箭", "连情侣"), _arrow)


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    other = partner(game, seat)
    if other is None or not game.seats[other].alive:
        return []
    return [game.exit_effect(other, LOVE_SUICIDE)]


def describe(game: Game, seat: int) -> list[str]:
    pair = lovers(game)
    state = f"已连{pair[0]}号、{pair[1]}号" if pair else "游戏开始时须选择两名角色成为情侣（/连 A号 B号）"
    return [f"丘比特之箭 —— {state}；你的阵营随情侣而定"]


def lover_lines(game: Game, seat: int) -> list[str]:
    other = partner(game, seat)
    return [f"情侣 —— 你的情侣是{other}号；一方出局另一方殉情"] if other is not None else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="游戏开始时连两名角色成为情侣，一方出局另一方殉情；阵营随情侣而定（/连 A号 B号）",
        options=(BLACK_LOVERS_KILL,),
        skills=lambda options: [SKILL],
        describe=describe,
        triggers={"殉情": triggers},
        mechanisms=(OPENING_CHOICES,),
    )
)
