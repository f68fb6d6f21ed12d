"""A director's copy of a built-in board plays like the built-in board: 竞技12's file (and 百变小樱's),
as `/板子 竞技12` sends it, saved under another name, passes every 竞技12 (百变小樱) transcript that
opens its game itself."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from bansha_engine.boards import builtin_text
from tests.transcript_runner import parse_transcript, play

TRANSCRIPTS = Path(__file__).parent / "transcripts"


@dataclass(frozen=True)
class Copy:
    board: str  # the built-in board copied
    name: str  # the name the copy is saved under
    prefix: str  # its transcripts' file names start with this
    # Transcripts that read the board's name back (labels of games, records, lists of boards)
    # expect the built-in board itself.
    names_the_board: tuple[str, ...]

    def file(self) -> str:
        """The board's file as `/板子 <board>` sends it, under the copy's name: nothing but the file
        (百变小樱's is composed: no `规则`)."""
        text = builtin_text(self.board)
        assert f"板子: {self.board}\n" in text and "规则" not in text
        return text.replace(f"板子: {self.board}\n", f"板子: {self.name}\n", 1)

    def transcripts(self) -> list[Path]:
        paths = sorted(TRANSCRIPTS.glob(f"{self.prefix}-*.txt"))
        return [p for p in paths if parse_transcript(p).setup and p.name not in self.names_the_board]


JINGJI12 = Copy(
    "竞技12",
    "竞技12副本",
    "jingji12",
    ("jingji12-95-record.txt", "jingji12-wording-02-the-wording-left-over.txt"),
)
BAIBIAN = Copy("百变小樱", "百变副本", "baibian", ("baibian-90-one-group-one-game.txt",))


async def play_on_the_copy(copy: Copy, path: Path, database: Path) -> None:
    transcript = replace(parse_transcript(path), board=copy.name)
    failure = await play(transcript, database, prelude=[f"/新板子\n{copy.file()}"])
    assert failure is None, failure


@pytest.mark.parametrize("path", JINGJI12.transcripts(), ids=lambda p: p.name)
async def test_a_saved_copy_of_jingji12_plays_like_jingji12(path: Path, tmp_path: Path) -> None:
    await play_on_the_copy(JINGJI12, path, tmp_path / "werewolf.db")


@pytest.mark.parametrize("path", BAIBIAN.transcripts(), ids=lambda p: p.name)
async def test_a_saved_copy_of_baibian_plays_like_baibian(path: Path, tmp_path: Path) -> None:
    await play_on_the_copy(BAIBIAN, path, tmp_path / "werewolf.db")
