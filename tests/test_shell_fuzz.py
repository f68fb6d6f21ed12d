"""Random commands from random senders with odd arguments, over whole games of both boards, through
`WerewolfService`, with restarts, lost connections, refused sends and time passing in between.

Fixed seed, a fixed number of inputs per board (not a time budget: a loaded machine plays the
same games, only slower).  Asserted: no exception leaves the service, every game rebuilt after a
restart has the state it had before (`digest`), no message to a group carries anything private,
every step is stored (the database is never made unwritable here), and the engine never fails
(an engine exception would reach the players as 内部错误).
A longer run, with its figures: WEREWOLF_FUZZ_INPUTS=5000 [WEREWOLF_FUZZ_SEED=n] pytest -s tests/test_shell_fuzz.py
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from bansha_engine import Game
from bansha_engine.boards import BOARDS
from nonebot_plugin_bansha_director.service import INTERNAL_ERROR, STORAGE_DOWN
from tests.recorded_games import digest
from tests.transcript_runner import CO_DIRECTOR, DIRECTOR, SELF_ID, WOLF_GROUP, TranscriptRunner, seat_qq

SEED = 20260101
INPUTS = 220  # per board, in the suite: several whole games each (a game ends in about 30)
RESTART_EVERY = 100  # inputs between two restarts at the least, besides the random ones
LOVER_GROUP = WOLF_GROUP + 1
OTHER_GROUP = WOLF_GROUP + 2  # bound by no game
STRANGER = 55555
# What only a director or one player may see: a director's header, a check, a night summary ...
PRIVATE = re.compile(r"【\d+号局|查验|公示草稿|结算|被指杀|你的身份|身份：|预言家|女巫|猎人")
ODD_WORDS = [
    "",
    "0号",
    "99号",
    "-1",
    "#7",
    "７号",
    "1" * 4301,
    "9" * 25,
    "9" * 1990,
    "\ud800",
    "\x00",
    "😀",
    "号",
    "空",
    "无",
    "全部",
    "21:00",
    "25:99",
    "10分钟",
    "9999999小时",
    "1e309秒",
    "小明",
    "长" * 2100,
]
DIRECTOR_COMMANDS = [
    "开局 {board}",
    "导演 {qq}",
    "座位 {seat} {qq} {word}",
    "身份 {seat} {role}",
    "发牌",
    "狼群 {group}",
    "情侣群 {group}",
    "开始",
    "警长 {seat}",
    "入夜",
    "入夜 {word}",
    "时限 {role} {word}",
    "推进",
    "天亮",
    "放逐 {seat}",
    "放逐 无",
    "罚下 {seat}",
    "状态",
    "结束",
    "结束 确认",
    "未送达",
    "对局 {number}",
    "复盘 {number}",
    "重发 {number}",
    "丢弃 {number}",
    "帮助",
]
PLAYER_COMMANDS = [
    "身份",
    "放弃",
    "放弃 {skill}",
    "遗言 {word}",
    "{skill} {seat}",
    "{skill} {seat} {seat}",
    "{skill} {seat} {seat} {seat}",
    "{skill}",
    "{skill} {word}",
    "传话 {word}",
    "马甲杀 {seat} {word}",
    "刀 空",
    "投降",
    "同意",
    "反对",
    "决战",
]
# Moves that make a game go on, so the fuzz gets past the setup and through nights and days.
PROGRESS = ["入夜", "推进", "天亮", "放逐 {seat}", "罚下 {seat}"]


@dataclass
class Figures:
    inputs: int = 0
    restarts: int = 0
    games: int = 0
    ended: int = 0
    nights: dict[int, int] = field(default_factory=dict)  # game id -> the last night it reached
    group_messages: int = 0
    failures: list[str] = field(default_factory=list)


class Fuzzer:
    def __init__(self, runner: TranscriptRunner, board: str, rng: random.Random) -> None:
        self.runner = runner
        self.board = board
        self.spec = BOARDS[board]
        self.rng = rng
        self.figures = Figures()
        self.next_id = 1
        self.sent: list[tuple[int, int, int | None, str]] = []  # (message id, qq, group, text)
        skills = {word for skill in self.spec.skills for word in skill.words}
        self.skills = sorted(skills | set(self.spec.prompt_words.values()))
        self.roles = sorted(self.spec.roster)

    # ------------------------------------------------------------ inputs

    def seat(self) -> str:
        roll = self.rng.random()
        if roll < 0.85:
            return f"{self.rng.randint(1, self.spec.size)}号"
        return self.rng.choice(ODD_WORDS)

    def fill(self, template: str) -> str:
        values = {
            "board": lambda: self.rng.choice([self.board, "须弥", "狼人杀", ""]),
            "qq": lambda: self.rng.choice(
                [str(CO_DIRECTOR), str(seat_qq(self.rng.randint(1, 25))), "123", "9" * 30]
            ),
            "seat": self.seat,
            "role": lambda: self.rng.choice([*self.roles, "神", ""]),
            "group": lambda: self.rng.choice([str(WOLF_GROUP), str(LOVER_GROUP), "0", "9" * 30]),
            "word": lambda: self.rng.choice(ODD_WORDS),
            "number": lambda: self.rng.choice(
                ["1", "2", "3", "全部", "", "9" * 4400, str(self.rng.randint(1, 400))]
            ),
            "skill": lambda: self.rng.choice(self.skills),
        }
        text = template
        while (match := re.search(r"\{(\w+)\}", text)) is not None:
            text = text[: match.start()] + values[match.group(1)]() + text[match.end() :]
        return "/" + text if self.rng.random() < 0.9 else text

    def sender(self) -> tuple[int, int | None]:
        roll = self.rng.random()
        if roll < 0.25:
            return DIRECTOR, None
        if roll < 0.3:
            return self.rng.choice([CO_DIRECTOR, STRANGER]), None
        qq = seat_qq(self.rng.randint(1, self.spec.size))
        group = self.rng.choice([WOLF_GROUP, WOLF_GROUP, LOVER_GROUP, OTHER_GROUP]) if roll > 0.85 else None
        return qq, group

    def message_id(self) -> int:
        roll = self.rng.random()
        if roll < 0.03:
            return self.rng.choice([2**63 + self.next_id, 2**64, -self.next_id, 10**40])
        self.next_id += 1
        return self.next_id

    # ------------------------------------------------------------ one run

    async def setup(self) -> None:
        director = [
            f"/开局 {self.board}",
            *(f"/座位 {s}号 {seat_qq(s)}" for s in range(1, self.spec.size + 1)),
        ]
        director += ["/导演 20001", "/发牌", f"/狼群 {WOLF_GROUP}", f"/情侣群 {LOVER_GROUP}", "/开始"]
        for text in director:
            await self.say(DIRECTOR, None, text)
            if self.rng.random() < 0.3:
                await self.random_input()

    async def random_input(self) -> None:
        roll = self.rng.random()
        if roll < 0.02 and self.sent:
            await self.say(*self.rng.choice(self.sent)[1:], repeat=True)
        elif roll < 0.05:
            await self.wait(self.rng.choice([1, 30, 600, 3600, 30000]))
        elif roll < 0.065:
            await self.restart()
        elif roll < 0.075:
            self.runner.wire.fail_next = self.rng.randint(1, 8)
        elif roll < 0.08:
            self.runner.wire.max_text = self.rng.choice([None, None, 200, 1600])
        elif roll < 0.25:
            await self.say(DIRECTOR, None, self.fill(self.rng.choice(PROGRESS)))
        elif roll < 0.5:
            qq, _ = self.sender()
            await self.say(
                qq if qq != STRANGER else DIRECTOR, None, self.fill(self.rng.choice(DIRECTOR_COMMANDS))
            )
        else:
            await self.say(*self.sender(), self.fill(self.rng.choice(PLAYER_COMMANDS)))

    async def say(self, qq: int, group: int | None, text: str, *, repeat: bool = False) -> None:
        message_id = self.sent[-1][0] if repeat and self.sent else self.message_id()
        if not repeat:
            self.sent.append((message_id, qq, group, text))
        self.figures.inputs += 1
        runner = self.runner
        for game_id, live in runner.bot.games.items():
            self.figures.nights[game_id] = live.game.night_no
        runner.begin_action()
        try:
            await runner.bot.handle_message(SELF_ID, message_id, qq, group, text)
            await runner.run_events()
        except Exception as exc:  # anything escaping the service is a failure
            self.fail(f"{type(exc).__name__}: {exc} on {text[:80]!r} from {qq} in {group}")
        self.check_delivered()

    async def wait(self, seconds: float) -> None:
        self.runner.begin_action()
        try:
            await self.runner.run_events(until=self.runner.clock() + seconds)
        except Exception as exc:
            self.fail(f"{type(exc).__name__}: {exc} while {seconds} s passed")
        self.check_delivered()

    async def restart(self) -> None:
        before = {game_id: digest(live.game) for game_id, live in self.runner.bot.games.items()}
        self.runner.wire.max_text = None
        self.runner.wire.fail_next = 0
        self.runner.begin_action()
        try:
            await self.runner.directive("重启")
        except Exception as exc:
            self.fail(f"{type(exc).__name__}: {exc} at a restart")
            return
        self.figures.restarts += 1
        after = {game_id: digest(live.game) for game_id, live in self.runner.bot.games.items()}
        for game_id, state in before.items():
            if after.get(game_id) != state:
                self.fail(f"game {game_id} rebuilt to another state after a restart")
        if self.runner.bot.broken:
            self.fail(f"games {sorted(self.runner.bot.broken)} could not be rebuilt")
        await self.check_stored_logs()

    async def check_stored_logs(self) -> None:
        """Each running game equals the game its stored log rebuilds to, by the engine alone."""
        for game_id, live in self.runner.bot.games.items():
            stored = await self.runner.bot.repo.load_game(game_id)
            assert stored is not None
            spec = stored.spec
            rebuilt = Game.replay(spec.id, spec.board, spec.seed, spec.timezone, stored.events)
            if digest(rebuilt) != digest(live.game):
                self.fail(f"game {game_id}: its stored log rebuilds to another state")

    def check_delivered(self) -> None:
        runner = self.runner
        bound = {group for live in runner.bot.games.values() for group in live.game.groups()}
        for delivered in runner.wire.delivered[runner.window_start :]:
            if delivered.text == INTERNAL_ERROR:
                self.fail(f"the engine failed on {self.sent[-1][3][:80]!r}")
            if delivered.text == STORAGE_DOWN:  # the database is never made unwritable here
                self.fail(f"a step could not be stored after {self.sent[-1][3][:80]!r}")
            kind, _, target = delivered.to.partition(":")
            if kind != "group":
                continue
            self.figures.group_messages += 1
            if int(target) not in bound | {WOLF_GROUP, LOVER_GROUP}:
                self.fail(f"a message went to group {target}, which no game binds")
            if PRIVATE.search(delivered.text):
                self.fail(f"group {target} was told {delivered.text[:80]!r}")

    def fail(self, what: str) -> None:
        recent = "; ".join(repr(text[:40]) for _, _, _, text in self.sent[-5:])
        self.figures.failures.append(f"{self.board}: {what} (last inputs: {recent})")

    async def run(self, inputs: int) -> Figures:
        while self.figures.inputs < inputs:
            await self.setup()
            self.figures.games += 1
            while self.figures.inputs < inputs and self.runner.bot.games:
                await self.random_input()
                if self.figures.inputs % RESTART_EVERY == 0:
                    await self.restart()
            self.figures.ended += not self.runner.bot.games
            await self.restart()
        return self.figures


async def fuzz(board: str, seed: int, inputs: int, database: Path) -> Figures:
    runner = TranscriptRunner(database, Game, seed=seed)
    await runner.boot()
    try:
        return await Fuzzer(runner, board, random.Random(f"{seed}:{board}")).run(inputs)
    finally:
        await runner.shutdown()


async def test_random_input_over_whole_games_breaks_nothing(tmp_path: Path) -> None:
    inputs = int(os.environ.get("WEREWOLF_FUZZ_INPUTS", INPUTS))
    seed = int(os.environ.get("WEREWOLF_FUZZ_SEED", SEED))
    failures = []
    for board in BOARDS:
        figures = await fuzz(board, seed, inputs, tmp_path / f"{board}.db")
        print(
            f"\n{board}: {figures.inputs} inputs, {figures.games} games ({figures.ended} ended, "
            f"{sum(figures.nights.values())} nights), {figures.restarts} restarts, "
            f"{figures.group_messages} group messages checked, {len(figures.failures)} failures"
        )
        assert figures.inputs >= inputs and figures.restarts >= inputs // RESTART_EVERY, figures
        failures += figures.failures
    assert failures == [], "\n".join(failures[:20])
