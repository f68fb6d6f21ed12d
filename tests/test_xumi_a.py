"""须弥 roles of batch A — information and the vote: 利露帕尔, 高僧, 狼巫, 狼学者, 玄武, 官员, 天狗,
清晰者, and the vote's weights on 须弥 (sheriff +0.5, [独裁] +1, [迷魂] 0, 超限锁定 ×2, 狼学者's +1).

The boards are written out in full with roles that stay out of the way (no [强制] random choices,
nothing acting before 深夜1), so that the tests read the same once every role is in."""

from __future__ import annotations

import pytest

from bansha_engine import damage, skills, status
from bansha_engine.library import seat_state
from bansha_engine.pool import violations
from bansha_engine.roles.xumi import lilupal, lucid
from bansha_engine.roles.xumi.common import Appearance, in_group
from bansha_engine.roles.xumi.role_pool import POOL
from bansha_engine.skills import Use
from bansha_engine.timeline import Boundary
from tests.engine_helpers import WOLF_GROUP, Table
from tests.xumi_helpers import next_day, to_night_slot, xumi

# 利露帕尔 at 1; with the sheriff at 4 her children are 5…14 (the far side of the ring).
MOTHER_BOARD: dict[int, str] = {
    1: "利露帕尔", 2: "灵鹿", 3: "玄武", 4: "猎魔人", 5: "清晰者", 6: "官员", 7: "刺猬", 8: "白猫",
    9: "乳猪", 10: "吹笛者", 11: "狼巫", 12: "狼学者", 13: "穷奇", 14: "种狼",
}  # fmt: skip
# 高僧 at 1, 天狗 11 and 狼巫 12 in the group, 穷奇 13 takes the knife.
MONK_BOARD: dict[int, str] = {
    1: "高僧", 2: "清晰者", 3: "灵鹿", 4: "猎魔人", 5: "特工", 6: "官员", 7: "刺猬", 8: "长老",
    9: "乳猪", 10: "吹笛者", 11: "天狗", 12: "狼巫", 13: "穷奇", 14: "种狼",
}  # fmt: skip
GROUP = (11, 12, 14)  # the [群内] wolves of both boards


def test_the_boards_of_these_tests_are_valid() -> None:
    assert violations(POOL, list(MOTHER_BOARD.values())) == []
    assert violations(POOL, list(MONK_BOARD.values())) == []


def close(t: Table, slot: str) -> None:
    """Close `slot` if it is still open (it closes by itself once its last actor has acted)."""
    night = t.game.night
    if night is not None and night.state.get(slot) == "open":
        t.director("/推进")


def kill(t: Table, target: int) -> None:
    """The group kills `target` in 深夜2 (opened first)."""
    to_night_slot(t, "深夜2")
    for wolf in in_group(t.game):
        t.say(wolf, f"/刀 {target}号", group=WOLF_GROUP)


def to_day(t: Table) -> None:
    """End the night if it is still running."""
    if t.game.night is not None:
        t.director("/天亮")


def statuses(t: Table, seat: int) -> list[str]:
    return [s.label() for s in status.statuses(t.game, seat)]


def to_day_two(board: dict[int, str], *, sheriff: int | None) -> Table:
    t = xumi(board, sheriff=sheriff)
    t.director("/入夜")
    next_day(t)
    return t


# ================================================================ 利露帕尔


def test_the_mothers_children_are_the_far_side_from_the_sheriff_and_she_is_told() -> None:
    t = xumi(MOTHER_BOARD, sheriff=4)
    assert lilupal.children(t.game) == list(range(5, 15))  # 2、3 lie between her and 4: the near side
    assert t.seat_got(1, "你的子女是5号、6号、7号、8号、9号、10号、11号、12号、13号、14号")
    assert "[秩序]" in statuses(t, 1) and "[不死]" in statuses(t, 1)
    assert not t.seat_got(4, "子女") and not t.seat_got(5, "子女")


def test_equal_sides_give_one_side_at_random() -> None:
    seen = set()
    for seed in range(12):
        t = xumi(MOTHER_BOARD, sheriff=8, seed=seed)  # 2…7 and 9…14: six seats each
        seen.add(tuple(lilupal.children(t.game)))
    assert seen == {(2, 3, 4, 5, 6, 7), (9, 10, 11, 12, 13, 14)}


def test_the_far_side_skips_seats_that_left_before_the_election() -> None:
    t = xumi(MOTHER_BOARD, sheriff=None)
    game = t.game
    assert lilupal.children(game) == []  # no sheriff yet: 镇灵之母 has not fired
    game.seats[2].alive = game.seats[3].alive = False  # the ring of the 竞选日 without 2 and 3
    assert lilupal.far_side(game, 1, 6) == list(range(7, 15))  # 4、5 on the near side


def test_with_no_sheriff_she_has_no_children_no_statuses_and_no_bottle() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=None)
    assert statuses(t, 1) == []
    t.say(1, "/魔瓶 6号")
    assert not t.changed and "没有存活的子女" in t.reply()
    assert not status.has(t.game, 6, "独裁")


def test_as_the_sheriff_herself_every_other_seat_is_her_child() -> None:
    t = xumi(MOTHER_BOARD, sheriff=1)
    assert lilupal.children(t.game) == list(range(2, 15))
    t.game.part = "正午"  # her filtered [不死] counts against nobody's damage
    assert damage.deal(t.game, damage.Damage(1, damage.FATAL, 5, "测试"))
    t.game.drain()
    assert not t.alive(1)


def test_her_undying_counts_against_non_children_only_and_never_against_the_vote() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    game = t.game
    assert not damage.deal(game, damage.Damage(1, damage.FATAL, 2, "测试"))  # 2 is no child: saved
    assert not damage.deal(game, damage.Damage(1, damage.FATAL, 4, "测试"))  # nor is the sheriff
    t.director("/投票 2号 1号")
    t.director("/入夜")
    assert not t.alive(1)  # the vote has no source: the filtered [不死] does not stop 放逐


def test_a_wolf_kill_from_a_child_goes_through_her_undying() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.director("/入夜")
    kill(t, 1)  # the group's kill comes from one of 11、12、14: all her children
    t.director("/天亮")
    assert not t.alive(1)
    assert not t.director_got("翻牌", ever=True)  # not the sheriff's doing, not the vote: no 反噬


def test_bottle_gives_dictator_until_the_night_and_answers_the_surface_camp() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(1, "/魔瓶 6号")
    assert t.changed and t.seat_got(1, "6号为村民阵营")
    assert not t.seat_got(6, "独裁")  # a non-negative status: not told
    dictator = status.holding(t.game, 6, "独裁")
    assert [s.until for s in dictator] == [Boundary("night_start", 2)]
    t.director("/投票 6号 9号\n7号 8号\n13号 8号")
    t.director("/票型")
    assert "9号2票" in t.reply() and "8号2票" in t.reply()
    t.director("/入夜")
    assert t.alive(9) and t.alive(8)  # 2 : 2, a tie
    assert not status.has(t.game, 6, "独裁")  # ended when the night started


def test_the_first_non_village_answer_purifies_and_later_ones_do_not() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(1, "/魔瓶 11号")
    assert t.seat_got(1, "11号为非村民阵营")
    assert "[净化]" in statuses(t, 11) and t.seat_got(11, "净化")
    assert 11 not in in_group(t.game)  # 净化 carries 超度: the [群内] tag is lost
    t.director("/入夜")
    next_day(t)
    t.say(1, "/魔瓶 12号")
    assert t.seat_got(1, "12号为非村民阵营")
    assert "[净化]" not in statuses(t, 12)


def test_bottle_reads_the_surface_camp() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    seat_state(t.game, 11, Appearance).camp = "村民阵营"  # a wolf passing for a villager
    t.say(1, "/魔瓶 11号")
    assert t.seat_got(1, "11号为村民阵营")
    assert "[净化]" not in statuses(t, 11)


def test_bottle_takes_a_living_child_once_per_noon_and_only_at_noon() -> None:
    t = xumi(MOTHER_BOARD, sheriff=4)
    t.say(1, "/魔瓶 6号")  # the 竞选日 has no 正午
    assert not t.changed
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/魔瓶 6号")
    assert not t.changed and "正午" in t.reply()
    next_day(t)
    t.say(1, "/魔瓶 2号")
    assert not t.changed and "2号不是你的子女" in t.reply()
    t.say(1, "/魔瓶 6号")
    assert t.changed
    t.say(1, "/魔瓶 7号")
    assert not t.changed and "今天已经发动过了" in t.reply()


def test_backlash_when_exiled_hushes_the_children_and_kills_the_sheriff_and_dictators() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(1, "/魔瓶 6号")  # 6 holds [独裁] now
    t.director("/投票 2号 1号\n3号 1号")
    t.director("/入夜")
    assert not t.alive(1)
    assert t.director_got("1号翻牌：利露帕尔", ever=True)
    assert not t.alive(4) and t.alive(6)  # the sheriff first; his 殉职 is inserted before the next
    t.say(4, "/移交 无")
    assert not t.alive(6)  # the sheriff and the [独裁] holder: 致死伤害
    assert t.alive(5) and t.alive(7)
    hushed = status.holding(t.game, 7, "寡言")
    assert [s.until for s in hushed] == [Boundary("noon_end", 3)]  # 「持续至下一个正午结束」
    assert t.seat_got(7, "寡言", ever=True)
    assert not status.has(t.game, 2, "寡言")  # 2 is no child
    assert t.director_got("其他原因出局：4号、6号", ever=True)
    next_day(t)
    assert status.has(t.game, 7, "寡言")
    t.wait(10 * 3600)  # past 21:00: 正午 ends, and the 寡言 with it
    assert not status.has(t.game, 7, "寡言")


def test_backlash_when_the_sheriff_is_the_source() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.director("/投票 2号 4号")
    t.director("/入夜")
    t.say(4, "/移交 5号")  # the badge goes to 5, one of her children
    assert t.game.sheriff == 5
    next_day(t)
    t.say(5, "/崩塌狙击 1号")  # a child's damage: her [不死] does not count
    assert not t.alive(1)
    assert t.director_got("1号翻牌：利露帕尔", ever=True)
    assert not t.alive(5)  # the sheriff takes 致死伤害 in return
    hushed = status.holding(t.game, 7, "寡言")
    assert [s.until for s in hushed] == [Boundary("noon_end", 4)]  # left at noon: tomorrow's noon


def test_backlash_with_no_sheriff_still_flips_and_kills_the_dictators() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=None)
    status.grant(t.game, 6, "独裁", source=None, skill="测试", until=Boundary("night_start", 2))
    t.director("/投票 2号 1号")
    t.director("/入夜")
    assert not t.alive(1) and not t.alive(6)
    assert t.director_got("1号翻牌：利露帕尔", ever=True)
    assert not any(status.has(t.game, seat, "寡言") for seat in t.game.seats)  # no children


def test_no_backlash_after_a_red_card() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.director("/罚下 1号")
    t.director("/入夜")
    assert not t.alive(1) and t.alive(4)
    assert not t.director_got("翻牌", ever=True)


# ================================================================ 高僧


def test_release_answers_each_seat_in_order_when_the_slot_closes() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/超度 11号 2号")
    assert t.changed and not t.seat_got(1, "可以杀人")
    close(t, "深夜1")
    assert t.seat_got(1, "超度结果：11号可以杀人，2号不能杀人。")


def test_group_wolves_hold_the_kill_on_night_one_and_when_disarmed_a_knife_taker_does_not() -> None:
    t = xumi(MONK_BOARD)
    status.grant(t.game, 12, "恐惧", source=None, skill="测试", until=Boundary("noon_start", 2))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/超度 12号 13号")
    close(t, "深夜1")
    assert t.seat_got(1, "12号可以杀人，13号不能杀人")  # 13 is 穷奇 ([接刀]) while the group lives


def test_a_knife_taker_can_kill_once_no_seat_holds_the_group_tag() -> None:
    t = xumi(MONK_BOARD)
    for wolf in GROUP:
        status.grant(t.game, wolf, "超度", source=None, skill="测试", until=None)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/超度 13号 11号")
    close(t, "深夜1")
    assert t.seat_got(1, "13号可以杀人，11号不能杀人")


def test_seats_found_able_to_kill_get_permanent_release_at_the_nights_end() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/超度 11号 3号")
    close(t, "深夜1")
    to_night_slot(t, "深夜2")
    assert not status.has(t.game, 11, "超度")  # not before the night ends: 11 kills with the group
    for wolf in GROUP:
        t.say(wolf, "/刀 6号", group=WOLF_GROUP)
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(6)
    released = status.holding(t.game, 11, "超度")
    assert [(s.until, s.source) for s in released] == [(None, 1)]
    assert t.seat_got(11, "你获得了[超度]状态，永久。", ever=True)  # told: he carried a knife
    assert 11 not in in_group(t.game)
    assert not status.has(t.game, 3, "超度")


def test_release_takes_two_different_seats() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/超度 3号")
    assert not t.changed and "用法" in t.reply()
    t.say(1, "/超度 3号 3号")
    assert not t.changed


# ================================================================ 狼巫


def test_dark_detect_answers_the_surface_role_and_slash_detect_means_it() -> None:
    t = xumi(MONK_BOARD)
    seat_state(t.game, 5, Appearance).role = "狼人"  # as after 感染
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(12, "/侦测 3号")
    assert t.changed, t.reply()
    close(t, "深夜1")
    assert t.seat_got(12, "黑暗侦测结果：3号是灵鹿身份。")
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(12, "/黑暗侦测 5号")
    close(t, "深夜1")
    assert t.seat_got(12, "5号是狼人身份")


def test_annihilate_pierces_a_seat_shown_as_a_verifier_from_night_two() -> None:
    t = xumi(MONK_BOARD)
    status.grant(t.game, 1, "守护", source=None, skill="测试", until=None, count=1)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(12, "/黑暗侦测 1号")
    assert "第2晚" in (skills.refusal(t.game, 12, "光明湮灭", "深夜2") or "")
    close(t, "深夜1")
    assert t.seat_got(12, "1号是高僧身份", ever=True)
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(12, "/湮灭 3号")
    assert not t.changed and "1号" in t.reply()  # only the seats shown as a 验人系
    t.say(12, "/湮灭 1号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(1)  # 穿透 ignores the [守护]
    assert t.game.exits[-1].damages[0].kind == damage.PIERCE


def test_annihilate_is_not_offered_before_a_verifier_is_found_and_works_the_same_night() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert not skills.usable(t.game, 12, "光明湮灭", "深夜2")
    t.say(12, "/黑暗侦测 1号")
    close(t, "深夜1")
    to_night_slot(t, "深夜2")
    t.say(12, "/光明湮灭 1号")
    assert t.changed, t.reply()


# ================================================================ 狼学者


def test_a_right_guess_by_day_dazes_the_target_and_answers_at_once() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 6号 官员")
    assert t.changed and t.seat_got(12, "诡辩结果：6号官员，猜测正确。")
    assert status.holding(t.game, 6, "迷魂")[0].until is None
    assert t.seat_got(6, "迷魂")
    t.director("/投票 6号 9号\n7号 5号")
    t.director("/入夜")
    assert t.alive(9) and not t.alive(5)  # the dazed vote counts 0


def test_a_wrong_guess_does_nothing() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 6号 牧师")
    assert t.changed and t.seat_got(12, "猜测错误")
    assert not status.has(t.game, 6, "迷魂")


def test_the_guess_must_be_a_role_of_the_pool_and_the_pipers_two_names_are_one() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 6号 预言家")
    assert not t.changed and "身份池" in t.reply()
    t.say(12, "/诡辩 10号 吹笛人")
    assert t.changed and t.seat_got(12, "猜测正确")


def test_one_guess_per_game_day_by_day_or_by_night() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 6号 牧师")
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(12, "/诡辩 7号 刺猬")
    assert not t.changed and "今天已经发动过了" in t.reply()
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")  # day 3: no use by day, one at night
    to_night_slot(t, "深夜1")
    t.say(12, "/诡辩 7号 刺猬")
    assert t.changed and not t.seat_got(12, "猜测")
    close(t, "深夜1")
    assert t.seat_got(12, "7号刺猬，猜测正确")


def test_a_guessed_seat_that_leaves_adds_one_vote_for_good() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=None)
    t.say(12, "/诡辩 6号 官员")
    t.say(12, "/诡辩 5号 清晰者")  # tomorrow's use
    t.director("/投票 2号 6号")
    t.director("/入夜")
    assert not t.alive(6)
    next_day(t)
    t.director("/投票 12号 9号")
    t.director("/票型")
    assert "9号2票" in t.reply()
    t.say(12, "/诡辩 5号 清晰者")  # right again, on a seat that stays
    t.director("/票型")
    assert "9号2票" in t.reply()
    t.director("/放逐 无")
    t.director("/入夜")
    next_day(t)
    t.director("/投票 12号 9号")
    t.director("/票型")
    assert "9号2票" in t.reply()  # 永久


def test_a_right_guess_counts_even_when_order_keeps_the_daze_off_and_a_red_card_counts() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 1号 利露帕尔")  # she holds [秩序]: no [迷魂]
    assert t.seat_got(12, "猜测正确") and not status.has(t.game, 1, "迷魂")
    t.director("/罚下 1号")
    t.director("/投票 12号 9号")
    t.director("/票型")
    assert "9号1票" in t.reply()  # 1 is still in: the card waits for the vote
    t.director("/放逐 无")
    t.director("/入夜")
    next_day(t)
    t.director("/投票 12号 9号")
    t.director("/票型")
    assert "9号2票" in t.reply()


# ================================================================ 玄武


def test_longevity_guard_is_set_back_to_one_at_odd_nights_only() -> None:
    t = xumi(MOTHER_BOARD)
    assert statuses(t, 3) == ["[守护：1]"]
    t.director("/入夜")
    next_day(t)
    assert not damage.deal(t.game, damage.Damage(3, damage.POKE, 11, "测试"))  # spent by day 2
    assert statuses(t, 3) == []
    t.director("/入夜")  # night 2: even, no refresh
    assert statuses(t, 3) == []
    next_day(t)
    t.director("/入夜")  # night 3
    assert statuses(t, 3) == ["[守护：1]"]


def test_fate_sense_tells_every_attack_when_dawn_two_opens() -> None:
    t = xumi(MOTHER_BOARD)
    t.pass_night()
    assert t.seat_got(3, "命数感知：今晚没有角色受到攻击。", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    damage.deal(t.game, damage.Damage(6, damage.FATAL, None, "测试"))
    damage.deal(t.game, damage.Damage(6, damage.FATAL, None, "测试"))
    kill(t, 2)  # 灵鹿
    close(t, "深夜2")
    to_night_slot(t, "凌晨2")
    assert t.seat_got(3, "命数感知：2号受到一次指杀，6号受到两次致死伤害。", ever=True)
    assert t.game.night.state["凌晨2"] == "open"  # told before 阴阳变转 is chosen


def test_yin_yang_gains_a_use_on_each_even_day() -> None:
    t = xumi(MOTHER_BOARD)
    t.director("/入夜")
    assert "没有剩余次数" in (skills.refusal(t.game, 3, "阴阳变转", "凌晨") or "")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "凌晨2")
    assert t.seat_got(3, "剩余1次", ever=True)
    t.say(3, "/阴阳变转 3号 6号")
    assert t.changed
    next_day(t)
    t.director("/入夜")  # night 3: day 3 is odd, nothing added
    assert "没有剩余次数" in (skills.refusal(t.game, 3, "阴阳变转", "凌晨") or "")
    next_day(t)
    t.director("/入夜")
    assert skills.refusal(t.game, 3, "阴阳变转", "凌晨") is None


def test_yin_yang_copies_the_four_protections_until_the_next_night_starts() -> None:
    t = xumi(MOTHER_BOARD)
    t.director("/入夜")
    next_day(t)
    status.grant(t.game, 5, "不死", source=None, skill="测试", until=Boundary("night_end", 2))
    status.grant(t.game, 5, "霸道", source=None, skill="测试", until=None)
    status.grant(t.game, 5, "独裁", source=None, skill="测试", until=None)
    status.grant(t.game, 5, "迷魂", source=None, skill="测试", until=None)
    t.director("/入夜")
    to_night_slot(t, "凌晨2")
    t.say(3, "/阴阳变转 5号 6号")
    close(t, "凌晨2")
    copies = status.statuses(t.game, 6)
    assert sorted(s.label() for s in copies) == ["[不死]", "[霸道]"]
    assert {s.until for s in copies} == {Boundary("night_start", 3)}
    next_day(t)
    t.director("/投票 2号 6号")
    t.director("/入夜")
    assert t.alive(6)  # the copied [霸道]/[不死] still held in day 3's vote
    assert statuses(t, 6) == []  # and gone at night 3's start


def test_yin_yang_saves_a_pending_seat_at_the_tally() -> None:
    t = xumi(MOTHER_BOARD)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    kill(t, 6)
    close(t, "深夜2")
    to_night_slot(t, "凌晨2")
    t.say(3, "/阴阳变转 3号 6号")  # 玄武's [守护：1] copied to 6, who is about to leave
    close(t, "凌晨2")
    to_day(t)
    assert t.alive(6)
    assert t.director_got("第2夜结算：平安夜", ever=True)


def test_yin_yang_copies_a_filtered_protection_with_its_filter() -> None:
    t = xumi(MOTHER_BOARD, sheriff=4)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "凌晨2")
    t.say(3, "/阴阳变转 1号 2号")  # 利露帕尔's 「仅针对非子女」 [不死]
    close(t, "凌晨2")
    assert not damage.deal(t.game, damage.Damage(2, damage.FATAL, 3, "测试"))  # 3 is no child
    assert damage.deal(t.game, damage.Damage(2, damage.FATAL, 7, "测试"))  # 7 is a child


def test_yin_yang_takes_a_seat_as_b_once_and_needs_two_seats() -> None:
    t = xumi(MOTHER_BOARD)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "凌晨2")
    t.say(3, "/阴阳变转 3号 3号")
    assert not t.changed
    t.say(3, "/阴阳变转 3号 6号")
    t.director("/天亮")
    for _ in range(2):  # to night 4: one more use
        t.director("/开门")
        t.director("/入夜")
        t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "凌晨2")
    t.say(3, "/阴阳变转 2号 6号")
    assert not t.changed and "6号已经被选择为B过了" in t.reply()
    t.say(3, "/阴阳变转 6号 2号")  # 6 as A is fine
    assert t.changed


# ================================================================ 官员


def test_power_from_night_two_gives_untold_dictator_for_the_next_days_vote() -> None:
    t = xumi(MOTHER_BOARD, sheriff=None)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(6, "/权势 7号")
    assert not t.changed and "第2晚" in t.reply()
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(6, "/权势 7号")
    assert t.changed
    t.director("/天亮")
    assert not t.seat_got(7, "独裁", ever=True)
    assert [s.until for s in status.holding(t.game, 7, "独裁")] == [Boundary("night_start", 3)]
    t.director("/开门")
    t.director("/投票 7号 9号\n2号 8号")
    t.director("/入夜")
    assert not t.alive(9) and t.alive(8)
    assert not status.has(t.game, 7, "独裁")


def test_power_cannot_take_the_same_seat_two_nights_running() -> None:
    t = xumi(MOTHER_BOARD)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(6, "/权势 7号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(6, "/权势 7号")
    assert not t.changed and "7号上次已被选择" in t.reply()
    t.say(6, "/权势 2号")
    assert t.changed


# ================================================================ 天狗


def test_swallow_gives_undying_from_the_next_noon_until_the_next_night() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/吞食 6号")
    assert t.changed
    t.director("/天亮")
    assert not status.has(t.game, 6, "不死")  # not at the dawn yet
    t.director("/开门")
    assert [s.until for s in status.holding(t.game, 6, "不死")] == [Boundary("night_start", 2)]
    assert not t.seat_got(6, "不死", ever=True)
    t.director("/投票 2号 6号")
    t.director("/入夜")
    assert t.alive(6) and t.director_got("最高票6号，平安日", ever=True)
    assert not status.has(t.game, 6, "不死")


def test_swallow_takes_each_seat_once() -> None:
    t = xumi(MONK_BOARD)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/吞食 6号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/吞食 6号")
    assert not t.changed and "只能被选择一次" in t.reply()


# ================================================================ 清晰者


def test_snipe_deals_fatal_damage_at_noon_and_the_exit_is_published_at_once() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=None)
    t.say(5, "/崩塌狙击 6号")
    assert t.changed and not t.alive(6)
    assert t.director_got("公示：6号出局")
    assert t.seat_got(6, "出局")
    t.say(5, "/狙击 2号")
    assert not t.changed and "没有剩余次数" in t.reply()  # [限定]
    t.director("/入夜")
    t.say(5, "/狙击 2号")  # out of 正午 too, the reason is that it is spent, not the hour
    assert not t.changed and "没有剩余次数" in t.reply() and "只能在" not in t.reply()


def test_neither_skill_on_the_election_day() -> None:
    t = xumi(MOTHER_BOARD)
    t.say(5, "/崩塌狙击 6号")
    assert not t.changed and t.alive(6)
    t.say(5, "/超限锁定 6号")
    assert not t.changed


def test_lock_is_published_at_once_and_doubles_the_targets_votes_that_day_only() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=None)
    t.say(5, "/锁定 9号")
    assert t.changed and t.director_got("公示：9号被超限锁定")
    t.director("/投票 6号 9号\n13号 9号\n7号 8号\n2号 8号\n3号 8号")
    t.director("/票型")
    assert "9号4票" in t.reply() and "8号3票" in t.reply()
    lucid.lock(t.game, Use(2, lucid.LOCK, (9,)))  # a second lock on the same seat: no stacking
    t.director("/票型")
    assert "9号4票" in t.reply()
    t.director("/入夜")
    assert not t.alive(9) and t.alive(8)
    next_day(t)
    t.director("/投票 6号 8号\n2号 8号")
    t.director("/票型")
    assert "8号2票" in t.reply()
    t.say(5, "/超限锁定 8号")
    assert not t.changed  # [限定]


# ================================================================ the vote's weights on 须弥


def test_dictator_counts_once_however_many_and_adds_to_the_sheriffs_half() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(1, "/魔瓶 6号")
    status.grant(t.game, 6, "独裁", source=None, skill="测试", until=None)
    status.grant(t.game, 4, "独裁", source=None, skill="测试", until=None)
    t.director("/投票 6号 9号\n4号 8号")
    t.director("/票型")
    assert "9号2票" in t.reply() and "8号2.5票" in t.reply()


def test_daze_makes_a_vote_zero_even_for_a_dictator_sheriff() -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    status.grant(t.game, 4, "独裁", source=None, skill="测试", until=None)
    status.grant(t.game, 4, "迷魂", source=None, skill="测试", until=None)
    t.director("/投票 4号 9号\n2号 8号")
    t.director("/票型")
    assert "9号0票" in t.reply() and "最高票：8号" in t.reply()


@pytest.mark.parametrize("sheriff_votes_for", [9, 8])
def test_the_scholars_bonus_and_the_lock_and_the_badge_together(sheriff_votes_for: int) -> None:
    t = to_day_two(MOTHER_BOARD, sheriff=4)
    t.say(12, "/诡辩 6号 官员")
    t.say(5, "/崩塌狙击 6号")  # the guessed seat leaves: the 狼学者 votes 2 from now on
    t.say(5, "/超限锁定 9号")
    t.director(f"/投票 12号 9号\n4号 {sheriff_votes_for}号\n2号 8号\n3号 8号\n7号 8号")
    t.director("/票型")
    nine = 4 + (3 if sheriff_votes_for == 9 else 0)  # (2 + 1.5) × 2 or 2 × 2
    eight = 3 + (1.5 if sheriff_votes_for == 8 else 0)
    assert f"9号{nine:g}票" in t.reply() and f"8号{eight:g}票" in t.reply()
