"""The classic night's targets go through redirect.aimed (common-boards.md 2.10.4): the wolves' kill,
the witch's 救药 and 毒药 and the guard's 守护 land on the seat a target change sends them to, while the
witch still learns the seat the wolves chose (2.2 第6条)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import library
from bansha_engine.library import VILLAGER, RoleDef
from bansha_engine.model import VILLAGE
from tests.common_helpers import board, started
from tests.engine_helpers import Table

SWAPPER = "测试换位者"  # swaps 3号 and 4号 every night, for every skill


def _swap(game: object, user: int | None, target: int) -> int:
    return {3: 4, 4: 3}.get(target, target)


@pytest.fixture
def swapper() -> Iterator[None]:
    library.register(RoleDef(SWAPPER, VILLAGE, VILLAGER, "每晚交换3号和4号", redirect=_swap))
    try:
        yield
    finally:
        del library.ROLES[SWAPPER]


NIGHT = [("守卫", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟")]
SEATS = {1: "女巫", 2: "守卫", 3: "村民", 4: "村民", 5: SWAPPER, 6: "狼人", 7: "狼人"}


def game() -> Table:
    text = board({"狼人": 2, "女巫": 1, "守卫": 1, SWAPPER: 1, "村民": 2}, NIGHT)
    return started(text, SEATS)


def kill(t: Table, seat: int) -> None:
    t.wolf(6, f"/刀 {seat}号")
    t.wolf(7, f"/刀 {seat}号")


@pytest.mark.usefixtures("swapper")
def test_the_kill_lands_on_the_seat_it_is_sent_to_and_the_witch_learns_the_chosen_one() -> None:
    t = game()
    t.night()
    kill(t, 3)
    assert t.seat_got(1, "今晚被指杀的是3号"), t.reply()
    t.dawn()
    assert t.exits() == [(4, "杀人")] and t.alive(3), t.reply()
    assert t.director_got("4号（村民）被狼人指杀"), t.reply()


@pytest.mark.usefixtures("swapper")
def test_the_save_and_the_guard_follow_the_kill_they_aimed_at() -> None:
    t = game()
    t.night()
    t.say(2, "/守护 3号")
    kill(t, 3)
    t.dawn()
    assert t.exits() == [], t.reply()
    t = game()
    t.night()
    kill(t, 3)
    t.say(1, "/救 3号")
    t.dawn()
    assert t.exits() == [], t.reply()


@pytest.mark.usefixtures("swapper")
def test_guarded_and_saved_is_judged_on_the_seat_hit() -> None:
    t = game()
    t.night()
    t.say(2, "/守护 3号")
    kill(t, 3)
    t.say(1, "/救 3号")
    t.dawn()
    assert t.exits() == [(4, "同守同救")], t.reply()


@pytest.mark.usefixtures("swapper")
def test_the_poison_lands_on_the_seat_it_is_sent_to() -> None:
    t = game()
    t.night()
    kill(t, 2)
    t.say(1, "/毒 4号")
    t.dawn()
    assert t.exits() == [(2, "杀人"), (3, "毒药")], t.reply()
