"""白狼王 (standard-boards.md): a wolf who votes in the wolf group; by day (from day 2, before the vote
is settled) he may explode (`/自爆 N号`, in private chat): he leaves at once and takes one other seat
with him; the day ends there and the night comes without a further vote.  He has no last words; the
seat he takes has, unless the board says 被带走遗言: 不可以 (common-boards.md 3.4, 5.2 第2条).  Where the
board lets its wolves 自爆 (common-boards.md 2.1) he may do it as they do, taking a seat or not
(`/自爆`), the 竞选日 too: engine/self_destruct.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import self_destruct
from bansha_engine.library import WOLF, OptionDef, RoleDef, option, register
from bansha_engine.model import TAKEN_BY_WHITE_WOLF_KING, WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "白狼王"
TAKEN_LAST_WORDS = OptionDef("被带走遗言", ("可以", "不可以"), "可以", "被白狼王自爆带走的玩家有没有遗言")


def taken_has_last_words(game: Game) -> bool:
    return option(game, NAME, TAKEN_LAST_WORDS.name) == "可以"


def _last_words(game: Game, seat: int, cause: str) -> bool:
    """被带走遗言: 不可以 — the seat he takes leaves no last words."""
    return cause != TAKEN_BY_WHITE_WOLF_KING or taken_has_last_words(game)


def _taken_words(game: Game) -> str:
    return f"被带走的玩家{'有' if taken_has_last_words(game) else '没有'}遗言"


def describe(game: Game, seat: int) -> list[str]:
    if self_destruct.allowed(game):
        return [
            "自爆 —— 白天（从天亮到当天放逐投票结算之前，竞选日也可以）私聊 /自爆 N号 带走一名其他玩家，"
            f"或只发 /自爆：你立即出局，白天随即结束，直接入夜；你没有遗言，{_taken_words(game)}",
        ]
    return [
        "自爆 —— 第2天起的白天、放逐投票结算之前，私聊 /自爆 N号：你立即出局并带走一名其他玩家，"
        f"白天随即结束，直接入夜；你没有遗言，{_taken_words(game)}",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；白天（第2天起，投票结算前）可以自爆带走一名玩家，白天随即结束",
        skills=lambda options: [self_destruct.SKILL],
        describe=describe,
        options=(TAKEN_LAST_WORDS,),
        last_words=_last_words,
        self_destruct_takes=TAKEN_BY_WHITE_WOLF_KING,
    )
)
