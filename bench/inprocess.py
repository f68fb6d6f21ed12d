"""How the shell's cost grows with the number of live games, measured in process (issue 15).

Drives `WerewolfService` directly -- real SQLite database, the plugin's loop timers, background outbox, a
send that costs nothing -- so NoneBot, the WebSocket and the other processes on the machine stay
out of the figures.  For each size N it opens N 竞技12 games and plays them to night 1 (every game
live, its timers armed), then times:

- **one game**: one more game played from /开局 to /状态 alone, command after command, while the N
  others sit idle: what a command costs beside N live games;
- **all games**: the rest of every game's script (/入夜 … /状态), all N games at once, each sending
  its next command once the last one's messages went out (a closed loop, as bench.py);
- **start-up**: a new service on the database (N + 1 stored games): `start()` and the first
  answered command, then the time to rebuild the rest;
- with `--memory`, what a live game holds (tracemalloc, over the N games' set-up).

The collector is set up as the plugin sets it up (`gc.freeze()` after start-up, then
collector.py's policy; `--plain-gc`: the freeze only).  Full collections are counted and timed.

CPU is the process's (`time.process_time`, the database thread included); SQL statements are
counted per command.  `--profile FILE` writes a cProfile of the "all games" phase of the largest
size.

    .venv/bin/python bench/inprocess.py --sizes 10,100,1000
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SELF_ID = 40000
TIMEZONE = "Asia/Shanghai"


def load_plugin() -> None:
    """Initialise NoneBot and load the plugin as bot.py does (its package needs a driver to import)."""
    os.environ.setdefault("WEREWOLF_DATABASE_URL", f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/unused.db")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import nonebot

    nonebot.init()
    from bot import PLUGIN, let_nonebot_find_editable_installs, log_at_configured_level

    log_at_configured_level()
    let_nonebot_find_editable_installs()
    if nonebot.load_plugin(PLUGIN) is None:
        raise RuntimeError(f"NoneBot could not load {PLUGIN}")


load_plugin()

from sqlalchemy import event as sa_event  # noqa: E402

import bench  # noqa: E402  (bench.py: the same command stream)
from nonebot_plugin_bansha_director.collector import freeze_survivors, sweep_frozen  # noqa: E402
from nonebot_plugin_bansha_director.service import WerewolfService  # noqa: E402
from nonebot_plugin_bansha_director.storage import Repository  # noqa: E402
from nonebot_plugin_bansha_director.timers import LoopTimers  # noqa: E402

NIGHT_FROM = "/入夜"  # the script up to this command is the set-up; the rest is played timed


@dataclass
class Wire:
    """The send callable: counts what went out, per game (by the recipient's QQ number)."""

    sent: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    waiting: dict[int, asyncio.Event] = field(default_factory=dict)

    async def __call__(self, account: int | None, kind: str, target: int, text: str) -> None:
        game = game_of(target)
        self.sent[game] += 1
        if (woken := self.waiting.get(game)) is not None:
            woken.set()

    async def until(self, game: int, count: int) -> None:
        while self.sent[game] < count:
            woken = self.waiting[game] = asyncio.Event()
            await woken.wait()


def game_of(qq: int) -> int:
    if qq >= bench.PLAYER_BASE:
        return (qq - bench.PLAYER_BASE) // 100
    return qq - bench.DIRECTOR_BASE


class Statements:
    """Counts the SQL statements the repository's engine runs."""

    def __init__(self, repo: Repository) -> None:
        self.count = 0
        sa_event.listen(repo._engine, "before_cursor_execute", self._one)

    def _one(self, *_: Any) -> None:
        self.count += 1


@dataclass
class Player:
    service: WerewolfService
    wire: Wire
    message_ids: Iterator[int]

    async def command(self, game: int, qq: int, text: str, expected: int) -> None:
        """Send one command and wait until its messages went out."""
        await self.service.handle_message(SELF_ID, next(self.message_ids), qq, None, text)
        await self.wire.until(game, expected)


def script_of(game: int) -> tuple[list[tuple[int, str]], list[int]]:
    """The game's commands and, for each, how many messages the game has been sent once it is done."""
    script = bench.game_script(bench.Seating(game))
    counts, total = [], 0
    for command in bench.predict_real(script):
        total += len(command.expected)
        counts.append(total)
    return script, counts


def split_at_night(game: int) -> tuple[list[tuple[int, str, int]], list[tuple[int, str, int]]]:
    script, counts = script_of(game)
    steps = [(qq, text, count) for (qq, text), count in zip(script, counts, strict=True)]
    night = next(i for i, (_, text, _) in enumerate(steps) if text.startswith(NIGHT_FROM))
    return steps[:night], steps[night:]


async def play(player: Player, game: int, steps: list[tuple[int, str, int]]) -> list[float]:
    times = []
    for qq, text, expected in steps:
        started = time.perf_counter()
        await player.command(game, qq, text, expected)
        times.append((time.perf_counter() - started) * 1000)
    return times


def new_service(url: str, wire: Wire, directors: set[int]) -> WerewolfService:
    return WerewolfService(Repository(url), time.time, wire, LoopTimers(), directors, TIMEZONE)


@contextmanager
def measured(statements: Statements) -> Iterator[dict[str, float]]:
    """CPU seconds, wall seconds, SQL statements and full collections of the block."""
    figures: dict[str, float] = {}
    full = [0]
    gc_s = [0.0, 0.0]  # seconds in full collections, in the others

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_s.append(time.perf_counter())
            return
        took = time.perf_counter() - gc_s.pop()
        gc_s[info["generation"] != 2] += took
        full[0] += info["generation"] == 2

    gc.callbacks.append(on_gc)
    cpu, wall, sql = time.process_time(), time.perf_counter(), statements.count
    try:
        yield figures
    finally:
        gc.callbacks.remove(on_gc)
        figures.update(
            cpu_s=time.process_time() - cpu,
            wall_s=time.perf_counter() - wall,
            sql=statements.count - sql,
            full_gc=full[0],
            full_gc_s=gc_s[0],
            young_gc_s=gc_s[1],
        )


async def run_size(
    size: int, folder: Path, profile: Path | None, memory: bool, plain_gc: bool
) -> dict[str, Any]:
    url = f"sqlite+aiosqlite:///{folder}/werewolf-{size}.db"
    games = range(1, size + 2)  # game size + 1 is the one played alone
    directors = {bench.Seating(g).director for g in games}
    wire = Wire()
    service = new_service(url, wire, directors)
    await service.start()
    service.set_online(SELF_ID, True)
    gc.freeze()  # as the plugin does after start-up
    if not plain_gc:
        freeze_survivors()
    statements = Statements(service.repo)
    player = Player(service, wire, iter(range(1, 10**9)))
    halves = {g: split_at_night(g) for g in games}
    row: dict[str, Any] = {"games": size}

    if memory:
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
    for g in range(1, size + 1):
        await play(player, g, halves[g][0])
    if memory:
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        row["set_up_kb_per_game"] = held_kb(before, after) / size
        row["top_growth"] = top_growth(before, after, size)

    alone = size + 1
    with measured(statements) as one:
        times = await play(player, alone, halves[alone][0] + halves[alone][1])
    commands = len(times)
    row["one_game"] = per_command(one, commands) | {"median_ms": statistics.median(times)}

    profiler = cProfile.Profile() if profile is not None else None
    with measured(statements) as every:
        if profiler is not None:
            profiler.enable()
        results = await asyncio.gather(*(play(player, g, halves[g][1]) for g in range(1, size + 1)))
        if profiler is not None:
            profiler.disable()
    commands = sum(len(r) for r in results)
    row["all_games"] = per_command(every, commands) | {"commands_per_s": commands / every["wall_s"]}
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)

    await service.stop()
    row["cyclic_garbage_frozen"] = sweep_frozen()
    gc.unfreeze()
    row["start_up"] = await time_start_up(url, directors, alone)
    return row


async def time_start_up(url: str, directors: set[int], game: int) -> dict[str, float]:
    wire = Wire()
    began = time.perf_counter()
    cpu = time.process_time()
    service = new_service(url, wire, directors)
    await service.start()
    service.set_online(SELF_ID, True)
    started = time.perf_counter()
    seating = bench.Seating(game)
    await service.handle_message(SELF_ID, 10**9, seating.director, None, "/状态")
    await wire.until(game, 1)
    answered = time.perf_counter()
    await service.rebuilt()
    rebuilt = time.perf_counter()
    cpu_all = time.process_time() - cpu
    await service.stop()
    return {
        "start_ms": (started - began) * 1000,
        "first_answer_ms": (answered - began) * 1000,
        "all_rebuilt_ms": (rebuilt - began) * 1000,
        "cpu_ms": cpu_all * 1000,
    }


def per_command(figures: dict[str, float], commands: int) -> dict[str, float]:
    return {
        "commands": commands,
        "cpu_ms": figures["cpu_s"] * 1000 / commands,
        "sql": figures["sql"] / commands,
        "full_gc": figures["full_gc"],
        "full_gc_ms": figures["full_gc_s"] * 1000 / commands,
        "young_gc_ms": figures["young_gc_s"] * 1000 / commands,
    }


def held_kb(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> float:
    return sum(stat.size_diff for stat in after.compare_to(before, "filename")) / 1024


def top_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, size: int) -> list[str]:
    stats = after.compare_to(before, "lineno")[:12]
    return [f"{s.size_diff / size / 1024:7.2f} KB/game  {s.traceback[0]}" for s in stats]


def print_table(rows: list[dict[str, Any]]) -> None:
    print(
        "games | one game: CPU ms/cmd, median ms, SQL/cmd | all games: CPU ms/cmd, cmd/s, SQL/cmd, full GCs,"
        " full/young GC ms/cmd | start ms, first answer ms, all rebuilt ms"
    )
    for row in rows:
        one, every, start = row["one_game"], row["all_games"], row["start_up"]
        print(
            f"{row['games']:5} | {one['cpu_ms']:6.2f} {one['median_ms']:6.2f} {one['sql']:5.1f}"
            f" | {every['cpu_ms']:6.2f} {every['commands_per_s']:7.0f} {every['sql']:5.1f} {every['full_gc']:3}"
            f" {every['full_gc_ms']:5.2f} {every['young_gc_ms']:5.2f}"
            f" | {start['start_ms']:7.0f} {start['first_answer_ms']:7.0f} {start['all_rebuilt_ms']:7.0f}"
        )
        if "set_up_kb_per_game" in row:
            print(f"      set-up held {row['set_up_kb_per_game']:.1f} KB per game; largest:")
            for line in row["top_growth"]:
                print(f"        {line}")


async def main_async(args: argparse.Namespace) -> None:
    bench.load_engine(ROOT)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="werewolf-inprocess-") as folder:
        for size in sizes:
            profile = args.profile if size == sizes[-1] else None
            rows.append(await run_size(size, Path(folder), profile, args.memory, args.plain_gc))
            print(json.dumps(rows[-1]), flush=True)
    print_table(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10,100,1000")
    parser.add_argument("--profile", type=Path, help="cProfile of the all-games phase of the largest size")
    parser.add_argument(
        "--plain-gc", action="store_true", help="no collector policy: gc.freeze() after start-up only"
    )
    parser.add_argument("--memory", action="store_true", help="what a live game holds (tracemalloc)")
    args = parser.parse_args()
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
