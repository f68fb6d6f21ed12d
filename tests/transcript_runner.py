"""Play a chat transcript (format: shared TRANSCRIPTS.md) against `WerewolfService` in process.

The wire, the scheduler and the clock are fakes: `!等待 N秒` moves the clock and fires what falls
due, retries of failed sends happen at their backoff times, and "the bot is done answering" is
judged as the external harness does: after QUIET_S seconds without a send attempt.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from bansha_engine import Game
from nonebot_plugin_bansha_director.outbox import DEFAULT_SEND_BURST, DEFAULT_SEND_RATE, Pacer
from nonebot_plugin_bansha_director.service import WerewolfService
from nonebot_plugin_bansha_director.storage import Repository
from tests.databases import database_for
from tests.fakes import START, Delivered, FakeClock, FakeScheduler, FakeWire

SELF_ID = 40000
DIRECTOR = 20000
CO_DIRECTOR = 20001
DIRECTORS = frozenset({20002, 20003})  # WEREWOLF_DIRECTORS as the harness sets it: not superusers
WOLF_GROUP = 30000
QUIET_S = 0.6  # the harness stops listening after this long without an API call
MIDDAY = START - 8 * 3600  # 2026-01-01 12:00 in Asia/Shanghai
TIMEZONE = "Asia/Shanghai"

SEAT_SPEC = re.compile(r"(\d+)(?:-(\d+))?=(\S+)")
LINE = re.compile(r"^(\S+?)\s*(<!|<~|<\*|<|>)\s?(.*)$")
KINDS = {">": "send", "<": "expect", "<!": "expect_not", "<~": "expect_re", "<*": "expect_ever"}


class TranscriptError(Exception):
    """The transcript itself is malformed or asks for something impossible."""


@dataclass
class Line:
    no: int
    kind: str  # send | expect | expect_not | expect_re | expect_ever | directive
    who: str
    text: str


@dataclass
class Transcript:
    path: Path
    board: str
    seats: dict[int, str]
    wolf_group: bool
    setup: bool
    lines: list[Line] = field(default_factory=list)


def seat_qq(seat: int) -> int:
    return 10000 + seat


def parse_transcript(path: Path) -> Transcript:
    header: dict[str, str] = {}
    lines: list[Line] = []
    in_body = False
    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if in_body and stripped.startswith("|"):  # continues the message of the line before
            if not lines or lines[-1].kind != "send":
                raise TranscriptError(
                    f"{path}:{no}: a '|' line continues a message: it must follow a '>' line"
                )
            lines[-1].text += "\n" + stripped[1:].removeprefix(" ")
            continue
        if not in_body:
            in_body = stripped == "---"
            if not in_body:
                key, value = _header_field(stripped)
                header[key] = value
            continue
        if stripped.startswith("!"):
            lines.append(Line(no, "directive", "", stripped[1:].strip()))
            continue
        match = LINE.match(stripped)
        if not match:
            raise TranscriptError(f"{path}:{no}: cannot read line: {stripped!r}")
        lines.append(Line(no, KINDS[match.group(2)], match.group(1), match.group(3)))
    return _transcript(path, header, lines)


def _header_field(line: str) -> tuple[str, str]:
    for separator in (":", "："):
        key, found, value = line.partition(separator)
        if found:
            return key.strip(), value.strip()
    return line, ""


def _transcript(path: Path, header: dict[str, str], lines: list[Line]) -> Transcript:
    seats: dict[int, str] = {}
    for match in SEAT_SPEC.finditer(header.get("座位", "")):
        low = int(match.group(1))
        for seat in range(low, int(match.group(2) or low) + 1):
            seats[seat] = match.group(3)
    if "板子" not in header or not seats:
        raise TranscriptError(f"{path}: header needs 板子: and 座位: lines before ---")
    return Transcript(
        path=path,
        board=header["板子"],
        seats=seats,
        wolf_group=header.get("狼群", "否") in ("是", "yes", "true"),
        setup=header.get("准备", "自动") != "手动",
        lines=lines,
    )


def recipient(who: str) -> str:
    named = {"导演": f"qq:{DIRECTOR}", "副导演": f"qq:{CO_DIRECTOR}", "狼群": f"group:{WOLF_GROUP}"}
    if who in named:
        return named[who]
    if who.isdigit():
        return f"qq:{seat_qq(int(who))}"
    if who.startswith("qq:"):
        return who
    raise TranscriptError(f"unknown receiver {who!r}")


def speaker(who: str) -> tuple[int, int | None]:
    if who == "导演":
        return DIRECTOR, None
    if who == "副导演":
        return CO_DIRECTOR, None
    if who[:3] in ("狼群:", "狼群："):
        return seat_qq(int(who[3:])), WOLF_GROUP
    if who.isdigit():
        return seat_qq(int(who)), None
    if who.startswith("qq:"):
        return int(who[3:]), None
    raise TranscriptError(f"unknown sender {who!r}")


class TranscriptRunner:
    """One bot 'process' after another on the same database file, and one chat wire."""

    def __init__(
        self,
        database: Path | str,
        game_cls: type[Game] = Game,
        seed: int = 1,
        *,
        lock_timeout_s: float = 2.0,
        start: float = START,
        accounts: Iterable[int] = (),
    ) -> None:
        """`database`: a SQLite file (or, with WEREWOLF_TEST_DATABASE_URL set, a new database on
        that server instead), or any database URL; `start`: the clock's first reading."""
        self.seeds = itertools.count(seed)  # games get seeds seed, seed + 1, ... so runs repeat exactly
        self.url = database if isinstance(database, str) else database_for(database)
        self.lock_timeout_s = lock_timeout_s
        self.game_cls = game_cls
        self.clock = FakeClock(start)
        self.wire = FakeWire(self.clock)
        self.scheduler = FakeScheduler()
        self.service: WerewolfService | None = None
        self.online = True
        self.connected = {SELF_ID}  # the bot's QQ accounts on the wire
        self.accounts = tuple(accounts)  # those the bot is told to serve (empty: every one)
        self.window_start = 0
        self.next_message_id = 1000
        self.last_message: tuple[int, int, int | None, str] | None = None
        self.transcript: Transcript | None = None  # the one being played, for !入座

    @property
    def bot(self) -> WerewolfService:
        if self.service is None:
            raise RuntimeError("the bot is not running")
        return self.service

    async def boot(self) -> None:
        self.scheduler = FakeScheduler()  # a new process has none of the old one's jobs
        self.service = WerewolfService(
            Repository(self.url, lock_timeout_s=self.lock_timeout_s),
            self.clock,
            self.wire,
            self.scheduler,
            set(DIRECTORS),
            TIMEZONE,
            superusers={DIRECTOR},  # as the harness configures the bot
            game_cls=self.game_cls,
            new_seed=partial(next, self.seeds),
            pacing=lambda: Pacer(self.clock, DEFAULT_SEND_RATE, DEFAULT_SEND_BURST),
            accounts=self.accounts,
        )
        await self.service.start(background_delivery=False)
        for account in self.connected:
            self.service.set_online(account, self.online)

    async def shutdown(self) -> None:
        """Stop like `kill -9`: nothing is flushed, only the database connection is let go."""
        if self.service is not None:
            await self.service.repo.close()
            self.service = None

    # ------------------------------------------------------------ actions

    def begin_action(self) -> None:
        self.window_start = len(self.wire.delivered)
        self.wire.last_call_at = self.clock()

    def connect(self, account: int) -> None:
        """Another QQ account of the bot connects."""
        self.connected.add(account)
        self.bot.set_online(account, self.online)

    async def say(self, who: str, text: str, *, repeat: bool = False, via: int = SELF_ID) -> None:
        if not self.online:
            raise TranscriptError("cannot send a message while disconnected (!断开)")
        self.begin_action()
        if repeat and self.last_message is not None:
            message_id, user_id, group_id, text = self.last_message
        else:
            user_id, group_id = speaker(who)
            self.next_message_id += 1
            message_id = self.next_message_id
            self.last_message = (message_id, user_id, group_id, text)
        await self.bot.handle_message(via, message_id, user_id, group_id, text)
        await self.run_events()

    async def directive(self, text: str) -> None:
        verb, *args = text.split() or [""]
        if verb == "发送失败":
            self.wire.fail_next = int(args[0]) if args else 1
            return
        if verb == "长消息上限":
            self.wire.max_text = int(args[0]) if args else None
            return
        if verb == "拒收":
            self.wire.refused_words = args
            return
        if verb == "重复":
            await self.say(args[0] if args else "导演", "", repeat=True)
            return
        self.begin_action()
        if verb == "等待":
            seconds = float(re.sub(r"[^\d.]", "", args[0]))
            await self.run_events(until=self.clock() + seconds)
        elif verb == "重启":
            await self.shutdown()
            self.online = True  # the harness reconnects after a restart
            await self.boot()
        elif verb == "断开":
            self.online = False
            for account in self.connected:
                self.bot.set_online(account, False)
            return
        elif verb == "重连":
            self.online = True
            for account in self.connected:
                self.bot.set_online(account, True)
        elif verb == "入座":
            for line in seating_lines(self.transcript):
                await self.say("导演", line)
            self.begin_action()  # as the harness: expectations look at what follows the seating
        else:
            raise TranscriptError(f"unknown directive !{text}")
        await self.run_events()

    async def run_events(self, until: float | None = None) -> None:
        """Deliver, retry and fire timers in time order: up to `until`, then until QUIET_S of silence.

        The clock ends where the harness would stop listening, so every action takes at least
        QUIET_S of game time, as it takes that much real time against the real bot.
        """
        if until is not None:
            await self._run_events_to(lambda: until)
            self.clock.now = max(self.clock(), until)
            self.wire.last_call_at = self.clock()
        await self._run_events_to(lambda: self.wire.last_call_at + QUIET_S, inclusive=False)
        self.clock.now = max(self.clock(), self.wire.last_call_at + QUIET_S)

    async def _run_events_to(self, limit: Callable[[], float], *, inclusive: bool = True) -> None:
        while True:
            retry_at = await self.bot.outbox.pump()
            job = self.scheduler.next_job()
            moments = [t for t in (retry_at, job.due if job else None) if t is not None]
            if not moments:
                return
            moment = max(min(moments), self.clock())
            if moment > limit() or (not inclusive and moment >= limit()):
                return
            self.clock.now = moment
            if job is not None and job.due <= moment:
                await self.scheduler.run(job)

    # ------------------------------------------------------------ expectations

    def check(self, line: Line) -> str | None:
        """None when the expectation holds, else what went wrong."""
        pool = self.wire.delivered if line.kind == "expect_ever" else self.wire.delivered[self.window_start :]
        messages = pool if line.who == "*" else [d for d in pool if d.to == recipient(line.who)]
        texts = [d.text for d in messages]
        if line.kind in ("expect", "expect_ever"):
            hit = any(line.text in text for text in texts)
        elif line.kind == "expect_not":
            hit = not any(line.text in text for text in texts)
        else:
            hit = any(re.search(line.text, text, re.S) for text in texts)
        if hit:
            return None
        op = {v: k for k, v in KINDS.items()}[line.kind]
        got = "\n".join(f"      {label(d)}: {d.text[:400]!r}" for d in messages[-30:]) or "      (nothing)"
        return f"line {line.no}: expected {line.who} {op} {line.text!r}; got:\n{got}"


def label(delivered: Delivered) -> str:
    kind, _, ident = delivered.to.partition(":")
    number = int(ident)
    if kind == "group":
        return "狼群" if number == WOLF_GROUP else f"群{number}"
    names = {DIRECTOR: "导演", CO_DIRECTOR: "副导演"}
    return names.get(number) or (f"{number - 10000}号" if 10000 < number < 10100 else f"QQ{number}")


def seating_lines(transcript: Transcript | None) -> list[str]:
    """`!入座`: the automatic setup after /开局, sent now (for games opened during the transcript)."""
    if transcript is None:
        raise TranscriptError("!入座 needs a transcript's 座位: header")
    return setup_lines(transcript)[1:]


async def play(
    transcript: Transcript,
    database: Path | str,
    game_cls: type[Game] = Game,
    seed: int = 1,
    *,
    prelude: Iterable[str] = (),
) -> str | None:
    """Play a transcript on a fresh bot whose games get seeds from `seed` on; None when every
    expectation held, else a report.  `prelude`: what the director says first, before the setup."""
    # 须弥's day skills need the 正午 window open: its transcripts play at noon, as the external
    # harness's --midday does; the other boards keep the evening clock their transcripts assume.
    start = MIDDAY if transcript.board == "须弥" else START
    runner = TranscriptRunner(database, game_cls, seed, start=start)
    runner.transcript = transcript
    await runner.boot()
    try:
        for text in prelude:
            await runner.say("导演", text)
        if transcript.setup:
            for text in setup_lines(transcript):
                await runner.say("导演", text)
        for line in transcript.lines:
            if line.kind == "send":
                await runner.say(line.who, line.text)
            elif line.kind == "directive":
                await runner.directive(line.text)
            elif (failure := runner.check(line)) is not None:
                return failure
        return None
    finally:
        await runner.shutdown()


def setup_lines(transcript: Transcript) -> list[str]:
    seats = sorted(transcript.seats.items())
    lines = [f"/开局 {transcript.board}"]
    lines += [f"/座位 {seat}号 {seat_qq(seat)}" for seat, _ in seats]
    lines += [f"/身份 {seat}号 {role}" for seat, role in seats]
    if transcript.wolf_group:
        lines.append(f"/狼群 {WOLF_GROUP}")
    return lines
