"""A seat that loses its vote after voting (RoleDef.votes turns False that day: the 杠精's 开杠): its
ballot already entered counts nothing (「他当天的票作废」), and `/票型` shows it 「计0票」."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from bansha_engine import library
from bansha_engine.game import Game
from bansha_engine.library import VILLAGER, RoleDef, game_state, peek_game_state
from bansha_engine.model import VILLAGE, Skill
from tests.common_helpers import ballots, board, started

TAKER = "测试夺票者"  # `/夺票 N号`: N has no vote today


@dataclass
class Taken:
    seats: set[int] = field(default_factory=set)


def _take(game: Game, seat: int, args: list[str]) -> None:
    game_state(game, Taken).seats.add(game.seat_named(args[0]))


def _votes(game: Game, seat: int) -> bool:
    return seat not in peek_game_state(game, Taken).seats


@pytest.fixture(autouse=True)
def taker() -> Iterator[None]:
    skill = Skill("夺票", ("夺票",), _take)
    library.register(
        RoleDef(TAKER, VILLAGE, VILLAGER, "夺走一人的票", skills=lambda o: [skill], votes=_votes)
    )
    try:
        yield
    finally:
        del library.ROLES[TAKER]


def test_a_ballot_entered_before_the_vote_was_lost_counts_nothing() -> None:
    roster: dict[str, int | str] = {"狼人": 2, "预言家": 1, TAKER: 1, "村民": 3}
    seats = {1: "预言家", 2: TAKER, 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}
    t = started(board(roster, [("狼人", "30分钟"), ("预言家", "30分钟")]), seats)
    t.pass_night()
    ballots(t, ["3号 6号", "4号 6号", "5号 7号", "1号 7号"])
    t.say(2, "/夺票 3号")
    t.director("/票型")
    assert "3号投6号（计0票）" in t.reply() and "6号1票" in t.reply(), t.reply()
    t.director("/放逐")
    assert not t.alive(7) and t.alive(6), t.reply()
