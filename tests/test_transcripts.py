"""Every transcript under tests/transcripts/ played in process against the real engine.

Each is played with two seeds: the real bot draws a random seed per game, so a transcript must not
depend on how a random choice (a badge, a wolf head, a start-of-game pick) happens to fall.
"""

from pathlib import Path

import pytest

from tests.transcript_runner import parse_transcript, play

TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("*.txt"))
SEEDS = (1, 7)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[path.name for path in TRANSCRIPTS])
async def test_transcript(path: Path, seed: int, tmp_path: Path) -> None:
    failure = await play(parse_transcript(path), tmp_path / "werewolf.db", seed=seed)
    assert failure is None, failure
