"""A long 须弥 game for the benchmark: ten nights in which every seat uses its skills.

`build_log()` plays a game through the pure engine — each seat, slot after slot, uses every skill it
may with seats drawn at random (passing when the engine refuses three tries), the wolves vote an
empty kill, the director opens the door, enters abstentions and closes it — and keeps the accepted events of
the first seed whose game lasts ten nights.  `time_replay()` rebuilds that game from its log.

    python bench/xumi_replay.py            # prints the log's size and the replay time
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from bansha_engine import Event, Game
from bansha_engine import night as nights
from bansha_engine import slots as slot_steps
from bansha_engine.mechanisms.xumi.slot_night import SLOTS
from bansha_engine.roles.xumi import pack
from bansha_engine.skills import SKILLS

BOARD = "须弥"
TIMEZONE = "Asia/Shanghai"
NOON = 1_767_240_000.0  # 2026-01-01 12:00 in Asia/Shanghai
DIRECTOR = 20000
WOLF_GROUP = 30000
NIGHTS = 10
# A valid board (ratio 49/35) whose seats act in almost every slot of the night.
SEATS = {
    1: "牧师", 2: "摄梦人", 3: "灵鹿", 4: "玄武", 5: "炼金魔女", 6: "病人", 7: "官员",
    8: "乳猪", 9: "长老", 10: "吹笛者", 11: "天狗", 12: "狼巫", 13: "种狼", 14: "混沌",
}  # fmt: skip


class Player:
    """Drives one game: remembers the accepted events, acts for every seat with a pending choice."""

    def __init__(self, seed: int, board: str = BOARD) -> None:
        self.game = Game(1, board, seed, TIMEZONE)
        self.rng = random.Random(seed)
        self.now = NOON
        self.events: list[Event] = []

    def say(self, qq: int, text: str, group: int | None = None) -> bool:
        self.now += 1
        event = Event("say", at=self.now, qq=qq, text=text, group=group)
        if self.game.handle(event).changed:
            self.events.append(event)
            return True
        return False

    def director(self, text: str) -> bool:
        return self.say(DIRECTOR, text)

    def setup(self) -> None:
        self.director("/开局 须弥")
        for seat, role in SEATS.items():
            self.director(f"/座位 {seat}号 {10000 + seat}")
            self.director(f"/身份 {seat}号 {role}")
        self.director(f"/狼群 {WOLF_GROUP}")
        assert self.director("/开始") and self.director("/警长 1号")

    def living(self) -> list[int]:
        return self.game.alive()

    def use(self, seat: int, name: str, by: int) -> None:
        spec = SKILLS[name]
        for _ in range(3):
            count = self.rng.randint(*spec.targets) if spec.targets[1] else 0
            targets = self.rng.sample(range(1, 15), count)
            words = [f"{t}号" for t in targets]
            if spec.argument == "整数":
                words.append(str(self.rng.randint(-20, 120)))
            elif spec.argument == "身份":
                words.append(self.rng.choice(list(SEATS.values())))
            if self.say(10000 + by, f"/{name} {' '.join(words)}".strip()):
                return
        self.say(10000 + by, f"/放弃 {name}")

    def act_in_open_slots(self) -> None:
        for slot in SLOTS:
            if not nights.is_open(self.game, slot.name):
                continue
            for actor in slot_steps.actors(self.game, slot):
                for seat, name in slot_steps.pending_skills(self.game, slot, actor):
                    self.use(seat, name, actor)
            for wolf in pack.actors(self.game) if slot.name == "深夜2" else []:
                # An empty kill keeps the seats alive to act; a list (未明之雾) forces a kill.
                if not self.say(10000 + wolf, "/刀 空", group=WOLF_GROUP):
                    target = self.rng.choice(self.living())
                    self.say(10000 + wolf, f"/刀 {target}号", group=WOLF_GROUP)

    def open_slots(self) -> list[str]:
        return [slot.name for slot in SLOTS if nights.is_open(self.game, slot.name)]

    def night(self) -> None:
        night_no = self.game.night_no + 1
        for _ in range(80):
            if self.game.ended or (self.game.night is None and self.game.night_no == night_no):
                return
            for prompt in list(self.game.prompts):
                self.say(10000 + prompt.seat, "/移交 无")
            before = self.open_slots()
            self.act_in_open_slots()
            if self.game.night is not None and self.open_slots() == before:
                self.director("/推进")  # whoever the engine kept refusing has passed

    def day(self) -> None:
        self.director("/开门")
        for seat in self.living():
            for name in list(self.game.seats[seat].skills):
                if "正午" in SKILLS[name].slots and self.rng.random() < 0.3:
                    self.use(seat, name, seat)
        self.director("/投票 " + "\n".join(f"{v}号 弃权" for v in self.living()))

    def play(self) -> bool:
        """Whether the game reached its tenth dawn."""
        self.setup()
        for _ in range(NIGHTS):
            if self.game.day > 1:
                self.day()
            if not self.director("/入夜"):
                return False
            self.night()
            if self.game.ended:
                return False
        return self.game.night_no >= NIGHTS and not self.game.ended


def build_log(first_seed: int = 1, attempts: int = 300) -> tuple[int, list[Event]]:
    for seed in range(first_seed, first_seed + attempts):
        player = Player(seed)
        if player.play():
            return seed, player.events
    raise RuntimeError("no seed gave a 须弥 game of ten nights")


def time_replay(seed: int, events: list[Event], repeats: int = 7, board: str = BOARD) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        game = Game.replay(1, board, seed, TIMEZONE, events)
        times.append((time.perf_counter() - start) * 1000)
        assert game.accepted == len(events)
    return times


def measure(repeats: int = 7) -> dict[str, Any]:
    seed, events = build_log()
    times = time_replay(seed, events, repeats)
    return {
        "events": len(events),
        "nights": NIGHTS,
        "median_ms": statistics.median(times),
        "best_ms": min(times),
        "per_event_us": statistics.median(times) * 1000 / len(events),
        "repeats": repeats,
    }


def report(result: dict[str, Any], target_ms: float = 20.0) -> str:
    verdict = "PASS" if result["median_ms"] < target_ms else "FAIL"
    return (
        f"replay of a long 须弥 log: {result['events']} events ({result['nights']} nights, every seat acting), "
        f"median {result['median_ms']:.1f} ms, best {result['best_ms']:.1f} ms "
        f"({result['per_event_us']:.0f} µs/event) — target < {target_ms:g} ms: {verdict}"
    )


if __name__ == "__main__":
    print(report(measure()))
    sys.exit(0)
