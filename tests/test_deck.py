"""底牌 (common-boards.md 2.10.8, 补充裁定 14): RoleDef.bottom_cards and bottom_rule, read by the
loader (the board's size), /底牌, /发牌 and /开始 (engine/deck.py)."""

from __future__ import annotations

from collections import Counter

from bansha_engine import deck
from bansha_engine.boardfile import check
from tests.common_helpers import board
from tests.engine_helpers import DIRECTOR, WOLF_GROUP, Table, qq

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {
    "狼人": 3,
    "预言家": 1,
    "女巫": 1,
    "猎人": 1,
    "白痴": 1,
    "村民": 5,
    "盗贼": 1,
    "丘比特": "{数量: 1, 黑情侣杀人: 不可以}",
}
BOARD = board(ROSTER, NIGHT)


def seated(text: str = BOARD, seed: int = 0) -> Table:
    t = Table(board_text=text, seed=seed)
    t.director("/开局 x")
    for seat in range(1, t.game.board.size + 1):
        t.director(f"/座位 {seat}号 {qq(seat)}")
    t.director(f"/狼群 {WOLF_GROUP}")
    return t


def test_the_board_has_the_cards_less_the_bottom_cards_as_seats() -> None:
    checked = check(BOARD)
    assert checked.board is not None and checked.board.size == 12, checked.problems
    t = seated()
    assert len(t.game.seats) == 12 and "共12个座位" in t.to_director(ever=True)[0]


def test_one_card_of_one_role_with_bottom_cards() -> None:
    checked = check(board({**ROSTER, "盗贼": 2}, NIGHT))
    assert not checked.ok and any("只能有1张盗贼" in p.message for p in checked.problems), checked.problems


def test_a_roster_that_holds_no_bottom_cards_the_rule_takes_is_refused() -> None:
    """A 盗宝大师 needs a 狼人, a 神职 card and a 村民 card besides his own (2.10.8 第2条): a roster without a
    神职 card could never be dealt nor started, so the file check says so."""
    night = [("盗宝大师", "15分钟"), ("狼人", "30分钟"), ("吹笛者", "30分钟")]
    checked = check(board({"狼人": 3, "盗宝大师": 1, "吹笛者": 1, "村民": 4}, night))
    assert [p.message for p in checked.problems] == [
        "身份里凑不出盗宝大师的底牌：盗宝大师的底牌要正好是一张狼人、一张神职牌和一张村民牌"
    ], checked.problems
    checked = check(board({"狼人": 3, "盗宝大师": 1, "吹笛者": 1, "猎人": 1, "村民": 4}, night))
    assert checked.ok, checked.problems


def test_the_deal_keeps_bottom_cards_the_rule_takes() -> None:
    for seed in range(12):
        t = seated(seed=seed)
        t.director("/发牌")
        bottom = deck.cards(t.game)
        assert len(bottom) == 2 and "底牌：" in t.reply(), t.reply()
        assert "盗贼" not in bottom and "丘比特" not in bottom and bottom.count("狼人") <= 1, bottom
        held = Counter(seat.role for seat in t.game.seats.values())
        assert held + Counter(bottom) == Counter(
            {"狼人": 3, "村民": 5, "预言家": 1, "女巫": 1, "猎人": 1, "白痴": 1, "盗贼": 1, "丘比特": 1}
        )


def test_bottom_cards_named_by_hand_and_checked() -> None:
    t = seated()
    for text, why in (
        ("/底牌 狼人", "用法"),
        ("/底牌 狼人 狼人", "最多一张狼人阵营的牌"),
        ("/底牌 盗贼 村民", "盗贼和丘比特不能做底牌"),
        ("/底牌 狼人 巫婆", "没有「巫婆」这张牌"),
    ):
        t.director(text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.director("/底牌 狼人 女巫")
    assert t.changed and "已设定底牌：狼人、女巫" in t.reply(), t.reply()
    t.director("/身份 1号 女巫")
    assert not t.changed and "底牌" in t.reply(), t.reply()
    t.director("/发牌")
    assert deck.cards(t.game) == ("狼人", "女巫")
    assert not any(seat.role == "女巫" for seat in t.game.seats.values())
    t.director("/开始")
    assert t.game.phase == "opening" and "底牌：狼人、女巫" in t.reply(), t.reply()


def test_the_start_takes_the_cards_left_over_and_checks_them() -> None:
    t = seated()
    roles = ["狼人", "预言家", "女巫", "猎人", "白痴", *["村民"] * 5, "盗贼", "丘比特"]
    for seat, role in enumerate(roles, start=1):
        t.director(f"/身份 {seat}号 {role}")
    t.director("/开始")
    assert not t.changed and "最多一张狼人阵营的牌" in t.reply(), t.reply()


def test_no_bottom_cards_on_a_board_without_them() -> None:
    t = Table(
        board_text=board({"狼人": 2, "预言家": 1, "村民": 4}, [("狼人", "30分钟"), ("预言家", "30分钟")])
    )
    t.director("/开局 x")
    t.director("/底牌 狼人 村民")
    assert not t.changed and "没有底牌" in t.reply(), t.reply()
    assert "/底牌" not in (t.game.help_for(DIRECTOR) or "")
    assert "/底牌 身份 身份" in (seated().game.help_for(DIRECTOR) or "")


def test_a_card_nobody_holds_has_its_step_close_at_once() -> None:
    t = seated()
    t.director("/底牌 村民 女巫")
    t.director("/发牌")
    t.director("/开始")
    thief = next(n for n, s in t.game.seats.items() if s.role == "盗贼")
    cupid = next(n for n, s in t.game.seats.items() if s.role == "丘比特")
    t.say(thief, "/盗取 村民")
    t.say(cupid, "/连 1号 2号")
    t.night()
    wolves = [n for n, s in t.game.seats.items() if s.role == "狼人"]
    for wolf in wolves:
        t.wolf(wolf, "/刀 空")
    seer = next(n for n, s in t.game.seats.items() if s.role == "预言家")
    t.say(seer, "/放弃")
    assert t.game.night is None and t.director_got("平安夜", ever=True), t.reply()
