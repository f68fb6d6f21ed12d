"""蚀时狼妃 (common-boards.md 3.2, 2.7 第2条, 2.10.4, 补充裁定 11)."""

from __future__ import annotations

from bansha_engine.model import KILL, POISON
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("蚀时狼妃", "30分钟"),
    ("守卫", "30分钟"),
    ("狼人", "30分钟"),
    ("预言家", "30分钟"),
    ("女巫", "60分钟"),
]
ROSTER = {"狼人": 2, "蚀时狼妃": 1, "预言家": 1, "女巫": 1, "守卫": 1, "村民": 4}
SEATS = {
    1: "预言家", 2: "女巫", 3: "守卫", 4: "村民", 5: "村民", 6: "村民", 7: "村民",
    8: "狼人", 9: "狼人", 10: "蚀时狼妃",
}  # fmt: skip
WOLVES = (8, 9, 10)


def game() -> Table:
    return started(board(ROSTER, NIGHT), SEATS)


def kill(t: Table, seat: int) -> None:
    for wolf in WOLVES:
        t.wolf(wolf, f"/刀 {seat}号")


def test_the_guard_aiming_at_the_rift_guards_himself() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 4号")
    assert t.seat_got(10, "已记录：今晚在4号开裂隙"), t.reply()
    t.say(3, "/守护 4号")
    kill(t, 4)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.exits() == [(4, KILL)], t.reply()  # the guard's 守护 turned back on him
    assert t.seat_got(10, "反弹生效，你失去了技能"), t.reply()


def test_turned_back_the_guard_stops_a_kill_on_himself() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 4号")
    t.say(3, "/守护 4号")
    kill(t, 3)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.exits() == [] and t.alive(3), t.reply()


def test_the_seer_checks_himself_under_the_seat_he_chose() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 8号")
    t.say(3, "/守护 5号")
    kill(t, 6)
    t.say(1, "/预言 8号")
    t.say(2, "/放弃")
    assert t.seat_got(1, "第1夜查验结果：8号是村民阵营"), t.reply()


def test_the_witchs_poison_on_the_rift_poisons_her() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 8号")
    t.say(3, "/守护 5号")
    kill(t, 6)
    t.say(1, "/放弃")
    t.say(2, "/毒 8号")
    assert t.exits() == [(6, KILL), (2, POISON)] and t.alive(8), t.reply()


def test_the_wolves_kill_on_the_rift_is_untouched() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 6号")
    t.say(3, "/守护 5号")
    kill(t, 6)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.exits() == [(6, KILL)], t.reply()
    assert not t.seat_got(10, "反弹生效"), t.reply()  # nothing turned back: she keeps the rift


def test_the_first_bounce_takes_the_rift_for_good() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 4号")
    t.say(3, "/守护 4号")
    kill(t, 5)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.seat_got(10, "反弹生效，你失去了技能"), t.reply()
    assert t.director_got("10号（蚀时狼妃）的裂隙反弹生效，失去技能"), t.reply()
    t.exile(None)
    t.night()
    assert not t.seat_got(10, "裂隙"), t.reply()
    t.say(10, "/裂隙 6号")
    assert not t.changed and "你已经失去了裂隙技能" in t.reply(), t.reply()


def test_herself_too_never_the_same_seat_two_nights_running() -> None:
    t = game()
    t.night()
    t.say(10, "/裂隙 10号")
    assert t.changed, t.reply()
    t.say(3, "/守护 5号")
    kill(t, 6)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    t.exile(None)
    t.night()
    t.say(10, "/裂隙 10号")
    assert not t.changed and "不能连续两晚" in t.reply(), t.reply()
    t.say(10, "/裂隙 7号")
    assert t.changed, t.reply()


def test_no_skill_of_a_seat_outside_the_gods_turns_back() -> None:
    """docs/rulings-common.md 3.2.11 第1条: the 狼巫 is no 神职; his check of the rift reads the rift's seat."""
    roster = {**ROSTER, "狼巫": 1}
    night = [*NIGHT, ("狼巫", "30分钟")]
    t = started(board(roster, night), {**SEATS, 11: "狼巫"})
    t.night()
    t.say(10, "/裂隙 3号")
    t.say(3, "/守护 5号")
    for wolf in (*WOLVES, 11):
        t.wolf(wolf, "/刀 6号")
    t.say(11, "/巫验 3号")
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.seat_got(11, "3号的身份是守卫") and not t.seat_got(10, "反弹生效"), t.reply()


def test_a_god_aiming_at_himself_in_the_rift_is_no_bounce() -> None:
    """docs/rulings-common.md 3.2.11 第1条: the guard in the rift guards himself: nothing turns back."""
    t = game()
    t.night()
    t.say(10, "/裂隙 3号")
    t.say(3, "/守护 3号")
    kill(t, 3)
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.alive(3) and not t.seat_got(10, "反弹生效"), t.reply()
