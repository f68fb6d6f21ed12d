"""Game logs recorded by earlier versions, and the state they must rebuild to.

A stored game is rebuilt from its log at every start-up, so every later version of the engine must
rebuild a log recorded by an earlier one to the same state.  `record()` plays every project
transcript through the service of the current version and keeps each game's log and the digest of
the state the log rebuilt to, under `tests/recorded/<version>/`; `test_recorded_games.py` replays
every recording ever kept and compares digests.  Messages are not part of the digest: wording may
change between versions, the state may not.

Run `python -m tests.recorded_games <version>` to add the recordings of a new version; 0.2.1 keeps
only the transcripts new in it (the others are kept as 0.2.0 recorded them).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from werewolf_engine import Event, Game

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


def rebuild(recording: dict[str, Any]) -> Game:
    events = [Event(**event) for event in recording["events"]]
    return Game.replay(1, recording["board"], recording["seed"], recording["timezone"], events)


def _stored_games(database: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(database) as conn:
        games = conn.execute("SELECT id, board, seed, timezone FROM games ORDER BY id").fetchall()
        recordings = []
        for game_id, board, seed, timezone in games:
            rows = conn.execute(
                "SELECT kind, at, qq, text, group_id, key FROM log_entries WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
            events = [
                {"kind": kind, "at": at, "qq": qq, "text": text, "group": group, "key": key}
                for kind, at, qq, text, group, key in rows
            ]
            recordings.append({"board": board, "seed": seed, "timezone": timezone, "events": events})
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
        recording["digest"] = digest(rebuild(recording))
        name = f"{path.stem}-{index}.json" if len(recordings) > 1 else f"{path.stem}.json"
        (folder / name).write_text(json.dumps(recording, ensure_ascii=False, indent=1), encoding="utf-8")
    return len(recordings)


async def record(version: str) -> int:
    folder = RECORDED / version
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in sorted(TRANSCRIPTS.glob("*.txt")):
        count += await _record_transcript(path, folder)
    return count


if __name__ == "__main__":
    import nonebot

    nonebot.init()
    print(f"recorded {asyncio.run(record(sys.argv[1]))} games")
