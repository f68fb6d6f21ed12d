"""单身狼 (common-boards.md 2.8; 5.3.1): outside the wolf group, knowing nobody; they take over the
knife from the night after the group has no living member."""

from __future__ import annotations

from bansha_engine.model import KILL, POISON, VILLAGE, VOTE
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("守卫", "30分钟"),
    ("狼人", "30分钟"),
    ("石像鬼", "30分钟"),
    ("女巫", "60分钟"),
    ("预言家", "30分钟"),
]
ROSTER = {"狼人": 2, "石像鬼": 1, "隐狼": 1, "预言家": 1, "女巫": 1, "守卫": 1, "村民": 4}
SEATS = {
    1: "预言家", 2: "女巫", 3: "守卫", 4: "村民", 5: "村民", 6: "村民", 11: "村民",
    7: "狼人", 8: "狼人", 9: "石像鬼", 10: "隐狼",
}  # fmt: skip
LONE = (9, 10)


def game(**keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **keys), SEATS)


def group_gone_on_night_1(t: Table) -> None:
    """Night 1: the wolves knife 8号 (one of their own) and the witch poisons 7号; day 2 follows."""
    t.night()
    t.say(3, "/守护 空")
    t.wolf(7, "/刀 8号")
    t.wolf(8, "/刀 8号")
    t.say(2, "/毒 7号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits() == [(8, KILL), (7, POISON)], t.exits()


def lone_night(t: Table) -> None:
    """Night 2, the group gone: the guard passes and the 石像鬼 checks nobody."""
    t.night()
    t.say(3, "/守护 空")
    t.say(9, "/放弃 探查")


def test_the_directors_learn_who_goes_into_the_wolf_group_at_the_start() -> None:
    t = game()
    assert t.director_got(
        "进狼群：7号、8号；不进狼群（单身狼，不要拉进狼群）：9号（石像鬼）、10号（隐狼）"
    ), t.to_director(ever=True)


def test_they_are_not_in_the_group_and_nobody_knows_them() -> None:
    t = game()
    assert not any("9号" in line or "10号" in line for line in t.to_seat(7, ever=True))
    t.say(9, "/身份")
    assert "狼人同伴" not in t.reply() and "7号" not in t.reply() and "单身狼" in t.reply()
    t.night()
    assert t.seat_got(10, "你的狼同伴是：7号、8号"), t.reply()  # the 隐狼 alone learns the group
    assert not t.seat_got(9, "7号") and not t.seat_got(9, "10号"), t.reply()
    t.wolf(7, "/刀 4号")
    assert "9号" not in "".join(t.to_group()) and "10号" not in "".join(t.to_group())


def test_a_lone_wolf_has_no_say_in_the_group_s_kill() -> None:
    t = game()
    t.night()
    t.say(9, "/刀 4号")
    assert not t.changed and t.seat_got(9, "你是单身狼，不投狼群的刀"), t.reply()


def test_they_take_the_knife_from_the_night_after_the_last_wolf_of_the_group_left() -> None:
    t = game()
    group_gone_on_night_1(t)
    assert not t.seat_got(9, "由你刀人", ever=True)  # not on the night the group went
    lone_night(t)
    for seat in LONE:
        assert t.seat_got(seat, "狼群已经没有存活的狼人，今晚起由你刀人", ever=True)
    t.say(9, "/刀 5号")
    assert t.changed and t.seat_got(9, "已记录：今晚刀5号"), t.reply()
    assert t.to_group() == [] and not t.seat_got(10, "9号"), t.reply()  # no tally, no news of 9号
    t.say(10, "/刀 5号")
    assert t.changed, t.reply()
    assert any("被指杀的是5号" in text for text in t.to_seat(2, ever=True))  # a 刀杀: the witch hears it
    t.dawn()
    assert t.exits()[-1] == (5, KILL)
    assert t.director_got("单身狼杀人（全员一致）：5号"), t.reply()


def test_they_take_the_knife_the_night_after_the_last_wolf_was_exiled() -> None:
    t = game()
    t.night()
    t.say(3, "/守护 空")
    t.wolf(7, "/刀 7号")
    t.wolf(8, "/刀 7号")
    t.dawn()
    t.exile(8)
    lone_night(t)
    assert t.seat_got(9, "今晚起由你刀人", ever=True)


def test_the_guard_stops_their_kill() -> None:
    t = game()
    group_gone_on_night_1(t)
    t.exile(None)
    t.night()
    t.say(3, "/守护 5号")
    t.say(9, "/刀 5号")
    t.say(10, "/刀 5号")
    t.dawn()
    assert t.alive(5) and t.exits()[-1] == (7, POISON)


def test_a_split_between_lone_wolves_is_settled_by_the_board_s_rule() -> None:
    t = game()
    group_gone_on_night_1(t)
    lone_night(t)
    t.say(9, "/刀 5号")
    t.say(10, "/刀 6号")
    t.wait(30 * 60)
    assert not any("刀" in text and "6号" in text for text in t.to_seat(9)), t.reply()
    t.dawn()
    assert t.alive(5) and t.alive(6)
    assert t.director_got("单身狼杀人（截止时按多数）：无人"), t.reply()


def test_a_sealed_lone_wolf_leaves_them_without_a_kill_and_the_other_is_not_told() -> None:
    """Ruling: a seal on one lone wolf (the real 企鹅's freeze) is not told to another (it would name
    him); his /刀 is void."""
    text = board({**ROSTER, "村民": 3, "企鹅": 1}, [("企鹅", "15分钟"), *NIGHT])
    t = started(text, {**SEATS, 11: "企鹅"})
    t.night()
    t.say(11, "/冰冻 1号")  # night 1 as group_gone_on_night_1, the 企鹅 acting first
    t.say(3, "/守护 空")
    t.wolf(7, "/刀 8号")
    t.wolf(8, "/刀 8号")
    t.say(2, "/毒 7号")
    t.dawn()
    assert t.exits() == [(8, KILL), (7, POISON)], t.reply()
    t.exile(None)
    t.night()
    t.say(11, "/冰冻 10号")
    assert t.seat_got(10, "你今晚被冰冻", ever=True) and not t.seat_got(9, "冰冻", ever=True)
    t.say(3, "/守护 空")
    t.say(9, "/放弃 探查")
    t.say(9, "/刀 5号")
    assert t.changed, t.reply()
    assert any("无人被指杀" in text for text in t.to_seat(2, ever=True))
    t.dawn()
    assert t.alive(5)


def test_the_village_must_exile_the_lone_wolves_too() -> None:
    """5.3.1: 「村民阵营要把他们也放逐出局才胜利」."""
    t = game()
    group_gone_on_night_1(t)
    assert t.game.winner is None
    t.exile(9)
    lone_night(t)
    t.say(10, "/刀 空")
    t.dawn()
    t.exile(10)
    assert t.exits()[-1] == (10, VOTE) and t.game.winner == VILLAGE


def test_a_board_of_lone_wolves_only_kills_from_the_first_night() -> None:
    text = board(
        {"石像鬼": 1, "隐狼": 1, "预言家": 1, "女巫": 1, "村民": 3},
        [("狼人", "30分钟"), ("石像鬼", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")],
    )
    t = started(text, {1: "石像鬼", 2: "隐狼", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民"})
    assert not t.game.board.options.wolf_group  # no QQ group to bind
    t.night()
    assert t.seat_got(1, "今晚起由你刀人") and t.seat_got(2, "今晚起由你刀人"), t.reply()
    t.say(1, "/刀 5号")
    t.say(2, "/刀 5号")
    t.dawn()
    assert t.exits() == [(5, KILL)]


def test_under_the_shared_knife_the_lone_wolves_knife_in_private_chat() -> None:
    t = game(狼人="通用刀")
    group_gone_on_night_1(t)
    lone_night(t)
    t.say(9, "/刀 5号")
    t.say(10, "/刀 5号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits()[-1] == (5, KILL)


def test_under_the_head_the_lone_wolves_knife_once_the_wolves_are_gone() -> None:
    night = [("守卫", "30分钟"), ("争权", "30分钟"), *NIGHT[1:]]
    t = started(board(ROSTER, night, 狼人="狼头"), SEATS)
    t.night()
    t.say(3, "/守护 空")
    t.say(7, "/选狼头 7号")
    t.say(8, "/选狼头 7号")
    t.say(9, "/刀 4号")
    assert not t.changed and t.seat_got(9, "单身狼"), t.reply()
    t.say(7, "/刀 8号")
    t.say(2, "/毒 7号")
    t.dawn()
    assert not t.alive(7) and not t.alive(8), t.exits()
    lone_night(t)
    t.say(9, "/刀 5号")
    t.say(10, "/刀 5号")
    t.dawn()
    assert t.exits()[-1] == (5, KILL)


def test_a_lone_wolf_holding_the_knife_may_not_knife_himself_where_wolves_may_not_be_knifed() -> None:
    """2.2 第3条 「包括自己」 (ruling): he may knife the other lone wolf, whom he does not know."""
    t = game(狼刀狼人="不可以")
    t.night()
    t.say(3, "/守护 空")
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")
    t.say(2, "/毒 7号")
    t.dawn()
    t.exile(8)
    lone_night(t)
    t.say(9, "/刀 9号")
    assert not t.changed and t.seat_got(9, "不能刀狼队友"), t.reply()
    t.say(9, "/刀 10号")
    assert t.changed, t.reply()
