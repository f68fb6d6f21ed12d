"""Game logs recorded by earlier versions, and the state they must rebuild to.

A stored game is rebuilt from its log at every start-up, so every later version of the engine must
rebuild a log recorded by an earlier one to the same state.  `record()` plays every project
transcript through the service of the current version and keeps each game's log and the digest of
the state the log rebuilt to, under `tests/recorded/<version>/`; `test_recorded_games.py` replays
every recording ever kept and compares digests.  Messages are not part of the digest: wording may
change between versions, the state may not.

Run `python -m tests.recorded_games <version>` to add the recordings of a new version: it keeps only
the transcripts new in it (the others are kept as the version that first recorded them did).
From 0.3.0 on a game on a director's board keeps the board file it opened with (`board_text`).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from bansha_engine import Event, Game

HERE = Path(__file__).parent
RECORDED = HERE / "recorded"
TRANSCRIPTS = HERE / "transcripts"


def digest(game: Game) -> dict[str, Any]:
    """The state a director and the players can observe, in plain JSON types."""
    return {
        "phase": game.phase,
        "day": game.day,
        "night": game.night_no,
        "directors": list(game.directors),
        "seats": [[s.no, s.qq, s.role, s.camp, s.alive, s.substitutes] for s in game.seats.values()],
        "exits": [[e.seat, e.cause, e.when] for e in game.exits],
        "sheriff": game.sheriff,
        "winner": game.winner,
        "ended": game.ended,
        "last_words": {str(seat): text for seat, text in sorted(game.last_words.items())},
        "groups": dict(sorted(game.groups_bound.items())),
        "timers": sorted([t.key, t.due] for t in game.timers()),
        "accepted": game.accepted,
        **_status_and_skills(game),
    }


def _status_and_skills(game: Game) -> dict[str, Any]:
    """Boards with statuses and per-seat skills (须弥): each seat's statuses and uses left.  Left out
    when no seat has any, so that digests recorded before these boards existed stay comparable."""
    seats = game.seats.values()
    if not any(s.statuses or s.skills for s in seats):
        return {}
    return {
        "statuses": [
            [s.no, sorted(f"{st.name}:{st.count}:{st.until}:{st.source}" for st in s.statuses)] for s in seats
        ],
        "skills": [[s.no, sorted(f"{n}:{k.uses_left}:{k.lost}" for n, k in s.skills.items())] for s in seats],
        "part": game.part,
    }


def rebuild(recording: dict[str, Any], version: str) -> Game:
    """The game a recording's log rebuilds, as opened by `version` (the one that recorded it)."""
    events = [Event(**event) for event in recording["events"]]
    board_text = recording.get("board_text")  # a director's board (0.3.0 on): the file it opened with
    return Game.replay(
        1,
        recording["board"],
        recording["seed"],
        recording["timezone"],
        events,
        board_text=board_text,
        opened_by=version,
    )


def _stored_games(database: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(database) as conn:
        games = conn.execute("SELECT id, board, seed, timezone, board_text FROM games ORDER BY id").fetchall()
        recordings = []
        for game_id, board, seed, timezone, board_text in games:
            rows = conn.execute(
                "SELECT kind, at, qq, text, group_id, key FROM log_entries WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
            events = [
                {"kind": kind, "at": at, "qq": qq, "text": text, "group": group, "key": key}
                for kind, at, qq, text, group, key in rows
            ]
            recording = {"board": board, "seed": seed, "timezone": timezone, "events": events}
            if board_text is not None:
                recording["board_text"] = board_text
            recordings.append(recording)
    return recordings


async def _record_transcript(path: Path, folder: Path) -> int:
    from tests.transcript_runner import parse_transcript, play  # needs NoneBot initialised

    with tempfile.TemporaryDirectory() as scratch:
        database = Path(scratch) / "werewolf.db"
        failure = await play(parse_transcript(path), f"sqlite+aiosqlite:///{database}", seed=1)
        if failure is not None:
            raise RuntimeError(f"{path.name} fails with this version: {failure}")
        recordings = _stored_games(database)
    for index, recording in enumerate(recordings, 1):
        recording["digest"] = digest(rebuild(recording, folder.name))
        name = f"{path.stem}-{index}.json" if len(recordings) > 1 else f"{path.stem}.json"
        (folder / name).write_text(json.dumps(recording, ensure_ascii=False, indent=1), encoding="utf-8")
    return len(recordings)


def _recorded_before() -> set[str]:
    """Transcripts some earlier version recorded already (their games are kept as it recorded them)."""
    return {_transcript_of(p) for p in RECORDED.glob("*/*.json")}


def _transcript_of(recording: Path) -> str:
    stem = recording.stem
    return stem if (TRANSCRIPTS / f"{stem}.txt").exists() else stem.rsplit("-", 1)[0]


async def record(version: str) -> int:
    """Record the transcripts no earlier version recorded."""
    folder = RECORDED / version
    folder.mkdir(parents=True, exist_ok=True)
    done = _recorded_before()
    count = 0
    for path in sorted(TRANSCRIPTS.glob("*.txt")):
        if path.stem not in done:
            count += await _record_transcript(path, folder)
    return count


if __name__ == "__main__":
    import nonebot

    nonebot.init()
    print(f"recorded {asyncio.run(record(sys.argv[1]))} games")
