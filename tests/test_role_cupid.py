"""丘比特's 黑情侣杀人 (common-boards.md 3.4 and its 补充 4)."""

from __future__ import annotations

from bansha_engine import pack
from bansha_engine.boardfile import check
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "丘比特", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def cupid_board(kill: str) -> str:
    return board({"狼人": 2, "预言家": 1, "丘比特": f"{{数量: 1, 黑情侣杀人: {kill}}}", "村民": 3}, NIGHT)


def linked(a: int, b: int) -> Table:
    t = started(cupid_board("不可以"), SEATS)
    t.say(2, f"/连 {a}号 {b}号")
    assert t.changed and t.game.phase == "day", t.reply()
    return t


def test_without_the_kill_the_board_needs_no_black_lovers_step_nor_the_shared_knife() -> None:
    assert check(cupid_board("不可以")).ok, check(cupid_board("不可以")).problems
    problems = check(cupid_board("可以")).problems
    assert any("通用刀" in p.message for p in problems) and any("黑情侣" in p.message for p in problems), (
        problems
    )


def test_a_wolf_lover_keeps_voting_in_the_group() -> None:
    t = linked(6, 3)
    assert t.camp(6) == t.camp(3) == t.camp(2) == "黑情侣阵营"
    assert pack.in_pack(t.game, 6) and t.group_got("6号狼人", ever=True)
    assert not t.seat_got(6, "失去杀人技能", ever=True)
    t.night()
    t.wolf(6, "/刀 4号")
    t.wolf(7, "/刀 4号")
    assert t.group_got("狼人杀人已确定（全员一致）：4号"), t.reply()


def test_no_widow_knife_and_the_black_lovers_win_when_only_they_remain() -> None:
    t = linked(6, 3)
    assert not any("寡妇刀" in text for seat in (3, 6) for text in t.to_seat(seat, ever=True))
    t.pass_night()
    t.exile(7)  # 狼人阵营 is out; the wolf lover still kills with the group, alone in it now
    assert t.game.winner is None
    t.night()
    t.wolf(6, "/刀 1号")
    t.say(1, "/放弃")
    assert t.game.winner == "黑情侣阵营" and t.director_got("黑情侣阵营胜利", ever=True), t.reply()


def test_cupid_may_link_himself() -> None:
    t = linked(2, 6)
    assert t.camp(2) == "黑情侣阵营" and t.seat_got(6, "你的情侣是2号", ever=True)
