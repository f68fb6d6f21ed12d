"""猎魔人 (common-boards.md 3.1, 2.10.1, 5.1.2, 补充裁定 5)."""

from __future__ import annotations

from bansha_engine.model import DREAM_DEATH, HUNT, KILL, WOLF_KING_SHOT
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [
    ("魔术师", "30分钟"),
    ("狼人", "30分钟"),
    ("猎魔人", "30分钟"),
    ("摄梦人", "30分钟"),
    ("女巫", "60分钟"),
]
SEATS = {
    1: "猎魔人",
    2: "女巫",
    3: "魔术师",
    4: "摄梦人",
    5: "村民",
    6: "村民",
    7: "狼王",
    8: "狼人",
    9: "狼人",
}


def game(seats: dict[int, str] | None = None, extra: dict[str, int | str] | None = None) -> Table:
    roster: dict[str, int | str] = {
        "狼人": 2,
        "狼王": 1,
        "猎魔人": 1,
        "女巫": 1,
        "魔术师": 1,
        "摄梦人": "{数量: 1, 空摄: 可以}",
        "村民": 2,
        **(extra or {}),
    }
    return started(board(roster, NIGHT), seats or SEATS)


def first_night(t: Table) -> None:
    t.night()
    t.say(1, "/狩猎 7号")
    assert not t.changed and "第2夜起" in t.reply(), t.reply()
    quiet(t)
    t.dawn()
    t.exile(None)


def quiet(t: Table) -> None:
    for wolf in (7, 8, 9):
        if t.alive(wolf):
            t.wolf(wolf, "/刀 空")


def hunt_night(t: Table, target: int, *others: tuple[int, str]) -> None:
    t.night()
    t.say(1, f"/狩猎 {target}号")
    assert t.changed and t.seat_got(1, f"已记录：今晚狩猎{target}号"), t.reply()
    quiet(t)
    for seat, command in others:
        t.say(seat, command)
        assert t.changed, t.reply()
    t.dawn()


def test_hunting_a_wolf_takes_the_wolf_and_he_may_shoot_by_his_options() -> None:
    t = game()
    first_night(t)
    hunt_night(t, 8)
    assert t.exits() == [(8, HUNT)], t.reply()
    assert t.director_got("1号（猎魔人）狩猎8号：8号是狼人阵营"), t.reply()


def test_hunting_a_villager_takes_the_hunter_himself() -> None:
    t = game()
    first_night(t)
    hunt_night(t, 5)
    assert t.exits() == [(1, HUNT)] and t.alive(5), t.reply()
    assert t.director_got("不是狼人阵营，猎魔人出局"), t.reply()


def test_a_hunted_wolf_king_shoots_as_taken() -> None:
    t = game()
    first_night(t)
    hunt_night(t, 7)
    assert t.exits() == [(7, HUNT)] and t.seat_got(7, "/开枪 N号 带走"), t.reply()
    t.say(7, "/开枪 5号")
    assert t.exits() == [(7, HUNT), (5, WOLF_KING_SHOT)], t.reply()


def test_he_is_immune_to_poison_and_the_potion_is_spent() -> None:
    t = game()
    t.night()
    quiet(t)
    t.say(2, "/毒 1号")
    t.dawn()
    assert t.exits() == [] and t.alive(1), t.reply()
    t.say(2, "/身份")
    assert "毒药 —— 已用完" in t.reply()


def test_a_swap_moves_the_hunt() -> None:
    t = game()
    first_night(t)
    hunt_night(t, 5, (3, "/交换 5号 8号"))
    assert t.exits() == [(8, HUNT)] and t.alive(1), t.reply()


def test_the_hunt_is_not_stopped_by_the_witchs_save() -> None:
    t = game()
    first_night(t)
    hunt_night(t, 6, (2, "/救 1号"))
    assert t.exits() == [(1, HUNT)], t.reply()


def test_night_exits_follow_the_order_of_their_steps() -> None:
    """补充裁定 5: the kill first, then 狩猎 and 梦亡一 in the 夜晚 order of 猎魔人 and 摄梦人."""
    t = game()
    t.night()
    t.say(4, "/摄梦 6号")
    quiet(t)
    t.dawn()
    t.exile(None)
    t.night()
    t.say(4, "/摄梦 6号")
    t.say(1, "/狩猎 5号")
    for wolf in (7, 8, 9):
        t.wolf(wolf, "/刀 3号")
    t.dawn()
    assert t.exits() == [(3, KILL), (1, HUNT), (6, DREAM_DEATH)], t.reply()


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    first_night(t)
    t.night()
    for seat, command, why in (
        (1, "/狩猎 1号", "不能选择自己"),
        (1, "/狩猎", "用法：/狩猎 N号"),
        (5, "/狩猎 7号", "你不是猎魔人"),
    ):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())


def test_a_wolf_checked_as_a_villager_is_still_a_wolf_to_the_hunt() -> None:
    """「隐狼、石像鬼这类查验为好人的狼，按实际阵营算狼」: the real 隐狼."""
    t = game(seats={**SEATS, 6: "隐狼"}, extra={"村民": 1, "隐狼": 1})
    first_night(t)
    hunt_night(t, 6)
    assert t.exits() == [(6, HUNT)] and t.alive(1), t.reply()


def test_a_hunt_stands_though_he_is_killed_the_same_night() -> None:
    """docs/rulings-common.md, 猎魔人 1: the hunt chosen is settled after the kill that took him."""
    t = game()
    first_night(t)
    t.night()
    t.say(1, "/狩猎 8号")
    for wolf in (7, 8, 9):
        t.wolf(wolf, "/刀 1号")
    t.dawn()
    assert t.exits() == [(1, KILL), (8, HUNT)], t.reply()


def test_sealed_he_does_not_hunt() -> None:
    roster: dict[str, int | str] = {"狼人": 2, "企鹅": 1, "猎魔人": 1, "预言家": 1, "村民": 2}
    night_order = [("企鹅", "15分钟"), ("狼人", "30分钟"), ("猎魔人", "30分钟"), ("预言家", "30分钟")]
    seats = {1: "猎魔人", 2: "企鹅", 3: "预言家", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, night_order), seats)
    t.pass_night()
    t.exile(None)
    t.night()
    t.say(2, "/冰冻 1号")
    t.say(1, "/狩猎 6号")
    assert not t.changed and "你今晚被冰冻" in t.reply(), t.reply()
    t.dawn()
    assert t.exits() == [], t.reply()
