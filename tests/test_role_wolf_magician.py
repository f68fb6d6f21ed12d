"""狼术师 (common-boards.md 3.2, 2.10.4, 补充裁定 11)."""

from __future__ import annotations

from bansha_engine.model import KILL
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼术师", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟"), ("女巫", "60分钟")]
ROSTER = {"狼人": 2, "狼术师": 1, "预言家": 1, "女巫": 1, "村民": 4}
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "村民",
    4: "村民",
    5: "村民",
    6: "村民",
    7: "狼人",
    8: "狼人",
    9: "狼术师",
}
WOLVES = (7, 8, 9)


def game(
    night: list[tuple[str, str]] = NIGHT, roster: dict[str, int] = ROSTER, seats: dict[int, str] = SEATS
) -> Table:
    return started(board(roster, night), seats)


def kill(t: Table, seat: int) -> None:
    for wolf in WOLVES:
        t.wolf(wolf, f"/刀 {seat}号")


def test_the_swap_moves_the_kill_and_the_witch_learns_the_seat_the_wolves_chose() -> None:
    t = game()
    t.night()
    t.say(9, "/换位 3号 4号")
    assert t.seat_got(9, "已记录：今晚交换3号和4号"), t.reply()
    kill(t, 3)
    assert t.seat_got(2, "今晚被指杀的是3号"), t.reply()
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.exits() == [(4, KILL)] and t.alive(3), t.reply()
    assert t.director_got("9号（狼术师）交换3号和4号"), t.reply()


def test_a_check_is_moved_and_names_the_seat_chosen() -> None:
    t = game()
    t.night()
    t.say(9, "/换位 3号 7号")
    kill(t, 5)
    t.say(1, "/预言 3号")
    t.say(2, "/放弃")
    assert t.seat_got(1, "第1夜查验结果：3号是非村民阵营"), t.reply()


def test_two_different_living_seats_himself_too() -> None:
    t = game()
    t.night()
    t.say(9, "/换位 3号 3号")
    assert not t.changed and "两名不同的玩家" in t.reply(), t.reply()
    t.say(9, "/换位 3号")
    assert not t.changed and "用法：/换位 A号 B号" in t.reply(), t.reply()
    t.say(9, "/换位 9号 3号")
    assert t.changed, t.reply()
    t.say(5, "/换位 3号 4号")
    assert not t.changed and "你不是狼术师" in t.reply(), t.reply()


def test_no_limit_on_how_often() -> None:
    t = game()
    for night in (1, 2):
        t.night()
        t.say(9, "/换位 3号 4号")
        assert t.changed, (night, t.reply())
        t.say(1, "/放弃")
        kill(t, 5 + night)
        t.say(2, "/放弃")
        t.exile(None)


def test_the_swaps_apply_in_the_night_order_of_their_steps() -> None:
    """补充裁定 11: the target changes in 夜晚 order; a rift after the swap bounces what the swap sent to
    its seat, a rift before it does not see the swapped skill coming."""
    roster = {**ROSTER, "村民": 3, "蚀时狼妃": 1, "守卫": 1}
    seats = {**SEATS, 6: "守卫", 10: "蚀时狼妃"}
    wolves_first = [("蚀时狼妃", "30分钟"), ("狼术师", "30分钟"), ("守卫", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟"), ("女巫", "60分钟")]  # fmt: skip
    swap_first = wolves_first[1:2] + wolves_first[:1] + wolves_first[2:]
    # the rift first: the guard's 3号 is swapped to 4号; the swap first: 3号 goes to 4号, the rift, and back
    # to the guard himself.  Either way a kill that lands where the guard's 守护 does takes nobody.
    for night, chosen in ((wolves_first, 3), (swap_first, 6)):
        t = game(night, roster, seats)
        t.night()
        t.say(10, "/裂隙 4号")
        t.say(9, "/换位 3号 4号")
        t.say(6, "/守护 3号")
        for wolf in (*WOLVES, 10):
            t.wolf(wolf, f"/刀 {chosen}号")
        t.say(1, "/放弃")
        t.say(2, "/放弃")
        assert t.exits() == [], (night[0], t.reply())


def test_two_magicians_swap_in_the_order_of_their_seats() -> None:
    """docs/rulings-common.md 3.2.12 第2条: 6号's swap (4号, 5号) first, then 9号's (3号, 4号): the kill on
    3号 goes to 4号 (the other order would send it on to 5号)."""
    t = game(roster={**ROSTER, "狼术师": 2, "村民": 3}, seats={**SEATS, 6: "狼术师"})
    t.night()
    t.say(9, "/换位 3号 4号")
    t.say(6, "/换位 4号 5号")
    for wolf in (6, *WOLVES):
        t.wolf(wolf, "/刀 3号")
    t.say(1, "/放弃")
    t.say(2, "/放弃")
    assert t.exits() == [(4, KILL)], t.reply()
