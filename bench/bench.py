#!/usr/bin/env python3
"""Benchmark of the werewolf bot over the real OneBot v11 wire, against a no-op NoneBot baseline.

    .venv/bin/python bench/bench.py --games 100                     # the reference run: paced games
    .venv/bin/python bench/bench.py --games 100 --think-ms 0        # closed loop: throughput
    .venv/bin/python bench/bench.py --project /tmp/clean-checkout   # bench another tree's bot.py
    .venv/bin/python bench/bench.py --py-spy /tmp/pyspy/bin/py-spy  # also profile both bots

1. Baseline: `python bench/noop_bot.py` (NoneBot, the same driver and adapter, one matcher that
   answers "ok") is started and driven with the same client and the same command stream.
2. The real bot: `python bot.py` with a fresh SQLite database; N concurrent 竞技12 games (each with
   its own director QQ and 12 player QQs) are played through setup, a first night (wolf-head
   election, relay, kill, witch save, seer check) and a day vote with the hunter's last shot.
   Each game is one asyncio task sending its commands one after another; the next command is sent
   once every message the previous one causes has arrived (the count is predicted by running the
   same commands through the pure engine in this process before the timed phase).
3. Reply latency = time from sending the event frame to receiving the bot's first send_* API call
   for it.  Prints median/p99 for both bots, the added latency, commands/s, the bot's peak RSS
   (VmHWM from /proc) and the replay time of a long 竞技12 log built with the pure engine.
4. Prints the targets with PASS/FAIL.  Exit status: 0 when the run completed (whatever the figures),
   1 when commands timed out or the bot sent other messages than predicted (the figures are then not
   trustworthy), 2 when a bot could not be started or the connection broke.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import json
import math
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_PROJECT = BENCH_DIR.parent
SELF_ID = 40000
TOKEN = "bench-token"
BOARD = "竞技12"
TIMEZONE = "Asia/Shanghai"
DIRECTOR_BASE = 2_000_000  # game i: director 2_000_000 + i
PLAYER_BASE = 3_000_000  # game i, seat s: 3_000_000 + 100 * i + s
ROLES = {
    1: "预言家",
    2: "女巫",
    3: "猎人",
    **{s: "村民" for s in range(4, 9)},
    **{s: "狼人" for s in range(9, 13)},
}
SEND_ACTIONS = {
    "send_msg",
    "send_private_msg",
    "send_group_msg",
    "send_private_forward_msg",
    "send_group_forward_msg",
    "send_forward_msg",
}

PROFILE_RATE_HZ = 250  # py-spy samples per second
NOISE_CORES = 0.2  # warn when other processes used more CPU than this during a timed phase
TARGETS = {"added_median_ms": 3.0, "added_p99_ms": 10.0, "rss_mb": 150.0, "xumi_replay_ms": 20.0}

Recipient = tuple[str, int]  # ("private", qq) or ("group", group id)

xumi_replay: Any = None  # bench/xumi_replay.py: a long 须弥 game, imported by load_engine()
engine: Any = None  # the project's pure engine (`bansha_engine` package), imported by load_engine()


def load_engine(project: Path) -> None:
    """Import the engine of the benchmarked project (the one whose bot.py runs)."""
    global engine
    sys.path.insert(0, str(project))
    engine = importlib.import_module("bansha_engine")
    global xumi_replay
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    xumi_replay = importlib.import_module("xumi_replay")


# ---------------------------------------------------------------- the command stream


@dataclass
class Command:
    qq: int
    text: str
    expected: list[Recipient]  # the messages the bot should send for it, in order


@dataclass
class Seating:
    index: int

    @property
    def director(self) -> int:
        return DIRECTOR_BASE + self.index

    def player(self, seat: int) -> int:
        return PLAYER_BASE + 100 * self.index + seat

    def everyone(self) -> list[int]:
        return [self.director, *(self.player(s) for s in range(1, 13))]


def game_script(seating: Seating) -> list[tuple[int, str]]:
    """One 竞技12 game: setup, first night (election, relay, kill, witch, seer), day vote, last shot."""
    director, p = seating.director, seating.player
    script = [(director, f"/开局 {BOARD}")]
    script += [(director, f"/座位 {s}号 {p(s)}") for s in range(1, 13)]
    script += [(director, f"/身份 {s}号 {role}") for s, role in ROLES.items()]
    script += [(director, "/开始"), (director, "/警长 4号"), (director, "/入夜")]
    script += [(p(s), "/选狼头 10号") for s in (9, 10, 11, 12)]
    script += [
        (p(11), "/传话 刀五号"),
        (p(10), "/刀 5号"),
        (p(2), "/救 5号"),
        (p(1), "/预言 9号"),
        (director, "/放逐 3号"),
        (p(3), "/开枪 9号"),
        (director, "/状态"),
    ]
    return script


def predict_real(script: list[tuple[int, str]]) -> list[Command]:
    """Run the script through the pure engine to learn what the bot must send for each command."""
    game: Any = None
    commands = []
    for qq, text in script:
        event = engine.Event(kind="say", at=time.time(), qq=qq, text=text)
        if game is None:
            game = engine.Game(1, BOARD, 1, TIMEZONE)
        result = game.handle(event)
        if not result.changed and not text.startswith("/状态"):
            raise RuntimeError(f"the engine refused the bench script at {text!r}: {result.messages}")
        commands.append(Command(qq, text, [(m.kind, m.target) for m in result.messages]))
    return commands


def predict_noop(script: list[tuple[int, str]]) -> list[Command]:
    return [Command(qq, text, [("private", qq)]) for qq, text in script]


# ---------------------------------------------------------------- the bot process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status_kb(pid: int, key: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def log_errors(log: Path, lines: int = 12) -> str:
    """The end of the last traceback or error in a bot's log, to say why a run broke."""
    try:
        text = log.read_text(errors="replace").splitlines()
    except OSError:
        return ""
    marks = [i for i, line in enumerate(text) if "Traceback" in line or "[ERROR]" in line]
    if not marks:
        return ""
    excerpt = text[marks[-1] : marks[-1] + 40][-lines:]
    return "\n  bot log:\n" + "\n".join("    " + line for line in excerpt)


class BotProcess:
    def __init__(self, argv: list[str], project: Path, workdir: Path, env: dict[str, str], name: str) -> None:
        self.argv = argv
        self.project = project
        self.port = free_port()
        self.log = workdir / f"{name}.log"
        self.env = {**os.environ, **env, "HOST": "127.0.0.1", "PORT": str(self.port)}
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                self.argv,
                cwd=self.project,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    async def wait_ready(self, timeout: float = 60.0, poll_s: float = 0.1) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                raise RuntimeError(f"{self.argv[-1]} exited early; see {self.log}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                await asyncio.sleep(poll_s)
        raise RuntimeError(
            f"{self.argv[-1]} did not listen on {self.port} within {timeout:.0f}s; see {self.log}"
        )

    def kill(self) -> None:
        """kill -9, as a crash or an OOM kill would."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        """SIGTERM to the bot's own process group (it was started in a new session), then SIGKILL."""
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


# ---------------------------------------------------------------- the OneBot side


@dataclass
class Delivery:
    recipient: Recipient
    at: float  # perf_counter when the API call frame arrived
    text: str = ""


def text_of(message: Any) -> str:
    """The text of a OneBot message parameter (a string or a list of segments)."""
    if isinstance(message, str):
        return message
    return "".join(
        str(seg.get("data", {}).get("text", "")) for seg in message or () if seg.get("type") == "text"
    )


class OneBotClient:
    """One QQ account connected to the bot by reverse WebSocket (Universal role), like NapCat."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.routes: dict[int, asyncio.Queue[Delivery]] = {}  # recipient id -> its game's queue
        self.stray: list[Delivery] = []
        self.api_calls = Counter[str]()
        self.message_ids = 1_000_000
        self.closed = asyncio.Event()

    async def connect(self) -> None:
        headers = {
            "X-Self-ID": str(SELF_ID),
            "X-Client-Role": "Universal",
            "Authorization": f"Bearer {TOKEN}",
            "User-Agent": "OneBot/11",
        }
        url = f"ws://127.0.0.1:{self.port}/onebot/v11/ws"
        self.ws = await connect(url, additional_headers=headers, max_size=None)
        self.reader = asyncio.create_task(self._read())
        await self._send(
            {
                "time": int(time.time()),
                "self_id": SELF_ID,
                "post_type": "meta_event",
                "meta_event_type": "lifecycle",
                "sub_type": "connect",
            }
        )

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def _send(self, obj: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(obj, ensure_ascii=False))

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                at = time.perf_counter()
                try:
                    call = json.loads(frame)
                except ValueError:
                    continue
                await self._answer(call, at)
        except Exception:  # noqa: BLE001 - a dropped connection ends the run; `closed` tells
            pass
        finally:
            self.closed.set()

    async def _answer(self, call: dict[str, Any], at: float) -> None:
        action = call.get("action")
        params = call.get("params") or {}
        self.api_calls[str(action)] += 1
        data: Any = None
        ok = True
        if action in SEND_ACTIONS:
            kind = params.get("message_type") or ("group" if "group" in str(action) else "private")
            if action in ("send_msg", "send_forward_msg") and "message_type" not in params:
                kind = "group" if params.get("group_id") and not params.get("user_id") else "private"
            target = int(params.get("group_id") if kind == "group" else params.get("user_id") or 0)
            delivery = Delivery((kind, target), at, text_of(params.get("message")))
            queue = self.routes.get(target)
            if queue is None:
                self.stray.append(delivery)
            else:
                queue.put_nowait(delivery)
            self.message_ids += 1
            data = {"message_id": self.message_ids}
        elif action == "get_login_info":
            data = {"user_id": SELF_ID, "nickname": "bench-bot"}
        elif action == "get_status":
            data = {"online": True, "good": True}
        elif action == "get_version_info":
            data = {"app_name": "onebot-bench", "app_version": "1", "protocol_version": "v11"}
        elif action in ("get_friend_list", "get_group_list"):
            data = []
        else:
            ok = False
        reply: dict[str, Any] = {
            "status": "ok" if ok else "failed",
            "retcode": 0 if ok else 1404,
            "data": data,
            "echo": call.get("echo"),
        }
        if not ok:
            reply["message"] = reply["wording"] = "bench: not supported"
        with contextlib.suppress(Exception):
            await self._send(reply)

    async def say(self, user_id: int, text: str) -> float:
        """Send a private message event; return the perf_counter reading just before it went out."""
        self.message_ids += 1
        event = {
            "time": int(time.time()),
            "self_id": SELF_ID,
            "post_type": "message",
            "message_type": "private",
            "sub_type": "friend",
            "message_id": self.message_ids,
            "user_id": user_id,
            "message": [{"type": "text", "data": {"text": text}}],
            "raw_message": text,
            "font": 0,
            "sender": {"user_id": user_id, "nickname": f"u{user_id}", "sex": "unknown", "age": 0},
        }
        frame = json.dumps(event, ensure_ascii=False)
        assert self.ws is not None
        sent_at = time.perf_counter()
        await self.ws.send(frame)
        return sent_at


# ---------------------------------------------------------------- playing games


@dataclass
class Sample:
    word: str  # the command word, e.g. "/座位"
    first_ms: float  # reply latency: the first send_* call
    last_ms: float  # until the last message the command causes
    messages: int
    sent_at: float  # perf_counter when the command went out


@dataclass
class GameOutcome:
    samples: list[Sample] = field(default_factory=list)
    error: str = ""
    mismatches: int = 0


async def play_game(
    client: OneBotClient,
    seating: Seating,
    commands: list[Command],
    timeout: float,
    think_ms: float = 0.0,
    until: float | None = None,
) -> GameOutcome:
    """Play one game's commands in order, each once the previous one's messages have all arrived.

    With `think_ms`, wait a random 0.5-1.5 x think_ms before each command (seeded per game), so the
    load is paced like people typing instead of a closed loop that keeps the bot saturated; with
    `until` (a perf_counter reading), stop sending once it has passed."""
    queue: asyncio.Queue[Delivery] = asyncio.Queue()
    for qq in seating.everyone():
        client.routes[qq] = queue
    outcome = GameOutcome()
    pause = random.Random(seating.index)
    for command in commands:
        if think_ms > 0:
            await asyncio.sleep(think_ms * pause.uniform(0.5, 1.5) / 1000)
        if until is not None and time.perf_counter() >= until:
            break
        sent_at = await client.say(command.qq, command.text)
        got: list[Delivery] = []
        try:
            async with asyncio.timeout(timeout):
                while len(got) < len(command.expected):
                    got.append(await queue.get())
        except TimeoutError:
            outcome.error = (
                f"game {seating.index}: {command.text!r} from {command.qq}: "
                f"{len(got)} of {len(command.expected)} messages within {timeout:.0f}s"
            )
            return outcome
        if Counter(d.recipient for d in got) != Counter(command.expected):
            outcome.mismatches += 1
        outcome.samples.append(
            Sample(
                command.text.split()[0],
                (got[0].at - sent_at) * 1000,
                (got[-1].at - sent_at) * 1000,
                len(got),
                sent_at,
            )
        )
    return outcome


@dataclass
class RunResult:
    name: str
    games: int
    samples: list[Sample]
    started: float  # perf_counter at the start of the timed phase
    wall_s: float
    errors: list[str]
    mismatches: int
    stray: int
    peak_rss_kb: int | None
    rss_kb: int | None
    bot_cpu_s: float | None  # CPU time the bot process used during the timed phase
    main_thread_cpu_s: float | None  # of which its main thread (the event loop) used
    client_cpu_s: float  # CPU time this (client) process used during the timed phase
    other_cpu_s: float  # CPU time the rest of the machine used meanwhile (other processes: noise)
    api_calls: dict[str, int]
    client_lag_ms: float  # the client's worst event-loop lag in the timed phase
    restart: dict[str, Any] = field(default_factory=dict)  # kill -9, start again: see restart_and_compare


class LoopLag:
    """Watches this (client) process's event loop: a late wake-up here inflates measured latencies."""

    TICK_S = 0.002

    def __init__(self) -> None:
        self.worst_ms = 0.0
        self._task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.TICK_S)
            late = (time.perf_counter() - before - self.TICK_S) * 1000
            self.worst_ms = max(self.worst_ms, late)

    def stop(self) -> None:
        self._task.cancel()


@dataclass
class Settings:
    project: Path
    workdir: Path
    env: dict[str, str]
    games: int
    warmup: int
    timeout: float
    py_spy: str | None  # py-spy executable: profile each bot during the timed phase
    think_ms: float  # mean pause before each command of a game; 0: closed loop
    duration_s: float | None = None  # stop the timed phase after this long (forum-paced runs)
    restart: bool = False  # then kill -9 the bot, start it on the same database, time and compare
    restarts: int = 1  # ... this many times (the median start-up is reported)


def machine_busy_s() -> float:
    """CPU seconds all processors have spent not idle since boot, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")  # guest time is already in user


def proc_cpu_s(pid: int, tid: int | None = None) -> float | None:
    """User + system CPU seconds of a process (all its threads) or of one of its threads, from /proc."""
    path = f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat"
    try:
        fields = Path(path).read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_profiler(py_spy: str | None, pid: int, output: Path) -> subprocess.Popen[bytes] | None:
    """Sample the bot with py-spy (only while a thread holds the GIL) until stop_profiler()."""
    if py_spy is None:
        return None
    argv = [py_spy, "record", "--pid", str(pid), "--rate", str(PROFILE_RATE_HZ), "--gil", "--nonblocking"]
    with output.with_suffix(".err").open("wb") as err:
        return subprocess.Popen(
            [*argv, "--format", "raw", "--output", str(output)], stdout=subprocess.DEVNULL, stderr=err
        )


def stop_profiler(profiler: subprocess.Popen[bytes] | None) -> None:
    if profiler is None:
        return
    profiler.send_signal(signal.SIGINT)  # py-spy writes its output on Ctrl-C
    try:
        profiler.wait(timeout=30)
    except subprocess.TimeoutExpired:
        profiler.kill()
        profiler.wait()


async def run_bot(name: str, argv: list[str], predict: Any, settings: Settings) -> RunResult:
    games, warmup, timeout = settings.games, settings.warmup, settings.timeout
    run = f"{name}-{games}-games-{'closed' if settings.think_ms <= 0 else f'think-{settings.think_ms:g}ms'}"
    database = f"sqlite+aiosqlite:///{settings.workdir / (run + '.db')}"  # a fresh one for every run
    bot = BotProcess(
        argv, settings.project, settings.workdir, {**settings.env, "WEREWOLF_DATABASE_URL": database}, run
    )
    seatings = [Seating(i) for i in range(games + warmup)]
    plans = [predict(game_script(s)) for s in seatings]
    bot.start()
    client = OneBotClient(bot.port)
    profiler = None
    try:
        await bot.wait_ready()
        await client.connect()
        await asyncio.sleep(0.3)  # let the bot register the connection
        warm = await asyncio.gather(
            *(play_game(client, seatings[i], plans[i], timeout) for i in range(games, games + warmup))
        )
        errors = [o.error for o in warm if o.error]
        if errors:
            raise RuntimeError(
                f"{name}: warm-up game failed: {errors[0]}; see {bot.log}{log_errors(bot.log)}"
            )
        profiler = start_profiler(settings.py_spy, bot.pid, settings.workdir / f"{name}-profile.txt")
        if profiler is not None:
            await asyncio.sleep(1.0)  # py-spy needs a moment to attach
        bot_cpu, main_cpu, client_cpu = proc_cpu_s(bot.pid), proc_cpu_s(bot.pid, bot.pid), time.process_time()
        machine = machine_busy_s()
        gc.collect()
        gc.disable()  # no collector pauses in the client while it times replies
        lag = LoopLag()
        started = time.perf_counter()
        until = None if settings.duration_s is None else started + settings.duration_s
        try:
            outcomes = await asyncio.gather(
                *(
                    play_game(client, seatings[i], plans[i], timeout, settings.think_ms, until)
                    for i in range(games)
                )
            )
        finally:
            wall = time.perf_counter() - started
            lag.stop()
            gc.enable()
        client_cpu = time.process_time() - client_cpu
        machine = machine_busy_s() - machine
        bot_cpu_after, main_cpu_after = proc_cpu_s(bot.pid), proc_cpu_s(bot.pid, bot.pid)
        bot_cpu = None if bot_cpu is None or bot_cpu_after is None else bot_cpu_after - bot_cpu
        main_cpu = None if main_cpu is None or main_cpu_after is None else main_cpu_after - main_cpu
        stop_profiler(profiler)
        profiler = None
        await asyncio.sleep(0.5)  # anything still arriving now was not predicted
        leftovers = sum(q.qsize() for q in {id(q): q for q in client.routes.values()}.values())
        if client.closed.is_set() or not bot.alive():
            raise RuntimeError(
                f"{name}: the connection or the bot went away during the run; see {bot.log}{log_errors(bot.log)}"
            )
        peak, rss = proc_status_kb(bot.pid, "VmHWM"), proc_status_kb(bot.pid, "VmRSS")
        stray = len(client.stray) + leftovers
        restart: dict[str, Any] = {}
        if settings.restart:
            restart = await restart_and_compare(
                bot, client, seatings[:games], name == "werewolf", timeout, settings.restarts
            )
            client = restart.pop("client")
    finally:
        stop_profiler(profiler)
        await client.close()
        bot.stop()
    return RunResult(
        name=name,
        games=games,
        samples=[s for o in outcomes for s in o.samples],
        started=started,
        wall_s=wall,
        errors=[o.error for o in outcomes if o.error],
        mismatches=sum(o.mismatches for o in outcomes),
        stray=stray,
        peak_rss_kb=peak,
        rss_kb=rss,
        bot_cpu_s=bot_cpu,
        main_thread_cpu_s=main_cpu,
        other_cpu_s=max(0.0, machine - (bot_cpu or 0.0) - client_cpu),
        client_cpu_s=client_cpu,
        api_calls=dict(client.api_calls),
        client_lag_ms=lag.worst_ms,
        restart=restart,
    )


async def status_round(client: OneBotClient, seatings: list[Seating], timeout: float) -> dict[int, str]:
    """Every game's `/状态` as its director gets it (the no-op bot answers "ok")."""

    async def one(seating: Seating) -> tuple[int, str]:
        queue: asyncio.Queue[Delivery] = asyncio.Queue()
        client.routes[seating.director] = queue
        await client.say(seating.director, "/状态")
        async with asyncio.timeout(timeout):
            return seating.index, (await queue.get()).text

    return dict(await asyncio.gather(*(one(s) for s in seatings)))


async def restart_and_compare(
    bot: BotProcess, client: OneBotClient, seatings: list[Seating], compare: bool, timeout: float, times: int
) -> dict[str, Any]:
    """kill -9 the bot, start it again on the same database and time it to the first answered
    command (the first game's `/状态`), `times` times (the median is reported: one start-up is at
    the mercy of whatever else the machine does); with `compare`, every game's `/状态` before the
    first kill and after the last restart must be the same text."""
    before = await status_round(client, seatings, timeout) if compare else {}
    starts: list[tuple[float, float, str]] = []
    rss: list[int] = []
    peak: list[int] = []
    for _ in range(times):
        await client.close()
        bot.kill()
        spawned = time.perf_counter()
        bot.start()
        await bot.wait_ready(poll_s=0.01)
        listening = time.perf_counter()
        sent, client = client.message_ids, OneBotClient(bot.port)
        client.message_ids = sent  # a message id seen before is a duplicate to the bot
        await client.connect()
        first = await status_round(client, seatings[:1], timeout)
        answered = time.perf_counter()
        starts.append(
            ((listening - spawned) * 1000, (answered - spawned) * 1000, first[seatings[0].index][:60])
        )
        await status_round(client, seatings, timeout)  # every game live again
        await asyncio.sleep(1.0)  # let the games nothing asked for be rebuilt in the background too
        rss.append(proc_status_kb(bot.pid, "VmRSS") or 0)
        peak.append(proc_status_kb(bot.pid, "VmHWM") or 0)
    after = await status_round(client, seatings, timeout) if compare else {}
    differ = [i for i in before if before[i] != after.get(i)]
    return {
        "client": client,
        "stored_games": len(seatings),
        "restarts": times,
        "listening_ms": statistics.median(start[0] for start in starts),
        "first_answer_ms": statistics.median(start[1] for start in starts),
        "first_answer_all_ms": [round(start[1]) for start in starts],
        "first_answer_text": starts[-1][2],
        "rss_mb": statistics.median(rss) / 1024 if all(rss) else None,  # every game live, nothing in flight
        "peak_rss_mb": statistics.median(peak) / 1024 if all(peak) else None,
        "status_compared": len(before),
        "status_differ": len(differ),
        "status_differ_example": [before[differ[0]], after.get(differ[0])] if differ else None,
    }


# ---------------------------------------------------------------- replaying a long log


def build_long_log(target: int) -> list[Any]:
    """A long 竞技12 game made with the pure engine: nights with relays, deadline changes, reminders,
    timeouts, empty kills, witch and seer actions, substitutes and day votes; only accepted events."""
    director = 20000

    def qq(seat: int) -> int:
        return 10000 + seat

    game = engine.Game(1, BOARD, 1, TIMEZONE)
    log: list[Any] = []
    clock = 1_767_000_000.0  # 2025-12-29, any fixed moment will do

    def say(who: int, text: str) -> None:
        nonlocal clock
        clock += 30
        event = engine.Event(kind="say", at=clock, qq=who, text=text)
        if game.handle(event).changed:
            log.append(event)

    def fire(prefix: str, step: str) -> None:
        nonlocal clock
        timer = next(
            (t for t in game.timers() if t.key.startswith(prefix) and t.key.endswith(":" + step)), None
        )
        if timer is None:
            return
        clock = max(clock, timer.due)
        event = engine.Event(kind="timer", at=clock, key=timer.key)
        if game.handle(event).changed:
            log.append(event)

    say(director, f"/开局 {BOARD}")
    for seat in range(1, 13):
        say(director, f"/座位 {seat}号 {qq(seat)}")
    for seat, role in ROLES.items():
        say(director, f"/身份 {seat}号 {role}")
    say(director, "/开始")
    say(director, "/警长 4号")
    night = 0
    while len(log) < target and not game.ended:
        night += 1
        say(director, "/入夜")
        if night == 1:
            for seat in (9, 10, 11, 12):
                say(qq(seat), "/选狼头 10号")
        for seat, words in ((9, "刀五号"), (11, f"查{night % 10}号"), (12, "稳住")):
            say(qq(seat), f"/传话 {words}")
        say(director, f"/时限 女巫 {10 + night % 20}分钟")
        say(director, f"/时限 预言家 {15 + night % 30}分钟")
        fire("remind:", "seer")
        if night == 1:
            say(qq(10), "/刀 5号")
            say(qq(2), "/救 5号")
        else:
            say(qq(10), "/刀 空")
            if night % 2:
                fire("step:", "witch")  # the witch times out
            else:
                say(qq(2), "/放弃")
        say(qq(1), f"/预言 {2 + night % 11}号")
        say(director, "/状态")  # read-only: not logged
        say(director, "/放逐 无")
        if 2 <= night <= 6:  # one substitute each for seats 4-8
            say(director, f"/座位 {night + 2}号 {qq(night + 2) + 100}")
    return log


def time_replay(events: list[Any], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        game = engine.Game.replay(1, BOARD, 1, TIMEZONE, events)
        times.append((time.perf_counter() - started) * 1000)
        assert game.accepted == len(events), "the replay did not accept every logged event"
    return times


# ---------------------------------------------------------------- reporting


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summary(result: RunResult) -> dict[str, Any]:
    first = [s.first_ms for s in result.samples]
    last = [s.last_ms for s in result.samples]
    return {
        "commands": len(first),
        "median_ms": statistics.median(first) if first else math.nan,
        "p99_ms": percentile(first, 0.99) if first else math.nan,
        "max_ms": max(first) if first else math.nan,
        "all_messages_median_ms": statistics.median(last) if last else math.nan,
        "all_messages_p99_ms": percentile(last, 0.99) if last else math.nan,
        "commands_per_s": len(first) / result.wall_s if result.wall_s else math.nan,
        "messages_per_s": sum(s.messages for s in result.samples) / result.wall_s
        if result.wall_s
        else math.nan,
        "wall_s": result.wall_s,
        "bot_cpu_s": result.bot_cpu_s,
        "bot_cpu_ms_per_command": result.bot_cpu_s * 1000 / len(first)
        if result.bot_cpu_s and first
        else None,
        "bot_main_thread_cpu_ms_per_command": result.main_thread_cpu_s * 1000 / len(first)
        if result.main_thread_cpu_s and first
        else None,
        "bot_cpu_busy": result.bot_cpu_s / result.wall_s if result.bot_cpu_s and result.wall_s else None,
        "client_cpu_ms_per_command": result.client_cpu_s * 1000 / len(first) if first else None,
        "other_cpu_busy": result.other_cpu_s / result.wall_s if result.wall_s else None,
        "client_loop_lag_max_ms": result.client_lag_ms,
        "peak_rss_mb": result.peak_rss_kb / 1024 if result.peak_rss_kb else None,
        "rss_mb": result.rss_kb / 1024 if result.rss_kb else None,
        "errors": result.errors[:5],
        "error_count": len(result.errors),
        "mismatched_commands": result.mismatches,
        "unexpected_messages": result.stray,
        "api_calls": result.api_calls,
    }


def slowest(result: RunResult, started: float, count: int = 15) -> list[dict[str, Any]]:
    """The slowest commands and when they were sent: stalls that hit every game at once line up."""
    worst = sorted(result.samples, key=lambda s: s.first_ms, reverse=True)[:count]
    return [
        {"command": s.word, "reply_ms": round(s.first_ms, 2), "sent_at_s": round(s.sent_at - started, 3)}
        for s in worst
    ]


def by_word(result: RunResult) -> list[tuple[str, int, float, float, float, int]]:
    """Per command word: count, reply latency median and p99, all messages in (median), messages."""
    groups: dict[str, list[Sample]] = defaultdict(list)
    for sample in result.samples:
        groups[sample.word].append(sample)
    rows = []
    for word, samples in groups.items():
        first = [s.first_ms for s in samples]
        last = statistics.median(s.last_ms for s in samples)
        rows.append(
            (word, len(samples), statistics.median(first), percentile(first, 0.99), last, samples[0].messages)
        )
    return rows


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def pad(text: str, width: int) -> str:
    """Left-align `text` in `width` terminal columns (CJK characters take two)."""
    columns = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - columns)


def number(value: float | None, digits: int, width: int) -> str:
    return f"{'n/a':>{width}}" if value is None or math.isnan(value) else f"{value:>{width}.{digits}f}"


def print_report(
    base: RunResult,
    real: RunResult,
    replay: dict[str, Any],
    games: int,
    think_ms: float,
    load_before: tuple[float, float, float],
    pacing: str,
) -> dict[str, Any]:
    b, r = summary(base), summary(real)
    added_median = r["median_ms"] - b["median_ms"]
    added_p99 = r["p99_ms"] - b["p99_ms"]
    rss = r["peak_rss_mb"]
    load = (
        f"paced: {think_ms:g} ms mean pause before each command"
        if think_ms > 0
        else "closed loop: each game sends its next command as soon as the last one's messages are in"
    )
    print()
    print(
        f"werewolf bot benchmark: {games} concurrent {BOARD} games, {os.cpu_count()} CPU(s), "
        f"Python {platform.python_version()}"
    )
    print(f"load: {load}")
    print(f"the werewolf bot's sends: {pacing}")
    print()
    print(f"{'':30}{'no-op bot':>13}{'werewolf bot':>14}{'added':>10}")
    rows: list[tuple[str, str, int, float | None]] = [
        ("commands", "commands", 0, None),
        ("reply latency median (ms)", "median_ms", 2, added_median),
        ("reply latency p99 (ms)", "p99_ms", 2, added_p99),
        ("reply latency max (ms)", "max_ms", 2, None),
        ("all messages in, median (ms)", "all_messages_median_ms", 2, None),
        ("all messages in, p99 (ms)", "all_messages_p99_ms", 2, None),
        ("commands/s", "commands_per_s", 1, None),
        ("messages sent/s", "messages_per_s", 1, None),
        ("timed phase (s)", "wall_s", 2, None),
        ("bot CPU per command (ms)", "bot_cpu_ms_per_command", 2, None),
        ("  of it main thread (ms)", "bot_main_thread_cpu_ms_per_command", 2, None),
        ("bot CPU busy (cores)", "bot_cpu_busy", 2, None),
        ("client CPU per command (ms)", "client_cpu_ms_per_command", 2, None),
        ("other processes' CPU (cores)", "other_cpu_busy", 2, None),
        ("client loop lag, worst (ms)", "client_loop_lag_max_ms", 2, None),
        ("peak RSS, VmHWM (MB)", "peak_rss_mb", 1, None),
    ]
    for label, key, digits, added in rows:
        extra = "" if added is None else number(added, digits, 10)
        print(f"{label:30}{number(b[key], digits, 13)}{number(r[key], digits, 14)}{extra}")
    noisy = max(b["other_cpu_busy"] or 0.0, r["other_cpu_busy"] or 0.0)
    if noisy > NOISE_CORES:
        print(f"  WARNING: other processes used up to {noisy:.2f} cores meanwhile; expect noisy figures")
    if think_ms <= 0:
        print(
            "  (closed loop: the bots are saturated, so latency is mostly queueing: "
            "about games / commands per second)"
        )
    print()
    print("werewolf bot reply latency by command (ms):")
    print(f"  {pad('command', 10)}{'count':>7}{'median':>10}{'p99':>10}{'all in':>10}{'msgs':>6}")
    for word, count, median, p99, last, msgs in by_word(real):
        print(f"  {pad(word, 10)}{count:>7}{median:>10.2f}{p99:>10.2f}{last:>10.2f}{msgs:>6}")
    print()
    print(
        f"replay of a long {BOARD} log: {replay['events']} events ({replay['nights']} nights), "
        f"median {replay['median_ms']:.1f} ms, best {replay['best_ms']:.1f} ms "
        f"({replay['per_event_us']:.0f} µs/event) over {replay['repeats']} runs"
    )
    if "xumi" in replay:
        print(xumi_replay.report(replay["xumi"]))
    print()
    checks = [
        (
            "added median latency",
            f"{added_median:.2f} ms",
            f"<= {TARGETS['added_median_ms']:g} ms",
            added_median <= TARGETS["added_median_ms"],
        ),
        (
            "added p99 latency",
            f"{added_p99:.2f} ms",
            f"<= {TARGETS['added_p99_ms']:g} ms",
            added_p99 <= TARGETS["added_p99_ms"],
        ),
        (
            "peak RSS",
            f"{rss:.1f} MB" if rss else "n/a",
            f"< {TARGETS['rss_mb']:g} MB",
            rss is not None and rss < TARGETS["rss_mb"],
        ),
        (
            "须弥 10-night replay",
            f"{replay['xumi']['median_ms']:.1f} ms",
            f"< {TARGETS['xumi_replay_ms']:g} ms",
            replay["xumi"]["median_ms"] < TARGETS["xumi_replay_ms"],
        ),
    ]
    scale = "" if games == 100 else f" (set for 100 games; this run has {games})"
    print(f"targets{scale}:")
    for what, got, target, ok in checks:
        print(f"  {what:22}{got:>12}   target {target:10} {verdict(ok)}")
    problems = []
    for name, s in (("no-op", b), ("werewolf", r)):
        if s["error_count"]:
            problems.append(f"{name}: {s['error_count']} game(s) stalled, e.g. {s['errors'][0]}")
        if s["mismatched_commands"]:
            problems.append(
                f"{name}: {s['mismatched_commands']} command(s) got other recipients than predicted"
            )
        if s["unexpected_messages"]:
            problems.append(f"{name}: {s['unexpected_messages']} message(s) nobody was waiting for")
    for problem in problems:
        print("  WARNING " + problem)
    return {
        "games": games,
        "think_ms": think_ms,
        "pacing": pacing,
        "load_average_before": load_before,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "noop": b,
        "werewolf": r,
        "noop_slowest": slowest(base, base.started),
        "werewolf_slowest": slowest(real, real.started),
        "werewolf_by_command": [
            {
                "command": w,
                "count": c,
                "median_ms": m,
                "p99_ms": p,
                "all_messages_median_ms": a,
                "messages": n,
            }
            for w, c, m, p, a, n in by_word(real)
        ],
        "added_median_ms": added_median,
        "added_p99_ms": added_p99,
        "replay": replay,
        "checks": {what: {"value": got, "target": target, "pass": ok} for what, got, target, ok in checks},
        "problems": problems,
    }


def print_profile(path: Path, name: str, commands: int, top: int = 20) -> None:
    """Summarise py-spy's raw output (collapsed stacks, sampled only while a thread held the GIL):
    the functions with the most samples, as a share of the GIL-held samples and as milliseconds of
    GIL time per command (one sample stands for 1/PROFILE_RATE_HZ s)."""
    if not path.exists() or not path.stat().st_size:
        err = path.with_suffix(".err")
        why = err.read_text(errors="replace")[-500:] if err.exists() else ""
        print(f"\nno profile for the {name} bot: {why}")
        return
    total = 0
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        frames = [f for f in stack.split(";") if f and not f.startswith(("process ", "thread "))]
        total += samples
        if frames:
            own[frames[-1]] += samples
        for frame in set(frames):
            inclusive[frame] += samples

    def row(frame: str, samples: int) -> str:
        per_command = samples / PROFILE_RATE_HZ / commands * 1000
        return f"  {100 * samples / total:6.1f}% {per_command:7.3f} ms  {frame}"

    gil_ms = total / PROFILE_RATE_HZ / commands * 1000
    print(
        f"\n{name} bot: py-spy --gil samples in the timed phase: {total} ({gil_ms:.2f} ms of GIL per command)"
    )
    print(f"  raw stacks: {path}")
    print("  own time (share, GIL ms per command, function):")
    for frame, samples in own.most_common(top):
        print(row(frame, samples))
    print("  inclusive time (the function and what it calls):")
    for frame, samples in inclusive.most_common(top * 3):
        print(row(frame, samples))


# ---------------------------------------------------------------- main


async def main_async(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    if not (project / "bot.py").is_file():
        print(f"bench: no bot.py in {project}", file=sys.stderr)
        return 2
    load_engine(project)
    workdir = Path(tempfile.mkdtemp(prefix="werewolf-bench-"))
    directors = [DIRECTOR_BASE + i for i in range(args.games + args.warmup)]
    env = {
        "SUPERUSERS": "[]",
        "WEREWOLF_DIRECTORS": json.dumps(directors),
        "ONEBOT_ACCESS_TOKEN": TOKEN,
        "COMMAND_START": json.dumps(["/"]),
        "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'werewolf.db'}",
        "WEREWOLF_TIMEZONE": TIMEZONE,
        "WEREWOLF_SEND_RATE": str(args.send_rate),
        "WEREWOLF_SEND_BURST": str(args.send_burst),
        "LOG_LEVEL": args.log_level,
        "PYTHONUNBUFFERED": "1",
    }
    load_before = os.getloadavg()
    print(f"project: {project}\nwork directory (logs, database): {workdir}")
    print("replaying a long log with the pure engine ...", flush=True)
    events = build_long_log(args.replay_events)
    replay_ms = time_replay(events, args.replay_repeats)
    replay = {
        "events": len(events),
        "nights": sum(1 for e in events if e.text.startswith("/入夜")),
        "repeats": len(replay_ms),
        "median_ms": statistics.median(replay_ms),
        "best_ms": min(replay_ms),
        "per_event_us": statistics.median(replay_ms) * 1000 / len(events),
        "xumi": xumi_replay.measure(args.replay_repeats),
    }
    settings = Settings(
        project, workdir, env, args.games, args.warmup, args.timeout, args.py_spy, args.think_ms
    )
    runs = {}
    try:
        for name, argv, predict in (
            ("noop", [args.python, str(BENCH_DIR / "noop_bot.py")], predict_noop),
            ("werewolf", [args.python, "bot.py"], predict_real),
        ):
            print(f"running {args.games} games against the {name} bot ...", flush=True)
            runs[name] = await run_bot(name, argv, predict, settings)
    except RuntimeError as exc:
        print(f"bench: the run broke: {exc}", file=sys.stderr)
        return 2
    pacing = (
        f"paced, {args.send_rate:g}/s after a burst of {args.send_burst}"
        if args.send_rate > 0
        else "not paced"
    )
    report = print_report(
        runs["noop"], runs["werewolf"], replay, args.games, args.think_ms, load_before, pacing
    )
    out = BENCH_DIR / "results"
    out.mkdir(exist_ok=True)
    paced = f"-think-{args.think_ms:g}ms" if args.think_ms > 0 else ""
    paced += f"-send-{args.send_rate:g}-per-s" if args.send_rate > 0 else ""
    path = out / f"bench-{args.games}-games{paced}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    print(f"\nfull figures: {path}")
    if args.py_spy:
        for name in runs:
            print_profile(workdir / f"{name}-profile.txt", name, len(runs[name].samples))
    if not args.keep_logs and not args.py_spy:
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if report["problems"] else 0


GROWTH_TARGETS = {
    "closed_rate_ratio": 0.9,  # bot ÷ no-op commands/s at the largest size
    "cpu_growth": 0.15,  # bot CPU per command at the largest size, over the figure at 100 games
    "forum_added_median_ms": 1.0,
    "forum_added_p99_ms": 10.0,
    "rss_mb": 150.0,
    "startup_s": 1.5,  # to the first answered command, largest size
    "startup_per_game_ms": 0.5,
    "xumi_replay_ms": 20.0,
}


async def growth_runs(args: argparse.Namespace, settings: Settings, size: int) -> dict[str, Any]:
    """One size: closed loop (then kill -9 and restart on its database), and forum-paced."""
    figures: dict[str, Any] = {"games": size}
    for load, think_ms, duration in (
        ("closed", 0.0, None),
        ("forum", args.forum_think_ms, args.forum_seconds),
    ):
        run_settings = Settings(
            settings.project,
            settings.workdir,
            settings.env,
            size,
            settings.warmup,
            settings.timeout,
            None,
            think_ms,
            duration,
            restart=load == "closed",
            restarts=args.restarts,
        )
        for name, argv, predict in (
            ("noop", [args.python, str(BENCH_DIR / "noop_bot.py")], predict_noop),
            ("werewolf", [args.python, "bot.py"], predict_real),
        ):
            print(f"  {size} games, {load}, {name} bot ...", flush=True)
            result = await run_bot(name, argv, predict, run_settings)
            figures[f"{load}_{name}"] = {**summary(result), "restart": result.restart}
    return figures


def growth_table(rows: list[dict[str, Any]], xumi_ms: float) -> dict[str, Any]:
    """Print how the figures grow with the number of games, and the issue's targets."""

    def get(row: dict[str, Any], run: str, key: str) -> float:
        value = row[run].get(key)
        return math.nan if value is None else float(value)

    def start(row: dict[str, Any], name: str) -> float:
        return float(row[f"closed_{name}"]["restart"].get("first_answer_ms", math.nan))

    print()
    print("growth with the number of games (werewolf bot, no-op bot in brackets):")
    header = (
        f"{'games':>6} {'closed rate bot/no-op':>22} {'CPU/command ms':>16} {'peak RSS MB closed':>19} "
        f"{'forum added med/p99 ms':>23} {'forum RSS MB':>13} {'start-up ms':>14} {'RSS MB restarted':>17} {'/状态 differ':>12}"
    )
    print(header)
    for row in rows:
        rate = get(row, "closed_werewolf", "commands_per_s") / get(row, "closed_noop", "commands_per_s")
        cpu = f"{get(row, 'closed_werewolf', 'bot_cpu_ms_per_command'):.2f} ({get(row, 'closed_noop', 'bot_cpu_ms_per_command'):.2f})"
        rss = (
            f"{get(row, 'closed_werewolf', 'peak_rss_mb'):.0f} ({get(row, 'closed_noop', 'peak_rss_mb'):.0f})"
        )
        added_med = get(row, "forum_werewolf", "median_ms") - get(row, "forum_noop", "median_ms")
        added_p99 = get(row, "forum_werewolf", "p99_ms") - get(row, "forum_noop", "p99_ms")
        forum_rss = (
            f"{get(row, 'forum_werewolf', 'peak_rss_mb'):.0f} ({get(row, 'forum_noop', 'peak_rss_mb'):.0f})"
        )
        startup = f"{start(row, 'werewolf'):.0f} ({start(row, 'noop'):.0f})"
        differ = row["closed_werewolf"]["restart"].get("status_differ", "n/a")
        idle = f"{row['closed_werewolf']['restart'].get('rss_mb') or math.nan:.0f} ({row['closed_noop']['restart'].get('rss_mb') or math.nan:.0f})"
        row["closed_rate_ratio"], row["forum_added"] = rate, (added_med, added_p99)
        print(
            f"{row['games']:>6} {rate:>22.2f} {cpu:>16} {rss:>19} {f'{added_med:.2f} / {added_p99:.2f}':>23} "
            f"{forum_rss:>13} {startup:>14} {idle:>17} {differ!s:>12}"
        )
    largest = rows[-1]
    hundred = next((row for row in rows if row["games"] == 100), rows[0])
    cpu_growth = (
        get(largest, "closed_werewolf", "bot_cpu_ms_per_command")
        / get(hundred, "closed_werewolf", "bot_cpu_ms_per_command")
        - 1
    )
    smallest = rows[0]
    stored = largest["closed_werewolf"]["restart"].get("stored_games", largest["games"])
    stored_small = smallest["closed_werewolf"]["restart"].get("stored_games", smallest["games"])
    per_game = (
        (start(largest, "werewolf") - start(smallest, "werewolf")) / (stored - stored_small)
        if stored > stored_small
        else math.nan
    )
    rss_peak = max(
        get(largest, "closed_werewolf", "peak_rss_mb"), get(largest, "forum_werewolf", "peak_rss_mb")
    )
    g = GROWTH_TARGETS
    checks = [
        (
            "closed rate bot/no-op",
            f"{largest['closed_rate_ratio']:.2f}",
            f">= {g['closed_rate_ratio']}",
            largest["closed_rate_ratio"] >= g["closed_rate_ratio"],
        ),
        (
            f"CPU/command vs {hundred['games']} games",
            f"{cpu_growth:+.0%}",
            f"<= +{g['cpu_growth']:.0%}",
            cpu_growth <= g["cpu_growth"],
        ),
        (
            "forum added median",
            f"{largest['forum_added'][0]:.2f} ms",
            f"<= {g['forum_added_median_ms']} ms",
            largest["forum_added"][0] <= g["forum_added_median_ms"],
        ),
        (
            "forum added p99",
            f"{largest['forum_added'][1]:.2f} ms",
            f"<= {g['forum_added_p99_ms']} ms",
            largest["forum_added"][1] <= g["forum_added_p99_ms"],
        ),
        ("peak RSS (both loads)", f"{rss_peak:.0f} MB", f"< {g['rss_mb']:g} MB", rss_peak < g["rss_mb"]),
        (
            "start-up to 1st answer",
            f"{start(largest, 'werewolf') / 1000:.2f} s",
            f"< {g['startup_s']} s",
            start(largest, "werewolf") / 1000 < g["startup_s"],
        ),
        (
            "start-up per stored game",
            f"{per_game:.2f} ms",
            f"<= {g['startup_per_game_ms']} ms",
            per_game <= g["startup_per_game_ms"],
        ),
        (
            "须弥 10-night replay",
            f"{xumi_ms:.1f} ms",
            f"< {g['xumi_replay_ms']:g} ms",
            xumi_ms < g["xumi_replay_ms"],
        ),
    ]
    print()
    print(f"targets at {largest['games']} games (issue 15):")
    for what, got, target, ok in checks:
        print(f"  {pad(what, 28)}{got:>10}   target {target:10} {verdict(ok)}")
    problems = []
    for row in rows:
        for run, figures in row.items():
            if not isinstance(figures, dict) or "error_count" not in figures:
                continue
            for key in ("error_count", "mismatched_commands", "unexpected_messages"):
                if figures[key]:
                    problems.append(f"{row['games']} games, {run}: {key} = {figures[key]}")
            if figures["restart"].get("status_differ"):
                problems.append(f"{row['games']} games, {run}: /状态 differs after the restart")
    noisy = max(
        (figures.get("other_cpu_busy") or 0.0)
        for row in rows
        for figures in row.values()
        if isinstance(figures, dict) and "other_cpu_busy" in figures
    )
    if noisy > NOISE_CORES:
        print(
            f"  WARNING: other processes used up to {noisy:.2f} cores during some runs; the figures are noisy"
        )
    for problem in problems:
        print("  WARNING " + problem)
    return {
        "rows": rows,
        "checks": {w: {"value": v, "target": t, "pass": ok} for w, v, t, ok in checks},
        "problems": problems,
    }


async def main_sizes(args: argparse.Namespace) -> int:
    """--sizes: the growth table of issue 15."""
    project = Path(args.project).resolve()
    load_engine(project)
    sizes = sorted(int(size) for size in args.sizes.split(","))
    workdir = Path(tempfile.mkdtemp(prefix="werewolf-bench-"))
    directors = [DIRECTOR_BASE + i for i in range(max(sizes) + args.warmup)]
    env = {
        "SUPERUSERS": "[]",
        "WEREWOLF_DIRECTORS": json.dumps(directors),
        "ONEBOT_ACCESS_TOKEN": TOKEN,
        "COMMAND_START": json.dumps(["/"]),
        "WEREWOLF_TIMEZONE": TIMEZONE,
        "WEREWOLF_SEND_RATE": "0",
        "LOG_LEVEL": args.log_level,
        "PYTHONUNBUFFERED": "1",
    }
    print(f"project: {project}\nwork directory (logs, databases): {workdir}")
    xumi = xumi_replay.measure(args.replay_repeats)
    settings = Settings(project, workdir, env, 0, args.warmup, args.timeout, None, 0.0)
    rows = []
    try:
        for size in sizes:
            rows.append(await growth_runs(args, settings, size))
    except RuntimeError as exc:
        print(f"bench: the run broke: {exc}", file=sys.stderr)
        return 2
    report = growth_table(rows, xumi["median_ms"])
    report["xumi"] = xumi
    report["forum"] = {"think_ms": args.forum_think_ms, "seconds": args.forum_seconds}
    out = BENCH_DIR / "results"
    out.mkdir(exist_ok=True)
    path = out / f"growth-{'-'.join(map(str, sizes))}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=2, default=str), encoding="utf-8")
    print(f"\nfull figures: {path}")
    if not args.keep_logs:
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if report["problems"] else 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--warmup", type=int, default=1, help="games played before timing starts (default 1)")
    parser.add_argument(
        "--timeout", type=float, default=30.0, help="seconds to wait for one command's messages"
    )
    parser.add_argument(
        "--project", default=str(DEFAULT_PROJECT), help="project root holding bot.py and engine/"
    )
    parser.add_argument(
        "--python", default=sys.executable, help="python that runs the bots (default: this one)"
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=1000.0,
        help="mean pause (0.5-1.5x, random) before each command of a game; 0: closed loop (saturates the bots)",
    )
    parser.add_argument(
        "--send-rate",
        type=float,
        default=0.0,
        help="WEREWOLF_SEND_RATE for the bot: sends per second from its one QQ account; 0 (default): no pacing, "
        "as 100 games on one account offer far more messages than any pace of a few per second carries",
    )
    parser.add_argument("--send-burst", type=int, default=5, help="WEREWOLF_SEND_BURST (default 5)")
    parser.add_argument("--log-level", default="INFO", help="LOG_LEVEL for both bots (default INFO)")
    parser.add_argument("--replay-events", type=int, default=2000, help="length of the replayed log")
    parser.add_argument("--replay-repeats", type=int, default=7)
    parser.add_argument("--keep-logs", action="store_true", help="keep the bots' logs and database")
    parser.add_argument(
        "--py-spy",
        metavar="PATH",
        help="py-spy executable: sample each bot during the timed phase and print where its CPU time goes",
    )
    parser.add_argument(
        "--sizes",
        help="comma-separated game counts (e.g. 10,100,300,1000): for each, a closed loop (then kill -9 and "
        "a timed restart on its database) and a forum-paced run, and the growth table",
    )
    parser.add_argument(
        "--forum-think-ms",
        type=float,
        default=10_000.0,
        help="with --sizes: mean pause before each command in the forum-paced runs (default 10000: 5-15 s)",
    )
    parser.add_argument(
        "--forum-seconds",
        type=float,
        default=60.0,
        help="with --sizes: length of each forum-paced timed phase (default 60)",
    )
    parser.add_argument(
        "--restarts",
        type=int,
        default=5,
        help="with --sizes: kill -9 and restarts timed after the closed-loop run; the median is shown (default 5)",
    )
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    run = main_sizes(args) if args.sizes else main_async(args)
    try:
        import uvloop  # the bots run on uvloop (uvicorn picks it); so does the client when it is there
    except ImportError:
        sys.exit(asyncio.run(run))
    sys.exit(uvloop.run(run))


if __name__ == "__main__":
    main()
