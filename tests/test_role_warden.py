"""典狱长 (common-boards.md 3.2, 补充裁定 17, 18)."""

from __future__ import annotations

from bansha_engine.model import DANCE, TRADE
from bansha_engine.roles.warden import BETRAY, DEAL, loser
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("典狱长", "15分钟"),
    ("交易", "30分钟"),
    ("守卫", "30分钟"),
    ("狼人", "30分钟"),
    ("预言家", "30分钟"),
    ("女巫", "60分钟"),
]
SEATS = {
    1: "典狱长",
    2: "狼人",
    3: "狼人",
    4: "预言家",
    5: "女巫",
    6: "守卫",
    7: "村民",
    8: "村民",
    9: "村民",
    10: "村民",
}
ROSTER = {"狼人": 2, "典狱长": 1, "预言家": 1, "女巫": 1, "守卫": 1, "村民": 4}
# The same with a 舞者 in 7号
DANCER_NIGHT = [*NIGHT[:2], ("舞者", "30分钟"), *NIGHT[2:]]
DANCER_SEATS = {**SEATS, 7: "舞者"}
DANCER_ROSTER = {**ROSTER, "舞者": 1, "村民": 3}


def second_night(dancer: bool = False, **keys: str) -> Table:
    text = board(DANCER_ROSTER, DANCER_NIGHT, **keys) if dancer else board(ROSTER, NIGHT, **keys)
    t = started(text, DANCER_SEATS if dancer else SEATS)
    t.pass_night()
    t.exile(None)
    t.night()
    return t


def interrogated(a: int, b: int, dancer: bool = False) -> Table:
    t = second_night(dancer)
    t.say(1, f"/提审 {a}号 {b}号")
    assert t.changed, t.reply()
    return t


def kill(t: Table, seat: int) -> None:
    for wolf in (1, 2, 3):
        t.wolf(wolf, f"/刀 {seat}号")


def test_not_on_the_first_night() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    t.say(1, "/提审 8号 9号")
    assert not t.changed and "第2夜起" in t.reply(), t.reply()


def test_the_two_are_told_when_his_step_closes_seats_only() -> None:
    t = second_night()
    assert t.seat_got(1, "/提审 A号 B号"), t.reply()
    t.say(1, "/提审 8号 9号")
    assert t.seat_got(8, "今晚你与9号交易：/交易 或 /背叛"), t.reply()
    assert t.seat_got(9, "今晚你与8号交易：/交易 或 /背叛"), t.reply()
    assert not any("村民" in text or "典狱长" in text for text in t.to_seat(8) + t.to_seat(9))


def test_two_different_living_seats_himself_allowed_each_once_a_game() -> None:
    t = second_night()
    t.say(1, "/提审 8号 8号")
    assert not t.changed and "必须不同" in t.reply()
    t.say(1, "/提审 1号 8号")
    assert t.changed, t.reply()
    t.say(1, "/背叛")
    t.say(8, "/交易")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/提审 1号 9号")
    assert not t.changed and "1号已经被提审过了" in t.reply(), t.reply()
    t.say(1, "/提审 9号 10号")
    assert t.changed, t.reply()


def test_he_may_pass() -> None:
    t = second_night()
    t.say(1, "/放弃 提审")
    assert t.changed and not t.seat_got(8, "交易"), t.reply()


def test_both_trade_both_are_immune_tonight_and_no_answer_is_trade() -> None:
    t = interrogated(8, 9)
    t.say(8, "/交易")
    assert t.seat_got(8, "已记录：你选择交易"), t.reply()
    t.dawn()  # 9号 does not answer: 交易
    assert t.seat_got(9, "视为交易", ever=True)
    t = interrogated(8, 9)
    t.say(8, "/交易")
    t.say(9, "/交易")
    kill(t, 8)
    t.dawn()
    assert t.alive(8) and t.exits() == [], t.reply()


def test_one_of_each_the_trader_leaves() -> None:
    t = interrogated(8, 9)
    t.say(8, "/交易")
    t.say(9, "/背叛")
    t.dawn()
    assert t.exits() == [(8, TRADE)], t.reply()
    assert t.director_got("8号交易，9号背叛"), t.reply()
    assert not any("背叛" in text for text in t.to_seat(8)), "nobody is told what the other chose"


def test_both_betray_their_single_target_skills_aim_at_each_other() -> None:
    """4号 (预言家) checks 2号, a wolf: the check lands on 6号, and names 2号; 6号 (守卫) guards 8号 and
    the guard lands on 4号, whom the wolves kill: he stays."""
    t = interrogated(4, 6)
    t.say(4, "/背叛")
    t.say(6, "/背叛")
    t.say(6, "/守护 8号")
    kill(t, 4)
    t.say(4, "/预言 2号")
    t.dawn()
    assert t.alive(4) and t.exits() == [], t.reply()
    assert t.seat_got(4, "2号是村民阵营"), t.reply()
    assert t.director_got("两人今晚的单目标技能互指对方"), t.reply()


def test_a_skill_aimed_at_several_seats_is_not_moved() -> None:
    t = interrogated(7, 4, dancer=True)
    t.say(7, "/背叛")
    t.say(4, "/背叛")
    t.say(7, "/共舞 8号 9号 2号")
    t.dawn()
    assert (2, DANCE) in t.exits(), t.reply()


def test_the_warden_one_of_the_two() -> None:
    """Alike, he leaves; different, the other leaves."""
    assert loser(1, (1, 8), (DEAL, DEAL)) == 1 and loser(1, (8, 1), (BETRAY, BETRAY)) == 1
    assert loser(1, (1, 8), (DEAL, BETRAY)) == 8 and loser(1, (8, 1), (DEAL, BETRAY)) == 8
    t = interrogated(1, 8)
    t.say(1, "/交易")
    t.say(8, "/交易")
    t.dawn()
    assert t.exits() == [(1, TRADE)], t.reply()
    t = interrogated(1, 8)
    t.say(1, "/背叛")
    t.say(8, "/交易")
    t.dawn()
    assert t.exits() == [(8, TRADE)], t.reply()


def with_a_tenth(role: str, night_one: str) -> Table:
    """Night 2 open, a real `role` in 10号 (written first in 夜晚), who said `night_one` on night 1."""
    text = board({**ROSTER, "村民": 3, role: 1}, [(role, "15分钟"), *NIGHT])
    t = started(text, {**SEATS, 10: role})
    t.night()
    t.say(10, night_one)
    assert t.changed, t.reply()
    t.dawn()
    t.exile(None)
    t.night()
    return t


def test_a_sealed_warden_interrogates_nobody_a_sealed_trader_answers() -> None:
    """典狱长: 「被封印的典狱长这一夜不能提审；被提审的人被封印，仍可回答」, with the real 企鹅's freeze."""
    t = with_a_tenth("企鹅", "/放弃")
    t.say(10, "/冰冻 1号")
    t.say(1, "/提审 8号 9号")
    assert not t.changed and "冰冻" in t.reply(), t.reply()
    t = with_a_tenth("企鹅", "/放弃")
    t.say(10, "/冰冻 8号")
    t.say(1, "/提审 8号 9号")
    t.say(8, "/交易")
    t.say(9, "/背叛")
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits() == [(8, TRADE)], t.reply()


def test_the_directors_address_the_answers_as_trade() -> None:
    """补充裁定 17: /时限 and /推进 take 交易."""
    t = interrogated(8, 9)
    t.director("/时限 交易 5分钟")
    assert t.changed and "回答典狱长在5分钟后" in t.reply(), t.reply()
    t.director("/推进 交易")
    assert t.changed and "已推进：回答典狱长" in t.reply(), t.reply()
    assert t.seat_got(8, "视为交易") and t.game.night is not None
    t.director("/推进 交易")
    assert not t.changed and "现在没有进行中的步骤" in t.reply(), t.reply()


def test_only_the_two_answer() -> None:
    t = interrogated(8, 9)
    t.say(10, "/背叛")
    assert not t.changed and "你现在不能回答典狱长" in t.reply(), t.reply()


def test_with_fewer_than_two_seats_left_his_step_does_not_open() -> None:
    t = second_night()
    for pair in ((8, 9), (10, 4), (5, 6), (7, 2)):  # two seats a night: 1号 and 3号 are left
        t.say(1, f"/提审 {pair[0]}号 {pair[1]}号")
        assert t.changed, t.reply()
        t.dawn()
        exiled = 3 if pair == (7, 2) else None
        t.exile(exiled)
        t.night()
    assert not t.seat_got(1, "提审") and not t.game.ended, t.reply()
    t.say(1, "/提审 1号 9号")
    assert not t.changed and "你现在不能提审" in t.reply(), t.reply()


def test_a_trader_immune_tonight_stays() -> None:
    """The 交易 exit meets the night's immunities (a 梦游者: 2.10.2)."""
    t = with_a_tenth("摄梦人", "/摄梦 4号")
    t.say(10, "/摄梦 8号")  # the real 摄梦人's 梦游者
    t.say(1, "/提审 8号 9号")
    t.say(8, "/交易")
    t.say(9, "/背叛")
    t.dawn()
    assert t.alive(8) and t.exits() == [], t.reply()
