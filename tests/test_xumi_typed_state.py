"""须弥's role state is typed: records stored under their class names (engine/library.py), none
stored by a refused command."""

from __future__ import annotations

import json
from dataclasses import is_dataclass
from pathlib import Path

import pytest

from bansha_engine import Game
from tests.recorded_games import RECORDED, rebuild
from tests.xumi_helpers import next_day, to_night_slot, xumi

XUMI_RECORDINGS = sorted(RECORDED.glob("*/xumi-*.json"))


def untyped_state(game: Game) -> list[str]:
    """Every stored value that is not a record under its class's name, as `where: key`."""
    stores = {"Game.flags": game.flags} | {f"{n}号.data": s.data for n, s in game.seats.items()}
    return [
        f"{where}: {key}"
        for where, stored in stores.items()
        for key, value in stored.items()
        if not (is_dataclass(value) and type(value).__name__ == key)
    ]


def stored_state(game: Game) -> str:
    return repr((game.flags, [s.data for s in game.seats.values()]))


@pytest.mark.parametrize("path", XUMI_RECORDINGS, ids=[p.stem for p in XUMI_RECORDINGS])
def test_a_recorded_xumi_game_keeps_only_records(path: Path) -> None:
    game = rebuild(json.loads(path.read_text(encoding="utf-8")), path.parent.name)
    assert untyped_state(game) == []


def test_the_recorded_xumi_games_store_the_roles_records() -> None:
    kinds = set()
    for path in XUMI_RECORDINGS:
        game = rebuild(json.loads(path.read_text(encoding="utf-8")), path.parent.name)
        kinds |= set(game.flags) | {key for seat in game.seats.values() for key in seat.data}
    assert {"Tags", "Election", "Kills", "LostCamps", "Appearance", "Mother"} <= kinds


def test_refused_xumi_commands_store_nothing() -> None:
    t = xumi()
    refused = [
        (12, "/狂妄"),  # no such skill
        (13, "/感染 1号"),  # the 竞选日: no 正午 yet
        ("导演", "/额外投票"),  # no extra vote today
        ("导演", "/判负 无人"),
    ]
    for who, text in refused:
        before = stored_state(t.game)
        t.say(who, text)
        assert not t.changed and stored_state(t.game) == before, text
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    for seat, text in [(11, "/指定 杀人"), (12, "/诡辩 3号 国王"), (2, "/摄梦 3号"), (11, "/刀 3号")]:
        before = stored_state(t.game)
        t.say(seat, text)
        assert not t.changed and stored_state(t.game) == before, text
    next_day(t)
    before = stored_state(t.game)
    t.say(13, "/感染 13号 14号")
    assert not t.changed and stored_state(t.game) == before
