"""预言家's 重复查验 (common-boards.md 2.7 第3条, 3.4)."""

from __future__ import annotations

from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def seer_board(**keys: str) -> str:
    repeat = keys.pop("重复查验", "")
    seer = f"{{数量: 1, 重复查验: {repeat}}}" if repeat else "1"
    return board({"狼人": 2, "预言家": seer, "村民": 4}, NIGHT, **keys)


def check_on_two_nights(t: Table, first: int, second: int) -> None:
    t.night()
    t.say(1, f"/预言 {first}号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, f"/预言 {second}号")


def test_by_default_a_seat_checked_before_may_be_checked_again() -> None:
    t = started(seer_board(), SEATS)
    check_on_two_nights(t, 6, 6)
    assert t.changed and t.seat_got(1, "今晚查验6号"), t.reply()


def test_no_repeat_refuses_a_seat_checked_before_and_takes_another() -> None:
    t = started(seer_board(重复查验="不可以"), SEATS)
    check_on_two_nights(t, 6, 6)
    assert not t.changed and "你已经查验过6号了" in t.reply(), t.reply()
    t.say(1, "/预言 7号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(1, "7号是非村民阵营"), t.reply()


def test_no_repeat_is_told_in_the_seers_identity_with_the_seats_checked() -> None:
    t = started(seer_board(重复查验="不可以"), SEATS)
    t.say(1, "/身份")
    assert "不能重复查验同一名玩家" in t.reply() and "已查验" not in t.reply(), t.reply()
    t.night()
    t.say(1, "/预言 6号")
    t.dawn()
    t.say(1, "/身份")
    assert "不能重复查验同一名玩家（已查验：6号）" in t.reply(), t.reply()


def test_a_check_a_seal_made_void_does_not_count() -> None:
    """Ruling: a seat counts as checked once a result for it was told; a sealed seer (封印告知: 不可以)
    was told none."""
    text = board(
        {"狼人": 1, "噩梦之影": 1, "预言家": "{数量: 1, 重复查验: 不可以}", "村民": 4},
        [("噩梦之影", "15分钟"), *NIGHT],
        封印告知="不可以",
    )
    t = started(text, {**SEATS, 7: "噩梦之影"})
    t.night()
    t.say(7, "/恐惧 1号")
    t.say(1, "/预言 6号")
    assert t.changed, t.reply()
    t.dawn()
    assert not t.seat_got(1, "查验结果", ever=True)
    t.exile(None)
    t.night()
    t.say(7, "/恐惧 2号")
    t.say(1, "/预言 6号")
    assert t.changed, t.reply()


def test_only_the_seer_hears_of_her_checks() -> None:
    t = started(seer_board(重复查验="不可以"), SEATS)
    check_on_two_nights(t, 6, 7)
    t.say(2, "/预言 6号")
    assert not t.changed and "你不是预言家" in t.reply(), t.reply()
