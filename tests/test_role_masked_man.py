"""蒙面人 (common-boards.md 3.1, 2.10.1 第4条, 5.1.4, 5.2.4; 补充裁定 4, 16)."""

from __future__ import annotations

import pytest

from bansha_engine import Game
from bansha_engine.model import DUEL, KILL, POISON, RED_CARD, SHOT, VOTE
from bansha_engine.roles import masked_man
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import TIMEZONE, WOLF_GROUP, Table, qq

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "预言家": 1, "女巫": 1, "猎人": 1, "蒙面人": 1, "村民": 3}
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "蒙面人",
    4: "猎人",
    5: "村民",
    6: "村民",
    7: "村民",
    8: "狼人",
    9: "狼人",
}
MASKED = 3


def game(**keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **keys), SEATS)


def kill(t: Table, target: int) -> None:
    for wolf in (8, 9):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {target}号")


def wounded(**keys: str) -> Table:
    """Night 1: the wolves kill the 蒙面人, nobody saves him; day 2 has begun."""
    t = game(**keys)
    t.night()
    kill(t, MASKED)
    t.dawn()
    assert t.alive(MASKED), t.reply()
    return t


def test_his_first_exit_at_night_is_a_wound_told_to_him_and_the_directors_only() -> None:
    t = wounded()
    assert t.seat_got(MASKED, "你受了致命伤，明天发言结束后离场"), t.to_seat(MASKED, ever=True)
    assert not any("出局" in text for text in t.to_seat(MASKED, ever=True))  # 补充裁定 16
    summary = next(text for text in t.to_director() if "第1夜结算" in text)
    assert "3号（蒙面人）受了致命伤（被杀），第2天发言结束后离场" in summary
    draft = summary.split("公示草稿")[1]
    assert "第1夜出局：平安夜" in draft and "致命伤" not in draft and "负伤" not in draft
    t.director("/状态")
    assert "负伤（第1夜被杀，发言结束后离场）" in t.reply()
    t.say(MASKED, "/身份")
    assert "你受了致命伤，明天发言结束后离场" in t.reply()


def test_the_poison_wounds_him_too() -> None:
    t = game()
    t.night()
    kill(t, 5)
    t.say(2, f"/毒 {MASKED}号")
    t.dawn()
    assert t.alive(MASKED) and not t.alive(5)
    t.exile(None)
    assert t.exits() == [(5, KILL), (MASKED, POISON)]


def test_a_shot_at_night_wounds_him_any_cause_does() -> None:
    t = game()
    t.night()
    kill(t, 4)
    t.dawn()
    t.say(4, f"/开枪 {MASKED}号")
    assert t.changed, t.reply()
    assert t.alive(MASKED) and t.seat_got(MASKED, "你受了致命伤")
    t.exile(None)
    assert t.exits() == [(4, KILL), (MASKED, SHOT)]


def test_he_leaves_as_the_exile_is_settled_before_its_result_by_the_wounds_cause_without_last_words() -> None:
    t = wounded()  # a first-night exit would have last words: his has none (5.2.4)
    t.exile(5)
    assert t.exits() == [(MASKED, KILL), (5, VOTE)]
    assert t.seat_got(MASKED, "你在第2天出局") and not t.seat_got(MASKED, "遗言权利")
    assert t.seat_got(5, "遗言权利")
    assert t.director_got("3号（蒙面人）第1夜受了致命伤：今天发言结束，离场（被杀，没有遗言，今天的票不计）")
    assert MASKED not in t.game.last_words_offered


@pytest.mark.parametrize("exile", ["/放逐 无", "/放逐 平票", "/放逐"])
def test_every_form_of_the_exile_settles_him_first(exile: str) -> None:
    t = wounded()
    if exile == "/放逐":
        ballots(t, ["1号 5号", "2号 6号"])
    t.director(exile)
    assert t.changed, t.reply()
    assert t.exits()[0] == (MASKED, KILL)


def test_his_ballots_of_that_day_count_for_nothing() -> None:
    t = wounded()
    ballots(t, ["3号 5号", "1号 5号", "2号 6号", "4号 6号", "7号 6号"])
    ballots(t, ["3号 6号"])  # his change of mind counts for nothing either
    t.director("/放逐")
    assert t.exits() == [(MASKED, KILL), (6, VOTE)], t.reply()
    report = next(text for text in t.to_director() if "票型" in text)
    assert "3号投6号（改票）（计0票）" in report and "6号3票" in report


def test_named_for_exile_himself_he_leaves_by_his_wound_and_nobody_is_exiled() -> None:
    t = wounded()
    t.exile(MASKED)
    assert t.changed and t.exits() == [(MASKED, KILL)]
    assert t.director_got("3号已经离场，无人被放逐")


def test_voted_the_most_he_leaves_by_his_wound_and_nobody_is_exiled() -> None:
    t = wounded()
    ballots(t, ["1号 3号", "2号 3号", "4号 5号"])
    t.director("/放逐")
    assert t.exits() == [(MASKED, KILL)]
    assert t.director_got("无人出局")


def test_the_night_waits_for_his_exit() -> None:
    t = wounded()
    t.night()
    assert not t.changed and "负伤的蒙面人离场" in t.reply()
    t.exile(None)
    t.night()
    assert t.changed and not t.alive(MASKED)


def test_a_duel_that_ends_the_day_takes_him_at_that_moment() -> None:
    roster = {"狼人": 2, "预言家": 1, "女巫": 1, "骑士": 1, "蒙面人": 1, "村民": 3}
    seats = {**SEATS, 4: "骑士"}
    t = started(board(roster, NIGHT), seats)
    t.night()
    kill(t, MASKED)
    t.dawn()
    t.say(4, "/决斗 8号")
    assert t.exits() == [(8, DUEL), (MASKED, KILL)], t.reply()
    t.exile(None)
    assert not t.changed and "白天已经结束" in t.reply()
    t.night()
    assert t.changed


def test_a_white_wolf_kings_self_destruct_takes_him_at_that_moment() -> None:
    roster = {"狼人": 1, "白狼王": 1, "预言家": 1, "女巫": 1, "猎人": 1, "蒙面人": 1, "村民": 3}
    t = started(board(roster, NIGHT), {**SEATS, 9: "白狼王"})
    t.night()
    kill(t, MASKED)
    t.dawn()
    t.say(9, "/自爆 5号")
    assert t.exits()[:2] == [(9, "自爆"), (5, "白狼王带走")] and t.exits()[2] == (MASKED, KILL), t.exits()


def test_a_second_exit_the_same_night_takes_him() -> None:
    t = game()
    t.night()
    kill(t, MASKED)
    t.say(2, f"/毒 {MASKED}号")
    t.dawn()
    assert not t.alive(MASKED) and t.exits() == [(MASKED, POISON)]


def test_an_exit_by_day_is_no_wound() -> None:
    t = game()
    t.pass_night()
    t.exile(MASKED)
    assert t.exits() == [(MASKED, VOTE)]
    assert not t.seat_got(MASKED, "你受了致命伤", ever=True)


def test_a_kill_the_witch_saves_is_no_wound() -> None:
    t = game()
    t.night()
    kill(t, MASKED)
    t.say(2, f"/救 {MASKED}号")
    t.dawn()
    assert not t.seat_got(MASKED, "你受了致命伤", ever=True)
    t.exile(None)
    assert t.alive(MASKED) and t.exits() == []


def test_a_red_card_at_night_is_no_wound() -> None:
    t = game()
    t.night()
    t.director(f"/罚下 {MASKED}号")
    assert t.exits() == [(MASKED, RED_CARD)]


def test_a_wounded_sheriff_hands_the_badge_over_before_the_exile_takes_effect() -> None:
    t = game(**{"警长": "1.5"})
    t.director(f"/警长 {MASKED}号")
    t.night()
    kill(t, MASKED)
    t.dawn()
    t.exile(5)
    assert t.changed and t.exits() == [(MASKED, KILL)] and t.alive(5)
    assert t.seat_got(MASKED, "/移交")
    t.say(MASKED, "/移交 1号")
    assert t.exits() == [(MASKED, KILL), (5, VOTE)] and t.game.sheriff == 1, t.reply()


def test_a_replay_rebuilds_the_wound_and_the_exit() -> None:
    t = wounded()
    text = t.game.board_text
    mid = Game.replay(1, "x", 0, TIMEZONE, t.events, board_text=text)
    assert mid.seats[MASKED].data == t.game.seats[MASKED].data and mid.seats[MASKED].alive
    t.exile(5)
    again = Game.replay(1, "x", 0, TIMEZONE, t.events, board_text=text)
    assert [(e.seat, e.cause, e.when) for e in again.exits] == [
        (e.seat, e.cause, e.when) for e in t.game.exits
    ]


# ------------------------------------------------------------ the 盗宝大师 holding his card

TREASURE_NIGHT = [("盗宝大师", "15分钟"), ("狼人", "30分钟"), ("预言家", "30分钟")]
TREASURE_ROSTER = {"狼人": 3, "预言家": 1, "猎人": 1, "蒙面人": 1, "村民": 4, "盗宝大师": 1}
TREASURE_SEATS = {
    1: "预言家",
    2: "盗宝大师",
    3: "猎人",
    4: "村民",
    5: "村民",
    6: "村民",
    7: "狼人",
    8: "狼人",
}


def treasure_game() -> Table:
    t = Table(board_text=board(TREASURE_ROSTER, TREASURE_NIGHT))
    t.director("/开局 x")
    t.director("/底牌 狼人 蒙面人 村民")
    for seat, role in TREASURE_SEATS.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.changed, t.reply()
    return t


def test_the_treasure_master_holding_his_card_is_wounded_once() -> None:
    t = treasure_game()
    t.night()
    t.say(2, "/盗宝 蒙面人")
    t.wolf(7, "/刀 2号")
    t.wolf(8, "/刀 2号")
    t.dawn()
    assert t.alive(2) and t.seat_got(2, "你受了致命伤，明天发言结束后离场"), t.reply()
    assert t.role(2) == "盗宝大师"
    t.director("/状态")
    assert "2号" in t.reply() and "负伤（第1夜被杀" in t.reply()
    t.exile(None)
    assert t.exits() == [(2, KILL)]
    assert t.director_got("2号（盗宝大师）第1夜受了致命伤")


def test_the_treasure_master_holding_another_card_is_not_wounded() -> None:
    t = treasure_game()
    t.night()
    t.say(2, "/盗宝 村民")
    t.wolf(7, "/刀 2号")
    t.wolf(8, "/刀 2号")
    t.dawn()
    assert not t.alive(2) and t.exits() == [(2, KILL)]
    assert masked_man.Wound.__name__ not in t.game.seats[2].data


def test_a_wolfs_self_destruct_ends_the_day_and_takes_him_at_that_moment() -> None:
    t = wounded(自爆="双爆吞警徽")
    t.say(8, "/自爆")
    assert t.changed, t.reply()
    assert [seat for seat, _ in t.exits()] == [8, MASKED] and t.exits()[1] == (MASKED, KILL)
    assert t.director_got("请发送 /入夜")


def test_the_bots_own_close_of_a_forum_day_takes_him_before_the_exile() -> None:
    text = board(ROSTER, NIGHT) + "日程:\n  关门: 21:00\n  自动入夜: 是\n"
    t = started(text, SEATS)
    t.night()
    kill(t, MASKED)
    t.dawn()
    ballots(t, ["1号 5号", "2号 5号", "3号 6号"])
    close = next(timer.due for timer in t.game.timers() if timer.key.startswith("day:close"))
    t.wait(close - t.now + 1)
    assert t.exits() == [(MASKED, KILL), (5, VOTE)], t.reply()
    assert t.game.phase == "night" and t.game.night_no == 2
