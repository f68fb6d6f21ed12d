"""孤独少女 (common-boards.md 3.1, 2.7, 2.9 第3条, 5.3.5, 5.3.11; 补充裁定 6, 10)."""

from __future__ import annotations

from bansha_engine import checks, library, seal
from bansha_engine.model import VILLAGE, WOLVES
from bansha_engine.roles import lonely_girl
from tests.common_helpers import board, started
from tests.engine_helpers import WOLF_GROUP, Table, qq

NIGHT = [("孤独少女", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "预言家": 1, "女巫": 1, "孤独少女": 1, "村民": 3}
SEATS = {1: "预言家", 2: "女巫", 3: "孤独少女", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
GIRL = 3


def game(
    roster: dict[str, int | str] = ROSTER, seats: dict[int, str] = SEATS, night: list[tuple[str, str]] = NIGHT
) -> Table:
    return started(board(roster, night), seats)


def kill(t: Table, target: int | str) -> None:
    word = target if isinstance(target, str) else f"{target}号"
    for wolf in (7, 8):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {word}")


def worshipping(idol: int) -> Table:
    """Night 1 under way: she worships `idol` (her step closes at once: she is its only actor)."""
    t = game()
    t.night()
    t.say(GIRL, f"/崇拜 {idol}号")
    assert t.changed, t.reply()
    return t


def test_night_one_she_must_worship_another_living_seat() -> None:
    t = game()
    t.night()
    assert t.seat_got(GIRL, "请选择崇拜对象：/崇拜 N号（必须选择，超时随机）")
    for text, why in (
        ("/放弃", "强制"),
        ("/崇拜 3号", "不能选择自己"),
        ("/崇拜 9号", "没有9号"),
        ("/崇拜", "用法：/崇拜 N号"),
    ):
        t.say(GIRL, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(4, "/崇拜 7号")
    assert not t.changed and "你不是孤独少女" in t.reply()
    t.say(GIRL, "/崇拜 7号")
    assert t.changed and t.seat_got(GIRL, "已记录：崇拜7号"), t.reply()
    assert not any("崇拜" in text for text in t.to_seat(7, ever=True))  # the idol is not told


def test_she_follows_her_idols_camp_and_is_not_told_it() -> None:
    t = worshipping(7)
    assert t.camp(GIRL) == WOLVES
    told = t.to_seat(GIRL, ever=True)
    assert not any(f"属于{WOLVES}" in text or f"跟随{WOLVES}" in text for text in told)
    assert t.to_seat(GIRL) == ["已记录：崇拜7号（本步骤结束时生效）。"]  # nor the idol's role
    t.say(GIRL, "/身份")
    assert "阵营：跟随崇拜对象" in t.reply() and f"阵营：{WOLVES}" not in t.reply()
    assert "你崇拜了7号" in t.reply()
    t.director("/状态")
    assert "3号：QQ10003，孤独少女，狼人阵营，崇拜7号" in t.reply(), t.reply()


def test_left_to_the_deadline_she_worships_a_seat_at_random() -> None:
    t = game()
    t.night()
    t.wait(31 * 60)
    idol = library.peek_seat_state(t.game, GIRL, lonely_girl.Idol).seat
    assert idol not in (0, GIRL) and t.seat_got(GIRL, f"你未选择，已随机崇拜{idol}号", ever=True)
    assert t.camp(GIRL) == t.camp(idol)
    assert t.director_got(f"孤独少女3号超时，随机崇拜{idol}号", ever=True)


def test_only_on_the_first_night() -> None:
    t = worshipping(1)
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    assert not t.seat_got(GIRL, "崇拜")
    t.say(GIRL, "/崇拜 4号")
    assert not t.changed and "不是行动时间" in t.reply()


def test_a_seal_does_not_keep_her_from_worshipping() -> None:
    roster = {**ROSTER, "村民": 2, "噩梦之影": 1}
    t = game(roster, {**SEATS, 6: "噩梦之影"}, [("噩梦之影", "15分钟"), *NIGHT])
    t.night()
    t.say(6, f"/恐惧 {GIRL}号")
    assert t.changed and seal.sealed(t.game, GIRL) == seal.FEAR, t.reply()
    t.say(GIRL, "/崇拜 7号")
    assert t.changed and t.camp(GIRL) == WOLVES, t.reply()


def test_a_camp_check_answers_village_whoever_she_follows() -> None:
    t = worshipping(7)
    kill(t, "空")
    t.say(1, "/预言 3号")
    t.dawn()
    assert t.seat_got(1, "3号是村民阵营", ever=True)
    assert checks.role_of(t.game, GIRL) == "孤独少女"


def test_her_camp_is_fixed_when_she_chooses() -> None:
    roster = {**ROSTER, "村民": 2, "野孩子": 1}
    seats = {**SEATS, 6: "野孩子"}
    night = [*NIGHT, ("野孩子", "30分钟")]
    t = game(roster, seats, night)
    t.night()
    t.say(GIRL, "/崇拜 6号")
    t.say(6, "/榜样 7号")
    kill(t, "空")
    t.dawn()
    assert t.camp(GIRL) == VILLAGE
    t.exile(7)  # the 野孩子 turns wolf: she stays in 村民阵营
    assert t.camp(6) == WOLVES and t.camp(GIRL) == VILLAGE


def test_while_she_lives_the_wolves_cannot_win_and_she_wins_with_them_once_out() -> None:
    t = worshipping(7)
    kill(t, 4)
    t.dawn()
    t.exile(5)
    t.night()
    kill(t, 6)
    t.dawn()  # every 村民 is out: 屠边, but she is alive
    assert not t.game.ended and t.alive(GIRL)
    t.exile(GIRL)
    assert t.game.winner == WOLVES and t.camp(GIRL) == WOLVES  # she wins with her idol's camp, out


def test_the_village_wins_without_her_out_though_she_follows_the_wolves() -> None:
    t = worshipping(7)
    kill(t, "空")
    t.dawn()
    t.exile(7)
    t.pass_night()
    t.exile(8)
    assert t.game.winner == VILLAGE and t.alive(GIRL)


def test_she_counts_as_a_god_of_the_village_for_the_slaughter() -> None:
    t = worshipping(7)
    assert library.counted_camp(t.game, GIRL) == VILLAGE and library.category_of(t.game, GIRL) == library.GOD
    kill(t, 1)
    t.say(2, "/毒 3号")  # the gods but the witch are out: the witch left, 屠边
    t.dawn()
    t.exile(2)
    assert t.game.winner == WOLVES, t.reply()


def test_a_treasure_master_holding_her_card_keeps_his_camp() -> None:
    night = [("盗宝大师", "15分钟"), ("孤独少女", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟")]
    roster = {"狼人": 3, "预言家": 1, "孤独少女": 1, "村民": 4, "盗宝大师": 1}
    t = Table(board_text=board(roster, night))
    t.director("/开局 x")
    t.director("/底牌 狼人 孤独少女 村民")
    seats = {1: "预言家", 2: "盗宝大师", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    t.night()
    t.say(2, "/盗宝 孤独少女")
    t.say(2, "/崇拜 4号")
    assert t.changed, t.reply()
    assert t.camp(2) == WOLVES
