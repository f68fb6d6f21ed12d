"""百变小樱 ([035], rules/000_541bb8eb270f1136.txt) clause by clause, against the pure engine.

Seat N is QQ 10000+N; the default seating (tests/engine_helpers.py) is 1=预言家 2=女巫 3=医生
4=长老 5=猎人 6=情痴 7=仆人 8=丘比特 9=混血儿 10-16=村民 17=狼王 18=幼狼 19-21=狼人, with lovers
13+14, 混血儿 认亲 10 and 仆人 认主 11 unless a test says otherwise.
"""

from __future__ import annotations

import re

import pytest

from bansha_engine import pack
from bansha_engine.library import peek_game_state
from bansha_engine.mechanisms.opening import CampsState
from bansha_engine.model import (
    ADORE_SUBSTITUTE,
    BLACK_LOVERS,
    CHARGE,
    DOUBLE_EMPTY_SAVE,
    KILL,
    LOVE_SUICIDE,
    POISON,
    RED_CARD,
    SACRIFICE,
    SHOT,
    VILLAGE,
    VOTE,
    WOLVES,
)
from bansha_engine.roles import cupid, doctor, elder, halfblood, servant
from tests.engine_helpers import (
    BAIBIAN_SEATS,
    LOVER_GROUP,
    WOLF_GROUP,
    WOLF_SEATS,
    Table,
    qq,
    table,
)


def baibian_state(t: Table) -> CampsState:
    return peek_game_state(t.game, CampsState)


PRIVATE_WORDS = ("被指杀", "村民阵营", "身份：", "救药", "毒药", "查验")


def wolf_votes(t: Table, target: str, voters: tuple[int, ...] = WOLF_SEATS) -> None:
    for seat in voters:
        t.wolf(seat, f"/刀 {target}")
        assert t.changed, t.reply()


def others_pass(t: Table) -> None:
    """狼王 and 幼狼 pass 冲锋 and 牺牲 if they have not acted, so the witch's step may open."""
    night = t.game.night
    assert night is not None
    for step, word in (("charge", "冲锋"), ("sacrifice", "牺牲")):
        if night.state.get(step) != "open":
            continue
        for seat in night_actors(t, step):
            if seat not in night.acts[step]:
                t.say(seat, f"/放弃 {word}")


def to_witch(t: Table, kill: str = "空") -> None:
    """Settle the kill steps (the wolves kill `kill`, nobody else acts) so the witch's step opens."""
    night = t.game.night
    assert night is not None
    others_pass(t)
    if night.state.get("wolves") == "open":
        wolf_votes(t, kill, tuple(night_actors(t, "wolves")))


def night_actors(t: Table, step: str) -> list[int]:
    from bansha_engine import night as nights

    return nights.actors(t.game, step)


def night_summary(t: Table) -> str:
    """The night's summary: the last message to the director about the night (the day's 关门 and the
    card proposals follow it since the forum day)."""
    return next(text for text in reversed(t.to_director()) if "夜结算：" in text)


def names(seat: int, text: str) -> bool:
    """`text` mentions seat `seat` (so 7号 is not found inside 17号)."""
    return re.search(rf"(?<!\d){seat}号", text) is not None


def group_is_clean(t: Table) -> None:
    """Nothing private ever reached the wolf group: no seer result, no 通灵, no role DM."""
    for text in t.to_group(ever=True):
        assert "被指杀" not in text and "查验" not in text and "身份：" not in text, text
        assert "村民阵营" not in text, text


# =========================================================================== roster


def test_roster_is_the_posts_21_seats() -> None:
    t = Table()
    t.director("/开局 百变小樱")
    assert t.game.board.size == 21
    assert t.game.board.roster == {
        "狼王": 1, "幼狼": 1, "狼人": 3, "预言家": 1, "女巫": 1, "医生": 1, "长老": 1, "猎人": 1,
        "情痴": 1, "仆人": 1, "丘比特": 1, "混血儿": 1, "村民": 7,
    }  # fmt: skip
    for seat in range(1, 22):
        t.director(f"/座位 {seat}号 {qq(seat)}")
    t.director("/身份 1号 狼王")
    t.director("/身份 2号 狼王")
    assert not t.changed and "只有1个" in t.to_director()[0]
    t.director("/发牌")
    roles = [t.role(n) for n in range(1, 22)]
    assert sorted(roles) == sorted(BAIBIAN_SEATS.values())
    t.director("/开始")
    assert not t.changed and "狼群" in t.to_director()[0]  # the wolves' group must be bound first
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.changed and t.game.phase == "opening"
    for seat in range(1, 22):
        assert t.seat_got(seat, f"身份：{t.role(seat)}"), seat
    group_is_clean(t)


def test_the_four_gods_are_seer_witch_doctor_elder() -> None:
    from bansha_engine.boards import BOARDS

    assert set(BOARDS["百变小樱"].hooks.gods or ()) == {"预言家", "女巫", "医生", "长老"}


# =========================================================================== start of game


def test_lovers_learn_each_other_and_their_group_is_told() -> None:
    t = table(lovers=None, lover_group=True)
    t.say(8, "/连 13号 14号")
    assert t.seat_got(13, "14号") and t.seat_got(14, "13号")
    assert any("13号" in text for text in t.to_group(group=LOVER_GROUP))
    assert not any(m.kind == "group" and m.target == WOLF_GROUP and "情侣" in m.text for m in t.last)
    # 丘比特之箭 is once a game, and only 丘比特 has it
    t.say(8, "/连 15号 16号")
    assert not t.changed
    t.say(10, "/连 15号 16号")
    assert not t.changed


def test_lovers_of_one_camp_keep_it_and_cupid_joins_them() -> None:
    t = table(lovers=(13, 14))
    assert t.camp(13) == t.camp(14) == t.camp(8) == VILLAGE
    assert BLACK_LOVERS not in baibian_state(t).camps
    t = table(lovers=(19, 20))  # 双狼情侣: both stay in the wolf group, 丘比特 becomes a wolf-camp seat
    assert t.camp(19) == t.camp(20) == t.camp(8) == WOLVES
    assert pack.in_pack(t.game, 19) and pack.in_pack(t.game, 20)
    assert not pack.in_pack(t.game, 8)


def test_lovers_of_different_camps_elope_and_cupid_joins_the_black_lovers() -> None:
    t = table(lovers=(13, 19))
    assert t.camp(13) == t.camp(19) == t.camp(8) == BLACK_LOVERS
    assert baibian_state(t).camps == {VILLAGE, WOLVES, BLACK_LOVERS}
    assert t.seat_got(13, "黑情侣阵营") and t.seat_got(8, "黑情侣阵营")
    assert t.director_got("情侣：13号、19号")


def test_a_lone_wolf_lover_loses_the_kill_and_leaves_the_wolf_group() -> None:
    t = table(lovers=(13, 19))
    assert t.seat_got(19, "失去杀人技能")
    roster = next(text for text in t.to_group() if "狼群成员" in text)
    assert "19号" not in roster and all(f"{n}号" in roster for n in (17, 18, 20, 21))
    assert not any("19号" in text for text in t.to_seat(17))
    t.night()
    t.wolf(19, "/刀 12号")
    assert not t.changed and "没有杀人技能" in t.to_group()[0]
    wolf_votes(t, "12号", (17, 18, 20, 21))  # the four others lock the kill without him
    assert t.group_got("狼人杀人已确定")
    t.dawn()
    assert (12, KILL) in t.exits()


def test_a_halfblood_lover_loses_kin_and_kills_at_step_4() -> None:
    t = table(lovers=(9, 13), kin=None)
    t.say(9, "/认亲 10号")
    assert not t.changed and "失去了认亲" in t.to_seat(9)[0]
    assert t.camp(9) == t.camp(13) == t.camp(8) == BLACK_LOVERS
    assert t.seat_got(9, "获得技能<杀人>", ever=True)
    assert baibian_state(t).widow_heirs is None  # the black lovers have 杀人 instead of 寡妇刀
    t.night()
    assert t.seat_got(9, "可以杀人")
    t.say(9, "/刀 15号")
    assert t.changed
    wolf_votes(t, "12号")
    t.dawn()
    assert t.exits() == [(12, KILL), (15, KILL)]  # (3) the wolves' kill, then (4) the 混血儿's


def test_a_halfblood_lover_passes_its_own_kill_with_give_up_kill() -> None:
    t = table(lovers=(9, 13), kin=None)
    t.night()
    t.say(9, "/放弃 杀人")
    assert t.changed and "已放弃混血儿杀人" in t.to_seat(9)[0]
    assert t.game.night.acts["halfblood_kill"] == {9: None}


def test_a_halfblood_lover_of_a_wolf_gets_no_kill_and_the_lovers_hold_the_widow_knife() -> None:
    t = table(lovers=(9, 19), kin=None)
    assert t.camp(9) == t.camp(19) == BLACK_LOVERS
    assert halfblood.killer(t.game) is None
    assert baibian_state(t).widow_heirs == [9, 19]
    t.night()
    t.say(9, "/刀 15号")
    assert not t.changed


def test_a_servant_lover_loses_master_and_kills_with_the_black_lovers_at_step_3() -> None:
    t = table(lovers=(7, 13), master=None)
    t.say(7, "/认主 10号")
    assert not t.changed and "失去了认主" in t.to_seat(7)[0]
    assert t.camp(7) == t.camp(13) == t.camp(8) == BLACK_LOVERS
    assert baibian_state(t).lover_killer == 7 and baibian_state(t).widow_heirs is None
    t.night()
    assert t.seat_got(7, "黑情侣可以杀人")
    t.say(13, "/刀 15号")  # the kill is the servant's own, not his partner's
    assert not t.changed
    t.say(7, "/刀 15号")
    assert t.changed
    t.say(17, "/冲锋 16号")
    wolf_votes(t, "12号")
    t.dawn()
    assert t.exits() == [(12, KILL), (16, CHARGE), (15, KILL)]  # step (3): 狼人, 冲锋, 黑情侣


def test_a_servant_lover_of_a_wolf_gets_no_kill() -> None:
    t = table(lovers=(7, 19), master=None)
    assert baibian_state(t).lover_killer is None
    assert baibian_state(t).widow_heirs == [7, 19]


def test_a_single_servant_of_a_wolf_takes_the_wolf_camp_but_not_the_group() -> None:
    t = table(master=19)
    assert t.camp(7) == WOLVES
    assert not pack.in_pack(t.game, 7)
    roster = next(text for text in t.to_group() if "狼群成员" in text)
    assert not names(7, roster)
    assert not any("狼群" in text for text in t.to_seat(7))
    t.night()
    t.say(7, "/刀 12号")
    assert not t.changed


def test_a_single_servant_of_a_lover_takes_the_lovers_camp_but_not_their_group() -> None:
    t = table(lovers=(13, 19), master=13, lover_group=True)
    assert t.camp(7) == BLACK_LOVERS
    assert not any(names(7, text) for text in t.to_group(ever=True, group=LOVER_GROUP))
    assert not any("情侣是" in text for text in t.to_seat(7, ever=True))


def test_halfblood_takes_the_camp_of_the_seat_it_supports() -> None:
    assert table(kin=17).camp(9) == WOLVES
    assert table(kin=1).camp(9) == VILLAGE
    t = table(lovers=(13, 19), kin=13)
    assert t.camp(9) == BLACK_LOVERS


def test_halfblood_supported_by_the_servant_it_supports_are_both_village() -> None:
    t = table(kin=7, master=9)
    assert t.camp(7) == t.camp(9) == VILLAGE


def test_missing_start_choices_are_made_at_random_at_nightfall() -> None:
    t = table(lovers=None)
    assert t.game.phase == "opening"
    t.night()
    assert t.changed
    lovers = cupid.lovers(t.game)
    assert len(set(lovers)) == 2
    assert t.seat_got(8, "随机连")
    assert t.seat_got(lovers[0], f"{lovers[1]}号") and t.seat_got(lovers[1], f"{lovers[0]}号")
    for seat, word in ((9, "认亲"), (7, "认主")):
        if seat not in lovers:
            assert t.seat_got(seat, f"随机{word}")
    assert t.game.phase == "night"


def test_director_advance_closes_the_opening() -> None:
    t = table(lovers=(13, 14), kin=None, master=None)
    assert t.game.phase == "opening"
    t.director("/推进")
    assert t.changed and t.game.phase == "day"
    assert isinstance(halfblood.kin(t.game), int) and isinstance(servant.chosen_master(t.game), int)
    assert t.seat_got(9, "随机认亲") and t.seat_got(7, "随机认主")


def test_start_choices_are_refused_after_the_opening() -> None:
    t = table()
    t.say(9, "/认亲 12号")
    assert not t.changed
    t.say(7, "/认主 12号")
    assert not t.changed


# =========================================================================== the wolf group


def test_wolves_vote_in_their_group_with_a_tally_and_lock_when_unanimous() -> None:
    t = table()
    t.night()
    t.wolf(17, "/刀 12号")
    assert t.to_group() and "12号（1票）" in t.to_group()[0] and "未投" in t.to_group()[0]
    assert t.game.night.state["wolves"] == "open"
    t.wolf(18, "/刀 15号")
    t.wolf(18, "/刀 12号")  # a later ballot replaces the earlier one
    assert "12号（2票）" in t.to_group()[0] and "15号" not in t.to_group()[0]
    wolf_votes(t, "12号", (19, 20, 21))
    assert t.game.night.state["wolves"] == "closed"
    assert any("狼人杀人已确定" in text and "12号" in text for text in t.to_group())
    others_pass(t)
    assert t.seat_got(2, "被指杀") and "12号" in t.to_seat(2)[0]
    assert not any("被指杀" in text for text in t.to_group())
    t.dawn()
    assert t.exits() == [(12, KILL)]
    group_is_clean(t)


def test_only_wolf_group_members_vote_and_a_private_ballot_is_tallied_in_the_group() -> None:
    t = table()
    t.night()
    t.say(12, "/刀 13号")
    assert not t.changed
    t.say(17, "/刀 13号")  # in private chat: counted, and the tally goes to the group alone
    assert t.changed and t.group_got("13号（1票）") and not any("票" in text for text in t.to_seat(17))
    assert t.seat_got(17, "13号")  # answered, without the tally
    t.wolf(17, "/预言 3号")
    assert not t.changed


def test_at_the_deadline_the_plurality_is_killed() -> None:
    t = table()
    t.night("21:00")  # the door closes at 21:00; it is 20:00 now
    others_pass(t)
    wolf_votes(t, "12号", (17, 18, 19))
    wolf_votes(t, "15号", (20, 21))
    assert t.game.night.state["wolves"] == "open"
    t.wait(145 * 60)
    assert t.game.night.state["wolves"] == "open"
    t.wait(6 * 60)  # 21:00 + 1.5 h
    assert t.game.night.state["wolves"] == "closed"
    assert any("12号" in text and "截止时按多数" in text for text in t.to_group())
    t.dawn()
    assert t.exits() == [(12, KILL)]


def test_a_tie_at_the_deadline_kills_nobody() -> None:
    t = table()
    t.night()
    wolf_votes(t, "12号", (17, 18))
    wolf_votes(t, "15号", (19, 20))
    wolf_votes(t, "空", (21,))
    t.wait(91 * 60)
    assert any("无人" in text for text in t.to_group())
    assert t.seat_got(2, "无人被指杀")
    t.dawn()
    assert t.exits() == []
    assert t.director_got("平安夜")


def test_a_unanimous_empty_kill_locks_at_once() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "空")
    assert t.game.night.state["wolves"] == "closed"
    assert t.seat_got(2, "无人被指杀")


def test_a_dead_wolf_has_no_vote_and_the_living_lock_the_kill() -> None:
    t = table()
    t.night()
    wolf_votes(t, "21号", (17, 18, 19, 20, 21))  # 狼人 may kill one of their own
    t.dawn()
    assert t.exits() == [(21, KILL)]
    t.exile(None)
    t.night()
    t.wolf(21, "/刀 12号")
    assert not t.changed and "已出局" in t.reply()
    wolf_votes(t, "12号", (17, 18, 19, 20))
    assert t.game.night.state["wolves"] == "closed"


def test_charge_is_a_kill_of_its_own_and_is_lost_once_a_group_member_leaves() -> None:
    t = table()
    t.night()
    t.say(17, "/冲锋 15号")
    assert t.changed
    others_pass(t)
    wolf_votes(t, "12号")
    assert re.search(r"被指杀.*12号.*15号", t.to_seat(2)[0], re.S)  # 通灵 names every kill
    t.dawn()
    assert t.exits() == [(12, KILL), (15, CHARGE)]
    t.exile(20)  # a wolf-group member leaves by vote
    assert t.seat_got(17, "失去了冲锋")
    t.night()
    assert "charge" not in [s for s, state in t.game.night.state.items() if state == "open"]
    t.say(17, "/冲锋 16号")
    assert not t.changed


def test_a_red_carded_group_member_does_not_cost_the_charge() -> None:
    t = table()
    t.director("/罚下 20号")
    assert t.exits() == [(20, RED_CARD)]
    t.night()
    t.say(17, "/冲锋 15号")
    assert t.changed


def test_a_black_lover_wolf_king_is_outside_the_group_and_keeps_the_charge() -> None:
    t = table(lovers=(13, 17))
    assert not pack.in_pack(t.game, 17)
    t.night()
    t.wolf(17, "/刀 12号")
    assert not t.changed  # no 杀人 for a lone wolf lover
    wolf_votes(t, "12号", (18, 19, 20, 21))
    t.say(17, "/冲锋 15号")
    assert t.changed
    t.dawn()
    t.exile(20)  # a wolf-group member leaves: the king outside the group is not touched
    t.night()
    t.say(17, "/冲锋 16号")
    assert t.changed


def test_young_wolf_sacrifice_leaves_first_and_rallies_two_kills_the_next_night() -> None:
    t = table()
    t.night()
    t.say(17, "/冲锋 15号")
    t.say(18, "/牺牲")
    assert t.changed
    wolf_votes(t, "12号")
    t.dawn()
    # the sacrifice takes effect first; tonight's 冲锋 still stands although 18 left the group
    assert t.exits() == [(18, SACRIFICE), (12, KILL), (15, CHARGE)]
    assert t.director_got("激励", ever=True)
    t.exile(None)
    t.night()
    assert t.group_got("/刀 A号 B号")
    t.say(17, "/冲锋 16号")
    assert not t.changed  # 18 left the group: no more 冲锋
    t.wolf(17, "/刀 10号 11号 13号")
    assert not t.changed
    others_pass(t)
    wolf_votes(t, "10号 11号", (17, 19, 20, 21))
    assert t.game.night.state["wolves"] == "closed"
    assert re.search(r"被指杀.*10号.*11号", t.to_seat(2)[0], re.S)
    t.dawn()
    assert t.exits()[3:] == [(10, KILL), (11, KILL)]
    t.exile(None)
    t.night()
    assert not t.group_got("/刀 A号 B号")  # 激励 is for the next night only


def test_young_wolf_voted_out_by_day_rallies_the_same_night() -> None:
    t = table()
    t.pass_night()
    t.exile(18)
    t.night()
    assert t.group_got("/刀 A号 B号")
    wolf_votes(t, "10号 11号", (17, 19, 20, 21))
    t.dawn()
    assert t.exits() == [(18, VOTE), (10, KILL), (11, KILL)]


def test_a_red_carded_young_wolf_gives_no_rally() -> None:
    t = table()
    t.pass_night()
    t.director("/罚下 18号")
    t.night()
    assert not t.group_got("/刀 A号 B号")
    t.wolf(17, "/刀 10号 11号")
    assert not t.changed


def test_surrender_needs_every_group_member_dead_or_alive_and_is_not_announced() -> None:
    t = table(kin=10)
    t.night()
    wolf_votes(t, "21号")
    t.dawn()  # 21 leaves; he stays in the wolf group and is asked too
    t.exile(None)
    t.wolf(17, "/投降")
    assert t.changed and t.group_got("发起投降")
    assert t.seat_got(21, "发起投降") and t.seat_got(18, "发起投降")  # each is asked, the dead too
    for seat in (18, 19, 20):
        t.wolf(seat, "/投降")
    assert any("21号" in text for text in t.to_group())  # still waiting for the dead wolf
    assert WOLVES not in pack.lost_camps(t.game)
    t.wolf(21, "/投降")
    assert WOLVES in pack.lost_camps(t.game)
    assert t.director_got("优先判负") and t.group_got("失去杀人技能")
    for seat in range(1, 17):
        assert not t.seat_got(seat, "判负")  # 不予公示
    t.night()
    t.wolf(17, "/刀 12号")
    assert not t.changed  # the wolves lost their kill


def test_surrender_is_cancelled_by_one_refusal() -> None:
    t = table()
    t.wolf(17, "/投降")
    t.wolf(18, "/反对")
    assert t.group_got("取消")
    for seat in (19, 20, 21):
        t.wolf(seat, "/投降")
    assert WOLVES not in pack.lost_camps(t.game)
    t.say(12, "/投降")
    assert not t.changed


def test_surrender_ends_the_game_when_one_camp_is_left() -> None:
    t = table(co_director=True)  # no black lovers: the village is the only camp left
    for seat in WOLF_SEATS:
        t.wolf(seat, "/投降")
    assert t.game.ended and t.game.winner == VILLAGE
    assert t.director_got("村民阵营胜利") and any("村民阵营胜利" in x for x in t.to_director(co=True))


# =========================================================================== the night, steps (1)-(10)


def test_night_steps_deadlines_count_from_the_door_close() -> None:
    t = table()
    t.night("21:00")
    night = t.game.night
    door = night.door_close
    for step in ("adore", "doctor", "wolves", "charge", "sacrifice", "seer"):
        assert night.due[step] == door + 90 * 60, step
    others_pass(t)
    wolf_votes(t, "12号")
    # 女巫: 次日八点 — 2026-01-02 08:00 in Asia/Shanghai
    assert night.due["witch"] == 1_767_312_000.0


def test_missing_night_actors_time_out_and_are_named_in_the_summary() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "12号")
    t.say(2, "/放弃")
    t.wait(91 * 60)  # the seer, doctor and 情痴 gave no answer
    summary = night_summary(t)
    assert "超时" in summary and all(f"{n}号" in summary for n in (1, 3, 6))
    assert t.seat_got(1, "截止", ever=True)
    assert t.exits() == [(12, KILL)]


def test_the_witch_deadline_is_eight_the_next_morning() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "12号")
    for seat in (1, 3, 6):
        t.say(seat, "/放弃")
    assert t.game.night is not None
    t.wait(11 * 3600 + 59 * 60)  # 20:00 -> 07:59
    assert t.game.night is not None
    t.wait(2 * 60)
    assert t.game.night is None
    assert "2号" in night_summary(t) and "超时" in night_summary(t)


def test_directors_bring_the_wolves_deadline_forward_for_the_witch() -> None:
    t = table()
    t.night()
    t.director("/时限 狼人 10分钟")
    assert t.changed
    wolf_votes(t, "12号", (17, 18, 19))
    wolf_votes(t, "15号", (20,))
    t.wait(11 * 60)
    assert t.game.night.state["wolves"] == "closed"
    assert t.game.night.state["witch"] == "open"
    assert t.seat_got(2, "被指杀") and "12号" in t.to_seat(2)[0]


def test_infatuated_adores_once_and_dies_instead_of_the_adored_on_a_wolf_kill() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 6号")
    assert not t.changed  # not oneself
    t.say(6, "/爱慕 12号")
    assert t.changed
    others_pass(t)
    wolf_votes(t, "12号")
    t.dawn()
    assert t.exits() == [(6, ADORE_SUBSTITUTE)]
    assert t.alive(12) and t.seat_got(6, "出局")


def test_infatuated_dies_instead_of_the_adored_on_the_vote() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 12号")
    t.dawn()
    t.exile(12)
    assert t.exits() == [(6, ADORE_SUBSTITUTE)]
    assert "6号" in t.to_director()[-1]  # announced at once with the vote
    t.night()
    assert "adore" not in night_actors_open(t)


def night_actors_open(t: Table) -> list[str]:
    night = t.game.night
    assert night is not None
    return [step for step, state in night.state.items() if state == "open" and night_actors(t, step)]


def test_infatuated_covers_charge_and_halfblood_kills_but_not_poison_or_shot() -> None:
    t = table(lovers=(9, 13), kin=None)  # 9 (混血儿) holds a kill
    t.night()
    t.say(6, "/爱慕 15号")
    t.say(17, "/冲锋 15号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "空")
    t.say(9, "/放弃")
    t.dawn()
    assert t.exits() == [(6, ADORE_SUBSTITUTE)] and t.alive(15)
    # the bond is gone with the 情痴; a poison is no kill anyway
    t = table()
    t.night()
    t.say(6, "/爱慕 15号")
    others_pass(t)
    wolf_votes(t, "空")
    t.say(2, "/毒 15号")
    t.dawn()
    assert t.exits() == [(15, POISON)] and t.alive(6)


def test_infatuated_covers_the_halfblood_kill() -> None:
    t = table(lovers=(9, 13), kin=None)
    t.night()
    t.say(6, "/爱慕 15号")
    t.say(9, "/刀 15号")
    others_pass(t)
    wolf_votes(t, "空")
    t.dawn()
    assert t.exits() == [(6, ADORE_SUBSTITUTE)]


def test_infatuated_does_not_cover_the_hunters_shot() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 15号")
    t.dawn()
    t.exile(5)
    t.say(5, "/开枪 15号")
    assert t.exits() == [(5, VOTE), (15, SHOT)] and t.alive(6)


def test_doctor_voids_every_kill_on_the_treated_seat() -> None:
    t = table()
    t.night()
    t.say(3, "/救治 12号")
    t.say(17, "/冲锋 12号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "12号")
    t.say(2, "/放弃")
    t.dawn()
    assert t.exits() == [] and t.director_got("平安夜")
    assert doctor.empty_saves(t.game, 12) == 0


def test_an_empty_save_counts_on_the_seat_and_two_kill_it_at_step_10() -> None:
    t = table()
    t.night()
    t.say(3, "/救治 12号")
    others_pass(t)
    wolf_votes(t, "15号")
    t.say(2, "/毒 16号")
    t.dawn()
    assert doctor.empty_saves(t.game, 12) == 1 and t.alive(12)
    t.exile(None)
    t.night()
    t.say(3, "/救治 12号")
    others_pass(t)
    wolf_votes(t, "10号")
    t.dawn()
    # (8) the kill, (10) the double empty save
    assert t.exits() == [(15, KILL), (16, POISON), (10, KILL), (12, DOUBLE_EMPTY_SAVE)]
    assert night_summary(t).startswith("【1号局（百变小樱）】第2夜结算：出局：10号、12号")


def test_empty_saves_are_counted_per_seat_not_per_night() -> None:
    t = table()
    for target in ("12号", "13号", "12号"):
        t.night()
        t.say(3, f"/救治 {target}")
        t.dawn()
        if t.game.night is None and t.game.phase == "day":
            t.exile(None)
    assert t.exits() == [(12, DOUBLE_EMPTY_SAVE)]
    assert doctor.empty_saves(t.game, 13) == 1


def test_the_witch_hears_every_kill_of_the_night() -> None:
    t = table(lovers=(9, 13), kin=None)
    t.night()
    t.say(17, "/冲锋 15号")
    t.say(9, "/刀 16号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "12号")
    spirit_sight = t.to_seat(2)[0]
    assert re.search(r"被指杀.*12号.*15号.*16号", spirit_sight, re.S)
    assert [text for text in t.to_seat(2, ever=True) if "被指杀" in text] == [spirit_sight]
    group_is_clean(t)


def test_the_witch_may_save_herself() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "2号")
    t.say(2, "/救 2号")
    assert t.changed
    t.dawn()
    assert t.exits() == []


def test_save_and_poison_are_exclusive_and_the_save_takes_the_spirit_sight_with_it() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "12号")
    t.say(2, "/救 12号")
    t.say(2, "/毒 15号")
    assert not t.changed  # one potion a night: her step closed with the save
    t.dawn()
    assert t.exits() == []
    t.exile(None)
    t.night()
    others_pass(t)
    wolf_votes(t, "10号")
    witch_text = t.to_seat(2)
    assert witch_text and "被指杀" not in witch_text[0] and "10号" not in witch_text[0]
    assert "毒药" in witch_text[0]
    t.say(2, "/救 10号")
    assert not t.changed
    t.say(2, "/毒 15号")
    t.dawn()
    assert t.exits() == [(10, KILL), (15, POISON)]
    t.exile(None)
    t.night()
    assert "witch" not in night_actors_open(t)  # both potions gone: no step, no 通灵
    others_pass(t)
    wolf_votes(t, "16号")
    assert not t.seat_got(2, "被指杀")


def test_a_witch_who_poisons_keeps_her_save_and_spirit_sight() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "12号")
    t.say(2, "/毒 15号")
    t.dawn()
    assert t.exits() == [(12, KILL), (15, POISON)]
    t.exile(None)
    t.night()
    others_pass(t)
    wolf_votes(t, "13号")
    assert t.seat_got(2, "被指杀") and "毒药" not in t.to_seat(2)[0]


def test_the_seer_learns_the_camp_privately() -> None:
    t = table(kin=17)
    t.night()
    t.say(1, "/预言 9号")  # 混血儿 supporting a wolf
    assert t.changed
    t.dawn()
    assert any(re.search(r"9号.*非村民阵营", text) for text in t.to_seat(1))
    t.exile(None)
    t.night()
    t.say(1, "/预言 12号")
    t.dawn()
    assert any(re.search(r"12号.*村民阵营", text) and "非" not in text for text in t.to_seat(1))
    group_is_clean(t)


def test_resolution_order_kills_then_poison_then_double_empty_saves() -> None:
    t = table()
    t.night()
    t.say(3, "/救治 16号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(3, "/救治 16号")  # second empty save on 16
    t.say(17, "/冲锋 11号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "10号")
    t.say(2, "/毒 12号")
    t.dawn()
    assert t.exits() == [(10, KILL), (11, CHARGE), (12, POISON), (16, DOUBLE_EMPTY_SAVE)]
    assert "出局：10号、11号、12号、16号" in night_summary(t)


def test_the_hunter_shoots_straight_after_his_death_in_the_night() -> None:
    t = table()
    t.night()
    t.say(17, "/冲锋 11号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "5号")
    t.say(2, "/毒 12号")
    t.dawn()
    assert t.seat_got(5, "开枪") and t.game.night is not None  # the night waits for his shot
    assert t.exits() == [(5, KILL)]
    t.say(5, "/开枪 15号")
    # 15 leaves straight after the hunter, before the 冲锋 target and the poisoned
    assert t.exits() == [(5, KILL), (15, SHOT), (11, CHARGE), (12, POISON)]
    assert t.game.night is None and "出局：5号、15号、11号、12号" in night_summary(t)


def test_the_hunters_shot_times_out_after_half_an_hour() -> None:
    t = table()
    t.pass_night()
    t.exile(5)
    assert t.game.prompts and t.game.prompts[0].due == t.now + 30 * 60
    t.wait(31 * 60)
    assert t.exits() == [(5, VOTE)] and not t.game.prompts
    assert t.director_got("放弃开枪")


# =========================================================================== 长老


def test_elder_survives_the_first_valid_kill_only() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "4号")
    t.dawn()
    assert t.alive(4) and t.exits() == []
    t.exile(None)
    t.night()
    others_pass(t)
    wolf_votes(t, "4号")
    t.dawn()
    assert t.exits() == [(4, KILL)]
    t.night()  # a kill is no vote, poison or double empty save: the gods keep their skills
    assert {"seer", "doctor", "adore"} <= set(night_actors_open(t))


def test_a_voided_kill_does_not_spend_the_elders_life() -> None:
    t = table()
    t.night()
    t.say(3, "/救治 4号")
    others_pass(t)
    wolf_votes(t, "4号")
    t.dawn()
    assert elder.has_extra_life(t.game, 4) is True


def test_the_witchs_save_does_not_spare_the_elders_life() -> None:
    t = table()
    t.night()
    others_pass(t)
    wolf_votes(t, "4号")
    t.say(2, "/救 4号")
    t.dawn()
    assert t.alive(4) and elder.has_extra_life(t.game, 4) is False


def test_two_valid_kills_in_one_night_take_the_elder() -> None:
    t = table()
    t.night()
    t.say(17, "/冲锋 4号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "4号")
    t.dawn()
    assert t.exits() == [(4, CHARGE)]


@pytest.mark.parametrize("how", ["vote", "poison", "double empty save"])
def test_elder_leaving_by_vote_poison_or_double_empty_save_takes_four_gods_skills(how: str) -> None:
    t = table()
    if how == "double empty save":
        t.night()
        t.say(3, "/救治 4号")
        t.dawn()
        t.exile(None)
        t.night()
        t.say(3, "/救治 4号")
        t.dawn()
        assert t.exits() == [(4, DOUBLE_EMPTY_SAVE)]
    elif how == "poison":
        t.night()
        to_witch(t)
        t.say(2, "/毒 4号")
        t.dawn()
        assert t.exits() == [(4, POISON)]
    else:
        t.pass_night()
        t.exile(4)
        assert t.exits() == [(4, VOTE)]
    for seat in (1, 2, 3, 6):
        assert t.seat_got(seat, "失去了所有技能", ever=True)
    if t.game.phase == "day" and t.game.voted_day != t.game.day:
        t.exile(None)
    t.night()
    assert not {"seer", "doctor", "adore", "witch"} & set(night_actors_open(t))
    t.say(1, "/预言 17号")
    assert not t.changed
    t.say(3, "/救治 12号")
    assert not t.changed
    others_pass(t)
    wolf_votes(t, "12号")
    assert not t.seat_got(2, "被指杀")
    t.say(2, "/救 12号")
    assert not t.changed
    t.dawn()
    assert (12, KILL) in t.exits()


def test_the_adored_elder_voted_out_is_saved_by_the_infatuated_and_the_gods_keep_their_skills() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 4号")
    t.dawn()
    t.exile(4)
    assert t.exits() == [(6, ADORE_SUBSTITUTE)]
    t.night()
    assert {"seer", "doctor"} <= set(night_actors_open(t))


def test_the_infatuated_bond_ends_when_the_gods_lose_their_skills() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 12号")
    to_witch(t)
    t.say(2, "/毒 4号")
    t.dawn()
    assert t.exits() == [(4, POISON)]
    t.exile(12)
    assert t.exits() == [(4, POISON), (12, VOTE)] and t.alive(6)


# =========================================================================== 仆人 继承


def test_servant_inherits_the_masters_role_and_camp_when_the_master_leaves() -> None:
    t = table(master=1)
    assert t.camp(7) == VILLAGE
    t.pass_night()
    t.exile(1)
    assert t.role(7) == "预言家" and t.camp(7) == VILLAGE
    assert t.seat_got(7, "继承") and t.director_got("继承")
    t.night()
    t.say(7, "/预言 17号")
    assert t.changed
    t.dawn()
    assert any(re.search(r"17号.*非村民阵营", text) for text in t.to_seat(7))


def test_servant_example_doctor_empty_saves_carry_over() -> None:
    """仆人主人为医生时，如医生已空扎角色A一针，仆人继承后再扎角色A一空针，则角色A死亡"""
    t = table(master=3)
    t.night()
    t.say(3, "/救治 12号")  # A = 12: one empty save
    t.dawn()
    t.exile(3)
    assert t.role(7) == "医生"
    t.night()
    t.say(7, "/救治 12号")
    t.dawn()
    assert t.exits() == [(3, VOTE), (12, DOUBLE_EMPTY_SAVE)]


def test_servant_example_dead_wolf_king_gives_no_charge() -> None:
    """仆人主人为狼王时，如狼王已死亡，则仆人可作为狼王，但因狼群中已有角色出局，则仆人无法冲锋"""
    t = table(master=17)
    assert t.camp(7) == WOLVES and not pack.in_pack(t.game, 7)
    t.pass_night()
    t.exile(17)
    assert t.role(7) == "狼王" and pack.in_pack(t.game, 7)
    assert t.director_got("请把7号拉进狼群")
    t.night()
    t.say(7, "/冲锋 12号")
    assert not t.changed
    wolf_votes(t, "12号", (7, 18, 19, 20, 21))  # but he votes for the shared kill
    assert t.game.night.state["wolves"] == "closed"


def test_servant_example_black_lover_wolf_king_still_charges() -> None:
    """但若仆人继承了黑情侣中的狼王，则仍可获得冲锋"""
    t = table(lovers=(13, 17), master=17)
    assert t.camp(7) == BLACK_LOVERS
    t.pass_night()
    t.exile(17)
    assert t.exits() == [(17, VOTE), (13, LOVE_SUICIDE)]
    assert t.role(7) == "狼王" and t.camp(7) == BLACK_LOVERS
    assert not pack.in_pack(t.game, 7)
    t.night()
    t.say(7, "/冲锋 12号")
    assert t.changed
    t.dawn()
    assert (12, CHARGE) in t.exits()


def test_servant_example_witch_potions_used_stay_used() -> None:
    """仆人主人为女巫时，若女巫双药已用，则仆人无救药和毒药可用，且无通灵"""
    t = table(master=2)
    t.night()
    to_witch(t, "10号")
    t.say(2, "/救 10号")
    t.dawn()
    t.exile(None)
    t.night()
    to_witch(t)
    t.say(2, "/毒 12号")
    t.dawn()
    t.exile(2)
    assert t.role(7) == "女巫"
    t.night()
    to_witch(t, "15号")
    assert not t.seat_got(7, "被指杀") and "witch" not in night_actors_open(t)
    t.say(7, "/救 15号")
    assert not t.changed
    t.say(7, "/毒 16号")
    assert not t.changed


def test_servant_of_a_witch_with_her_poison_left_has_the_poison_but_no_spirit_sight() -> None:
    t = table(master=2)
    t.night()
    to_witch(t, "10号")
    t.say(2, "/救 10号")
    t.dawn()
    t.exile(2)
    t.night()
    to_witch(t, "15号")
    assert t.seat_got(7, "毒药") and not t.seat_got(7, "被指杀")
    t.say(7, "/毒 16号")
    assert t.changed


def test_servant_example_black_lover_master_leaves_him_the_widow_knife() -> None:
    """仆人主人为黑情侣时，则黑情侣出局后，可继承寡妇刀"""
    t = table(lovers=(13, 19), master=13)
    t.pass_night()
    t.exile(13)
    assert t.exits() == [(13, VOTE), (19, LOVE_SUICIDE)]
    assert t.role(7) == "村民" and t.camp(7) == BLACK_LOVERS
    for seat in (17, 18, 20, 21):  # the wolves surrender: the widow knife is drawn
        t.wolf(seat, "/投降")
    t.wolf(19, "/投降")  # 19 left the group as a lover: he is not asked
    assert WOLVES in pack.lost_camps(t.game) and not t.game.ended
    assert t.seat_got(7, "寡妇刀", ever=True)
    t.night()
    t.say(7, "/刀 12号")
    assert t.changed
    t.dawn()
    assert (12, KILL) in t.exits()


def test_servant_example_black_lover_skill_only_from_the_master() -> None:
    """若黑情侣中某人有技能，仅限于是仆人主人的情况下，仆人可继承技能"""
    t = table(lovers=(9, 13), kin=None, master=9)  # 9 (混血儿 lover) holds 杀人
    t.pass_night()
    t.exile(9)
    assert t.role(7) == "混血儿" and t.camp(7) == BLACK_LOVERS
    t.night()
    t.say(7, "/刀 12号")
    assert t.changed
    t.dawn()
    assert (12, KILL) in t.exits()
    # a servant of the other lover gets no kill
    t = table(lovers=(9, 13), kin=None, master=13)
    t.pass_night()
    t.exile(13)
    assert t.role(7) == "村民" and t.camp(7) == BLACK_LOVERS
    t.night()
    t.say(7, "/刀 12号")
    assert not t.changed


def test_servant_example_wolf_master_counts_for_the_wolves() -> None:
    """如主人是狼，则[仆人]计入狼人判负条件 — and in the wolves' half of the living"""
    t = table(master=21, co_director=True)
    for seat in (5, 6, 8, 9, 10, 11, 12, 15, 16):
        t.director(f"/罚下 {seat}号")
    assert t.game.ended and t.game.winner == WOLVES  # 5 wolves + their servant = 6 of 12
    assert t.director_got("狼人阵营胜利") and any("狼人阵营胜利" in x for x in t.to_director(co=True))


def test_servant_of_a_wolf_keeps_the_wolves_alive() -> None:
    t = table(master=21, lovers=(13, 19))  # black lovers too: three camps
    t.pass_night()
    for seat in (17, 18, 20, 21):
        t.director(f"/罚下 {seat}号")
    assert t.role(7) == "狼人" and t.camp(7) == WOLVES
    assert WOLVES not in pack.lost_camps(t.game)
    t.director("/罚下 7号")
    assert WOLVES in pack.lost_camps(t.game) and not t.game.ended


def test_servant_example_villager_master_counts_as_a_villager() -> None:
    """主人是村[民]，则仆人计入好人的判负条件"""
    t = table(master=10, lovers=(13, 19))
    for seat in (10, 11, 12, 14, 15, 16):
        t.director(f"/罚下 {seat}号")
    assert t.role(7) == "村民"
    assert VILLAGE not in pack.lost_camps(t.game)
    t.director("/罚下 7号")
    assert VILLAGE in pack.lost_camps(t.game) and not t.game.ended  # 优先判负, the game goes on
    assert not any("判负" in text for seat in range(1, 22) for text in t.to_seat(seat))


def test_servant_example_black_lover_master_counts_for_the_black_lovers() -> None:
    """主人为黑情侣，计入黑情侣的判负条件"""
    t = table(lovers=(13, 19), master=13)
    for seat in (8, 13):
        t.director(f"/罚下 {seat}号")
    assert t.exits() == [(8, RED_CARD), (13, RED_CARD), (19, LOVE_SUICIDE)]
    assert BLACK_LOVERS not in pack.lost_camps(t.game)
    t.director("/罚下 7号")
    assert BLACK_LOVERS in pack.lost_camps(t.game)


def test_servant_example_halfblood_master_gives_the_camp_of_its_kin() -> None:
    """仆人主人为混血儿时，仆人与混血儿的认亲对象阵营相同"""
    t = table(kin=17, master=9)
    assert t.camp(9) == t.camp(7) == WOLVES
    t.pass_night()
    t.exile(9)
    assert t.role(7) == "混血儿" and t.camp(7) == WOLVES
    assert not pack.in_pack(t.game, 7)  # a 混血儿 is never in the wolf group


def test_servant_of_a_hunter_who_left_by_vote_has_no_shot() -> None:
    t = table(master=5)
    t.pass_night()
    t.exile(5)
    t.say(5, "/放弃")
    assert t.role(7) == "猎人"
    t.night()
    to_witch(t, "7号")
    t.dawn()
    assert (7, KILL) in t.exits() and not t.seat_got(7, "开枪")


def test_servant_of_a_red_carded_hunter_still_has_the_shot() -> None:
    t = table(master=5)
    t.director("/罚下 5号")
    assert not t.seat_got(5, "开枪")
    assert t.role(7) == "猎人"
    t.night()
    to_witch(t, "7号")
    t.dawn()
    assert t.seat_got(7, "开枪")
    t.say(7, "/开枪 12号")
    assert t.exits()[-2:] == [(7, KILL), (12, SHOT)]


def test_servant_of_a_used_infatuated_has_no_adore_and_no_bond() -> None:
    t = table(master=6)
    t.night()
    t.say(6, "/爱慕 12号")
    t.dawn()
    t.exile(6)
    assert t.role(7) == "情痴"
    t.night()
    assert "adore" not in night_actors_open(t)
    t.say(7, "/爱慕 15号")
    assert not t.changed
    to_witch(t, "12号")
    t.dawn()
    assert (12, KILL) in t.exits() and t.alive(7)


def test_servant_of_an_elder_who_spent_his_life_has_none() -> None:
    t = table(master=4)
    t.night()
    to_witch(t, "4号")
    t.dawn()
    assert t.alive(4)
    t.exile(4)  # the elder voted out: the four gods lose their skills
    assert t.role(7) == "长老" and elder.has_extra_life(t.game, 7) is False
    t.night()
    to_witch(t, "7号")
    t.dawn()
    assert (7, KILL) in t.exits()


def test_servant_of_a_young_wolf_whose_rally_fired_gives_no_second_rally() -> None:
    t = table(master=18)
    t.pass_night()
    t.exile(18)  # 激励 tonight
    assert t.role(7) == "幼狼"
    t.night()
    assert t.group_got("/刀 A号 B号")
    others_pass(t)
    wolf_votes(t, "10号 11号", (7, 17, 19, 20, 21))
    t.dawn()
    t.exile(7)
    t.night()
    assert not t.group_got("/刀 A号 B号")


# =========================================================================== 警长


def test_the_sheriff_is_told_his_vote_counts_two() -> None:
    t = table()
    t.director("/警长 12号")
    assert t.seat_got(12, "警长") and t.seat_got(12, "计为2票")


def test_the_sheriff_hands_the_badge_on_when_voted_out() -> None:
    t = table()
    t.director("/警长 12号")
    t.pass_night()
    t.exile(12)
    assert t.seat_got(12, "/移交") and t.game.prompts[0].due == t.now + 30 * 60
    t.director("/入夜")
    assert not t.changed  # the handoff holds the day
    t.say(12, "/移交 12号")
    assert not t.changed
    t.say(12, "/移交 15号")
    assert t.game.sheriff == 15 and t.seat_got(15, "警长")


def test_a_handoff_left_unanswered_goes_at_random_after_half_an_hour() -> None:
    t = table()
    t.director("/警长 12号")
    t.pass_night()
    t.exile(12)
    t.wait(29 * 60)
    assert t.game.sheriff == 12
    t.wait(2 * 60)
    assert t.game.sheriff not in (None, 12) and t.alive(t.game.sheriff)
    assert t.seat_got(t.game.sheriff, "警长")


def test_a_hunter_sheriff_shoots_then_hands_the_badge_on() -> None:
    t = table()
    t.director("/警长 5号")
    t.pass_night()
    t.exile(5)
    assert t.seat_got(5, "开枪") and not t.seat_got(5, "移交")
    t.say(5, "/开枪 15号")
    assert t.exits() == [(5, VOTE), (15, SHOT)]
    assert t.seat_got(5, "移交")
    t.say(5, "/移交 16号")
    assert t.game.sheriff == 16


def test_a_sheriff_killed_at_night_hands_the_badge_on_before_dawn() -> None:
    t = table()
    t.director("/警长 12号")
    t.night()
    to_witch(t, "12号")
    t.dawn()
    assert t.game.night is not None and t.seat_got(12, "移交")
    t.say(12, "/移交 1号")
    assert t.game.night is None and t.game.sheriff == 1


def test_red_card_no_last_words_no_shot_badge_at_random() -> None:
    t = table()
    t.director("/警长 5号")
    t.director("/罚下 5号")
    assert t.exits() == [(5, RED_CARD)]
    assert not t.seat_got(5, "遗言") and not t.seat_got(5, "开枪") and not t.game.prompts
    assert t.game.sheriff not in (None, 5) and t.seat_got(t.game.sheriff, "警长")
    assert t.director_got("随机移交")


def test_red_card_lovers_still_follow() -> None:
    t = table()
    t.director("/罚下 13号")
    assert t.exits() == [(13, RED_CARD), (14, LOVE_SUICIDE)]
    assert t.seat_got(14, "遗言") and not t.seat_got(13, "遗言")


def test_a_red_carded_elder_takes_no_skills_away() -> None:
    t = table()
    t.director("/罚下 4号")
    t.night()
    assert {"seer", "doctor", "adore"} <= set(night_actors_open(t))


def test_red_card_at_night_removes_the_seat_from_its_step() -> None:
    t = table()
    t.night()
    t.director("/罚下 1号")
    assert t.exits() == [(1, RED_CARD)]
    assert "seer" not in night_actors_open(t)


# =========================================================================== 遗言


def test_five_last_words_in_order_of_leaving_red_cards_use_none() -> None:
    t = table()
    t.director("/罚下 10号")  # uses no last words
    t.night()
    t.say(17, "/冲锋 11号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "12号")
    t.say(2, "/毒 15号")
    t.dawn()
    t.exile(16)
    t.night()
    to_witch(t, "13号")  # 13 and his lover 14: the fifth and sixth to leave by the rules
    t.dawn()
    assert [seat for seat, _ in t.exits()] == [10, 12, 11, 15, 16, 13, 14]
    assert t.game.last_words_offered == [12, 11, 15, 16, 13]
    assert t.seat_got(13, "遗言", ever=True) and not t.seat_got(14, "遗言", ever=True)
    t.say(14, "/遗言 我是好人")
    assert not t.changed
    t.say(13, "/遗言 14号是我的情侣")
    assert t.changed and t.director_got("14号是我的情侣")


# =========================================================================== victory


def test_wolves_win_with_half_of_the_living_and_every_director_hears_it() -> None:
    t = table(co_director=True)
    for seat in (5, 6, 7, 8, 9, 10, 11, 12, 15, 16):
        t.director(f"/罚下 {seat}号")
    assert not t.game.ended  # 5 wolves of 11
    t.director("/罚下 4号")  # 5 of 10
    assert t.game.ended and t.game.winner == WOLVES
    for text in (t.to_director(), t.to_director(co=True)):
        assert any("狼人阵营胜利" in x for x in text)
    assert all(not t.game.seats[n].alive or t.seat_got(n, "狼人阵营胜利") for n in range(1, 22))


def test_the_village_loses_when_its_four_gods_are_out_and_the_game_goes_on() -> None:
    t = table(lovers=(13, 19))
    for seat in (1, 2, 3):
        t.director(f"/罚下 {seat}号")
    assert VILLAGE not in pack.lost_camps(t.game)
    t.director("/罚下 4号")
    assert VILLAGE in pack.lost_camps(t.game) and not t.game.ended
    assert t.director_got("村民阵营优先判负")
    assert not any("判负" in x for n in range(5, 22) for x in t.to_seat(n))
    t.night()  # a camp judged lost keeps playing: its seats still use their skills
    assert "adore" in night_actors_open(t)


def test_the_village_loses_when_its_villagers_are_out() -> None:
    t = table(lovers=(13, 19), master=1)  # 13 is a black lover: the village's villagers are 10-12, 14-16
    for seat in (10, 11, 12, 14, 15):
        t.director(f"/罚下 {seat}号")
    assert VILLAGE not in pack.lost_camps(t.game)
    t.director("/罚下 16号")
    assert VILLAGE in pack.lost_camps(t.game) and not t.game.ended


def test_the_game_ends_when_only_one_camp_is_not_judged_lost() -> None:
    t = table(lovers=(13, 19), co_director=True)
    for seat in (1, 2, 3, 4):
        t.director(f"/罚下 {seat}号")  # the village is judged lost
    for seat in (8, 13):
        t.director(f"/罚下 {seat}号")  # the black lovers are out: only the wolves are left
    assert t.game.ended and t.game.winner == WOLVES
    assert any("狼人阵营胜利" in x for x in t.to_director(co=True))


def test_the_wolves_judged_lost_lose_their_kill_and_the_black_lovers_draw_the_widow_knife() -> None:
    t = table(lovers=(13, 19))
    t.pass_night()
    for seat in (17, 18, 20, 21):
        t.director(f"/罚下 {seat}号")
    assert WOLVES in pack.lost_camps(t.game) and not t.game.ended
    assert t.seat_got(13, "寡妇刀", ever=True) and t.seat_got(19, "寡妇刀", ever=True)
    t.night()
    t.say(19, "/刀 12号")  # either lover, one kill a night
    assert t.changed
    t.say(13, "/刀 15号")
    assert not t.changed
    t.dawn()
    assert (12, KILL) in t.exits()


def test_black_lovers_get_no_widow_knife_while_the_wolves_stand() -> None:
    t = table(lovers=(13, 19))
    t.night()
    t.say(13, "/刀 12号")
    assert not t.changed


def test_the_black_lovers_lose_when_they_are_all_out() -> None:
    t = table(lovers=(13, 19), kin=13)
    t.director("/罚下 8号")
    t.director("/罚下 13号")
    assert BLACK_LOVERS not in pack.lost_camps(t.game)  # the 混血儿 supporting 13 is one of them
    t.director("/罚下 9号")
    assert BLACK_LOVERS in pack.lost_camps(t.game) and not t.game.ended


def test_the_halfblood_of_the_wolves_counts_for_the_wolves() -> None:
    t = table(kin=17, lovers=(13, 19))
    for seat in (17, 18, 20, 21):
        t.director(f"/罚下 {seat}号")
    assert WOLVES not in pack.lost_camps(t.game)
    t.director("/罚下 9号")
    assert WOLVES in pack.lost_camps(t.game)


def test_a_camp_judged_lost_cannot_win_again() -> None:
    t = table(lovers=(13, 19))
    for seat in (17, 18, 20, 21):
        t.wolf(seat, "/投降")
    assert WOLVES in pack.lost_camps(t.game)
    for seat in (5, 6, 7, 9, 10, 11, 1, 2, 3, 12, 14, 15, 8):
        t.director(f"/罚下 {seat}号")
    assert t.game.alive() == [4, 13, 16, 17, 18, 19, 20, 21]  # 4 wolves of 8 living
    assert not t.game.ended


def test_a_win_stops_the_resolution_at_once() -> None:
    t = table()
    for seat in (5, 6, 7, 8, 9, 10, 11, 12, 15):
        t.director(f"/罚下 {seat}号")  # 5 wolves of 12
    t.night()
    t.say(17, "/冲锋 16号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "1号")
    t.say(2, "/毒 3号")
    t.dawn()
    assert t.game.ended and t.game.winner == WOLVES
    assert t.exits()[-2:] == [(1, KILL), (16, CHARGE)]  # 5 of 10: the poison never comes
    assert t.alive(3)


# =========================================================================== 导演


def test_a_second_director_gets_every_director_message() -> None:
    t = table(co_director=True)
    t.director("/警长 3号")
    t.night()
    to_witch(t, "12号")
    t.dawn()
    ours = [x for x in t.to_director(ever=True) if x.startswith("【")]
    theirs = [x for x in t.to_director(ever=True, co=True) if x.startswith("【")]
    assert set(ours) <= set(theirs) and any("出局：12号" in x for x in theirs)
    assert any("执行 /警长：已记录：3号当选警长" in x for x in theirs)  # replies to the other's commands
    for director in (ours, theirs):  # the night's start is said once to each, not once more as a reply
        assert len([x for x in director if "第1夜开始" in x]) == 1, director
    t.exile(5)
    assert any("等待5号开枪" in x for x in t.to_director(co=True))
    t.say("副导演", "/推进")
    assert t.changed and not t.game.prompts  # the co-director directs too


def test_strangers_cannot_direct() -> None:
    t = table()
    t.say("qq:55555", "/入夜")
    assert not t.changed and t.game.phase == "day"


def test_the_badge_handoff_is_forced() -> None:
    t = table()
    t.director("/警长 12号")
    t.pass_night()
    t.exile(12)
    t.say(12, "/放弃")
    assert not t.changed and "强制" in t.to_seat(12)[0]
    assert t.game.sheriff == 12 and t.game.prompts


# =========================================================================== rulings (docs/rulings-baibian.md)


def test_two_kills_on_the_adored_are_one_exit_and_the_infatuated_takes_it() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 15号")
    t.say(17, "/冲锋 15号")
    t.say(18, "/放弃 牺牲")
    wolf_votes(t, "15号")
    t.dawn()
    assert t.exits() == [(6, ADORE_SUBSTITUTE)] and t.alive(15)


def test_cupid_may_link_himself() -> None:
    t = table(lovers=(8, 19))
    assert t.camp(8) == t.camp(19) == BLACK_LOVERS
    assert t.seat_got(19, "8号", ever=True)


def test_a_black_lover_young_wolf_still_rallies_the_wolves() -> None:
    t = table(lovers=(13, 18))
    assert not pack.in_pack(t.game, 18)
    t.pass_night()
    t.exile(18)
    t.night()
    assert t.group_got("/刀 A号 B号")


def test_wolves_judged_lost_keep_charge_and_sacrifice() -> None:
    t = table(lovers=(13, 19))
    for seat in (17, 18, 20, 21):
        t.wolf(seat, "/投降")
    t.night()
    assert {"charge", "sacrifice"} <= set(night_actors_open(t))
    assert "wolves" not in night_actors_open(t)


def test_a_red_carded_master_is_inherited_too() -> None:
    t = table(master=1)
    t.director("/罚下 1号")
    assert t.role(7) == "预言家"


def test_the_doctor_may_treat_himself_and_the_same_seat_again() -> None:
    t = table()
    t.night()
    to_witch(t, "3号")
    t.say(3, "/救治 3号")
    assert t.changed
    t.dawn()
    assert t.exits() == []
    t.exile(None)
    t.night()
    t.say(3, "/救治 3号")
    assert t.changed


def test_a_save_on_a_seat_nobody_killed_is_spent() -> None:
    t = table()
    t.night()
    to_witch(t, "12号")
    t.say(2, "/救 15号")
    t.dawn()
    assert t.exits() == [(12, KILL)]
    t.exile(None)
    t.night()
    to_witch(t, "10号")
    assert not t.seat_got(2, "被指杀")


def test_the_wolves_two_kills_drop_a_tie_at_the_edge() -> None:
    from bansha_engine.pack import decide

    assert decide([(10, 11), (10, 12), (10, 11), (10, 12)], 2) == [10]
    assert decide([(10, 11), (10, 11), (10, 12)], 2) == [10, 11]
    assert decide([(12,), (15,)], 1) == []


def test_a_wolf_who_passes_keeps_the_kill_open_until_the_deadline() -> None:
    t = table()
    t.night()
    wolf_votes(t, "12号", (17, 18, 19, 20))
    t.say(21, "/放弃 杀人")
    assert t.changed and t.game.night.state["wolves"] == "open"
    t.director("/时限 狼人 1分钟")
    t.wait(61)
    assert t.game.night.state["wolves"] == "closed"
    assert t.game.night.kills[0] == (12, KILL)


def test_servant_of_cupid_becomes_cupid_of_the_lovers_camp() -> None:
    t = table(lovers=(13, 19), master=8)
    assert t.camp(7) == BLACK_LOVERS
    t.director("/罚下 8号")
    assert t.role(7) == "丘比特" and t.camp(7) == BLACK_LOVERS


def test_triggers_run_love_suicide_then_last_shot_then_badge() -> None:
    t = table(lovers=(5, 13))
    t.director("/警长 5号")
    t.pass_night()
    t.exile(5)
    assert t.exits() == [(5, VOTE), (13, LOVE_SUICIDE)]  # 殉情 first
    assert [p.kind for p in t.game.prompts] == ["last_shot"]
    t.say(5, "/开枪 15号")
    assert t.exits()[-1] == (15, SHOT)
    assert [p.kind for p in t.game.prompts] == ["badge"]  # 殉职 last
    t.say(5, "/移交 16号")
    assert t.game.sheriff == 16 and any("出局：5号、13号、15号" in text for text in t.to_director())


def test_a_halfblood_of_the_wolves_is_not_in_their_group() -> None:
    t = table(kin=17)
    assert t.camp(9) == WOLVES and not pack.in_pack(t.game, 9)
    roster = next(text for text in t.to_group(ever=True) if "狼群成员" in text)
    assert not names(9, roster)
    t.night()
    t.say(9, "/刀 12号")
    assert not t.changed


def test_a_servant_inheriting_a_god_after_the_elder_took_the_skills_has_none() -> None:
    t = table(master=1)
    t.pass_night()
    t.exile(4)
    t.night()
    t.dawn()
    t.exile(1)
    assert t.role(7) == "预言家"
    t.night()
    assert "seer" not in night_actors_open(t)
    t.say(7, "/预言 17号")
    assert not t.changed and "失去了所有技能" in t.to_seat(7)[0]


def test_a_second_empty_save_still_counts_when_the_elder_is_poisoned_that_night() -> None:
    t = table()
    t.night()
    t.say(3, "/救治 12号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(3, "/救治 12号")
    to_witch(t)
    t.say(2, "/毒 4号")
    t.dawn()
    assert t.exits() == [(4, POISON), (12, DOUBLE_EMPTY_SAVE)]


def test_identity_of_a_lover_halfblood_or_servant_says_the_choice_was_lost() -> None:
    t = table(lovers=(7, 9), kin=None, master=None)
    t.say(9, "/身份")
    assert "失去了认亲" in t.to_seat(9)[0] and "黑情侣阵营" in t.to_seat(9)[0]
    t.say(7, "/身份")
    assert "失去了认主" in t.to_seat(7)[0]


def test_the_wolves_loss_is_told_to_both_camps_concerned() -> None:
    """此事件发生时会通知狼人阵营 / 通知黑情侣阵营 — the whole camps, not only the group and the lovers"""
    t = table(lovers=(13, 19), kin=17, master=13)
    for seat in (17, 18, 20, 21):
        t.director(f"/罚下 {seat}号")
    assert WOLVES not in pack.lost_camps(t.game)  # the 混血儿 of the wolves still stands
    t.wolf(17, "/投降")  # a dead member may still propose; every member must agree
    for seat in (18, 20, 21):
        t.wolf(seat, "/投降")
    assert WOLVES in pack.lost_camps(t.game)
    assert t.seat_got(9, "失去杀人技能")  # the 混血儿: 狼人阵营, outside the group
    for seat in (8, 7, 13, 19):  # 丘比特, the servant of 13 and the lovers
        assert t.seat_got(seat, "寡妇刀"), seat


def test_surrender_is_refused_before_the_wolf_group_is_formed() -> None:
    t = table(lovers=None)  # the opening still waits for 丘比特
    assert t.game.phase == "opening"
    for text in ("/投降", "/同意"):
        t.wolf(17, text)
        assert not t.changed and "不能投降" in t.to_group()[0]
        t.say(18, text)
        assert not t.changed and "不能投降" in t.to_seat(18)[0]
    assert not t.game.ended and not pack.lost_camps(t.game)
