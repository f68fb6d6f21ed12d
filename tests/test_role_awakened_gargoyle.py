"""觉醒石像鬼 (common-boards.md 3.2, 2.10.6, 2.10.7, 补充裁定 10, 18)."""

from __future__ import annotations

from bansha_engine import checks, pack
from bansha_engine.library import WOLF, category_of
from bansha_engine.model import SHOT, VILLAGE, WOLVES
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("觉醒石像鬼", "30分钟"),
    ("守卫", "30分钟"),
    ("狼人", "30分钟"),
    ("女巫", "60分钟"),
    ("预言家", "30分钟"),
]
# The group: 1号 and 5号; next to them on the ring: 9号 and 2号, 4号 and 6号.
SEATS = {
    1: "狼人",
    2: "预言家",
    3: "村民",
    4: "村民",
    5: "觉醒石像鬼",
    6: "猎人",
    7: "女巫",
    8: "村民",
    9: "守卫",
}
ROSTER = {"狼人": 1, "觉醒石像鬼": 1, "预言家": 1, "女巫": 1, "猎人": 1, "守卫": 1, "村民": 3}


def first_night(**keys: str) -> Table:
    t = started(board(ROSTER, NIGHT, **keys), SEATS)
    t.night()
    return t


def turned(target: int) -> Table:
    """Night 1: `target` turned, nothing else; day 2 open."""
    t = first_night()
    t.say(5, f"/转化 {target}号")
    assert t.changed, t.reply()
    t.dawn()
    return t


def test_he_turns_a_seat_next_to_the_group_not_of_it() -> None:
    t = first_night()
    assert t.seat_got(5, "可以转化：2号、4号、6号、9号"), t.reply()
    t.say(5, "/转化 5号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(5, "/转化 1号")
    assert not t.changed and "狼队成员" in t.reply(), t.reply()
    t.say(5, "/转化 3号")
    assert not t.changed and "不和任何狼队成员相邻" in t.reply(), t.reply()
    t.say(5, "/转化 9号")  # 9号 and 1号 sit next to each other on the ring (2.10.6)
    assert t.changed and t.seat_got(5, "今晚转化9号"), t.reply()


def test_forced_and_chosen_at_random_at_the_deadline() -> None:
    t = first_night()
    t.say(5, "/放弃 转化")
    assert not t.changed and "不能放弃" in t.reply(), t.reply()
    t.wait(31 * 60)
    chosen = [text for text in t.to_seat(5, ever=True) if "随机选择" in text and "今晚转化" in text]
    assert chosen and any(f"转化{n}号" in chosen[0] for n in (2, 4, 6, 9)), t.to_seat(5, ever=True)


def test_a_plain_pass_passes_his_knife_vote_and_says_the_turn_is_still_to_make() -> None:
    """/放弃 passes every choice he may pass (his vote in the group's knife); the forced 转化 stays
    open, and the reply says so (1.2 第4条: 「必须」的技能不能 /放弃，回复说明原因)."""
    t = first_night()
    t.say(5, "/放弃")
    assert t.changed and "已放弃：狼人杀人" in t.reply(), t.reply()
    assert "转化是强制技能，不能放弃" in t.reply(), t.reply()
    assert t.game.night is not None and t.game.night.state["awakened_gargoyle"] == "open"


def test_a_seal_does_not_touch_it() -> None:
    """补充裁定 10: the first night's forced choices are made whatever the seals."""
    roster = {**ROSTER, "村民": 2, "噩梦之影": 1}
    t = started(board(roster, [("噩梦之影", "15分钟"), *NIGHT]), {**SEATS, 8: "噩梦之影"})
    t.night()
    t.say(8, "/恐惧 5号")  # the real 噩梦之影: on night 1 he knows no wolf
    assert t.changed and t.seat_got(5, "你今晚被恐惧", ever=True), t.reply()
    t.say(5, "/转化 6号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.camp(6) == WOLVES


def test_the_turned_seat_is_told_and_becomes_a_lone_wolf() -> None:
    t = turned(6)
    assert t.seat_got(6, "你被觉醒石像鬼转化，现在属于狼人阵营"), t.reply()
    assert not t.seat_got(6, "出局"), t.reply()  # 补充裁定 16: 「狼群全部离场后……」
    assert t.camp(6) == WOLVES and category_of(t.game, 6) == WOLF
    assert checks.camp_of(t.game, 6) == "非村民阵营" and checks.role_of(t.game, 6) == "猎人"
    assert pack.is_lone_wolf(t.game, 6) and 6 not in pack.members(t.game)
    assert not t.group_got("转化", ever=True), "the group is not told"
    assert not t.seat_got(5, "被转化"), "nor is he"


def test_a_check_that_night_sees_the_turn() -> None:
    t = first_night()
    t.say(5, "/转化 6号")
    t.say(2, "/预言 6号")
    t.dawn()
    assert t.seat_got(2, "6号是非村民阵营"), t.reply()


def test_he_keeps_his_skills_while_the_group_lives() -> None:
    t = turned(2)
    t.exile(None)
    t.night()
    t.say(2, "/预言 3号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(2, "3号是村民阵营"), t.reply()
    t = turned(6)
    t.exile(6)
    assert t.seat_got(6, "开枪"), t.reply()
    t.say(6, "/开枪 3号")
    assert (3, SHOT) in t.exits()


def out_of_the_group(t: Table) -> None:
    """Days 2 and 3 send the group out (1号, then 5号)."""
    t.exile(1)
    t.pass_night()
    t.exile(5)
    assert not pack.members(t.game) and not t.game.ended, t.reply()


def test_once_the_group_is_out_he_loses_his_skills() -> None:
    t = turned(2)
    out_of_the_group(t)
    assert not any("出局" in text for text in t.to_seat(2, ever=True)), t.to_seat(2, ever=True)  # 补充裁定 16
    t.say(2, "/身份")
    assert "失去了原来的技能" in t.reply() and "出局" not in t.reply(), t.reply()
    t.night()
    assert not t.seat_got(2, "查验"), t.reply()
    t.say(2, "/预言 3号")
    assert not t.changed and "失去了原来的技能" in t.reply() and "出局" not in t.reply(), t.reply()


def test_the_next_night_he_takes_the_knife() -> None:
    """2.8: the night after the group has no living member, the turned seat (a lone wolf) kills."""
    t = turned(4)
    out_of_the_group(t)
    t.night()
    assert t.seat_got(4, "今晚起由你刀人"), t.reply()
    t.say(4, "/刀 3号")
    assert t.changed, t.reply()
    t.dawn()
    assert not t.alive(3), t.reply()


def test_a_turned_hunter_does_not_shoot_once_the_group_is_out() -> None:
    t = turned(6)
    out_of_the_group(t)
    t.pass_night()
    t.exile(6)
    assert not t.seat_got(6, "开枪") and not t.game.prompts, t.reply()


def test_the_village_wins_only_once_the_turned_seat_is_out() -> None:
    t = turned(4)
    out_of_the_group(t)
    assert not t.game.ended
    t.pass_night()
    t.exile(4)
    assert t.game.winner == VILLAGE, t.reply()


def test_a_lone_wolf_next_to_the_group_may_be_named_and_nothing_happens() -> None:
    """补充裁定 18: the restriction reads the group's members only; the lone wolf is not told."""
    roster = {**ROSTER, "机械狼": 1}
    del roster["守卫"]
    night = [step for step in NIGHT if step[0] != "守卫"] + [("机械狼", "30分钟")]
    t = started(board(roster, night), {**SEATS, 9: "机械狼"})
    t.night()
    t.say(5, "/转化 9号")
    assert t.changed, t.reply()
    t.dawn()
    assert not t.seat_got(9, "转化") and t.director_got("9号已是狼人阵营，转化没有效果"), t.reply()


def test_only_he_turns() -> None:
    t = first_night()
    t.say(1, "/转化 2号")
    assert not t.changed and "你不是觉醒石像鬼" in t.reply()


def test_the_turned_seat_may_not_explode() -> None:
    t = started(board(ROSTER, NIGHT, 自爆="双爆吞警徽"), SEATS)
    t.night()
    t.say(5, "/转化 4号")
    t.dawn()
    t.say(4, "/自爆")
    assert not t.changed and "单身狼不能自爆" in t.reply(), t.reply()


PASSIVE_NIGHT = [("觉醒石像鬼", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]


def test_a_turned_seat_without_its_skills_reads_nothing_without_a_command() -> None:
    """「狼群全部出局后，被转化的人失去原来的技能」: a turned 守墓人 learns no more exiles, a turned 熊 growls no
    more (his line reads as a sealed one's)."""
    for passive, told in (("守墓人", "守墓"), ("熊", "咆哮")):
        roster = {role: count for role, count in ROSTER.items() if role != "守卫"} | {passive: 1}
        t = started(board(roster, PASSIVE_NIGHT), {**SEATS, 9: passive})
        t.night()
        t.say(5, "/转化 9号")
        t.dawn()
        out_of_the_group(t)
        t.night()
        t.say(9, "/刀 空")
        t.say(7, "/放弃")
        t.say(2, "/预言 3号")
        assert t.game.night is None, t.reply()
        if passive == "守墓人":
            assert not t.seat_got(9, told), t.reply()
        else:
            assert t.director_got("9号（熊）：熊没有咆哮（失去了技能）"), t.reply()


def test_two_of_them_each_hear_only_the_seats_he_may_turn() -> None:
    roster = {**ROSTER, "觉醒石像鬼": 2, "村民": 2}
    t = started(board(roster, NIGHT), {**SEATS, 8: "觉醒石像鬼"})
    t.night()
    for seat in (5, 8):
        offers = [text for text in t.to_seat(seat) if "可以转化" in text]
        assert len(offers) == 1, t.to_seat(seat)
