"""舞者 (common-boards.md 3.1)."""

from __future__ import annotations

from bansha_engine.model import DANCE, POISON, VILLAGE, WOLVES
from bansha_engine.roles.dancer import odd_one
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("舞者", "30分钟"), ("假面", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SEATS = {1: "舞者", 2: "假面", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民", 8: "狼人", 9: "狼人"}
ROSTER = {"狼人": 2, "假面": 1, "舞者": 1, "预言家": 1, "女巫": 1, "村民": 3}


def second_night(**keys: str) -> Table:
    """Night 1 and day 2 gone by quietly; night 2 open."""
    t = started(board(ROSTER, NIGHT, **keys), SEATS)
    t.pass_night()
    t.exile(None)
    t.night()
    return t


def frozen_on_night_two(seat: int, **keys: str) -> Table:
    """As `second_night`, a real 企鹅 in 7号 (first in 夜晚) freezing `seat` on night 2."""
    roster = {**ROSTER, "村民": 2, "企鹅": 1}
    t = started(board(roster, [("企鹅", "15分钟"), *NIGHT], **keys), {**SEATS, 7: "企鹅"})
    t.pass_night()
    t.exile(None)
    t.night()
    t.say(7, f"/冰冻 {seat}号")
    assert t.changed, t.reply()
    return t


def test_no_dance_on_the_first_night() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    assert not t.seat_got(1, "共舞")
    t.say(1, "/共舞 5号 6号 8号")
    assert not t.changed and "第2夜起" in t.reply(), t.reply()


def test_two_alike_and_one_not_the_odd_one_leaves() -> None:
    t = second_night()
    assert t.seat_got(1, "/共舞 A号 B号 C号"), t.reply()
    t.say(1, "/共舞 5号 6号 8号")
    assert t.changed and t.seat_got(1, "今晚共舞5号、6号、8号"), t.reply()
    t.dawn()
    assert (8, DANCE) in t.exits(), t.exits()
    assert t.director_got("8号阵营与另两人不同，出局（共舞）"), t.reply()
    assert not any("共舞" in text for text in t.to_seat(1)), t.reply()  # 「他不收到结果」


def test_three_alike_nobody_leaves() -> None:
    t = second_night()
    t.say(1, "/共舞 5号 6号 7号")
    t.dawn()
    assert t.exits() == [] and t.director_got("三人阵营相同，无人出局"), t.reply()


def test_three_different_camps_nobody_leaves() -> None:
    """「三人阵营各不相同，没事（裁定）」; two alike and one not: the one."""
    assert odd_one([VILLAGE, WOLVES, "咒狐阵营"]) is None
    assert odd_one([VILLAGE, VILLAGE, VILLAGE]) is None
    assert odd_one([WOLVES, VILLAGE, WOLVES]) == 1


def test_he_may_dance_himself_and_the_three_are_immune_to_the_kill() -> None:
    t = second_night()
    t.say(1, "/共舞 1号 5号 6号")
    t.wolf(8, "/刀 5号")
    t.wolf(9, "/刀 5号")
    t.dawn()
    assert t.alive(5) and t.exits() == [], t.reply()
    assert t.seat_got(4, "今晚被指杀的是5号", ever=True), "the witch learns the seat the wolves chose"


def test_without_him_among_the_three_the_kill_lands() -> None:
    t = second_night()
    t.say(1, "/共舞 5号 6号 7号")
    t.wolf(8, "/刀 5号")
    t.wolf(9, "/刀 5号")
    t.dawn()
    assert not t.alive(5), t.reply()


def test_the_dance_is_forced_and_chosen_at_random_at_the_deadline() -> None:
    t = second_night()
    t.say(1, "/放弃")
    assert not t.changed and "不能放弃" in t.reply(), t.reply()
    t.wait(31 * 60)
    danced = [text for text in t.to_seat(1, ever=True) if "今晚共舞" in text and "随机选择" in text]
    assert danced, t.to_seat(1, ever=True)
    assert t.director_got("超时，随机选择三名共舞的玩家", ever=True)


def test_three_different_seats() -> None:
    t = second_night()
    t.say(1, "/共舞 5号 5号 6号")
    assert not t.changed and "各不相同" in t.reply()
    t.say(1, "/共舞 5号 6号")
    assert not t.changed and "用法" in t.reply()


def test_each_seat_dances_once_a_game_himself_too() -> None:
    t = second_night()
    t.say(1, "/共舞 1号 5号 6号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/共舞 1号 7号 3号")
    assert not t.changed and "1号已经共舞过了" in t.reply(), t.reply()
    t.say(1, "/共舞 7号 3号 4号")
    assert t.changed, t.reply()


def test_with_fewer_than_three_seats_left_he_does_not_dance() -> None:
    t = second_night()
    t.say(1, "/共舞 1号 5号 6号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/共舞 2号 3号 4号")  # 7, 8 and 9 are left
    t.dawn()
    t.exile(7)
    t.night()  # 8 and 9 are left: no dance tonight
    assert not t.seat_got(1, "共舞"), t.reply()
    t.say(1, "/共舞 8号 9号 3号")
    assert not t.changed and "你现在不能共舞" in t.reply(), t.reply()


def test_immune_to_the_poison() -> None:
    t = second_night()
    t.say(1, "/共舞 5号 6号 7号")
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(4, "/毒 1号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.alive(1) and (1, POISON) not in t.exits(), t.reply()


def test_a_sealed_dancer_does_not_dance_and_nobody_chooses_for_him() -> None:
    """补充裁定 10: the nightly forced skills are not chosen at random on a night the seat is sealed."""
    t = frozen_on_night_two(1)
    t.say(1, "/共舞 5号 6号 8号")
    assert not t.changed and "冰冻" in t.reply(), t.reply()
    t.dawn()
    assert not any("随机选择" in text for text in t.to_seat(1, ever=True))
    assert t.exits() == [], t.reply()


def test_only_the_dancer_dances() -> None:
    t = second_night()
    t.say(5, "/共舞 5号 6号 8号")
    assert not t.changed and "你不是舞者" in t.reply()
