"""噩梦之影 (梦魇, common-boards.md 3.2, 2.10.3, 2.8 第7条)."""

from __future__ import annotations

from bansha_engine import pack, seal
from bansha_engine.boardfile import check
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("噩梦之影", "15分钟"), ("狼人", "45分钟"), ("女巫", "75分钟"), ("预言家", "45分钟")]
ROSTER = {"狼人": 2, "噩梦之影": 1, "预言家": 1, "女巫": 1, "村民": 3}
SEATS = {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人", 8: "噩梦之影"}


def game(**keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **keys), SEATS)


def kill(t: Table, seat: int, wolves: tuple[int, ...] = (6, 7, 8)) -> None:
    for wolf in wolves:
        t.wolf(wolf, f"/刀 {seat}号")


def test_at_the_start_he_knows_no_wolf_and_no_wolf_knows_him() -> None:
    t = game()
    assert not pack.in_pack(t.game, 8) and pack.members(t.game) == [6, 7]
    assert not any("6号" in text for text in t.to_seat(8, ever=True))
    assert not any("8号" in text for text in t.to_seat(6, ever=True))


def test_the_directors_learn_at_the_start_to_pull_him_into_the_group_only_later() -> None:
    """2.8 第2条 and 第7条: /开始 names the seats that go into the wolves' QQ group now; he joins only
    when his first fear is over (not listed among them, nor left out of the list)."""
    t = game()
    assert t.director_got("进狼群：6号、7号；暂不进狼群（到时机器人会请你拉他进群）：8号（噩梦之影）"), (
        t.reply()
    )


def test_his_first_night_step_closing_brings_him_into_the_group() -> None:
    t = game()
    t.night()
    assert t.seat_got(8, "请选择恐惧对象") and not t.group_got("狼人请在群里投票"), t.reply()
    t.say(8, "/恐惧 2号")
    assert t.seat_got(8, "你的狼同伴是：6号、7号"), t.reply()
    assert t.group_got("噩梦之影是8号"), t.reply()
    assert t.director_got("8号（噩梦之影）第1夜恐惧结束，加入狼群：请把他拉进狼群QQ群"), t.reply()
    assert t.group_got("狼人请在群里投票"), t.reply()  # the wolves' step opens after his
    kill(t, 3, wolves=(6, 7))
    assert t.game.night is not None and t.game.night.state["wolves"] == "open", t.reply()
    t.wolf(8, "/刀 3号")  # he votes the kill from night 1's wolf step on
    assert t.group_got("全员一致"), t.reply()


def test_passing_on_the_first_night_he_still_joins() -> None:
    t = game()
    t.night()
    t.say(8, "/放弃")
    assert t.seat_got(8, "你的狼同伴是") and pack.in_pack(t.game, 8), t.reply()


def test_the_feared_seat_is_sealed_for_the_night_and_told_so() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 1号")
    assert seal.sealed(t.game, 1) == seal.FEAR
    assert t.seat_got(1, "你今晚被恐惧，不能使用技能"), t.reply()
    t.say(1, "/预言 6号")
    assert not t.changed and "你今晚被恐惧" in t.reply(), t.reply()
    t.dawn()
    assert not t.seat_got(1, "查验结果"), t.reply()
    assert t.director_got("8号（噩梦之影）恐惧1号"), t.reply()
    t.exile(None)
    t.night()
    assert seal.sealed(t.game, 1) is None  # for that night only


def test_untold_the_feared_seat_acts_in_vain() -> None:
    t = game(封印告知="不可以")
    t.night()
    t.say(8, "/恐惧 1号")
    assert not t.seat_got(1, "恐惧"), t.reply()
    t.say(1, "/预言 6号")
    assert t.changed and t.seat_got(1, "已记录"), t.reply()
    t.dawn()
    assert not t.seat_got(1, "查验结果"), t.reply()


def test_he_gets_no_result() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 2号")
    assert t.to_seat(8) == ["已记录：今晚恐惧2号。", t.to_seat(8)[1]] and "狼同伴" in t.to_seat(8)[1], (
        t.reply()
    )
    t.wolf(8, "/刀 空")
    t.dawn()
    assert not any("结果" in text or "恐惧" in text for text in t.to_seat(8)), t.reply()


def test_never_the_same_seat_two_nights_running() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 2号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(8, "/恐惧 2号")
    assert not t.changed and "不能连着两晚恐惧同一名玩家" in t.reply(), t.reply()
    t.say(8, "/恐惧 1号")
    assert t.changed, t.reply()


def test_a_wolf_on_the_first_night_but_no_member_of_the_group_from_the_second() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 6号")
    assert t.changed and seal.sealed(t.game, 6) == seal.FEAR, t.reply()
    t.dawn()
    t.exile(None)
    t.night()
    t.say(8, "/恐惧 7号")
    assert not t.changed and "不能恐惧狼群的成员" in t.reply(), t.reply()


def test_another_living_player_only_and_only_he_fears() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 8号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(8, "/恐惧")
    assert not t.changed and "用法：/恐惧 N号" in t.reply(), t.reply()
    t.say(3, "/恐惧 2号")
    assert not t.changed and "你不是噩梦之影" in t.reply(), t.reply()


def test_he_may_be_knifed() -> None:
    t = game()
    t.night()
    t.say(8, "/恐惧 2号")
    kill(t, 8)
    t.dawn()
    assert not t.alive(8), t.reply()


def test_the_file_may_call_him_by_his_alias() -> None:
    text = board({"狼人": 2, "梦魇": 1, "村民": 3}, [("噩梦之影", "15分钟"), ("狼人", "45分钟")])
    checked = check(text)
    assert checked.ok, checked.problems
    assert [entry.role for entry in checked.board.roster][1] == "噩梦之影"


def test_a_fear_in_vain_still_bars_the_seat_the_next_night() -> None:
    """docs/rulings-common.md 3.2.1 第4条: frozen by the real 企鹅 (first in 夜晚: 补充裁定 11, the second
    seal step opens after the first) under 封印告知: 不可以, he is answered as usual and his fear is void;
    the seat he named is still barred the next night."""
    text = board({**ROSTER, "村民": 2, "企鹅": 1}, [("企鹅", "15分钟"), *NIGHT], 封印告知="不可以")
    t = started(text, {**SEATS, 5: "企鹅"})
    t.night()
    t.say(8, "/恐惧 1号")
    assert not t.changed and "还没到" in t.reply(), t.reply()
    t.say(5, "/冰冻 8号")
    t.say(8, "/恐惧 1号")
    assert t.changed and seal.sealed(t.game, 1) is None, t.reply()
    kill(t, 3)
    t.dawn()
    t.exile(None)
    t.night()
    t.say(5, "/冰冻 2号")
    t.say(8, "/恐惧 1号")
    assert not t.changed and "不能连着两晚恐惧同一名玩家" in t.reply(), t.reply()
