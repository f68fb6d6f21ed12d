"""熊 (common-boards.md 3.1, 2.10.6, 2.10.3)."""

from __future__ import annotations

import pytest

from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟")]
# 3号 the 熊 sits between 2号 (a wolf) and 4号; 7号 is the other wolf.
SEATS = {1: "村民", 2: "狼人", 3: "熊", 4: "女巫", 5: "猎人", 6: "村民", 7: "狼人"}


def game(options: str = "", seats: dict[int, str] | None = None) -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "熊": f"{{数量: 1{options}}}", "女巫": 1, "猎人": 1, "村民": 2}
    return started(board(roster, NIGHT), seats or SEATS)


def night(t: Table, kill: str = "空", *witch: str) -> None:
    t.night()
    for wolf in (2, 7):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {kill}")
    for command in witch:
        t.say(4, command)
    t.dawn()


def draft(t: Table) -> str:
    return next(text for text in t.to_director() if "公示草稿" in text)


def test_the_bear_growls_beside_a_wolf_in_the_summary_and_the_draft() -> None:
    t = game()
    night(t)
    assert "熊咆哮了" in draft(t), t.reply()
    assert t.director_got("3号（熊）：熊咆哮了（两边最近的存活玩家：2号、4号）"), t.reply()
    assert not any("熊" in text for text in t.to_seat(3)), t.to_seat(3)  # he is told nothing


def test_no_growl_once_the_wolf_beside_him_left() -> None:
    t = game()
    night(t)
    t.exile(2)
    night(t)
    assert "熊没有咆哮" in draft(t) and "熊咆哮了" not in draft(t), t.reply()
    assert t.director_got("两边最近的存活玩家：1号、4号"), t.reply()


def test_the_nearest_living_seat_on_a_side_skips_the_seats_that_left() -> None:
    seats = {1: "狼人", 2: "村民", 3: "熊", 4: "女巫", 5: "猎人", 6: "村民", 7: "狼人"}
    t = game(seats=seats)
    night(t)
    assert "熊没有咆哮" in draft(t), t.reply()
    t.exile(2)
    night(t)
    assert "熊咆哮了" in draft(t), t.reply()  # 1号, a wolf, is now his nearest living seat on the left


def test_read_at_dawn_after_the_nights_exits() -> None:
    t = game()
    night(t, "2号")  # the wolves kill one of their own: at dawn 2号 is out
    assert t.exits() == [(2, "杀人")]
    assert "熊没有咆哮" in draft(t), t.reply()


def test_read_at_nightfall_when_the_board_says_so() -> None:
    t = game(", 咆哮判定: 入夜时")
    night(t, "2号")  # 2号 lived when the door closed
    assert t.exits() == [(2, "杀人")]
    assert "熊咆哮了" in draft(t), t.reply()
    t.exile(None)
    night(t)
    assert "熊没有咆哮" in draft(t), t.reply()


def test_read_at_nightfall_a_hidden_wolf_taking_the_knife_that_night_is_seen() -> None:
    """熊隐狼 (C): 隐狼 接刀后验出: 可以 and 咆哮判定: 入夜时.  The knife passes to the 隐狼 with the night
    after the group is gone (2.8 第4条), so the door-close reading of that night already sees him."""
    seats = {1: "村民", 2: "隐狼", 3: "熊", 4: "女巫", 5: "猎人", 6: "村民", 7: "狼人"}
    roster: dict[str, int | str] = {
        "狼人": 1,
        "隐狼": "{数量: 1, 接刀后验出: 可以}",
        "熊": "{数量: 1, 咆哮判定: 入夜时}",
        "女巫": 1,
        "猎人": 1,
        "村民": 2,
    }
    t = started(board(roster, NIGHT), seats)
    t.night()
    t.wolf(7, "/刀 空")
    t.dawn()
    assert "熊没有咆哮" in draft(t), t.reply()  # a 隐狼 who has not held the knife answers 村民阵营
    t.exile(7)
    t.night()
    t.say(2, "/刀 空")
    assert t.changed, t.reply()
    t.dawn()
    assert "熊咆哮了" in draft(t), t.reply()


def test_no_growl_on_the_night_he_leaves_and_no_line_after() -> None:
    t = game()
    night(t, "3号")
    assert t.exits() == [(3, "杀人")]
    assert "熊没有咆哮" in draft(t), t.reply()
    t.exile(None)
    night(t)
    assert "咆哮" not in draft(t), t.reply()


@pytest.mark.parametrize(("hidden_wolf", "growls"), [("1", False), ("{数量: 1, 接刀后验出: 可以}", True)])
def test_the_camp_check_answer_counts_not_the_camp(hidden_wolf: str, growls: bool) -> None:
    """「按查验阵营看（裁定）：隐狼不会让熊咆哮（`接刀后验出: 可以` 时接刀后会）」, with the real 隐狼 in 2号:
    the group (7号) exiled, he holds the knife that night."""
    seats = {1: "村民", 2: "隐狼", 3: "熊", 4: "女巫", 5: "猎人", 6: "村民", 7: "狼人"}
    roster: dict[str, int | str] = {"狼人": 1, "隐狼": hidden_wolf, "熊": 1, "女巫": 1, "猎人": 1, "村民": 2}
    t = started(board(roster, NIGHT), seats)
    night(t)
    assert "熊没有咆哮" in draft(t), t.reply()
    t.exile(7)
    t.night()
    assert t.seat_got(2, "今晚起由你刀人"), t.reply()
    t.say(2, "/刀 空")
    t.dawn()
    assert ("熊咆哮了" in draft(t)) is growls, t.reply()


def test_the_alias_names_the_bear() -> None:
    seats = {**SEATS, 3: "驯熊师"}
    t = game(seats=seats)
    assert t.role(3) == "熊"
