"""白狼王 (standard-boards.md): a wolf who votes in the wolf group; by day (from day 2, before the vote
is settled) he may explode (`/自爆 N号`, in private chat): he leaves at once and takes one other seat
with him; the day ends there and the night comes without a further vote.  He has no last words; the
seat he takes has, unless the board says 被带走遗言: 不可以 (common-boards.md 3.4, 5.2 第2条)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import WOLF, OptionDef, RoleDef, option, register
from bansha_engine.model import SELF_DESTRUCT, TAKEN_BY_WHITE_WOLF_KING, WOLVES, Skill
from bansha_engine.role_helpers import require_day_skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "白狼王"
TAKEN_LAST_WORDS = OptionDef("被带走遗言", ("可以", "不可以"), "可以", "被白狼王自爆带走的玩家有没有遗言")


def taken_has_last_words(game: Game) -> bool:
    return option(game, NAME, TAKEN_LAST_WORDS.name) == "可以"


def _last_words(game: Game, seat: int, cause: str) -> bool:
    """被带走遗言: 不可以 — the seat he takes leaves no last words."""
    return cause != TAKEN_BY_WHITE_WOLF_KING or taken_has_last_words(game)


def _explode(game: Game, seat: int, args: list[str]) -> None:
    require_day_skill(game, seat, NAME, "自爆")
    if len(args) != 1:
        raise Rejected("用法：/自爆 N号（带走一名其他玩家）")
    target = game.living_target(args[0], not_self=seat, what="自爆带走的对象")
    game.reply(f"已自爆，带走{target}号。")
    game.tell_directors(f"公示：第{game.day}天，{seat}号白狼王自爆，带走{target}号。")

    def both_leave() -> None:  # 「白狼王立即出局，并带走一名其他玩家」: both go before what follows
        game.leave(seat, SELF_DESTRUCT)
        game.leave(target, TAKEN_BY_WHITE_WOLF_KING)

    game.settle_by_day([both_leave], f"第{game.day}天{seat}号白狼王自爆")
    game.end_day(f"{seat}号白狼王自爆")


def describe(game: Game, seat: int) -> list[str]:
    return [
        "自爆 —— 第2天起的白天、放逐投票结算之前，私聊 /自爆 N号：你立即出局并带走一名其他玩家，"
        f"白天随即结束，直接入夜；你没有遗言，被带走的玩家{'有' if taken_has_last_words(game) else '没有'}遗言",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；白天（第2天起，投票结算前）可以自爆带走一名玩家，白天随即结束",
        skills=lambda options: [Skill("自爆", ("自爆",), _explode)],
        describe=describe,
        options=(TAKEN_LAST_WORDS,),
        last_words=_last_words,
    )
)
