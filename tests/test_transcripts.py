"""Every transcript under tests/transcripts/ played in process against the real engine."""

from pathlib import Path

import pytest

from tests.transcript_runner import parse_transcript, play

TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("*.txt"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[path.name for path in TRANSCRIPTS])
async def test_transcript(path: Path, tmp_path: Path) -> None:
    failure = await play(parse_transcript(path), tmp_path / "werewolf.db")
    assert failure is None, failure
