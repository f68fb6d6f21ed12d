"""PromptDef.poll: a decision the game waits for that its seat does not make — a poll of other seats
opened in its name (the 杠精's 开杠投票).  Its word and the seat's `/放弃` do not reach it, `/身份` does
not list it, its deadline proposes no card; its deadline and `/推进` close it, as any prompt's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bansha_engine import library
from bansha_engine.game import Game
from bansha_engine.library import VILLAGER, PromptDef, RoleDef
from bansha_engine.model import VILLAGE, Prompt, Skill
from tests.common_helpers import board, started
from tests.engine_helpers import Table

ASKER = "测试发起者"  # `/测试发起` opens a poll in his name
KIND = "test_poll"
CLOSED: list[list[str] | None] = []


def _open(game: Game, seat: int, args: list[str]) -> None:
    game.open_prompt(KIND, seat, "表决进行中")


def _close(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    CLOSED.append(args)


@pytest.fixture(autouse=True)
def asker() -> Iterator[None]:
    role = RoleDef(
        ASKER,
        VILLAGE,
        VILLAGER,
        "发起表决",
        skills=lambda options: [Skill("测试发起", ("测试发起",), _open)],
        prompts=lambda options: {KIND: PromptDef("测试表决", ASKER, _close, poll=True)},
    )
    library.register(role)
    CLOSED.clear()
    try:
        yield
    finally:
        del library.ROLES[ASKER]


def opened(**keys: str) -> Table:
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, ASKER: 1, "村民": 3}
    seats = {1: "预言家", 2: ASKER, 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("预言家", "30分钟")], **keys), seats)
    t.pass_night()
    t.say(2, "/测试发起")
    assert t.changed and t.game.prompts, t.reply()
    return t


def test_its_seat_neither_answers_nor_passes_it() -> None:
    t = opened()
    t.say(2, "/测试表决")
    assert not t.changed and not CLOSED, t.reply()
    t.say(2, "/放弃")
    assert t.game.prompts and not CLOSED, t.reply()
    t.say(2, "/身份")
    assert "现在需要" not in t.reply(), t.reply()
    t.director("/放逐 无")
    assert not t.changed and "待处理的决定" in t.reply(), t.reply()


def test_a_push_or_its_deadline_closes_it_and_the_deadline_proposes_no_card() -> None:
    t = opened()
    t.director("/推进")
    assert CLOSED == [None] and not t.game.prompts, t.reply()
    t = opened(判罚="{超时: 黄牌}")
    t.wait(60 * t.game.board.options.handoff_minutes + 1)
    t.director("/放逐 无")
    assert CLOSED == [None, None] and not t.director_got("建议", ever=True), t.reply()
