"""咒狐 (common-boards.md 3.3, 5.3.7, 2.5 第5、6条, 补充裁定 5、13、18)."""

from __future__ import annotations

from bansha_engine.model import CHECK_DEATH
from bansha_engine.roles import witch
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "女巫", 3: "咒狐", 4: "村民", 5: "村民", 6: "猎人", 7: "狼人", 8: "狼人"}


def no_kill(t: Table) -> None:
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")


def fox_board(**fox_options: str) -> str:
    settings = "".join(f", {k}: {v}" for k, v in fox_options.items())
    roster = {"狼人": 2, "预言家": 1, "女巫": 1, "猎人": 1, "咒狐": f"{{数量: 1{settings}}}", "村民": 2}
    return board(roster, NIGHT)


def test_the_wolves_kill_does_nothing_and_the_witch_learns_it_and_spends_her_save_in_vain() -> None:
    t = started(fox_board(), SEATS)
    t.night()
    t.wolf(7, "/刀 3号")
    t.wolf(8, "/刀 3号")
    assert t.seat_got(2, "今晚被指杀的是3号"), t.reply()
    t.say(2, "/救 3号")
    t.dawn()
    assert t.alive(3) and t.director_got("平安夜"), t.reply()
    assert not witch.has(t.game, 2, "save")


def test_the_poison_is_spent_in_vain_by_default() -> None:
    t = started(fox_board(), SEATS)
    t.night()
    no_kill(t)
    t.say(2, "/毒 3号")
    t.dawn()
    assert t.alive(3) and not witch.has(t.game, 2, "poison")


def test_the_poison_takes_him_where_the_board_says_so() -> None:
    t = started(fox_board(被毒出局="可以"), SEATS)
    t.night()
    no_kill(t)
    t.say(2, "/毒 3号")
    t.dawn()
    assert not t.alive(3), t.reply()


def test_a_prophecy_answers_village_and_he_leaves_after_the_nights_other_exits() -> None:
    t = started(fox_board(), SEATS)
    t.night()
    t.wolf(7, "/刀 4号")
    t.wolf(8, "/刀 4号")
    t.say(2, "/放弃")
    t.say(1, "/预言 3号")
    t.dawn()
    assert t.seat_got(1, "3号是村民阵营", ever=True), t.to_seat(1, ever=True)
    assert t.exits() == [(4, "杀人"), (3, CHECK_DEATH)], t.exits()
    assert t.director_got("出局：4号、3号", ever=True)
    assert t.seat_got(3, "出局", ever=True)


def test_other_checks_do_not_make_him_leave() -> None:
    """「别的查验不会让他出局」: the real 通灵师's role check."""
    roster = {"狼人": 2, "预言家": 1, "女巫": 1, "猎人": 1, "咒狐": 1, "通灵师": 1, "村民": 1}
    t = started(board(roster, [*NIGHT, ("通灵师", "30分钟")]), {**SEATS, 5: "通灵师"})
    t.night()
    no_kill(t)
    t.say(5, "/通灵 3号")
    t.dawn()
    assert t.seat_got(5, "3号的身份是咒狐", ever=True) and t.alive(3), t.reply()


def test_a_prophecy_of_another_seat_does_nothing_to_him() -> None:
    t = started(fox_board(), SEATS)
    t.night()
    t.say(1, "/预言 7号")
    t.dawn()
    assert t.alive(3) and t.seat_got(1, "7号是非村民阵营", ever=True)


def test_alive_when_the_wolves_meet_their_condition_he_takes_the_win() -> None:
    t = started(fox_board(), SEATS)
    t.pass_night()
    t.exile(4)
    t.pass_night()
    t.exile(5)  # every 村民 out: 屠边
    assert t.game.winner == "咒狐阵营" and t.director_got("咒狐阵营胜利"), t.reply()


def test_alive_when_the_village_meets_its_condition_he_takes_the_win() -> None:
    t = started(fox_board(), SEATS)
    t.pass_night()
    t.exile(7)
    t.pass_night()
    t.exile(8)
    assert t.game.winner == "咒狐阵营", t.reply()


def test_out_he_takes_nothing() -> None:
    t = started(fox_board(被毒出局="可以"), SEATS)
    t.night()
    no_kill(t)
    t.say(2, "/毒 3号")
    t.dawn()
    t.exile(7)
    t.pass_night()
    t.exile(8)
    assert t.game.winner == "村民阵营", t.reply()


def test_his_own_night_exit_is_judged_last() -> None:
    """The kill that ends the village's 村民 and the prophecy of the fox fall on one night: the kill
    is judged while he still counts as alive (「咒狐出局在后」)."""
    t = started(fox_board(), SEATS)
    t.pass_night()
    t.exile(4)
    t.night()
    t.wolf(7, "/刀 5号")
    t.wolf(8, "/刀 5号")
    t.say(2, "/放弃")
    t.say(1, "/预言 3号")
    t.dawn()
    assert t.game.winner == "咒狐阵营", t.reply()


def test_a_poison_exit_of_his_that_night_is_judged_last_too() -> None:
    """Two witches poison the fox, then the hunter, whose shot at night takes the last 村民: the
    fox left first, yet his night exit is judged after the shot's (5.3.7)."""
    roster = {"狼人": 2, "预言家": 1, "女巫": 2, "猎人": 1, "咒狐": "{数量: 1, 被毒出局: 可以}", "村民": 2}
    seats = {**SEATS, 9: "女巫"}
    t = started(board(roster, NIGHT), seats)
    t.pass_night()
    t.exile(4)
    t.night()
    no_kill(t)
    t.say(2, "/毒 3号")
    t.say(9, "/毒 6号")
    t.say(1, "/放弃")
    assert not t.alive(3) and not t.alive(6), t.reply()
    t.say(6, "/开枪 5号")
    assert t.game.winner == "咒狐阵营", t.reply()
