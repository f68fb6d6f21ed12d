"""放逐投票平票 and 弃票过半 (common-boards.md 2.4, 2.10.5; rulings in docs/rulings-common.md and
docs/rulings-day.md): `平票: 再投一轮 | 随机`, `弃票过半: 无人出局`; the defaults keep today's count."""

from __future__ import annotations

from bansha_engine import Game
from bansha_engine.model import VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

ROSTER: dict[str, int | str] = {"狼人": 2, "预言家": 1, "乌鸦": 1, "骑士": 1, "守墓人": 1, "村民": 3}
NIGHT = [("狼人", "30分钟"), ("乌鸦", "30分钟"), ("预言家", "30分钟")]
SEATS = {
    1: "预言家",
    2: "乌鸦",
    3: "骑士",
    4: "村民",
    5: "村民",
    6: "村民",
    7: "狼人",
    8: "狼人",
    9: "守墓人",
}
SHERIFF = 5


def day_two(tie: str = "再投一轮", *, curse: int | None = None, seed: int = 0, **keys: str) -> Table:
    """Day 2 of a nine-seat board, 5号 the sheriff (1.5), nobody out; the 乌鸦 cursed `curse`."""
    text = board(ROSTER, NIGHT, 警长="1.5", 自爆="双爆吞警徽", **{"平票": tie, **keys})
    t = started(text, SEATS, seed=seed)
    t.director(f"/警长 {SHERIFF}号")
    t.night()
    if curse is not None:
        t.say(2, f"/诅咒 {curse}号")
    t.dawn()
    assert t.game.day == 2 and t.game.phase == "day" and len(t.game.alive()) == 9
    return t


def tie_seven_and_eight(t: Table) -> None:
    """First round: 7号 and 8号 two votes each (the sheriff abstains)."""
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "4号 8号", "5号 弃权"])
    t.director("/放逐")


def vote_out(t: Table) -> list[int]:
    return [e.seat for e in t.game.exits if e.cause == VOTE]


# ---------------------------------------------------------------- 再投一轮


def test_a_tie_goes_to_a_second_round_and_the_day_goes_on() -> None:
    """第1条: 「`/放逐` 遇到平票时，机器人告诉导演「平票：3号、7号，进入PK」，当天不结束」."""
    t = day_two()
    tie_seven_and_eight(t)
    assert t.changed and t.director_got("平票：7号、8号，进入PK"), t.reply()
    assert not vote_out(t) and t.game.vote_open() and t.game.ballots[2] == []
    t.director("/票型")
    assert "第1轮：" in t.reply() and "平票（7号、8号），进入PK" in t.reply(), t.reply()


def test_each_voter_has_a_new_ballot_and_its_one_change() -> None:
    """「第二轮里每人重新有一票（改票规则照旧）」: a first-round change does not count against the second."""
    t = day_two()
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "1号 8号", "6号 7号"])  # 1号 changed once: 2 : 2
    t.director("/放逐")
    assert t.director_got("进入PK"), t.reply()
    ballots(t, ["1号 7号"])
    ballots(t, ["1号 8号"])  # his one change of the second round
    assert t.game.ballots[2][-1].change
    t.director("/投票\n1号 7号")
    assert not t.changed and "只能改票一次" in t.reply(), t.reply()


def test_only_the_tied_seats_may_be_voted_for_and_they_do_not_vote() -> None:
    """「第二轮只能投平票的人；平票的人不能投票（裁定）」: a transcription naming another seat or cast by a
    tied seat is refused, a post for another seat is a 废票, `/放逐 N号` names a tied seat."""
    t = day_two()
    tie_seven_and_eight(t)
    t.director("/投票\n1号 4号")
    assert not t.changed and "第二轮只能投平票的7号、8号" in t.reply(), t.reply()
    t.director("/投票\n7号 8号")
    assert not t.changed and "7号是平票进入PK的人，第二轮不投票" in t.reply(), t.reply()
    t.director("/投票\n1号\n投票对象：4号\n投票理由：跟")
    assert t.changed and "1号：废票，投票对象有误：第二轮只能投平票的7号、8号" in t.reply(), t.reply()
    t.director("/放逐 4号")
    assert not t.changed and "只能放逐7号、8号" in t.reply(), t.reply()
    ballots(t, ["1号 7号"])
    t.director("/票型")
    assert "未投票：2号、3号、4号、5号、6号、9号" in t.reply(), t.reply()  # not 7号, 8号


def test_the_sheriff_and_the_crows_curse_weigh_in_the_second_round() -> None:
    """「警长的权重、乌鸦的诅咒照样算」 (2.10.5: 「第二轮（`再投一轮`）也算」): the sheriff's 1.5 decides; a
    cursed seat outside the tie gains nothing."""
    t = day_two(curse=4)
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "6号 8号", "4号 弃权", "5号 弃权"])  # 4号: 0 + 1
    t.director("/放逐")
    assert t.director_got("平票：7号、8号，进入PK"), t.reply()
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "5号 8号"])
    t.director("/票型")
    assert "4号+1" not in t.reply() and "8号2.5票" in t.reply(), t.reply()
    t.director("/放逐")
    assert vote_out(t) == [8], t.reply()

    t = day_two(curse=7)
    tie_seven_and_eight(t)  # 7号 3 : 8号 2 with the curse — no tie
    assert vote_out(t) == [7], t.reply()


def test_a_second_tie_sends_nobody_out() -> None:
    """「第二轮再平票，当天无人出局」: the 守墓人 hears that nobody was exiled."""
    t = day_two()
    tie_seven_and_eight(t)
    ballots(t, ["1号 7号", "2号 8号"])
    t.director("/放逐")
    assert t.director_got("第二轮再次平票（7号、8号），无人出局"), t.reply()
    assert not vote_out(t) and not t.game.vote_open()
    t.night()
    t.dawn()
    assert t.seat_got(9, "第2天没有人被放逐"), t.reply()


def test_after_the_first_round_tie_the_knight_may_not_duel_but_a_wolf_may_explode() -> None:
    """「第一轮平票之后，骑士不能决斗；狼人仍可自爆」 (2.1 第2条: 「平票进入第二轮时也可以」)."""
    t = day_two()
    tie_seven_and_eight(t)
    t.say(3, "/决斗 7号")
    assert not t.changed and "第一轮平票之后不能决斗" in t.reply(), t.reply()
    t.say(8, "/自爆")
    assert t.changed and not t.alive(8) and 2 in t.game.day_ended_by, t.reply()
    t.director("/放逐")
    assert not t.changed and "白天已经结束" in t.reply(), t.reply()


def test_the_knight_duels_before_a_tie() -> None:
    t = day_two()
    t.say(3, "/决斗 7号")
    assert t.changed and not t.alive(7), t.reply()


def test_posts_timed_before_the_second_round_are_of_the_first() -> None:
    """A forum post timed before the second round began is a first-round post (ruling): not recorded."""
    t = day_two()
    tie_seven_and_eight(t)
    t.director("/投票\n1号 发表于 2026-01-01 19:30\n投票对象：7号\n投票理由：旧帖")
    assert not t.changed and "1号：未录入，这是上一轮的帖子" in t.reply(), t.reply()
    t.director("/投票\n1号 发表于 2026-01-01 21:30\n投票对象：7号\n投票理由：新帖")
    assert t.changed and "1号：已录入，投7号" in t.reply(), t.reply()


def test_undo_does_not_reach_the_first_rounds_ballots() -> None:
    t = day_two()
    tie_seven_and_eight(t)
    t.director("/撤销")
    assert not t.changed and "没有可以撤销的记录" in t.reply(), t.reply()


def test_the_bots_close_leaves_a_second_round_to_the_directors() -> None:
    """自动入夜 at 关门: a tie going to its second round is left to the directors (ruling, rulings-day.md)."""
    t = day_two(日程='{关门: "22:00", 自动入夜: 是}')
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "4号 8号", "5号 弃权"])
    t.wait(27 * 3600)  # the day began at 20:00: it closes the next day (docs/rulings-day.md 25)
    assert t.game.phase == "day" and t.director_got("进入PK", ever=True), t.reply()
    assert t.director_got("第二轮（PK）请导演处理", ever=True), t.reply()


# ---------------------------------------------------------------- 随机


def test_random_sends_one_of_the_tied_out() -> None:
    """第2条: 「在平票的人里随机一人出局」, drawn with the game's seeded generator (a rebuilt game draws the same)."""
    drawn = set()
    for seed in range(6):
        t = day_two("随机", seed=seed)
        tie_seven_and_eight(t)
        (seat,) = vote_out(t)
        assert seat in (7, 8) and t.director_got(f"平票（7号、8号），随机抽中{seat}号，{seat}号出局"), (
            t.reply()
        )
        rebuilt = Game.replay(1, "x", seed, "Asia/Shanghai", t.events, board_text=t.game.board_text)
        assert [e.seat for e in rebuilt.exits] == [seat]
        drawn.add(seat)
    assert drawn == {7, 8}


# ---------------------------------------------------------------- 弃票过半


def test_more_than_half_abstaining_sends_nobody_out() -> None:
    """第3条: 「严格超过半数有投票权的存活玩家弃权时，这一轮无人出局」: 5 of 9."""
    t = day_two(弃票过半="无人出局")
    ballots(t, ["1号 7号", "2号 7号", *(f"{n}号 弃权" for n in (3, 4, 5, 6, 9))])
    t.director("/放逐")
    assert not vote_out(t) and t.director_got("弃票过半（5人弃权，能投票的存活玩家9人），无人出局"), t.reply()


def test_half_abstaining_is_no_majority_and_seats_without_a_ballot_are_no_abstentions() -> None:
    """「没有录票的人不算弃权（裁定）」: 4 abstentions and 3 seats without a ballot, of 9 — 7号 leaves."""
    t = day_two(弃票过半="无人出局")
    ballots(t, ["1号 7号", "2号 7号", *(f"{n}号 弃权" for n in (3, 4, 5, 6))])
    t.director("/放逐")
    assert vote_out(t) == [7], t.reply()


def test_by_default_abstentions_are_not_counted() -> None:
    """`弃票过半: 不算` (default): the count goes on as before."""
    t = day_two()
    ballots(t, ["1号 7号", *(f"{n}号 弃权" for n in (2, 3, 4, 5, 6, 9))])
    t.director("/放逐")
    assert vote_out(t) == [7], t.reply()


def test_in_the_second_round_the_tied_seats_are_not_counted_among_the_voters() -> None:
    """The second round's voters are the seats that may vote in it (the tied seats do not): 4 of 7."""
    t = day_two(弃票过半="无人出局")
    tie_seven_and_eight(t)
    ballots(t, ["1号 7号", *(f"{n}号 弃权" for n in (2, 3, 4, 5))])
    t.director("/放逐")
    assert not vote_out(t) and t.director_got("弃票过半（4人弃权，能投票的存活玩家7人）"), t.reply()


# ---------------------------------------------------------------- the default


def test_by_default_a_tie_sends_nobody_out_at_once() -> None:
    t = day_two("无人出局")
    tie_seven_and_eight(t)
    assert t.director_got("第2天投票结算：平票，无人出局。"), t.reply()
    assert not t.game.vote_open()


def test_more_than_half_abstaining_in_a_first_round_tie_sends_nobody_out_without_a_second_round() -> None:
    """弃票过半 is judged before the tie rule (ruling): the round sends nobody out, so no second round."""
    t = day_two(弃票过半="无人出局")
    ballots(t, ["1号 7号", "2号 8号", *(f"{n}号 弃权" for n in (3, 4, 5, 6, 9))])
    t.director("/放逐")
    assert not t.director_got("进入PK") and not t.game.vote_open() and not vote_out(t), t.reply()


def test_a_second_rounds_non_voters_are_proposed_not_the_tied_seats() -> None:
    """未投票 (判罚) on a day with a second round: the seats without a ballot in the round that settled the
    day, never the tied seats (ruling, rulings-day.md)."""
    t = day_two(判罚="{未投票: 黄牌}")
    ballots(t, ["1号 7号", "2号 7号", "3号 8号", "4号 8号", "6号 弃权", "9号 弃权"])
    t.director("/放逐")
    assert t.director_got("进入PK"), t.reply()
    ballots(t, ["1号 7号", "2号 7号", "3号 8号"])
    t.director("/放逐")
    proposed = [line for line in t.to_director() if "建议黄牌" in line]
    assert proposed and all(f"{n}号（第2天未投票）" in proposed[0] for n in (4, 5, 6, 9)), t.reply()
    assert "7号（第2天" not in proposed[0] and "8号（第2天" not in proposed[0], t.reply()
