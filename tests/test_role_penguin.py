"""企鹅 (common-boards.md 3.1, 2.10.3, 2.3, 补充裁定 10, 11)."""

from __future__ import annotations

from bansha_engine.model import KILL, SHOT, VOTE
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("企鹅", "15分钟"), ("魔术师", "30分钟"), ("摄梦人", "30分钟"), ("狼人", "30分钟")]
# 4号 the 熊 sits between 3号 (a wolf) and 5号
SEATS = {1: "企鹅", 2: "魔术师", 3: "狼人", 4: "熊", 5: "猎人", 6: "摄梦人", 7: "村民", 8: "狼人"}


def game(**keys: str) -> Table:
    roster: dict[str, int | str] = {
        "狼人": 2,
        "企鹅": 1,
        "魔术师": 1,
        "熊": 1,
        "猎人": 1,
        "摄梦人": 1,
        "村民": 1,
    }
    return started(board(roster, NIGHT, **keys), SEATS)


def freeze(t: Table, seat: int) -> None:
    t.night()
    t.say(1, f"/冰冻 {seat}号")
    assert t.changed and t.seat_got(1, f"已记录：今晚冰冻{seat}号"), t.reply()


def kill(t: Table, target: str) -> None:
    t.wolf(3, f"/刀 {target}")
    t.wolf(8, f"/刀 {target}")


def draft(t: Table) -> str:
    return next(text for text in t.to_director() if "公示草稿" in text)


def test_the_other_steps_wait_for_the_freeze_and_the_frozen_seat_is_told_and_refused() -> None:
    t = game()
    t.night()
    assert t.seat_got(1, "冰冻") and not t.seat_got(2, "交换") and not t.seat_got(6, "摄梦"), t.reply()
    t.say(1, "/冰冻 2号")
    assert t.seat_got(2, "你今晚被冰冻，不能使用技能"), t.reply()
    assert t.seat_got(6, "请选择今晚的梦游者"), t.reply()
    t.say(2, "/交换 5号 7号")
    assert not t.changed and "你今晚被冰冻，不能使用技能" in t.reply(), t.reply()


def test_a_frozen_bear_does_not_growl() -> None:
    t = game()
    freeze(t, 4)
    kill(t, "空")
    t.dawn()
    assert "熊没有咆哮" in draft(t), t.reply()
    assert t.director_got("3号（熊）") is False and t.director_got("4号（熊）：熊没有咆哮（被冰冻）"), (
        t.reply()
    )


def test_a_frozen_hunter_leaving_that_night_cannot_shoot_but_may_by_day() -> None:
    t = game()
    freeze(t, 5)
    kill(t, "5号")
    t.dawn()
    assert t.exits() == [(5, KILL)] and not t.game.prompts, t.reply()
    assert t.director_got("5号（猎人）在被冰冻的夜里出局，不能开枪", ever=True), t.reply()
    t = game()
    freeze(t, 5)
    kill(t, "空")
    t.dawn()
    t.exile(5)
    assert t.seat_got(5, "/开枪 N号 带走"), t.reply()
    t.say(5, "/开枪 3号")
    assert t.exits() == [(5, VOTE), (3, SHOT)], t.reply()


def test_a_frozen_dream_catcher_makes_no_dreamer_and_none_is_chosen_at_random() -> None:
    t = game()
    freeze(t, 6)
    kill(t, "空")
    t.wait(31 * 60)
    assert not t.seat_got(6, "已记录：今晚摄梦", ever=True), t.to_seat(6, ever=True)


def test_not_the_same_seat_two_nights_running_and_not_himself() -> None:
    t = game()
    t.night()
    t.say(1, "/冰冻 1号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(1, "/冰冻 7号")
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/冰冻 7号")
    assert not t.changed and "不能连着两晚冰冻同一名玩家" in t.reply(), t.reply()
    t.say(1, "/冰冻 2号")
    assert t.changed, t.reply()


def test_unannounced_a_frozen_magicians_swap_is_taken_void_and_spent() -> None:
    t = game(封印告知="不可以")
    freeze(t, 2)
    assert not t.seat_got(2, "冰冻"), t.reply()
    t.say(2, "/交换 4号 7号")
    assert t.changed and t.seat_got(2, "已记录：今晚交换4号和7号"), t.reply()
    t.say(6, "/摄梦 2号")
    kill(t, "4号")
    t.dawn()
    assert t.exits() == [(4, KILL)], t.reply()  # the swap was void
    t.exile(None)
    t.night()
    t.say(1, "/冰冻 3号")
    t.say(2, "/交换 7号 6号")
    assert not t.changed and "7号已经被交换过" in t.reply(), t.reply()


def test_a_frozen_wolf_leaves_the_wolves_without_a_kill() -> None:
    """3.1 「冰冻到狼人，狼队这一夜不能刀人」 (the wolves' kill reads the seal: engine/knife.py)."""
    t = game()
    freeze(t, 3)
    assert t.group_got("今晚狼队有人被冰冻，不能刀人"), t.reply()
    t.wolf(8, "/刀 7号")
    assert not t.changed, t.reply()
    t.dawn()
    assert t.exits() == [], t.reply()


def test_a_frozen_wolf_with_a_step_of_his_own_is_told_once() -> None:
    """2.10.3 第2条 「他的步骤开始时，机器人私聊…」: the real 狼巫's step and the wolves' kill open together
    after the freeze; he is told once."""
    roster: dict[str, int | str] = {"狼人": 1, "狼巫": 1, "企鹅": 1, "预言家": 1, "村民": 3}
    night = [("企鹅", "15分钟"), ("狼人", "30分钟"), ("狼巫", "30分钟"), ("预言家", "30分钟")]
    seats = {1: "企鹅", 2: "预言家", 3: "狼人", 4: "狼巫", 5: "村民", 6: "村民", 7: "村民"}
    t = started(board(roster, night), seats)
    freeze(t, 4)
    assert t.to_seat(4).count("【第1夜】你今晚被冰冻，不能使用技能。") == 1, t.reply()
    t.say(4, "/巫验 2号")
    assert not t.changed and "冰冻" in t.reply(), t.reply()
