"""杠精 (common-boards.md 3.1; 补充裁定 17; rulings in docs/rulings-common.md)."""

from __future__ import annotations

from bansha_engine.model import VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

ROSTER: dict[str, int | str] = {"狼人": 2, "预言家": 1, "杠精": 1, "白痴": 1, "骑士": 1, "村民": 3}
NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "杠精", 3: "村民", 4: "村民", 5: "村民", 6: "白痴", 7: "狼人", 8: "狼人", 9: "骑士"}
CHALLENGER, SHERIFF = 2, 3
VOTERS = (1, 4, 5, 6, 7, 8, 9)  # everyone but the 杠精 and 3号


def day_two(**keys: str) -> Table:
    """Day 2 of a nine-seat board, 3号 the sheriff (1.5), nobody out."""
    t = started(board(ROSTER, NIGHT, 警长="1.5", 自爆="双爆吞警徽", **keys), SEATS)
    t.director(f"/警长 {SHERIFF}号")
    t.pass_night()
    assert t.game.day == 2 and t.game.phase == "day"
    return t


def challenge(t: Table, target: int = SHERIFF) -> None:
    t.say(CHALLENGER, f"/开杠 {target}号")
    assert t.changed, t.reply()


def poll(t: Table, yes: tuple[int, ...], no: tuple[int, ...] = ()) -> None:
    for seat in yes:
        t.say(seat, "/赞成")
        assert t.changed, t.reply()
    for seat in no:
        t.say(seat, "/反对")
        assert t.changed, t.reply()


def test_he_flips_and_a_secret_vote_opens() -> None:
    """「他翻牌，导演收到「N号杠精翻牌，与M号开杠」…除杠精和 M号 外、有投票权的存活玩家私聊 `/赞成`…或 `/反对`」."""
    t = day_two()
    challenge(t)
    assert t.director_got("2号杠精翻牌，与3号开杠"), t.reply()
    for seat in VOTERS:
        assert t.seat_got(seat, "/赞成") and t.seat_got(seat, "/反对"), seat
    assert not t.seat_got(SHERIFF, "/赞成") and t.seat_got(SHERIFF, "2号杠精与你开杠")
    t.say(SHERIFF, "/赞成")
    assert not t.changed and "开杠的两人不参加开杠投票" in t.reply(), t.reply()
    t.say(CHALLENGER, "/反对")
    assert not t.changed and "开杠的两人不参加开杠投票" in t.reply(), t.reply()


def test_over_half_for_him_takes_the_targets_speech_vote_and_badge() -> None:
    """「赞成票超过能投票人数的一半：M号当天失去发言和投票（他当天的票作废，之后的 `/投票` 被拒绝）；M号是
    警长时，警徽归杠精（机器人记录）」: 4 of 7; the directors get the counts, never who voted what."""
    t = day_two()
    ballots(t, ["3号 7号", "1号 8号"])
    challenge(t)
    poll(t, yes=(1, 4, 5, 6), no=(7, 8))
    t.director("/推进")
    assert t.director_got("赞成4票，反对2票，未投1人（能投票7人）"), t.reply()
    assert t.director_got("3号今天失去发言和投票") and t.game.sheriff == CHALLENGER, t.reply()
    assert not any(
        f"{n}号赞成" in text or f"{n}号反对" in text for text in t.to_director(ever=True) for n in VOTERS
    )
    assert t.seat_got(CHALLENGER, "你成为警长") and t.seat_got(SHERIFF, "你今天不能发言"), t.reply()
    t.director("/票型")
    assert "3号投7号（计0票）" in t.reply() and "8号1票" in t.reply(), t.reply()
    t.director("/投票\n3号 8号")
    assert not t.changed and "3号已失去投票权" in t.reply(), t.reply()
    t.director("/放逐")
    assert [e.seat for e in t.game.exits if e.cause == VOTE] == [8], t.reply()
    t.pass_night()
    ballots(t, ["3号 7号"])  # the next day he votes again


def test_not_over_half_or_a_tie_takes_his_own_vote() -> None:
    """「否则（不过半或平票）：杠精当天失去投票」: 3 of 7 is not over half."""
    t = day_two()
    ballots(t, ["2号 7号"])
    challenge(t)
    poll(t, yes=(1, 4, 5), no=(6, 7, 8, 9))
    assert t.director_got("赞成没有超过半数：2号（杠精）今天失去投票"), t.reply()
    assert t.game.sheriff == SHERIFF and t.seat_got(CHALLENGER, "你今天失去投票权")
    t.director("/投票\n2号 8号")
    assert not t.changed and "2号已失去投票权" in t.reply(), t.reply()
    t.director("/票型")
    assert "2号投7号（计0票）" in t.reply(), t.reply()


def test_non_voters_do_not_count_but_the_half_is_of_those_who_may_vote() -> None:
    """「没投的不算」, 「赞成票超过能投票人数的一半」: 3 for, none against, 4 silent — not over half of 7."""
    t = day_two()
    challenge(t)
    poll(t, yes=(1, 4, 5))
    t.director("/推进")
    assert t.director_got("赞成3票，反对0票，未投4人（能投票7人）"), t.reply()
    assert t.director_got("2号（杠精）今天失去投票"), t.reply()


def test_it_ends_when_all_voted_or_at_the_deadline() -> None:
    """「所有人投完、到 `移交时限`、或导演 `/推进` 时结束」; a vote may be changed until then (1.2 第2条)."""
    t = day_two()
    challenge(t)
    poll(t, yes=(1, 4, 5, 6, 7, 8))
    assert not t.director_got("开杠投票结束")
    t.say(1, "/反对")  # changed
    t.say(9, "/赞成")
    assert t.director_got("开杠投票结束：赞成6票，反对1票，未投0人"), t.reply()
    t = day_two()
    challenge(t)
    poll(t, yes=(1, 4, 5, 6))
    t.wait(60 * t.game.board.options.handoff_minutes + 1)
    assert t.director_got("赞成4票", ever=True) and t.game.sheriff == CHALLENGER, t.reply()
    assert not t.director_got("建议", ever=True)  # a poll's deadline is nobody's fault


def test_while_the_vote_is_open_the_day_waits() -> None:
    """`/放逐`, `/入夜`, 自爆 and the 骑士's 决斗 wait for it; the 杠精's own `/放弃` does not end it."""
    t = day_two()
    challenge(t)
    for who, text, why in (
        ("导演", "/放逐 无", "待处理的决定"),
        ("导演", "/入夜", "待处理的决定"),
        (7, "/自爆", "待处理的决定"),
        (9, "/决斗 7号", "待处理的决定"),
        (CHALLENGER, "/开杠投票", "没有「开杠投票」这个命令"),
    ):
        t.say(who, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(CHALLENGER, "/放弃")
    assert t.game.prompts, t.reply()
    t.say(CHALLENGER, "/身份")
    assert "现在需要" not in t.reply(), t.reply()


def test_a_private_oppose_is_for_the_vote_the_wolf_groups_keeps_its_meaning() -> None:
    """补充裁定 17: 「开杠投票开着时，私聊的 `/反对` 只算开杠的票；狼群里的 `/反对` 照旧」 (百变小樱's 投降)."""
    t = day_two(胜负="优先判负")
    t.wolf(7, "/投降")
    assert t.changed and t.group_got("发起投降"), t.reply()
    challenge(t, target=4)
    t.say(8, "/反对")
    assert t.changed and t.seat_got(8, "已记录：反对") and not t.group_got("反对投降"), t.reply()
    t.wolf(8, "/反对")
    assert t.changed and t.group_got("8号反对投降，投降提议取消"), t.reply()
    t.director("/推进")
    t.say(8, "/反对")
    assert not t.changed and "现在没有投降提议" in t.reply(), t.reply()


def test_refusals() -> None:
    """「第2天起，当天第一次 `/放逐` 之前，没有待做的决定时」; 「其他存活玩家」; 「整局一次」."""
    t = started(board(ROSTER, NIGHT, 警长="1.5"), SEATS)
    t.say(CHALLENGER, "/开杠 3号")
    assert not t.changed and "第2天起" in t.reply(), t.reply()
    t.director(f"/警长 {SHERIFF}号")
    t.pass_night()
    t.say(4, "/开杠 3号")
    assert not t.changed and "你不是杠精" in t.reply(), t.reply()
    t.say(CHALLENGER, "/开杠 2号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(CHALLENGER, "/开杠")
    assert not t.changed and "用法：/开杠 N号" in t.reply(), t.reply()
    t.say(1, "/赞成")
    assert not t.changed and "现在没有开杠投票" in t.reply(), t.reply()
    t.director("/放逐 无")
    t.pass_night()
    t.director("/罚下 4号")
    t.say(CHALLENGER, "/开杠 4号")
    assert not t.changed and "4号已出局" in t.reply(), t.reply()
    challenge(t)
    t.say(1, "/赞成 3号")
    assert not t.changed and "后面不需要写别的内容" in t.reply(), t.reply()
    t.say(4, "/赞成")
    assert not t.changed and "你已出局" in t.reply(), t.reply()
    t.director("/推进")
    t.pass_night()
    t.say(CHALLENGER, "/开杠 5号")
    assert not t.changed and "开杠整局一次" in t.reply(), t.reply()


def test_not_after_the_days_first_exile() -> None:
    """「当天第一次 `/放逐` 之前」: not in a 再投一轮 second round either."""
    t = day_two(**{"平票": "再投一轮"})
    ballots(t, ["1号 7号", "4号 8号"])
    t.director("/放逐")
    assert t.director_got("进入PK"), t.reply()
    t.say(CHALLENGER, "/开杠 3号")
    assert not t.changed and "今天已经有过放逐结算" in t.reply(), t.reply()


def test_a_voter_who_leaves_during_the_vote_is_not_counted() -> None:
    """The voters are those who may vote when it opens; one red-carded meanwhile no longer counts (ruling):
    4 of the 6 left is over half."""
    t = day_two()
    challenge(t)
    t.director("/罚下 9号")
    poll(t, yes=(1, 4, 5, 6))
    t.director("/推进")
    assert t.director_got("赞成4票，反对0票，未投2人（能投票6人）"), t.reply()
    assert t.game.sheriff == CHALLENGER


def test_a_seat_without_a_vote_does_not_vote_in_it() -> None:
    """「有投票权的存活玩家」: a flipped 白痴 has no vote (2.6), so no ballot in the 开杠 vote either."""
    t = day_two()
    t.director("/放逐 6号")
    assert t.director_got("翻牌为白痴"), t.reply()
    t.pass_night()
    challenge(t)
    assert not t.seat_got(6, "/赞成"), t.reply()
    t.say(6, "/赞成")
    assert not t.changed and "你不能参加这次开杠投票（开杠时没有投票权）" in t.reply(), t.reply()


def test_an_oppose_with_no_vote_open_on_a_board_with_the_awakened_gargoyle() -> None:
    """The real 觉醒石像鬼 brings a silencer of seats, which wraps every skill: the 杠精's `/反对` must still
    tell its own skill from the board's other `/反对` (it once called itself without end)."""
    roster = {**ROSTER, "狼人": 1, "觉醒石像鬼": 1}
    night = [("觉醒石像鬼", "30分钟"), *NIGHT]
    t = started(board(roster, night, 警长="1.5", 自爆="双爆吞警徽"), {**SEATS, 8: "觉醒石像鬼"})
    t.say(4, "/反对")
    assert not t.changed and "现在没有开杠投票" in t.reply(), t.reply()
    t.director(f"/警长 {SHERIFF}号")
    t.night()
    t.say(8, "/转化 9号")
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")
    t.dawn()
    challenge(t)
    t.say(4, "/反对")
    assert t.changed, t.reply()
    t.wolf(7, "/反对")
    assert not t.changed and "开杠投票请私聊发送 /反对" in t.reply(), t.reply()
