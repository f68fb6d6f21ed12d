"""毒师 (common-boards.md 3.1, 2.3, 1.4 毒杀)."""

from __future__ import annotations

from bansha_engine.model import KILL, POISON
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("魔术师", "30分钟"),
    ("狼人", "30分钟"),
    ("毒师", "30分钟"),
    ("女巫", "60分钟"),
    ("猎魔人", "30分钟"),
]
SEATS = {
    1: "毒师",
    2: "女巫",
    3: "猎人",
    4: "猎魔人",
    5: "魔术师",
    6: "村民",
    7: "村民",
    8: "狼人",
    9: "狼人",
}


def game(hunter: str = "") -> Table:
    roster: dict[str, int | str] = {
        "狼人": 2,
        "毒师": 1,
        "女巫": 1,
        "猎人": f"{{数量: 1{hunter}}}",
        "猎魔人": 1,
        "魔术师": 1,
        "村民": 2,
    }
    return started(board(roster, NIGHT), SEATS)


def night(t: Table, *commands: tuple[int, str], kill: str = "空") -> None:
    t.night()
    t.wolf(8, f"/刀 {kill}")
    t.wolf(9, f"/刀 {kill}")
    for seat, command in commands:
        t.say(seat, command)
        assert t.changed, t.reply()
    t.dawn()


def test_the_poison_is_a_poisoning_and_he_never_learns_the_kill() -> None:
    t = game()
    t.night()
    assert t.seat_got(1, "/毒 N号") and not t.seat_got(1, "指杀"), t.reply()
    t.wolf(8, "/刀 6号")
    t.wolf(9, "/刀 6号")
    assert not t.seat_got(1, "6号"), t.reply()
    t.say(1, "/毒 9号")
    assert t.changed and t.seat_got(1, "已记录：今晚对9号使用毒药"), t.reply()
    t.dawn()
    assert t.exits() == [(6, KILL), (9, POISON)], t.reply()
    assert t.director_got("1号（毒师）对9号使用毒药"), t.reply()


def test_one_poison_a_game() -> None:
    t = game()
    night(t, (1, "/毒 9号"))
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "/毒 N号"), t.reply()
    t.say(1, "/毒 8号")
    assert not t.changed and "毒药已经用过了" in t.reply(), t.reply()


def test_the_witch_and_the_poisoner_each_use_their_own_poison() -> None:
    t = game()
    t.night()
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(2, "/毒 9号")
    assert t.changed and t.seat_got(2, "已记录：对9号使用毒药"), t.reply()
    t.say(1, "/毒 8号")
    assert t.changed and t.seat_got(1, "已记录：今晚对8号使用毒药"), t.reply()
    t.dawn()
    assert sorted(t.exits()) == [(8, POISON), (9, POISON)], t.reply()


def test_the_directors_read_whose_poison_it_may_have_been() -> None:
    """1.4 毒杀 is every poison: with a 女巫 and a 毒师 on the board a poisoned seat is 被毒杀; on a board
    where the 毒师 alone poisons (盗宝大师), 被毒师毒杀 — never 被女巫毒杀 (the old word for every poison)."""
    t = game()
    night(t, (1, "/毒 9号"))
    assert t.director_got("9号（狼人）被毒杀") and not t.director_got("被女巫毒杀"), t.reply()
    roster = {"狼人": 2, "毒师": 1, "猎人": "{数量: 1, 毒杀开枪: 不能}", "村民": 4}
    seats = {1: "毒师", 2: "猎人", 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("毒师", "30分钟")]), seats)
    assert t.seat_got(2, "被毒师毒杀时不能开枪", ever=True), t.to_seat(2, ever=True)
    t.night()
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")
    t.say(1, "/毒 2号")  # the last choice of the night: it resolves
    assert t.director_got("2号（猎人）被毒师毒杀，不能开枪"), t.reply()
    assert t.director_got("2号（猎人）被毒师毒杀\n"), t.reply()


def test_a_poisoned_hunter_shoots_by_his_poisoned_shot_option() -> None:
    t = game(", 毒杀开枪: 不能")
    night(t, (1, "/毒 3号"))
    assert t.exits() == [(3, POISON)] and not t.game.prompts, t.reply()
    t = game()
    night(t, (1, "/毒 3号"))
    assert t.exits() == [(3, POISON)] and t.seat_got(3, "/开枪 N号 带走"), t.reply()


def test_a_seat_immune_to_poison_stays_and_the_poison_is_spent() -> None:
    t = game()
    night(t, (1, "/毒 4号"))
    assert t.exits() == [] and t.alive(4), t.reply()
    t.say(1, "/身份")
    assert "已用完" in t.reply(), t.reply()


def test_himself_and_a_swap() -> None:
    t = game()
    night(t, (1, "/毒 1号"))
    assert t.exits() == [(1, POISON)], t.reply()
    t = game()
    night(t, (5, "/交换 6号 9号"), (1, "/毒 6号"))
    assert t.exits() == [(9, POISON)] and t.alive(6), t.reply()


def test_a_pass_keeps_the_poison() -> None:
    t = game()
    t.night()
    t.say(1, "/放弃 毒药")
    assert t.changed and "已放弃毒师用毒" in t.reply(), t.reply()
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/毒 9号")
    assert t.changed, t.reply()


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    t.say(6, "/毒 9号")
    assert not t.changed and "你不是" in t.reply(), t.reply()
    t.say(1, "/毒")
    assert not t.changed and "用法：/毒 N号" in t.reply(), t.reply()


def test_sealed_unannounced_his_poison_is_void_and_spent() -> None:
    """2.10.3 第2条: under 封印告知: 不可以 a sealed seat's once-a-game thing is spent all the same."""
    roster: dict[str, int | str] = {"狼人": 2, "企鹅": 1, "毒师": 1, "预言家": 1, "村民": 2}
    night_order = [("企鹅", "15分钟"), ("狼人", "30分钟"), ("毒师", "30分钟"), ("预言家", "30分钟")]
    seats = {1: "毒师", 2: "企鹅", 3: "预言家", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, night_order, 封印告知="不可以"), seats)
    t.night()
    t.say(2, "/冰冻 1号")
    t.say(1, "/毒 6号")
    assert t.changed and t.seat_got(1, "已记录：今晚对6号使用毒药"), t.reply()
    t.dawn()
    assert t.exits() == [], t.reply()
    t.exile(None)
    t.night()
    t.say(1, "/毒 6号")
    assert not t.changed and "毒药已经用过了" in t.reply(), t.reply()
