"""须弥 with all its roles together: where the batches' roles meet (the exit told at the end of 黄昏
with its last words, 穷奇's reward through gifts.gain, the shared helpers)."""

from __future__ import annotations

from bansha_engine import damage, status
from tests.engine_helpers import Table, qq
from tests.xumi_helpers import board_with, next_day, to_night_slot, to_night_two, wolves_in_group, xumi

# ---------------------------------------------------------------- 黄昏 exits


def test_a_seat_voted_out_hears_of_its_last_words_only_when_the_dusk_ends() -> None:
    """「在黄昏阶段…出局的角色出局信息，会在黄昏阶段结束后通知」: the last words would tell it sooner."""
    t = xumi(board_with({5: "定序王子", 9: "长老"}), sheriff=None)
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    t.director("/投票 1号 9号")
    t.director("/入夜")  # 黄昏1: 9号 leaves; 黄昏2 waits for the prince
    assert not t.alive(9) and t.game.night is not None and t.game.night.state.get("黄昏2") == "open"
    assert not t.seat_got(9, "出局") and not t.seat_got(9, "遗言")
    t.say(5, "/放弃")
    assert t.seat_got(9, "你在第2天黄昏出局。") and t.seat_got(9, "遗言")
    assert not t.seat_got(9, "放逐")  # that he left and when, not how (docs/rulings-xumi.md)
    assert t.director_got("第2天黄昏出局原因（不公示）：9号（长老）：被放逐")


# ---------------------------------------------------------------- 牧师 and 刺猬 (the core's example roles)


def _to_deep_night_two(t: Table) -> None:
    to_night_two(t)
    to_night_slot(t, "深夜2")


def test_sky_fire_takes_a_seat_of_any_camp_but_the_village() -> None:
    """「若结算目标实际阵营为[非村民阵营]」: the 吹笛者阵营 is not the village."""
    t = xumi()
    _to_deep_night_two(t)
    t.say(1, "/天火 10号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(10) and t.director_got("出局：10号")


def test_sky_fire_on_a_villager_does_nothing_and_is_spent() -> None:
    t = xumi()
    _to_deep_night_two(t)
    t.say(1, "/天火 6号")
    t.director("/天亮")
    assert t.alive(6) and t.director_got("平安夜")
    assert t.game.seats[1].skills["天火"].uses_left == 0


def test_a_hedgehog_whipped_by_two_skills_in_one_night_takes_both_sources() -> None:
    """「若刺猬一个夜晚被多次技能鞭尸，该技能会多次触发」: each damage that took him out has its chain."""
    t = xumi()
    _to_deep_night_two(t)
    for wolf in wolves_in_group(t):
        t.wolf(wolf, "/刀 7号")
    assert damage.deal(t.game, damage.Damage(7, damage.FATAL, 4, "测试"))  # as a second skill would
    t.director("/天亮")
    assert not t.alive(7) and not t.alive(4)
    assert len([w for w in (11, 12, 13, 14) if not t.alive(w)]) == 1


def test_a_dazed_last_voter_for_the_hedgehog_still_takes_the_damage() -> None:
    """[迷魂]: 「投票算作0票（但是依然可以触发投票相关技能）」."""
    t = xumi(sheriff=None)
    t.director("/入夜")
    next_day(t)
    status.grant(t.game, 5, "迷魂", source=None, skill="测试", until=None)
    t.director("/投票 2号 7号\n3号 7号\n5号 7号")
    t.director("/入夜")
    assert not t.alive(7) and not t.alive(5) and t.alive(2) and t.alive(3)


# ---------------------------------------------------------------- bad input


def test_another_boards_skill_word_says_this_board_has_no_such_skill() -> None:
    t = xumi()
    for word in ("救", "开枪"):
        t.say(1, f"/{word} 3号")
        assert not t.changed and f"须弥没有「{word}」这个技能" in t.reply()
    t.say(1, "/预言 3号")  # the 牧师's check: /预言 names the sender's own 验人系 check
    assert not t.changed and "侦测只能在深夜1发动" in t.reply()
    t.say(2, "/预言 3号")
    assert not t.changed and "你没有「侦测」这个技能" in t.reply()
    t.say(1, "/飞天 3号")
    assert not t.changed and "没有「飞天」这个命令" in t.reply()


def test_a_skill_word_of_a_skill_the_seat_lacks_names_the_skill() -> None:
    t = xumi()
    t.say(1, "/毒 3号")  # [毒药] is a 须弥 skill (the 曼陀罗's gift); the 牧师 has none
    assert not t.changed and "你没有「毒药」这个技能" in t.reply()


def test_a_seat_the_board_lacks_is_named_without_spaces() -> None:
    """CONVENTIONS: 「没有15号这个座位」, not 「没有 15号 这个座位」."""
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/放逐 15号")
    assert not t.changed and "没有15号这个座位（本局是1-14号）" in t.reply()
    t.director("/放逐 十五")
    assert not t.changed and "请写成「7号」「7」或「#7」" in t.reply()


# ---------------------------------------------------------------- /发牌 with hand-set roles


def _deal_with(roles: dict[int, str]) -> Table:
    t = Table("须弥")
    t.director("/开局 须弥")
    for seat in range(1, 15):
        t.director(f"/座位 {seat}号 {qq(seat)}")
    for seat, role in roles.items():
        t.director(f"/身份 {seat}号 {role}")
        assert t.changed, t.reply()
    t.director("/发牌")
    return t


def test_deal_refused_names_the_rule_the_hand_set_roles_break_for_good() -> None:
    t = _deal_with({1: "种狼", 2: "蚀日侍女"})
    assert not t.changed
    assert "种狼和蚀日侍女有且只有一个" in t.reply()
    assert "流光伯爵" not in t.reply()  # a drawn 流光伯爵 would mend that one


def test_deal_refused_when_no_draw_reaches_the_ratio() -> None:
    # village at least 10 + 35 + 7 = 52, wolves at most 37: 52/37 > 1.4
    t = _deal_with({1: "牧师", 2: "玄武", 3: "炼金魔女", 4: "特工", 5: "猎魔人"})
    assert not t.changed
    assert "倍率都到不了1.3～1.4" in t.reply()


def test_a_door_closed_before_it_opened_opens_it_first() -> None:
    """正午 comes between 晨曦 and the door close: what starts with it (the [寡言] list, 吞食's [不死],
    the extra vote) is not skipped when a director closes the door without /开门."""
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/吞食 6号")  # the 天狗: [不死] from the next 正午 until the next night
    t.director("/天亮")
    t.director("/投票 1号 6号")
    t.director("/入夜")
    assert t.changed and t.director_got("第2天还没开门：先按开门处理")
    assert t.director_got("公示：[寡言]状态：无人持有")
    assert t.alive(6) and t.director_got("最高票6号，平安日", ever=True)  # the [不死] began with the 正午


# ---------------------------------------------------------------- the tally is one moment (6L)

# HUNT's roles with the 混沌 at seat 1: the last wolf sits before the last 强神 in the tally's order.
LOW_WOLF = {
    1: "混沌", 2: "牧师", 3: "猎魔人", 4: "特工", 5: "清晰者", 6: "定序王子", 7: "病人", 8: "乳猪",
    9: "白猫", 10: "曼陀罗", 11: "吹笛者", 12: "天狗", 13: "狼学者", 14: "种狼",
}  # fmt: skip


def test_camps_lost_in_one_tally_are_lost_at_once_and_the_priority_decides() -> None:
    """「同时判负时，之前未判负的阵营中按照优先级获胜：三方＞狼人＞村民」: the last wolf (1号) and the last
    强神 (6号) leave in the same tally; seat order must not decide the winner."""
    t = xumi(LOW_WOLF, sheriff=None)
    t.director("/入夜")
    next_day(t)
    for seat in (11, 2, 3, 4, 5, 12, 13, 14):  # the piper, the 验人系, three 强神, three wolves
        assert damage.deal(t.game, damage.Damage(seat, damage.FATAL, None, "测试"))
        t.game.drain()
    assert not t.game.ended
    t.director("/入夜")
    t.say(6, "/放弃")
    to_night_slot(t, "深夜2")
    t.wolf(1, "/刀 6号")
    assert damage.deal(t.game, damage.Damage(1, damage.FATAL, None, "测试"))  # as a 天火 would
    t.director("/天亮")
    assert not t.alive(1) and not t.alive(6)
    assert t.game.winner == "狼人阵营"
    assert t.director_got("第2夜结算：出局：1号、6号")  # the night's summary, then the win
    assert t.director_got("狼人阵营胜利")


def test_a_game_ending_in_the_dusk_still_tells_its_exits() -> None:
    """The 黄昏 exits wait for the end of 黄昏 (「在黄昏阶段结束后通知」); a win in 黄昏1 must not drop them."""
    t = xumi(LOW_WOLF, sheriff=None)
    t.director("/入夜")
    next_day(t)
    for seat in (11, 12, 13, 14):  # the piper and three wolves
        assert damage.deal(t.game, damage.Damage(seat, damage.FATAL, None, "测试"))
        t.game.drain()
    t.director("/投票 2号 1号")
    t.director("/入夜")
    assert t.game.winner == "村民阵营"
    assert t.seat_got(1, "你在第2天黄昏出局。") and not t.seat_got(1, "遗言")
    assert t.director_got("公示：第2天黄昏：投票出局：1号")


def test_a_game_won_when_a_slot_closes_opens_no_further_slot() -> None:
    """The piper's win comes when 深夜1 closes (his 迷惑 reaches the last seat): 深夜2 must not open."""
    t = xumi(sheriff=None)
    _to_deep_night_two(t)  # then back to 深夜1 of night 3
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(2, "/摄梦 4号")
    to_night_slot(t, "深夜1")
    for seat in t.game.seats:  # every seat that can gain it but 6 holds a permanent [寡言] already
        if seat not in (6, 10):
            status.grant(t.game, seat, "寡言", source=10, skill="迷惑", until=None)
    for seat in (1, 11, 12):
        t.say(seat, "/放弃")
    t.say(10, "/迷惑 6号")
    assert t.game.winner == "吹笛者阵营"
    assert not t.group_got("【第3夜深夜2】", ever=True)


# ---------------------------------------------------------------- /时限 on 须弥


def test_time_limit_names_a_slot_by_the_role_acting_in_it() -> None:
    """COMMANDS.md: 「/时限 <身份> <时长> — set that role's open step to close after the duration」."""
    t = xumi(sheriff=None)
    t.director("/入夜")  # 午夜 is open: 摄梦人, 炼金魔女, 混沌
    t.director("/时限 摄梦人 30秒")
    assert t.changed and "已设置时限：午夜在30秒后（1月1日 12:" in t.reply()
    t.wait(31)
    assert t.seat_got(2, "摄梦未选择目标，已随机选择")  # [强制]: the random pick at the deadline
    assert t.game.night is not None and t.game.night.state["深夜1"] == "open"
    t.director("/时限 吹笛人 10秒")  # the pool's other spelling of 吹笛者
    assert t.changed and "深夜1在10秒后" in t.reply()
    t.director("/时限 预言家 10秒")
    assert not t.changed and "须弥没有「预言家」这个身份或时段" in t.reply()


def test_time_limit_names_the_kill_slot_by_the_wolves() -> None:
    t = xumi(sheriff=None)
    _to_deep_night_two(t)
    t.director("/时限 狼人 10秒")
    assert t.changed and "深夜2在10秒后" in t.reply()


def test_a_door_close_whose_dusk_is_already_over_is_refused() -> None:
    """A slip such as `/入夜 9:00` meant as 21:00 would settle 黄昏 and every slot at once."""
    t = xumi()  # 12:00
    t.director("/入夜 1:00")
    assert not t.changed and "1月1日 01:00" in t.reply() and "/入夜 13:00" in t.reply()
    assert t.game.phase == "day"
