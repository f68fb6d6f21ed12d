"""须弥 batch B — protection and night statuses: 摄梦人, 灵鹿, 流光伯爵, 太极宗师, 长老, 噩梦之影, 混沌,
面包师, 炼金魔女.  One test per clause of each role and per ruling (docs/rulings-xumi.md, ## Roles)."""

from __future__ import annotations

import pytest

from bansha_engine import damage, skills, status
from bansha_engine.roles.xumi import pack
from bansha_engine.timeline import Boundary
from tests.engine_helpers import WOLF_GROUP, Table
from tests.xumi_helpers import board_with, next_day, to_night_slot, xumi

# Hand-made valid boards (ratio 49/36 ≈ 1.361) whose other roles act little at night; the wolves
# 11-14 are all [群内].
WITH_DREAMER = {
    1: "牧师", 2: "摄梦人", 3: "灵鹿", 4: "流光伯爵", 5: "炼金魔女", 6: "病人", 7: "长老", 8: "面包师",
    9: "太极宗师", 10: "吹笛者", 11: "噩梦之影", 12: "混沌", 13: "种狼", 14: "狼巫",
}  # fmt: skip
NO_DREAMER = {**WITH_DREAMER, 2: "清晰者"}
# The 长老 at 9 between the 清晰者 (8) and the piper (10), the wolves 11-14 and the 面包师 (1).
ELDER_RING = {
    1: "面包师", 2: "牧师", 3: "灵鹿", 4: "流光伯爵", 5: "炼金魔女", 6: "病人", 7: "太极宗师", 8: "清晰者",
    9: "长老", 10: "吹笛者", 11: "噩梦之影", 12: "混沌", 13: "种狼", 14: "狼巫",
}  # fmt: skip
WOLVES = (11, 12, 13, 14)


def game(seats: dict[int, str], *, seed: int = 0) -> Table:
    return xumi(board_with(seats), seed=seed)


def kill(t: Table, *targets: int) -> None:
    """Every wolf of the group votes the same kill (the 深夜2 slot must be open)."""
    words = " ".join(f"{n}号" for n in targets)
    for wolf in WOLVES:
        t.say(wolf, f"/刀 {words}", group=WOLF_GROUP)


def dream(t: Table, target: int) -> None:
    """Run to 午夜 and let the 摄梦人 (2) dream of `target`."""
    to_night_slot(t, "午夜")
    t.say(2, f"/摄梦 {target}号")
    assert t.changed, t.reply()


def dawn_and_open(t: Table) -> None:
    next_day(t)


def night_two(seats: dict[int, str], *, first_dream: int = 3) -> Table:
    """A game at night 2 (nothing open yet beyond 早夜1); the 摄梦人, if any, dreamed `first_dream`."""
    t = game(seats)
    t.director("/入夜")
    if 2 in seats and seats[2] == "摄梦人":
        dream(t, first_dream)
    next_day(t)
    t.director("/入夜")
    return t


def holders(t: Table, name: str) -> list[int]:
    """The living seats holding a status of this name now (「净化」, not its effects)."""
    return [n for n in t.game.alive() if any(s.name == name for s in status.statuses(t.game, n))]


# ================================================================ 摄梦人


def test_dream_gives_untold_tenacity_for_the_night_and_it_stops_the_kill() -> None:
    t = night_two(WITH_DREAMER)
    dream(t, 6)
    to_night_slot(t, "深夜1")
    assert holders(t, "坚韧") == [6]
    assert not t.seat_got(6, "坚韧", ever=True)  # a non-negative status is not told
    to_night_slot(t, "深夜2")
    kill(t, 6)
    t.director("/天亮")
    assert t.alive(6)
    assert holders(t, "坚韧") == []  # 「当晚」: it ended with the night


def test_dream_cannot_name_the_dreamer_and_cannot_be_passed() -> None:
    t = game(WITH_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(2, "/摄梦 2号")
    assert not t.changed and "不能选择自己" in t.reply()
    t.say(2, "/放弃")
    assert not t.changed and "强制" in t.reply()
    t.say(2, "/放弃 摄梦")
    assert not t.changed and "强制" in t.reply()


@pytest.mark.parametrize("seed", range(6))
def test_dream_left_open_picks_a_random_living_other_seat_and_tells_the_dreamer(seed: int) -> None:
    t = game(WITH_DREAMER, seed=seed)
    t.director("/罚下 5号")  # a seat out of the game is never picked
    t.director("/入夜")
    to_night_slot(t, "深夜1")  # /推进 closed 午夜 with no choice made
    [target] = holders(t, "坚韧")
    assert target not in (2, 5)
    assert t.seat_got(2, f"已随机选择{target}号", ever=True)


def test_the_dreamer_leaving_that_night_takes_his_target_with_him() -> None:
    t = night_two(WITH_DREAMER)
    dream(t, 6)
    to_night_slot(t, "深夜2")
    kill(t, 2)
    t.director("/天亮")
    assert not t.alive(2) and not t.alive(6)  # [坚韧] does not stop 致死伤害
    hit = t.game.exits[-1].damages[-1]
    assert (hit.kind, hit.source, hit.skill) == (damage.FATAL, 2, "摄梦")


def test_the_dreamer_leaving_by_day_takes_nobody() -> None:
    t = game(WITH_DREAMER)
    t.director("/入夜")
    dream(t, 6)
    next_day(t)
    t.director("/投票 1号 2号")
    t.director("/入夜")
    assert not t.alive(2) and t.alive(6)


def test_the_dreamer_red_carded_that_night_takes_nobody() -> None:
    t = night_two(WITH_DREAMER)
    dream(t, 6)
    to_night_slot(t, "深夜1")
    t.director("/罚下 2号")  # 「视作被业炎处理」: no chained effect
    t.director("/天亮")
    assert not t.alive(2) and t.alive(6)


def test_the_same_target_two_nights_running_takes_fatal_damage() -> None:
    t = night_two(WITH_DREAMER, first_dream=6)
    dream(t, 6)
    t.director("/天亮")
    assert not t.alive(6)
    assert t.game.exits[-1].damages[-1].source == 2


def test_the_same_target_with_a_night_between_is_safe() -> None:
    t = night_two(WITH_DREAMER, first_dream=6)
    dream(t, 4)
    next_day(t)
    t.director("/入夜")
    dream(t, 6)
    t.director("/天亮")
    assert t.alive(6)


def test_dream_is_forced_so_silence_does_not_stop_it() -> None:
    t = game(WITH_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 2号")
    to_night_slot(t, "午夜")
    assert status.has(t.game, 2, "沉默")
    t.say(2, "/摄梦 6号")
    assert t.changed, t.reply()


# ================================================================ 灵鹿


def test_forest_shelter_is_refused_on_the_first_night() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "凌晨3")  # 凌晨1 had nobody to wait for
    t.say(3, "/森林庇护")
    assert not t.changed and "第2" in t.reply()


def test_forest_shelter_gives_every_living_seat_undying_until_the_night_ends() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    kill(t, 6)
    to_night_slot(t, "凌晨1")
    t.say(3, "/森林庇护")
    assert t.changed, t.reply()
    t.say(5, "/放弃")  # 法老之蛇
    assert t.alive(6)  # saved at the tally
    assert t.director_got("平安夜")
    assert holders(t, "不死") == []  # 「仅当晚」


def test_forest_shelter_is_optional_and_used_once() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "凌晨1")
    t.say(3, "/放弃")
    assert t.changed, t.reply()
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "凌晨1")
    t.say(3, "/森林庇护")
    assert t.changed
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "凌晨3")
    t.say(3, "/森林庇护")
    assert not t.changed and "没有剩余次数" in t.reply()


@pytest.mark.parametrize("role_seat", [3, 7])  # 灵鹿 and 长老 share 长寿之命
def test_longevity_guard_cancels_one_kill_then_is_spent(role_seat: int) -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    kill(t, role_seat)
    t.director("/天亮")
    assert t.alive(role_seat)
    assert not status.has(t.game, role_seat, "守护")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    kill(t, role_seat)
    t.director("/天亮")
    assert not t.alive(role_seat)


def test_longevity_guard_lapses_with_its_forced_skill() -> None:
    t = game(NO_DREAMER)
    assert status.has(t.game, 3, "守护")
    status.grant(t.game, 3, "净化", source=None, skill="测试", until=Boundary("noon_start", 2))  # 遗忘
    assert not status.has(t.game, 3, "守护")
    t.director("/入夜")
    next_day(t)  # the 净化 ended at 正午's start: the skill and its 守护 are back
    assert status.has(t.game, 3, "守护")


# ================================================================ 流光伯爵


def test_grace_keeps_the_count_in_order_so_fear_cannot_touch_him() -> None:
    t = game(NO_DREAMER)
    assert status.has(t.game, 4, "秩序")
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 4号")
    to_night_slot(t, "午夜")
    assert not status.has(t.game, 4, "恐惧")


def test_streamlight_shelter_gives_undying_and_order_for_the_night() -> None:
    t = night_two(NO_DREAMER)
    status.grant(t.game, 6, "迷魂", source=None, skill="测试", until=None)
    to_night_slot(t, "早夜2")
    t.say(4, "/流光庇护 6号")
    to_night_slot(t, "午夜")
    assert status.has(t.game, 6, "不死") and status.has(t.game, 6, "秩序")
    assert not status.has(t.game, 6, "迷魂")  # [秩序] clears negative statuses
    to_night_slot(t, "深夜2")
    kill(t, 6)
    t.director("/天亮")
    assert t.alive(6)
    assert not status.has(t.game, 6, "不死") and not status.has(t.game, 6, "秩序")


def test_streamlight_shelter_takes_another_seat_and_not_the_same_two_nights_running() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(4, "/流光庇护 4号")
    assert not t.changed and "不能选择自己" in t.reply()
    t.say(4, "/流光庇护 6号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(4, "/流光庇护 6号")
    assert not t.changed and "连续" in t.reply()
    t.say(4, "/流光庇护 7号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(4, "/流光庇护 6号")
    assert t.changed, t.reply()


def test_streamlight_shelter_resolves_before_fear_in_the_second_early_night() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 6号")
    t.say(4, "/流光庇护 6号")
    to_night_slot(t, "午夜")
    assert not status.has(t.game, 6, "恐惧")
    assert not t.seat_got(6, "恐惧", ever=True)


# ================================================================ 太极宗师


def test_return_to_origin_is_refused_on_the_first_night() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 6号")
    assert not t.changed and "第2" in t.reply()


def test_return_to_origin_removes_every_status_tells_the_told_ones_and_bars_new_ones() -> None:
    t = night_two(NO_DREAMER)
    status.grant(t.game, 7, "迷魂", source=None, skill="测试", until=None)  # told
    assert status.has(t.game, 7, "守护")  # untold (长寿之命)
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 7号")
    to_night_slot(t, "午夜")
    assert t.game.seats[7].statuses == []
    assert t.seat_got(7, "你的[迷魂]状态已消除")
    assert not t.seat_got(7, "守护")
    assert status.grant(t.game, 7, "不死", source=None, skill="测试", until=None) is None
    to_night_slot(t, "深夜2")
    kill(t, 7)  # the 守护 is gone for good
    t.director("/天亮")
    assert not t.alive(7)


def test_return_to_origin_may_spend_both_uses_in_one_night() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 3号 7号")
    assert t.changed, t.reply()
    to_night_slot(t, "午夜")
    assert not status.has(t.game, 3, "守护") and not status.has(t.game, 7, "守护")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 6号")
    assert not t.changed and "没有剩余次数" in t.reply()


def test_return_to_origin_one_night_at_a_time_and_never_more_seats_than_uses() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 3号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 6号 7号")
    assert not t.changed and "只剩1次" in t.reply()
    t.say(9, "/归元 7号")
    assert t.changed, t.reply()


def test_return_to_origin_spent_takes_one_seat_with_an_extra_use_of_the_time_wave() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 3号 7号")
    next_day(t)
    t.director("/入夜")
    skills.grant_extra_use(t.game, 9, "归元")  # as 时波增幅 grants it
    to_night_slot(t, "早夜2")
    t.say(9, "/归元 6号 8号")
    assert not t.changed
    t.say(9, "/归元 6号")
    assert t.changed, t.reply()
    to_night_slot(t, "午夜")
    assert status.sealed(t.game, 6)


def test_return_to_origin_comes_before_the_counts_shelter() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(4, "/流光庇护 6号")
    t.say(9, "/归元 6号")
    to_night_slot(t, "午夜")
    assert t.game.seats[6].statuses == []


# ================================================================ 长老


def test_exiled_elder_purifies_the_nearest_living_village_seat_each_way_round_the_ring() -> None:
    t = game(ELDER_RING)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 9号")
    t.director("/入夜")
    assert not t.alive(9)
    # up: 10 is the piper, 11-14 wolves, then 1 (面包师); down: 8 (清晰者)
    assert holders(t, "净化") == [1, 8]
    purified = [s for s in t.game.seats[1].statuses if s.name == "净化"]
    assert purified[0].until is None and purified[0].source == 9
    assert t.seat_got(1, "[净化]", ever=True)


def test_the_nearest_village_seat_skips_seats_that_left() -> None:
    t = game(ELDER_RING)
    t.director("/罚下 8号")  # by night 1 (the 竞选日 has no vote): 8 leaves now
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 9号")
    t.director("/入夜")
    assert holders(t, "净化") == [1, 7]


def test_elder_killed_by_a_village_skill_at_night_purifies_and_they_are_told_at_the_tally() -> None:
    t = night_two(WITH_DREAMER, first_dream=7)
    dream(t, 7)  # two nights running: 致死伤害 from the 摄梦人 (村民阵营)
    t.director("/天亮")
    assert not t.alive(7)
    assert holders(t, "净化") == [6, 8]
    assert t.seat_got(6, "[净化]", ever=True) and t.seat_got(8, "[净化]", ever=True)


def test_elder_killed_by_the_wolves_purifies_nobody() -> None:
    t = night_two(NO_DREAMER)
    for _ in range(2):  # the first kill spends his 守护
        to_night_slot(t, "深夜2")
        kill(t, 7)
        t.director("/天亮")
        if t.alive(7):
            t.director("/开门")
            t.director("/入夜")
    assert not t.alive(7)
    assert holders(t, "净化") == []


def test_elder_red_carded_or_forgetful_purifies_nobody() -> None:
    t = game(NO_DREAMER)
    t.director("/罚下 7号")
    assert not t.alive(7) and holders(t, "净化") == []
    t = game(NO_DREAMER)
    status.grant(t.game, 7, "遗忘", source=None, skill="测试", until=None)  # takes the [强制] 村镇之殇
    t.director("/入夜")
    next_day(t)
    t.director("/投票 2号 7号")
    t.director("/入夜")
    assert not t.alive(7) and holders(t, "净化") == []


# ================================================================ 噩梦之影


def test_fear_is_told_when_the_slot_ends_and_lasts_until_the_next_noon() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 8号")
    assert not t.seat_got(8, "恐惧")
    to_night_slot(t, "午夜")
    assert t.seat_got(8, "你获得了[恐惧]状态，持续至第2天正午开始")
    assert status.has(t.game, 8, "沉默") and status.has(t.game, 8, "缴械")
    t.director("/天亮")
    assert holders(t, "恐惧") == [8]  # still there in the 晨曦
    t.director("/开门")
    assert holders(t, "恐惧") == []
    assert t.seat_got(8, "你的[恐惧]状态已结束")


def test_fear_silences_the_target_for_its_own_skills() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 8号")
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 3号")
    assert not t.changed and "沉默" in t.reply()


def test_fear_cannot_take_the_same_seat_two_nights_running() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 11号")  # 「任意一名角色」: himself too
    assert t.changed, t.reply()
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 11号")
    assert not t.changed and "连续" in t.reply()


def test_fear_on_a_group_wolf_disarms_the_whole_group() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "早夜2")
    t.say(11, "/恐惧 12号")
    to_night_slot(t, "深夜2")
    t.say(13, "/刀 6号", group=WOLF_GROUP)
    assert not t.changed and "缴械" in t.reply()


# ================================================================ 混沌


def _chaos(t: Table, a: int, b: int) -> None:
    to_night_slot(t, "午夜")
    t.say(12, f"/混沌 {a}号 {b}号")
    assert t.changed, t.reply()


def test_chaos_gives_two_seats_an_untold_status_until_the_next_night_starts() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    _chaos(t, 6, 8)
    to_night_slot(t, "深夜1")
    assert holders(t, "混沌") == [6, 8]
    assert not t.seat_got(6, "混沌", ever=True) and not t.seat_got(8, "混沌", ever=True)
    next_day(t)
    assert holders(t, "混沌") == [6, 8]  # through the day
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    assert holders(t, "混沌") == []


def test_chaos_names_two_seats_and_neither_of_last_nights() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(12, "/混沌 6号")
    assert not t.changed
    _chaos(t, 6, 8)
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(12, "/混沌 3号 8号")
    assert not t.changed and "8号" in t.reply()
    t.say(12, "/混沌 3号 4号")
    assert t.changed


def test_a_chaos_holder_voted_out_stays_and_the_other_holder_takes_fatal_damage() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    _chaos(t, 6, 8)
    next_day(t)
    t.director("/投票 2号 6号")
    t.director("/入夜")
    assert t.alive(6) and not t.alive(8)
    hit = t.game.exits[-1].damages[-1]
    assert (hit.kind, hit.source, hit.skill) == (damage.FATAL, 12, "混沌")
    assert t.director_got("投票出局：无；其他原因出局：8号", ever=True)
    to_night_slot(t, "午夜")  # the giver lost the skill
    t.say(12, "/混沌 3号 4号")
    assert not t.changed


def test_at_the_tally_the_first_pending_holder_stays_and_the_other_leaves() -> None:
    t = night_two(NO_DREAMER)
    _chaos(t, 6, 13)
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 13号")  # 13 is pending too
    kill(t, 6)
    t.director("/天亮")
    assert t.alive(6) and not t.alive(13)
    assert t.director_got("出局：13号")
    assert holders(t, "混沌") == [6]  # the statuses given run on until the next night starts
    assert t.game.seats[12].skills["混沌"].lost


def test_a_lone_chaos_holder_is_not_saved() -> None:
    t = night_two(NO_DREAMER)
    _chaos(t, 6, 8)
    t.director("/罚下 8号")  # a red card is no damage: no prevention, and 8 is no longer a holder
    assert not t.alive(8)
    to_night_slot(t, "深夜2")
    kill(t, 6)
    t.director("/天亮")
    assert not t.alive(6)


def test_an_undying_other_holder_survives_the_chaos_damage() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    _chaos(t, 6, 8)
    next_day(t)
    status.grant(t.game, 8, "不死", source=None, skill="测试", until=Boundary("night_start", 2))
    t.director("/投票 2号 6号")
    t.director("/入夜")
    assert t.alive(6) and t.alive(8)


# ================================================================ 面包师


def test_fragrance_is_refused_on_the_first_night() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 3号")
    assert not t.changed and "第2" in t.reply()


def test_fragrance_tells_the_wolves_three_seats_and_forces_the_kill_into_them() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 3号")
    assert t.changed, t.reply()
    assert not t.seat_got(11, "名单")  # told when 午夜 ends
    to_night_slot(t, "深夜1")
    for wolf in WOLVES:
        assert t.seat_got(wolf, "今晚的杀人名单：2号、3号、4号", ever=True)
    assert not t.seat_got(1, "杀人名单", ever=True)
    to_night_slot(t, "深夜2")
    t.say(11, "/刀 6号", group=WOLF_GROUP)
    assert not t.changed and "名单" in t.reply()
    t.say(11, "/刀 空", group=WOLF_GROUP)
    assert not t.changed
    t.say(11, "/放弃")
    assert not t.changed
    t.director("/推进")  # no ballot: a random seat of the list
    assert len([s for s in (2, 3, 4) if s in damage.pending(t.game)]) == 1


def bread_on_night_two(t: Table, seat: int) -> None:
    """From the first night: the 面包师 (8) gives 芬芳 around `seat` on night 2; 深夜2 is then open."""
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(8, f"/芬芳 {seat}号")
    to_night_slot(t, "深夜2")


@pytest.mark.parametrize("seed", range(6))
def test_a_tie_under_a_forced_list_still_kills_a_seat_of_the_list(seed: int) -> None:
    t = game(NO_DREAMER, seed=seed)
    bread_on_night_two(t, 3)
    assert t.group_got("平票或无人投票时在名单内随机杀一人") and not t.group_got("/刀 空")
    for wolf, target in zip(WOLVES, (2, 2, 3, 3), strict=True):
        t.say(wolf, f"/刀 {target}号", group=WOLF_GROUP)
    t.director("/推进")  # 2-2: not nobody (「必须发动杀人」): one seat drawn from the list
    night = t.game.night
    assert night is not None
    assert [a.target for a in night.attacks if a.skill == "杀人"] in ([2], [3], [4])


def test_fragrance_takes_the_nearest_living_seats_and_is_used_once() -> None:
    t = game(NO_DREAMER)
    t.director("/罚下 2号")
    bread_on_night_two(t, 3)
    assert pack.allowed_targets(t.game) == {1, 3, 4}
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 6号")
    assert not t.changed and "没有剩余次数" in t.reply()


def test_fragrance_and_the_mist_together_leave_only_their_common_seats() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 3号")
    t.say(5, "/未明之雾 3号 4号 9号")
    to_night_slot(t, "深夜2")
    assert pack.allowed_targets(t.game) == {3, 4}
    t.say(11, "/刀 2号", group=WOLF_GROUP)
    assert not t.changed


def test_lists_with_nothing_in_common_let_the_wolves_kill_nobody() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "午夜")
    t.say(8, "/芬芳 3号")
    t.say(5, "/未名之雾 7号 8号 9号")  # the action list's spelling
    assert t.changed, t.reply()
    to_night_slot(t, "深夜2")
    assert pack.allowed_targets(t.game) == set()
    kill(t, 3)
    assert not t.changed
    t.say(11, "/刀 空", group=WOLF_GROUP)
    assert t.changed, t.reply()
    t.director("/天亮")
    assert t.director_got("平安夜")


# ================================================================ 炼金魔女


def test_secret_art_lists_the_seats_about_to_leave_in_seat_order_before_the_serpent() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    t.say(1, "/天火 13号")
    kill(t, 6)
    to_night_slot(t, "凌晨3")
    assert t.seat_got(5, "魔女秘法：当晚将要出局的角色：6号、13号。")
    assert t.alive(6)


def test_secret_art_leaves_out_seats_already_saved_and_says_when_nobody_leaves() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    kill(t, 6)
    to_night_slot(t, "凌晨1")
    t.say(3, "/森林庇护")
    assert t.seat_got(5, "魔女秘法：当晚没有将要出局的角色。")


def test_the_serpent_saves_a_seat_about_to_leave_and_is_used_once() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    kill(t, 6)
    to_night_slot(t, "凌晨3")
    t.say(5, "/法老之蛇 6号")
    assert t.alive(6) and t.director_got("平安夜")
    assert not status.has(t.game, 6, "不死")  # 「持续至夜晚结束」
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "凌晨1")
    t.say(5, "/法老之蛇 5号")
    assert not t.changed and "没有剩余次数" in t.reply()
    told = len([m for m in t.to_seat(5, ever=True) if "魔女秘法" in m])
    t.director("/天亮")
    assert len([m for m in t.to_seat(5, ever=True) if "魔女秘法" in m]) == told  # no more 魔女秘法


def test_a_ghost_is_published_and_the_dead_told_they_may_talk_when_someone_left() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "深夜2")
    kill(t, 6)
    to_night_slot(t, "凌晨3")
    t.say(5, "/放弃")
    assert not t.alive(6)
    assert t.director_got("魔女秘法留下了一缕亡魂")
    assert t.seat_got(6, "第3天的讨论日你仍可以继续发言")
    assert t.director_got("6号可在第3天讨论日继续发言")


def test_no_ghost_when_nobody_left_or_the_serpent_was_spent() -> None:
    t = game(NO_DREAMER)
    t.director("/入夜")
    t.director("/天亮")
    assert t.director_got("平安夜") and not t.director_got("亡魂")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "凌晨3")
    t.say(5, "/法老之蛇 5号")  # 魔女秘法 fired tonight (the serpent was still unused), nobody left
    assert not t.director_got("亡魂")
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    kill(t, 6)
    t.director("/天亮")
    assert not t.alive(6) and not t.director_got("亡魂")


def test_the_mist_tells_every_kill_holder_its_three_seats_and_forces_the_kill() -> None:
    t = night_two(NO_DREAMER)
    to_night_slot(t, "午夜")
    t.say(5, "/未明之雾 3号 4号")
    assert not t.changed
    t.say(5, "/未明之雾 4号 6号 9号")
    to_night_slot(t, "深夜1")
    for wolf in WOLVES:
        assert t.seat_got(wolf, "今晚的杀人名单：4号、6号、9号", ever=True)
    to_night_slot(t, "深夜2")
    t.say(11, "/刀 3号", group=WOLF_GROUP)
    assert not t.changed
    kill(t, 9)
    t.director("/天亮")
    assert not t.alive(9)
    t.director("/开门")
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(5, "/未明之雾 4号 6号 9号")
    assert not t.changed and "没有剩余次数" in t.reply()


def test_a_mist_reaches_the_knife_takers_when_they_hold_the_kill() -> None:
    seats = board_with({1: "炼金魔女", 11: "混沌", 12: "穷奇", 13: "种狼", 14: "噩梦之影"})
    t = xumi(seats)
    t.director("/入夜")
    next_day(t)
    for wolf in (11, 13, 14):  # a permanent [超度] strips the [群内] tag: the 穷奇 takes the knife
        status.grant(t.game, wolf, "超度", source=None, skill="测试", until=None)
    assert pack.kill_holders(t.game) == [12]
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(1, "/未明之雾 2号 3号 4号")
    to_night_slot(t, "深夜2")
    assert t.seat_got(12, "今晚的杀人名单：2号、3号、4号", ever=True)
