"""隐狼 (common-boards.md 3.2, 2.7, 2.8)."""

from __future__ import annotations

from bansha_engine.boardfile import check
from bansha_engine.model import KILL, POISON
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("石像鬼", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "村民",
    4: "村民",
    5: "村民",
    6: "狼人",
    7: "狼人",
    8: "石像鬼",
    9: "隐狼",
}


def game(**hidden: str) -> Table:
    settings = "".join(f", {k}: {v}" for k, v in hidden.items())
    roster = {"狼人": 2, "石像鬼": 1, "隐狼": f"{{数量: 1{settings}}}", "预言家": 1, "女巫": 1, "村民": 3}
    return started(board(roster, NIGHT), SEATS)


def test_he_learns_the_group_at_the_start_of_night_1_and_the_group_knows_nothing_of_him() -> None:
    t = game()
    t.night()
    assert t.seat_got(9, "你的狼同伴是：6号、7号"), t.reply()
    assert not any("9号" in text for seat in (6, 7) for text in t.to_seat(seat, ever=True))
    t.dawn()
    t.night()
    assert not t.seat_got(9, "你的狼同伴是"), t.reply()  # night 1 only


def test_checks_see_him_as_the_village_and_his_role_as_hidden_wolf() -> None:
    t = game()
    t.night()
    t.say(1, "/预言 9号")
    t.say(8, "/探查 9号")
    t.dawn()
    assert t.seat_got(1, "9号是村民阵营") and t.seat_got(8, "9号的身份是隐狼"), t.reply()


def group_gone(t: Table) -> None:
    """Night 1 the wolves knife 7号 and the witch poisons 6号: the lone wolves hold the knife from night 2."""
    t.night()
    t.wolf(6, "/刀 7号")
    t.wolf(7, "/刀 7号")
    t.say(2, "/毒 6号")
    t.dawn()
    assert t.exits() == [(7, KILL), (6, POISON)]
    t.exile(None)


def test_he_takes_the_knife_and_stays_village_by_default() -> None:
    t = game()
    group_gone(t)
    t.night()
    assert t.seat_got(9, "狼群已经没有存活的狼人，今晚起由你刀人"), t.reply()
    t.say(9, "/刀 3号")
    t.say(8, "/刀 3号")
    t.say(1, "/预言 9号")
    t.dawn()
    assert t.exits()[-1] == (3, KILL) and t.seat_got(1, "9号是村民阵营"), t.reply()


def test_where_the_board_says_so_he_is_seen_once_he_took_the_knife() -> None:
    """接刀后验出: 可以 — 「能刀人之前不会被验成狼」."""
    t = game(接刀后验出="可以")
    t.night()
    t.say(1, "/预言 9号")
    t.wolf(6, "/刀 7号")
    t.wolf(7, "/刀 7号")
    t.say(2, "/毒 6号")
    t.dawn()
    assert t.seat_got(1, "9号是村民阵营"), t.reply()
    t.exile(None)
    t.night()
    t.say(1, "/预言 9号")
    t.dawn()
    assert t.seat_got(1, "9号是非村民阵营"), t.reply()


def test_he_has_no_step_to_write_in_the_night() -> None:
    text = board(
        {"狼人": 2, "隐狼": 1, "预言家": 1, "村民": 3},
        [("狼人", "30分钟"), ("隐狼", "30分钟"), ("预言家", "30分钟")],
    )
    checked = check(text)
    assert not checked.ok and any("隐狼" in problem for problem in map(str, checked.problems)), (
        checked.problems
    )
