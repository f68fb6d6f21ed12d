"""影子 (common-boards.md 3.3, 2.7, 5.3.9, 5.3.11; 补充裁定 16, 18)."""

from __future__ import annotations

from bansha_engine import checks, library, pack
from bansha_engine.model import LOVE_SUICIDE, RAID
from bansha_engine.roles import witch
from tests.common_helpers import (
    SHADOW_AVENGER,
    SHADOW_AVENGER_NIGHT,
    SHADOW_AVENGER_ROSTER,
    SHADOW_AVENGER_SEATS,
    board,
    started,
)
from tests.engine_helpers import Table


def rest_of_night(t: Table, kill: str = "空", witch_says: str = "/放弃") -> None:
    t.wolf(8, f"/刀 {kill}")
    t.wolf(9, f"/刀 {kill}")
    t.say(2, witch_says)
    t.dawn()


def test_refused_imitations_and_no_pass() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    for text, why in (
        ("/模仿 4号", "不能选择自己"),
        ("/模仿", "用法"),
        ("/放弃", "强制"),
        ("/放弃 模仿", "强制"),
    ):
        t.say(4, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(3, "/模仿 1号")
    assert not t.changed and "你不是影子" in t.reply()


def test_timed_out_a_model_is_chosen_at_random() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.wait(31 * 60)
    assert t.seat_got(4, "已随机模仿", ever=True), t.to_seat(4, ever=True)


def test_he_takes_the_camp_of_his_model_at_the_steps_close_and_answers_it() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 8号")
    assert t.camp(4) == "狼人阵营" and t.seat_got(4, "你模仿了8号"), t.reply()
    assert t.seat_got(4, "你现在属于狼人阵营") and not t.seat_got(4, "8号是狼人"), t.reply()
    assert checks.camp_of(t.game, 4) == "非村民阵营" and checks.role_of(t.game, 4) == "影子"
    assert library.category_of(t.game, 4) == library.OTHER
    assert not pack.in_pack(t.game, 4)


def test_when_his_model_leaves_he_inherits_the_role_and_its_state() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 2号")
    t.wolf(8, "/刀 6号")
    t.wolf(9, "/刀 6号")
    t.say(2, "/救 6号")
    t.dawn()
    t.exile(2)
    assert t.role(4) == "女巫" and t.camp(4) == "村民阵营", t.reply()
    assert t.seat_got(4, "2号离场，你继承了他的身份：女巫") and not t.seat_got(4, "出局"), t.reply()
    assert not witch.has(t.game, 4, "save") and witch.has(t.game, 4, "poison")
    assert library.category_of(t.game, 4) == library.GOD
    assert checks.role_of(t.game, 4) == "女巫"


def test_inheriting_a_role_whose_skills_speak_of_leaving_he_reads_离场_not_出局() -> None:
    """补充裁定 16 「活着的人收到的私聊不写「出局」」: the inherited 猎人's skill line says 离场."""
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 3号")
    rest_of_night(t)
    t.exile(3)
    t.say(3, "/放弃")
    assert t.role(4) == "猎人" and t.seat_got(4, "离场后", ever=True), t.to_seat(4, ever=True)
    assert not any("出局" in text for text in t.to_seat(4, ever=True)), t.to_seat(4, ever=True)


def test_a_wolf_model_brings_him_into_the_wolf_group() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 8号")
    rest_of_night(t)
    t.exile(8)
    assert t.role(4) == "狼人" and pack.in_pack(t.game, 4), t.reply()
    assert t.director_got("请把4号拉进狼群") and t.group_got("4号继承了8号的身份，加入狼群"), t.reply()
    t.night()
    t.wolf(4, "/刀 6号")
    assert t.changed, t.reply()


def bound(t: Table) -> None:
    t.night()
    t.say(4, "/模仿 5号")
    rest_of_night(t)


def test_imitating_the_avenger_binds_them() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 5号")
    assert t.seat_got(4, "5号是复仇者") and t.seat_got(5, "4号是影子"), t.reply()
    assert t.camp(4) == t.camp(5) == "影子阵营"
    assert checks.camp_of(t.game, 4) == checks.camp_of(t.game, 5) == "村民阵营"


def test_bound_they_raid_past_every_protection_from_night_two() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    bound(t)
    t.exile(None)
    t.night()
    t.say(4, "/袭击 5号")
    assert not t.changed and "同伴" in t.reply()
    t.say(4, "/袭击 1号")
    t.say(5, "/袭击 6号")  # the last one stands
    t.wolf(8, "/刀 7号")
    t.wolf(9, "/刀 7号")
    assert not t.seat_got(2, "6号"), t.reply()  # not a kill: the witch does not learn it
    t.say(2, "/救 6号")
    t.dawn()
    assert (6, RAID) in t.exits() and t.alive(1), t.exits()


def test_no_raid_on_the_first_night_nor_by_an_unbound_shadow() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/袭击 1号")
    assert not t.changed and "只有绑定" in t.reply()


def test_bound_they_leave_together() -> None:
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    bound(t)
    t.exile(5)
    assert (4, LOVE_SUICIDE) in t.exits(), t.exits()


def test_their_camp_wins_alone() -> None:
    roster = {"狼人": 1, "预言家": 1, "影子": 1, "复仇者": 1, "村民": 2}
    seats = {1: "预言家", 2: "村民", 3: "村民", 4: "影子", 5: "复仇者", 6: "狼人"}
    t = started(board(roster, [("影子", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟")]), seats)
    t.night()
    t.say(4, "/模仿 5号")
    t.wolf(6, "/刀 空")
    t.dawn()
    t.exile(6)
    assert t.game.winner is None
    t.night()
    t.say(4, "/袭击 1号")
    t.say(5, "/袭击 1号")
    t.dawn()  # the village's only 神职 out (屠边); the wolves out already: one camp left
    assert t.game.winner == "影子阵营" and t.director_got("影子阵营胜利", ever=True), t.reply()


def test_a_shot_his_model_was_offered_on_leaving_is_spent_for_him() -> None:
    """Ruling: the state he inherits is the model's once its exit's own triggers ran."""
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 3号")
    rest_of_night(t)
    t.exile(3)
    t.say(3, "/开枪 8号")
    assert t.role(4) == "猎人" and t.seat_got(4, "你继承了他的身份：猎人"), t.reply()
    t.pass_night()
    t.exile(4)
    assert not t.seat_got(4, "开枪"), t.reply()


FEAR_NIGHT = [("噩梦之影", "15分钟"), *SHADOW_AVENGER_NIGHT]
FEAR_ROSTER = {**SHADOW_AVENGER_ROSTER, "狼人": 1, "噩梦之影": 1}


def test_a_seal_does_not_keep_him_from_imitating_but_from_raiding() -> None:
    """补充裁定 10: 「只在第1夜做一次的「必须」选择（…影子…）不受封印影响」; his 袭击 is a nightly skill."""
    t = started(board(FEAR_ROSTER, FEAR_NIGHT), {**SHADOW_AVENGER_SEATS, 9: "噩梦之影"})
    t.night()
    t.say(9, "/恐惧 4号")
    t.say(4, "/模仿 5号")
    assert t.changed and t.camp(4) == t.camp(5) == "影子阵营", t.reply()
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(2, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(9, "/恐惧 5号")
    t.say(5, "/袭击 1号")
    assert not t.changed and "恐惧" in t.reply(), t.reply()
