"""Stand-ins for the world around `WerewolfService`: a settable clock, the chat wire, the scheduler."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bansha_engine import Event, Outgoing, Result, Timer

START = 1_767_268_800.0  # 2026-01-01 20:00 in Asia/Shanghai


class FakeClock:
    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Delivered:
    to: str  # "qq:<id>" or "group:<id>", as the harness writes it
    text: str
    at: float = 0.0  # when it went out, by the fake clock
    via: int | None = None  # the bot's QQ account it went out through (None: any)


class FakeWire:
    """The `send` callable: records what got through; can be told to fail like NapCat (retcode 1200),
    to refuse every text longer than `max_text` characters, and every text holding one of
    `refused_words`, as QQ (its risk control) does."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.delivered: list[Delivered] = []
        self.calls = 0
        self.fail_next = 0
        self.max_text: int | None = None
        self.refused_words: list[str] = []
        self.last_call_at = clock()

    async def __call__(self, account: int | None, kind: str, target: int, text: str) -> None:
        self.calls += 1
        self.last_call_at = self.clock()
        if self.max_text is not None and len(text) > self.max_text:
            raise RuntimeError("ActionFailed: retcode=1200 (message too long)")
        if any(word in text for word in self.refused_words):
            raise RuntimeError("ActionFailed: retcode=1200 (refused by risk control)")
        if self.fail_next > 0:
            self.fail_next -= 1
            raise RuntimeError("ActionFailed: retcode=1200")
        self.delivered.append(
            Delivered(f"{'group' if kind == 'group' else 'qq'}:{target}", text, self.clock(), account)
        )

    def texts_to(self, to: str) -> list[str]:
        return [d.text for d in self.delivered if d.to == to]


@dataclass
class Job:
    job_id: str
    due: float
    callback: Callable[[], Awaitable[None]]


class FakeScheduler:
    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}

    def arm(self, job_id: str, due: float, callback: Callable[[], Awaitable[None]]) -> None:
        self.jobs[job_id] = Job(job_id, due, callback)

    def cancel(self, job_id: str) -> None:
        self.jobs.pop(job_id, None)

    def next_job(self) -> Job | None:
        return min(self.jobs.values(), key=lambda job: (job.due, job.job_id), default=None)

    async def run(self, job: Job) -> None:
        del self.jobs[job.job_id]
        await job.callback()


@dataclass
class FakeGame:
    """A tiny game that keeps service tests independent of real rules.

    /开局 makes the sender director; /座位 N号 QQ seats a player; /狼群 G binds a group; /计时 S arms
    timer "t" S seconds ahead (it tells the director 时间到); /结束 ends; /炸 raises; anything else
    from a member is echoed back (and logged).
    """

    game_id: int
    board_name: str
    seed: int
    timezone: str
    board_text: str | None = None
    opened_by: str | None = None
    directors: list[int] = field(default_factory=list)
    players: dict[int, int] = field(default_factory=dict)
    bound: set[int] = field(default_factory=set)
    due: float | None = None
    ended: bool = False
    winner: str | None = None

    @classmethod
    def replay(
        cls,
        game_id: int,
        board: str,
        seed: int,
        timezone: str,
        events: list[Event],
        board_text: str | None = None,
        opened_by: str | None = None,
    ) -> FakeGame:
        game = cls(game_id, board, seed, timezone, board_text, opened_by)
        for event in events:
            game.handle(event)
        return game

    def handle(self, event: Event) -> Result:
        if event.kind == "timer":
            if event.key != "t" or self.due is None:
                return Result(False)
            self.due = None
            return Result(True, [Outgoing("private", qq, "时间到") for qq in self.directors])
        word, _, rest = event.text.lstrip("/").partition(" ")
        if word == "炸":
            raise RuntimeError("boom")
        where = Outgoing("group", event.group, "") if event.group else Outgoing("private", event.qq, "")
        if word == "开局":
            self.directors.append(event.qq)
            return self._ok(where, f"已开局：{self.label()}")
        if not (self.is_director(event.qq) or self.is_player(event.qq)):
            return Result(False, [Outgoing(where.kind, where.target, "你不在本局")])
        if word == "座位":
            seat, qq = rest.split()
            self.players[int(qq)] = int(seat.rstrip("号"))
        elif word == "狼群":
            self.bound.add(int(rest))
        elif word == "计时":
            self.due = event.at + float(rest)
        elif word == "结束":
            self.ended = True
        return self._ok(where, f"收到：{event.text}")

    def _ok(self, where: Outgoing, text: str) -> Result:
        return Result(True, [Outgoing(where.kind, where.target, text)])

    def timers(self) -> list[Timer]:
        return [] if self.due is None else [Timer("t", self.due)]

    def is_director(self, qq: int) -> bool:
        return qq in self.directors

    def is_player(self, qq: int) -> bool:
        return qq in self.players

    def groups(self) -> set[int]:
        return set(self.bound)

    def label(self) -> str:
        return f"{self.game_id}号局（{self.board_name}）"

    def help_for(self, qq: int) -> str | None:
        return f"{self.label()}的帮助" if self.is_director(qq) or self.is_player(qq) else None
