"""The forum vote on 竞技12 and 百变小樱: ballots entered by the director, settled by `/放逐` and
`/警长` under each post's weights and tie rule (须弥's vote: tests/test_xumi_core.py)."""

from __future__ import annotations

from tests.engine_helpers import table
from tests.test_jingji12 import Table, exits, started


def to_day_two(sheriff: int | None = None) -> Table:
    t = started(sheriff)
    t.ok("导演", "/入夜")
    t.ok("导演", "/天亮")
    assert t.game.phase == "day" and t.game.day == 2
    return t


# ---------------------------------------------------------------- 竞技12


def test_jingji12_the_sheriff_counts_one_and_a_half() -> None:
    """「带队<强制> —— 计算投票数量时警长投出的票计为1.5票」."""
    t = to_day_two(sheriff=4)
    t.ok("导演", "/投票 4号 9号\n5号 10号")
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (9, "放逐")


def test_jingji12_a_tie_the_sheriff_did_not_vote_into_sends_nobody_out() -> None:
    """「平票则按以下顺序：警长投票的角色出局、无人出局」.  (With the sheriff's 1.5 the seat he voted for
    never ties with another, so a tie always sends nobody out.)"""
    t = to_day_two(sheriff=4)
    t.ok("导演", "/投票 5号 9号\n6号 9号\n7号 10号\n8号 10号\n4号 11号")
    t.ok("导演", "/放逐")
    assert all(cause != "放逐" for _, cause in exits(t))
    assert "无人出局" in t.ever("导演")


def test_a_pasted_list_may_repeat_the_command_on_every_line() -> None:
    t = to_day_two()
    t.ok("导演", "/投票 5号 9号\n/投票 6号 10号\n投票 7号 10号\n／投票8号 10号")
    assert [(b.voter, b.target) for b in t.game.ballots[2]] == [(5, 9), (6, 10), (7, 10), (8, 10)]


def test_a_ballot_change_replaces_the_first_and_counts_once() -> None:
    t = to_day_two()
    t.ok("导演", "/投票 5号 9号\n6号 10号\n7号 10号")
    t.ok("导演", "/投票 6号 9号")  # 6's 改票: 9 has two, 10 one
    assert t.game.ballots[2][-1].change
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (9, "放逐")


def test_the_ballots_and_the_count_go_to_the_directors_only() -> None:
    t = to_day_two(sheriff=4)
    t.ok("导演", "/投票 4号 9号\n5号 9号")
    result = t.say("导演", "/票型")
    assert not result.changed
    text = t.text("导演", result)
    assert "4号投9号" in text and "9号2.5票" in text
    assert "票型" not in t.ever(9) and "2.5票" not in t.ever(5)
    t.refused(5, "/票型")


def test_a_ballot_for_a_seat_out_or_by_a_seat_out_is_refused() -> None:
    t = to_day_two()
    t.ok("导演", "/罚下 12号")
    assert "12号已出局" in t.refused("导演", "/投票 1号 12号")
    assert "12号已出局" in t.refused("导演", "/投票 12号 1号")


def test_the_election_counts_the_first_to_reach_the_top() -> None:
    """「在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长」: 4 and 5 both end on two votes;
    5 reached two first."""
    t = started()
    t.ok("导演", "/投票 1号 5号\n2号 4号\n3号 5号\n6号 4号")
    t.ok("导演", "/警长")
    assert t.game.sheriff == 5
    assert "已经选出" in t.refused("导演", "/投票 7号 4号")


def test_exile_without_ballots_asks_for_them() -> None:
    t = to_day_two()
    assert "/投票" in t.refused("导演", "/放逐")


# ---------------------------------------------------------------- 百变小樱


def baibian_day_two(sheriff: int | None = None):  # noqa: ANN201 - the engine_helpers Table
    t = table()
    if sheriff is not None:
        t.director(f"/警长 {sheriff}号")
    t.pass_night()
    assert t.game.day == 2, t.reply()
    return t


def test_baibian_the_sheriff_counts_two_and_a_tie_sends_nobody_out() -> None:
    """「计算投票数量时警长投出的票计为两票」; 「平票或最高票在当天白天罚下则无人出局」."""
    t = baibian_day_two(sheriff=10)
    t.director("/投票 10号 19号\n11号 20号\n12号 20号")
    assert t.changed, t.reply()
    t.director("/放逐")
    assert t.changed
    assert all(e.seat not in (19, 20) for e in t.game.exits)  # 2 against 2: a tie
    assert t.director_got("无人出局", ever=True)


def test_baibian_a_top_seat_red_carded_that_day_sends_nobody_out() -> None:
    t = baibian_day_two()
    t.director("/投票 10号 19号\n11号 19号\n12号 20号")
    t.director("/罚下 19号")
    t.director("/放逐")
    assert [e.cause for e in t.game.exits if e.seat == 20] == []
    assert t.director_got("无人出局", ever=True)


def test_baibian_ballots_may_name_a_seat_by_its_nickname() -> None:
    t = baibian_day_two()
    t.game.seats[19].nick = "小狼"
    t.director("/投票 10号 小狼\n11号 小狼")
    assert t.changed, t.reply()
    t.director("/放逐")
    assert not t.alive(19)
