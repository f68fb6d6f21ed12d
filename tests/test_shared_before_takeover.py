"""Two shared extension points (docs/adding-a-role.md): `NightPart.before` (a part another waits for)
and `RoleDef.takeover` (the wolves' camp's kill held outside the group once it has no living member,
common-boards.md 2.8), with a role of this test's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import library
from bansha_engine import night as nights
from bansha_engine.library import KillTakeover, NightPart, RoleDef
from bansha_engine.model import Deadline, Skill, StepSpec
from tests.common_helpers import board, started

NAME = "测试先行者"
STEP = "test_leader"


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(STEP, "先行", (NAME,), lambda game: game.with_role(NAME), deadline, after=after)


def _act(game: object, seat: int, args: list[str]) -> None:
    nights.record(game, STEP, seat, 1, "已记录。")  # type: ignore[arg-type]


def _holders(game: object) -> list[int]:
    return [n for n in game.with_role(NAME)]  # type: ignore[attr-defined]


TEST_ROLE = RoleDef(
    NAME,
    "村民阵营",
    library.GOD,
    "测试用",
    night=lambda options: (NightPart(NAME, STEP, _step, before=("狼人",)),),
    skills=lambda options: [Skill("先行", ("先行",), _act, passes=STEP)],
    takeover=KillTakeover(
        seats=_holders,
        refuse=lambda game, voter, target: "不能刀1号。" if target == 1 else None,
        told="测试接刀",
    ),
)


@pytest.fixture(autouse=True)
def test_role() -> Iterator[None]:
    library.ROLES[NAME] = TEST_ROLE
    try:
        yield
    finally:
        del library.ROLES[NAME]


BOARD = board({"狼人": 1, NAME: 1, "村民": 5}, [(NAME, "30分钟"), ("狼人", "60分钟")])
SEATS = {1: "村民", 2: NAME, 3: "村民", 4: "村民", 5: "村民", 6: "村民", 7: "狼人"}


def test_a_part_named_in_before_opens_after_it() -> None:
    t = started(BOARD, SEATS)
    t.night()
    t.wolf(7, "/刀 3号")
    assert not t.changed and "还没到" in t.reply(), t.reply()
    t.say(2, "/先行")
    assert t.group_got("狼人请在群里投票杀人"), t.reply()


def test_the_holders_vote_privately_within_the_roles_rule() -> None:
    roster = {"狼人": 1, "白狼王": 1, NAME: 1, "村民": 4}
    seats = {**SEATS, 6: "白狼王"}
    t = started(board(roster, [(NAME, "30分钟"), ("狼人", "60分钟")]), seats)
    t.game.seats[7].alive = t.game.seats[6].alive = False  # the group out (no judge: the game goes on)
    t.night()
    t.say(2, "/先行")
    assert t.seat_got(2, "测试接刀") and t.seat_got(2, "请私聊我选择今晚刀谁：/刀 N号"), t.reply()
    assert not t.to_group()
    t.say(2, "/刀 1号")
    assert not t.changed and "不能刀1号" in t.reply()
    t.say(2, "/刀 3号")
    assert t.changed and t.seat_got(2, "已记录：今晚刀3号") and not t.to_group(), t.reply()
    t.dawn()
    assert not t.alive(3), t.reply()
