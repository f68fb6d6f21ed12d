"""黑夜使者 (common-boards.md 3.2, 2.10.2, 补充裁定 12)."""

from __future__ import annotations

from bansha_engine.model import DREAM_DEATH, HUNT, KILL, REFLECT
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("黑夜使者", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "黑夜使者": 1, "预言家": 1, "女巫": 1, "村民": 4}
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "村民",
    4: "村民",
    5: "村民",
    6: "村民",
    7: "狼人",
    8: "狼人",
    9: "黑夜使者",
}
WOLVES = (7, 8, 9)


def game() -> Table:
    return started(board(ROSTER, NIGHT), SEATS)


def kill(t: Table, seat: int) -> None:
    for wolf in WOLVES:
        t.wolf(wolf, f"/刀 {seat}号")


def test_his_step_opens_after_the_wolves_kill() -> None:
    t = game()
    t.night()
    assert not t.seat_got(9, "请选择庇护"), t.reply()
    t.say(9, "/庇护 7号")
    assert not t.changed and "还没到黑夜使者庇护的时候" in t.reply(), t.reply()
    kill(t, 3)
    assert t.seat_got(9, "请选择庇护的狼同伴"), t.reply()


def test_a_member_of_the_wolf_group_himself_too_never_the_same_two_nights_running() -> None:
    t = game()
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 4号")
    assert not t.changed and "只能庇护狼群的成员" in t.reply(), t.reply()
    t.say(9, "/庇护 9号")
    assert t.changed, t.reply()
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 4)
    t.say(9, "/庇护 9号")
    assert not t.changed and "不能连续两晚庇护同一名玩家" in t.reply(), t.reply()
    t.say(9, "/庇护 7号")
    assert t.changed, t.reply()


def test_the_sheltered_wolf_survives_the_kill_and_the_poison_which_reflects() -> None:
    t = game()
    t.night()
    kill(t, 7)
    t.say(9, "/庇护 7号")
    t.say(2, "/毒 7号")
    t.say(1, "/放弃")
    assert t.alive(7) and t.exits() == [(2, REFLECT)], t.reply()
    assert t.director_got("9号（黑夜使者）庇护7号"), t.reply()


def test_whoever_checks_him_leaves_and_still_gets_the_result() -> None:
    t = game()
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 8号")
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    assert t.seat_got(1, "第1夜查验结果：8号是非村民阵营"), t.reply()
    assert t.exits() == [(3, KILL), (1, REFLECT)], t.reply()


def test_every_night_with_no_limit() -> None:
    t = game()
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 7号")
    t.say(2, "/毒 7号")
    t.say(1, "/放弃")
    assert t.exits() == [(3, KILL), (2, REFLECT)], t.reply()
    t.exile(None)
    t.night()
    kill(t, 4)
    t.say(9, "/庇护 8号")
    t.say(1, "/预言 8号")
    assert t.exits()[-2:] == [(4, KILL), (1, REFLECT)], t.reply()


def sheltered_and_aimed_at(role: str, command: str) -> Table:
    """Night 2 (the 查验出局 and the 狩猎 come from night 2): 7号 sheltered, `role` at 6号 aims at him."""
    t = started(board({**ROSTER, "村民": 3, role: 1}, [*NIGHT, (role, "30分钟")]), {**SEATS, 6: role})
    t.night()
    kill(t, 3)
    t.say(9, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 4)
    t.say(9, "/庇护 7号")
    t.say(6, command)
    assert t.changed, t.reply()
    t.dawn()
    return t


def test_a_seat_sheltered_is_immune_tonight_to_the_pure_whites_check_exit() -> None:
    """补充裁定 12: the 纯白之女's 查验出局 does not take him; her check reflects on her, and the directors
    are not told he left by it."""
    t = sheltered_and_aimed_at("纯白之女", "/纯白 7号")
    assert t.alive(7) and t.exits()[-2:] == [(4, KILL), (6, REFLECT)], t.reply()
    assert t.director_got("7号被纯白之女查验，是狼人阵营：他这一夜免疫，没有出局"), t.reply()


def test_a_seat_sheltered_still_leaves_by_the_hunt() -> None:
    """补充裁定 12: 「猎魔人狩猎他，他照样（次日）出局」."""
    t = sheltered_and_aimed_at("猎魔人", "/狩猎 7号")
    assert t.exits()[-2:] == [(4, KILL), (7, HUNT)], t.reply()


DREAM_NIGHT = [*NIGHT, ("摄梦人", "30分钟")]
DREAM_SEATS = {**SEATS, 6: "摄梦人"}


def dream_game() -> Table:
    return started(board({**ROSTER, "村民": 3, "摄梦人": 1}, DREAM_NIGHT), DREAM_SEATS)


def test_his_second_night_as_a_dreamer_reflects_on_the_dream_catcher() -> None:
    """The 摄梦人's 梦亡 of a sheltered seat, the second night running, takes the 摄梦人 (反伤); his
    leaving takes no 梦游者 along, and the directors are not told it does."""
    t = dream_game()
    t.night()
    kill(t, 3)
    t.say(6, "/摄梦 7号")
    t.say(9, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 4)
    t.say(6, "/摄梦 7号")
    t.say(9, "/庇护 7号")
    t.dawn()
    assert t.alive(7) and t.exits()[-2:] == [(4, KILL), (6, REFLECT)], t.reply()
    assert not t.director_got("随之梦亡"), t.reply()


def test_a_dream_catcher_leaving_the_first_night_takes_his_sheltered_dreamer() -> None:
    """2.10.2: 梦亡 takes a sheltered seat but for the second night running."""
    t = dream_game()
    t.night()
    kill(t, 6)
    t.say(6, "/摄梦 7号")
    t.say(9, "/庇护 7号")
    t.dawn()
    assert t.exits() == [(6, KILL), (7, DREAM_DEATH)], t.reply()


def test_a_shelter_in_vain_still_bars_the_seat_the_next_night() -> None:
    """docs/rulings-common.md 3.2.13 第2条: frozen by the 企鹅 under 封印告知: 不可以, his shelter is void —
    the seer who checks the wolf is not reflected — yet the seat stays barred the next night."""
    text = board({**ROSTER, "村民": 3, "企鹅": 1}, [("企鹅", "15分钟"), *NIGHT], 封印告知="不可以")
    t = started(text, {**SEATS, 6: "企鹅"})
    t.night()
    t.say(6, "/冰冻 9号")
    kill(t, 3)
    t.say(9, "/庇护 8号")
    assert t.changed, t.reply()
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    # the 黑夜使者 holds the knife with the group: sealed, the wolves have no kill tonight (2.10.3 第3条)
    assert t.exits() == [], t.reply()
    t.exile(None)
    t.night()
    t.say(6, "/冰冻 1号")
    kill(t, 4)
    t.say(9, "/庇护 8号")
    assert not t.changed and "不能连续两晚庇护同一名玩家" in t.reply(), t.reply()


def test_a_check_by_the_wolves_camp_reflects_too() -> None:
    """docs/rulings-common.md 3.2.13 第1条: a 石像鬼's check reflects; the 狐狸's sniff is no check."""
    roster = {**ROSTER, "村民": 2, "石像鬼": 1, "狐狸": 1}
    night = [*NIGHT, ("石像鬼", "30分钟"), ("狐狸", "30分钟")]
    t = started(board(roster, night), {**SEATS, 5: "狐狸", 6: "石像鬼"})
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 7号")
    t.say(6, "/探查 7号")
    t.say(5, "/嗅探 7号")
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    t.dawn()
    assert t.exits() == [(3, KILL), (6, REFLECT)], t.reply()
    assert t.seat_got(6, "7号的身份是狼人", ever=True) and t.seat_got(5, "里有狼人", ever=True), t.reply()
