"""鬼魂新娘 and 证婚人 (common-boards.md 3.3, 5.3.9, 2.10.7, 2.8; 补充裁定 16, 17, 18)."""

from __future__ import annotations

from bansha_engine import checks, library, pack
from bansha_engine.model import LOVE_SUICIDE
from tests.common_helpers import board, started
from tests.engine_helpers import LOVER_GROUP, Table

NIGHT = [
    ("鬼魂新娘", "30分钟"),
    ("证婚", "60分钟"),
    ("狼人", "90分钟"),
    ("女巫", "120分钟"),
    ("预言家", "30分钟"),
]
SEATS = {1: "预言家", 2: "女巫", 3: "鬼魂新娘", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
BOARD = board({"狼人": 2, "预言家": 1, "女巫": 1, "鬼魂新娘": 1, "村民": 3}, NIGHT)


def wed(t: Table, groom: int, witness: int) -> None:
    t.say(3, f"/新郎 {groom}号")
    assert t.changed, t.reply()
    t.say(3, f"/证婚 {witness}号")
    assert t.changed, t.reply()


def quiet_rest(t: Table) -> None:
    """The first night's wolves kill nobody and the others pass."""
    for wolf in (7, 8):
        if t.alive(wolf) and pack.in_pack(t.game, wolf):
            t.wolf(wolf, "/刀 空")
    t.dawn()


def test_the_groom_is_told_when_her_step_closes_and_joins_her_camp() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(3, "/新郎 4号")
    assert t.changed and t.seat_got(3, "新郎是4号"), t.reply()
    assert t.seat_got(4, "你成为3号鬼魂新娘的新郎；你们是情侣，一方离场，另一方随之殉情"), t.reply()
    assert t.seat_got(4, "你现在属于鬼魂新娘阵营") and not t.seat_got(4, "出局"), t.reply()
    assert not any("村民" in text for text in t.to_seat(3))  # she learns his seat, not his role
    assert t.camp(4) == "鬼魂新娘阵营" and library.category_of(t.game, 4) == library.OTHER


def test_refused_grooms() -> None:
    t = started(BOARD, SEATS)
    t.night()
    for text, why in (("/新郎 3号", "不能选择自己"), ("/新郎", "用法"), ("/新郎 9号", "没有9号")):
        t.say(3, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(4, "/新郎 5号")
    assert not t.changed and "你不是鬼魂新娘" in t.reply()
    t.say(3, "/放弃")
    assert not t.changed and "强制" in t.reply(), t.reply()


def test_timed_out_a_groom_and_a_witness_are_chosen_at_random() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.wait(31 * 60)
    wedding = [n for n in t.game.seats if t.camp(n) == "鬼魂新娘阵营"]
    assert len(wedding) == 2 and 3 in wedding, t.reply()
    t.wait(30 * 60)
    assert len([n for n in t.game.seats if t.camp(n) == "鬼魂新娘阵营"]) == 3, t.reply()


def test_the_first_nights_wolves_wait_for_the_wedding() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.wolf(7, "/刀 4号")
    assert not t.changed and "还没到" in t.reply(), t.reply()
    wed(t, 5, 6)
    assert t.group_got("狼人请在群里投票杀人"), t.reply()


def test_only_the_wolves_kill_waits_for_the_wedding_and_a_fear_comes_first() -> None:
    """「第1夜狼人那一步在这一步结束后才开始」: the 狼人 step, not the step of every role of the 狼人 category
    (the real 石像鬼); a seal step (the real 噩梦之影) opens before the wedding (2.10.3 第4条) — the two
    waiting for each other, the night never opened."""
    night = [("噩梦之影", "15分钟"), *NIGHT, ("石像鬼", "30分钟")]
    roster = {"狼人": 1, "噩梦之影": 1, "石像鬼": 1, "预言家": 1, "女巫": 1, "鬼魂新娘": 1, "村民": 2}
    t = started(board(roster, night), {**SEATS, 6: "石像鬼", 8: "噩梦之影"})
    t.night()
    assert t.seat_got(8, "请选择恐惧对象"), t.reply()
    t.say(8, "/恐惧 1号")
    assert t.seat_got(3, "请选择你的新郎"), t.reply()
    t.say(6, "/探查 1号")
    assert t.changed, t.reply()
    t.wolf(7, "/刀 4号")
    assert not t.changed and "还没到" in t.reply(), t.reply()
    wed(t, 5, 4)
    assert t.group_got("狼人请在群里投票杀人"), t.reply()


def test_a_wolf_groom_leaves_the_wolf_group() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(3, "/新郎 7号")
    assert t.director_got("7号加入鬼魂新娘阵营，离开狼群"), t.reply()
    assert not pack.in_pack(t.game, 7)
    t.say(3, "/证婚 5号")
    t.wolf(7, "/刀 4号")
    assert not t.changed, t.reply()
    t.wolf(8, "/刀 6号")
    assert t.group_got("狼人杀人已确定（全员一致）：6号"), t.reply()


def test_the_groom_and_the_witness_answer_checks_by_their_cards_the_bride_as_village() -> None:
    t = started(BOARD, SEATS)
    t.night()
    wed(t, 7, 4)
    assert checks.camp_of(t.game, 7) == "非村民阵营"
    assert checks.camp_of(t.game, 4) == "村民阵营"
    assert checks.camp_of(t.game, 3) == "村民阵营"
    assert checks.role_of(t.game, 7) == "狼人"


def test_the_witness_is_no_lover_learns_the_two_seats_and_joins_the_camp() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.say(3, "/新郎 4号")
    for text, why in (("/证婚 4号", "不能是新郎"), ("/证婚 3号", "不能选择自己")):
        t.say(3, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(4, "/证婚 5号")
    assert not t.changed and "你不是鬼魂新娘" in t.reply()
    t.say(3, "/证婚 5号")
    assert t.seat_got(5, "你是鬼魂新娘阵营的证婚人；新娘3号，新郎4号"), t.reply()
    assert t.seat_got(5, "你现在属于鬼魂新娘阵营") and t.camp(5) == "鬼魂新娘阵营"


def test_the_lovers_leave_together_the_witness_stays() -> None:
    t = started(BOARD, SEATS)
    t.night()
    wed(t, 4, 5)
    quiet_rest(t)
    t.exile(4)
    assert not t.alive(3) and (3, LOVE_SUICIDE) in t.exits() and t.alive(5), t.exits()


def test_the_lovers_may_talk_in_the_lovers_group() -> None:
    t = Table(board_text=BOARD)
    t.director("/开局 x")
    t.director(f"/情侣群 {LOVER_GROUP}")
    assert t.changed, t.reply()


def kill_taken_over(t: Table) -> None:
    """The wolves 7 and 8 out by day 2 and 3; the lovers hold the kill from night 3."""
    t.night()
    wed(t, 4, 5)
    quiet_rest(t)
    t.exile(7)
    t.pass_night()
    t.exile(8)


def test_with_the_wolves_out_the_lovers_kill_from_the_next_night() -> None:
    t = started(BOARD, SEATS)
    kill_taken_over(t)
    assert t.game.winner is None
    t.night()
    assert t.seat_got(3, "今晚起由你们刀人") and t.seat_got(4, "今晚起由你们刀人"), t.reply()
    assert not any("出局" in text for text in t.to_seat(3)), t.reply()  # 补充裁定 16
    t.say(3, "/身份")
    assert "接刀" in t.reply() and "出局" not in t.reply(), t.reply()
    assert not t.seat_got(5, "刀人")
    t.say(3, "/刀 5号")
    assert not t.changed and "不能刀鬼魂新娘阵营的人" in t.reply(), t.reply()
    t.say(3, "/刀 1号")
    assert t.changed and not t.to_group(), t.reply()
    t.say(3, "/刀 2号")
    t.say(4, "/刀 6号")  # the last one stands; both have spoken: the kill is settled
    assert t.seat_got(2, "今晚被指杀的是6号"), t.reply()
    t.dawn()
    assert not t.alive(6) and t.alive(1), t.reply()


def test_the_witch_saves_from_the_lovers_kill() -> None:
    t = started(BOARD, SEATS)
    kill_taken_over(t)
    t.night()
    t.say(4, "/刀 6号")
    t.say(3, "/刀 6号")
    t.say(2, "/救 6号")
    t.dawn()
    assert t.alive(6), t.reply()


def test_one_lovers_kill_stands_at_the_deadline() -> None:
    t = started(BOARD, SEATS)
    kill_taken_over(t)
    t.night()
    t.say(4, "/刀 6号")
    t.wait(91 * 60)
    assert t.seat_got(2, "今晚被指杀的是6号"), t.reply()


def test_with_the_lovers_out_the_witness_holds_the_kill() -> None:
    t = started(BOARD, SEATS)
    kill_taken_over(t)
    t.pass_night()
    t.exile(3)
    assert not t.alive(4)
    t.night()
    assert t.seat_got(5, "今晚起由你们刀人"), t.reply()
    t.say(5, "/刀 1号")
    assert t.changed, t.reply()


def test_the_wolves_do_not_win_while_her_camp_stands() -> None:
    t = started(BOARD, SEATS)
    t.night()
    wed(t, 4, 5)  # two 村民 join her: 6号 is the village's last 村民
    quiet_rest(t)
    t.exile(6)
    assert t.game.winner is None, t.reply()
    t.pass_night()
    t.exile(3)  # the lovers leave; the witness stands
    assert t.game.winner is None and t.alive(5), t.reply()
    t.pass_night()
    t.exile(5)
    assert t.game.winner == "狼人阵营", t.reply()


def test_her_camp_wins_alone_at_the_end() -> None:
    t = started(BOARD, SEATS)
    kill_taken_over(t)
    t.night()
    t.say(4, "/刀 1号")
    t.dawn()
    assert t.game.winner is None, t.reply()
    t.exile(2)
    assert t.game.winner == "鬼魂新娘阵营" and t.director_got("鬼魂新娘阵营胜利"), t.reply()


def test_a_wolf_witness_leaves_the_wolf_group_too() -> None:
    """Ruling: the witness joins her camp as the groom does, so a wolf witness leaves the group, and
    the first night's wolves wait for 证婚 as well."""
    t = started(BOARD, SEATS)
    t.night()
    t.say(3, "/新郎 4号")
    t.wolf(8, "/刀 6号")
    assert not t.changed and "还没到" in t.reply(), t.reply()
    t.say(3, "/证婚 8号")
    assert t.director_got("8号加入鬼魂新娘阵营，离开狼群"), t.reply()
    assert pack.members(t.game) == [7]
