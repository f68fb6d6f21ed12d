"""吹笛者 (common-boards.md 3.3, 5.3.8)."""

from __future__ import annotations

from bansha_engine import checks
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟"), ("吹笛者", "30分钟")]
SEATS = {1: "预言家", 2: "吹笛者", 3: "村民", 4: "村民", 5: "猎人", 6: "狼人", 7: "狼人"}
BOARD = board({"狼人": 2, "预言家": 1, "吹笛者": 1, "猎人": 1, "村民": 2}, NIGHT)


def no_kill(t: Table) -> None:
    t.wolf(6, "/刀 空")
    t.wolf(7, "/刀 空")


def test_one_or_two_seats_a_night_each_told_every_living_hypnotized_seat() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(2, "/催眠 3号 4号")
    assert t.changed and t.seat_got(2, "今晚催眠3号、4号"), t.reply()
    t.dawn()
    for seat in (3, 4):
        assert t.seat_got(seat, "你被吹笛者催眠了。被催眠的座位：3号、4号"), t.to_seat(seat, ever=True)
    assert not t.seat_got(3, "2号", ever=True)  # 「他们不知道吹笛者是谁」
    t.exile(4)
    t.night()
    t.say(2, "/催眠 5号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(3, "被催眠的座位：3号、5号") and t.seat_got(5, "被催眠的座位：3号、5号"), t.reply()
    assert not t.seat_got(4, "催眠")


def test_refused_targets() -> None:
    t = started(BOARD, SEATS)
    t.night()
    for text, why in (
        ("/催眠 2号", "不能选择自己"),
        ("/催眠 3号 3号", "不同的玩家"),
        ("/催眠 3号 4号 5号", "用法"),
        ("/催眠", "用法"),
    ):
        t.say(2, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(3, "/催眠 4号")
    assert not t.changed and "你不是吹笛者" in t.reply()
    t.say(2, "/催眠 3号")
    t.dawn()
    t.exile(4)
    t.night()
    t.say(2, "/催眠 3号")
    assert not t.changed and "3号已经被催眠了" in t.reply(), t.reply()
    t.say(2, "/催眠 4号")
    assert not t.changed and "4号已出局" in t.reply(), t.reply()


def test_a_camp_check_of_him_answers_village() -> None:
    t = started(BOARD, SEATS)
    t.night()
    no_kill(t)
    t.say(1, "/预言 2号")
    t.dawn()
    assert t.seat_got(1, "2号是村民阵营", ever=True)
    assert checks.camp_of(t.game, 2) == "村民阵营"


def test_everyone_else_hypnotized_at_a_dawn_wins() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(2, "/催眠 3号 4号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/催眠 5号 6号")
    t.dawn()
    t.exile(None)
    assert t.game.winner is None
    t.night()
    t.say(2, "/催眠 7号 1号")
    no_kill(t)
    t.say(1, "/放弃")
    assert t.game.winner == "吹笛者阵营" and t.director_got("吹笛者阵营胜利", ever=True), t.reply()


def test_the_exit_of_the_last_seat_not_hypnotized_wins() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(2, "/催眠 3号 4号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/催眠 5号 6号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/催眠 7号")
    t.dawn()
    t.exile(1)
    assert t.game.winner == "吹笛者阵营", t.reply()


def test_another_camp_meeting_its_condition_at_the_same_time_comes_first() -> None:
    """The last seat not hypnotized is the last 村民 the wolves kill: 屠边 and 吹笛者 at once; the
    other camp wins (ruling of 5.3.8)."""
    t = started(BOARD, SEATS)
    t.night()
    t.say(2, "/催眠 1号 5号")
    t.dawn()
    t.exile(3)
    t.night()
    t.say(2, "/催眠 6号 7号")
    t.wolf(6, "/刀 4号")
    t.wolf(7, "/刀 4号")
    t.dawn()
    assert t.game.winner == "狼人阵营", t.reply()


def test_hypnosis_of_his_last_night_holds_but_out_he_wins_nothing() -> None:
    """Killed the night he hypnotizes the last seats: they are hypnotized (the resolution takes his
    choice), yet with no 吹笛者 alive his camp does not win (ruling)."""
    t = started(BOARD, SEATS)
    t.night()
    t.say(2, "/催眠 3号 4号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/催眠 5号 6号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/催眠 7号 1号")
    t.wolf(6, "/刀 2号")
    t.wolf(7, "/刀 2号")
    t.dawn()
    assert not t.alive(2) and t.seat_got(1, "你被吹笛者催眠了", ever=True)
    assert t.game.winner is None, t.reply()
