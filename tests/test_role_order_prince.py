"""定序王子 (common-boards.md 3.1, 5.2.5; 2.1 第2条; rulings in docs/rulings-common.md)."""

from __future__ import annotations

from bansha_engine.model import VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

ROSTER: dict[str, int | str] = {
    "狼人": 2,
    "预言家": 1,
    "定序王子": 1,
    "猎人": 1,
    "白痴": 1,
    "守墓人": 1,
    "骑士": 1,
    "村民": 1,
}
NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {
    1: "预言家",
    2: "定序王子",
    3: "猎人",
    4: "白痴",
    5: "守墓人",
    6: "村民",
    7: "狼人",
    8: "狼人",
    9: "骑士",
}
PRINCE, HUNTER, IDIOT, KEEPER = 2, 3, 4, 5


def day_two(tie: str = "无人出局", **keys: str) -> Table:
    """Day 2 of a nine-seat board, nobody out."""
    t = started(board(ROSTER, NIGHT, 自爆="双爆吞警徽", **{"平票": tie, **keys}), SEATS)
    t.pass_night()
    assert t.game.day == 2 and t.game.phase == "day"
    return t


def vote_for(t: Table, seat: int) -> None:
    """Three ballots for `seat`, one for 1号; then /放逐."""
    ballots(t, [f"1号 {seat}号", f"6号 {seat}号", f"9号 {seat}号", "5号 1号"])
    t.director("/放逐")
    assert t.changed, t.reply()


def vote_out(t: Table) -> list[int]:
    return [e.seat for e in t.game.exits if e.cause == VOTE]


def test_the_days_first_exile_is_held_and_he_is_asked() -> None:
    """「机器人先不让结果生效，私聊定序王子「今天的放逐结果是……，/定序 或 /放弃」」 — in words for a living
    player (补充裁定 16: no 出局)."""
    t = day_two()
    vote_for(t, 7)
    assert t.seat_got(PRINCE, "今天的放逐结果是7号被放逐，/定序 或 /放弃"), t.reply()
    assert not any("出局" in text for text in t.to_seat(PRINCE)), t.reply()
    assert t.director_got("第2天放逐结果：7号被放逐。结果暂不生效") and t.director_got("等待2号定序"), (
        t.reply()
    )
    assert t.alive(7) and not t.seat_got(7, "出局") and t.game.vote_open()


def test_a_pass_lets_the_result_take_effect() -> None:
    t = day_two()
    vote_for(t, 7)
    t.say(PRINCE, "/放弃")
    assert t.changed and vote_out(t) == [7] and t.seat_got(7, "出局"), t.reply()
    assert t.director_got("第2天投票结算：7号出局。"), t.reply()


def test_a_timeout_is_a_pass_and_so_is_a_push() -> None:
    """「他在 `移交时限` 内回答，超时算放弃」."""
    t = day_two()
    vote_for(t, 7)
    t.wait(60 * t.game.board.options.handoff_minutes + 1)
    assert vote_out(t) == [7] and t.director_got("2号定序超时", ever=True), t.reply()
    t = day_two()
    vote_for(t, 7)
    t.director("/推进")
    assert vote_out(t) == [7], t.reply()


def test_ordering_voids_the_round_and_the_new_vote_stands() -> None:
    """「/定序：他翻牌；导演收到「N号定序王子翻牌，今天的放逐投票作废」；…当天的票清空；…这次的结果生效，
    不能再定序」."""
    t = day_two()
    vote_for(t, 7)
    t.say(PRINCE, "/定序")
    assert t.changed and t.director_got("2号定序王子翻牌，今天的放逐投票作废"), t.reply()
    assert t.alive(7) and t.game.ballots[2] == [] and t.game.vote_open()
    t.director("/票型")
    assert "定序王子翻牌作废（原结果：7号被放逐）" in t.reply(), t.reply()
    vote_for(t, 8)
    assert vote_out(t) == [8] and not t.seat_got(PRINCE, "今天的放逐结果"), t.reply()


def test_a_voided_idiot_does_not_flip() -> None:
    """「这一轮的结果作废（没有人出局，白痴不翻牌）」."""
    t = day_two()
    vote_for(t, IDIOT)
    t.say(PRINCE, "/定序")
    assert not t.director_got("翻牌为白痴", ever=True) and t.game.board.votes(t.game, IDIOT)


def test_a_held_exile_fires_nothing_until_it_takes_effect() -> None:
    """A held exile fires no trigger and offers no last words until it takes effect; a voided one never
    does (5.2.5 「定序…作废的出局，遗言也作废」)."""
    t = day_two()
    vote_for(t, HUNTER)
    assert not t.seat_got(HUNTER, "最后一枪") and HUNTER not in t.game.last_words_offered
    t.say(PRINCE, "/放弃")
    assert t.seat_got(HUNTER, "最后一枪") and HUNTER in t.game.last_words_offered, t.reply()

    t = day_two()
    vote_for(t, HUNTER)
    t.say(PRINCE, "/定序")
    assert t.alive(HUNTER) and not t.seat_got(HUNTER, "你可以发动最后一枪", ever=True)
    assert HUNTER not in t.game.last_words_offered


def test_the_gravekeeper_learns_the_result_that_took_effect() -> None:
    """守墓人 (3.1): a voided round is no exile; the vote recorded after it is the day's."""
    t = day_two()
    vote_for(t, 7)
    t.say(PRINCE, "/定序")
    t.director("/放逐 无")
    t.pass_night()
    assert t.seat_got(KEEPER, "第2天没有人被放逐", ever=True), t.reply()

    t = day_two()
    vote_for(t, 1)
    t.say(PRINCE, "/定序")
    vote_for(t, 7)
    t.pass_night()
    assert t.seat_got(KEEPER, "第2天被放逐的7号是非村民阵营", ever=True), t.reply()


def test_he_may_order_his_own_exile() -> None:
    """「被放逐的正是他自己，也可以定序」."""
    t = day_two()
    vote_for(t, PRINCE)
    t.say(PRINCE, "/定序")
    assert t.changed and t.alive(PRINCE), t.reply()


def test_any_form_of_the_first_exile_is_held() -> None:
    """「不论结果是谁出局、平票还是无人出局」: `/放逐 N号`, `/放逐 无` and a tie by the ballots."""
    t = day_two()
    t.director("/放逐 7号")
    assert t.alive(7) and t.seat_got(PRINCE, "今天的放逐结果是7号被放逐"), t.reply()
    t = day_two()
    t.director("/放逐 无")
    assert t.seat_got(PRINCE, "今天的放逐结果是无人被放逐"), t.reply()
    t.say(PRINCE, "/放弃")
    assert t.director_got("第2天投票：无人出局。"), t.reply()
    t = day_two()
    ballots(t, ["6号 7号", "9号 8号"])
    t.director("/放逐")
    assert t.seat_got(PRINCE, "今天的放逐结果是平票（7号、8号），无人被放逐"), t.reply()


def test_under_a_runoff_the_first_round_is_held_and_the_second_is_not() -> None:
    """「`再投一轮` 时指第一轮」: a pass sends the tie to its second round; its result is not held."""
    t = day_two("再投一轮")
    ballots(t, ["6号 7号", "9号 8号"])
    t.director("/放逐")
    assert t.seat_got(PRINCE, "今天的放逐结果是平票（7号、8号），进入PK"), t.reply()
    t.say(PRINCE, "/放弃")
    assert t.director_got("平票：7号、8号，进入PK"), t.reply()
    ballots(t, ["6号 7号"])
    t.director("/放逐")
    assert vote_out(t) == [7] and not t.seat_got(PRINCE, "放逐结果"), t.reply()


def test_ordering_a_first_round_tie_restarts_the_whole_vote() -> None:
    """A 定序 of a 再投一轮 first round's tie: no second round; the vote starts over among everyone, and a
    tie of that vote goes to the second round as the board says (ruling)."""
    t = day_two("再投一轮")
    ballots(t, ["6号 7号", "9号 8号"])
    t.director("/放逐")
    t.say(PRINCE, "/定序")
    assert not t.director_got("平票：7号、8号，进入PK") and t.game.ballots[2] == []
    ballots(t, ["6号 1号", "9号 3号"])
    t.director("/放逐")
    assert t.director_got("平票：1号、3号，进入PK") and not t.seat_got(PRINCE, "放逐结果"), t.reply()


def test_once_a_game_and_a_pass_keeps_it() -> None:
    """「整局一次」: a pass keeps the skill for another day; once used he is not asked again."""
    t = day_two()
    vote_for(t, 7)
    t.say(PRINCE, "/放弃")
    t.pass_night()
    vote_for(t, 1)
    assert t.seat_got(PRINCE, "今天的放逐结果是1号被放逐"), t.reply()
    t.say(PRINCE, "/定序")
    t.director("/放逐 无")
    t.pass_night()
    vote_for(t, KEEPER)
    assert vote_out(t) == [7, KEEPER] and not t.seat_got(PRINCE, "放逐结果"), t.reply()
    t.say(PRINCE, "/定序")
    assert not t.changed and "你已经在第3天定序过了" in t.reply(), t.reply()


def test_no_vote_no_order() -> None:
    """「当天被自爆或决斗提前结束，没有投票，就没有定序」."""
    t = day_two()
    t.say(8, "/自爆")
    assert t.changed and not t.seat_got(PRINCE, "放逐结果"), t.reply()
    t.director("/放逐")
    assert not t.changed, t.reply()


def test_while_he_decides_the_day_waits() -> None:
    """2.1 第2条 「有待做的决定（开枪、移交警徽、定序）时不可以」 自爆; the ballots, /放逐, /入夜, /撤销 and
    the 骑士's 决斗 wait too."""
    t = day_two()
    vote_for(t, 7)
    for who, text, why in (
        (8, "/自爆", "待处理的决定"),
        (9, "/决斗 7号", "待处理的决定"),
        ("导演", "/投票\n1号 8号", "正在等待决定"),
        ("导演", "/放逐", "待处理的决定"),
        ("导演", "/入夜", "待处理的决定"),
        ("导演", "/撤销", "已经结算"),
    ):
        t.say(who, text)
        assert not t.changed and why in t.reply(), (text, t.reply())


def test_refusals() -> None:
    t = day_two()
    t.say(6, "/定序")
    assert not t.changed and "你不是定序王子" in t.reply(), t.reply()
    t.say(PRINCE, "/定序")
    assert not t.changed and "现在没有等待你定序的放逐结果" in t.reply(), t.reply()
    vote_for(t, 7)
    t.say(PRINCE, "/定序 7号")
    assert not t.changed and "后面不需要写别的内容" in t.reply(), t.reply()
    t.say(6, "/定序")
    assert not t.changed and "你不是定序王子" in t.reply(), t.reply()


def test_two_princes_are_asked_one_after_the_other() -> None:
    """Two 定序王子 on a board (ruling): asked in seat order; a pass hands the question to the next."""
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "定序王子": 2, "村民": 2}
    seats = {1: "预言家", 2: "定序王子", 3: "定序王子", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, NIGHT), seats)
    t.pass_night()
    ballots(t, ["1号 6号", "4号 6号"])
    t.director("/放逐")
    assert t.seat_got(2, "今天的放逐结果是6号被放逐") and not t.seat_got(3, "放逐结果"), t.reply()
    t.say(2, "/放弃")
    assert t.alive(6) and t.seat_got(3, "今天的放逐结果是6号被放逐"), t.reply()
    t.say(3, "/定序")
    assert t.director_got("3号定序王子翻牌，今天的放逐投票作废"), t.reply()
