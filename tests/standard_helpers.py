"""Games of the standard boards (standard-boards.md) in the engine: seated, started, no sheriff.

Seats follow the transcripts: 1 预言家, 2 女巫, 3 猎人 or 骑士, 4 守卫 or 白痴, 5-8 村民, 9-12 the
wolves (the special wolf at 12).  `custom` plays a board file of the tests' own (a director's board
mixing roles the five boards keep apart).
"""

from __future__ import annotations

import pytest

from bansha_engine import pack
from bansha_engine.boardfile import check
from bansha_engine.boards import BOARDS
from bansha_engine.boards.composed import compose
from tests.engine_helpers import WOLF_GROUP, Table, qq

VILLAGERS = {5: "村民", 6: "村民", 7: "村民", 8: "村民"}
SEATS = {
    "预女猎白": {1: "预言家", 2: "女巫", 3: "猎人", 4: "白痴", **VILLAGERS, 9: "狼人", 10: "狼人", 11: "狼人", 12: "狼人"},
    "预女猎守": {1: "预言家", 2: "女巫", 3: "猎人", 4: "守卫", **VILLAGERS, 9: "狼人", 10: "狼人", 11: "狼人", 12: "狼人"},
    "狼王守卫": {1: "预言家", 2: "女巫", 3: "猎人", 4: "守卫", **VILLAGERS, 9: "狼人", 10: "狼人", 11: "狼人", 12: "狼王"},
    "白狼王骑士": {1: "预言家", 2: "女巫", 3: "骑士", 4: "守卫", **VILLAGERS, 9: "狼人", 10: "狼人", 11: "狼人", 12: "白狼王"},
    "狼美人骑士": {1: "预言家", 2: "女巫", 3: "骑士", 4: "守卫", **VILLAGERS, 9: "狼人", 10: "狼人", 11: "狼人", 12: "狼美人"},
}  # fmt: skip


def seated(board: str, seats: dict[int, str], *, sheriff: int | None = None) -> Table:
    t = Table(board)
    t.director(f"/开局 {board}")
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.game.phase == "day", t.reply()
    t.director(f"/警长 {sheriff}号" if sheriff else "/警长 无")
    assert t.changed, t.reply()
    return t


def standard(board: str, *, sheriff: int | None = None) -> Table:
    return seated(board, SEATS[board], sheriff=sheriff)


def custom(monkeypatch: pytest.MonkeyPatch, text: str, seats: dict[int, str]) -> Table:
    """A game on a board file of the test's own."""
    checked = check(text)
    assert checked.board is not None, checked.problems
    monkeypatch.setitem(BOARDS, checked.board.name, compose(checked.board))
    return seated(checked.board.name, seats)


def wolves(t: Table) -> list[int]:
    return [n for n, s in t.game.seats.items() if s.alive and pack.in_pack(t.game, n)]


def kill(t: Table, target: int | str) -> None:
    """Every living wolf votes the same kill in the group (`空` for none)."""
    word = target if isinstance(target, str) else f"{target}号"
    for wolf in wolves(t):
        t.wolf(wolf, f"/刀 {word}")
        assert t.changed, t.reply()


def act(t: Table, seat: int, text: str) -> None:
    t.say(seat, text)
    assert t.changed, t.reply()


def refused(t: Table, seat: int | str, text: str, why: str) -> None:
    """`seat` says `text` and is refused with a reply containing `why`; nothing changes."""
    t.say(seat, text)
    assert not t.changed, t.reply()
    assert any(why in m.text for m in t.last), t.reply()
