"""通灵师 (common-boards.md 3.1, 1.3 第4条, 2.7)."""

from __future__ import annotations

from bansha_engine.model import REFLECT
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("魔术师", "30分钟"), ("狼人", "30分钟"), ("通灵师", "30分钟")]
SEATS = {1: "通灵师", 2: "魔术师", 3: "平民", 4: "村民", 5: "狼王", 6: "狼人"}


def game(seats: dict[int, str] | None = None, extra: dict[str, int | str] | None = None) -> Table:
    roster: dict[str, int | str] = {
        "狼人": 1,
        "狼王": 1,
        "通灵师": 1,
        "魔术师": 1,
        "村民": 2,
        **(extra or {}),
    }
    return started(board(roster, NIGHT), seats or SEATS)


def quiet_kill(t: Table) -> None:
    t.wolf(5, "/刀 空")
    t.wolf(6, "/刀 空")


def test_the_result_is_the_library_name_of_the_role() -> None:
    t = game()
    t.night()
    t.say(1, "/通灵 5号")
    assert t.changed and t.seat_got(1, "已记录：今晚通灵5号"), t.reply()
    quiet_kill(t)
    t.dawn()
    assert t.seat_got(1, "5号的身份是狼王"), t.reply()
    assert t.director_got("1号（通灵师）通灵5号：狼王"), t.reply()
    t.exile(None)
    t.night()
    t.say(1, "/通灵 3号")  # seated with the alias 平民 (1.6): the library's name is 村民
    quiet_kill(t)
    t.dawn()
    assert t.seat_got(1, "3号的身份是村民"), t.reply()


def test_a_swap_moves_the_check_and_the_result_names_the_seat_chosen() -> None:
    t = game()
    t.night()
    t.say(2, "/交换 3号 6号")
    t.say(1, "/通灵 3号")
    quiet_kill(t)
    t.dawn()
    assert t.seat_got(1, "3号的身份是狼人", ever=True), t.reply()


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in (
        (1, "/通灵 1号", "不能选择自己"),
        (1, "/通灵", "用法：/通灵 N号"),
        (3, "/通灵 5号", "你不是通灵师"),
    ):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
    quiet_kill(t)
    t.dawn()
    t.say(1, "/通灵 5号")
    assert not t.changed and "不是行动时间" in t.reply(), t.reply()


def test_a_check_of_the_evil_knight_reflects_and_the_result_still_comes() -> None:
    """「查验恶灵骑士、被庇护的狼会反伤」 (the real 恶灵骑士): the 通灵师 learns his role and leaves (反伤)."""
    t = game(seats={**SEATS, 4: "恶灵骑士"}, extra={"村民": 1, "恶灵骑士": 1})
    t.night()
    t.say(1, "/通灵 4号")
    quiet_kill(t)
    t.dawn()
    assert t.seat_got(1, "4号的身份是恶灵骑士", ever=True), t.reply()
    assert t.exits() == [(1, REFLECT)], t.reply()
