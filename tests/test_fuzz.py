"""Random commands from random senders over whole games of both boards.

Whatever anyone types, and whenever a timer fires:
- no exception escapes `Game.handle`;
- an event the game refuses (`changed=False`) leaves its state exactly as it was;
- replaying the accepted events rebuilds the same state;
- no group hears anything private (a village role, a check result), no event sends the same
  message twice to the same recipient, and no message is too long for QQ;
- /帮助 changes nothing.

The run is fixed by its seeds and bounded by a number of events, so it repeats exactly (about five
seconds).  `FUZZ_SEEDS=400 pytest tests/test_fuzz.py` plays more games for a longer hunt.
"""

from __future__ import annotations

import copy
import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from bansha_engine import Event, Game, Outgoing, skills
from bansha_engine.boards import BOARDS
from tests.recorded_games import digest

TIMEZONE = "Asia/Shanghai"
START = 1_767_268_800.0  # 2026-01-01 20:00 in Asia/Shanghai
DIRECTOR, CO_DIRECTOR, STRANGER = 20000, 20001, 55555
WOLF_GROUP, LOVER_GROUP, OTHER_GROUP = 30000, 30001, 39999
EVENTS_PER_GAME = 700
SEEDS = range(int(os.environ.get("FUZZ_SEEDS", "12")))

HUGE = "1" * 5000
ODD_WORDS = [
    "",
    " ",
    HUGE,
    "9" * 4301,
    "-1",
    "-3号",
    "0号",
    "99号",
    "100号",
    "７号",
    "＃3",
    "#5",
    "3号。",
    "3号，",
    "。",
    "３号！",
    "1.5",
    "\ud800",
    "\udfff号",
    "😀",
    "\u200b",
    "²³",
    "٣",
    "空",
    "无",
    "弃权",
    "确认",
    "狼人",
    "女巫",
    "预言家",
    "猎人",
    "村民",
    "5秒",
    "0秒",
    "1e999秒",
    "99999999999999999999小时",
    "25:00",
    "9:00",
    "21:00",
    "23:59",
    "救药",
    "毒药",
    "冲锋",
    "牺牲",
    "开枪",
    "移交",
    "10001",
    "30000",
    "30001",
    "99999999999",
    "a" * 3000,
    "演员1",
]
DIRECTOR_WORDS = [
    "导演", "座位", "身份", "发牌", "狼群", "情侣群", "开始", "警长", "入夜", "时限", "推进",
    "天亮", "放逐", "罚下", "状态", "结束", "开局", "帮助", "开门", "投票", "票型", "判负",
    "寡言违规", "宣言",
]  # fmt: skip
PLAYER_WORDS = [
    "身份", "放弃", "遗言", "预言", "查验", "救", "毒", "开枪", "枪", "移交", "刀", "杀", "杀人",
    "寡妇刀", "冲锋", "牺牲", "救治", "爱慕", "连", "认亲", "认主", "选狼头", "传话", "传位",
    "决战", "同意", "反对", "投降", "马甲杀", "帮助", "不存在", "狂妄",
    *sorted(skills.SKILLS),  # 须弥's skills by name
]  # fmt: skip
# Whole commands whose arguments are the trouble: numbers past int()'s limit, endless free text.
NASTY_COMMANDS = [
    f"/座位 3号 {HUGE}",
    f"/座位 3号 10003 {'名' * 3000}",
    f"/导演 {HUGE}",
    f"/狼群 {HUGE}",
    f"/情侣群 {HUGE}",
    f"/遗言 {HUGE}",
    f"/遗言 {'话' * 5000}",
    f"/马甲杀 5号 {HUGE}",
    f"/投降 {'7' * 5000}",
    f"/传话 {HUGE}",
    f"/时限 女巫 {HUGE}秒",
    f"/入夜 {HUGE}",
    f"/放逐 {HUGE}号",
    f"/{HUGE}",
    f"/预言{HUGE}",
    f"/遗言 {'话' * 1500}",  # within one message, past what 遗言 holds
    f"/座位 3号 {'1' * 1900}",
    f"/马甲杀 5号 {'9' * 1900}",
    f"/时限 女巫 {'9' * 1900}秒",
    f"/座位 3号 10003 {'名' * 100}",
]
ECHO = re.compile(r"「[^」]*」")
LONGEST_MESSAGE = 4000  # QQ refuses messages much past 4,500 characters
# 百变小樱's start-of-game choices (竞技12 has none): (role, command, number of seats it names).
OPENING_CHOICES = [("丘比特", "连", 2), ("混血儿", "认亲", 1), ("仆人", "认主", 1)]
# What a group may never hear: a role outside the wolf pack, or a check result.
PRIVATE_IN_GROUP = (
    "预言家",
    "女巫",
    "猎人",
    "医生",
    "长老",
    "情痴",
    "仆人",
    "丘比特",
    "混血儿",
    "村民",
    "查验",
)


def seat_qq(seat: int) -> int:
    return 10000 + seat


def state(game: Game) -> dict[str, Any]:
    """Everything the game keeps between events (the queued effects by count: they are closures)."""
    skipped = {"out", "speaker", "_rng", "_rng_event", "now", "board", "queue"}
    kept = {name: copy.deepcopy(value) for name, value in vars(game).items() if name not in skipped}
    kept["queue"] = len(game.queue)
    kept["timers"] = game.timers()
    return kept


@dataclass
class Fuzzer:
    board: str
    seed: int
    rng: random.Random = field(init=False)
    game: Game = field(init=False)
    now: float = START
    accepted: list[Event] = field(default_factory=list)
    tried: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"fuzz:{self.board}:{self.seed}")
        self.game = Game(1, self.board, self.seed, TIMEZONE)

    # ------------------------------------------------------------ feeding events

    def feed(self, event: Event) -> list[Outgoing]:
        before = state(self.game)
        result = self.game.handle(event)  # an exception here fails the test with the event in it
        if result.changed:
            self.accepted.append(event)
        else:
            assert state(self.game) == before, f"refused {event} changed the game"
        self.check_messages(event, result.messages)
        self.tried["accepted" if result.changed else "refused"] += 1
        return result.messages

    def check_messages(self, event: Event, messages: list[Outgoing]) -> None:
        repeated = [m for m, count in Counter(messages).items() if count > 1]
        assert not repeated, f"{event} sent twice: {repeated}"
        for message in messages:
            assert len(message.text) <= LONGEST_MESSAGE, f"{event} sent {len(message.text)} characters"
            if message.kind == "group":
                said = ECHO.sub("「」", message.text)  # what the sender typed, quoted back, is no leak
                leaked = [word for word in PRIVATE_IN_GROUP if word in said]
                assert not leaked, f"{event} told group {message.target}: {message.text!r}"

    def say(self, qq: int, text: str, group: int | None = None) -> list[Outgoing]:
        self.now += self.rng.choice((1, 1, 5, 60, 600))
        return self.feed(Event("say", at=self.now, qq=qq, text=text, group=group))

    def fire_timer(self) -> None:
        timers = self.game.timers()
        if timers and self.rng.random() < 0.8:
            timer = self.rng.choice(timers)
            self.now = max(self.now, timer.due + self.rng.choice((0, 0, 1, 100)))
            key = timer.key
        else:
            key = self.rng.choice(["step:1:witch", "prompt:1", "premind:7", "remind:x", "bogus", ""])
        self.tried["timer"] += 1
        self.feed(Event("timer", at=self.now, key=key))

    # ------------------------------------------------------------ what gets said

    def seats(self) -> list[int]:
        return list(self.game.seats)

    def seat_word(self) -> str:
        seat = self.rng.choice(self.seats())
        return self.rng.choice((f"{seat}号", str(seat), f"#{seat}", f"{seat}号。", f"{seat}號"))

    def argument(self) -> str:
        return self.seat_word() if self.rng.random() < 0.6 else self.rng.choice(ODD_WORDS)

    def command(self, words: list[str]) -> str:
        word = self.rng.choice(words)
        args = [self.argument() for _ in range(self.rng.choice((0, 1, 1, 1, 2, 3)))]
        glue = "" if args and self.rng.random() < 0.15 else " "
        slash = self.rng.choice(("/", "/", "", "／"))
        text = slash + word + glue + " ".join(args)
        self.tried[word] += 1
        return text

    def sender(self) -> tuple[int, int | None]:
        roll = self.rng.random()
        if roll < 0.2:
            qq = self.rng.choice((DIRECTOR, CO_DIRECTOR))
        elif roll < 0.9:
            qq = seat_qq(self.rng.choice(self.seats()))
        else:
            qq = STRANGER
        group = self.rng.choice((None, None, None, WOLF_GROUP, LOVER_GROUP, OTHER_GROUP))
        return qq, group

    def ask_help(self) -> None:
        qq, _ = self.sender()
        before = state(self.game)
        text = self.game.help_for(qq)
        assert text is None or len(text) <= LONGEST_MESSAGE
        assert state(self.game) == before, f"/帮助 from {qq} changed the game"
        self.tried["help"] += 1

    def random_event(self) -> None:
        roll = self.rng.random()
        if roll < 0.15:
            self.fire_timer()
            return
        if roll < 0.17:
            self.ask_help()
            return
        qq, group = self.sender()
        if roll < 0.2:
            self.tried["nasty"] += 1
            self.say(qq, self.rng.choice(NASTY_COMMANDS), group)
            return
        words = DIRECTOR_WORDS if qq in (DIRECTOR, CO_DIRECTOR) and self.rng.random() < 0.7 else PLAYER_WORDS
        self.say(qq, self.command(words), group)

    def smart_event(self) -> None:
        """Someone who may act now does, with a living target: what moves a real night along."""
        game = self.game
        alive = game.alive() or self.seats()
        if game.phase == "opening":
            role, word, count = self.rng.choice(OPENING_CHOICES)
            targets = " ".join(f"{self.rng.choice(alive)}号" for _ in range(count))
            self.say(self.qq_of(self.holder(role)), f"/{word} {targets}")
            return
        night = game.night
        open_steps = [] if night is None else [i for i, state in night.state.items() if state == "open"]
        if not open_steps:
            self.random_event()
            return
        chosen = self.rng.choice(open_steps)
        spec = next(s for s in game.board.night_steps if s.id == chosen)
        actors = spec.actors(game) or alive
        hint = self.rng.choice(spec.hint.replace("、", " 或 ").split(" 或 "))
        group = WOLF_GROUP if hint.startswith("在狼群") else None
        command = hint.removeprefix("在狼群 ").replace("N号", f"{self.rng.choice(alive)}号")
        self.tried["smart"] += 1
        self.say(self.qq_of(self.rng.choice(actors)), command, group)

    def skill_event(self) -> None:
        """须弥: a seat holding a skill usable now uses it on random seats (with a number or a role
        when the skill takes one), in private, or in the wolf group for the 群内 kill."""
        game = self.game
        able = [(seat, name) for seat in self.seats() for name in skills.usable_in(game, seat, game.part)]
        if not able:
            self.say(
                DIRECTOR,
                self.rng.choice(("/开门", "/入夜", "/推进", f"/投票 {self.seat_word()} {self.seat_word()}")),
            )
            return
        seat, name = self.rng.choice(able)
        spec = skills.SKILLS[name]
        fewest, most = spec.targets
        words = [f"{self.rng.choice(self.seats())}号" for _ in range(self.rng.randint(fewest, most))]
        if spec.argument == "整数":
            words.append(str(self.rng.randint(-25, 25)))
        elif spec.argument == "身份":
            words.append(self.rng.choice(list(self.game.board.roster)))
        self.tried["skill"] += 1
        self.say(self.qq_of(seat), f"/{name} {' '.join(words)}".strip())

    def director_event(self) -> None:
        """A director's command with plausible arguments: red cards, deadlines, substitutes ..."""
        seat = self.rng.choice(self.seats())
        roles = [*self.game.board.roster, "狼头", "争权", "警长", "黑情侣"]
        command = self.rng.choice(
            [
                f"/罚下 {seat}号",
                f"/时限 {self.rng.choice(roles)} {self.rng.choice(('1秒', '30秒', '5分钟', '2小时'))}",
                f"/警长 {seat}号",
                f"/座位 {seat}号 {self.rng.randrange(10001, 10040)}",
                f"/导演 {seat_qq(seat)}",
                f"/入夜 {self.rng.randrange(24)}:{self.rng.choice(('00', '30', '59'))}",
                "/放逐 无",
                "/推进",
                "/天亮",
                "/状态",
                "/结束",
            ]
        )
        self.tried["director"] += 1
        self.say(self.rng.choice((DIRECTOR, CO_DIRECTOR)), command)

    def qq_of(self, seat: int) -> int:
        """Who plays `seat` now (a 替补 may have taken it over)."""
        return self.game.seats[seat].qq or seat_qq(seat)

    def holder(self, role: str) -> int:
        """The seat dealt `role` (seat 1 when nobody was)."""
        holders = self.game.with_role(role, alive=False)
        return holders[0] if holders else 1

    def progress(self) -> None:
        """What moves a game on: nights, dawns, votes, answers to pending decisions."""
        game = self.game
        alive = game.alive()
        if game.prompts:
            prompt = game.prompts[0]
            word = game.board.prompt_words[prompt.kind]
            self.say(self.qq_of(prompt.seat), f"/{word} {self.rng.choice(alive)}号")
        elif game.phase == "night":
            self.say(DIRECTOR, self.rng.choice(("/天亮", "/推进")))
        elif alive:
            self.say(DIRECTOR, self.rng.choice(("/入夜", f"/放逐 {self.rng.choice(alive)}号")))

    # ------------------------------------------------------------ a whole game

    def setup(self) -> None:
        self.say(DIRECTOR, f"/开局 {self.board}")
        self.say(DIRECTOR, f"/导演 {CO_DIRECTOR}")
        for seat in self.seats():
            self.say(DIRECTOR, f"/座位 {seat}号 {seat_qq(seat)} 演员{seat}")
        for _ in range(30):
            self.random_event()
        self.say(DIRECTOR, "/发牌")
        if BOARDS[self.board].options.wolf_group:
            # Whatever the random lines bound, each group ends up where it belongs.
            for text in (f"/情侣群 {LOVER_GROUP}", f"/狼群 {WOLF_GROUP}", f"/情侣群 {LOVER_GROUP}"):
                self.say(DIRECTOR, text)
        self.say(DIRECTOR, "/开始")
        assert self.game.phase != "setup", "the fuzzer's setup must start the game"

    def play(self) -> None:
        self.setup()
        for _ in range(EVENTS_PER_GAME):
            if self.game.ended:
                break
            roll = self.rng.random()
            if roll < 0.1:
                self.progress()
            elif roll < 0.4 and self.game.board.name == "须弥":
                self.skill_event()
            elif roll < 0.4:
                self.smart_event()
            elif roll < 0.45:
                self.director_event()
            else:
                self.random_event()
        while not self.game.ended and self.tried["progress"] < 400:
            self.tried["progress"] += 1
            self.progress()

    def replayed(self) -> Game:
        return Game.replay(1, self.board, self.seed, TIMEZONE, self.accepted)


@pytest.mark.parametrize("board", ["竞技12", "百变小樱", "须弥"])
def test_random_games_never_crash_and_replay_to_the_same_state(board: str) -> None:
    tried: Counter[str] = Counter()
    nights: list[int] = []
    for seed in SEEDS:
        fuzzer = Fuzzer(board, seed)
        fuzzer.play()
        assert fuzzer.game.ended, "the game should have been played to its end"
        rebuilt = fuzzer.replayed()
        assert digest(rebuilt) == digest(fuzzer.game)
        assert state(rebuilt) == state(fuzzer.game)
        tried += fuzzer.tried
        nights.append(fuzzer.game.night_no)
    assert tried["accepted"] > 300 and tried["refused"] > 1000, tried
    assert max(nights) >= 3, nights  # some games went through several nights and days
