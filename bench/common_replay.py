"""Ten nights on a built-in common board (common-boards.md section 4), then its replay: the target is
a replay under 20 ms (issue 22).

`build_log()` plays a game through the pure engine: every night each seat of an open step tries
its step's commands on seats drawn at random (passing when the engine refuses three tries), the
wolves vote an empty kill in their group, a decision the game waits for (a shot, the badge) is
passed, and each day sends nobody out; it keeps the accepted events of the first seed whose game
reaches its tenth dawn.  `time_replay()` rebuilds that game from its log.

    python bench/common_replay.py                      # 噩梦之影摄梦人
    python bench/common_replay.py --board 熊狐乌鸦
    python bench/common_replay.py --all                # every built-in common board
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import xumi_replay  # noqa: E402  (bench/: the driver and the timing both replays share)

from bansha_engine import Event, Game, pack  # noqa: E402
from bansha_engine import night as nights  # noqa: E402
from bansha_engine.boards import BOARDS, COMMON  # noqa: E402

NIGHTS = 10
TARGET_MS = 20.0
DEFAULT_BOARD = "噩梦之影摄梦人"


def qq(seat: int) -> int:
    return 10000 + seat


class Player(xumi_replay.Player):
    """Drives one game on a common board and remembers the events the engine accepted."""

    def __init__(self, board: str, seed: int) -> None:
        super().__init__(seed, board)
        self.board = board

    def setup(self) -> bool:
        """Seats dealt by the bot (/发牌), the opening choices made at random by /入夜 later."""
        self.director(f"/开局 {self.board}")
        for seat in range(1, BOARDS[self.board].size + 1):
            self.director(f"/座位 {seat}号 {qq(seat)}")
        self.director("/发牌")
        if self.game.board.options.wolf_group:
            self.director(f"/狼群 {xumi_replay.WOLF_GROUP}")
        return self.director("/开始")

    def words_of(self, step_id: str) -> list[str]:
        """The command words that act in the step (the skills that pass it)."""
        words = []
        for skill in self.game.board.skills:
            passes = (skill.passes,) if isinstance(skill.passes, str) else skill.passes
            if step_id in passes:
                words.append(skill.words[0])
        return words

    def try_skill(self, seat: int, word: str) -> bool:
        seats = BOARDS[self.board].size
        for _ in range(3):
            count = self.rng.choice((1, 1, 1, 2))
            targets = " ".join(f"{n}号" for n in self.rng.sample(range(1, seats + 1), count))
            if self.say(qq(seat), f"/{word} {targets}"):
                return True
        return False

    def act_in_open_steps(self) -> None:
        for spec in self.game.board.night_steps:
            if not nights.is_open(self.game, spec.id):
                continue
            for seat in spec.actors(self.game):
                if any(self.try_skill(seat, word) for word in self.words_of(spec.id)):
                    continue
                self.say(qq(seat), "/放弃")
            for wolf in pack.members(self.game):
                self.say(qq(wolf), "/刀 空", group=xumi_replay.WOLF_GROUP)

    def answer_prompts(self) -> None:
        for prompt in list(self.game.prompts):
            if not self.say(qq(prompt.seat), "/放弃"):
                self.say(qq(prompt.seat), "/移交 无")

    def night(self) -> None:
        night_no = self.game.night_no
        for _ in range(60):
            if self.game.ended or (self.game.night is None and self.game.night_no == night_no):
                return
            self.answer_prompts()
            self.act_in_open_steps()
            if self.game.night is not None:
                self.director("/推进")

    def day(self) -> None:
        self.answer_prompts()
        self.director("/警长 无")
        self.answer_prompts()
        self.director("/放逐 无")
        self.answer_prompts()

    def play(self) -> bool:
        """Whether the game reached its tenth dawn."""
        if not self.setup():
            return False
        for _ in range(NIGHTS):
            self.day()
            if not self.director("/入夜"):
                return False
            self.night()
            if self.game.ended:
                return False
        return self.game.night_no >= NIGHTS and not self.game.ended


def build_log(board: str, first_seed: int = 1, attempts: int = 200) -> tuple[int, list[Event]]:
    for seed in range(first_seed, first_seed + attempts):
        player = Player(board, seed)
        if player.play():
            return seed, player.events
    raise RuntimeError(f"no seed gave a game of {NIGHTS} nights on {board}")


def measure(board: str, repeats: int = 7) -> dict[str, Any]:
    seed, events = build_log(board)
    Game.replay(1, board, seed, xumi_replay.TIMEZONE, events)  # the board composed once, as in a running bot
    times = xumi_replay.time_replay(seed, events, repeats, board)
    return {
        "board": board,
        "events": len(events),
        "median_ms": statistics.median(times),
        "best_ms": min(times),
    }


def report(result: dict[str, Any]) -> str:
    verdict = "PASS" if result["median_ms"] < TARGET_MS else "FAIL"
    return (
        f"{result['board']}: {result['events']} events over {NIGHTS} nights, replay median "
        f"{result['median_ms']:.1f} ms, best {result['best_ms']:.1f} ms — target < {TARGET_MS:g} ms: {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default=DEFAULT_BOARD, choices=COMMON)
    parser.add_argument("--all", action="store_true", help="every built-in common board")
    args = parser.parse_args()
    for board in COMMON if args.all else (args.board,):
        try:
            print(report(measure(board)))
        except RuntimeError as error:
            print(f"{board}: {error}")


if __name__ == "__main__":
    main()
