"""灯影预言家 (common-boards.md 3.1, 2.7, 补充裁定 13)."""

from __future__ import annotations

from bansha_engine.model import REFLECT
from tests.common_helpers import board, started
from tests.engine_helpers import Table, qq

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟"), ("灯影预言家", "30分钟")]
SEATS = {1: "预言家", 2: "灯影预言家", 3: "村民", 4: "守卫", 5: "狼人", 6: "狼人"}


def game() -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "灯影预言家": 1, "守卫": 1, "村民": 1}
    night = [("守卫", "30分钟"), *NIGHT]
    return started(board(roster, night), SEATS)


def night(t: Table, seer: int, lantern: int) -> None:
    t.night()
    t.wolf(5, "/刀 空")
    t.wolf(6, "/刀 空")
    t.say(1, f"/预言 {seer}号")
    t.say(2, f"/预言 {lantern}号")
    assert t.changed, t.reply()
    t.dawn()


def test_he_is_told_he_is_the_seer_everywhere() -> None:
    t = game()
    opening = t.to_seat(2, ever=True)
    assert any("身份：预言家" in text for text in opening), opening
    t.say(2, "/身份")
    assert "身份：预言家" in t.reply() and "灯影" not in t.reply(), t.reply()
    seer_lines = t.reply().split("\n")[1:]
    t.say(1, "/身份")
    assert t.reply().split("\n")[1:] == seer_lines  # the same skill lines as the 预言家's
    help_text = t.game.help_for(qq(2)) or ""
    assert "身份：预言家" in help_text and "灯影" not in help_text, help_text
    night(t, 5, 5)
    t.exile(None)
    night(t, 3, 3)
    assert not any("灯影" in text for text in t.to_seat(2, ever=True)), t.to_seat(2, ever=True)


def test_his_step_reads_as_the_seers() -> None:
    t = game()
    t.night()
    t.wolf(5, "/刀 空")
    t.wolf(6, "/刀 空")
    assert t.to_seat(2) == t.to_seat(1), (t.to_seat(1), t.to_seat(2))
    t.say(1, "/预言 3号")
    seer_ack = t.reply()
    t.say(2, "/预言 3号")
    assert t.reply().split(": ", 1)[1] == seer_ack.split(": ", 1)[1], (seer_ack, t.reply())


def test_his_results_are_the_other_way_round() -> None:
    t = game()
    night(t, 5, 5)
    assert t.seat_got(1, "第1夜查验结果：5号是非村民阵营。", ever=True)
    assert t.seat_got(2, "第1夜查验结果：5号是村民阵营。", ever=True)
    t.exile(None)
    night(t, 3, 3)
    assert t.seat_got(1, "第2夜查验结果：3号是村民阵营。", ever=True)
    assert t.seat_got(2, "第2夜查验结果：3号是非村民阵营。", ever=True)


def test_directors_see_the_real_role() -> None:
    t = game()
    t.director("/状态")
    assert "2号：QQ10002，灯影预言家" in t.reply(), t.reply()
    night(t, 5, 5)
    assert t.director_got("2号（灯影预言家）查验5号：得到村民阵营（实为非村民阵营）", ever=True)


def test_the_game_end_tells_him_nothing_of_his_role() -> None:
    t = game()
    night(t, 5, 5)
    t.exile(5)
    t.night()
    t.wolf(6, "/刀 空")
    t.dawn()
    t.exile(6)
    assert t.game.ended
    end = [text for text in t.to_seat(2) if "游戏结束" in text]
    assert end and all("灯影" not in text for text in end), t.to_seat(2)


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    t.say(2, "/预言 2号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()


def test_his_check_reflects_off_the_evil_knight_and_he_learns_his_own_rules_answer() -> None:
    """His check is a check as the 预言家's (the real 恶灵骑士 hears of it and reflects: 第七节 「任何非狼人的
    查验」), and he learns the answer turned round: 「3号是村民阵营」."""
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "灯影预言家": 1, "守卫": 1, "恶灵骑士": 1}
    night_order = [("守卫", "30分钟"), *NIGHT]
    t = started(board(roster, night_order), {**SEATS, 3: "恶灵骑士"})
    night(t, 5, 3)
    assert t.seat_got(2, "3号是村民阵营", ever=True), t.reply()
    assert t.exits() == [(2, REFLECT)], t.reply()


def test_a_cursed_fox_he_checks_leaves_and_he_learns_his_own_rules_answer() -> None:
    """补充裁定 13: 「灯影预言家 N号是非村民阵营」, and the 咒狐 leaves all the same."""
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "灯影预言家": 1, "守卫": 1, "咒狐": 1}
    night_order = [("守卫", "30分钟"), *NIGHT]
    t = started(board(roster, night_order), {**SEATS, 3: "咒狐"})
    night(t, 5, 3)
    assert t.seat_got(2, "3号是非村民阵营", ever=True)
    assert (3, "查验出局") in t.exits(), t.exits()
