"""恶灵骑士 (common-boards.md 3.2, 2.2 第5条, 2.5 第6条, 2.10.2, 补充裁定 5 and 18, 第七节)."""

from __future__ import annotations

from bansha_engine import immunity
from bansha_engine.library import ROLES
from bansha_engine.model import CHECK_DEATH, DREAM_DEATH, HUNT, KILL, POISON, RAID, REFLECT, VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "恶灵骑士": 1, "预言家": 1, "女巫": 1, "猎人": 1, "村民": 3}
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "猎人",
    4: "村民",
    5: "村民",
    6: "狼人",
    7: "狼人",
    8: "恶灵骑士",
    9: "村民",
}
WOLVES = (6, 7, 8)


def game(night: list[tuple[str, str]] = NIGHT) -> Table:
    return started(board(ROSTER, night), SEATS)


def kill(t: Table, seat: int) -> None:
    for wolf in WOLVES:
        t.wolf(wolf, f"/刀 {seat}号")


def test_the_wolves_knife_may_not_choose_him() -> None:
    t = game()
    t.night()
    t.wolf(6, "/刀 8号")
    assert not t.changed and "恶灵骑士不能被狼刀选中" in t.reply(), t.reply()
    t.wolf(6, "/刀 4号")
    assert t.changed, t.reply()


def test_he_may_not_self_destruct() -> None:
    assert ROLES["恶灵骑士"].self_destructs is False


def test_the_first_check_by_the_village_reflects_and_the_checker_still_gets_the_result() -> None:
    t = game()
    t.night()
    kill(t, 4)
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    assert t.seat_got(1, "第1夜查验结果：8号是非村民阵营"), t.reply()
    assert t.exits() == [(4, KILL), (1, REFLECT)], t.reply()  # 反伤: a next day exit, after the kill
    assert t.to_seat(8) == [], t.reply()  # nobody is told whether it happened
    assert t.director_got("反伤"), t.reply()
    assert t.alive(8)


def test_the_poison_is_spent_on_him_in_vain_and_reflects_on_the_witch() -> None:
    t = game()
    t.night()
    kill(t, 4)
    t.say(2, "/毒 8号")
    t.say(1, "/预言 6号")
    assert t.alive(8) and t.exits() == [(4, KILL), (2, REFLECT)], t.reply()
    t.exile(None)
    t.night()
    kill(t, 5)
    assert not t.seat_got(2, "女巫行动"), t.reply()  # out, and her poison spent


def test_checked_and_poisoned_the_same_night_only_the_checker_leaves() -> None:
    t = game()
    t.night()
    kill(t, 4)
    t.say(2, "/毒 8号")
    t.say(1, "/预言 8号")
    assert t.exits() == [(4, KILL), (1, REFLECT)] and t.alive(2), t.reply()


def test_once_a_game_and_still_immune_after() -> None:
    t = game()
    t.night()
    kill(t, 4)
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    t.exile(None)
    t.night()
    kill(t, 5)
    t.say(2, "/毒 8号")
    assert t.alive(8) and t.alive(2), t.reply()
    assert t.exits()[-1] == (5, KILL), t.reply()


def test_the_reflection_comes_after_the_kills_and_the_poison() -> None:
    """5.1.2: 反伤 is one of the other night exits, after the kills and the poison (补充裁定 5)."""
    t = game([("狼人", "30分钟"), ("预言家", "30分钟"), ("女巫", "60分钟")])
    t.night()
    kill(t, 4)
    t.say(1, "/预言 8号")
    t.say(2, "/毒 5号")
    assert t.exits() == [(4, KILL), (5, POISON), (1, REFLECT)], t.reply()


def test_immune_to_every_night_exit_but_the_raid() -> None:
    t = game()
    t.night()
    for cause in (KILL, POISON, DREAM_DEATH, REFLECT, HUNT, CHECK_DEATH, VOTE):
        assert immunity.immune(t.game, 8, cause), cause
    assert not immunity.immune(t.game, 8, RAID)


def test_a_shot_at_night_does_not_take_him_but_one_by_day_does() -> None:
    t = game()
    t.night()
    kill(t, 3)
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    assert t.seat_got(3, "开枪"), t.reply()
    t.say(3, "/开枪 8号")
    assert t.alive(8) and t.exits() == [(3, KILL)], t.reply()
    t = game()
    t.pass_night()
    ballots(t, ["1号 3号", "2号 3号", "4号 3号"])
    t.director("/放逐")
    t.say(3, "/开枪 8号")
    assert not t.alive(8), t.reply()


def test_exiled_by_day_he_leaves() -> None:
    t = game()
    t.pass_night()
    t.exile(8)
    assert not t.alive(8)


def test_a_check_by_the_wolves_camp_or_a_sign_is_no_reflection() -> None:
    """第七节: 「取 B」, any check from outside the wolves' camp; 补充裁定 18: 狐狸, 熊 do not check him. The
    real 石像鬼's check and 狐狸's sniff spend nothing: the seer's check the next night reflects."""
    roster = {**ROSTER, "石像鬼": 1, "狐狸": 1, "熊": 1}
    del roster["村民"]
    night = [*NIGHT, ("石像鬼", "30分钟"), ("狐狸", "30分钟")]
    t = started(board(roster, night), {**SEATS, 4: "石像鬼", 5: "狐狸", 9: "熊"})
    t.night()
    t.say(4, "/探查 8号")
    t.say(5, "/嗅探 8号")
    kill(t, 3)
    t.say(2, "/放弃")
    t.say(1, "/预言 6号")
    t.dawn()
    assert t.exits() == [(3, KILL)], t.reply()
    assert t.seat_got(4, "8号的身份是恶灵骑士", ever=True) and t.director_got("熊咆哮了", ever=True)
    t.exile(None)
    t.night()
    for wolf in WOLVES:
        t.wolf(wolf, "/刀 空")
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    t.dawn()
    assert t.exits()[-1] == (1, REFLECT), t.reply()


def test_two_checks_in_one_night_reflect_once() -> None:
    seats = {**SEATS, 4: "预言家"}
    t = started(board({**ROSTER, "预言家": 2, "村民": 2}, NIGHT), seats)
    t.night()
    kill(t, 5)
    t.say(2, "/放弃")
    t.say(4, "/预言 8号")
    t.say(1, "/预言 8号")
    assert t.seat_got(1, "8号是非村民阵营") and t.seat_got(4, "8号是非村民阵营"), t.reply()
    assert t.exits() == [(5, KILL), (4, REFLECT)], t.reply()


def test_a_kill_swapped_onto_him_takes_nobody() -> None:
    roster = {**ROSTER, "狼术师": 1}
    night = [("狼术师", "30分钟"), *NIGHT]
    t = started(board(roster, night), {**SEATS, 10: "狼术师"})
    t.night()
    t.say(10, "/换位 4号 8号")
    for wolf in (*WOLVES, 10):
        t.wolf(wolf, "/刀 4号")
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    assert t.exits() == [] and t.alive(8), t.reply()
