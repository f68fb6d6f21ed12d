"""RoleDef.holds_exile (engine/exile.py): a role may hold the day's first exile verdict — its first
`/放逐`, in any form — before it takes effect, then let it take effect or void the round.  Tested with
a role of the test's own; the 定序王子 (tests/test_role_order_prince.py) is the library's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import exile, library
from bansha_engine.exile import Verdict
from bansha_engine.game import Game
from bansha_engine.library import VILLAGER, RoleDef, Thunk
from bansha_engine.model import VILLAGE, VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

HOLDER = "测试扣押者"  # holds every day's first verdict
HELD: list[Verdict] = []


def _holds(game: Game, verdict: Verdict) -> Thunk | None:
    return lambda: HELD.append(verdict)


@pytest.fixture(autouse=True)
def holder() -> Iterator[None]:
    library.register(RoleDef(HOLDER, VILLAGE, VILLAGER, "扣押每天第一次放逐的结果", holds_exile=_holds))
    HELD.clear()
    try:
        yield
    finally:
        del library.ROLES[HOLDER]


def day_two() -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, "白痴": 1, HOLDER: 1, "村民": 2}
    seats = {1: "预言家", 2: "白痴", 3: HOLDER, 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("预言家", "30分钟")]), seats)
    t.pass_night()
    return t


def test_the_first_verdict_waits_until_released() -> None:
    t = day_two()
    ballots(t, ["1号 6号", "4号 6号"])
    t.director("/放逐")
    assert [(v.day, v.leaves, v.result) for v in HELD] == [(2, 6, "6号被放逐")]
    assert t.alive(6) and t.director_got("第2天放逐结果：6号被放逐。结果暂不生效"), t.reply()
    for command, why in (("/投票\n5号 7号", "正在等待决定"), ("/放逐 7号", "正在等待决定")):
        t.director(command)
        assert not t.changed and why in t.reply(), t.reply()
    exile.release(t.game)
    t.game.drain()
    assert [e.seat for e in t.game.exits if e.cause == VOTE] == [6] and exile.held(t.game) is None


def test_every_form_of_the_first_verdict_is_held() -> None:
    t = day_two()
    t.director("/放逐 无")
    t = day_two()
    t.director("/放逐 2号")
    assert [(v.leaves, v.result) for v in HELD] == [(None, "无人被放逐"), (2, "2号被放逐")]
    assert not t.director_got("翻牌为白痴", ever=True)  # nothing takes effect while held


def test_a_void_round_clears_the_ballots_and_the_next_verdict_takes_effect() -> None:
    t = day_two()
    ballots(t, ["1号 2号", "4号 2号"])
    t.director("/放逐")
    assert exile.void(t.game, "测试作废") == HELD[0]
    assert t.game.ballots[2] == [] and t.alive(2) and not t.director_got("翻牌为白痴", ever=True)
    ballots(t, ["1号 6号"])
    t.director("/放逐")
    assert len(HELD) == 1 and not t.alive(6), t.reply()
    t.director("/票型")
    assert "测试作废（原结果：2号被放逐）" in t.reply(), t.reply()


def test_a_seat_red_carded_while_its_exile_waits_is_not_exiled() -> None:
    t = day_two()
    t.director("/放逐 2号")
    t.director("/罚下 2号")
    t.game.out = []
    exile.release(t.game)
    said = "\n".join(message.text for message in t.game.out)
    assert "第2天放逐：2号已经离场，无人被放逐" in said and "翻牌为白痴" not in said, said
    assert t.game.voted_day == 2
