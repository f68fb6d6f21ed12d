"""须弥 roles of batch C — damage, chains and the alchemy: 猎魔人, 特工, 病人, 乳猪, 白猫, 曼陀罗,
炼金术士 (with the gained [毒药], [天火], [幸运许愿], [爆破]).  One test per clause and per ruling
(docs/rulings-xumi.md, section Roles)."""

from __future__ import annotations

import re

import pytest

from bansha_engine import damage, skills, status
from bansha_engine.library import seat_state
from bansha_engine.pool import violations
from bansha_engine.roles.xumi.alchemist import Immunity, living_strength
from bansha_engine.roles.xumi.common import WOLVES
from bansha_engine.roles.xumi.role_pool import POOL
from bansha_engine.timeline import Boundary
from tests.engine_helpers import Table
from tests.xumi_helpers import next_day, to_night_slot, wolves_in_group, xumi

# Boards whose other roles act only when told to (no random [强制] choice, no protection of others).
# HUNT: 牧师 | 猎魔人 特工 清晰者 定序王子 | 病人 乳猪 白猫 曼陀罗 | 吹笛者 | 天狗 狼学者 种狼 混沌 (47/35).
HUNT = {
    1: "牧师", 2: "猎魔人", 3: "特工", 4: "清晰者", 5: "定序王子", 6: "病人", 7: "乳猪", 8: "白猫",
    9: "曼陀罗", 10: "吹笛者", 11: "天狗", 12: "狼学者", 13: "种狼", 14: "混沌",
}  # fmt: skip
# ALCHEMY: 高僧 | 猎魔人 特工 清晰者 定序王子 | 炼金术士 病人 乳猪 官员 | 吹笛者 | the same wolves (47/35).
ALCHEMY = {
    1: "高僧", 2: "猎魔人", 3: "特工", 4: "清晰者", 5: "定序王子", 6: "炼金术士", 7: "病人", 8: "乳猪",
    9: "官员", 10: "吹笛者", 11: "天狗", 12: "狼学者", 13: "种狼", 14: "混沌",
}  # fmt: skip
WOLF_SEATS = (11, 12, 13, 14)
ALCHEMY_SUM = 82  # every strength of the ALCHEMY board: 9+7+9+6+6+5+1+1+3 + 7+8+10+10


def test_the_test_boards_are_valid() -> None:
    assert violations(POOL, list(HUNT.values())) == []
    assert violations(POOL, list(ALCHEMY.values())) == []


def hunt_game(seed: int = 0) -> Table:
    return xumi(HUNT, sheriff=None, seed=seed)


def alchemy_game(seed: int = 0) -> Table:
    return xumi(ALCHEMY, sheriff=None, seed=seed)


def to_night_two(t: Table) -> None:
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")


def wolves_kill(t: Table, *targets: int) -> None:
    seats = " ".join(f"{n}号" for n in targets)
    for wolf in wolves_in_group(t):
        t.wolf(wolf, f"/刀 {seats}")


def out_by_day(t: Table, *seats: int) -> None:
    """Take seats out by day (a 致死伤害 at noon), as a skill of another batch would."""
    for seat in seats:
        assert damage.deal(t.game, damage.Damage(seat, damage.FATAL, None, "测试"))
        t.game.drain()
        assert not t.alive(seat)


def night_notes(t: Table) -> str:
    return "\n".join(t.to_director(ever=True))


# ================================================================ 猎魔人


def test_hunt_is_from_the_second_night() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert "从第2晚开始" in (skills.refusal(t.game, 2, "猎杀", "深夜2") or "")
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    assert skills.refusal(t.game, 2, "猎杀", "深夜2") is None


def test_hunt_pierces_a_wolf_even_through_a_guard() -> None:
    t = hunt_game()
    to_night_two(t)
    status.grant(t.game, 11, "守护", source=11, skill="测试", until=None, count=1)
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 11号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(11)
    assert t.game.exits[-1].damages[0].kind == damage.PIERCE
    assert t.game.seats[2].skills["猎杀"].uses_left == 2


def test_a_miss_costs_two_more_uses_and_leaves_the_hunter_at_zero_alive() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 4号")  # 清晰者: 村民阵营
    t.director("/天亮")
    assert t.alive(2) and t.alive(4)
    assert t.game.seats[2].skills["猎杀"].uses_left == 0
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 11号")
    assert not t.changed and "没有剩余次数" in t.reply()


def test_a_negative_count_after_the_hunt_costs_the_hunter_his_life() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 11号")
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 5号")  # a miss with 2 left: 2 − 1 − 2 = −1
    t.director("/天亮")
    assert not t.alive(2)
    assert t.game.exits[-1].damages[0] == damage.Damage(2, damage.FATAL, 2, "猎杀")


def test_the_hunt_is_once_a_night_a_second_order_replaces_the_first() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(2, "/猎杀 4号")
    t.say(2, "/猎杀 12号")
    t.director("/天亮")
    assert not t.alive(12) and t.alive(4)
    assert t.game.seats[2].skills["猎杀"].uses_left == 2


def test_fate_toughness_counts_only_against_village_sources() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert status.has(t.game, 2, "坚韧")
    assert not damage.deal(t.game, damage.Damage(2, damage.POKE, 4, "测试"))  # 清晰者: cancelled
    assert damage.deal(t.game, damage.Damage(2, damage.POKE, 11, "测试"))  # 天狗: through
    t.director("/天亮")
    assert not t.alive(2)


def test_fate_toughness_does_not_stop_lethal_damage() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert damage.deal(t.game, damage.Damage(2, damage.FATAL, 4, "测试"))


def test_fate_is_granted_each_night_and_ends_with_it() -> None:
    t = hunt_game()
    assert not status.has(t.game, 2, "坚韧")  # the 竞选日
    t.director("/入夜")
    next_day(t)
    assert not status.has(t.game, 2, "坚韧")
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    fate = status.holding(t.game, 2, "坚韧")
    assert [s.until for s in fate] == [Boundary("night_end", 2)]


def test_fate_lapses_while_the_hunter_forgets() -> None:
    t = hunt_game()
    status.grant(t.game, 2, "净化", source=None, skill="测试", until=None)
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert not status.has(t.game, 2, "坚韧")
    assert damage.deal(t.game, damage.Damage(2, damage.POKE, 4, "测试"))


# ================================================================ 特工


def test_hide_is_undying_against_wolves_only() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert not damage.deal(t.game, damage.Damage(3, damage.FATAL, 13, "测试"))  # a wolf
    assert damage.deal(t.game, damage.Damage(3, damage.FATAL, 4, "测试"))  # a villager


def test_ambush_pierces_a_wolf_and_the_agent_loses_hide() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(3, "/伏击 12号")
    t.director("/天亮")
    assert not t.alive(12)
    assert t.game.exits[-1].damages[0] == damage.Damage(12, damage.PIERCE, 3, "伏击")
    assert not skills.holds(t.game, 3, "潜藏")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert not status.has(t.game, 3, "不死")


def test_the_wolves_kill_on_the_ambush_night_meets_hide_still_in_place() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 3)
    t.say(3, "/伏击 4号")  # a villager: no effect, but 潜藏 is lost
    t.director("/天亮")
    assert t.alive(3) and t.alive(4)
    assert not skills.holds(t.game, 3, "潜藏")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    wolves_kill(t, 3)
    t.director("/天亮")
    assert not t.alive(3)


def test_ambush_is_from_night_two_and_once() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert "从第2晚开始" in (skills.refusal(t.game, 3, "伏击", "深夜2") or "")
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(3, "/伏击 11号")
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(3, "/伏击 12号")
    assert not t.changed and "没有剩余次数" in t.reply()


# ================================================================ 病人


def test_patient_lives_while_the_wolves_are_as_many_as_the_day() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 11, 12)  # two wolves left on night 2: 2 < 2 is false
    t.director("/入夜")
    t.director("/天亮")
    assert t.alive(6)
    t.director("/开门")
    t.director("/入夜")  # night 3: 2 < 3
    to_night_slot(t, "深夜1")
    assert 6 in damage.pending(t.game)
    assert t.alive(6)  # pending until the tally
    t.director("/天亮")
    assert not t.alive(6)
    assert t.game.exits[-1].damages[0] == damage.Damage(6, damage.FATAL, 6, "命不久矣")


def test_patient_counts_the_real_camp_of_the_living() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 11, 12, 13)
    t.game.seats[4].camp = WOLVES  # a seat turned wolf (感染) counts
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert 6 not in damage.pending(t.game)


def test_patient_saved_by_an_undying_status_at_the_tally() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 11, 12, 13)  # one wolf on night 2
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert 6 in damage.pending(t.game)
    status.grant(t.game, 6, "不死", source=1, skill="测试", until=Boundary("night_end", 2))
    t.director("/天亮")
    assert t.alive(6)


# ================================================================ 乳猪


def test_piglet_voted_out_tells_the_wolves_and_gives_the_group_two_kills_that_night() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 7号")
    t.director("/入夜")
    assert not t.alive(7)
    for wolf in WOLF_SEATS:
        assert t.seat_got(wolf, "第2夜狼人可以额外发动一次杀人", ever=True)
    assert not t.seat_got(1, "烤乳猪", ever=True)
    to_night_slot(t, "深夜2")
    assert t.group_got("今晚可杀2人", ever=True)
    wolves_kill(t, 4, 5)
    t.director("/天亮")
    assert not t.alive(4) and not t.alive(5)


def test_piglet_killed_at_night_is_told_at_the_tally_and_the_next_night_has_two_kills() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 7)
    t.director("/天亮")
    assert not t.alive(7)
    assert t.seat_got(11, "第3夜狼人可以额外发动一次杀人", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    wolves_kill(t, 4, 5)
    t.director("/天亮")
    assert not t.alive(4) and not t.alive(5)


def test_the_extra_kill_is_lost_when_the_group_cannot_kill_that_night() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 7号")
    t.director("/入夜")
    status.grant(t.game, 12, "恐惧", source=None, skill="测试", until=Boundary("noon_start", 3))
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    wolves_kill(t, 4, 5)
    assert not t.changed and "今晚只能杀1人" in t.reply() and "用法" in t.reply()  # one kill only on night 3


def test_piglet_red_carded_gives_nothing() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    t.director("/罚下 7号")
    t.director("/入夜")
    assert not t.alive(7)
    assert not any(t.seat_got(w, "烤乳猪", ever=True) for w in WOLF_SEATS)


def test_piglet_gives_the_knife_taker_the_extra_kill_when_the_group_is_gone_by_then() -> None:
    seats = dict(HUNT)
    seats[14] = "穷奇"  # [接刀]: 天狗7 狼学者8 种狼10 穷奇9 = 34; 47/34 ≈ 1.382
    assert violations(POOL, list(seats.values())) == []
    t = xumi(seats, sheriff=None)
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 11, 12)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.wolf(13, "/刀 7号")
    t.say(2, "/猎杀 13号")  # the group's last member leaves at the same tally, after the piglet
    t.director("/天亮")
    assert not t.alive(7) and not t.alive(13)
    assert t.seat_got(13, "第3夜狼人可以额外发动一次杀人", ever=True)  # the holder of 杀人 then
    assert not t.seat_got(14, "额外发动一次杀人", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(14, "/刀 4号 5号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(4) and not t.alive(5)


# ================================================================ 白猫


def test_cat_flips_and_survives_the_kill_then_dies_after_the_next_days_vote() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 8)
    t.director("/天亮")
    assert t.alive(8)
    assert t.director_got("8号翻牌：白猫")
    assert t.director_got("平安夜")
    t.director("/开门")
    t.director("/投票 1号 4号")
    t.director("/入夜")
    t.say(5, "/放弃")  # 定序王子 holds 黄昏2 open until he uses or passes 重定时间
    assert [e.seat for e in t.game.exits[-2:]] == [4, 8]
    assert t.game.exits[-1].damages[0].skill == "猫有九命"
    assert t.director_got("投票出局：4号；其他原因出局：8号", ever=True)
    assert t.seat_got(8, "遗言", ever=True)  # a day exit


def test_cat_voted_out_flips_and_dies_at_the_next_days_dusk() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 8号")
    t.director("/入夜")
    assert t.alive(8)
    assert t.director_got("公示：8号翻牌：白猫", ever=True)
    t.director("/天亮")
    t.director("/开门")
    assert t.alive(8)
    t.director("/入夜")
    assert not t.alive(8)
    assert t.game.exits[-1].when == "第3天黄昏"


def test_cat_saved_at_noon_lives_through_todays_dusk() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    assert damage.deal(t.game, damage.Damage(8, damage.FATAL, 4, "崩塌狙击"))
    t.game.drain()
    assert t.alive(8)
    t.director("/入夜")  # day 2's 黄昏1: not yet
    assert t.alive(8)
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")  # day 3's 黄昏1
    assert not t.alive(8)


def test_a_flipped_cat_cannot_flip_again() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 8)
    t.director("/天亮")
    t.director("/开门")
    out_by_day(t, 8)
    assert [e.seat for e in t.game.exits] == [8]


def test_a_red_card_ignores_the_cat() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.director("/罚下 8号")
    assert not t.alive(8)
    assert not t.director_got("翻牌", ever=True)


def test_cat_forgetting_does_not_flip() -> None:
    t = hunt_game()
    status.grant(t.game, 8, "净化", source=None, skill="测试", until=None)
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 8)
    assert not t.director_got("翻牌", ever=True)


# ================================================================ 曼陀罗 and [毒药]


def test_withering_is_from_night_two() -> None:
    t = hunt_game()
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    assert "从第2晚开始" in (skills.refusal(t.game, 9, "凋花结果", "深夜2") or "")


def test_datura_dies_and_the_verifier_gets_a_poison_used_once() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(9, "/凋花结果 4号")  # not a 验人系: the living 验人系 gets [毒药]
    t.director("/天亮")
    assert not t.alive(9)
    assert t.game.exits[-1].damages[0] == damage.Damage(9, damage.FATAL, 9, "凋花结果")
    assert t.seat_got(1, "你获得了[毒药]技能", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/毒 12号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(12)
    assert t.game.exits[-1].damages[0] == damage.Damage(12, damage.FATAL, 1, "毒药")
    assert not skills.holds(t.game, 1, "毒药")


def test_datura_on_the_verifier_gives_sky_fire_usable_after_exit() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 13号")  # the 牧师 spends his own 天火 tonight
    t.say(9, "/凋花结果 1号")
    wolves_kill(t, 1)
    t.director("/天亮")
    assert not t.alive(1) and not t.alive(9) and not t.alive(13)
    assert t.seat_got(1, "你获得了[天火]技能", ever=True)
    assert t.seat_got(1, "出局后也可使用", ever=True)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    assert t.seat_got(1, "/天火", ever=True)
    t.say(1, "/天火 14号")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert not t.alive(14)


def test_a_dead_holder_of_the_gifted_sky_fire_may_pass_it() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(9, "/凋花结果 1号")
    wolves_kill(t, 1)
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(1, "/放弃")
    assert t.changed and "天火" in t.reply()


def test_a_gift_of_a_skill_the_seat_holds_unused_adds_a_use() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    t.say(9, "/凋花结果 1号")  # the 牧师 keeps his own 天火
    t.director("/天亮")
    assert t.game.seats[1].skills["天火"].uses_left == 2


def test_no_gift_when_the_withering_damage_is_cancelled() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    status.grant(t.game, 9, "不死", source=None, skill="测试", until=Boundary("night_end", 2))
    t.say(9, "/凋花结果 4号")
    t.director("/天亮")
    assert t.alive(9)
    assert "毒药" not in t.game.seats[1].skills


def test_no_gift_when_a_prevention_keeps_the_datura_in() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    seat_state(t.game, 9, Immunity).next_exit = True  # 炼金术士's 免疫下一次出局
    t.say(9, "/凋花结果 4号")
    t.director("/天亮")
    assert t.alive(9)
    assert "毒药" not in t.game.seats[1].skills


def test_the_gift_stands_when_a_kill_took_the_datura_out_too() -> None:
    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 9)
    t.say(9, "/凋花结果 4号")
    t.director("/天亮")
    assert not t.alive(9)
    assert "毒药" in t.game.seats[1].skills


def test_the_poison_goes_to_the_lowest_strong_god_when_no_verifier_lives() -> None:
    t = hunt_game()
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 1)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.say(9, "/凋花结果 4号")
    t.director("/天亮")
    assert "毒药" in t.game.seats[2].skills  # 猎魔人, the lowest seat among 2 3 4 5
    assert all("毒药" not in t.game.seats[n].skills for n in (3, 4, 5))


# ================================================================ 炼金术士


def alchemy_night(t: Table, target: int, x: int, *, user: int = 6) -> None:
    """Night 1 (or the next), 早夜2: the alchemist submits X plus the living strengths."""
    if t.game.phase == "day":
        t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(user, f"/炼金 {target}号 {x + living_strength(t.game)}")
    assert t.changed, t.reply()


def test_the_sum_is_every_living_strength_and_falls_when_a_seat_leaves() -> None:
    t = alchemy_game()
    assert living_strength(t.game) == ALCHEMY_SUM
    t.director("/入夜")
    next_day(t)
    out_by_day(t, 13)
    assert living_strength(t.game) == ALCHEMY_SUM - 10


def test_alchemy_reads_x_as_the_number_minus_the_sum() -> None:
    t = alchemy_game()
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(6, f"/不思议之炼金 4号 {ALCHEMY_SUM - 8}")  # X = −8: 秩序
    t.director("/天亮")
    assert status.has(t.game, 4, "秩序")
    assert t.director_got("6号不思议之炼金：4号，数值74，X=-8：结算目标永久获得[秩序]", ever=True)


@pytest.mark.parametrize("x", [21, -21, 40])
def test_outside_the_table_the_alchemist_bleeds_untold(x: int) -> None:
    t = alchemy_game()
    alchemy_night(t, 4, x)
    t.director("/推进")
    assert status.has(t.game, 6, "流血") and not status.has(t.game, 4, "流血")
    assert not t.seat_got(6, "流血", ever=True)


@pytest.mark.parametrize(("x", "user", "target"), [(16, {"迷魂"}, {"迷魂"}), (20, {"迷魂"}, {"迷魂"}),
    (11, {"漏洞"}, {"漏洞"}), (15, {"漏洞"}, {"漏洞"}), (6, set(), {"迷魂", "漏洞"}), (10, set(), {"迷魂", "漏洞"}),
    (3, set(), {"净化"}), (5, set(), {"净化"}), (-6, set(), {"秩序"}), (-10, set(), {"秩序"}),
    (-11, {"迷魂"}, {"独裁"}), (-15, {"迷魂"}, {"独裁"})])  # fmt: skip
def test_each_row_gives_its_permanent_statuses(x: int, user: set[str], target: set[str]) -> None:
    t = alchemy_game()
    alchemy_night(t, 4, x)
    t.director("/天亮")
    held = {seat: {s.name for s in t.game.seats[seat].statuses} for seat in (4, 6)}
    assert held[6] == user and held[4] == target
    assert all(s.until is None for seat in (4, 6) for s in t.game.seats[seat].statuses)


def test_negative_statuses_of_the_table_are_told_and_the_others_not() -> None:
    t = alchemy_game()
    alchemy_night(t, 4, -13)  # target [独裁], user [迷魂]
    t.director("/推进")
    assert t.seat_got(6, "你获得了[迷魂]状态，永久", ever=True)
    assert not t.seat_got(4, "独裁", ever=True)


def test_two_bleeds_at_once_kill_at_the_next_dusk_after_the_vote() -> None:
    t = alchemy_game()
    alchemy_night(t, 9, 1)  # 官员: [流血] twice
    t.director("/天亮")
    assert status.has(t.game, 9, "流血") and t.alive(9)
    assert not t.seat_got(9, "流血", ever=True)
    t.director("/开门")
    t.director("/投票 1号 4号")
    t.director("/入夜")
    t.say(5, "/放弃")  # 定序王子 holds 黄昏2 open until he uses or passes 重定时间
    assert [e.seat for e in t.game.exits] == [4, 9]
    assert t.game.exits[-1].damages[0] == damage.Damage(9, damage.FATAL, 6, "流血")
    assert t.director_got("投票出局：4号；其他原因出局：9号", ever=True)


def test_a_bleed_given_on_a_later_night_is_the_second_one() -> None:
    t = alchemy_game()
    alchemy_night(t, 9, 30)  # X > 20: the alchemist bleeds
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")  # day 2's dusk: nothing due
    assert t.alive(6)
    alchemy_night(t, 9, -30)  # his second 流血
    t.director("/天亮")
    t.director("/开门")
    assert t.alive(6)
    t.director("/入夜")
    assert not t.alive(6)
    assert t.game.exits[-1].damages[0] == damage.Damage(6, damage.FATAL, 6, "流血")


def test_order_keeps_bleeding_off() -> None:
    t = alchemy_game()
    status.grant(t.game, 9, "秩序", source=None, skill="测试", until=None)
    alchemy_night(t, 9, 1)
    t.director("/天亮")
    assert not status.has(t.game, 9, "流血")
    t.director("/开门")
    t.director("/入夜")
    assert t.alive(9)


def test_immunity_avoids_the_next_exit_once_and_never_a_red_card() -> None:
    t = alchemy_game()
    alchemy_night(t, 4, -1)
    t.director("/天亮")
    assert not t.seat_got(4, "免疫", ever=True)
    t.director("/开门")
    t.director("/投票 1号 4号")
    t.director("/入夜")
    assert t.alive(4)
    alchemy_night(t, 1, 30)  # not a second immunity for 4 by chance: the alchemist bleeds instead
    t.director("/天亮")
    assert t.director_got("4号免疫了这次出局", ever=True)
    t.director("/开门")
    t.director("/投票 1号 4号")
    t.director("/入夜")
    assert not t.alive(4)

    t = alchemy_game()
    alchemy_night(t, 5, -2)
    t.director("/开门")
    t.director("/罚下 5号")
    t.director("/入夜")
    assert not t.alive(5)


def test_minus_sixteen_to_twenty_wipes_both_and_no_status_takes_hold_again() -> None:
    t = alchemy_game()
    status.grant(t.game, 4, "不死", source=None, skill="测试", until=None)
    alchemy_night(t, 4, -18)
    t.director("/推进")
    assert t.game.seats[4].statuses == [] and t.game.seats[6].statuses == []
    assert status.grant(t.game, 4, "秩序", source=None, skill="测试", until=None) is None
    assert status.grant(t.game, 6, "迷魂", source=None, skill="测试", until=None) is None


def test_zero_gives_a_wish_naming_a_row_of_the_table_once() -> None:
    t = alchemy_game()
    alchemy_night(t, 4, 0)
    t.director("/天亮")
    assert t.seat_got(6, "你获得了[幸运许愿]技能", ever=True)
    t.director("/开门")
    alchemy_night(t, 5, 30)
    t.say(6, "/幸运许愿 4号 21")
    assert not t.changed and "-20到20" in t.reply()
    t.say(6, "/幸运许愿 4号 -8")
    assert t.changed, t.reply()
    t.director("/天亮")
    assert status.has(t.game, 4, "秩序")
    assert not skills.holds(t.game, 6, "幸运许愿")


def test_minus_three_to_five_gives_the_target_a_blast_at_noon() -> None:
    t = alchemy_game()
    alchemy_night(t, 4, -4)
    t.director("/天亮")
    assert t.seat_got(4, "你获得了[爆破]技能", ever=True)
    t.say(4, "/爆破 12号")
    assert not t.changed and "正午" in t.reply()
    t.director("/开门")
    t.say(4, "/爆破 4号")
    assert not t.changed
    t.say(4, "/爆破 12号")
    assert t.changed, t.reply()
    assert not t.alive(4) and not t.alive(12)
    assert [e.seat for e in t.game.exits] == [4, 12]
    assert t.director_got("公示：4号出局") and t.director_got("公示：12号出局")
    assert t.game.exits[-1].damages[0] == damage.Damage(12, damage.FATAL, 4, "爆破")


def test_alchemy_cannot_be_passed_and_a_timeout_picks_a_random_row() -> None:
    for seed in range(4):
        t = alchemy_game(seed)
        t.director("/入夜")
        to_night_slot(t, "早夜2")
        t.say(6, "/放弃")
        assert not t.changed and "强制" in t.reply()
        t.director("/天亮")
        match = re.search(r"6号不思议之炼金（导演推进，随机）：(\d+)号，数值(-?\d+)", night_notes(t))
        assert match, night_notes(t)
        assert -20 <= int(match.group(2)) - ALCHEMY_SUM <= 20


def test_alchemy_needs_a_seat_and_an_integer() -> None:
    t = alchemy_game()
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(6, "/炼金 4号 八十")
    assert not t.changed and "不是整数" in t.reply()
    t.say(6, "/炼金 4号")
    assert not t.changed and "不是整数" in t.reply()
    t.say(6, "/炼金 15号 80")
    assert not t.changed and "没有15号" in t.reply()


def test_the_directors_status_shows_what_is_coming() -> None:
    t = alchemy_game()
    alchemy_night(t, 4, -1)  # 免疫下一次出局
    t.director("/天亮")
    t.director("/开门")
    t.director("/入夜")
    alchemy_night(t, 9, 1)  # 流血 and a second one due on day 3
    t.director("/状态")
    assert "免疫下一次出局" in t.reply()
    assert "二次流血：第3天黄昏1受到致死伤害" in t.reply()

    t = hunt_game()
    to_night_two(t)
    to_night_slot(t, "深夜2")
    wolves_kill(t, 8)
    t.director("/天亮")
    t.director("/状态")
    assert "猫有九命：第3天黄昏1受到致死伤害" in t.reply()
