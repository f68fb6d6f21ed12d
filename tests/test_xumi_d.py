"""须弥 roles, batch D: 种狼, 哥布林, 穷奇, 白昼学者 and 寂夜导师, 蚀日侍女, 吹笛者, 定序王子 — one
test per clause of their skills and per ruling (docs/rulings-xumi.md)."""

from __future__ import annotations

from bansha_engine import damage, skills, status
from bansha_engine.library import game_state, peek_game_state, seat_state
from bansha_engine.mechanisms.xumi.camps import lost_camps
from bansha_engine.pool import violations
from bansha_engine.roles.xumi import gifts
from bansha_engine.roles.xumi.common import (
    IN_GROUP,
    VILLAGE,
    WOLVES,
    Appearance,
    surface_camp,
    surface_role,
    tag,
)
from bansha_engine.roles.xumi.goblin import threshold_cuts
from bansha_engine.roles.xumi.qiongqi import Marks
from bansha_engine.roles.xumi.role_pool import POOL
from bansha_engine.timeline import Boundary
from tests.engine_helpers import WOLF_GROUP, Table, qq
from tests.xumi_helpers import next_day, to_night_slot, xumi

# 牧师 | 定序王子 清晰者 灵鹿 猎魔人 | 刺猬 乳猪 长老 病人 | 吹笛者 | 哥布林 天狗 种狼 穷奇 (43/32)
BOARD_A: dict[int, str] = {
    1: "牧师", 2: "定序王子", 3: "清晰者", 4: "灵鹿", 5: "猎魔人", 6: "刺猬", 7: "乳猪",
    8: "长老", 9: "病人", 10: "吹笛者", 11: "哥布林", 12: "天狗", 13: "种狼", 14: "穷奇",
}  # fmt: skip
# 牧师 | 白昼学者 流光伯爵 定序王子 清晰者 | 刺猬 乳猪 长老 病人 | 吹笛者 | 哥布林 狼巫 寂夜导师 蚀日侍女
BOARD_B: dict[int, str] = {
    1: "牧师", 2: "白昼学者", 3: "流光伯爵", 4: "定序王子", 5: "清晰者", 6: "刺猬", 7: "乳猪",
    8: "长老", 9: "病人", 10: "吹笛者", 11: "哥布林", 12: "狼巫", 13: "寂夜导师", 14: "蚀日侍女",
}  # fmt: skip
# Seeds under which the 黑商礼物 drawn is known (the draw is the game's seeded choice): the vote
# test draws the [天火], the kill test a permanent [守护：1].
SEED_GIFT_BY_VOTE = 2
SEED_GIFT_BY_KILL = 2
SEED_GIFT_ONCE = 1
SEED_GIFT_AT_NOON = 1
SEED_GIFT_POISON = 4  # the vote test draws the [毒药]


def test_the_test_boards_keep_the_pools_rules() -> None:
    assert violations(POOL, list(BOARD_A.values())) == []
    assert violations(POOL, list(BOARD_B.values())) == []


def to_noon(t: Table, day: int) -> None:
    """On from wherever the game is to the 正午 of game day `day`."""
    while t.game.day < day:
        t.director("/入夜")
        next_day(t)
    assert t.game.part == "正午", t.game.part


def kill_now(t: Table, *seats: int) -> None:
    """Take seats out by day, as a 崩塌狙击 would (致死伤害 from nobody in particular); no sheriff
    among them, or the queue waits for the badge."""
    for seat in seats:
        assert damage.deal(t.game, damage.Damage(seat, damage.FATAL, None, "测试"))
    t.game.drain()


def frightened(t: Table, seat: int) -> bool:
    return any(s.name == "恐惧" for s in status.statuses(t.game, seat))


def published(t: Table, text: str, *, ever: bool = True) -> bool:
    return any(f"公示：{text}" in line for line in t.to_director(ever=ever))


# ---------------------------------------------------------------- 种狼: 感染


def test_infecting_a_villager_costs_the_seed_wolf_his_life_and_then_infects() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.say(13, "/感染 5号")
    assert t.changed, t.reply()
    assert not t.alive(13) and published(t, "13号出局", ever=False)
    assert t.camp(5) == WOLVES and tag(t.game, 5) == IN_GROUP
    assert surface_camp(t.game, 5) == WOLVES and surface_role(t.game, 5) == "狼人"
    assert t.game.seats[5].role == "猎魔人"  # 「实际身份不会被任何手段改变」
    assert skills.held(t.game, 5) == []
    assert t.seat_got(5, "你的阵营转变为狼人阵营")
    assert published(t, "有角色受到了感染", ever=False)
    assert t.director_got("拉进狼群") and t.director_got(str(qq(5)))


def test_the_infection_fails_when_the_cost_does_not_take_the_seed_wolf_out() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    status.grant(t.game, 13, "不死", source=None, skill="测试", until=None)
    t.say(13, "/感染 5号")
    assert t.changed
    assert t.alive(13) and t.camp(5) == "村民阵营" and tag(t.game, 5) == ""
    assert not published(t, "有角色受到了感染")
    assert t.director_got("感染不结算")


def test_infecting_a_verifier_or_a_wolf_is_free() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.say(13, "/感染 1号")  # the 牧师, a 验人系
    assert t.alive(13) and t.camp(1) == WOLVES
    assert not status.has(t.game, 1, "秩序")  # 神恩 is lost with every skill: its [秩序] lapses
    t.director("/入夜")
    next_day(t)
    t.say(13, "/感染 14号")  # the 穷奇, [接刀]
    assert t.alive(13) and tag(t.game, 14) == IN_GROUP


def test_a_flipped_seat_cannot_be_infected_and_infection_is_once_a_noon() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(13, "/感染 1号")
    assert not t.changed and "正午" in t.reply()
    next_day(t)
    seat_state(t.game, 2, Appearance).flipped = True
    t.say(13, "/感染 2号")
    assert not t.changed and "已经翻牌" in t.reply()
    t.say(13, "/感染 1号")
    assert t.changed
    t.say(13, "/感染 14号")
    assert not t.changed and "今天已经发动过" in t.reply()


def test_infected_seats_count_as_gone_for_the_village() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    kill_now(t, 1, 2, 3, 4)  # the 验人系 and three 强神 out: the fourth 强神 holds the village up
    assert VILLAGE not in lost_camps(t.game)
    t.say(13, "/感染 5号")
    assert t.director_got("村民阵营判负（胜负判定")
    assert not t.game.ended  # the wolves and the piper play on


def test_the_wolves_are_not_lost_while_an_infected_seat_lives() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.say(13, "/感染 5号")
    kill_now(t, 11, 12, 14)
    assert WOLVES not in lost_camps(t.game)
    kill_now(t, 5)
    assert WOLVES in lost_camps(t.game)


def test_the_seed_wolfs_exit_for_the_infection_does_not_judge_the_wolves_lost() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    kill_now(t, 11, 12, 14)  # the 种狼 is the last wolf
    t.say(13, "/感染 5号")
    assert not t.alive(13) and tag(t.game, 5) == IN_GROUP
    assert WOLVES not in lost_camps(t.game)


def test_a_seed_wolf_without_the_tag_keeps_the_wolves_in_until_silenced_for_good() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    status.grant(t.game, 13, "超度", source=None, skill="测试", until=None)  # no tag, can still infect
    kill_now(t, 11, 12, 14)
    assert WOLVES not in lost_camps(t.game)
    status.grant(t.game, 13, "净化", source=None, skill="测试", until=None)  # a permanent [沉默]
    kill_now(t, 6)
    assert WOLVES in lost_camps(t.game)


def test_an_infected_seat_shows_as_a_wolf_and_joins_the_kill() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.say(13, "/感染 1号")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/刀 9号", group=WOLF_GROUP)
    assert t.changed and t.group_got("1号投票")


# ---------------------------------------------------------------- 哥布林: 狂妄


def test_a_declared_goblin_voted_out_lowers_both_thresholds_of_the_village() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    kill_now(t, 1, 2, 3, 4)  # 验人系 out and three 强神 of four
    assert VILLAGE not in lost_camps(t.game)
    t.say(11, "/狂妄")
    assert t.changed and t.director_got("11号宣言狂妄")
    t.now += 2 * 3600  # the door closes two hours later
    t.director("/投票 5号 11号")
    t.director("/入夜")
    assert not t.alive(11)
    assert threshold_cuts(t.game) == 1
    assert t.director_got("村民阵营判负", ever=True)


def test_the_director_records_a_declaration_for_the_goblin_only() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.director("/宣言 12号")
    assert not t.changed and "没有狂妄技能" in t.reply()
    t.director("/宣言 11号")
    assert t.changed
    t.say(11, "/狂妄")
    assert not t.changed and "已经宣言过" in t.reply()
    t.say(12, "/狂妄")
    assert not t.changed


def test_no_declaration_on_the_election_day_or_in_the_last_hour_before_the_door() -> None:
    t = xumi(BOARD_A)
    t.say(11, "/狂妄")
    assert not t.changed and "竞选日" in t.reply()
    to_noon(t, 2)
    t.director("/入夜 12:50")
    t.say(11, "/狂妄")
    assert not t.changed and "关门前1小时" in t.reply()


def test_a_declaration_the_door_then_closes_within_an_hour_of_is_void() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.say(11, "/狂妄")
    t.director("/投票 5号 11号")
    t.director("/入夜")  # the door closes a minute after the declaration
    assert not t.alive(11)
    assert threshold_cuts(t.game) == 0
    assert t.director_got("不生效", ever=True)


def test_the_declaration_holds_only_until_the_next_night_and_only_for_an_exit() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.say(11, "/狂妄")
    t.now += 2 * 3600
    status.grant(t.game, 11, "不死", source=None, skill="测试", until=Boundary("night_start", 2))
    t.director("/投票 5号 11号")
    t.director("/入夜")
    assert t.alive(11)  # saved by [不死]: no vote exit
    next_day(t)
    t.director("/投票 5号 11号")
    t.director("/入夜")
    assert not t.alive(11)
    assert threshold_cuts(t.game) == 0  # declared on day 2, out on day 3


# ---------------------------------------------------------------- 穷奇: 惩善扬恶


def test_the_mark_is_from_night_two_on_another_seat_each_seat_once() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(14, "/惩善扬恶 5号")
    assert not t.changed and "第2晚" in t.reply()
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(14, "/惩善扬恶 14号")
    assert not t.changed and "不能选择自己" in t.reply()
    t.say(14, "/惩善扬恶 5号")
    assert t.changed and not peek_game_state(t.game, Marks).marker  # recorded; takes effect when 深夜1 closes
    t.director("/推进")
    assert peek_game_state(t.game, Marks).marker == {5: 14}
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(14, "/惩善扬恶 5号")
    assert not t.changed and "只能被选择一次" in t.reply()


def _marked(t: Table, *seats: int) -> None:
    """The 穷奇 (14) has marked these seats (as 惩善扬恶 does over several nights)."""
    game_state(t.game, Marks).marker.update(dict.fromkeys(seats, 14))


def test_a_marked_voter_who_votes_out_a_wolf_is_punished_at_once() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    _marked(t, 5)
    t.director("/投票 5号 11号\n8号 11号")
    t.director("/入夜")
    assert not t.alive(11) and not t.alive(5)
    assert published(t, "5号击杀了11号受到了惩罚")
    exit = next(e for e in t.game.exits if e.seat == 5)
    assert exit.damages[0].kind == damage.FATAL and exit.damages[0].source == 14


def test_a_marked_seat_whose_skill_takes_a_wolf_out_is_punished() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    _marked(t, 1)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 12号")
    t.director("/天亮")
    assert not t.alive(12) and not t.alive(1)
    assert t.director_got("1号击杀了12号受到了惩罚", ever=True)


def test_a_marked_voter_who_votes_out_a_villager_is_rewarded_and_it_is_announced_next_day() -> None:
    t = xumi(BOARD_A, sheriff=None, seed=SEED_GIFT_BY_VOTE)
    to_noon(t, 2)
    _marked(t, 5)
    t.director("/投票 5号 9号\n6号 9号")
    t.director("/入夜")
    assert not t.alive(9) and t.alive(5)
    assert t.seat_got(5, "黑商礼物", ever=True)
    assert skills.holds(t.game, 5, "天火")  # this seed draws the [天火]
    assert not published(t, "5号击杀了9号获得了奖励")  # not before the next day
    t.director("/天亮")
    assert t.director_got("5号击杀了9号获得了奖励")  # in the dawn's 公示 draft


def _rewarded_with_poison(t: Table) -> None:
    """Day 2: the marked 猎魔人 (5) votes the 病人 (9) out and draws the [毒药]; night 2 opens."""
    to_noon(t, 2)
    _marked(t, 5)
    t.director("/投票 5号 9号\n6号 9号")
    t.director("/入夜")
    assert t.seat_got(5, "你获得了[毒药]技能（黑商礼物）", ever=True)  # this seed draws the [毒药]
    t.say(2, "/放弃")  # the 定序王子 closes 黄昏2


def test_a_poison_drawn_as_the_reward_is_used_once_in_the_deep_night() -> None:
    t = xumi(BOARD_A, sheriff=None, seed=SEED_GIFT_POISON)
    _rewarded_with_poison(t)
    to_night_slot(t, "深夜2")
    t.say(5, "/毒药 13号")
    assert t.changed, t.reply()
    t.director("/天亮")
    exit = next(e for e in t.game.exits if e.seat == 13)
    assert exit.damages[0] == damage.Damage(13, damage.FATAL, 5, "毒药")
    assert t.alive(5)  # a wolf killed by hand, but the mark was spent on the reward
    assert not skills.holds(t.game, 5, "毒药")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(5, "/毒药 12号")
    assert not t.changed


def test_a_poison_reward_to_a_seat_holding_an_unused_poison_is_a_second_use() -> None:
    t = xumi(BOARD_A, sheriff=None, seed=SEED_GIFT_POISON)
    gifts.gain(t.game, 5, gifts.POISON)  # as the 曼陀罗's gift would
    _rewarded_with_poison(t)
    assert t.game.seats[5].skills["毒药"].uses_left == 2
    to_night_slot(t, "深夜2")
    t.say(5, "/毒药 13号")
    t.director("/天亮")
    assert not t.alive(13) and skills.holds(t.game, 5, "毒药")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(5, "/毒药 12号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(12) and t.game.seats[5].skills["毒药"].uses_left == 0


def test_the_group_member_drawn_as_the_kills_source_is_the_killer() -> None:
    t = xumi(BOARD_A, seed=SEED_GIFT_BY_KILL)
    to_noon(t, 2)
    _marked(t, 11, 12, 13)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    for wolf in (11, 12, 13):
        t.say(wolf, "/刀 9号", group=WOLF_GROUP)
    t.director("/天亮")
    killer = next(e for e in t.game.exits if e.seat == 9).damages[0].source
    assert t.director_got(f"{killer}号击杀了9号获得了奖励")
    assert any("守护" in s.label() and s.until is None for s in t.game.seats[killer].statuses)
    others = [w for w in (11, 12, 13) if w != killer]
    assert not any(t.seat_got(w, "黑商礼物", ever=True) for w in others)


def test_a_marked_seat_gets_one_reward_or_punishment_in_all() -> None:
    t = xumi(BOARD_A, sheriff=None, seed=SEED_GIFT_ONCE)
    to_noon(t, 2)
    _marked(t, 5)
    t.director("/投票 5号 10号")  # the piper's camp: neither reward nor punishment
    t.director("/入夜")
    assert not t.alive(10) and not t.seat_got(5, "黑商礼物", ever=True)
    next_day(t)
    t.director("/投票 5号 9号\n6号 9号")
    t.director("/入夜")
    assert t.seat_got(5, "黑商礼物", ever=True)
    next_day(t)
    t.director("/投票 5号 11号\n6号 11号")
    t.director("/入夜")
    assert not t.alive(11) and t.alive(5)  # the mark is spent: no punishment


# ---------------------------------------------------------------- 白昼学者 / 寂夜导师: 时波


def test_the_waves_are_from_night_two_and_one_excludes_the_other() -> None:
    t = xumi(BOARD_B)
    t.director("/入夜")
    assert t.game.night.state["早夜1"] == "closed"  # nobody could use them on night 1
    t.say(2, "/时波增幅 1号")
    assert not t.changed
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 5号")
    assert t.changed
    t.say(2, "/时波削弱 5号")  # the latest choice stands
    assert t.changed and [u.skill for u in t.game.night.uses["早夜1"].values() if u.seat == 2] == ["时波削弱"]
    t.director("/推进")
    assert frightened(t, 5)
    next_day(t)
    t.director("/入夜")
    t.director("/推进")  # 黄昏2
    t.say(2, "/时波增幅 5号")
    assert not t.changed and "已经发动过时波削弱" in t.reply()
    assert skills.refusal(t.game, 2, "时波增幅", "早夜1") == "已经发动过时波削弱，不能再发动时波增幅"
    assert skills.refusal(t.game, 2, "时波削弱", "早夜1") == "时波削弱已经没有剩余次数"


def test_dampen_frightens_until_the_next_noon_and_is_told_when_the_slot_ends() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(13, "/时波削弱 12号")
    assert not t.seat_got(12, "恐惧")
    t.director("/推进")
    assert t.seat_got(12, "[恐惧]") and t.seat_got(12, "第3天正午开始")
    to_night_slot(t, "深夜2")
    t.say(11, "/刀 9号", group=WOLF_GROUP)
    assert not t.changed and "[缴械]" in t.reply()  # a frightened member stops the group's kill
    next_day(t)
    assert not frightened(t, 12)


def test_boost_gives_one_more_use_of_the_designated_skill_tonight() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 1号")
    t.director("/推进")
    assert t.seat_got(1, "时波增幅") and t.seat_got(1, "/指定")
    t.say(1, "/指定 天狗")
    assert not t.changed and "没有" in t.reply()
    t.say(1, "/指定 侦测")
    assert t.changed
    to_night_slot(t, "深夜1")
    t.say(1, "/侦测 11号")
    t.say(1, "/侦测 13号")  # the extra use, not a replacement
    t.director("/推进")
    assert t.seat_got(1, "11号为非村民阵营") and t.seat_got(1, "13号为非村民阵营")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/侦测 11号")
    t.say(1, "/侦测 13号")  # no extra use tonight: this replaces the first
    t.director("/推进")
    assert t.seat_got(1, "13号为非村民阵营") and not t.seat_got(1, "11号为非村民阵营")


def test_boost_lifts_a_spent_limit_without_designation() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/圣光 6号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(13, "/时波增幅 1号")
    to_night_slot(t, "深夜2")
    t.say(1, "/圣光 7号")  # 圣光 is [限定] and spent: this is the extra use
    assert t.changed, t.reply()
    t.director("/推进")
    assert t.game.seats[1].skills["圣光"].used == 2


def test_boost_on_a_group_member_designating_the_kill_gives_the_group_one_more_kill() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(13, "/时波增幅 11号")
    to_night_slot(t, "深夜1")
    t.say(2, "/指定 杀人")
    assert not t.changed and "没有时波增幅" in t.reply()
    t.say(11, "/指定 杀人")
    assert t.changed, t.reply()
    to_night_slot(t, "深夜2")
    assert t.group_got("今晚可杀2人")
    for wolf in (11, 12):
        t.say(wolf, "/刀 7号 9号", group=WOLF_GROUP)
    t.director("/天亮")
    assert not t.alive(7) and not t.alive(9)


def test_only_a_kill_holder_may_designate_the_kill_and_only_before_the_kill_slot() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 5号")
    t.say(13, "/时波增幅 12号")
    t.director("/推进")
    t.say(5, "/指定 杀人")
    assert not t.changed and "不能指定杀人" in t.reply()
    to_night_slot(t, "深夜2")
    t.say(12, "/指定 刀")
    assert not t.changed and "深夜2已经开始" in t.reply()


def test_two_waves_on_one_seat_are_void_and_each_holder_deals_it_fatal_damage() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 5号")
    t.say(13, "/时波削弱 5号")
    assert not frightened(t, 5)
    assert not t.seat_got(5, "时波增幅")
    attacks = [(a.source, a.kind) for a in t.game.night.attacks if a.target == 5]
    assert attacks == [(2, damage.FATAL), (13, damage.FATAL)]
    t.director("/天亮")
    assert not t.alive(5)
    next_day(t)
    t.director("/入夜")
    t.director("/推进")  # 黄昏2
    assert t.game.night.state["早夜1"] == "closed"  # the void uses were spent: no actor left


def test_a_holder_who_lost_the_chaos_skill_deals_no_damage() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    status.grant(t.game, 13, "遗忘", source=None, skill="测试", until=None)  # takes the [强制] 时波混乱
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 5号")
    t.say(13, "/时波增幅 5号")
    assert [a.source for a in t.game.night.attacks if a.target == 5] == [2]


# ---------------------------------------------------------------- 蚀日侍女: 日光窃取


def test_steal_is_from_day_two_on_a_seat_outside_the_group_not_twice_running() -> None:
    t = xumi(BOARD_B)
    t.director("/入夜")
    assert t.game.night.state["黄昏2"] == "closed"  # nobody could use it on the 竞选日
    t.say(14, "/日光窃取 2号")
    assert not t.changed
    next_day(t)
    t.director("/入夜")
    t.say(14, "/日光窃取 12号")
    assert not t.changed and "[群内]" in t.reply()
    t.say(14, "/日光窃取 2号")
    assert t.changed
    next_day(t)
    t.director("/入夜")
    t.say(14, "/日光窃取 2号")
    assert not t.changed and "连续两次" in t.reply()


def test_the_maid_learns_the_skills_and_operates_the_seat_for_the_night() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    status.grant(t.game, 2, "恐惧", source=None, skill="测试", until=Boundary("noon_start", 3))
    t.director("/入夜")
    t.say(14, "/日光窃取 2号")
    t.director("/推进")  # 黄昏2 closes
    assert t.seat_got(14, "时波增幅（早夜1）") and t.seat_got(14, "时波混乱（被动）")
    assert t.seat_got(2, "被蚀日侍女操纵")
    t.say(2, "/时波增幅 5号")
    assert not t.changed and "被蚀日侍女操纵" in t.reply()
    t.say(14, "/时波削弱 5号")  # her use: 2's [恐惧] does not stop it
    assert t.changed and t.seat_got(2, "蚀日侍女操纵你发动了时波削弱")
    t.director("/推进")
    assert frightened(t, 5)
    assert next(s for s in t.game.seats[5].statuses if s.name == "恐惧").source == 2
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 6号")
    assert not t.changed and "已经发动过时波削弱" in t.reply()  # the use was 2's own skill


def test_the_results_of_an_operated_seat_go_to_the_maid_who_dies_of_its_order() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    t.say(14, "/日光窃取 1号")  # the 牧师 holds [秩序] (神恩)
    to_night_slot(t, "深夜1")
    t.say(14, "/侦测 11号")
    t.director("/推进")
    assert t.seat_got(14, "11号为非村民阵营")
    assert not t.seat_got(1, "11号为非村民阵营") and t.seat_got(1, "蚀日侍女操纵你发动了侦测", ever=True)
    t.director("/天亮")
    assert not t.alive(14)


def test_order_gained_during_the_controlled_night_kills_the_maid() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    t.say(14, "/日光窃取 5号")
    to_night_slot(t, "深夜1")
    assert not damage.pending(t.game)
    status.grant(t.game, 5, "秩序", source=3, skill="流光庇护", until=Boundary("night_end", 2))
    t.director("/天亮")
    assert not t.alive(14) and t.alive(5)


def test_an_operated_seat_acts_for_itself_again_once_the_maid_is_out() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    t.say(14, "/日光窃取 2号")
    to_night_slot(t, "早夜1")
    t.director("/罚下 14号")
    t.say(2, "/时波增幅 5号")
    assert t.changed, t.reply()


# ---------------------------------------------------------------- 吹笛者: 迷惑, [寡言]


def test_enchant_takes_up_to_two_other_seats_without_reticence() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(10, "/迷惑 10号")
    assert not t.changed and "不能选择自己" in t.reply()
    t.say(10, "/迷惑 3号 4号 5号")
    assert not t.changed
    t.say(10, "/迷惑 1号 3号")  # the 牧师's [秩序] keeps it off him
    t.director("/推进")
    assert not status.has(t.game, 1, "寡言")
    assert status.has(t.game, 3, "寡言") and t.seat_got(3, "[寡言]状态，永久")
    next_day(t)
    assert published(t, "[寡言]状态：3号", ever=False)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(10, "/吹笛 3号")
    assert not t.changed and "已经持有[寡言]" in t.reply()


def test_the_holders_are_published_at_every_door_opening() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    next_day(t)
    assert published(t, "[寡言]状态：无人持有", ever=False)


def test_a_breach_of_reticence_gives_permanent_silence_and_forgetting() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.director("/寡言违规 3号")
    assert not t.changed and "没有[寡言]" in t.reply()
    status.grant(t.game, 3, "寡言", source=10, skill="迷惑", until=None)
    t.director("/寡言违规 3号")
    assert t.changed and status.has(t.game, 3, "沉默") and status.has(t.game, 3, "遗忘")
    assert all(s.until is None for s in t.game.seats[3].statuses)
    assert t.seat_got(3, "[沉默]")


def test_the_pipers_exit_lifts_every_permanent_reticence_red_card_too() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    status.grant(t.game, 3, "寡言", source=10, skill="迷惑", until=None)
    status.grant(t.game, 4, "寡言", source=None, skill="反噬", until=Boundary("noon_end", 3))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.director("/罚下 10号")
    assert published(t, "吹笛者已出局，所有吹笛状态已解除", ever=False)
    t.director("/推进")
    assert not status.has(t.game, 3, "寡言") and t.seat_got(3, "[寡言]状态已消除", ever=True)
    assert status.has(t.game, 4, "寡言")  # not a permanent one


def _enchant_all(t: Table, *spared: int) -> None:
    for seat, info in t.game.seats.items():
        if seat not in (10, *spared) and info.alive:
            status.grant(t.game, seat, "寡言", source=10, skill="迷惑", until=None)


def test_the_piper_wins_when_every_seat_that_can_gain_it_holds_a_permanent_reticence() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    _enchant_all(t, 5, 6)  # the 牧师 (1) is spared by his permanent [秩序]
    t.say(10, "/迷惑 5号 6号")
    t.director("/推进")
    assert t.game.ended and t.director_got("吹笛者阵营胜利")


def test_a_seat_with_a_passing_order_or_no_reticence_yet_keeps_the_piper_from_winning() -> None:
    t = xumi(BOARD_A)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    _enchant_all(t, 5, 6)
    status.grant(t.game, 6, "秩序", source=3, skill="流光庇护", until=Boundary("night_end", 1))
    t.say(10, "/迷惑 5号 6号")  # 6's [秩序] keeps it off tonight; it can gain one later
    t.director("/推进")
    assert not t.game.ended


def test_infected_seats_do_not_count_for_the_pipers_win() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.say(13, "/感染 5号")  # 5 is infected, 13 leaves
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    _enchant_all(t, 5, 6)
    t.say(10, "/迷惑 6号")
    t.director("/推进")
    assert t.game.ended and t.director_got("吹笛者阵营胜利")


# ---------------------------------------------------------------- 定序王子: 重定时间


def test_reset_time_revives_a_seat_voted_out_today_once_the_dusk_is_over() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    status.grant(t.game, 9, "独裁", source=None, skill="测试", until=None)
    t.director("/投票 5号 9号")
    t.director("/入夜")
    t.say(9, "/遗言 再见")
    t.say(2, "/重定时间 9号")
    assert t.changed
    assert t.alive(9) and t.seat_got(9, "复活")  # the prince was 黄昏2's only actor: it closed
    lines = t.to_director()
    dusk = next(i for i, line in enumerate(lines) if "投票出局：9号" in line)
    back = next(i for i, line in enumerate(lines) if "公示：9号复活" in line)
    assert dusk < back  # it comes back after the 黄昏 is over and published
    assert published(t, "2号翻牌：定序王子", ever=False)
    assert published(t, "第3天正午将额外进行一次投票", ever=False)
    assert status.has(t.game, 9, "独裁")  # its statuses as they were
    assert 9 not in t.game.last_words  # its last words are withdrawn
    t.say(9, "/遗言 再见")
    assert not t.changed and "没有遗言权利" in t.reply()


def test_reset_time_without_a_target_flips_and_brings_the_extra_vote_once() -> None:
    t = xumi(BOARD_A)
    to_noon(t, 2)
    t.director("/入夜")
    t.say(2, "/重定时间")
    assert t.changed
    t.director("/推进")
    assert published(t, "2号翻牌：定序王子") and published(t, "第3天正午将额外进行一次投票")
    next_day(t)
    t.director("/入夜")
    t.say(2, "/重定时间")
    assert not t.changed


def test_reset_time_takes_only_a_seat_out_in_todays_dusk_and_not_on_the_election_day() -> None:
    t = xumi(BOARD_A, sheriff=None)
    t.director("/入夜")
    assert t.game.night.state["黄昏2"] == "closed"  # not on the 竞选日
    to_night_slot(t, "深夜1")
    damage.deal(t.game, damage.Damage(7, damage.FATAL, None, "测试"))
    next_day(t)
    t.director("/罚下 8号")
    t.director("/投票 5号 9号")
    t.director("/入夜")
    for seat in (7, 8, 3):  # out last night, red-carded today, alive
        t.say(2, f"/重定时间 {seat}号")
        assert not t.changed and "不是今天黄昏阶段出局的角色" in t.reply()
    t.say(2, "/重定时间 9号")
    assert t.changed


def test_a_prince_voted_out_may_revive_himself() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.director("/投票 5号 2号")
    t.director("/入夜")
    assert not t.alive(2)
    t.say(2, "/重定时间 2号")
    assert t.changed, t.reply()
    t.director("/推进")
    assert t.alive(2)


def test_a_prince_out_since_an_earlier_day_cannot_use_it() -> None:
    t = xumi(BOARD_A, sheriff=None)
    to_noon(t, 2)
    t.director("/投票 5号 2号")
    t.director("/入夜")
    t.director("/推进")  # he lets 黄昏2 pass
    next_day(t)
    t.director("/入夜")
    assert t.game.night.state["黄昏2"] == "closed"  # nobody to wait for
    t.say(2, "/重定时间")
    assert not t.changed and "出局" in t.reply()


def _with_extra_vote(t: Table) -> None:
    """Day 2's 黄昏: the prince uses 重定时间 without a target; day 3 opens with an extra vote."""
    to_noon(t, 2)
    t.director("/入夜")
    t.say(2, "/重定时间")
    next_day(t)


def test_the_extra_vote_is_settled_from_the_ballots_and_the_days_vote_starts_afresh() -> None:
    t = xumi(BOARD_A, sheriff=None)
    t.director("/额外投票")
    assert not t.changed and "没有额外投票" in t.reply()
    _with_extra_vote(t)
    assert t.director_got("/额外投票")
    t.director("/投票 5号 9号\n6号 9号\n7号 4号")
    t.director("/额外投票")
    assert t.changed and not t.alive(9)
    assert published(t, "第3天额外投票：最高票9号", ever=False) and published(t, "9号出局", ever=False)
    assert t.game.exits[-1].when == "第3天" and t.seat_got(9, "遗言")
    t.director("/额外投票")
    assert not t.changed
    t.director("/投票 5号 4号")  # 5 votes afresh: not a change
    assert t.changed and "改票" not in t.reply()
    t.director("/入夜")
    assert not t.alive(4)


def test_the_extra_vote_settles_itself_when_noon_ends() -> None:
    t = xumi(BOARD_A, sheriff=None)
    _with_extra_vote(t)
    t.director("/投票 5号 9号")
    t.wait(10 * 3600)  # past 21:00
    assert not t.alive(9) and t.game.part == "傍晚"


def test_a_reward_earned_by_day_is_announced_with_the_next_dawn() -> None:
    t = xumi(BOARD_A, sheriff=None, seed=SEED_GIFT_AT_NOON)
    _with_extra_vote(t)
    _marked(t, 5)
    t.director("/投票 5号 9号")
    t.director("/额外投票")
    assert t.seat_got(5, "黑商礼物")
    assert not published(t, "5号击杀了9号获得了奖励")
    t.director("/入夜")
    t.director("/天亮")
    assert t.director_got("5号击杀了9号获得了奖励")


def test_a_designated_extra_use_left_unused_is_passed_or_lapses_at_the_close() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(2, "/时波增幅 1号")
    to_night_slot(t, "深夜1")
    t.say(1, "/指定 侦测")
    t.say(1, "/侦测 11号")
    t.say(1, "/放弃")
    assert t.changed and "侦测（额外一次）" in t.reply()
    t.director("/推进")
    assert t.seat_got(1, "11号为非村民阵营")
    assert t.game.seats[1].skills["侦测"].used == 1


def test_the_slot_closes_on_the_directors_word_with_a_designated_extra_use_pending() -> None:
    t = xumi(BOARD_B)
    to_noon(t, 2)
    t.director("/入夜")
    to_night_slot(t, "早夜1")
    t.say(13, "/时波增幅 1号")
    to_night_slot(t, "深夜1")
    t.say(1, "/指定 侦测")
    t.say(1, "/侦测 11号")
    t.director("/推进")
    assert t.changed and t.seat_got(1, "11号为非村民阵营")


# ---------------------------------------------------------------- slots: the five-minute grace
# (kept here as a unit test because the harness would have to wait 40 real minutes for it;
# transcripts xumi-rD-06 and xumi-rC-11 shorten their deadlines with /时限 instead)

# 牧师 | 摄梦人 灵鹿 猎魔人 炼金魔女 | 病人 乳猪 长老 刺猬 | 吹笛者 | 噩梦之影 天狗 狼学者 种狼
BOARD_NIGHTMARE: dict[int, str] = {
    1: "牧师", 2: "摄梦人", 3: "灵鹿", 4: "猎魔人", 5: "炼金魔女", 6: "病人", 7: "乳猪",
    8: "长老", 9: "刺猬", 10: "吹笛者", 11: "噩梦之影", 12: "天狗", 13: "狼学者", 14: "种狼",
}  # fmt: skip


def test_a_slot_opening_at_its_deadline_stays_open_five_more_minutes() -> None:
    """COMMANDS.md 须弥: 「早夜2 (+40), 午夜 (+40) … a slot that opens at or after its deadline stays
    open five more minutes」: 早夜2 left to time out at +40 opens 午夜 at its own deadline; the 摄梦人's
    [强制] 摄梦 is drawn at random only at +45."""
    t = xumi(BOARD_NIGHTMARE)
    t.director("/入夜")
    door = t.now
    night = t.game.night
    assert night is not None and night.state["早夜2"] == "open"
    t.wait(door + 40 * 60 + 1 - t.now)
    assert night.state["早夜2"] == "closed" and t.seat_got(11, "截止", ever=True)
    assert night.state["午夜"] == "open"
    assert night.due["午夜"] == door + 45 * 60
    t.wait(door + 45 * 60 - 2 - t.now)
    assert night.state["午夜"] == "open" and not t.seat_got(2, "随机")
    t.wait(3)
    assert night.state["午夜"] == "closed" and t.seat_got(2, "随机")
