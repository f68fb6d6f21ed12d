"""狼巫 (common-boards.md 3.2, 1.3.4, 2.10.4, 5.1.2)."""

from __future__ import annotations

from bansha_engine.model import CHECK_DEATH, KILL
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("狼巫", "30分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 1, "狼巫": 1, "预言家": 1, "守卫": 1, "村民": 4}
SEATS = {1: "预言家", 2: "守卫", 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼巫"}


def game(night: list[tuple[str, str]] = NIGHT) -> Table:
    return started(board(ROSTER, night + [("守卫", "30分钟")]), SEATS)


def kill(t: Table, seat: int) -> None:
    t.wolf(7, f"/刀 {seat}号")
    t.wolf(8, f"/刀 {seat}号")


def test_he_learns_the_role_of_the_seat_at_the_resolution() -> None:
    t = game()
    t.night()
    t.say(8, "/巫验 2号")
    assert t.seat_got(8, "已记录：今晚巫验2号"), t.reply()
    kill(t, 3)
    assert not t.seat_got(8, "巫验结果", ever=True)
    t.dawn()
    assert t.seat_got(8, "第1夜巫验结果：2号的身份是守卫"), t.reply()
    assert t.director_got("8号（狼巫）巫验2号：身份是守卫"), t.reply()


def test_never_a_member_of_the_wolf_group() -> None:
    t = game()
    t.night()
    t.say(8, "/巫验 7号")
    assert not t.changed and "不能巫验狼群的成员" in t.reply(), t.reply()
    t.say(8, "/巫验 8号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()


def test_only_he_checks_so_and_with_one_seat() -> None:
    t = game()
    t.night()
    t.say(1, "/巫验 7号")
    assert not t.changed and "你不是狼巫" in t.reply(), t.reply()
    t.say(8, "/巫验 2号 3号")
    assert not t.changed and "用法：/巫验 N号" in t.reply(), t.reply()


def test_from_night_two_a_pure_white_checked_leaves() -> None:
    text = board({**ROSTER, "村民": 3, "纯白之女": 1}, [*NIGHT, ("守卫", "30分钟"), ("纯白之女", "30分钟")])
    t = started(text, {**SEATS, 5: "纯白之女"})
    t.night()
    t.say(8, "/巫验 5号")
    kill(t, 3)
    t.dawn()
    assert t.seat_got(8, "5号的身份是纯白之女") and t.alive(5), t.reply()  # not on night 1
    t.exile(None)
    t.night()
    t.say(8, "/巫验 5号")
    kill(t, 4)
    t.dawn()
    assert t.exits()[-2:] == [(4, KILL), (5, CHECK_DEATH)], t.reply()
    assert t.seat_got(8, "5号的身份是纯白之女"), t.reply()


def test_a_swap_moves_the_check_and_the_result_names_the_seat_chosen() -> None:
    text = board(
        {"狼人": 1, "狼巫": 1, "狼术师": 1, "守卫": 1, "预言家": 1, "村民": 4},
        [
            ("狼术师", "30分钟"),
            ("狼人", "30分钟"),
            ("狼巫", "30分钟"),
            ("守卫", "30分钟"),
            ("预言家", "30分钟"),
        ],
    )
    t = started(text, {**SEATS, 9: "狼术师"})
    t.night()
    t.say(9, "/换位 2号 3号")
    t.say(8, "/巫验 2号")
    t.dawn()
    assert t.seat_got(8, "2号的身份是村民"), t.reply()
