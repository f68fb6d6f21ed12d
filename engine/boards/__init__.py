"""The built-in boards: board files shipped with the package (engine/boards/files), read by the
same loader and composer as a director's file.  竞技12, 百变小樱, the five standard boards
(standard-boards.md) and the boards of common-boards.md's section 4 are composed from the role
library; 须弥 from the mechanisms its file names (`机制:`, engine/mechanisms/xumi).

A built-in board is composed when a game first asks for it, and 须弥's mechanisms (with its 30-odd
role modules) are imported only then: a bot that plays 竞技12 composes nothing else (issue 15)."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import replace
from functools import lru_cache
from importlib import resources

from bansha_engine.boardfile import BoardFile, check, problems_text
from bansha_engine.boards import legacy
from bansha_engine.boards.composed import compose
from bansha_engine.day.rules import DayRules
from bansha_engine.library import BoardError
from bansha_engine.model import Board

STANDARD = ("预女猎白", "预女猎守", "狼王守卫", "白狼王骑士", "狼美人骑士")  # the post's order
XUMI = "须弥"
SEEDS = ("竞技12", "百变小樱", XUMI)
# common-boards.md section 4, in its order: all but the five named like the standard boards (which
# stay as standard-boards.md has them, 4.0 第7条) and 诡术之境 (section 6: it cannot run)
COMMON = (
    "白狼王守卫",
    "狼美猎人",
    "预女猎白混",
    "孤独少女",
    "九人预女猎",
    "石像鬼守墓人",
    "噩梦之影摄梦人",
    "噩梦之影守卫",
    "狼王摄梦人",
    "灯影预言家",
    "吹笛者",
    "盗贼丘比特",
    "唯邻是从",
    "孤注一掷",
    "影子复仇者",
    "盗宝大师",
    "永序之轮",
    "隐狼乌鸦",
    "禁言长老",
    "熊隐狼",
    "魔幻对决",
    "针锋相杠",
    "熊狐乌鸦",
)
BUILTIN_NAMES = (*SEEDS, *STANDARD, *COMMON)
GROUPS = (("规则帖的板子", SEEDS), ("标准板子", STANDARD), ("常见板子", COMMON))  # how /板子 lists them
# The other names /开局 and /板子 take for a built-in board (补充裁定 8: the part in brackets)
ALIASES = {
    "梦魇摄梦人": "噩梦之影摄梦人",
    "梦魇守卫": "噩梦之影守卫",
    "梦魇": "噩梦之影守卫",
    "驯熊师隐狼": "熊隐狼",
    "狼美守卫": "狼美人骑士",
}


def builtin_name(name: str) -> str:
    """The built-in board a name stands for (its alias resolved), else the name itself."""
    return ALIASES.get(name, name)


def builtin_text(name: str) -> str:
    """The shipped file of a built-in board (`/板子 竞技12`); KeyError for another name."""
    if name not in BUILTIN_NAMES:
        raise KeyError(name)
    return resources.files(__package__).joinpath("files", f"{name}.yaml").read_text(encoding="utf-8")


@lru_cache(maxsize=256)
def board_from_text(text: str) -> Board:
    """The board a file describes, composed once per text (a thousand games of one board share
    it).  Raises BoardError, its message in Chinese, when the text no longer checks or composes."""
    checked = check(text)
    if checked.board is None:
        raise BoardError(problems_text(checked.problems))
    board = compose(checked.board)
    # 日程, 加速, 判罚 (engine/day); new hooks, set over any the board has: a 0.3.0 copy's board is
    # today's board renamed, which has its own
    board.hooks = replace(board.hooks, day_rules=_day_rules(checked.board))
    return board


def _day_rules(board_file: BoardFile) -> DayRules:
    """The file's day keys; a 0.3.0 copy (`规则: 须弥`, `规则: 百变小樱`), which could not write them,
    plays as today's board does."""
    if board_file.rules in (legacy.XUMI, legacy.BAIBIAN):
        today = check(builtin_text(board_file.rules)).board
        return today.day if today is not None else board_file.day
    return board_file.day


def _builtin(name: str) -> Board:
    board = board_from_text(builtin_text(name))
    if board.name != name:
        raise BoardError(f"内置板子文件{name}.yaml的「板子」写成了{board.name}")
    return board


class BuiltinBoards(MutableMapping[str, Board]):
    """The built-in boards by name, each composed the first time it is asked for.  `in`, `len` and
    iteration give the names without composing anything; `values()` and `items()` compose every
    board."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._boards: dict[str, Board | None] = dict.fromkeys(names)

    def __getitem__(self, name: str) -> Board:
        board = self._boards[name]
        if board is None:
            board = self._boards[name] = _builtin(name)
        return board

    def __setitem__(self, name: str, board: Board) -> None:
        self._boards[name] = board

    def __delitem__(self, name: str) -> None:
        del self._boards[name]

    def __contains__(self, name: object) -> bool:
        return name in self._boards

    def __iter__(self) -> Iterator[str]:
        return iter(self._boards)

    def __len__(self) -> int:
        return len(self._boards)


BOARDS = BuiltinBoards(BUILTIN_NAMES)


def _baibian() -> tuple[BoardFile, Board]:
    board_file = check(builtin_text(legacy.BAIBIAN)).board
    assert board_file is not None
    return board_file, BOARDS[legacy.BAIBIAN]


legacy.register_baibian_0_3(_baibian)
