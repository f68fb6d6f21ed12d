"""Adversarial input on both boards: wrong seats, wrong moments, odd arguments.

A refused command gets a reply saying why and changes nothing; what a refusal says never depends on
something the sender may not know (another seat's role, whether another seat has acted).
"""

from __future__ import annotations

from bansha_engine import Event, Game
from bansha_engine.roles import cupid, halfblood
from tests.common_helpers import board, started
from tests.engine_helpers import Table, table


def replies(t: Table, seat: int, text: str) -> list[str]:
    """Say `text` as `seat`; it must be refused; return what the seat was told."""
    t.say(seat, text)
    assert not t.changed, t.reply()
    return t.to_seat(seat)


# ====================================================================== 百变小樱: refusals leak nothing


def test_a_villager_cannot_tell_whether_the_night_actors_have_acted() -> None:
    t = table()
    t.night()
    asked = {
        17: ("charge", "/冲锋 1号", "/冲锋 12号"),
        3: ("doctor", "/救治 1号", "/救治 12号"),
        6: ("adore", "/爱慕 1号", "/爱慕 12号"),
        18: ("sacrifice", "/牺牲", "/放弃 牺牲"),
    }
    before = {text: replies(t, 10, text) for _, text, _ in asked.values()}
    for actor, (step, text, act) in asked.items():
        t.say(actor, act)
        assert t.changed, t.reply()
        assert t.game.night is not None and t.game.night.state[step] == "closed"
        assert replies(t, 10, text) == before[text], text


def test_a_halfblood_killer_in_the_wolf_group_is_refused_without_naming_its_skill() -> None:
    t = table(lovers=(9, 10), master=11)  # 混血儿 9 loves a 村民: it kills at step (4), outside the group
    assert halfblood.killer(t.game) == 9
    for when in ("day", "night"):
        if when == "night":
            t.night()
        for text in ("/刀 1号", "/刀", "/寡妇刀 1号"):
            t.wolf(9, text)
            assert not t.changed
            said = "\n".join(t.to_group())
            assert said and "混血儿" not in said and "黑情侣" not in said, said
    t.say(9, "/刀 1号")  # privately it still works
    assert t.changed, t.reply()


def test_the_lovers_group_hears_no_kill_but_the_black_lovers_own() -> None:
    """Found by the fuzz test: a 混血儿 lover typing /刀 in the lovers' group was refused there with
    its skill's name (混血儿杀人), which told its partner its role."""
    t = table(lovers=(9, 10), master=11, lover_group=True)
    for when in ("day", "night"):
        if when == "night":
            t.night()
        for text in ("/刀 1号", "/刀", "/杀 12号"):
            t.say(9, text, group=30001)
            assert not t.changed
            said = "\n".join(t.to_group(group=30001))
            assert said and "混血儿" not in said, said
        t.say(9, "/投降", group=30001)
        assert not t.changed and "私聊" in t.to_group(group=30001)[0]
    t.say(9, "/刀 1号")  # privately it still works
    assert t.changed, t.reply()


# ====================================================================== both boards: passing a decision


def test_the_hunter_passing_his_shot_is_told_so_and_may_name_the_shot() -> None:
    for how in ("/放弃", "/放弃 开枪", "/放弃 最后一枪"):
        t = table()
        t.night()
        t.dawn()
        t.exile(5)  # 猎人
        assert t.game.prompts, t.reply()
        t.say(5, how)
        assert t.changed, (how, t.reply())
        assert any("放弃" in text for text in t.to_seat(5)), (how, t.reply())
        assert not t.game.prompts and t.director_got("放弃开枪")


def test_passing_a_decision_one_does_not_owe_is_refused() -> None:
    t = table()
    t.night()
    t.dawn()
    for text in ("/放弃 开枪", "/放弃 移交"):
        assert "没有等待你" in "".join(replies(t, 5, text))


def test_the_badge_handoff_cannot_be_passed_by_name_either() -> None:
    t = table()
    t.director("/警长 3号")
    t.night()
    t.dawn()
    t.exile(3)
    assert t.game.prompts
    assert "强制" in "".join(replies(t, 3, "/放弃 移交"))
    assert t.game.prompts


# ====================================================================== 百变小樱: a red card while a decision waits


def test_a_red_card_while_a_last_shot_waits_takes_effect_at_once() -> None:
    t = table()  # lovers 13 and 14
    t.night()
    t.dawn()
    t.exile(5)  # 猎人: his shot is now pending
    assert t.game.prompts
    t.director("/罚下 13号")
    assert t.changed
    assert not t.alive(13) and t.seat_got(13, "出局")
    assert not t.alive(14) and t.director_got("红牌罚下结算完毕")  # 殉情 at once
    assert t.game.prompts  # the shot still waits
    for seat in (13, 14):
        assert "已出局" in "".join(replies(t, 5, f"/开枪 {seat}号"))
    t.say(5, "/开枪 20号")
    assert t.changed, t.reply()
    assert [seat for seat, _ in t.exits()] == [5, 13, 14, 20]


def test_a_red_carded_sheriff_hands_the_badge_at_random_while_a_shot_waits() -> None:
    t = table()
    t.director("/警长 3号")
    t.night()
    t.dawn()
    t.exile(5)
    t.director("/罚下 3号")
    assert t.changed and t.game.sheriff not in (None, 3) and t.director_got("新警长")
    assert [p.seat for p in t.game.prompts] == [5]
    t.say(5, "/放弃")
    assert t.changed and not t.game.prompts and not t.game.busy()
    t.night()
    assert t.changed, t.reply()


# ====================================================================== 百变小樱: wolf-group commands typed in private


def test_a_wolf_voting_in_private_chat_is_answered_there_and_the_group_gets_the_tally() -> None:
    t = table()
    t.night()
    t.say(17, "/刀 12号")
    assert t.changed
    assert any("12号" in text for text in t.to_seat(17)), t.reply()
    assert t.group_got("17号投票")


def test_surrender_typed_in_private_chat_is_answered_there() -> None:
    t = table()
    for seat, text in ((17, "/投降"), (17, "/投降"), (18, "/同意"), (19, "/反对")):
        t.say(seat, text)
        assert t.changed, t.reply()
        assert t.to_seat(seat), (text, t.reply())
        assert t.to_group(), (text, t.reply())


def test_refused_kill_and_surrender_commands_leave_the_game_untouched() -> None:
    t = table()
    before = repr(t.game.flags)
    for seat, text in ((1, "/刀 3号"), (1, "/寡妇刀 3号"), (17, "/反对"), (1, "/反对"), (1, "/投降")):
        replies(t, seat, text)
        assert repr(t.game.flags) == before, text
    t.say(1, "/身份")
    assert repr(t.game.flags) == before


# ====================================================================== 百变小樱: red cards during the opening


def test_cupid_red_carded_before_his_arrow_leaves_a_game_without_lovers() -> None:
    for how in ("/入夜", "/推进"):
        t = table(lovers=None)
        t.director("/罚下 8号")  # 丘比特
        assert t.changed and not t.alive(8)
        t.director(how)
        assert t.changed, t.reply()
        assert t.game.phase in ("day", "night")
        assert cupid.lovers(t.game) is None and t.director_got("情侣：无")
        assert t.camp(9) == t.camp(10) and t.camp(7) == t.camp(11)  # 认亲 and 认主 still settle


def test_cupid_red_carded_after_the_arrow_still_sees_the_lovers_settled() -> None:
    t = table(lovers=(13, 19), kin=None)  # the opening waits for 混血儿
    assert t.game.phase == "opening"
    t.director("/罚下 8号")
    t.say(9, "/认亲 10号")
    assert t.changed and t.game.phase == "day"
    assert t.camp(13) == t.camp(19) == t.camp(8) == "黑情侣阵营"  # 丘比特 joins them, out or not


# ====================================================================== director commands


def test_rebinding_a_seat_to_the_same_qq_is_no_substitution() -> None:
    from tests.test_jingji12 import started

    t = started()
    assert "替补" in t.refused("导演", "/座位 3号 10003")
    assert t.game.seats[3].substitutes == 0
    t.ok("导演", "/座位 3号 10099")  # the one 替补 竞技12 allows is still there
    assert t.game.seats[3].qq == 10099


def test_a_qq_number_must_look_like_one() -> None:
    from tests.test_jingji12 import Table

    t = Table()
    t.ok("导演", "/开局 竞技12")
    for text in ("/座位 3号 0", "/座位 3号 123", "/座位 3号 ²³⁴⁵⁶", "/导演 0", "/导演 abc"):
        assert "QQ" in t.refused("导演", text), text
    t.ok("导演", "/座位 3号 10003")


def test_group_numbers_in_odd_digits_are_refused_not_crashed_on() -> None:
    t = Table()
    t.director("/开局 百变小樱")
    for text in ("/狼群 ²", "/狼群 0", "/情侣群 ³⁰⁰⁰¹", "/狼群 abc"):
        t.director(text)
        assert not t.changed and "用法" in t.to_director()[0], text
    t.director("/狼群 30000")
    assert t.changed and t.game.groups() == {30000}


def test_an_absurd_deadline_is_refused_not_crashed_on() -> None:
    from tests.test_jingji12 import started

    t = started()
    t.ok("导演", "/入夜")
    for text in ("/时限 狼人 100000000小时", "/时限 狼人 99999999999999999999秒", "/时限 狼人 31天"):
        t.refused("导演", text)
    t.ok("导演", "/时限 狼人 720小时")


def test_a_qq_or_group_number_too_long_for_any_account_is_refused() -> None:
    game = Game(1, "百变小樱", 1, "Asia/Shanghai")
    game.handle(Event("say", 0.0, 20000, "/开局 百变小樱"))
    for text in ("/导演 " + "9" * 13, "/座位 1号 " + "9" * 13, "/狼群 " + "9" * 13, "/情侣群 " + "9" * 30):
        result = game.handle(Event("say", 0.0, 20000, text))
        assert not result.changed and len(result.messages[0].text) < 100, text


def test_a_wolf_out_of_the_game_voting_in_the_group_is_told_he_is_out() -> None:
    """The group's /刀 by a member who left is refused saying so (as a skill in private chat is)."""
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "村民": 3}
    seats = {1: "预言家", 2: "村民", 3: "村民", 4: "村民", 5: "狼人", 6: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("预言家", "30分钟")]), seats)
    t.pass_night()
    t.exile(5)
    t.night()
    t.wolf(5, "/刀 2号")
    assert not t.changed and "你已出局" in t.reply(), t.reply()
