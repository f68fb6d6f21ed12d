"""黑夜使者 (common-boards.md 3.2, 2.10.2, 补充裁定 12)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import checks, damage, library, seal
from bansha_engine.library import OTHER, OptionDef, RoleDef
from bansha_engine.model import CHECK_DEATH, DREAM_DEATH, HUNT, KILL, REFLECT, VILLAGE
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
STRIKER = "测试出局者"  # deals its cause to 7号 at 夜间出局, standing in for 纯白之女 and 猎魔人


def _strike_seven(game: object) -> None:
    cause = library.option(game, STRIKER, "原因")  # type: ignore[arg-type]
    hit = damage.Damage(7, damage.FATAL, None, cause)
    game.push_front(damage.strike(game, [hit], lambda h: h.skill))  # type: ignore[attr-defined,arg-type]


@pytest.fixture
def striker() -> Iterator[None]:
    cause = OptionDef("原因", (CHECK_DEATH, HUNT), CHECK_DEATH, "出局原因")
    library.register(
        RoleDef(
            STRIKER,
            VILLAGE,
            OTHER,
            "结算时让7号出局",
            options=(cause,),
            resolution={"夜间出局": _strike_seven},
        )
    )
    try:
        yield
    finally:
        del library.ROLES[STRIKER]


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


def test_a_seat_sheltered_is_immune_tonight_to_the_check_exits_but_not_to_the_hunt(striker: None) -> None:
    """补充裁定 12: a check exit (纯白之女's) does not take him; 猎魔人's 狩猎 does (here a stand-in role
    deals each to 7号 at 夜间出局)."""
    for cause, stays in ((CHECK_DEATH, True), (HUNT, False)):
        text = board({**ROSTER, "村民": 3, STRIKER: f"{{数量: 1, 原因: {cause}}}"}, NIGHT)
        t = started(text, {**SEATS, 6: STRIKER})
        t.night()
        kill(t, 3)
        t.say(9, "/庇护 7号")
        t.say(2, "/放弃")
        t.say(1, "/放弃")
        assert t.alive(7) is stays, (cause, t.reply())


def test_his_second_night_as_a_dreamer_reflects_on_the_dream_catcher() -> None:
    """The 摄梦人's 梦亡 of a sheltered seat while the 摄梦人 lives (the second night running) takes the
    摄梦人 (反伤), and his leaving takes no 梦游者 along; 6号 stands in for the 摄梦人 of 3.1."""
    t = game()
    t.game.seats[6].role = "摄梦人"
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 7号")
    t.say(2, "/放弃")
    night = t.game
    night.leave(7, DREAM_DEATH)
    assert t.alive(7) and not t.alive(6) and night.exits[-1].cause == REFLECT
    night.leave(7, DREAM_DEATH)  # the 摄梦人 out: his 梦游者 would follow him
    assert t.alive(7)


def test_a_shelter_in_vain_still_bars_the_seat_the_next_night() -> None:
    """docs/rulings-common.md 3.2.13 第2条: sealed (set here by hand) under 封印告知: 不可以, his shelter is
    void — the seer who checks the wolf is not reflected — yet the seat stays barred the next night."""
    t = started(board(ROSTER, NIGHT, 封印告知="不可以"), SEATS)
    t.night()
    seal.seal(t.game, 9, seal.FEAR)
    kill(t, 3)
    t.say(9, "/庇护 8号")
    assert t.changed, t.reply()
    t.say(2, "/放弃")
    t.say(1, "/预言 8号")
    # the 黑夜使者 holds the knife with the group: sealed, the wolves have no kill tonight (2.10.3 第3条)
    assert t.exits() == [], t.reply()
    t.exile(None)
    t.night()
    kill(t, 4)
    t.say(9, "/庇护 8号")
    assert not t.changed and "不能连续两晚庇护同一名玩家" in t.reply(), t.reply()


def test_a_check_by_the_wolves_camp_reflects_too() -> None:
    """docs/rulings-common.md 3.2.13 第1条 (a 石像鬼's check, made here by hand); a sign is no check."""
    t = game()
    t.night()
    kill(t, 3)
    t.say(9, "/庇护 7号")
    checks.camp_of(t.game, 7, checks.Check(8, 7, "探查", "石像鬼", checks.ROLE))
    checks.camp_of(t.game, 7, checks.Check(4, 7, "嗅探", "狐狸"))
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    assert t.exits() == [(3, KILL), (8, REFLECT)], t.reply()
