"""盗宝大师 (common-boards.md 3.2, 2.7, 2.8, 2.10.8; 补充裁定 3, 14)."""

from __future__ import annotations

from bansha_engine import checks, deck, library, pack
from bansha_engine.roles import witch
from tests import common_helpers
from tests.common_helpers import board
from tests.engine_helpers import Table, qq

NIGHT = [("盗宝大师", "15分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 3, "预言家": 1, "女巫": 1, "猎人": 1, "村民": 4, "盗宝大师": 1}
BOARD = board(ROSTER, NIGHT)  # 11 cards, 8 seats
# with the bottom cards 狼人, 女巫, 村民:
SEATS = {1: "预言家", 2: "盗宝大师", 3: "猎人", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}


def started(bottom: str = "狼人 女巫 村民", seats: dict[int, str] = SEATS) -> Table:
    return common_helpers.started(BOARD, seats, bottom=bottom)


def wolves_pass(t: Table) -> None:
    for wolf in (7, 8):
        if t.alive(wolf):
            t.wolf(wolf, "/刀 空")


def test_bottom_cards_are_one_wolf_one_god_one_villager() -> None:
    t = Table(board_text=BOARD)
    t.director("/开局 x")
    assert t.game.board.size == 8
    for text in ("/底牌 狼人 村民 村民", "/底牌 狼人 狼人 女巫", "/底牌 预言家 女巫 村民"):
        t.director(text)
        assert not t.changed and "正好是一张狼人、一张神职牌和一张村民牌" in t.reply(), (text, t.reply())
    for seed in range(8):
        t = Table(board_text=BOARD, seed=seed)
        t.director("/开局 x")
        for seat in range(1, 9):
            t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director("/发牌")
        bottom = deck.cards(t.game)
        cats = sorted(library.ROLES[c].category if c != "狼人" else "狼" for c in bottom)
        assert "狼人" in bottom and cats == sorted(["狼", library.GOD, library.VILLAGER]), bottom


def test_told_the_three_cards_as_night_one_starts_and_a_lone_wolf() -> None:
    t = started()
    assert not t.seat_got(2, "三张底牌", ever=True)
    t.night()
    assert t.seat_got(2, "你的三张底牌：狼人、女巫、村民"), t.reply()
    assert not pack.in_pack(t.game, 2) and library.category_of(t.game, 2) == library.WOLF


def test_refused_choices() -> None:
    t = started()
    t.night()
    for text, why in (
        ("/盗宝 狼人", "不能选「狼人」"),
        ("/盗宝 预言家", "不是你的底牌"),
        ("/盗宝", "用法"),
        ("/放弃", "强制"),
    ):
        t.say(2, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(3, "/盗宝 女巫")
    assert not t.changed and "你不是盗宝大师" in t.reply()


def test_holding_a_card_he_acts_in_its_step_with_its_commands() -> None:
    t = started()
    t.night()
    t.say(1, "/预言 2号")
    assert not t.changed and "还没到" in t.reply()  # 补充裁定 3: the 神职 steps wait for his
    t.say(2, "/盗宝 女巫")
    assert t.role(2) == "女巫" and witch.has(t.game, 2, "poison"), t.reply()
    t.wolf(7, "/刀 4号")
    t.wolf(8, "/刀 4号")
    assert t.seat_got(2, "今晚被指杀的是4号"), t.reply()
    t.say(2, "/毒 5号")
    t.say(1, "/预言 2号")
    assert t.seat_got(1, "2号是村民阵营", ever=True)  # checked as the card he holds (2.7)
    assert not t.alive(5) and not t.alive(4)
    assert t.role(2) == "盗宝大师" and checks.camp_of(t.game, 2) == "非村民阵营"


def test_not_the_same_card_two_nights_running_and_one_poison_a_game() -> None:
    t = started()
    t.night()
    t.say(2, "/盗宝 女巫")
    wolves_pass(t)
    t.say(2, "/毒 5号")
    t.say(1, "/放弃")
    t.exile(None)
    t.night()
    t.say(2, "/盗宝 女巫")
    assert not t.changed and "不能连续两晚选同一张牌" in t.reply(), t.reply()
    t.say(2, "/盗宝 村民")
    assert t.role(2) == "村民", t.reply()
    wolves_pass(t)
    t.say(1, "/放弃")
    t.exile(None)
    t.night()
    t.say(2, "/盗宝 女巫")
    assert t.changed and not witch.has(t.game, 2, "poison"), t.reply()


def test_left_to_the_deadline_the_card_is_chosen_for_him() -> None:
    t = started()
    t.night()
    t.wait(16 * 60)
    assert t.role(2) in ("女巫", "村民"), t.reply()
    first = t.role(2)
    t.dawn()
    t.exile(None)
    t.night()
    t.wait(16 * 60)
    assert t.role(2) == ({"女巫", "村民"} - {first}).pop(), t.reply()


def test_holding_the_hunter_he_shoots_when_he_leaves_that_night() -> None:
    t = started("狼人 猎人 村民", seats={**SEATS, 3: "女巫"})
    t.night()
    t.say(2, "/盗宝 猎人")
    t.wolf(7, "/刀 2号")
    t.wolf(8, "/刀 2号")
    t.say(3, "/放弃")
    t.say(1, "/放弃")
    assert t.seat_got(2, "开枪", ever=True), t.to_seat(2, ever=True)


def test_a_card_nobody_holds_closes_at_once() -> None:
    t = started()
    t.night()
    t.say(2, "/盗宝 村民")
    wolves_pass(t)  # the 女巫 card is nobody's tonight: her step closes at once
    t.say(1, "/放弃")
    assert t.game.night is None, t.reply()


def test_with_the_group_out_he_kills_from_the_next_night() -> None:
    t = started()
    t.night()
    t.say(2, "/盗宝 村民")
    wolves_pass(t)
    t.say(1, "/放弃")
    t.exile(7)
    t.night()
    t.say(2, "/盗宝 女巫")
    t.wolf(8, "/刀 空")
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    t.exile(8)
    assert t.game.winner is None
    t.night()
    assert t.seat_got(2, "狼群已经没有存活的狼人，今晚起由你刀人"), t.reply()
    t.say(2, "/盗宝 村民")
    t.say(2, "/刀 4号")
    assert t.changed, t.reply()


PENGUIN_NIGHT = [("企鹅", "10分钟"), *NIGHT]
PENGUIN_BOARD = board({**ROSTER, "企鹅": 1}, PENGUIN_NIGHT)


def with_a_penguin(bottom: str, seats: dict[int, str]) -> Table:
    return common_helpers.started(PENGUIN_BOARD, seats, bottom=bottom)


def test_frozen_by_the_penguin_he_takes_no_card_and_none_is_chosen_for_him() -> None:
    """补充裁定 10 with the real 企鹅 (a 神职 whose step, a seal, opens first: 2.10.3 第4条, though the
    神职's steps wait for his, 补充裁定 3): his step opens frozen, `/盗宝` is refused, no card at the
    deadline; the night goes on."""
    t = with_a_penguin("狼人 女巫 村民", {**SEATS, 9: "企鹅"})
    t.night()
    assert t.seat_got(9, "请选择冰冻对象"), t.reply()
    t.say(9, "/冰冻 2号")
    assert t.seat_got(2, "你今晚被冰冻"), t.reply()
    t.say(2, "/盗宝 女巫")
    assert not t.changed and "冰冻" in t.reply(), t.reply()
    t.wait(16 * 60)
    assert not any("随机" in text or "盗取" in text for text in t.to_seat(2, ever=True))
    assert t.role(2) == "盗宝大师" and t.group_got("狼人请在群里投票杀人", ever=True)


def test_a_penguin_card_in_the_bottom_freezes_nobody() -> None:
    """Ruling: its step opens first (2.10.3 第4条) with nobody holding the card, so it is over before he
    holds it; he is told so when he takes it."""
    t = with_a_penguin("狼人 企鹅 村民", {**SEATS, 9: "女巫"})
    t.night()
    t.say(2, "/盗宝 企鹅")
    assert t.changed and t.seat_got(2, "冰冻今晚已经结束"), t.reply()
    t.say(2, "/冰冻 1号")
    assert not t.changed and "冰冻已经结束" in t.reply(), t.reply()
