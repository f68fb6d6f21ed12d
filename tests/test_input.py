"""What players and directors type: every argument bounded, every number read without int()'s limit.

A game is rebuilt from its stored log at every start-up, so whatever is accepted is stored for good:
free text is bounded to what the rule needs, and an argument that cannot be read is refused with a
Chinese reply, never an exception.
"""

from __future__ import annotations

import pytest

from bansha_engine import Event, Game
from bansha_engine.api import ReplayMismatch
from bansha_engine.game import MAX_LAST_WORDS
from bansha_engine.parse import MAX_MESSAGE, MAX_NAME
from tests.engine_helpers import Table as BaibianTable
from tests.engine_helpers import table
from tests.test_jingji12 import ROLES, Table, qq, started

PAST_INT_LIMIT = "1" * 4301  # int() refuses a digit string this long


def masked_table() -> Table:
    """竞技12 on its sheriff day, every seat bound with an actor's name 演员N."""
    t = Table()
    t.ok("导演", "/开局 竞技12")
    for seat in range(1, 13):
        t.ok("导演", f"/座位 {seat}号 {qq(seat)} 演员{seat}")
    for seat, role in ROLES.items():
        t.ok("导演", f"/身份 {seat}号 {role}")
    t.ok("导演", "/开始")
    return t


# ====================================================================== numbers past int()'s limit


def test_a_mask_guess_naming_a_number_past_the_int_limit_is_refused() -> None:
    t = masked_table()
    assert "太长" in t.refused(1, f"/马甲杀 5号 {PAST_INT_LIMIT}")
    assert "演员名最多" in t.refused(1, f"/马甲杀 5号 {'9' * 300}")
    t.ok(1, "/马甲杀 9号 演员9")  # the one guess is still there


def test_qq_numbers_are_five_to_eleven_digits_whatever_is_typed() -> None:
    t = Table()
    t.ok("导演", "/开局 竞技12")
    for word in (PAST_INT_LIMIT[: MAX_MESSAGE - 20], "1" * 12, "1234", "１２３", "-10003", "1e5"):
        assert "QQ" in t.refused("导演", f"/座位 3号 {word}"), word
        assert "QQ" in t.refused("导演", f"/导演 {word}"), word
    assert "太长" in t.refused("导演", f"/座位 3号 {PAST_INT_LIMIT}")
    t.ok("导演", "/座位 3号 12345678901")
    t.ok("导演", "/座位 4号 １０００４")  # full-width digits read as digits
    assert t.game.seats[4].qq == 10004


def test_group_numbers_have_at_most_twelve_digits() -> None:
    t = BaibianTable()
    t.director("/开局 百变小樱")
    for word in ("1" * 13, PAST_INT_LIMIT[:1500], "0"):
        t.director(f"/狼群 {word}")
        assert not t.changed and "群号" in t.to_director()[0], word
    t.director(f"/狼群 {'9' * 12}")
    assert t.changed and t.game.groups() == {999_999_999_999}


# ====================================================================== free text bounded


def test_last_words_hold_at_most_a_set_length() -> None:
    t = started()
    t.night(4, head=9)  # 4 leaves on night 1 and may leave last words until night 2
    too_long = "冤" * (MAX_LAST_WORDS + 1)
    assert f"最多{MAX_LAST_WORDS}字" in t.refused(4, f"/遗言 {too_long}")
    assert "太长" in t.refused(4, f"/遗言 {'9' * 4301}")
    t.ok(4, "/遗言 " + "冤" * MAX_LAST_WORDS)
    assert t.game.last_words[4] == "冤" * MAX_LAST_WORDS


def test_actor_names_are_short() -> None:
    t = Table()
    t.ok("导演", "/开局 竞技12")
    assert f"昵称最多{MAX_NAME}个字" in t.refused("导演", f"/座位 3号 10003 {'名' * (MAX_NAME + 1)}")
    t.ok("导演", f"/座位 3号 10003 {'名' * MAX_NAME}")


def test_commands_without_arguments_refuse_words_after_them() -> None:
    t = table()
    for seat, text in ((17, f"/投降 {'7' * 1000}"), (17, "/投降 好"), (17, "/反对 不")):
        t.say(seat, text)
        assert not t.changed and "不需要" in t.to_seat(seat)[0], text
    t.say(17, f"/投降 {'7' * 4301}")
    assert not t.changed and "太长" in t.to_seat(17)[0]
    t.say(17, "/投降")
    assert t.changed
    j = Table().setup()
    assert "不需要" in j.refused("导演", "/开始 现在")
    j.ok("导演", "/开始")
    j.ok("导演", "/入夜")
    assert "不需要" in j.refused("导演", "/天亮 7号")
    assert "没有「1」这个身份或时段" in j.refused("导演", "/推进 1")  # /推进 <身份或步骤> (补充裁定 17)


def test_a_message_with_broken_characters_is_refused() -> None:
    t = started()
    assert "无法识别" in t.refused(1, "/身份 \ud800")
    assert "无法识别" in t.refused("导演", "/警长 3号\udfff")


def test_a_log_holding_what_is_now_refused_does_not_rebuild_silently() -> None:
    """A stored log is replayed at start-up: an event refused today would make the rebuilt game
    differ from the stored one (and shift every later random draw), so replay says which entry."""
    events = [Event("say", at=1.0, qq=20000, text="/开局 竞技12")]
    events.append(Event("say", at=2.0, qq=20000, text=f"/座位 3号 {PAST_INT_LIMIT}"))
    with pytest.raises(ReplayMismatch) as refused:
        Game.replay(1, "竞技12", 1, "Asia/Shanghai", events)
    assert refused.value.index == 1


# ====================================================================== typed as in a sentence


def test_a_command_glued_to_its_seat_or_followed_by_punctuation_is_read() -> None:
    for text in ("/预言7号", "/预言 7号。", "／预言　７号。", "预言7号！", "/预言：7号", "/预言 7号 。"):
        t = started()
        t.ok("导演", "/入夜")
        t.ok(1, text)
        assert t.game.night is not None and t.game.night.acts["seer"] == {1: 7}, text


def test_the_head_kills_with_a_glued_word_and_a_glued_none() -> None:
    for text, target in (("/刀7号", 7), ("/刀 7号。", 7), ("/刀空", None), ("/刀 空。", None)):
        t = started()
        t.ok("导演", "/入夜")
        t.elect(9)
        t.ok(9, text)
        assert t.game.night is not None and t.game.night.acts["wolves"] == {9: ("kill", target)}, text


def test_director_commands_take_glued_and_punctuated_words() -> None:
    t = started()
    t.ok("导演", "/警长3号。")
    assert t.game.sheriff == 3
    t.ok("导演", "/入夜")
    t.ok("导演", "/时限女巫 5分钟。")
    t.ok("导演", "/天亮")
    t.ok("导演", "/放逐 无。")
    assert "用法" in t.refused("导演", "/结束确认吧")
    t.ok("导演", "/结束 确认。")


def test_wolves_vote_and_pass_with_glued_words_on_baibian() -> None:
    t = table()
    t.night()
    t.say(17, "/放弃冲锋。")
    assert t.changed and t.game.night is not None and t.game.night.acts["charge"] == {17: None}
    t.wolf(18, "/刀12号。")
    assert t.changed and t.game.night.acts["wolves"] == {18: (12,)}, t.reply()


def test_a_mask_guess_ending_a_sentence_still_names_the_actor() -> None:
    t = masked_table()
    result = t.ok(1, "/马甲杀 9号 演员9。")
    assert "猜中" in t.text(9, result)


def test_a_command_glued_to_what_is_no_seat_is_refused_naming_it() -> None:
    t = started()
    t.ok("导演", "/入夜")
    assert "看不懂座位「家」" in t.refused(1, "/预言家")
    assert "没有「预知7号」这个命令" in t.refused(1, "/预知7号")


# ====================================================================== a final choice is told so


def test_a_final_choice_is_told_it_stands_never_that_time_is_up() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    assert "你已提交选举狼头，不能更改" in t.refused(10, "/选狼头 10号")
    t.ok(9, "/刀 5号")
    assert "你已提交狼人指杀，不能更改" in t.refused(9, "/刀 6号")
    assert "已经决定" in t.refused(10, "/传话 刀六号")
    assert "已经决定" in t.refused(9, "/决战")
    t.ok(2, "/救 5号")
    assert "你已提交女巫用药，不能更改" in t.refused(2, "/毒 9号")
    assert "你已提交女巫用药，不能更改" in t.refused(2, "/救 6号")
    t.ok(1, "/放弃")
    assert t.game.night is None  # the night resolved: every step had its choice


def test_a_seat_that_passed_is_told_its_pass_stands() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok(1, "/放弃")
    assert "你已放弃预言，不能更改" in t.refused(1, "/预言 9号")


def test_after_the_deadline_or_the_directors_advance_the_step_is_over() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.wait(31 * 60)  # 争权, 狼人指杀 and 预言 time out
    assert "预言已经截止" in t.refused(1, "/预言 9号")
    u = started()
    u.ok("导演", "/入夜")
    result = u.ok("导演", "/推进")
    assert "导演已推进预言" in u.text(1, result) and "截止" not in u.text(1, result)
    assert "预言已经结束" in u.refused(1, "/预言 9号")


def test_wolves_whose_kill_locked_are_told_their_vote_stands() -> None:
    t = table()
    t.night()
    for wolf in (17, 18, 19, 20, 21):
        t.wolf(wolf, "/刀 12号")
        assert t.changed
    t.wolf(17, "/刀 13号")
    assert not t.changed and "你已提交狼人杀人，不能更改" in t.to_group()[0]


def test_a_decision_made_or_passed_is_final_too() -> None:
    t = started()
    t.night(5, head=9)
    t.ok("导演", "/放逐 3号")  # the hunter
    t.ok(3, "/开枪 10号")
    assert "你已提交开枪，不能更改" in t.refused(3, "/开枪 11号")
    u = started()
    u.night(5, head=9)
    u.ok("导演", "/放逐 3号")
    u.ok(3, "/放弃")
    assert "你已放弃开枪，不能更改" in u.refused(3, "/开枪 11号")
    assert "没有等待你" in u.refused(4, "/开枪 11号")  # never asked: nothing to be final about


def test_the_adoring_seat_is_told_its_choice_stands_the_same_night() -> None:
    t = table()
    t.night()
    t.say(6, "/爱慕 12号")
    assert t.changed
    t.say(6, "/爱慕 13号")
    assert not t.changed and t.to_seat(6) == ["你已提交情痴爱慕，不能更改。"]
