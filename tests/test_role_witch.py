"""女巫's options and rules of common-boards.md 2.5: 双药, 自毒, what she learns, potions spent in vain."""

from __future__ import annotations

import pytest

from bansha_engine.model import KILL, POISON, REFLECT
from bansha_engine.roles import witch
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "30分钟")]
SEATS = {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def witch_board(**options: str) -> str:
    written = "".join(f", {k}: {v}" for k, v in options.items())
    night = [("狼人", "30分钟"), ("女巫", "30分钟"), ("预言家", "30分钟")]
    return board({"狼人": 2, "预言家": 1, "女巫": f"{{数量: 1{written}}}", "村民": 3}, night)


def wolves_kill(t: Table, seat: int | str) -> None:
    t.night()
    word = seat if isinstance(seat, str) else f"{seat}号"
    t.wolf(6, f"/刀 {word}")
    t.wolf(7, f"/刀 {word}")


def holds(t: Table, potion: str) -> bool:
    return witch.has(t.game, 2, potion)


# ---------------------------------------------------------------- 双药 (2.5 第2条)


def test_by_default_one_potion_a_night_ends_her_step() -> None:
    t = started(witch_board(), SEATS)
    wolves_kill(t, 3)
    assert t.seat_got(2, "今晚只能用一瓶药")
    t.say(2, "/救 3号")
    assert t.changed and "你今晚的用药已结束" not in t.reply()
    t.say(2, "/毒 6号")
    assert not t.changed and "你已提交女巫用药，不能更改" in t.reply(), t.reply()


def test_both_potions_save_then_poison_the_same_night() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    assert t.seat_got(2, "今晚两瓶药可以先后使用")
    t.say(2, "/救 3号")
    assert t.changed and "毒药仍可使用" in t.reply(), t.reply()
    t.say(2, "/毒 6号")
    assert t.changed and "你今晚的用药已结束" in t.reply(), t.reply()
    t.say(1, "/预言 7号")
    assert t.alive(3) and not t.alive(6) and t.exits() == [(6, POISON)], t.reply()
    assert not holds(t, "save") and not holds(t, "poison")
    assert t.director_got("2号（女巫）对3号使用救药") and t.director_got("2号（女巫）对6号使用毒药")


def test_both_potions_poison_then_save() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/毒 6号")
    assert t.changed and "救药仍可使用" in t.reply(), t.reply()
    t.say(2, "/救 3号")
    assert t.changed and "你今晚的用药已结束" in t.reply(), t.reply()
    t.dawn()
    assert t.alive(3) and not t.alive(6)


@pytest.mark.parametrize(("first", "second"), [("/救 3号", "/毒 3号"), ("/毒 4号", "/救 4号")])
def test_both_potions_never_on_one_seat_the_same_night(first: str, second: str) -> None:
    """Ruling of the post: 同一夜救和毒同一人被拒绝."""
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, first)
    t.say(2, second)
    assert not t.changed and "今晚不能对同一名玩家既救又毒" in t.reply(), t.reply()


def test_both_potions_a_pass_ends_her_step_and_the_potion_used_stands() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(2, "/放弃")
    assert t.changed, t.reply()
    t.say(1, "/放弃")
    assert t.game.night is None and t.alive(3), t.reply()  # every step over: the night resolved
    assert not holds(t, "save") and holds(t, "poison")


def test_both_potions_passing_the_one_left_ends_her_step() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(2, "/放弃 毒药")
    assert t.changed and "你今晚的用药已结束" in t.reply(), t.reply()
    assert t.game.night is not None and t.game.night.state[witch.STEP] == "closed"
    t.say(2, "/毒 6号")
    assert not t.changed and "你已提交女巫用药，不能更改" in t.reply(), t.reply()


def test_both_potions_passing_one_first_leaves_the_other() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/放弃 救药")
    assert t.changed and "毒药仍可使用" in t.reply(), t.reply()
    t.say(2, "/毒 6号")
    assert t.changed and "你今晚的用药已结束" in t.reply(), t.reply()
    t.dawn()
    assert not t.alive(3) and not t.alive(6) and holds(t, "save")


def test_both_potions_passing_a_potion_used_takes_it_back() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(2, "/放弃 救药")
    assert t.changed and "已撤回并放弃今晚的救药" in t.reply(), t.reply()
    t.say(2, "/放弃")
    t.dawn()
    assert not t.alive(3) and holds(t, "save") and holds(t, "poison")


def test_both_potions_sent_again_changes_the_target() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/毒 6号")
    t.say(2, "/毒 7号")
    assert t.changed, t.reply()
    t.say(2, "/放弃")
    t.dawn()
    assert t.alive(6) and not t.alive(7)


def test_both_potions_at_the_deadline_what_she_used_stands_and_she_is_told() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(1, "/预言 6号")
    t.wait(31 * 60)
    assert t.seat_got(2, "已记录的用药照常生效（对3号使用救药），剩下的药视为放弃"), t.reply()
    assert t.alive(3) and not holds(t, "save") and holds(t, "poison")


def test_both_potions_with_one_left_the_step_ends_with_it() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(2, "/放弃")
    t.dawn()
    t.exile(None)
    wolves_kill(t, 4)
    assert not t.seat_got(2, "通灵"), t.reply()  # her save is used: she no longer learns the kill (2.5 第4条)
    t.say(2, "/毒 6号")
    assert t.changed and "你今晚的用药已结束" in t.reply(), t.reply()


def test_both_potions_is_told_in_her_identity() -> None:
    t = started(witch_board(双药="可以"), SEATS)
    t.say(2, "/身份")
    assert "同一晚可以先后使用两瓶药，但不能对同一名玩家既救又毒" in t.reply(), t.reply()


# ---------------------------------------------------------------- 自毒 (2.5 第3条)


def test_by_default_she_may_poison_herself() -> None:
    t = started(witch_board(), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/毒 2号")
    assert t.changed, t.reply()
    t.dawn()
    assert not t.alive(2)


def test_no_self_poison_refuses_her_own_seat() -> None:
    t = started(witch_board(自毒="不可以"), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/毒 2号")
    assert not t.changed and "不能选择自己作为毒药对象" in t.reply(), t.reply()
    t.say(2, "/身份")
    assert "毒药不能用在自己身上" in t.reply()


# ---------------------------------------------------------------- what she learns (2.5 第4条, 2.2 第6条)


def test_she_learns_no_kill_when_the_wolves_kill_nobody() -> None:
    t = started(witch_board(), SEATS)
    wolves_kill(t, "空")
    assert t.seat_got(2, "通灵：今晚无人被指杀"), t.reply()


DREAM_SEATS = {**SEATS, 5: "摄梦人"}


def dreaming(dreamer: int, **options: str) -> Table:
    """Night 1 of a board with a real 摄梦人 (5号), who makes `dreamer` tonight's 梦游者."""
    written = "".join(f", {k}: {v}" for k, v in options.items())
    roster = {"狼人": 2, "预言家": 1, "女巫": f"{{数量: 1{written}}}", "摄梦人": 1, "村民": 2}
    night = [("摄梦人", "30分钟"), ("狼人", "30分钟"), ("女巫", "30分钟"), ("预言家", "30分钟")]
    t = started(board(roster, night), DREAM_SEATS)
    t.night()
    t.say(5, f"/摄梦 {dreamer}号")
    assert t.changed, t.reply()
    return t


def test_she_learns_the_seat_the_wolves_chose_not_an_immunity() -> None:
    t = dreaming(3)  # 3 is immune tonight (a 梦游者): she is not told
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    assert t.seat_got(2, "通灵：今晚被指杀的是3号。"), t.reply()


# ---------------------------------------------------------------- potions spent in vain (2.5 第5、6条)


def test_a_save_on_a_seat_immune_tonight_is_spent_in_vain() -> None:
    t = dreaming(3)
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    t.say(2, "/救 3号")
    t.dawn()
    assert t.alive(3) and not holds(t, "save")
    assert not t.director_got("女巫救药生效"), t.reply()


def test_a_save_on_a_seat_nobody_killed_is_spent() -> None:
    t = started(witch_board(), SEATS)
    wolves_kill(t, 3)
    t.say(2, "/救 4号")
    t.dawn()
    assert not t.alive(3) and not holds(t, "save")


def test_a_poison_on_a_dreamer_is_spent_in_vain() -> None:
    """2.5 第6条 「当夜的梦游者」: the poison goes through damage.strike, the 梦游者's immunity keeps it off."""
    t = dreaming(6, 双药="可以")
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    t.say(2, "/救 3号")
    t.say(2, "/毒 6号")
    t.dawn()
    assert t.alive(6) and t.alive(3) and not holds(t, "poison"), t.reply()


@pytest.mark.parametrize("role", ["猎魔人", "舞者"])
def test_a_poison_on_a_role_immune_to_it_is_spent_in_vain(role: str) -> None:
    """2.5 第6条: 「毒药用在免疫毒药的人身上（…猎魔人、舞者…）：药用掉，没有人出局」."""
    night = [("狼人", "30分钟"), ("女巫", "30分钟"), ("预言家", "30分钟"), (role, "30分钟")]
    t = started(board({"狼人": 2, "预言家": 1, "女巫": 1, role: 1, "村民": 2}, night), {**SEATS, 5: role})
    wolves_kill(t, "空")
    t.say(2, "/毒 5号")
    t.dawn()
    assert t.alive(5) and t.exits() == [] and not holds(t, "poison"), t.reply()


def test_a_sealed_witch_told_nothing_spends_her_potion_in_vain() -> None:
    """2.10.3 第2条 with 封印告知: 不可以: 「一次性的东西（药）照样算用掉」."""
    night = [("噩梦之影", "15分钟"), ("狼人", "30分钟"), ("女巫", "30分钟"), ("预言家", "30分钟")]
    text = board({"狼人": 1, "噩梦之影": 1, "预言家": 1, "女巫": 1, "村民": 3}, night, 封印告知="不可以")
    t = started(text, {**SEATS, 7: "噩梦之影"})
    t.night()
    t.say(7, "/恐惧 2号")
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    t.say(2, "/毒 6号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.alive(6) and not t.alive(3) and not holds(t, "poison")
    assert t.director_got("2号（女巫）对6号使用毒药（被恐惧，没有效果）"), t.reply()
    assert t.exits() == [(3, KILL)]


FOX_SEATS = {1: "预言家", 2: "女巫", 3: "咒狐", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def fox_board() -> str:
    return board({"狼人": 2, "预言家": 1, "女巫": 1, "咒狐": 1, "村民": 2}, NIGHT + [("预言家", "30分钟")])


def test_a_save_on_the_cursed_fox_the_wolves_chose_is_spent_in_vain() -> None:
    t = started(fox_board(), FOX_SEATS)
    wolves_kill(t, 3)
    assert t.seat_got(2, "通灵：今晚被指杀的是3号。"), t.reply()  # she learns the seat, not the immunity
    t.say(2, "/救 3号")
    t.dawn()
    assert t.alive(3) and not holds(t, "save") and not t.director_got("女巫救药生效"), t.reply()


def test_a_poison_on_the_cursed_fox_is_spent_in_vain() -> None:
    """补充裁定 18: the 咒狐 is immune to the poison under 被毒出局: 不可以 (his default)."""
    t = started(fox_board(), FOX_SEATS)
    wolves_kill(t, 4)
    t.say(2, "/毒 3号")
    t.dawn()
    assert t.alive(3) and not t.alive(4) and not holds(t, "poison"), t.reply()


def test_both_potions_a_poison_on_the_evil_knight_reflects_on_her_and_her_save_stands() -> None:
    """2.5 第6条 「毒恶灵骑士会触发反伤」 with 双药: the poison reaches his 反伤 through damage.strike."""
    seats = {1: "预言家", 2: "女巫", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "恶灵骑士"}
    night = [("狼人", "30分钟"), ("女巫", "30分钟"), ("预言家", "30分钟")]
    text = board({"狼人": 1, "恶灵骑士": 1, "预言家": 1, "女巫": "{数量: 1, 双药: 可以}", "村民": 3}, night)
    t = started(text, seats)
    wolves_kill(t, 3)
    t.say(2, "/救 3号")
    t.say(2, "/毒 7号")
    t.say(1, "/放弃")
    assert t.alive(3) and t.alive(7) and t.exits() == [(2, REFLECT)], t.reply()
