"""The night-choice skeleton (engine/night_choice.py), through roles built on it: the order of a
single-target command's refusals, 「不能连着两晚」 kept for one night, a [必须] step's late phrase."""

from __future__ import annotations

from bansha_engine.night_choice import last_night_target
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("企鹅", "15分钟"), ("孤独少女", "30分钟"), ("狼人", "30分钟"), ("毒师", "30分钟")]
SEATS = {1: "企鹅", 2: "毒师", 3: "孤独少女", 4: "狼人", 5: "狼人", 6: "村民", 7: "村民"}


def game() -> Table:
    roster: dict[str, int | str] = {"企鹅": 1, "毒师": 1, "孤独少女": 1, "狼人": 2, "村民": 2}
    return started(board(roster, NIGHT), SEATS)


def refused(t: Table, seat: int, text: str) -> str:
    t.say(seat, text)
    assert not t.changed, t.reply()
    return t.reply()


def quiet_night(t: Table, freeze: str | None = None) -> None:
    """A night where the 企鹅 freezes `freeze` (or passes), 3号 worships 6号 on night 1, nobody dies."""
    t.night()
    t.say(1, f"/冰冻 {freeze}" if freeze else "/放弃")
    if t.game.night is not None and t.game.night.no == 1:
        t.say(3, "/崇拜 6号")
    t.dawn()
    t.exile(None)


def test_the_role_then_the_step_then_the_words_then_the_seat() -> None:
    t = game()
    assert "你不是企鹅" in refused(t, 6, "/冰冻"), t.reply()
    assert "现在不能冰冻：不是行动时间" in refused(t, 1, "/冰冻"), t.reply()
    t.night()
    assert "用法：/冰冻 N号" in refused(t, 1, "/冰冻 2号 3号"), t.reply()
    assert "不能选择自己作为冰冻对象" in refused(t, 1, "/冰冻 1号"), t.reply()
    t.say(1, "/冰冻 6号")
    assert t.changed and t.seat_got(1, "已记录：今晚冰冻6号。"), t.reply()


def test_a_skill_used_up_is_refused_before_the_step() -> None:
    t = game()
    t.night()
    t.say(1, "/放弃")
    t.say(3, "/崇拜 6号")
    t.wolf(4, "/刀 空")
    t.wolf(5, "/刀 空")
    t.say(2, "/毒 7号")
    assert t.changed and t.seat_got(2, "已记录：今晚对7号使用毒药。"), t.reply()
    t.dawn()
    assert "你的毒药已经用过了（整局只有一瓶）" in refused(t, 2, "/毒"), t.reply()


def test_the_seat_named_last_night_is_barred_for_one_night_only() -> None:
    t = game()
    quiet_night(t, "6号")
    t.night()
    assert last_night_target(t.game, 1, "penguin") == 6 and last_night_target(t.game, 1, "poisoner") is None
    assert "不能连着两晚冰冻同一名玩家：你昨晚冰冻了6号。" in refused(t, 1, "/冰冻 6号"), t.reply()
    t.say(1, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    assert last_night_target(t.game, 1, "penguin") is None
    t.say(1, "/冰冻 6号")
    assert t.changed, t.reply()


def test_a_forced_step_tells_a_late_seat_its_phrase() -> None:
    t = game()
    t.night()
    t.say(1, "/放弃")
    assert "崇拜是强制技能，不能放弃" in refused(t, 3, "/放弃"), t.reply()
    t.wait(31 * 60)
    assert t.seat_got(3, "崇拜已截止，你未行动，随机崇拜。", ever=True), t.to_seat(3, ever=True)
