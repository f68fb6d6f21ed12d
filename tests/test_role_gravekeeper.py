"""守墓人 (common-boards.md 3.1)."""

from __future__ import annotations

from tests.common_helpers import ballots, board, started

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "守墓人", 3: "村民", 4: "村民", 5: "白痴", 6: "狼人", 7: "狼人"}
BOARD = board({"狼人": 2, "预言家": 1, "守墓人": 1, "白痴": 1, "村民": 2}, NIGHT)


def test_nothing_on_the_first_night_then_the_camp_of_the_seat_exiled() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.dawn()
    assert not t.seat_got(2, "第1夜守墓", ever=True)
    ballots(t, ["1号 6号", "3号 6号"])
    t.director("/放逐")
    t.night()
    t.dawn()
    assert t.seat_got(2, "第2天被放逐的6号是非村民阵营"), t.to_seat(2)


def test_a_day_without_an_exile_is_said_so() -> None:
    t = started(BOARD, SEATS)
    t.pass_night()
    t.exile(5)  # the 白痴 flips and stays: nobody was sent out
    assert t.alive(5)
    t.pass_night()
    assert t.seat_got(2, "第2天没有人被放逐"), t.to_seat(2)


def test_a_villager_exiled_is_of_the_village() -> None:
    t = started(BOARD, SEATS)
    t.pass_night()
    t.exile(3)
    t.pass_night()
    assert t.seat_got(2, "第2天被放逐的3号是村民阵营"), t.to_seat(2)
