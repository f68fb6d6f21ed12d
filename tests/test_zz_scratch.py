import os
from pathlib import Path

import pytest

from tests.transcript_runner import parse_transcript, play

PATHS = [Path(p) for p in os.environ.get("I23_T", "").split(",") if p]


@pytest.mark.parametrize("seed", (1, 7))
@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
async def test_scratch(path: Path, seed: int, tmp_path: Path) -> None:
    failure = await play(parse_transcript(path), tmp_path / "w.db", seed=seed)
    assert failure is None, failure
