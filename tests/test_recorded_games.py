"""Logs recorded by earlier versions rebuild to the state they had when they were recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.recorded_games import RECORDED, digest, rebuild

RECORDINGS = sorted(RECORDED.glob("*/*.json"))


def test_recordings_exist() -> None:
    assert len(RECORDINGS) >= 80


@pytest.mark.parametrize("path", RECORDINGS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDINGS])
def test_recorded_game_rebuilds_to_the_same_state(path: Path) -> None:
    recording = json.loads(path.read_text(encoding="utf-8"))
    assert digest(rebuild(recording, path.parent.name)) == recording["digest"]
