"""Role state lives in typed dataclasses owned by the role modules (engine/library.py)."""

from __future__ import annotations

from bansha_engine.library import game_state, peek_game_state, peek_seat_state, seat_state
from bansha_engine.pack import PackState
from bansha_engine.roles import cupid, witch
from tests.engine_helpers import table
from tests.test_baibian import to_witch

WITCH, SERVANT = 2, 7


def test_peeking_at_state_stores_nothing_and_writing_stores_it_under_its_class_name() -> None:
    t = table()
    flags_before = dict(t.game.flags)
    assert peek_game_state(t.game, PackState) == PackState()
    assert peek_seat_state(t.game, 5, witch.Potions) == witch.Potions()
    assert t.game.flags == flags_before and "Potions" not in t.game.seats[5].data
    game_state(t.game, PackState).lost.add("狼人阵营")
    seat_state(t.game, 5, witch.Potions).poison = True
    assert t.game.flags["PackState"] == PackState(lost={"狼人阵营"})
    assert t.game.seats[5].data["Potions"] == witch.Potions(poison=True)


def test_the_lovers_are_kept_in_cupids_state() -> None:
    t = table(lovers=(13, 14))
    assert cupid.lovers(t.game) == (13, 14)
    assert t.game.flags["Lovers"] == cupid.Lovers(pair=(13, 14))


def test_a_servant_inherits_a_copy_of_the_witchs_spent_potions() -> None:
    t = table(master=WITCH)
    t.night()
    to_witch(t)
    t.say(WITCH, "/毒 4号")
    t.dawn()
    assert not witch.has(t.game, WITCH, "poison") and witch.has(t.game, WITCH, "save")
    t.exile(WITCH)
    assert t.role(SERVANT) == "女巫"
    assert not witch.has(t.game, SERVANT, "poison") and witch.has(t.game, SERVANT, "save")
    heirs, masters = t.game.seats[SERVANT].data["Potions"], t.game.seats[WITCH].data["Potions"]
    assert heirs == masters and heirs is not masters  # a copy: the heir's use leaves the master's record
