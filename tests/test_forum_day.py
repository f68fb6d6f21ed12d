"""论坛白天 (issue 23): vote posts, non-voters, the card ledger and its proposals, the calendar, 加速 and
延时, /撤销 — clause by clause of the seed posts' day rules (竞技12 「讨论日长短」「投票规则」「判罚制度」,
百变小樱 l.242–287, 须弥 l.476–519) and the rulings in docs/rulings-day.md.

The 竞技12 table's clock starts on Sunday 2026-03-01 20:00 (Asia/Shanghai) and moves a second a line.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bansha_engine import Game
from bansha_engine.boardfile import check
from bansha_engine.boards import builtin_text
from bansha_engine.day import book as books
from bansha_engine.day import calendar, cards, posts
from bansha_engine.day.rules import DayRules
from bansha_engine.day.times import read_time
from bansha_engine.model import RED_CARD, VOTE
from tests.engine_helpers import WOLF_GROUP, qq, table
from tests.engine_helpers import Table as EngineTable
from tests.standard_helpers import SEATS
from tests.test_jingji12 import TZ, Table, exits, started


def day_two(sheriff: int | None = None) -> Table:
    """竞技12 on day 2, 4号 killed the first night."""
    t = started(sheriff)
    t.night(kill=4)
    assert t.game.day == 2 and t.game.phase == "day"
    return t


def replies(t: Table) -> str:
    return t.text("导演")


def ballots(t: Table) -> list[tuple[int, int | None, bool]]:
    return [(b.voter, b.target, b.change) for b in t.game.ballots.get(t.game.day, [])]


def clock(month: int, day: int, hour: int, minute: int = 0) -> float:
    return datetime(2026, month, day, hour, minute, tzinfo=ZoneInfo(TZ)).timestamp()


# ====================================================================== reading posts


def test_a_post_is_its_author_line_then_object_and_reason() -> None:
    """「投票对象：饺子 / 投票理由：饺子好吃」; 「投票对象与投票理由之间可以不换行」; 「标点符号不区分全半角」."""
    t = day_two()
    t.ok(
        "导演",
        "/投票\n1号\n投票对象：10号\n投票理由：查杀\n5号\n投票对象:10号 投票理由:跟\n6号\n投票对象：弃权\n投票理由：没想好",
    )
    assert ballots(t) == [(1, 10, False), (5, 10, False), (6, None, False)]
    assert "1号：已录入，投10号" in replies(t) and "6号：已录入，弃权" in replies(t)


def test_authors_by_nickname_and_times_as_the_forum_shows_them() -> None:
    t = Table().setup()
    t.ok("导演", "/座位 1号 10001 饺子")
    t.ok("导演", "/座位 5号 10005 包子")
    t.ok("导演", "/开始")
    t.night(kill=4)
    paste = "\n".join(
        [
            "饺子",  # a page's name column, then the post's own header with the time
            "饺子 发表于 2026-3-1 20:31 | 只看该作者",
            "帖子 12 主题 3",  # the author's stats: not part of the vote
            "投票对象：10号",
            "投票理由：查杀",
            "包子 2#",
            "发表于 2026-03-01 20:40",
            "投票对象：饺子",
            "投票理由：悍跳",
        ]
    )
    t.ok("导演", "/投票\n" + paste)
    assert ballots(t) == [(1, 10, False), (5, 1, False)]
    entered = t.game.ballots[2]
    assert entered[0].at == clock(3, 1, 20, 31) and entered[1].at == clock(3, 1, 20, 40)


def test_copies_of_other_forums_keep_their_times() -> None:
    """百度贴吧 shows 「2楼 2026-03-01 20:31 回复」 under the name, NGA 「#3 2026-03-01 20:32」."""
    t = day_two()
    t.ok(
        "导演",
        "/投票\n1号\n2楼 2026-03-01 20:31 回复\n投票对象：10号\n投票理由：a\n5号\n#3 2026-03-01 20:32\n投票对象：10号\n投票理由：b",
    )
    assert [b.at for b in t.game.ballots[2]] == [clock(3, 1, 20, 31), clock(3, 1, 20, 32)]


def test_a_change_quoting_its_original_floor_is_the_authors_change() -> None:
    """「改票需回复原投票楼层」: the quote's header 「6号 发表于 …」 names the original post's author."""
    t = day_two()
    t.ok("导演", "/投票\n5号\n投票对象：9号\n投票理由：a")
    t.ok(
        "导演",
        "/投票\n5号\n发表于 2026-03-01 20:10\n5号 发表于 2026-03-01 20:05\n投票对象：9号\n投票理由：a\n改票对象：10号\n改票理由：b",
    )
    assert ballots(t) == [(5, 9, False), (5, 10, True)]


def test_a_post_of_someone_not_in_the_game_is_said_not_recorded() -> None:
    t = day_two()
    t.ok("导演", "/投票\n1号\n投票对象：10号\n投票理由：a\n路人甲 发表于 20:00\n投票对象：9号\n投票理由：b")
    assert ballots(t) == [(1, 10, False)]
    assert "「路人甲」：不是本局的座位号或昵称" in replies(t)


def test_a_floor_number_is_not_taken_for_an_author() -> None:
    """A bare 「#7」 or 「7」 line is a page's floor number: an author is written 7号 or a 昵称."""
    t = day_two()
    t.ok("导演", "/投票\n6号\n#7\n投票对象：10号\n投票理由：a")
    assert ballots(t) == [(6, 10, False)]


def test_reading_a_thread_is_linear_in_its_size() -> None:
    """One /投票 may carry a whole day's thread; the work grows with the lines, not their square."""

    def names_looked_up(count: int) -> int:
        calls = 0
        seats = posts.names({}, 30)

        def counting(word: str, strict: bool) -> int | None:
            nonlocal calls
            calls += 1
            return seats(word, strict)

        text = "\n".join(
            f"{n % 30 + 1}号 20:{n % 60:02d}\n投票对象：{n % 29 + 1}号\n投票理由：理由{n}"
            for n in range(count)
        )
        reading = posts.read(text, counting)
        assert len(reading.entries) == count
        return calls

    small, large = names_looked_up(50), names_looked_up(200)
    assert large <= 4 * small + 10


def test_a_limit_counts_posts_not_lines() -> None:
    t = day_two()
    thread = "\n".join(
        f"{n % 11 + 1}号\n投票对象：10号\n投票理由：{'很长的理由' * 4}" for n in range(posts.MAX_ENTRIES + 1)
    )
    assert "一次最多200帖" in t.refused("导演", "/投票\n" + thread)


def test_a_long_thread_is_one_message() -> None:
    t = day_two()
    reasons = "\n".join(
        f"{n}号\n投票对象：10号\n投票理由：{'跟着预言家走' * 40}" for n in (1, 2, 3, 5, 6, 7, 8, 9, 11, 12)
    )
    assert len(reasons) > 2000
    t.ok("导演", "/投票\n" + reasons)
    assert len(ballots(t)) == 10


# ====================================================================== the vote's rules


def test_wrong_format_is_a_void_ballot_that_records_nothing() -> None:
    """「投票格式或投票对象有误的票无效。无效票须通过重新发帖来更正」."""
    t = day_two()
    t.ok("导演", "/投票\n7号\n我投10号\n8号\n投票对象：4号\n投票理由：x\n9号\n投票对象 10号\n投票理由：y")
    text = replies(t)
    assert "7号：废票，没有「投票对象：」这一行" in text
    assert "8号：废票，投票对象有误：4号已出局" in text
    assert "9号：废票，「投票对象」后面缺少冒号" in text
    assert ballots(t) == []
    t.ok("导演", "/投票\n7号\n投票对象：10号\n投票理由：重发")
    assert ballots(t) == [(7, 10, False)]  # a 废票 does not use the one change


def test_a_post_without_a_reason_is_void() -> None:
    """「明确说明投票对象和投票理由」 (百变小樱); the format is two lines (竞技12, 须弥)."""
    t = day_two()
    t.ok("导演", "/投票\n7号\n投票对象：10号")
    assert "7号：废票，没有「投票理由：」这一行" in replies(t) and ballots(t) == []


def test_one_change_only() -> None:
    """「改票只允许进行一次」."""
    t = day_two()
    t.ok("导演", "/投票\n5号\n投票对象：9号\n投票理由：a\n5号\n改票对象：10号\n改票理由：b")
    t.refused("导演", "/投票\n5号\n改票对象：11号\n改票理由：c")
    assert ballots(t) == [(5, 9, False), (5, 10, True)]


def test_a_second_vote_post_is_not_a_change() -> None:
    """「请严格依照投票格式或改票格式进行投票」: a second 投票对象 post is void; the same vote again is skipped."""
    t = day_two()
    t.ok("导演", "/投票\n5号\n投票对象：9号\n投票理由：a")
    t.ok("导演", "/投票\n5号\n投票对象：10号\n投票理由：b")
    assert "改票须用改票格式" in replies(t) and ballots(t) == [(5, 9, False)]
    assert "相同" in t.refused("导演", "/投票\n5号\n投票对象：9号\n投票理由：again")


def test_a_change_without_an_original_is_taken_as_the_vote() -> None:
    t = day_two()
    t.ok("导演", "/投票\n5号\n改票对象：9号\n改票理由：a")
    assert ballots(t) == [(5, 9, False)] and "没有原投票，按投票录入" in replies(t)


def test_the_last_hour_lock_reads_the_posts_time() -> None:
    """「关门前一小时不允许改票或代投」; 「时间以论坛发帖时间为准」: a first vote in the last hour counts."""
    t = day_two()
    t.ok("导演", "/关门 23:30")
    t.ok("导演", "/投票\n5号 22:00\n投票对象：9号\n投票理由：a\n6号 22:40\n投票对象：9号\n投票理由：b")
    t.ok("导演", "/投票\n5号 22:29\n改票对象：10号\n改票理由：c\n6号 22:30\n改票对象：10号\n改票理由：d")
    assert ballots(t) == [(5, 9, False), (6, 9, False), (5, 10, True)]
    assert "6号：改票不成立，关门前一小时不允许改票" in replies(t)


def test_a_post_after_the_close_does_not_count() -> None:
    """「投票截止时间是当天白天结束」."""
    t = day_two()
    t.ok("导演", "/关门 23:30")
    reply = t.refused("导演", "/投票\n5号 23:31\n投票对象：9号\n投票理由：a")
    assert "关门后的帖子不计票" in reply


def test_a_post_without_a_time_is_not_locked() -> None:
    """A copy without the post's time, like a transcription, cannot be judged by the lock."""
    t = day_two()
    t.ok("导演", "/关门 20:30")  # half an hour from now: the lock is on
    t.ok("导演", "/投票\n5号\n投票对象：9号\n投票理由：a\n5号\n改票对象：10号\n改票理由：b")
    assert ballots(t) == [(5, 9, False), (5, 10, True)]


def test_a_proxy_vote_is_timed_when_entered() -> None:
    """「演员可以委托导演代投」; 「关门前一小时不允许改票或代投」: the 代投 is timed when it is entered."""
    t = day_two()
    t.ok("导演", "/关门 23:30")
    t.ok("导演", "/投票 代投 5号 9号")
    assert t.game.ballots[2][0].proxy and "5号投9号（代投）" in replies(t)
    t.ok("导演", "/关门 20:30")
    assert "关门前一小时不允许代投" in t.refused("导演", "/投票 代投 6号 9号")
    t.ok("导演", "/投票 6号 9号")  # a transcription has no time: no lock
    assert ballots(t)[-1] == (6, 9, False)


def test_imprecise_relative_times_refuse_a_change_they_cannot_judge() -> None:
    """Discuz's 「1 小时前」 is any moment of that hour: a lock it straddles cannot be judged."""
    t = day_two()
    t.now = clock(3, 2, 20, 30)
    t.ok("导演", "/关门 21:00")
    t.ok("导演", "/投票\n5号\n投票对象：9号\n投票理由：a")
    assert "不够精确" in t.refused("导演", "/投票\n5号 半小时前\n改票对象：10号\n改票理由：b")
    t.ok("导演", "/投票\n5号 3 小时前\n改票对象：10号\n改票理由：b")
    assert ballots(t)[-1] == (5, 10, True)


def test_times_as_the_forum_writes_them() -> None:
    close = clock(3, 2, 21)
    now = clock(3, 2, 20)
    minute = read_time("20:31", now, close, TZ)
    assert minute is not None and (minute.earliest, minute.latest) == (
        clock(3, 2, 20, 31),
        clock(3, 2, 20, 31) + 59,
    )
    late = read_time("23:59", now, close, TZ)
    assert late is not None and late.earliest == clock(
        3, 2, 23, 59
    )  # within 3 hours after 关门: that evening
    early = read_time("00:10", now, close, TZ)
    assert early is not None and early.earliest == clock(3, 2, 0, 10)
    yesterday = read_time("昨天 20:31", now, close, TZ)
    assert yesterday is not None and yesterday.earliest == clock(3, 1, 20, 31)
    assert read_time("2026年3月2日 20:31", now, close, TZ) == minute
    assert read_time("3-2 20:31", now, close, TZ) == minute
    assert read_time("2026-02-30 20:31", now, close, TZ) is None


def test_a_list_of_transcriptions_is_all_or_nothing_posts_are_one_by_one() -> None:
    t = day_two()
    t.refused("导演", "/投票 1号 9号\n4号 9号")
    t.ok("导演", "/投票\n1号 9号\n4号\n投票对象：9号\n投票理由：诈尸")
    assert ballots(t) == [(1, 9, False)] and "4号：未录入，4号已出局" in replies(t)


def test_the_same_thread_pasted_again_records_nothing_twice() -> None:
    t = day_two()
    thread = "/投票\n1号 20:01\n投票对象：10号\n投票理由：a\n5号 20:02\n投票对象：10号\n投票理由：b"
    t.ok("导演", thread)
    t.refused("导演", thread)
    t.ok("导演", thread + "\n6号 20:05\n投票对象：9号\n投票理由：c")
    assert ballots(t) == [(1, 10, False), (5, 10, False), (6, 9, False)]


def test_under_haste_no_change_is_taken() -> None:
    """「执行加速时不允许改票」."""
    t = day_two()
    t.ok("导演", "/投票 5号 9号")
    t.ok("导演", "/加速")
    assert "执行加速时不允许改票" in t.refused("导演", "/投票 5号 10号")
    assert "执行加速时不允许改票" in t.refused("导演", "/投票\n5号\n改票对象：10号\n改票理由：x")


# ====================================================================== non-voters, /票型, /放逐


def test_the_tally_lists_who_has_not_voted() -> None:
    t = day_two()
    t.ok("导演", "/投票 1号 10号\n2号 10号")
    t.d("/票型")
    assert "未投票：3号、5号、6号、7号、8号、9号、10号、11号、12号" in replies(t)


def test_exile_on_a_day_from_the_thread_asks_once() -> None:
    t = day_two()
    t.ok("导演", "/投票\n1号\n投票对象：10号\n投票理由：a")
    t.ok("导演", "/放逐")
    assert "再发一次 /放逐" in replies(t) and t.game.voted_day != 2
    t.ok("导演", "/投票\n2号\n投票对象：10号\n投票理由：b")  # the list changed: it asks again
    t.ok("导演", "/放逐")
    assert t.game.voted_day != 2
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (10, VOTE)


def test_the_tally_counts_as_asked() -> None:
    t = day_two()
    t.ok("导演", "/投票\n1号\n投票对象：10号\n投票理由：a")
    assert t.d("/票型").changed  # the log keeps it: a replay settles the next /放逐 the same way
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (10, VOTE)


def test_a_transcribed_day_settles_at_once() -> None:
    t = day_two()
    t.ok("导演", "/投票 1号 10号")
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (10, VOTE) and "未投票：" in replies(t)


def test_a_game_opened_before_0_5_0_plays_its_day_as_it_did() -> None:
    """An old log's /投票, /放逐 and /票型 are taken as when it was recorded."""
    t = Table()
    t.game = Game(1, "竞技12", 2, TZ, opened_by="0.4.0")
    t.start()
    t.night(kill=4)
    assert "每票写成" in t.refused("导演", "/投票\n1号\n投票对象：10号\n投票理由：a")
    t.ok("导演", "/投票 1号 10号")
    assert not t.d("/票型").changed
    t.ok("导演", "/放逐")
    assert exits(t)[-1] == (10, VOTE)
    assert not [m for m in t.result.messages if "建议" in m.text]
    assert not [timer for timer in t.game.timers() if timer.key.startswith("day:")]


# ====================================================================== proposals


def test_non_voters_are_proposed_a_yellow_card_when_the_day_closes() -> None:
    t = day_two()
    t.ok("导演", "/投票 1号 10号\n2号 10号")
    t.ok("导演", "/放逐")
    text = replies(t)
    assert "建议黄牌：3号（第2天未投票）" in text and "建议黄牌：1号（" not in text
    assert "建议黄牌：10号（第2天未投票）" in text  # voted out without having voted: still proposed
    assert [c for c in cards.peek(t.game).cards if c.state == cards.GIVEN] == []  # never a card by itself


def test_a_day_ended_by_a_day_skill_proposes_nothing() -> None:
    """A 白狼王's 自爆 ends the day before its vote (standard post): nobody missed a vote."""
    text = builtin_text("白狼王骑士").replace("板子: 白狼王骑士", "板子: 判罚试") + "判罚:\n  未投票: 黄牌\n"
    t = EngineTable("判罚试", board_text=text)
    t.director("/开局 判罚试")
    for seat, role in SEATS["白狼王骑士"].items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    t.director("/警长 无")
    t.pass_night()
    t.say(12, "/自爆 5号")
    assert t.game.day_ended_by
    t.director("/入夜")
    assert not t.director_got("第2天未投票", ever=True) and t.director_got("第1天未投票", ever=True)


def test_no_proposal_under_haste_where_the_post_waives_it() -> None:
    """「执行加速时，所有人不可改票，且发言不足或未投票者将不被判罚」."""
    t = day_two()
    t.ok("导演", "/加速")
    t.ok("导演", "/放逐 无")
    assert "建议黄牌" not in replies(t)


def test_the_wolf_head_election_proposal_stands_under_haste() -> None:
    t = started()
    t.ok("导演", "/加速")
    t.ok("导演", "/入夜")
    for wolf in (9, 10, 11):
        t.ok(wolf, "/选狼头 9号")
    t.ok(1, "/放弃")
    t.ok("导演", "/推进")
    t.ok(9, "/刀 空")
    t.ok(2, "/放弃")
    assert "建议黄牌：12号（第1夜未投狼头票）" in t.ever("导演")


def test_proposals_lapse_when_the_next_day_closes() -> None:
    t = day_two()
    t.ok("导演", "/放逐 无")
    proposed = [c.no for c in cards.peek(t.game).cards if c.state == cards.PROPOSED]
    t.night(kill=None)
    t.ok("导演", "/放逐 无")
    assert all(cards.peek(t.game).get(no).state == cards.LAPSED for no in proposed)  # type: ignore[union-attr]
    assert "已过期" in t.refused("导演", f"/确认判罚 {proposed[0]}")


def test_unreachable_at_the_close_is_proposed_on_baibian() -> None:
    """百变小樱 「在关门时间段，无法与导演取得联系……记一张黄牌」: a step left to its deadline; not one a director
    closed early."""
    t = table()
    t.director("/入夜")
    t.director("/天亮")
    assert not any("未与导演取得联系" in text for text in t.to_director())
    t.director("/放逐 无")
    t.director("/入夜")
    t.wait(24 * 3600)
    found = "\n".join(t.to_director(ever=True))
    assert "建议黄牌：1号（第2夜预言超时，未与导演取得联系）" in found


def test_a_decision_left_to_its_deadline_by_day_is_proposed_at_the_close() -> None:
    """「警长，猎人被投票出局，关门三十分钟后仍未与导演取得联系」."""
    t = table()
    t.pass_night()
    t.exile(5)  # the hunter: his shot waits
    t.wait(31 * 60)
    t.director("/入夜")
    assert any(
        "建议黄牌：5号（第2天开枪超时，未与导演取得联系）" in text for text in t.to_director(ever=True)
    )


# ====================================================================== the card ledger


def test_three_blues_make_a_yellow_three_yellows_a_red_and_the_red_removes_the_seat() -> None:
    t = started()
    for reason in ("a", "b", "c"):
        t.ok("导演", f"/蓝牌 3号 {reason}")
    assert "合并" in replies(t)
    t.ok("导演", "/黄牌 3号 d")
    t.ok("导演", "/黄牌 3号 e")
    assert "合并" in replies(t) and "3号红牌" in replies(t)
    assert exits(t) == [(3, RED_CARD)]
    assert "开枪" not in t.text(3)  # 「红牌罚下出局的角色……不能发动……猎人<最后一枪>」
    assert "/判负 村民阵营" in t.ever("导演")


def test_a_card_for_a_seat_already_out() -> None:
    """「已出局角色仍可被判罚」: recorded; a red card there has no exit to make."""
    t = day_two()
    t.ok("导演", "/红牌 4号 诈尸")
    assert exits(t) == [(4, "杀人")] and "没有出局效果" in t.ever("导演")


def test_a_substitute_does_not_inherit_the_cards_of_the_player_before() -> None:
    t = started()
    t.ok("导演", "/蓝牌 6号 a")
    t.ok("导演", "/蓝牌 6号 b")
    t.ok("导演", "/座位 6号 99999")
    t.ok("导演", "/蓝牌 6号 c")
    assert "6号累计蓝牌1张" in replies(t)
    assert [c.state for c in cards.peek(t.game).cards] == [cards.GIVEN] * 3


def test_withdrawing_a_merged_card_undoes_the_merge() -> None:
    t = started()
    for reason in ("a", "b", "c"):
        t.ok("导演", f"/蓝牌 7号 {reason}")
    assert "合并而成" in t.refused("导演", "/撤牌 4")
    t.ok("导演", "/撤牌 2")
    states = [c.state for c in cards.peek(t.game).cards]
    assert states == [cards.GIVEN, cards.WITHDRAWN, cards.GIVEN, cards.WITHDRAWN]


def test_a_red_card_that_took_effect_cannot_be_withdrawn() -> None:
    t = started()
    t.ok("导演", "/红牌 7号 场外")
    assert "已经生效" in t.refused("导演", "/撤牌 1")
    assert "已经生效" in t.refused("导演", "/撤销")


def test_confirming_proposals_and_taking_the_confirmation_back() -> None:
    t = day_two()
    t.ok("导演", "/放逐 无")
    waiting = [c.no for c in cards.peek(t.game).cards if c.state == cards.PROPOSED]
    t.ok("导演", f"/确认判罚 {waiting[0]}")
    assert cards.peek(t.game).get(waiting[0]).state == cards.GIVEN  # type: ignore[union-attr]
    t.ok("导演", "/撤销")
    assert cards.peek(t.game).get(waiting[0]).state == cards.PROPOSED  # type: ignore[union-attr]
    t.ok("导演", f"/撤牌 {waiting[1]}")
    assert "不再建议" in replies(t)


def test_red_card_is_recorded_by_the_old_command_too() -> None:
    t = started()
    t.ok("导演", "/罚下 7号")
    assert [(c.seat, c.color, c.took_effect) for c in cards.peek(t.game).cards] == [(7, "红牌", True)]
    assert "判负" not in replies(t)  # /罚下 keeps its words


def test_xumi_red_cards_count_for_the_camp() -> None:
    from tests.xumi_helpers import xumi

    t = xumi()
    t.director("/红牌 12号 场外")
    t.director("/红牌 13号 场外")
    assert "狼人阵营判负" in "\n".join(t.to_director(ever=True))


def test_the_lose_command_on_a_board_of_two_camps_and_on_baibian() -> None:
    t = started()
    t.ok("导演", "/判负 狼人阵营")
    assert t.game.winner == "村民阵营"
    b = table(lovers=(13, 19))  # a wolf and a villager: black lovers, a third camp
    b.director("/判负 狼人")
    assert b.changed and b.director_got("狼人阵营优先判负") and not b.game.ended


def test_cards_go_into_the_dawn_draft_once() -> None:
    t = day_two()
    t.ok("导演", "/黄牌 6号 骂人")
    told = t.night(kill=None)
    assert "判罚：6号黄牌（骂人）" in told
    t.ok("导演", "/放逐 无")
    assert "判罚：" not in t.night(kill=None)


def test_the_standard_boards_publish_no_cards() -> None:
    game = Game(1, "预女猎白", 0, TZ)
    assert books.rules(game) == DayRules()


# ====================================================================== the calendar


@pytest.mark.parametrize(
    ("board", "day", "start", "close"),
    [
        ("竞技12", 1, clock(3, 2, 9), clock(3, 3, 21)),  # the first day: two natural days
        ("竞技12", 1, clock(3, 5, 20), clock(3, 8, 21)),  # Fri evening: Sat and Sun, and a weekend day more
        ("竞技12", 2, clock(3, 2, 22), clock(3, 3, 21)),  # a night resolved late: tomorrow's discussion
        ("竞技12", 2, clock(3, 2, 12, 30), clock(3, 2, 21)),  # resolved at noon: it closes that evening
        ("竞技12", 2, clock(3, 2, 16), clock(3, 3, 21)),  # five hours left: from the next date
        ("竞技12", 2, clock(3, 7, 1), clock(3, 8, 21)),  # a Saturday: one day more
        ("百变小樱", 1, clock(3, 6, 9), clock(3, 7, 21)),  # 「第一天讨论日不因周末而延长」
        ("百变小樱", 2, clock(3, 6, 8), clock(3, 8, 21)),  # 「A日上午开帖，到A+1日晚上关帖……周末就延长一天」
        ("百变小樱", 2, clock(3, 3, 8), clock(3, 4, 21)),
        ("须弥", 2, clock(3, 7, 8), clock(3, 7, 21)),  # 「一般讨论日持续一天」; no weekend rule
    ],
)
def test_each_post_its_own_schedule(board: str, day: int, start: float, close: float) -> None:
    game = Game(1, board, 0, TZ)
    assert calendar.scheduled_close(game, day, start) == close


def test_the_morning_tells_the_days_close_and_an_hour_before_reminds_it() -> None:
    t = started()
    assert "第1天关门时间：3月3日 21:00" in t.ever("导演")
    t.wait(clock(3, 3, 20) - t.now + 1)
    assert "提醒：第1天将于3月3日 21:00关门。从现在起不允许改票或代投" in t.text("导演")
    t.wait(3600)
    assert t.game.phase == "day"  # 竞技12 leaves the night to the director (/入夜)


def test_no_reminder_once_the_vote_is_settled() -> None:
    t = day_two()
    assert any(timer.key == "day:remind:2" for timer in t.game.timers())
    t.ok("导演", "/放逐 无")
    assert not any(timer.key == "day:remind:2" for timer in t.game.timers())


def test_close_command_forms() -> None:
    t = day_two()
    t.ok("导演", "/关门 21:00")
    assert books.close_of(t.game) == clock(3, 1, 21)
    t.ok("导演", "/关门 3月4日 20:30")
    assert books.close_of(t.game) == clock(3, 4, 20, 30) and "3月4日 20:30" in replies(t)
    assert "已经过了" in t.refused("导演", "/关门 2月4日 20:30")
    assert "看不懂日期" in t.refused("导演", "/关门 明天 20:30")
    t.d("/关门")
    assert "导演设定" in replies(t)
    t.ok("导演", "/入夜")
    assert "夜里" in t.refused("导演", "/关门 21:00")


AUTO = (
    builtin_text("竞技12")
    .replace("板子: 竞技12", "板子: 自动")
    .replace("  代投截止: 关门前1小时\n", "  代投截止: 关门前1小时\n  自动入夜: 是\n")
)


def auto_table() -> Table:
    t = Table()
    t.game = Game(1, "自动", 2, TZ, board_text=AUTO)
    return t.start()


def test_the_bot_opens_the_night_at_the_close_with_the_setting() -> None:
    t = auto_table()
    t.ok("导演", "/投票 1号 5号\n2号 5号")
    t.wait(clock(3, 3, 21) - t.now + 1)
    assert t.game.sheriff == 5 and t.game.phase == "night"
    assert t.game.night is not None and t.game.night.door_close == clock(3, 3, 21)


def test_the_bot_leaves_a_close_without_ballots_to_the_director() -> None:
    t = auto_table()
    t.night(kill=4)
    t.wait(clock(3, 2, 21) - t.now + 1)
    assert t.game.phase == "day" and "没有录入任何选票" in t.ever("导演")
    assert not [timer for timer in t.game.timers() if timer.key.startswith("day:close")]
    t.ok("导演", "/投票 1号 10号")
    t.ok("导演", "/放逐")
    t.ok("导演", "/入夜")


def test_the_bot_settles_the_vote_at_the_close() -> None:
    t = auto_table()
    t.night(kill=4)
    t.ok("导演", "/投票\n1号\n投票对象：10号\n投票理由：a")  # non-voters: the bot's close does not ask
    t.wait(clock(3, 2, 21) - t.now + 1)
    assert exits(t)[-1] == (10, VOTE) and t.game.phase == "night"


# ====================================================================== 加速 and 延时


def test_haste_passes_at_half_the_living_on_jingji12() -> None:
    """「大于等于存活人数的一半」: 11 living, 6 requests."""
    t = day_two()
    for seat in (1, 2, 3, 5, 6):
        t.ok(seat, "/加速")
    assert not books.hasted(t.game)
    t.ok(7, "/加速")
    assert books.hasted(t.game) and "加速通过" in t.text("导演")


def test_haste_needs_more_than_half_on_baibian() -> None:
    """「超过所有存活玩家的二分之一」: 21 living, 11 requests."""
    t = table()
    t.pass_night()
    for seat in range(1, 11):
        t.say(seat, "/加速")
    assert not books.hasted(t.game)
    t.say(11, "/加速")
    assert books.hasted(t.game)


def test_requests_close_three_hours_before_the_end_of_the_day() -> None:
    """「当日申请人数在讨论日结束三个小时前（一般为最后一个自然日的18:00）」."""
    t = day_two()
    t.ok("导演", "/关门 22:00")
    assert "已经截止" in t.refused(5, "/加速")


def test_requests_of_the_dead_and_twice_are_refused() -> None:
    t = day_two()
    assert "已出局" in t.refused(4, "/加速")
    t.ok(5, "/加速")
    assert "已经申请过" in t.refused(5, "/加速")
    t.ok(5, "/延时")  # a change of mind: the latest request counts


def test_haste_lasts_until_a_delay_passes() -> None:
    """「延迟成功时，不再视为“执行加速”状态」."""
    t = day_two()
    t.ok("导演", "/加速")
    t.ok("导演", "/放逐 无")
    t.night(kill=None)
    assert books.hasted(t.game)
    t.ok("导演", "/延时")
    assert not books.hasted(t.game)


def test_haste_on_the_first_day() -> None:
    """A post silent case (docs/rulings-day.md): the first day is a 讨论日 too, and requests count."""
    t = started()
    for seat in range(1, 7):
        t.ok(seat, "/加速")
    assert books.hasted(t.game)


def test_baibian_has_no_delay_and_voids_changes() -> None:
    t = table()
    t.pass_night()
    t.director("/投票 1号 17号\n1号 18号")
    t.say(5, "/延时")
    assert not t.changed and "没有延时" in t.to_seat(5)[0]
    t.director("/加速")
    assert [(b.voter, b.target) for b in t.game.ballots[t.game.day]] == [(1, 17)]


# ====================================================================== /撤销


def test_undo_takes_back_the_last_record_of_the_day_only() -> None:
    t = day_two()
    t.ok("导演", "/投票 5号 9号")
    t.ok("导演", "/黄牌 6号 x")
    t.ok("导演", "/撤销")
    assert "6号黄牌" in replies(t) and ballots(t) == [(5, 9, False)]
    t.ok("导演", "/撤销")
    assert ballots(t) == []
    t.ok("导演", "/投票 5号 10号")
    assert ballots(t) == [(5, 10, False)]  # the mistaken ballot did not use the change
    t.ok("导演", "/放逐")
    assert "已经结算" in t.refused("导演", "/撤销")


def test_undo_does_not_reach_into_an_earlier_day() -> None:
    t = started()
    t.ok("导演", "/蓝牌 5号 x")
    t.night(kill=None)
    assert "没有可以撤销的记录" in t.refused("导演", "/撤销")


# ====================================================================== the board file's keys


def test_the_seed_boards_read_their_posts_day_rules() -> None:
    jingji = Game(1, "竞技12", 0, TZ)
    rules = books.rules(jingji)
    assert rules.schedule.close == (21, 0) and rules.schedule.first_days == 2
    assert rules.penalties.no_vote == "黄牌" and rules.penalties.head_vote == "黄牌"
    baibian = books.rules(Game(1, "百变小樱", 0, TZ))
    assert baibian.haste.threshold == "过半" and baibian.haste.changes == "作废" and not baibian.haste.delay
    assert baibian.penalties.timeout == "黄牌" and baibian.schedule.days == 2


def test_day_key_problems_are_said_on_their_lines() -> None:
    text = "板子: 试\n身份:\n  狼人: 1\n  村民: 2\n夜晚:\n  - 狼人: 30分钟\n日程:\n  关们: 21:00\n  讨论日: 九天\n判罚:\n  未投票: 紫牌\n加速: 快"
    found = [problem.text() for problem in check(text).problems]
    assert found[0].startswith("第8行：不认识的键「关们」") and "关门" in found[0]
    assert found[1].startswith("第9行：要写1到7天")
    assert found[2].startswith("第11行：这里要写蓝牌、黄牌、红牌或「无」")
    assert found[3].startswith("第12行：「加速」应当是一组")


def test_a_0_3_copy_plays_its_day_as_todays_board() -> None:
    from tests.test_builtin_boards import XUMI_0_3_COPY

    game = Game(1, "须弥旧", 0, TZ, board_text=XUMI_0_3_COPY)
    assert books.rules(game) == books.rules(Game(1, "须弥", 0, TZ))


# ====================================================================== replay


def test_a_forum_day_replays_to_the_same_state() -> None:
    t = day_two()
    t.ok("导演", "/关门 23:30")
    t.ok("导演", "/投票\n1号 22:00\n投票对象：10号\n投票理由：a\n7号\n我投10号")
    t.d("/票型")
    t.ok(5, "/加速")
    t.ok("导演", "/蓝牌 6号 x")
    t.ok("导演", "/放逐")
    t.ok("导演", "/确认判罚")
    rebuilt = Game.replay(1, "竞技12", t.seed, TZ, t.accepted)
    assert repr(rebuilt.flags) == repr(t.game.flags) and rebuilt.ballots == t.game.ballots
    assert [e.seat for e in rebuilt.exits] == [e.seat for e in t.game.exits]


def test_each_day_command_refused_changes_nothing() -> None:
    t = day_two()
    for text in ("/撤牌 99", "/确认判罚 99", "/撤销", "/蓝牌", "/判负 路人", "/关门 25:00", "/加速 1号 2号"):
        t.refused("导演", text)
    t.refused(5, "/加速 3号")
    t.refused(5, "/黄牌 3号")
