"""The director's slips: a door-close time already over, a deadline set before its step opens,
a bare /结束, one group bound as both the wolves' and the lovers'."""

from __future__ import annotations

from tests.engine_helpers import Table as BaibianTable
from tests.engine_helpers import table
from tests.test_jingji12 import at, started

# ====================================================================== /入夜 HH:MM already over


def test_a_door_close_whose_deadlines_are_over_is_refused_with_what_was_understood() -> None:
    t = started()
    t.now = at(20, 55)
    reply = t.refused("导演", "/入夜 9:00")  # meant 21:00: every step would time out at once
    assert "3月1日 09:00" in reply, reply  # what the bot understood
    assert "/入夜 21:00" in reply and "/入夜。" in reply, reply  # what was likely meant
    assert t.game.night is None and t.game.night_no == 0
    t.ok("导演", "/入夜 21:00")
    assert t.game.night is not None and t.game.night.due["election"] == at(21, 20)


def test_a_door_close_just_past_its_first_deadline_suggests_closing_now() -> None:
    t = started()
    t.now = at(20, 55)
    reply = t.refused("导演", "/入夜 20:30")  # 争权 closes 20 minutes after the door: 20:50
    assert "3月1日 20:30" in reply and "选举狼头" in reply and "3月1日 20:50" in reply, reply
    assert "/入夜 8" not in reply and "/入夜。" in reply, reply
    t.ok("导演", "/入夜 20:40")  # 争权 until 21:00: still ahead
    assert t.game.night is not None and t.game.night.door_close == at(20, 40)


def test_a_morning_door_close_on_baibian_is_refused_in_the_evening() -> None:
    t = table()
    t.now += 55 * 60  # 20:55
    t.night("9:00")
    assert not t.changed and t.game.night is None
    assert "1月1日 09:00" in t.to_director()[0] and "/入夜 21:00" in t.to_director()[0]
    t.night("21:00")
    assert t.changed


# ====================================================================== /时限 before the step opens


def test_a_deadline_set_before_the_witch_opens_counts_from_her_opening() -> None:
    t = started()
    t.ok("导演", "/入夜")
    reply = t.text("导演", t.ok("导演", "/时限 女巫 5秒"))
    assert "女巫用药尚未开始，在开始后5秒截止" in reply, reply
    t.elect(9)
    t.wait(60)  # the wolves take their time: the witch's five seconds have not started
    t.ok(9, "/刀 5号")
    night = t.game.night
    assert night is not None and night.state["witch"] == "open"
    assert night.due["witch"] == night.opened["witch"] + 5 == t.now + 5
    t.ok(2, "/救 5号")  # in time
    assert night.state["witch"] == "closed"


def test_a_deadline_set_on_an_open_step_counts_from_now() -> None:
    t = started()
    t.ok("导演", "/入夜")
    reply = t.text("导演", t.ok("导演", "/时限 争权 30秒"))
    assert "选举狼头在30秒后（3月1日 20:00）截止" in reply, reply
    assert t.game.night is not None and t.game.night.due["election"] == t.now + 30


# ====================================================================== /结束 asks first


def test_a_bare_end_only_asks_and_end_confirm_ends() -> None:
    t = started()
    t.ok("导演", "/入夜")
    result = t.d("/结束")
    assert not result.changed and not t.game.ended
    assert "/结束 确认" in t.text("导演") and len(result.messages) == 1
    assert "用法" in t.refused("导演", "/结束 算了")
    result = t.ok("导演", "/结束 确认")
    assert t.game.ended and t.game.timers() == []
    assert "已由导演结束" in t.text(1, result)


# ====================================================================== one group, one purpose


def test_the_lovers_group_is_never_the_wolves_group() -> None:
    t = BaibianTable()
    t.director("/开局 百变小樱")
    t.director("/狼群 30000")
    t.director("/情侣群 30000")
    assert not t.changed and "狼群" in t.to_director()[0]
    t.director("/情侣群 30001")
    assert t.changed
    t.director("/狼群 30001")
    assert not t.changed and "情侣群" in t.to_director()[0]
    t.director("/狼群 30000")  # binding the same group again is no conflict
    assert t.changed and t.game.groups_bound == {"wolves": 30000, "lovers": 30001}


# ====================================================================== several /座位 in one message


def test_several_seat_lines_in_one_message_each_bind_their_seat() -> None:
    """Issue 21 (4): each line of a /座位 message is taken as its own /座位 (the command may be repeated
    or left out); a later line is never saved as a nickname."""
    t = BaibianTable()
    t.director("/开局 百变小樱")
    t.director("/座位 1号 10001 小明\n/座位 2号 10002 小红\n3号 10003")
    assert t.changed and t.to_director() == [
        "1号绑定QQ10001（小明）。\n2号绑定QQ10002（小红）。\n3号绑定QQ10003。"
    ]
    seats = t.game.seats
    assert [(seats[n].qq, seats[n].nick) for n in (1, 2, 3)] == [
        (10001, "小明"),
        (10002, "小红"),
        (10003, ""),
    ]


def test_a_bad_seat_line_is_refused_with_why_and_the_others_are_bound() -> None:
    t = BaibianTable()
    t.director("/开局 百变小樱")
    t.director("/座位\n4号 10004 阿四\n/身份 5号 村民\n5号 10004\n6号 10006")
    reply = t.to_director()[0]
    assert t.changed, reply
    assert "4号绑定QQ10004（阿四）" in reply and "6号绑定QQ10006" in reply, reply
    assert "第2行「/身份 5号 村民」未执行：这一行是别的命令" in reply, reply
    assert "第3行「5号 10004」未执行：QQ10004已经坐在4号" in reply, reply
    assert t.game.seats[5].qq is None and t.game.seats[4].nick == "阿四"


def test_a_seat_message_with_no_line_that_binds_changes_nothing() -> None:
    t = BaibianTable()
    t.director("/开局 百变小樱")
    t.director("/座位 30号 10030\n/座位 1号 abc")
    assert not t.changed and "第1行" in t.to_director()[0] and "第2行" in t.to_director()[0]
    t.director("/座位 1号 10001 小明 /座位 2号 10002")  # two commands run together on one line
    assert not t.changed and "昵称里不能有以 / 开头的命令" in t.to_director()[0]
    assert all(seat.qq is None for seat in t.game.seats.values())


def test_several_seat_lines_after_the_start_are_each_a_substitute() -> None:
    t = table()
    t.director("/座位 1号 50001\n/座位 2号 50002 替补")
    assert t.changed and "1号由QQ50001替补（原QQ10001）" in t.to_director()[0]
    assert t.game.seats[2].qq == 50002 and t.game.seats[2].nick == "替补"
    assert [m.text for m in t.last if m.target == 10002] == ["你在1号局（百变小樱）的2号已由替补接手。"]


def test_a_directors_command_in_the_wolf_group_is_sent_back_to_private_chat() -> None:
    """Issue 21 (9): a director's `/入夜` in the bound group is not 「你不是本局的玩家」; nothing changes."""
    from tests.engine_helpers import WOLF_GROUP, table

    t = table()
    t.say("导演", "/入夜", group=WOLF_GROUP)
    assert not t.changed and t.game.phase != "night"
    assert t.group_got("只在私聊里收"), t.reply()
    assert not t.group_got("你不是本局的玩家")
