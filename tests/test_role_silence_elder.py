"""禁言长老 (common-boards.md 3.1)."""

from __future__ import annotations

from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("魔术师", "30分钟"), ("狼人", "30分钟"), ("禁言长老", "30分钟")]
SEATS = {1: "禁言长老", 2: "魔术师", 3: "村民", 4: "村民", 5: "狼人", 6: "狼人"}


def game() -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "禁言长老": 1, "魔术师": 1, "村民": 2}
    return started(board(roster, NIGHT), SEATS)


def night(t: Table, silence: int, swap: str = "", kill: str = "空") -> None:
    t.night()
    t.say(1, f"/禁言 {silence}号")
    assert t.changed and t.seat_got(1, f"已记录：今晚禁言{silence}号"), t.reply()
    if swap:
        t.say(2, f"/交换 {swap}")
    t.wolf(5, f"/刀 {kill}")
    t.wolf(6, f"/刀 {kill}")
    t.dawn()


def draft(t: Table) -> str:
    return next(text for text in t.to_director(ever=True)[::-1] if "公示草稿" in text)


def test_the_seat_is_told_and_the_summary_and_draft_say_so() -> None:
    t = game()
    night(t, 3)
    assert t.seat_got(3, "你被禁言：第2天不能发言。", ever=True), t.to_seat(3, ever=True)
    assert "3号被禁言" in draft(t), draft(t)
    assert t.director_got("1号（禁言长老）禁言3号：3号被禁言", ever=True)
    assert not t.seat_got(4, "禁言", ever=True)


def test_himself_allowed_but_not_the_same_seat_two_nights_running() -> None:
    t = game()
    night(t, 1)
    assert t.seat_got(1, "你被禁言：第2天不能发言。", ever=True)
    t.exile(None)
    t.night()
    t.say(1, "/禁言 1号")
    assert not t.changed and "同一名玩家不能连着两晚被禁言" in t.reply(), t.reply()
    t.say(1, "/禁言 4号")
    assert t.changed, t.reply()


def test_a_swap_moves_the_silence() -> None:
    t = game()
    night(t, 3, swap="3号 4号")
    assert t.seat_got(4, "你被禁言：第2天不能发言。", ever=True) and not t.seat_got(3, "禁言", ever=True)
    assert "4号被禁言" in draft(t), draft(t)


def test_a_seat_that_left_that_night_is_not_silenced() -> None:
    t = game()
    night(t, 3, kill="3号")
    assert "被禁言" not in draft(t) and not t.seat_got(3, "禁言", ever=True), draft(t)


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in ((1, "/禁言", "用法：/禁言 N号"), (3, "/禁言 4号", "你不是禁言长老")):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
