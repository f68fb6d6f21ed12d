"""乌鸦 (common-boards.md 3.1, 2.10.5)."""

from __future__ import annotations

from tests.common_helpers import ballots, board, started

NIGHT = [("狼人", "30分钟"), ("乌鸦", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "乌鸦", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def crow_board(**crow_options: str) -> str:
    settings = "".join(f", {k}: {v}" for k, v in crow_options.items())
    return board({"狼人": 2, "预言家": 1, "乌鸦": f"{{数量: 1{settings}}}", "村民": 3}, NIGHT)


def test_the_cursed_seat_counts_one_vote_more_the_next_day() -> None:
    t = started(crow_board(), SEATS)
    t.night()
    t.say(2, "/诅咒 7号")
    assert t.changed and t.seat_got(2, "今晚诅咒7号"), t.reply()
    assert not t.seat_got(7, "诅咒", ever=True)  # 「被诅咒的人不知道」
    t.dawn()
    assert t.director_got("诅咒7号"), t.reply()
    ballots(t, ["1号 6号", "3号 6号", "4号 7号", "5号 7号"])
    t.director("/票型")
    assert "7号+1（诅咒）" in t.reply() and "7号3票" in t.reply(), t.reply()
    t.director("/放逐")
    assert not t.alive(7) and t.alive(6), t.reply()


def test_the_curse_weighs_on_the_next_day_only() -> None:
    t = started(crow_board(), SEATS)
    t.night()
    t.say(2, "/诅咒 7号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/诅咒 6号")
    t.dawn()
    t.director("/投票\n1号 7号")
    t.director("/票型")
    assert "7号+1" not in t.reply() and "6号+1（诅咒）" in t.reply(), t.reply()


def test_not_the_same_seat_two_nights_running() -> None:
    t = started(crow_board(), SEATS)
    t.night()
    t.say(2, "/诅咒 7号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/诅咒 7号")
    assert not t.changed and "不能连着两晚诅咒同一名玩家" in t.reply(), t.reply()
    t.say(2, "/诅咒 6号")
    assert t.changed, t.reply()


def test_himself_only_where_the_board_says_so() -> None:
    t = started(crow_board(), SEATS)
    t.night()
    t.say(2, "/诅咒 2号")
    assert not t.changed and "不能选择自己" in t.reply()
    t = started(crow_board(自咒="可以"), SEATS)
    t.night()
    t.say(2, "/诅咒 2号")
    assert t.changed, t.reply()


def test_only_the_crow_curses() -> None:
    t = started(crow_board(), SEATS)
    t.night()
    t.say(3, "/诅咒 7号")
    assert not t.changed and "你不是乌鸦" in t.reply()
