"""须弥 ([M185], rules/001): the board's shared mechanisms — the pool and its draw, the day, the
slots, the vote, damage and the tally, statuses, red cards and the camps."""

from __future__ import annotations

import random

import pytest

from bansha_engine import Event, damage, status
from bansha_engine.pool import draw, ratio, ratio_reachable, violations
from bansha_engine.roles.xumi.role_pool import POOL
from bansha_engine.timeline import Boundary
from tests.engine_helpers import WOLF_GROUP, Table, qq
from tests.xumi_helpers import NOON, SEATS, next_day, to_night_slot, to_night_two, xumi

# ---------------------------------------------------------------- the pool and the draw


def test_a_full_draw_keeps_every_rule_of_the_pool() -> None:
    for seed in range(30):
        roles = draw(POOL, [], random.Random(seed))
        assert roles is not None
        assert violations(POOL, roles) == []
        assert 1.3 <= round(ratio(POOL, roles), 9) <= 1.4
        assert ("种狼" in roles) != ("蚀日侍女" in roles)


def test_deal_draws_the_missing_roles_around_the_hand_set_ones_and_shows_the_ratio() -> None:
    t = Table("须弥", seed=3)
    t.director("/开局 须弥")
    for seat in range(1, 15):
        t.director(f"/座位 {seat}号 {qq(seat)}")
    t.director("/身份 1号 蚀日侍女")
    t.director("/身份 2号 吹笛人")  # the pool's spelling of 吹笛者
    reply = "\n".join(m.text for m in t.director("/发牌"))
    assert "倍率" in reply and "强度" not in reply or "倍率" in reply
    roles = [s.role for s in t.game.seats.values()]
    assert t.game.seats[1].role == "蚀日侍女" and t.game.seats[2].role == "吹笛者"
    assert "流光伯爵" in roles  # 「有蚀日侍女必有流光伯爵」
    assert violations(POOL, roles) == []


def test_a_ratio_no_draw_can_reach_is_known_before_drawing() -> None:
    wolves = ["种狼", "哥布林", "天狗", "狼学者"]
    too_strong = [*wolves, "牧师", "炼金术士", "曼陀罗", "太极宗师", "刺猬"]  # at least 51/31 ≈ 1.65
    assert not ratio_reachable(POOL, too_strong)
    assert draw(POOL, too_strong, random.Random(1)) is None  # what the shortcut spares
    cheap = [*wolves, "牧师", "乳猪", "病人", "长老", "刺猬"]  # the cheapest 强神 fit
    assert ratio_reachable(POOL, cheap) and ratio_reachable(POOL, [])
    t = _hand_set(dict(enumerate(too_strong, start=1)))
    t.director("/发牌")
    assert not t.changed and "倍率" in t.reply()


def test_the_same_seed_deals_the_same_board() -> None:
    boards = []
    for _ in range(2):
        t = Table("须弥", seed=11)
        t.director("/开局 须弥")
        t.director("/发牌")
        boards.append([s.role for s in t.game.seats.values()])
    assert boards[0] == boards[1]


def _hand_set(seats: dict[int, str]) -> Table:
    t = Table("须弥")
    t.now = NOON
    t.director("/开局 须弥")
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    return t


def test_start_refuses_a_board_outside_the_ratio_and_says_倍率() -> None:
    seats = dict(SEATS)
    seats[9] = "炼金术士"  # 长老② -> 炼金术士⑤: 51/35 ≈ 1.457
    t = _hand_set(seats)
    t.director("/开始")
    assert not t.changed
    assert "倍率" in t.reply()


def test_start_refuses_a_board_breaking_a_pairing_rule_and_names_it() -> None:
    seats = dict(SEATS)
    seats[11] = "蚀日侍女"  # 种狼 and 蚀日侍女 together, and no 流光伯爵
    t = _hand_set(seats)
    t.director("/开始")
    assert not t.changed
    assert "种狼和蚀日侍女有且只有一个" in t.reply()
    assert "有蚀日侍女必有流光伯爵" in t.reply()


def test_role_outside_the_pool_is_refused_and_one_beyond_its_category_is_taken_with_a_warning() -> None:
    """`/身份 N号 <身份>` takes any pool role (COMMANDS.md); a fifth wolf or a role twice is said at once
    and `/开始` names the rule it breaks."""
    t = _hand_set({seat: role for seat, role in SEATS.items() if seat != 9})
    t.director("/座位 9号 10009")
    t.director("/身份 9号 预言家")
    assert not t.changed and "身份池" in t.reply()
    t.director("/身份 9号 穷奇")  # a fifth wolf
    assert t.changed and "狼只能有4个" in t.reply() and "/开始时会被拒绝" in t.reply()
    t.director("/开始")
    assert not t.changed and "狼须有4个（现在5个）" in t.reply() and "弱神须有4个（现在3个）" in t.reply()
    t.director("/身份 9号 天狗")  # already at 11
    assert t.changed and "天狗已经在11号了" in t.reply()
    t.director("/开始")
    assert not t.changed and "同一身份只能有一个：天狗" in t.reply()
    t.director("/身份 9号 长老")
    assert t.changed and "注意" not in t.reply()


def test_deal_names_a_category_set_beyond_its_count() -> None:
    t = Table("须弥")
    t.director("/开局 须弥")
    for seat, role in enumerate(("天狗", "狼学者", "种狼", "混沌", "穷奇"), 1):
        t.director(f"/身份 {seat}号 {role}")
    t.director("/发牌")
    assert not t.changed and "狼须有4个（现在5个）" in t.reply(), t.reply()


# ---------------------------------------------------------------- the start and the 竞选日


def test_the_group_learns_the_mentor_and_qiongqi_learns_the_group() -> None:
    seats = {
        1: "牧师", 2: "清晰者", 3: "流光伯爵", 4: "白昼学者", 5: "特工", 6: "乳猪", 7: "长老",
        8: "刺猬", 9: "曼陀罗", 10: "吹笛者", 11: "狼巫", 12: "寂夜导师", 13: "穷奇", 14: "种狼",
    }  # fmt: skip
    assert violations(POOL, list(seats.values())) == [], violations(POOL, list(seats.values()))
    t = _hand_set(seats)
    t.director("/开始")
    assert t.changed, t.reply()
    assert t.seat_got(11, "寂夜导师是12号") and t.seat_got(14, "寂夜导师是12号")
    assert not t.seat_got(12, "群内")  # he is not told the group
    assert t.seat_got(13, "狼人群内：11号、14号")


def test_no_sheriff_on_a_tie_and_the_door_waits_for_the_election() -> None:
    t = _hand_set(SEATS)
    t.director("/开始")
    t.director("/入夜")
    assert not t.changed and "警长" in t.reply()
    t.director("/警长 无")
    assert t.changed and t.game.sheriff is None
    t.director("/入夜")
    assert t.changed and t.game.phase == "night"


def test_the_election_can_be_counted_from_ballots() -> None:
    t = _hand_set(SEATS)
    t.director("/开始")
    t.director("/投票 2号 1号\n3号 1号\n4号 5号")
    assert t.changed, t.reply()
    t.director("/警长")
    assert t.game.sheriff == 1


# ---------------------------------------------------------------- the day: 开门, 正午, 关门


def test_noon_runs_from_the_door_opening_to_21_and_20_on_a_closing_day() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    assert t.game.part == "正午"
    assert "21:00" in t.reply()
    t.director("/入夜 22:00")  # the door closes today at 22:00: 正午 ends at 20:00
    assert t.changed and t.game.phase == "day"
    assert "20:00" in t.reply()
    t.wait(9 * 3600)  # to 21:0x: 正午 ended at 20:00
    assert t.game.part == "傍晚"
    t.wait(3600)  # past 22:00: the door closed by itself
    assert t.game.phase == "night" and t.game.night is not None


def test_noon_ends_at_21_of_its_own_day_when_the_timer_is_only_seen_after_midnight() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    timer = next(timer for timer in t.game.timers() if timer.key.startswith("noon:"))
    t.now = timer.due + 5 * 3600  # the bot was down from 20:59 to 02:00
    t._feed(Event("timer", at=t.now, key=timer.key))
    assert t.changed and t.game.part == "傍晚"
    assert not [timer for timer in t.game.timers() if timer.key.startswith("noon:")]


def test_the_door_opens_only_after_the_dawn() -> None:
    t = xumi()
    t.director("/开门")
    assert not t.changed and "竞选日" in t.reply()


# ---------------------------------------------------------------- the night: slots, kills, the tally


def test_wolves_cannot_kill_on_the_first_night() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/刀 2号", group=WOLF_GROUP)
    assert not t.changed and "首夜不能杀人" in t.reply()
    t.say(11, "/放弃")  # 天狗's 吞食 and 狼学者's 诡辩 are in 深夜1 too
    t.say(12, "/放弃")
    t.say(10, "/放弃")  # the 吹笛者's 迷惑
    t.say(1, "/侦测 2号")
    t.say(5, "/放弃")  # the 炼金魔女's 法老之蛇 in 凌晨3
    assert t.game.phase == "day"  # 深夜2 had nobody to act: the night ran on to its end
    assert t.director_got("平安夜")


def test_a_kill_makes_the_seat_pending_and_it_leaves_at_the_tally() -> None:
    t = xumi()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    for wolf in (11, 12, 13, 14):
        t.say(wolf, "/刀 6号", group=WOLF_GROUP)
    assert t.group_got("6号")
    assert t.alive(6)  # the slot is still open: the priest has not chosen
    t.director("/天亮")
    assert not t.alive(6)
    assert t.game.exits[-1].when == "第2夜"
    assert t.director_got("出局：6号")


def test_holy_light_after_the_kill_saves_a_villager_at_the_tally() -> None:
    t = xumi()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(1, "/圣光 6号")
    assert t.changed, t.reply()
    for wolf in (11, 12, 13, 14):
        t.say(wolf, "/刀 6号", group=WOLF_GROUP)
    t.director("/天亮")
    assert t.alive(6)
    assert t.director_got("平安夜")


def test_the_night_exits_are_listed_in_seat_order() -> None:
    t = xumi()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 13号")  # a wolf: 致死伤害
    for wolf in (11, 12, 13, 14):
        t.say(wolf, "/刀 6号", group=WOLF_GROUP)
    t.director("/天亮")
    assert t.director_got("出局：6号、13号")


def test_priest_detect_answers_the_surface_camp_when_the_slot_closes() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(11, "/放弃")  # 天狗's 吞食 and 狼学者's 诡辩 are in 深夜1 too
    t.say(12, "/放弃")
    t.say(10, "/放弃")  # the 吹笛者's 迷惑
    t.say(1, "/侦测 12号")
    assert t.changed  # the priest was the slot's last actor: it closes and answers
    assert t.seat_got(1, "12号为非村民阵营")
    t.say(1, "/侦测 13号")
    assert not t.changed


# ---------------------------------------------------------------- the vote


def test_the_sheriffs_half_vote_decides_and_a_tie_sends_nobody_out() -> None:
    t = xumi(sheriff=1)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 9号\n2号 8号")
    t.director("/入夜")
    assert not t.alive(9) and t.alive(8)
    next_day(t)
    t.director("/投票 3号 8号\n4号 6号")
    t.director("/入夜")
    assert t.alive(8) and t.alive(6)
    assert t.director_got("无人出局", ever=True)


def test_exile_none_sends_nobody_out_whatever_the_ballots() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 9号")
    t.director("/放逐 无")
    t.director("/入夜")
    assert t.alive(9) and t.game.phase == "night"
    assert t.director_got("无人出局", ever=True)


def test_a_ballot_change_counts_once_and_a_third_ballot_is_refused() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 9号")
    t.director("/投票 2号 8号")
    assert t.changed and "改票" in t.reply()
    t.director("/投票 2号 7号")
    assert not t.changed and "只能改票一次" in t.reply()


def test_a_silenced_vote_counts_zero() -> None:
    t = xumi(sheriff=None)
    t.director("/入夜")
    next_day(t)
    status.grant(t.game, 2, "迷魂", source=None, skill="测试", until=None)
    t.director("/投票 2号 9号\n3号 5号")  # (8 is the 白猫, who would flip)
    t.director("/入夜")
    assert t.alive(9) and not t.alive(5)


def test_the_night_waits_for_the_handoff_of_a_sheriff_voted_out() -> None:
    t = xumi(sheriff=1)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 1号")
    t.director("/入夜")
    assert not t.alive(1)
    assert t.game.night.state["黄昏2"] == "waiting"  # 「在出局的那个阶段内」: 黄昏 waits for 殉职
    t.say(1, "/移交 2号")
    assert t.game.sheriff == 2
    assert t.director_got("警长：2号")  # the 黄昏 publication names the new sheriff


def test_vote_exit_is_told_when_the_dusk_ends_and_published_in_two_lists() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 9号")
    t.director("/入夜")
    assert t.seat_got(9, "出局", ever=True)
    assert t.director_got("投票出局：9号；其他原因出局：无", ever=True)


# ---------------------------------------------------------------- 刺猬's chain


def test_hedgehog_voted_out_takes_the_last_voter_with_it() -> None:
    t = xumi(sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 7号\n3号 7号\n4号 5号")
    t.director("/投票 4号 7号")  # 4's change is entered last
    t.director("/入夜")
    assert not t.alive(7) and not t.alive(4) and t.alive(2)


def test_hedgehog_killed_by_the_wolves_takes_a_group_member() -> None:
    t = xumi()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    for wolf in (11, 12, 13, 14):
        t.say(wolf, "/刀 7号", group=WOLF_GROUP)
    t.director("/天亮")
    assert not t.alive(7)
    wolves_out = [w for w in (11, 12, 13, 14) if not t.alive(w)]
    assert len(wolves_out) == 1


# ---------------------------------------------------------------- statuses and damage


def test_order_clears_and_blocks_negative_statuses() -> None:
    t = xumi()
    game = t.game
    assert status.has(game, 1, "秩序")  # 神恩
    assert status.grant(game, 1, "恐惧", source=12, skill="测试", until=None) is None
    status.grant(game, 2, "恐惧", source=12, skill="测试", until=Boundary("noon_start", 2))
    assert status.has(game, 2, "沉默") and status.has(game, 2, "缴械")
    status.grant(game, 2, "秩序", source=3, skill="测试", until=Boundary("night_end", 1))
    assert not status.has(game, 2, "恐惧")


def test_the_shortest_lived_protection_is_spent_first() -> None:
    t = xumi()
    game = t.game
    status.grant(game, 6, "守护", source=6, skill="测试", until=None, count=1)
    status.grant(game, 6, "不死", source=3, skill="测试", until=Boundary("night_end", 1))
    game.part = "正午"
    assert not damage.deal(game, damage.Damage(6, damage.POKE, 11, "杀人"))
    assert [s.name for s in game.seats[6].statuses] == ["守护", "不死"]  # 不死 ends first: nothing spent
    status.clear(game, 6, lambda s: s.name == "不死")
    assert not damage.deal(game, damage.Damage(6, damage.POKE, 11, "杀人"))
    assert [s.name for s in game.seats[6].statuses] == []  # the 守护 was spent
    assert damage.deal(game, damage.Damage(6, damage.PIERCE, 11, "猎杀")) is not False


def test_a_negative_status_given_at_night_is_told_when_the_slot_ends() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    night = t.game.night
    status.grant(t.game, 9, "恐惧", source=12, skill="测试", until=Boundary("noon_start", 2))
    assert not t.seat_got(9, "恐惧")
    assert night.notices
    t.director("/推进")
    assert t.seat_got(9, "恐惧")
    assert t.seat_got(9, "第2天正午开始")


def test_notices_raised_at_the_tally_go_out_before_the_dawn() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    status.grant(t.game, 9, "恐惧", source=12, skill="测试", until=Boundary("night_end", 1))
    t.director("/天亮")
    assert t.seat_got(9, "你的[恐惧]状态已结束", ever=True)


# ---------------------------------------------------------------- last words, red cards, camps


def test_last_words_for_the_first_night_and_the_day_but_not_later_nights() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/天火 13号")  # from night 2 only
    assert not t.changed and "深夜2" in t.reply()
    damage.deal(t.game, damage.Damage(6, damage.FATAL, None, "测试"))
    t.director("/天亮")
    assert not t.alive(6) and t.seat_got(6, "遗言", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 13号")
    t.director("/天亮")
    assert not t.alive(13) and not t.seat_got(13, "遗言", ever=True)


def test_a_day_red_card_waits_for_the_vote() -> None:
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/罚下 9号")
    assert t.changed and t.alive(9)
    t.director("/投票 2号 5号")
    t.director("/入夜")
    assert [e.seat for e in t.game.exits] == [5, 9]


def test_two_red_cards_in_a_camp_judge_it_lost_dead_seats_included() -> None:
    t = xumi()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.director("/罚下 11号")
    assert not t.alive(11)
    t.director("/罚下 11号")  # a dead seat can still be carded
    assert t.director_got("狼人阵营判负")
    assert not t.game.ended  # the village and the piper play on


def test_the_piper_wins_when_the_other_two_camps_are_lost() -> None:
    t = xumi()
    t.director("/判负 狼人阵营")
    assert not t.game.ended
    t.director("/判负 村民阵营")
    assert t.game.ended and t.director_got("吹笛者阵营胜利")


@pytest.mark.parametrize("camp", ["狼人阵营", "吹笛者阵营"])
def test_losing_a_camp_is_not_published(camp: str) -> None:
    t = xumi()
    t.director(f"/判负 {camp}")
    assert all("公示：" not in text for text in t.to_director())
    assert not any(t.seat_got(seat, "判负") for seat in range(1, 15))
