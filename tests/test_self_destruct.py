"""自爆 (common-boards.md 2.1 第1-12条, 补充裁定 9) on boards whose 自爆 is not 不可以."""

from __future__ import annotations

from bansha_engine.model import (
    KILL,
    PLAIN_SELF_DESTRUCT,
    POISON,
    SELF_DESTRUCT,
    TAKEN_BY_WHITE_WOLF_KING,
    VILLAGE,
    VOTE,
)
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("守卫", "30分钟"), ("狼人", "30分钟"), ("狼美人", "40分钟"), ("石像鬼", "30分钟"),
    ("女巫", "60分钟"), ("预言家", "30分钟"),
]  # fmt: skip
ROSTER = {
    "狼人": 2, "狼王": 1, "狼美人": 1, "白狼王": 1, "石像鬼": 1,
    "预言家": 1, "女巫": 1, "骑士": 1, "守卫": 1, "村民": 5,
}  # fmt: skip
SEATS = {
    1: "预言家", 2: "女巫", 3: "骑士", 4: "守卫", 5: "村民", 6: "村民", 7: "村民", 8: "村民", 9: "村民",
    10: "狼人", 11: "狼人", 12: "狼王", 13: "狼美人", 14: "白狼王", 15: "石像鬼",
}  # fmt: skip


def game(rule: str = "双爆吞警徽", **keys: str) -> Table:
    return started(board(ROSTER, NIGHT, 警长="1.5", 自爆=rule, **keys), SEATS)


def quiet_night(t: Table) -> None:
    """A night in which nobody leaves."""
    t.night()
    t.say(4, "/守护 空")
    for wolf in (10, 11, 12, 13, 14):
        t.wolf(wolf, "/刀 空")
    t.dawn()
    assert t.game.phase == "day" and not t.exits(), t.exits()


def day_two(rule: str = "双爆吞警徽", sheriff: str = "无") -> Table:
    t = game(rule)
    t.director(f"/警长 {sheriff}")
    assert t.changed, t.reply()
    quiet_night(t)
    return t


def explodes(t: Table, seat: int, text: str = "/自爆") -> None:
    t.say(seat, text)
    assert t.changed, t.reply()


def refused(t: Table, seat: int | str, text: str, why: str) -> None:
    t.say(seat, text)
    assert not t.changed and why in "\n".join(m.text for m in t.last), t.reply()


# ---------------------------------------------------------------- 第1-7条


def test_a_wolf_explodes_by_day_leaves_with_last_words_and_the_day_ends() -> None:
    """第3-5条: private /自爆 without a target; he leaves (自爆) with last words; the day ends."""
    t = day_two()
    explodes(t, 10)
    assert t.exits() == [(10, PLAIN_SELF_DESTRUCT)]
    assert t.seat_got(10, "遗言"), t.reply()
    assert t.director_got("公示：第2天，10号自爆。"), t.reply()
    assert any("自爆" in line and "入夜" in line for line in t.to_director()), t.to_director()
    refused(t, "导演", "/投票 1号 11号", "不再收选票")
    refused(t, "导演", "/放逐 11号", "不再放逐")
    refused(t, 3, "/决斗 11号", "白天已经结束")
    t.director("/入夜")
    assert t.changed, t.reply()


def test_in_the_group_it_must_be_said_privately() -> None:
    t = day_two()
    t.wolf(10, "/自爆")
    assert not t.changed and t.group_got("私聊"), t.reply()


def test_the_election_day_takes_it_too() -> None:
    """第2条: 「竞选日也可以」."""
    t = game()
    explodes(t, 11)
    assert t.exits() == [(11, PLAIN_SELF_DESTRUCT)] and t.game.day == 1


def test_only_wolves_of_the_group_whose_role_allows_it() -> None:
    """第1条: not 狼美人, not a lone wolf, not the village; a plain 自爆 takes nobody."""
    t = day_two()
    refused(t, 13, "/自爆", "狼美人不能自爆")
    refused(t, 15, "/自爆", "单身狼不能自爆")
    refused(t, 5, "/自爆", "只有狼群里的狼人可以自爆")
    refused(t, 10, "/自爆 5号", "不带目标")
    assert t.exits() == []


def test_not_at_night_nor_once_the_vote_is_settled_nor_while_a_decision_waits() -> None:
    """第2条: by day until /放逐 is settled, no decision pending (开枪, 移交警徽 …)."""
    t = day_two(sheriff="3号")
    t.night()
    refused(t, 10, "/自爆", "只有白天")
    t.dawn()
    t.say(3, "/决斗 5号")  # the sheriff 骑士 finds no wolf and leaves: his badge is waiting
    assert t.seat_got(3, "/移交"), t.reply()
    refused(t, 10, "/自爆", "待处理的决定")
    t.say(3, "/移交 6号")
    t.exile(None)
    refused(t, 10, "/自爆", "已经结算")


def test_a_wolf_king_who_explodes_cannot_shoot() -> None:
    """第6条 and 2.3 第3条."""
    t = day_two()
    explodes(t, 12)
    assert t.exits() == [(12, PLAIN_SELF_DESTRUCT)]
    assert not t.seat_got(12, "开枪") and not t.game.prompts
    assert t.seat_got(12, "你这次出局不能带走任何人"), t.reply()
    assert t.seat_got(12, "遗言")


def test_the_white_wolf_king_may_explode_alone_and_leaves_no_last_words() -> None:
    """第3条 (ruling): `/自爆` without a seat; 第5条: the 白狼王 has no last words."""
    t = day_two()
    explodes(t, 14)
    assert t.exits() == [(14, SELF_DESTRUCT)] and not t.seat_got(14, "遗言")


def test_the_white_wolf_king_takes_a_seat_on_the_election_day_and_the_badge_is_lost() -> None:
    """第11条 and 补充裁定 9: on the 竞选日 too; taking a seat there loses the badge at once (双爆 too)."""
    t = game()
    explodes(t, 14, "/自爆 5号")
    assert t.exits() == [(14, SELF_DESTRUCT), (5, TAKEN_BY_WHITE_WOLF_KING)]
    assert t.director_got("14号白狼王自爆，带走5号，警徽流失"), t.reply()
    refused(t, "导演", "/警长 6号", "警徽已流失")


def test_the_last_wolf_exploding_gives_the_village_the_game() -> None:
    """第7条."""
    text = board(
        {"狼人": 1, "预言家": 1, "女巫": 1, "村民": 4},
        [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")],
        自爆="单爆吞警徽",
    )
    t = started(text, {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人"})
    explodes(t, 7)
    assert t.game.winner == VILLAGE and t.director_got("村民阵营胜利"), t.reply()


def test_a_board_that_says_not_allowed_takes_no_plain_explosion() -> None:
    t = game(rule="不可以")
    t.director("/警长 无")
    quiet_night(t)
    refused(t, 10, "/自爆", "你不是白狼王")
    refused(t, 14, "/自爆", "用法：/自爆 N号")


# ---------------------------------------------------------------- 第8-10条: the badge


def test_single_an_explosion_before_the_sheriff_is_recorded_loses_the_badge() -> None:
    """第8条: 单爆吞警徽."""
    t = game("单爆吞警徽")
    explodes(t, 10)
    assert t.director_got("公示：第1天，10号自爆，警徽流失，本局没有警长。"), t.reply()
    refused(t, "导演", "/警长 5号", "警徽已流失")
    refused(t, "导演", "/警长 无", "警徽已流失")
    quiet_night_after_explosion(t)
    assert t.director_got("警长：无", ever=True)
    refused(t, "导演", "/警长 5号", "警徽已流失")
    t.exile(11)
    assert t.exits()[-1] == (11, VOTE)


def quiet_night_after_explosion(t: Table) -> None:
    t.night()
    t.say(4, "/守护 空")
    for wolf in (11, 12, 13, 14):
        if t.alive(wolf):
            t.wolf(wolf, "/刀 空")
    t.dawn()


def test_double_the_first_explosion_moves_the_election_to_the_next_day() -> None:
    """第9条: today /警长 is refused; the next day /放逐 waits for /警长 N号 or 无."""
    t = game()
    explodes(t, 10)
    assert t.director_got("警长竞选改到第2天"), t.reply()
    refused(t, "导演", "/警长 5号", "竞选改到明天")
    quiet_night_after_explosion(t)
    refused(t, "导演", "/放逐 11号", "请先记录警长")
    t.director("/警长 5号")
    assert t.changed and t.game.sheriff == 5, t.reply()
    t.exile(11)
    assert t.exits()[-1] == (11, VOTE)


def test_double_a_second_explosion_before_the_sheriff_is_recorded_loses_the_badge() -> None:
    t = game()
    explodes(t, 10)
    quiet_night_after_explosion(t)
    explodes(t, 11)
    assert t.director_got("公示：第2天，11号自爆，警徽流失"), t.reply()
    refused(t, "导演", "/警长 5号", "警徽已流失")
    refused(t, "导演", "/放逐 12号", "不再放逐")


def test_double_the_moved_election_may_record_no_sheriff() -> None:
    t = game()
    explodes(t, 10)
    quiet_night_after_explosion(t)
    t.director("/警长 无")
    assert t.changed, t.reply()
    t.exile(11)
    assert t.exits()[-1] == (11, VOTE)


def test_after_the_sheriff_is_recorded_an_explosion_only_ends_the_day() -> None:
    """第10条."""
    for rule in ("单爆吞警徽", "双爆吞警徽"):
        t = game(rule)
        t.director("/警长 5号")
        explodes(t, 10)
        assert t.game.sheriff == 5 and not t.director_got("警徽流失") and not t.director_got("竞选改到")
        assert t.director_got("入夜"), t.reply()


# ---------------------------------------------------------------- 第12条: 吞毒自爆


def first_night_first(rule: str, poisoned: int = 10) -> Table:
    """The director opens night 1 right after /开始 (竞选 on day 2); the witch poisons `poisoned`."""
    t = game(rule, 吞毒自爆="可以")
    t.night()
    t.say(4, "/守护 空")
    for wolf in (10, 11, 12, 13, 14):
        t.wolf(wolf, "/刀 6号")
    t.say(2, "/毒 " + f"{poisoned}号")
    assert t.changed, t.reply()
    t.dawn()
    assert (poisoned, POISON) in t.exits(), t.exits()
    return t


def test_swallowing_the_poison_single_loses_the_badge_and_the_day_goes_on() -> None:
    t = first_night_first("单爆吞警徽")
    exits = t.exits()
    explodes(t, 10)
    assert t.exits() == exits  # he does not leave again
    assert t.director_got("10号吞毒自爆，警徽流失"), t.reply()
    assert not t.director_got("入夜"), t.reply()
    refused(t, "导演", "/警长 5号", "警徽已流失")
    t.exile(11)
    assert t.exits()[-1] == (11, VOTE)


def test_swallowing_the_poison_double_moves_the_election_and_ends_the_day() -> None:
    """Ruling: under 双爆吞警徽 it counts as any 自爆 (第9条, 第4条)."""
    t = first_night_first("双爆吞警徽")
    explodes(t, 10)
    assert t.director_got("警长竞选改到第3天"), t.reply()
    assert any("自爆" in line and "入夜" in line for line in t.to_director()), t.to_director()
    refused(t, "导演", "/警长 5号", "竞选改到明天")


def test_swallowing_the_poison_only_before_the_sheriff_of_day_2_and_once() -> None:
    t = first_night_first("单爆吞警徽")
    t.director("/警长 5号")
    refused(t, 10, "/自爆", "吞毒自爆只给第1夜被毒杀的狼人")
    t = first_night_first("单爆吞警徽")
    explodes(t, 10)
    refused(t, 10, "/自爆", "吞毒自爆只给")


def test_swallowing_the_poison_takes_nobody_and_a_knifed_wolf_may_not() -> None:
    t = first_night_first("双爆吞警徽", poisoned=14)
    refused(t, 14, "/自爆 5号", "吞毒自爆不能带人")
    explodes(t, 14)
    t = game("双爆吞警徽", 吞毒自爆="可以")
    t.night()
    t.say(4, "/守护 空")
    for wolf in (10, 11, 12, 13, 14):
        t.wolf(wolf, "/刀 10号")
    t.dawn()
    assert t.exits() == [(10, KILL)]
    refused(t, 10, "/自爆", "你已出局")


def test_without_the_key_a_poisoned_wolf_is_simply_out() -> None:
    t = game("单爆吞警徽")
    t.night()
    t.say(4, "/守护 空")
    for wolf in (10, 11, 12, 13, 14):
        t.wolf(wolf, "/刀 6号")
    t.say(2, "/毒 10号")
    t.dawn()
    refused(t, 10, "/自爆", "你已出局，不能再自爆。")


def test_on_a_board_of_lone_wolves_the_command_says_they_may_not() -> None:
    text = board(
        {"石像鬼": 1, "隐狼": 1, "预言家": 1, "女巫": 1, "村民": 3},
        [("狼人", "30分钟"), ("石像鬼", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")],
        自爆="单爆吞警徽",
    )
    t = started(text, {1: "石像鬼", 2: "隐狼", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民"})
    refused(t, 2, "/自爆", "单身狼不能自爆")
