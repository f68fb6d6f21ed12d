"""机械狼 (机械狼人, common-boards.md 3.2)."""

from __future__ import annotations

from bansha_engine import checks, pack
from bansha_engine.library import ROLES
from bansha_engine.model import GUARDED_AND_SAVED, KILL, POISON, SHOT
from bansha_engine.roles import mech_wolf
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("守卫", "30分钟"),
    ("机械狼", "30分钟"),
    ("狼人", "30分钟"),
    ("女巫", "60分钟"),
    ("预言家", "30分钟"),
]
SEATS = {
    1: "机械狼",
    2: "守卫",
    3: "女巫",
    4: "预言家",
    5: "猎人",
    6: "村民",
    7: "村民",
    8: "狼人",
    9: "狼人",
}
ROSTER = {"狼人": 2, "机械狼": 1, "守卫": 1, "女巫": 1, "预言家": 1, "猎人": 1, "村民": 2}


def learned(target: int, **keys: str) -> Table:
    """Night 1: the 机械狼 learns `target`; nobody else acts; day 2 with nobody exiled; night 2 open."""
    t = started(board(ROSTER, NIGHT, **keys), SEATS)
    t.night()
    t.say(1, f"/学习 {target}号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(1, f"{target}号的身份是{SEATS[target]}"), t.reply()
    t.exile(None)
    t.night()
    return t


def test_he_learns_a_role_on_night_one_told_at_the_resolution() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    t.say(1, "/学习 1号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(1, "/学习 3号")
    assert t.seat_got(1, "今晚学习3号") and not t.seat_got(1, "女巫"), t.reply()
    t.dawn()
    assert t.seat_got(1, "第1夜学习结果：3号的身份是女巫"), t.reply()
    assert t.director_got("1号（机械狼）学到3号的身份：女巫"), t.reply()


def test_only_on_night_one() -> None:
    t = learned(3)
    t.say(1, "/学习 4号")
    assert not t.changed and "只有第1夜可以学习" in t.reply(), t.reply()


def test_not_usable_on_the_night_he_learns_it() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    t.say(1, "/学习 2号")
    t.say(1, "/守护 6号")
    assert not t.changed and "你还没有学到身份" in t.reply(), t.reply()


def test_checked_he_answers_the_role_he_learned_or_mech_wolf() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    assert checks.role_of(t.game, 1) == "机械狼"
    assert checks.camp_of(t.game, 1) == "非村民阵营"
    t.night()
    t.say(1, "/学习 4号")
    t.dawn()
    assert checks.role_of(t.game, 1) == "预言家"


def test_a_learned_guard_guards_by_the_guards_rules() -> None:
    t = learned(2)
    assert t.seat_got(1, "你学到了守卫"), t.reply()
    t.say(1, "/守护 6号")
    assert t.seat_got(1, "今晚守护6号"), t.reply()
    t.wolf(8, "/刀 6号")
    t.wolf(9, "/刀 6号")
    t.dawn()
    assert t.alive(6) and t.director_got("6号被狼人指杀，机械狼守护生效"), t.reply()
    t.exile(None)
    t.night()
    t.say(1, "/守护 6号")
    assert not t.changed and "不能连续两晚守护同一名玩家" in t.reply(), t.reply()
    t.say(1, "/守护 空")
    assert t.changed and t.seat_got(1, "今晚空守"), t.reply()


def test_his_guard_counts_for_guarded_and_saved() -> None:
    """「同守同救也算他的守护，裁定」."""
    t = learned(2)
    t.say(1, "/守护 6号")
    t.wolf(8, "/刀 6号")
    t.wolf(9, "/刀 6号")
    t.say(3, "/救 6号")
    t.dawn()
    assert t.exits() == [(6, GUARDED_AND_SAVED)], t.reply()
    assert t.director_got("同时被机械狼守护和女巫救药"), t.reply()


def test_a_learned_witch_has_one_poison_and_no_save() -> None:
    t = learned(3)
    assert t.seat_got(1, "你学到了女巫的毒药") and not t.seat_got(1, "被指杀"), t.reply()
    t.say(1, "/救 6号")
    assert not t.changed and "你不是女巫" in t.reply(), t.reply()
    t.say(1, "/毒 7号")
    assert t.seat_got(1, "对7号使用毒药"), t.reply()
    t.dawn()
    assert (7, POISON) in t.exits(), t.reply()
    t.exile(None)
    t.night()
    assert not t.seat_got(1, "毒药"), t.reply()  # spent: no step for him tonight
    t.say(1, "/毒 6号")
    assert not t.changed, t.reply()


def test_the_witchs_poison_stays_hers() -> None:
    """/毒 reaches each sender's own role (the board's dispatcher)."""
    t = learned(3)
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(3, "/毒 6号")
    assert t.seat_got(3, "对6号使用毒药"), t.reply()
    t.say(6, "/毒 7号")
    assert not t.changed and "你不是" in t.reply(), t.reply()


def test_a_learned_seer_checks_camps() -> None:
    t = learned(4)
    t.say(1, "/预言 8号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.seat_got(1, "8号是非村民阵营"), t.reply()


def test_a_learned_medium_checks_roles() -> None:
    text = board({**ROSTER, "村民": 1, "通灵师": 1}, [*NIGHT, ("通灵师", "30分钟")])
    t = started(text, {**SEATS, 6: "通灵师"})
    t.night()
    t.say(1, "/学习 6号")
    t.dawn()
    assert t.seat_got(1, "6号的身份是通灵师", ever=True), t.reply()
    t.exile(None)
    t.night()
    t.say(1, "/通灵 5号")
    assert t.changed, t.reply()
    t.say(6, "/通灵 1号")  # 「通灵师查验他，得到他学到的身份」
    t.dawn()
    assert t.seat_got(1, "5号的身份是猎人", ever=True), t.reply()
    assert t.seat_got(6, "1号的身份是通灵师", ever=True), t.reply()


def test_a_learned_hunter_shoots_when_he_leaves() -> None:
    t = learned(5)
    t.dawn()
    t.exile(1)
    assert t.seat_got(1, "开枪"), t.reply()
    t.say(1, "/开枪 7号")
    assert (7, SHOT) in t.exits(), t.reply()


def test_a_learned_hunter_does_not_shoot_when_poisoned() -> None:
    t = learned(5)
    t.wolf(8, "/刀 空")
    t.wolf(9, "/刀 空")
    t.say(3, "/毒 1号")
    t.dawn()
    assert (1, POISON) in t.exits() and not t.seat_got(1, "/开枪"), t.reply()
    assert t.director_got("1号（机械狼，学到猎人）被毒杀，不能开枪"), t.reply()


def test_a_learned_hunter_shoots_by_the_boards_hunter_options() -> None:
    """「出局时按板子猎人的选项开枪」: the 猎人's 被带走开枪: 不可以 bars his shot when a shot takes him."""
    roster = {**ROSTER, "猎人": "{数量: 1, 被带走开枪: 不可以}"}
    t = started(board(roster, NIGHT), SEATS)
    t.night()
    t.say(1, "/学习 5号")
    t.dawn()
    t.exile(5)
    t.say(5, "/开枪 1号")
    assert (1, SHOT) in t.exits() and not t.seat_got(1, "/开枪"), t.reply()
    assert t.director_got("1号（机械狼，学到猎人）") and t.director_got("不能开枪"), t.reply()


def test_not_on_the_night_he_learns_the_hunter() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.night()
    t.say(1, "/学习 5号")
    t.wolf(8, "/刀 1号")
    t.wolf(9, "/刀 1号")
    t.dawn()
    assert (1, KILL) in t.exits() and not t.seat_got(1, "/开枪"), t.reply()


def test_no_skill_from_a_villager() -> None:
    t = learned(6)
    assert not t.seat_got(1, "你学到了"), t.reply()
    t.say(1, "/守护 7号")
    assert not t.changed and "你学到的是村民" in t.reply(), t.reply()


def test_a_learned_wolf_holding_the_knife_kills_past_guard_save_and_dreams() -> None:
    """「接刀后他的刀无视守护、解药、梦游」: once the group is out (night 4 here) he holds the knife
    (2.8) and his kill is 穿透: the seat guarded and saved leaves by the kill."""
    t = learned(8)
    assert mech_wolf.kill_kind(t.game, KILL) is None  # the group holds the knife
    t.dawn()
    t.exile(8)
    t.night()
    t.dawn()
    t.exile(9)
    t.night()  # night 4: no living member of the group
    assert t.seat_got(1, "今晚起由你刀人") and mech_wolf.holds_the_knife(t.game, 1), t.reply()
    t.say(2, "/守护 6号")
    t.say(1, "/刀 6号")
    assert t.changed, t.reply()
    t.say(3, "/救 6号")
    t.dawn()
    assert (6, KILL) in t.exits() and not t.director_got("同守同救"), t.reply()


def test_learned_no_wolf_his_knife_is_stopped_as_any() -> None:
    t = learned(6)
    t.dawn()
    t.exile(8)
    t.night()
    t.dawn()
    t.exile(9)
    t.night()
    t.say(2, "/守护 7号")
    t.say(1, "/刀 7号")
    t.dawn()
    assert t.alive(7) and mech_wolf.kill_kind(t.game, KILL) is None, t.reply()


def test_the_alias_and_a_lone_wolf_who_may_not_explode() -> None:
    roster = {**ROSTER, "机械狼人": 1}
    del roster["机械狼"]
    t = started(board(roster, NIGHT), SEATS)
    assert t.game.board.roster["机械狼"] == 1 and t.role(1) == "机械狼"
    assert pack.is_lone_wolf(t.game, 1) and 1 not in pack.members(t.game)
    assert not ROLES["机械狼"].self_destructs


def test_his_poison_takes_any_living_seat() -> None:
    t = learned(3)
    t.say(1, "/毒 1号")
    assert t.changed, t.reply()


def test_no_step_without_a_command_left() -> None:
    t = learned(5)  # the 猎人: nothing to do at night
    assert not t.seat_got(1, "【第2夜】"), t.reply()
    t.say(1, "/守护 6号")
    assert not t.changed and "你学到的是猎人" in t.reply(), t.reply()


def test_he_may_not_explode_where_wolves_may() -> None:
    t = started(board(ROSTER, NIGHT, 自爆="双爆吞警徽"), SEATS)
    t.say(1, "/自爆")
    assert not t.changed and "单身狼不能自爆" in t.reply(), t.reply()


def test_a_seat_of_neither_role_using_a_shared_word_is_told_whose_it_is() -> None:
    """/毒 is the 女巫's and the 机械狼's on this board: a villager is told both (roster order of the defs), and nothing changes."""
    from tests.common_helpers import board, started

    text = board(
        {"狼人": 2, "机械狼": 1, "女巫": 1, "预言家": 1, "村民": 3},
        [("狼人", "30分钟"), ("机械狼", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")],
    )
    t = started(
        text, {1: "预言家", 2: "女巫", 3: "机械狼", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
    )
    t.night()
    t.say(4, "/毒 7号")
    assert not t.changed and "你不是机械狼或女巫" in t.reply(), t.reply()
