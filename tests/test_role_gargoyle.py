"""石像鬼 (common-boards.md 3.2, 2.7, 2.8)."""

from __future__ import annotations

from bansha_engine.boardfile import catalog
from bansha_engine.model import KILL, POISON
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("石像鬼", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人", 8: "石像鬼"}


def game(**gargoyle: str) -> Table:
    settings = "".join(f", {k}: {v}" for k, v in gargoyle.items())
    roster = {"狼人": 2, "石像鬼": f"{{数量: 1{settings}}}", "预言家": 1, "女巫": 1, "村民": 3}
    return started(board(roster, NIGHT), SEATS)


def checks_at_night(t: Table, target: int) -> str:
    """Night: the 石像鬼 checks `target`, nobody else acts; the result he gets at the dawn."""
    t.night()
    t.say(8, f"/探查 {target}号")
    assert t.changed and t.seat_got(8, f"今晚探查{target}号"), t.reply()
    assert not t.seat_got(8, "身份是"), t.reply()  # told at the resolution, not before
    t.dawn()
    return "\n".join(t.to_seat(8))


def test_he_learns_the_role_of_the_seat_he_checked_at_the_resolution() -> None:
    assert "第1夜探查结果：1号的身份是预言家。" in checks_at_night(game(), 1)


def test_by_default_he_sees_the_wolves_roles_too() -> None:
    assert "6号的身份是狼人" in checks_at_night(game(), 6)


def test_where_he_may_not_see_wolves_he_learns_only_their_camp() -> None:
    t = game(看狼人身份="不可以")
    assert "6号是狼人阵营" in checks_at_night(t, 6)
    t.exile(None)
    assert "3号的身份是村民" in checks_at_night(t, 3)


def test_never_a_seat_he_checked_before_never_himself_never_a_dead_seat() -> None:
    t = game()
    checks_at_night(t, 1)
    t.exile(None)
    t.night()
    t.say(8, "/探查 1号")
    assert not t.changed and t.seat_got(8, "已经探查过1号"), t.reply()
    t.say(8, "/探查 8号")
    assert not t.changed and t.seat_got(8, "不能选择自己"), t.reply()
    t.say(8, "/探查 3号")
    assert t.changed, t.reply()


def test_only_the_gargoyle_checks_and_he_may_pass() -> None:
    t = game()
    t.night()
    t.say(3, "/探查 6号")
    assert not t.changed and t.seat_got(3, "你不是石像鬼"), t.reply()
    t.say(8, "/放弃 探查")
    assert t.changed, t.reply()


def test_a_camp_check_of_him_answers_not_the_village() -> None:
    t = game()
    t.night()
    t.say(1, "/预言 8号")
    t.dawn()
    assert t.seat_got(1, "8号是非村民阵营"), t.reply()


def test_he_keeps_checking_once_he_holds_the_knife() -> None:
    """接刀后照样每夜探查〔C〕."""
    t = game()
    t.night()
    t.wolf(6, "/刀 7号")
    t.wolf(7, "/刀 7号")
    t.say(2, "/毒 6号")
    t.dawn()
    assert t.exits() == [(7, KILL), (6, POISON)]
    t.exile(None)
    t.night()
    assert t.seat_got(8, "今晚起由你刀人") and t.seat_got(8, "探查对象"), t.reply()
    t.say(8, "/刀 3号")
    t.say(8, "/探查 4号")
    t.dawn()
    assert t.exits()[-1] == (3, KILL) and t.seat_got(8, "4号的身份是村民"), t.reply()


def test_a_check_made_in_vain_under_a_seal_checked_nobody() -> None:
    """Ruling: 「探查过的人」 counts the checks that stood (封印告知: 不可以 leaves a check void on the night
    a real 噩梦之影 fears him: a lone wolf, whom the 噩梦之影 does not know)."""
    roster = {"狼人": 1, "噩梦之影": 1, "石像鬼": 1, "预言家": 1, "女巫": 1, "村民": 3}
    night = [("噩梦之影", "15分钟"), *NIGHT]
    t = started(board(roster, night, 封印告知="不可以"), {**SEATS, 7: "噩梦之影"})
    t.night()
    t.say(7, "/恐惧 8号")
    t.say(8, "/探查 1号")
    assert t.changed and t.seat_got(8, "今晚探查1号"), t.reply()
    t.dawn()
    assert not t.seat_got(8, "身份是"), t.reply()
    t.exile(None)
    t.night()
    t.say(7, "/恐惧 2号")
    t.say(8, "/探查 1号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(8, "1号的身份是预言家"), t.reply()


def test_the_library_tells_his_part_in_the_kill_as_a_lone_wolf() -> None:
    text = catalog.role_text("石像鬼") or ""
    assert "单身狼：不在狼群里，不投狼群的刀" in text and "和狼群一起杀人" not in text, text
    assert "看狼人身份：可以|不可以，默认可以" in text
