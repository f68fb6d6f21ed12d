"""engine/rewind.py: the game kept at a door close and brought back to it (白夜使者's 回溯, 5.2.5)."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import fields
from typing import Any

from bansha_engine import Game, rewind
from bansha_engine.model import Seat
from tests.engine_helpers import TIMEZONE
from tests.standard_helpers import kill, standard


def rules_state(game: Game) -> dict[str, Any]:
    """A copy of what `restore` brings back, to compare (the kept copy itself left out)."""
    state = {name: getattr(game, name) for name in rewind.RESTORED}
    state["flags"] = {k: v for k, v in game.flags.items() if k != rewind.DoorClose.__name__}
    state["seats"] = {n: [getattr(s, name) for name in rewind.SEAT_RESTORED] for n, s in game.seats.items()}
    return deepcopy(state)


def test_every_attribute_of_a_game_is_either_restored_or_kept() -> None:
    game = Game(1, "预女猎白", 0, TIMEZONE)
    assert set(rewind.RESTORED).isdisjoint(rewind.KEPT)
    assert set(vars(game)) == {*rewind.RESTORED, *rewind.KEPT, "seats"}  # seats: field by field
    seat_fields = {f.name for f in fields(Seat)}
    assert set(rewind.SEAT_RESTORED) <= seat_fields
    assert seat_fields - set(rewind.SEAT_RESTORED) == {"no", "qq", "nick", "substitutes"}


def test_a_board_without_a_role_that_turns_back_keeps_nothing() -> None:
    t = standard("预女猎白")
    t.night()
    assert rewind.DoorClose.__name__ not in t.game.flags
    assert rewind.kept_night(t.game) == 0


def test_restore_brings_back_the_state_kept_and_what_is_no_rule_state_stays() -> None:
    t = standard("预女猎白")
    t.pass_night()
    t.exile(None)
    before = rules_state(t.game)
    rewind.keep(t.game)  # as a role's before_night does at /入夜
    t.night()
    kill(t, 5)
    t.say(2, "/毒 6号")
    t.dawn()
    t.director("/座位 7号 55555 替补")
    t.director("/投票\n1号 9号")
    assert not t.alive(5) and t.game.ballots.get(3)
    accepted = t.game.accepted
    assert rewind.restore(t.game) == 2
    assert rules_state(t.game) == before
    assert t.alive(5) and t.alive(6) and t.game.night_no == 1 and t.game.phase == "day"
    assert t.game.seats[7].qq == 55555 and t.game.seats[7].substitutes == 1  # who sits where stays
    assert t.game.accepted == accepted and t.game.timers() == []
    assert rewind.kept_night(t.game) == 0  # the copy is used up


def test_last_words_of_an_exit_before_the_door_close_stand() -> None:
    t = standard("预女猎白")
    t.pass_night()
    t.exile(5)  # a day exit: last words taken until night 3 begins
    rewind.keep(t.game)
    t.night()
    t.say(5, "/遗言 我是村民")
    assert t.changed, t.reply()
    t.dawn()
    rewind.restore(t.game)
    assert t.game.last_words == {5: "我是村民"} and 5 in t.game.last_words_offered


def test_last_words_of_an_exit_undone_are_void() -> None:
    t = standard("预女猎白")
    rewind.keep(t.game)
    t.night()
    kill(t, 6)
    t.dawn()
    t.say(6, "/遗言 我也是村民")
    assert t.changed, t.reply()
    rewind.restore(t.game)
    assert t.game.last_words == {} and 6 not in t.game.last_words_offered and t.alive(6)


def test_the_day_before_the_door_close_is_over_once_restored() -> None:
    t = standard("预女猎白")
    t.pass_night()
    rewind.keep(t.game)  # the director opened night 2 without /放逐
    t.pass_night()
    rewind.restore(t.game)
    assert t.game.day == 2 and not t.game.vote_open()
    t.exile(None)
    assert not t.changed and "已经记录过" in t.reply()
