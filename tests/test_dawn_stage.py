"""The resolution's last stage, 天亮 (library.DAWN_STAGE): it runs once every exit of the night and
all it led to (a last shot waiting for its answer included) are over (熊 「每夜结算后」)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from bansha_engine import library
from bansha_engine.library import DAWN_STAGE, VILLAGER, RoleDef
from bansha_engine.model import VILLAGE
from tests.common_helpers import board, started

if TYPE_CHECKING:
    from bansha_engine.game import Game

WATCHER = "测试守望者"


def _watch(game: Game) -> None:
    night = game.night
    assert night is not None
    night.publications.append("存活：" + "、".join(f"{n}号" for n in game.alive()))


@pytest.fixture
def watcher() -> Iterator[None]:
    library.register(RoleDef(WATCHER, VILLAGE, VILLAGER, "天亮时看谁活着", resolution={DAWN_STAGE: _watch}))
    try:
        yield
    finally:
        del library.ROLES[WATCHER]


@pytest.mark.usefixtures("watcher")
def test_the_dawn_stage_comes_after_the_nights_exits_and_the_shots_they_lead_to() -> None:
    text = board(
        {"狼人": 2, "猎人": 1, "预言家": 1, WATCHER: 1, "村民": 1}, [("狼人", "30分钟"), ("预言家", "30分钟")]
    )
    t = started(text, {1: "猎人", 2: WATCHER, 3: "村民", 4: "预言家", 5: "狼人", 6: "狼人"})
    t.night()
    t.wolf(5, "/刀 1号")
    t.wolf(6, "/刀 1号")
    t.dawn()
    assert t.seat_got(1, "开枪"), t.reply()
    assert not t.director_got("存活："), t.reply()  # the dawn waits for the shot
    t.say(1, "/开枪 5号")
    assert t.director_got("存活：2号、3号、4号、6号"), t.reply()
