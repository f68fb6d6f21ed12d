"""Copies of a built-in board saved before it was composed from its file.

Up to 0.3.0 百变小樱 ran as its post's own module, and its file said `规则: 百变小樱`; a director's
copy had to say exactly what that file said, under another name.  Such a copy (a saved board, or
the file a stored game opened with) still checks and plays: as the composed 百变小樱, under its name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bansha_engine.boardfile.spec import BoardFile
from bansha_engine.library import BoardError, PostDef, register_post

if TYPE_CHECKING:
    from collections.abc import Callable

    from bansha_engine.model import Board

BAIBIAN = "百变小樱"
# What the 0.3.0 file said, besides its name: a copy had to say the same.
BAIBIAN_0_3_ROSTER = {
    "狼王": 1, "幼狼": 1, "狼人": 3, "预言家": 1, "女巫": 1, "医生": 1, "长老": 1, "猎人": 1,
    "情痴": 1, "仆人": 1, "丘比特": 1, "混血儿": 1, "村民": 7,
}  # fmt: skip
BAIBIAN_0_3_NIGHT = ("情痴", "医生", "狼人", "狼王", "黑情侣", "混血儿", "幼狼", "女巫", "预言家")
BAIBIAN_0_3_TERMS = {
    "kill_mode": "狼群投票",
    "first_night_kill": True,
    "sheriff_votes": 2,
    "exile_tie": "nobody",
    "last_words": 5,
    "win": "屠边",
    "wolves_win_at_half": False,
    "max_substitutes": None,
    "handoff_minutes": 30,
    "vest_guess": False,
}


def register_baibian_0_3(builtin: Callable[[], tuple[BoardFile, Board]]) -> PostDef:
    """`规则: 百变小樱`; `builtin`: today's 百变小樱, its checked file and its board."""

    def build(board_file: BoardFile) -> Board:
        today, board = builtin()
        if not _says_what_0_3_said(board_file) or board_file.night != today.night:
            raise BoardError(
                f"规则「{BAIBIAN}」按原帖运行，这个板子与原帖不同：请照 /板子 {BAIBIAN} 的写法，只改板子的名字。"
            )
        return replace(board, name=board_file.name)

    return register_post(
        PostDef(BAIBIAN, roles=tuple(BAIBIAN_0_3_ROSTER), night_names=BAIBIAN_0_3_NIGHT, build=build)
    )


def _says_what_0_3_said(board_file: BoardFile) -> bool:
    roster = {entry.role: entry.count for entry in board_file.roster}
    witch = next((entry.options for entry in board_file.roster if entry.role == "女巫"), {})
    night = tuple(entry.name for entry in board_file.night)
    terms = all(getattr(board_file, key) == value for key, value in BAIBIAN_0_3_TERMS.items())
    return (
        roster == BAIBIAN_0_3_ROSTER and witch.get("自救") == "可以" and night == BAIBIAN_0_3_NIGHT and terms
    )
