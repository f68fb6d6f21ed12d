"""复仇者 (common-boards.md 3.3, 2.7, 5.3.10; 补充裁定 16)."""

from __future__ import annotations

from bansha_engine import checks, library, pack
from bansha_engine.model import ASSASSINATE
from tests.common_helpers import SHADOW_AVENGER, SHADOW_AVENGER_SEATS, board, started
from tests.engine_helpers import Table


def first_night(t: Table, model: int) -> None:
    t.night()
    t.say(4, f"/模仿 {model}号")
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(2, "/放弃")
    t.dawn()


def test_told_his_camp_when_the_shadows_step_closes_the_opposite_of_the_shadows() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    assert t.camp(5) == "影子阵营"
    t.say(4, "/模仿 6号")
    assert t.seat_got(5, "你现在属于狼人阵营"), t.reply()
    assert t.camp(5) == "狼人阵营" and library.category_of(t.game, 5) == library.WOLF
    assert not pack.in_pack(t.game, 5)  # a lone wolf


def test_against_a_wolf_shadow_he_is_a_god_of_the_village() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 8号")
    assert t.camp(5) == "村民阵营" and library.category_of(t.game, 5) == library.GOD
    assert t.seat_got(5, "你离场时可以刺杀") and not t.seat_got(5, "出局"), t.reply()  # 补充裁定 16


def test_a_camp_check_of_him_always_answers_village() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 6)
    assert t.camp(5) == "狼人阵营" and checks.camp_of(t.game, 5) == "村民阵营"


def test_out_he_assassinates_a_seat_of_the_opposite_camp() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 8)  # he helps the village
    t.exile(5)
    assert t.seat_got(5, "刺杀"), t.reply()
    t.say(5, "/刺杀 9号")
    assert (9, ASSASSINATE) in t.exits(), t.reply()


def test_a_seat_of_his_own_camp_is_untouched() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 8)
    t.exile(5)
    t.say(5, "/刺杀 6号")
    assert t.alive(6) and t.director_got("没有效果"), t.reply()


def test_the_shadow_before_inheriting_wins_him_the_game_alone() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 6)
    t.exile(5)
    t.say(5, "/刺杀 4号")
    assert t.game.winner == "复仇者阵营" and t.director_got("复仇者阵营胜利"), t.reply()


def test_a_shadow_that_inherited_is_judged_by_its_camp() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 6)  # the shadow follows a 村民: he helps the wolves
    t.exile(6)
    assert t.role(4) == "村民"
    t.pass_night()
    t.exile(5)
    t.say(5, "/刺杀 4号")
    assert t.game.winner is None and (4, ASSASSINATE) in t.exits(), t.reply()


def test_a_red_card_gives_no_assassination_the_poison_does() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 8)
    t.director("/罚下 5号")
    assert not t.seat_got(5, "刺杀"), t.reply()
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 8)
    t.night()
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(2, "/毒 5号")
    t.dawn()
    assert t.seat_got(5, "刺杀", ever=True), t.reply()


def test_bound_he_has_no_assassination() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 5)
    t.exile(5)
    assert not t.seat_got(5, "刺杀"), t.reply()


def test_helping_the_wolves_he_holds_the_kill_once_the_group_is_out() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    first_night(t, 6)
    t.exile(8)
    t.pass_night()
    t.exile(9)
    assert t.game.winner is None  # he is of 狼人阵营 and alive
    t.night()
    assert t.seat_got(5, "狼群已经没有存活的狼人，今晚起由你刀人"), t.reply()
    t.say(5, "/刀 7号")
    assert t.changed, t.reply()


def test_without_a_shadow_he_helps_the_village() -> None:
    roster = {"狼人": 2, "预言家": 1, "复仇者": 1, "村民": 3}
    seats = {1: "预言家", 2: "复仇者", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("预言家", "30分钟")]), seats)
    t.night()
    assert t.camp(2) == "村民阵营" and t.seat_got(2, "你现在属于村民阵营"), t.reply()
