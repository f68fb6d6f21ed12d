"""Clauses of common-boards.md section 5 (出局、遗言、胜负) and section 8 (补充裁定) that name two or more
roles, played with the real roles through their chat commands (the roles' own clauses are in
tests/test_role_*.py; docs/rulings-common.md lists where each clause is tested)."""

from __future__ import annotations

from bansha_engine.model import DREAM_DEATH, KILL, POISON, REFLECT, VOTE
from tests.common_helpers import SHADOW_AVENGER, SHADOW_AVENGER_SEATS, board, started
from tests.engine_helpers import Table


def test_5_1_2_an_exit_another_leads_to_follows_it_before_the_poison() -> None:
    """「每个出局引起的出局（殉情、梦亡、开枪）紧跟在它后面」: the 摄梦人 killed, his 梦游者 leaves right
    after him, before the witch's poison."""
    night = [("摄梦人", "30分钟"), ("狼人", "30分钟"), ("女巫", "30分钟")]
    roster = {"狼人": 2, "摄梦人": 1, "女巫": 1, "村民": 4}
    seats = {1: "摄梦人", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
    t = started(board(roster, night), seats)
    t.night()
    t.say(1, "/摄梦 3号")
    t.wolf(7, "/刀 1号")
    t.wolf(8, "/刀 1号")
    t.say(2, "/毒 4号")
    t.dawn()
    assert t.exits() == [(1, KILL), (3, DREAM_DEATH), (4, POISON)], t.reply()
    assert t.director_got("出局：1号、3号、4号", ever=True), t.reply()


def test_5_1_3_once_the_game_is_over_the_exits_it_would_lead_to_do_not_happen() -> None:
    """「游戏结束后，后面的出局和技能都不再发生」: the wolves kill the last 神职, the 摄梦人: they win, and his
    梦游者 does not follow him."""
    night = [("摄梦人", "30分钟"), ("狼人", "30分钟"), ("女巫", "30分钟")]
    roster = {"狼人": 2, "摄梦人": 1, "女巫": 1, "村民": 3}
    seats = {1: "摄梦人", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, night), seats)
    t.night()
    t.say(1, "/摄梦 3号")
    t.wolf(6, "/刀 2号")
    t.wolf(7, "/刀 2号")
    t.say(2, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(1, "/摄梦 4号")
    t.wolf(6, "/刀 1号")
    t.wolf(7, "/刀 1号")
    t.dawn()
    assert t.game.winner == "狼人阵营" and t.exits() == [(2, KILL), (1, KILL)], t.reply()


def test_5_1_4_a_wounded_masked_man_is_not_out_for_the_win() -> None:
    """「免于出局的规则（…负伤…）在出局之前判断；免于出局的人不算出局」: the wolves' kill of the last 神职,
    the 蒙面人, wounds him: no win at that dawn; the wolves win when he leaves at the next exile."""
    night = [("狼人", "30分钟"), ("女巫", "30分钟")]
    roster = {"狼人": 2, "女巫": 1, "蒙面人": 1, "村民": 2}
    seats = {1: "女巫", 2: "蒙面人", 3: "村民", 4: "村民", 5: "狼人", 6: "狼人"}
    t = started(board(roster, night), seats)
    t.night()
    t.wolf(5, "/刀 1号")
    t.wolf(6, "/刀 1号")
    t.say(1, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    t.wolf(5, "/刀 2号")
    t.wolf(6, "/刀 2号")
    t.dawn()
    assert t.alive(2) and not t.game.ended, t.reply()
    t.exile(None)
    assert t.exits() == [(1, KILL), (2, KILL)] and t.game.winner == "狼人阵营", t.reply()


def test_5_2_1_the_first_nights_next_day_exits_and_the_exits_they_lead_to_have_last_words() -> None:
    """「第1夜的所有出局（包括次日出局和由它引起的出局）…有遗言」 (2.10.1 第3条): the seer's 反伤 off the
    恶灵骑士, the 梦游者 who follows the 摄梦人; not on night 2."""
    night = [("狼人", "30分钟"), ("预言家", "30分钟"), ("摄梦人", "30分钟")]
    roster = {"狼人": 1, "恶灵骑士": 1, "预言家": 1, "摄梦人": 1, "村民": 4}
    seats = {1: "预言家", 2: "摄梦人", 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "恶灵骑士"}
    t = started(board(roster, night), seats)
    t.night()
    t.say(2, "/摄梦 3号")
    t.wolf(7, "/刀 2号")
    t.wolf(8, "/刀 2号")
    t.say(1, "/预言 8号")
    t.dawn()
    assert t.exits() == [(2, KILL), (3, DREAM_DEATH), (1, REFLECT)], t.reply()
    for seat in (1, 3):
        assert t.seat_got(seat, "你有遗言权利", ever=True), seat
    t = started(board(roster, night), seats)
    t.night()
    t.say(2, "/摄梦 4号")
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")
    t.say(1, "/预言 7号")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(2, "/摄梦 3号")
    t.wolf(7, "/刀 2号")
    t.wolf(8, "/刀 2号")
    t.say(1, "/预言 8号")
    t.dawn()
    assert t.exits() == [(2, KILL), (3, DREAM_DEATH), (1, REFLECT)], t.reply()
    assert not any(t.seat_got(seat, "遗言", ever=True) for seat in (1, 2, 3)), t.reply()


def test_supplement_5_the_cursed_fox_is_judged_after_the_blood_moon_apostle() -> None:
    """补充裁定 5 「咒狐的查验出局排在这一夜所有出局的最后（血月使徒之后，5.3.7）」: the last wolf, a 血月使徒
    exiled, leaves at the dawn of the night the seer checks the 咒狐; the village's condition is met with the
    咒狐 still counted alive, so 咒狐阵营 wins."""
    night = [("狼人", "30分钟"), ("预言家", "30分钟")]
    roster = {"血月使徒": 1, "预言家": 1, "咒狐": 1, "村民": 3}
    seats = {1: "预言家", 2: "咒狐", 3: "村民", 4: "村民", 5: "村民", 6: "血月使徒"}
    t = started(board(roster, night), seats)
    t.night()
    t.wolf(6, "/刀 3号")
    t.say(1, "/预言 4号")
    t.dawn()
    t.exile(6)
    assert t.alive(6) and not t.game.ended, t.reply()
    t.night()
    t.wolf(6, "/刀 空")
    t.say(1, "/预言 2号")
    t.dawn()
    assert t.exits() == [(3, KILL), (6, VOTE)] and t.game.winner == "咒狐阵营", t.reply()
    assert t.director_got("咒狐阵营胜利", ever=True), t.reply()


def test_supplement_7_an_avenger_helping_the_village_counts_as_a_god() -> None:
    """补充裁定 7 「每个板子的神职是…再加上按 5.3.2 当时算神职的人（帮村民的复仇者）」: with the 预言家,
    女巫 and 猎人 out, the 复仇者 the 影子's choice of a wolf set on the village's side keeps its gods' side
    standing; the wolves win once he is out too."""
    t = started(SHADOW_AVENGER, SHADOW_AVENGER_SEATS)
    t.night()
    t.say(4, "/模仿 8号")
    assert t.seat_got(5, "你现在属于村民阵营"), t.reply()
    for god in (1, 2, 3):
        if god != 1:
            t.exile(None)
            t.night()
        t.wolf(8, f"/刀 {god}号")
        t.wolf(9, f"/刀 {god}号")
        t.dawn()
    assert [seat for seat, cause in t.exits()] == [1, 2, 3] and not t.game.ended, t.reply()
    t.exile(5)  # the game is over at his exit: no 刺杀 (5.1 第3条)
    assert t.game.winner == "狼人阵营" and not t.seat_got(5, "刺杀"), t.reply()


def test_supplement_18_the_poisoners_poison_reflects_off_the_evil_knight_and_a_sheltered_wolf() -> None:
    """补充裁定 18 「毒师的毒药也触发恶灵骑士的反伤」; the 黑夜使者's 「毒他的人」 too (3.2)."""
    night = [("狼人", "30分钟"), ("黑夜使者", "30分钟"), ("毒师", "30分钟")]
    roster = {"狼人": 1, "恶灵骑士": 1, "黑夜使者": 1, "毒师": 1, "村民": 4}
    seats = {1: "毒师", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "恶灵骑士", 8: "黑夜使者"}
    for shelter, poisoned in (("/放弃", 7), ("/庇护 6号", 6)):
        t = started(board(roster, night), seats)
        t.night()
        for wolf in (6, 7, 8):
            t.wolf(wolf, "/刀 3号")
        t.say(8, shelter)
        t.say(1, f"/毒 {poisoned}号")
        t.dawn()
        assert t.alive(poisoned) and t.exits() == [(3, KILL), (1, REFLECT)], (shelter, t.reply())


def poison_knight_board() -> Table:
    night = [("狼人", "30分钟"), ("毒师", "30分钟"), ("预言家", "30分钟")]
    roster = {"狼人": 1, "恶灵骑士": 1, "毒师": 1, "预言家": 1, "村民": 3}
    seats = {1: "毒师", 2: "预言家", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "恶灵骑士"}
    return started(board(roster, night), seats)


def test_supplement_18_checked_and_poisoned_the_same_night_only_the_checker_leaves() -> None:
    """3.2 恶灵骑士 「同一夜既被查验又被毒，只有查验的人出局」, the poison the 毒师's (补充裁定 18)."""
    t = poison_knight_board()
    t.night()
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    t.say(1, "/毒 7号")
    t.say(2, "/预言 7号")
    t.dawn()
    assert t.exits() == [(3, KILL), (2, REFLECT)] and t.alive(1), t.reply()


def test_5_3_7_and_8_the_piper_wins_with_a_hypnotized_cursed_fox_alive() -> None:
    """5.3.7 「狼人阵营或村民阵营的条件满足而咒狐活着，咒狐阵营胜利」 takes a win by the count of camps; the
    吹笛者's own condition (5.3.8 「除吹笛者外所有存活的人都被催眠了」) is met with the 咒狐 hypnotized, and
    吹笛者阵营 wins."""
    night = [("狼人", "30分钟"), ("吹笛者", "30分钟")]
    roster = {"狼人": 1, "吹笛者": 1, "咒狐": 1, "村民": 2}
    t = started(board(roster, night), {1: "吹笛者", 2: "咒狐", 3: "村民", 4: "村民", 5: "狼人"})
    t.night()
    t.wolf(5, "/刀 空")
    t.say(1, "/催眠 2号 3号")
    t.dawn()
    t.exile(None)
    t.night()
    t.wolf(5, "/刀 空")
    t.say(1, "/催眠 4号 5号")
    t.dawn()
    assert t.alive(2) and t.game.winner == "吹笛者阵营", t.reply()


def test_supplement_10_a_fear_does_not_keep_the_bride_from_her_wedding() -> None:
    """补充裁定 10 「只在第1夜做一次的「必须」选择（…鬼魂新娘、证婚…）不受封印影响」: the real 噩梦之影 fears her."""
    night = [("噩梦之影", "15分钟"), ("鬼魂新娘", "30分钟"), ("证婚", "60分钟"), ("狼人", "90分钟")]
    roster = {"狼人": 1, "噩梦之影": 1, "鬼魂新娘": 1, "村民": 4}
    t = started(
        board(roster, night),
        {1: "鬼魂新娘", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "噩梦之影"},
    )
    t.night()
    t.say(7, "/恐惧 1号")
    t.say(1, "/新郎 2号")
    assert t.changed and t.seat_got(2, "你成为1号鬼魂新娘的新郎"), t.reply()
    t.say(1, "/证婚 3号")
    assert t.changed and t.camp(3) == "鬼魂新娘阵营", t.reply()


def test_supplement_11_a_fear_is_not_moved_by_a_swap() -> None:
    """补充裁定 11 「恐惧、冰冻在步骤里就生效，不受它们影响」: the 魔术师 swaps 1号 and 3号; the 噩梦之影's fear of
    1号 stays on 1号, who may not check."""
    night = [("噩梦之影", "15分钟"), ("魔术师", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟")]
    roster = {"狼人": 1, "噩梦之影": 1, "魔术师": 1, "预言家": 1, "村民": 3}
    seats = {1: "预言家", 2: "魔术师", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "噩梦之影"}
    t = started(board(roster, night), seats)
    t.night()
    t.say(7, "/恐惧 1号")
    t.say(2, "/交换 1号 3号")
    t.say(1, "/预言 6号")
    assert not t.changed and "你今晚被恐惧" in t.reply(), t.reply()
