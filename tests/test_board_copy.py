"""A director's copy of a built-in board plays like the built-in board: 竞技12's file, as `/板子 竞技12`
sends it, saved under another name, passes every 竞技12 transcript that opens its game itself."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bansha_engine.boards import builtin_text
from tests.transcript_runner import parse_transcript, play

TRANSCRIPTS = Path(__file__).parent / "transcripts"
COPY = "竞技12副本"
# Transcripts that read the board's name back (labels of games, records) expect 竞技12 itself.
NAMES_THE_BOARD = (
    "jingji12-95-record.txt",
    "jingji12-wording-02-the-wording-left-over.txt",
)


def copied_file() -> str:
    text = builtin_text("竞技12")
    assert "板子: 竞技12\n" in text
    return text.replace("板子: 竞技12\n", f"板子: {COPY}\n", 1)


def played_on_the_copy() -> list[Path]:
    paths = sorted(TRANSCRIPTS.glob("jingji12-*.txt"))
    return [p for p in paths if parse_transcript(p).setup and p.name not in NAMES_THE_BOARD]


@pytest.mark.parametrize("path", played_on_the_copy(), ids=lambda p: p.name)
async def test_a_saved_copy_of_jingji12_plays_like_jingji12(path: Path, tmp_path: Path) -> None:
    transcript = replace(parse_transcript(path), board=COPY)
    failure = await play(transcript, tmp_path / "werewolf.db", prelude=[f"/新板子\n{copied_file()}"])
    assert failure is None, failure
