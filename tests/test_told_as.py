"""RoleDef.told_as: a seat told it holds another role than its own (灯影预言家 believes he is the
预言家, common-boards.md 3.1), while the directors see the real one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import library
from bansha_engine.library import VILLAGER, RoleDef
from bansha_engine.model import VILLAGE
from tests.common_helpers import board, started

BELIEVER = "测试信徒"


@pytest.fixture
def believer() -> Iterator[None]:
    library.register(RoleDef(BELIEVER, VILLAGE, VILLAGER, "以为自己是预言家", told_as="预言家"))
    try:
        yield
    finally:
        del library.ROLES[BELIEVER]


@pytest.mark.usefixtures("believer")
def test_the_seat_is_told_the_role_it_believes_and_directors_the_real_one() -> None:
    text = board({"狼人": 1, BELIEVER: 1, "村民": 2}, [("狼人", "30分钟")])
    t = started(text, {1: BELIEVER, 2: "村民", 3: "村民", 4: "狼人"})
    assert t.seat_got(1, "身份：预言家", ever=True) and not t.seat_got(1, BELIEVER, ever=True)
    t.say(1, "/身份")
    assert "身份：预言家" in t.reply() and BELIEVER not in t.reply(), t.reply()
    t.director("/状态")
    assert f"1号：QQ10001，{BELIEVER}" in t.reply(), t.reply()
