"""Night exits a role makes for another role's step (damage.exit_caused_by): dealt at 夜间出局 in the
夜晚 place of the step that caused them (common-boards.md 5.1.2, 补充裁定 5: 「反伤按查验或用毒的那一步的
位置排」), beside the roles' own night exits in the places of their steps."""

from __future__ import annotations

import pytest

from bansha_engine.model import CHECK_DEATH, KILL, REFLECT
from tests.common_helpers import board, started

ROSTER = {"狼人": 1, "恶灵骑士": 1, "狼巫": 1, "预言家": 1, "白痴": 1, "纯白之女": 1, "村民": 3}
SEATS = {
    1: "预言家",
    2: "纯白之女",
    3: "村民",
    4: "村民",
    5: "村民",
    6: "白痴",
    7: "狼人",
    8: "恶灵骑士",
    9: "狼巫",
}


@pytest.mark.parametrize("seer_first", [True, False])
def test_a_reflection_and_a_check_exit_leave_in_the_order_of_the_steps_causing_them(seer_first: bool) -> None:
    steps = [("预言家", "30分钟"), ("狼巫", "30分钟")]
    night = [("狼人", "30分钟"), *(steps if seer_first else steps[::-1]), ("纯白之女", "30分钟")]
    t = started(board(ROSTER, night), SEATS)
    t.pass_night()
    t.exile(None)
    t.night()
    for wolf in (7, 8, 9):
        t.wolf(wolf, "/刀 3号")
    t.say(9, "/巫验 2号")
    t.say(1, "/预言 8号")
    t.say(2, "/放弃")
    others = [(1, REFLECT), (2, CHECK_DEATH)]
    assert t.exits() == [(3, KILL), *(others if seer_first else others[::-1])], t.reply()
