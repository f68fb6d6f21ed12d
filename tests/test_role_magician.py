"""魔术师 (common-boards.md 3.1, 2.10.4, 2.3 第5条)."""

from __future__ import annotations

from bansha_engine.model import KILL, SHOT
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("魔术师", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟"), ("女巫", "60分钟")]
SEATS = {1: "魔术师", 2: "预言家", 3: "女巫", 4: "猎人", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}


def game(options: str = "") -> Table:
    roster: dict[str, int | str] = {
        "狼人": 2,
        "魔术师": f"{{数量: 1{options}}}",
        "预言家": 1,
        "女巫": 1,
        "猎人": 1,
        "村民": 2,
    }
    return started(board(roster, NIGHT), SEATS)


def kill(t: Table, target: str) -> None:
    t.wolf(7, f"/刀 {target}")
    t.wolf(8, f"/刀 {target}")


def test_the_swap_moves_the_seers_check_and_the_wolves_kill() -> None:
    t = game()
    t.night()
    t.say(1, "/交换 5号 7号")
    assert t.changed and t.to_seat(1) == ["已记录：今晚交换5号和7号。"], t.reply()
    kill(t, "7号")
    assert t.seat_got(3, "今晚被指杀的是7号"), t.reply()  # the witch learns the seat the wolves chose
    t.say(2, "/预言 5号")
    t.dawn()
    assert t.seat_got(2, "5号是非村民阵营"), t.reply()  # the result names the seat chosen
    assert t.exits() == [(5, KILL)] and t.alive(7), t.reply()
    assert t.director_got("1号（魔术师）交换5号和7号"), t.reply()
    assert not t.seat_got(5, "交换", ever=True) and not t.seat_got(7, "交换", ever=True)


def test_the_last_shot_is_not_swapped() -> None:
    t = game()
    t.night()
    t.say(1, "/交换 5号 6号")
    kill(t, "4号")
    t.dawn()
    t.say(4, "/开枪 5号")
    assert t.exits() == [(4, KILL), (5, SHOT)] and t.alive(6), t.reply()


def test_each_seat_is_swapped_once_a_game() -> None:
    t = game()
    t.night()
    t.say(1, "/交换 5号 6号")
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/交换 6号 2号")
    assert not t.changed and "6号已经被交换过" in t.reply(), t.reply()
    t.say(1, "/交换 1号 2号")
    assert t.changed, t.reply()


def test_the_step_does_not_open_with_fewer_than_two_seats_to_swap() -> None:
    t = game()
    pairs = [(1, 2), (3, 4), (5, 6)]
    for first, second in pairs:
        t.night()
        t.say(1, f"/交换 {first}号 {second}号")
        assert t.changed, t.reply()
        kill(t, "空")
        t.dawn()
        t.exile(None)
    t.night()  # only 7号 and 8号 left: still two
    assert t.seat_got(1, "/交换 A号 B号"), t.reply()
    t.say(1, "/交换 7号 8号")
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "交换"), t.reply()
    t.say(1, "/交换 7号 1号")
    assert not t.changed and "可以交换的座位不足两个" in t.reply(), t.reply()


def test_once_a_game_when_the_board_says_so() -> None:
    t = game(", 次数: 一局一次")
    t.night()
    t.say(1, "/交换 5号 6号")
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "交换"), t.reply()
    t.say(1, "/交换 2号 3号")
    assert not t.changed and "一局只能用一次" in t.reply(), t.reply()


def test_a_pass_spends_nothing() -> None:
    t = game(", 次数: 一局一次")
    t.night()
    t.say(1, "/放弃")
    assert t.changed, t.reply()
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/交换 5号 6号")
    assert t.changed, t.reply()


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in (
        (1, "/交换 5号", "用法：/交换 A号 B号"),
        (1, "/交换 5号 5号", "两名不同的玩家"),
        (1, "/交换 5号 13号", "没有13号"),
        (5, "/交换 1号 2号", "你不是魔术师"),
    ):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
    kill(t, "5号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/交换 5号 6号")
    assert not t.changed and "5号已出局" in t.reply(), t.reply()


def test_himself_may_be_swapped() -> None:
    t = game()
    t.night()
    t.say(1, "/交换 1号 5号")
    kill(t, "1号")
    t.dawn()
    assert t.exits() == [(5, KILL)] and t.alive(1), t.reply()
