"""骑士's 决斗 公示 (common-boards.md 3.4 补充 2): the seat's camp, never its role."""

from __future__ import annotations

from bansha_engine.model import BLACK_LOVERS, DUEL, KNIGHT_ATONES
from tests.common_helpers import board, started
from tests.engine_helpers import Table

SEATS = {1: "骑士", 2: "守卫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼美人"}


def day_two() -> Table:
    text = board(
        {"狼人": 1, "狼美人": 1, "骑士": 1, "守卫": 1, "村民": 3},
        [("狼人", "30分钟"), ("狼美人", "30分钟"), ("守卫", "30分钟")],
    )
    t = started(text, SEATS)
    t.pass_night()
    return t


def publication(t: Table) -> str:
    return next(line for line in t.to_director() if "公示：" in line)


def test_a_duel_on_a_wolf_publishes_the_wolves_camp_not_the_role() -> None:
    t = day_two()
    t.say(1, "/决斗 7号")
    assert t.exits()[0] == (7, DUEL), t.reply()
    line = publication(t)
    assert "7号是狼人阵营，出局" in line and "狼美人" not in line, line


def test_a_duel_on_a_god_publishes_the_villages_camp_not_the_role() -> None:
    t = day_two()
    t.say(1, "/决斗 2号")
    assert t.exits() == [(1, KNIGHT_ATONES)], t.reply()
    line = publication(t)
    assert "2号是村民阵营" in line and "守卫" not in line and "好人" not in line, line
    assert t.seat_got(1, "2号是村民阵营，你以死谢罪"), t.reply()


def test_a_duel_on_a_third_camp_says_only_that_it_is_not_the_wolves() -> None:
    """Ruling: a seat of a third camp (黑情侣阵营 here) is published as 不是狼人阵营: its camp's name would
    tell what it is."""
    night = [("狼人", "30分钟"), ("黑情侣", "30分钟")]
    text = board({"狼人": 2, "骑士": 1, "丘比特": 1, "村民": 3}, night, 狼人="通用刀")
    seats = {1: "骑士", 2: "丘比特", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(text, seats)
    t.say(2, "/连 3号 6号")
    assert t.camp(6) == BLACK_LOVERS, t.reply()
    t.pass_night()
    t.say(1, "/决斗 6号")
    assert t.exits()[0] == (1, KNIGHT_ATONES), t.reply()
    line = publication(t)
    assert "6号不是狼人阵营" in line and BLACK_LOVERS not in line, line
