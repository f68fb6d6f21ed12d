"""纯白之女 (common-boards.md 3.1, 2.7, 2.10.1)."""

from __future__ import annotations

from bansha_engine.model import CHECK_DEATH, KILL
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("魔术师", "30分钟"), ("狼人", "30分钟"), ("纯白之女", "30分钟"), ("女巫", "60分钟")]
SEATS = {1: "纯白之女", 2: "女巫", 3: "魔术师", 4: "村民", 5: "村民", 6: "狼王", 7: "狼人", 8: "狼人"}


def game() -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "狼王": 1, "纯白之女": 1, "女巫": 1, "魔术师": 1, "村民": 2}
    return started(board(roster, NIGHT), SEATS)


def night(t: Table, check: int, *others: tuple[int, str], kill: str = "空") -> None:
    t.night()
    t.say(1, f"/纯白 {check}号")
    assert t.changed and t.seat_got(1, f"已记录：今晚查验{check}号"), t.reply()
    for wolf in (6, 7, 8):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {kill}")
    for seat, command in others:
        t.say(seat, command)
        assert t.changed, t.reply()
    t.dawn()


def test_the_result_is_the_role_and_a_wolf_checked_on_night_one_stays() -> None:
    t = game()
    night(t, 6)
    assert t.seat_got(1, "第1夜查验结果：6号的身份是狼王", ever=True), t.to_seat(1, ever=True)
    assert t.exits() == [], t.reply()


def test_from_night_two_a_wolf_checked_leaves_that_night() -> None:
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 7)
    assert t.seat_got(1, "第2夜查验结果：7号的身份是狼人", ever=True)
    assert t.exits() == [(7, CHECK_DEATH)], t.reply()
    assert t.director_got("7号被纯白之女查验，是狼人阵营：查验出局"), t.reply()


def test_a_villager_checked_stays() -> None:
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 5)
    assert t.exits() == [], t.reply()


def test_the_check_exit_is_not_saved_and_comes_after_the_kill() -> None:
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 7, (2, "/救 7号"), kill="7号")
    assert t.exits() == [(7, CHECK_DEATH)], t.reply()
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 7, kill="5号")
    assert t.exits() == [(5, KILL), (7, CHECK_DEATH)], t.reply()


def test_a_swap_moves_the_check_and_the_result_names_the_seat_chosen() -> None:
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 5, (3, "/交换 5号 8号"))
    assert t.seat_got(1, "第2夜查验结果：5号的身份是狼人", ever=True)
    assert t.exits() == [(8, CHECK_DEATH)] and t.alive(5), t.reply()


def test_a_wolf_king_who_leaves_by_the_check_is_taken() -> None:
    t = game()
    night(t, 4)
    t.exile(None)
    night(t, 6)
    assert t.exits() == [(6, CHECK_DEATH)] and t.seat_got(6, "/开枪 N号 带走"), t.reply()


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in (
        (1, "/纯白 1号", "不能选择自己"),
        (1, "/纯白", "用法：/纯白 N号"),
        (4, "/纯白 6号", "你不是纯白之女"),
    ):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
