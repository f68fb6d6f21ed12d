"""Copies of a built-in board saved before it was composed from its file.

Up to 0.3.0 百变小樱 ran as its post's own module, and its file said `规则: 百变小樱`; a director's
copy had to say exactly what that file said, under another name.  Such a copy (a saved board, or
the file a stored game opened with) still checks and plays: as the composed 百变小樱, under its name.

Up to 0.3.0 须弥 did too (`规则: 须弥`, with `胜负: 屠边` standing for the post's camps rule).  Such a
file checks and plays as today's 须弥: the mechanisms its 机制 names and `胜负: 阵营判负`, with the
values it says (a copy may say other deadlines, 警长 …, as today's file may).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bansha_engine.boardfile.spec import BoardFile
from bansha_engine.boards.composed import compose
from bansha_engine.library import BoardError, PostDef, Refusal, named_mechanism, register_post

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
        PostDef(
            BAIBIAN,
            roles=tuple(BAIBIAN_0_3_ROSTER),
            night_names=BAIBIAN_0_3_NIGHT,
            build=build,
            listed=False,
        )
    )


def _says_what_0_3_said(board_file: BoardFile) -> bool:
    roster = {entry.role: entry.count for entry in board_file.roster}
    witch = next((entry.options for entry in board_file.roster if entry.role == "女巫"), {})
    night = tuple(entry.name for entry in board_file.night)
    terms = all(getattr(board_file, key) == value for key, value in BAIBIAN_0_3_TERMS.items())
    return (
        roster == BAIBIAN_0_3_ROSTER and witch.get("自救") == "可以" and night == BAIBIAN_0_3_NIGHT and terms
    )


XUMI = "须弥"
# What `规则: 须弥` stands for today: the mechanisms of today's file, and its win rule
XUMI_MECHANISMS = ("身份池", "座位技能", "时段夜晚", "竞选日", "正午", "黄昏投票", "晨曦公示", "红牌")
XUMI_WIN = "阵营判负"
XUMI_0_3_WIN = "屠边"  # what the 0.3.0 file said for it
# The 0.3.0 file's 身份 (the pool, one each) and 夜晚 names (the slots, in the post's order)
XUMI_0_3_POOL = (
    "哥布林", "天狗", "狼巫", "狼学者", "噩梦之影", "寂夜导师", "穷奇", "种狼", "混沌", "蚀日侍女", "利露帕尔",
    "高僧", "牧师", "摄梦人", "清晰者", "定序王子", "灵鹿", "猎魔人", "流光伯爵", "白昼学者", "炼金魔女",
    "特工", "玄武", "病人", "乳猪", "长老", "刺猬", "白猫", "官员", "面包师", "曼陀罗", "太极宗师",
    "炼金术士", "吹笛者",
)  # fmt: skip
XUMI_0_3_SLOTS = ("黄昏1", "黄昏2", "早夜1", "早夜2", "午夜", "深夜1", "深夜2", "凌晨1", "凌晨2", "凌晨3")
XUMI_0_3_SEATS = 14


def _xumi_today(board_file: BoardFile) -> BoardFile:
    return replace(board_file, rules=None, mechanisms=XUMI_MECHANISMS, win=XUMI_WIN)


def _xumi_refusals(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """What today's mechanisms refuse of the file, and a 胜负 other than the 0.3.0 file's."""
    today = _xumi_today(board_file)
    found = [
        refusal
        for name in (*XUMI_MECHANISMS, XUMI_WIN)
        if (mechanism := named_mechanism(name)) is not None and mechanism.refuse is not None
        for refusal in mechanism.refuse(today, written)
    ]
    if board_file.win != XUMI_0_3_WIN:
        found.append(
            Refusal(
                ("胜负",),
                f"规则「{XUMI}」按原帖的阵营判负规则判胜负，「胜负」只能写：{XUMI_0_3_WIN}"
                f"（今天的写法见 /板子 {XUMI}：「胜负: {XUMI_WIN}」）",
            )
        )
    return found


XUMI_0_3 = register_post(
    PostDef(
        XUMI,
        roles=XUMI_0_3_POOL,
        night_names=XUMI_0_3_SLOTS,
        build=lambda board_file: compose(_xumi_today(board_file)),
        seats=XUMI_0_3_SEATS,
        refuse=_xumi_refusals,
        listed=False,
    )
)
