"""守卫's 连守 (common-boards.md 2.10.9, 3.4)."""

from __future__ import annotations

from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("守卫", "30分钟")]
SEATS = {1: "守卫", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def guard_board(twice: str = "") -> str:
    guard = f"{{数量: 1, 连守: {twice}}}" if twice else "1"
    return board({"狼人": 2, "守卫": guard, "村民": 4}, NIGHT)


def guard_night(t: Table, target: int, kill: int) -> None:
    t.night()
    t.wolf(6, f"/刀 {kill}号")
    t.wolf(7, f"/刀 {kill}号")
    t.say(1, f"/守护 {target}号")


def test_by_default_not_the_same_seat_two_nights_running() -> None:
    t = started(guard_board(), SEATS)
    guard_night(t, 3, 3)
    t.dawn()
    t.exile(None)
    guard_night(t, 3, 3)
    assert not t.changed and "不能连续两晚守护同一名玩家" in t.reply(), t.reply()


def test_twice_allowed_guards_the_same_seat_again_and_stops_the_kill() -> None:
    t = started(guard_board("可以"), SEATS)
    assert "可以连续两晚守护同一名玩家" in "".join(t.to_seat(1, ever=True))
    guard_night(t, 3, 3)
    t.dawn()
    t.exile(None)
    guard_night(t, 3, 3)
    assert t.changed and t.seat_got(1, "今晚守护3号"), t.reply()
    assert t.alive(3) and t.director_got("守卫守护生效"), t.reply()  # the last step: the night resolves


def test_twice_allowed_names_no_barred_seat_when_the_step_opens() -> None:
    t = started(guard_board("可以"), SEATS)
    guard_night(t, 3, 2)
    t.dawn()
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "不能连续两晚守护3号"), t.to_seat(1)
