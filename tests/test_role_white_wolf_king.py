"""白狼王's 被带走遗言 (common-boards.md 3.4, 5.2 第2条)."""

from __future__ import annotations

from bansha_engine.model import SELF_DESTRUCT, TAKEN_BY_WHITE_WOLF_KING
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟")]
SEATS = {1: "村民", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "白狼王"}


def exploded(last_words: str = "") -> Table:
    king = f"{{数量: 1, 被带走遗言: {last_words}}}" if last_words else "1"
    t = started(board({"狼人": 1, "白狼王": king, "村民": 5}, NIGHT), SEATS)
    t.pass_night()
    t.say(7, "/自爆 3号")
    assert t.exits() == [(7, SELF_DESTRUCT), (3, TAKEN_BY_WHITE_WOLF_KING)], t.reply()
    return t


def test_by_default_the_seat_he_takes_has_last_words() -> None:
    t = exploded()
    assert t.seat_got(3, "你有遗言权利") and not t.seat_got(7, "遗言"), t.reply()
    t.say(3, "/遗言 我是村民")
    assert t.changed, t.reply()


def test_no_last_words_for_the_taken_seat() -> None:
    t = exploded("不可以")
    assert t.seat_got(3, "你在第2天出局") and not t.seat_got(3, "遗言"), t.reply()
    t.say(3, "/遗言 我是村民")
    assert not t.changed and "你没有遗言权利" in t.reply(), t.reply()


def test_no_last_words_for_the_taken_seat_leaves_other_exits_theirs() -> None:
    t = exploded("不可以")
    t.night()
    t.wolf(6, "/刀 空")
    t.dawn()
    t.exile(4)
    assert t.seat_got(4, "你有遗言权利"), t.reply()


def test_his_identity_says_whether_the_seat_he_takes_has_last_words() -> None:
    for value, said in (("", "被带走的玩家有遗言"), ("不可以", "被带走的玩家没有遗言")):
        king = f"{{数量: 1, 被带走遗言: {value}}}" if value else "1"
        t = started(board({"狼人": 1, "白狼王": king, "村民": 5}, NIGHT), SEATS)
        t.say(7, "/身份")
        assert said in t.reply(), t.reply()
