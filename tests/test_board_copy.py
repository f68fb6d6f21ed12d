"""A director's copy of a built-in board plays like the built-in board: 竞技12's file (and 百变小樱's),
as `/板子 竞技12` sends it, saved under another name, passes every 竞技12 (百变小樱) transcript that
opens its game itself."""

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


# ---------------------------------------------------------------- 百变小樱

BAIBIAN_COPY = "百变副本"
# Transcripts that read the board's name back (labels of games, lists of boards) expect 百变小樱 itself.
BAIBIAN_NAMES_THE_BOARD = ("baibian-90-one-group-one-game.txt",)


def copied_baibian() -> str:
    """百变小樱's file as `/板子 百变小樱` sends it, under another name: no `规则`, nothing but the file."""
    text = builtin_text("百变小樱")
    assert "板子: 百变小樱\n" in text and "规则" not in text
    return text.replace("板子: 百变小樱\n", f"板子: {BAIBIAN_COPY}\n", 1)


def baibian_played_on_the_copy() -> list[Path]:
    paths = sorted(TRANSCRIPTS.glob("baibian-*.txt"))
    return [p for p in paths if parse_transcript(p).setup and p.name not in BAIBIAN_NAMES_THE_BOARD]


@pytest.mark.parametrize("path", baibian_played_on_the_copy(), ids=lambda p: p.name)
async def test_a_saved_copy_of_baibian_plays_like_baibian(path: Path, tmp_path: Path) -> None:
    transcript = replace(parse_transcript(path), board=BAIBIAN_COPY)
    failure = await play(transcript, tmp_path / "werewolf.db", prelude=[f"/新板子\n{copied_baibian()}"])
    assert failure is None, failure
