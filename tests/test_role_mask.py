"""假面 (common-boards.md 3.2)."""

from __future__ import annotations

from bansha_engine import pack
from bansha_engine.library import ROLES
from bansha_engine.model import DANCE, POISON
from tests.common_helpers import board, started
from tests.engine_helpers import Table
from tests.test_role_dancer import NIGHT, ROSTER, SEATS, frozen_on_night_two, second_night


def test_his_step_opens_after_the_dancers_from_night_two() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    t.say(2, "/舞池 5号")
    assert not t.changed and "第2夜起" in t.reply(), t.reply()
    t.dawn()
    t.exile(None)
    t.night()
    assert not t.seat_got(2, "舞池"), t.reply()
    t.say(2, "/舞池 5号")
    assert "还没到" in t.reply(), t.reply()
    t.say(1, "/共舞 5号 6号 8号")
    assert t.seat_got(2, "/舞池 N号"), t.reply()  # the dancer's step closed: his opens


def dance(t: Table, seats: str = "5号 6号 8号") -> None:
    t.say(1, f"/共舞 {seats}")
    assert t.changed, t.reply()


def test_the_dance_floor_is_answered_at_once() -> None:
    t = second_night()
    dance(t)
    t.say(2, "/舞池 6号")
    assert t.seat_got(2, "6号在舞池中"), t.reply()
    t = second_night()
    dance(t)
    t.say(2, "/舞池 7号")
    assert t.seat_got(2, "7号不在舞池中"), t.reply()


def test_one_look_a_night() -> None:
    t = second_night()
    dance(t)
    t.say(2, "/舞池 6号")
    t.say(2, "/舞池 7号")
    assert not t.changed and "每晚只能查看一次舞池" in t.reply(), t.reply()


def test_neither_command_on_the_same_seat_two_nights_running() -> None:
    t = second_night()
    dance(t)
    t.say(2, "/舞池 6号")
    t.say(2, "/面具 6号")
    t.dawn()
    t.exile(None)
    t.night()
    dance(t, "7号 3号 9号")
    t.say(2, "/舞池 6号")
    assert not t.changed and "不能连着两晚查看同一名玩家" in t.reply(), t.reply()
    t.say(2, "/面具 6号")
    assert not t.changed and "不能连着两晚给同一名玩家戴面具" in t.reply(), t.reply()
    t.say(2, "/舞池 7号")
    t.say(2, "/面具 3号")
    assert t.changed, t.reply()


def test_the_mask_turns_a_camp_round_in_the_dance() -> None:
    """5号 and 6号 villagers, 8号 a wolf: masking 8号 makes three alike (nobody leaves); masking 5号
    makes 6号 the odd one."""
    t = second_night()
    dance(t)
    t.say(2, "/面具 8号")
    assert t.seat_got(2, "今晚给8号戴上面具"), t.reply()
    t.dawn()
    assert t.exits() == [] and t.director_got("三人阵营相同"), t.reply()
    t = second_night()
    dance(t)
    t.say(2, "/面具 5号")
    t.dawn()
    assert t.exits() == [(6, DANCE)], t.reply()


def test_a_mask_outside_the_dance_does_nothing() -> None:
    t = second_night()
    dance(t)
    t.say(2, "/面具 7号")
    t.dawn()
    assert t.exits() == [(8, DANCE)], t.reply()


def test_a_sealed_mask_is_refused() -> None:
    t = frozen_on_night_two(2)
    dance(t)
    t.say(2, "/舞池 6号")
    assert not t.changed and "冰冻" in t.reply(), t.reply()


def test_sealed_and_not_told_he_looks_in_vain() -> None:
    """封印告知: 不可以: his commands are taken, the look answers nothing, the mask does nothing."""
    t = frozen_on_night_two(2, 封印告知="不可以")
    dance(t)
    t.say(2, "/舞池 6号")
    assert t.seat_got(2, "已记录：今晚查看6号") and not t.seat_got(2, "舞池中"), t.reply()
    t.say(2, "/面具 8号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits() == [(8, DANCE)], t.reply()


def test_immune_to_the_poison() -> None:
    t = second_night()
    dance(t, "5号 6号 7号")
    t.say(2, "/放弃")
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(4, "/毒 2号")
    t.dawn()
    assert t.alive(2) and (2, POISON) not in t.exits(), t.reply()


def test_a_lone_wolf_who_may_not_explode() -> None:
    t = second_night()
    assert pack.is_lone_wolf(t.game, 2) and 2 not in pack.members(t.game)
    assert not t.seat_got(2, "狼人同伴", ever=True)
    assert not ROLES["假面"].self_destructs


def test_only_the_mask_uses_them() -> None:
    t = second_night()
    dance(t)
    t.say(5, "/面具 6号")
    assert not t.changed and "你不是假面" in t.reply()


def test_he_may_not_explode_where_wolves_may() -> None:
    t = started(board(ROSTER, NIGHT, 自爆="双爆吞警徽"), SEATS)
    t.say(2, "/自爆")
    assert not t.changed and "单身狼不能自爆" in t.reply(), t.reply()
