"""狐狸 (common-boards.md 3.1, 2.10.6, 补充裁定 18)."""

from __future__ import annotations

from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("魔术师", "30分钟"), ("狼人", "30分钟"), ("狐狸", "30分钟")]
SEATS = {1: "狐狸", 2: "村民", 3: "村民", 4: "狼人", 5: "魔术师", 6: "村民", 7: "村民", 8: "狼人"}


def game() -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "狐狸": 1, "魔术师": 1, "村民": 4}
    return started(board(roster, NIGHT), SEATS)


def night(t: Table, sniff: int, swap: str = "", kill: str = "空") -> None:
    t.night()
    if swap:
        t.say(5, f"/交换 {swap}")
    t.wolf(4, f"/刀 {kill}")
    t.wolf(8, f"/刀 {kill}")
    t.say(1, f"/嗅探 {sniff}号")
    assert t.changed or not t.game.night, t.reply()
    t.dawn()


def result(t: Table) -> str:
    return next(text for text in t.to_seat(1, ever=True)[::-1] if "嗅探结果" in text)


def test_a_wolf_among_the_three_is_found() -> None:
    t = game()
    night(t, 3)
    assert result(t) == "第1夜嗅探结果：3号和两边（2号、4号）里有狼人。", result(t)
    assert t.director_got("1号（狐狸）嗅探3号：3号和两边（2号、4号）里有狼人"), t.reply()


def test_he_may_sniff_himself_and_the_circle_wraps() -> None:
    t = game()
    night(t, 1)
    assert result(t) == "第1夜嗅探结果：1号和两边（8号、2号）里有狼人。", result(t)


def test_no_wolf_takes_the_skill_away_for_good() -> None:
    t = game()
    night(t, 6)
    assert result(t) == "第1夜嗅探结果：6号和两边（5号、7号）里没有狼人，你永久失去了嗅探技能。", result(t)
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "嗅探"), t.reply()
    t.say(1, "/嗅探 3号")
    assert not t.changed and "永久失去了嗅探技能" in t.reply(), t.reply()
    t.say(1, "/身份")
    assert "已永久失去" in t.reply(), t.reply()


def test_the_nearest_living_seats_skip_those_that_left() -> None:
    t = game()
    night(t, 4, kill="3号")
    t.exile(None)
    night(t, 2)  # 3号 is out: 2号's neighbours are 1号 and 4号
    assert result(t) == "第2夜嗅探结果：2号和两边（1号、4号）里有狼人。", result(t)


def test_a_swap_moves_the_sniff_and_the_message_names_the_seat_chosen() -> None:
    t = game()
    night(t, 6, swap="6号 3号")
    assert result(t) == "第1夜嗅探结果：6号和两边（5号、7号）里有狼人。", result(t)


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in ((1, "/嗅探", "用法：/嗅探 N号"), (2, "/嗅探 3号", "你不是狐狸")):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
