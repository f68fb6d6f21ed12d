"""盗贼 (common-boards.md 3.3, 2.10.7, 2.10.8; 补充裁定 14, 15)."""

from __future__ import annotations

from bansha_engine import checks, library, pack
from bansha_engine.roles import witch
from tests import common_helpers
from tests.common_helpers import board
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "预言家": 1, "女巫": 1, "村民": 4, "盗贼": 1}
BOARD = board(ROSTER, NIGHT)  # 9 cards, 7 seats
SEATS = {1: "预言家", 2: "盗贼", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def started(bottom: str, seats: dict[int, str] = SEATS, text: str = BOARD) -> Table:
    return common_helpers.started(text, seats, bottom=bottom)


def test_told_the_two_cards_at_the_start_the_board_waits_for_his_choice() -> None:
    t = started("女巫 村民")
    assert t.seat_got(2, "底牌：女巫、村民") and t.game.phase == "opening", t.to_seat(2, ever=True)
    assert library.category_of(t.game, 2) == library.OTHER


def test_refused_choices() -> None:
    t = started("女巫 狼人", seats={**SEATS, 7: "村民"})
    for text, why in (
        ("/盗取 预言家", "不是底牌"),
        ("/盗取 女巫", "必须选它"),
        ("/盗取", "用法"),
        ("/放弃 盗取", "强制"),
    ):
        t.say(2, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(3, "/盗取 狼人")
    assert not t.changed and "你不是盗贼" in t.reply()


def test_he_becomes_the_card_for_good() -> None:
    t = started("女巫 村民")
    t.say(2, "/盗取 女巫")
    assert t.changed and t.role(2) == "女巫" and t.camp(2) == "村民阵营", t.reply()
    assert (
        t.seat_got(2, "你现在属于村民阵营")
        and witch.has(t.game, 2, "save")
        and witch.has(t.game, 2, "poison")
    )
    assert library.category_of(t.game, 2) == library.GOD and checks.role_of(t.game, 2) == "女巫"
    assert t.game.phase == "day"
    t.night()
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    assert t.seat_got(2, "今晚被指杀的是3号"), t.reply()


def test_a_wolf_card_brings_him_into_the_group_from_night_one() -> None:
    t = started("狼人 村民", seats={**SEATS, 3: "女巫", 7: "村民"})
    t.say(2, "/盗取 狼人")
    assert pack.in_pack(t.game, 2) and t.director_got("请把2号拉进狼群") and t.group_got("2号加入狼群"), (
        t.reply()
    )
    assert checks.camp_of(t.game, 2) == "非村民阵营"
    t.night()
    t.wolf(2, "/刀 3号")
    t.wolf(6, "/刀 3号")
    assert t.group_got("狼人杀人已确定（全员一致）：3号"), t.reply()


def test_taking_the_wolf_card_he_is_told_the_group_and_its_kill() -> None:
    t = started("狼人 村民", seats={**SEATS, 3: "女巫", 7: "村民"})
    t.say(2, "/盗取 狼人")
    told = next(text for text in t.to_seat(2) if "你盗取了狼人" in text)
    assert "狼人同伴：2号、6号（共用狼群）" in told and "/刀 N号" in told, told


def test_left_to_the_night_he_takes_a_card_at_random_the_wolf_one_if_there_is() -> None:
    t = started("狼人 村民", seats={**SEATS, 3: "女巫", 7: "村民"})
    t.night()
    assert t.role(2) == "狼人" and t.seat_got(2, "已随机盗取：狼人"), t.reply()


def test_the_card_left_is_nobodys() -> None:
    t = started("女巫 村民")
    t.say(2, "/盗取 村民")
    t.night()
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")  # the witch's step has no actor: it closes at once
    t.say(1, "/放弃")
    assert t.game.night is None and not t.alive(3), t.reply()


CUPID_ROSTER = {**ROSTER, "村民": 3, "丘比特": "{数量: 1, 黑情侣杀人: 不可以}"}
CUPID_SEATS = {1: "预言家", 2: "盗贼", 3: "丘比特", 4: "村民", 5: "村民", 6: "狼人", 7: "女巫"}


def test_with_cupid_both_choose_together_and_the_lovers_camp_follows_the_cards_taken() -> None:
    """补充裁定 15: 丘比特 links the 盗贼 and a 村民 before the 盗贼 takes the wolf card: the lovers are a
    wolf and a villager, 黑情侣阵营."""
    t = started("狼人 村民", seats=CUPID_SEATS, text=board(CUPID_ROSTER, NIGHT))
    t.say(3, "/连 2号 4号")
    assert t.changed and t.game.phase == "opening", t.reply()
    t.say(2, "/盗取 狼人")
    assert t.game.phase == "day", t.reply()
    assert t.camp(2) == t.camp(4) == t.camp(3) == "黑情侣阵营", t.reply()
    assert pack.in_pack(t.game, 2)  # 黑情侣杀人: 不可以: the wolf lover votes with the group
