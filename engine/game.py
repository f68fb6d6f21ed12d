"""Interface stub: the real implementation is being written (see the shell helper prompt)."""

from __future__ import annotations

from engine.api import Event, Result, Timer

BOARD_NAMES: tuple[str, ...] = ("竞技12", "百变小樱", "须弥")


class Game:
    def __init__(self, game_id: int, board: str, seed: int, timezone: str) -> None:
        self.game_id = game_id
        self.board_name = board
        self.seed = seed
        self.timezone = timezone
        self.ended = False

    @classmethod
    def replay(cls, game_id: int, board: str, seed: int, timezone: str, events: list[Event]) -> Game:
        game = cls(game_id, board, seed, timezone)
        for event in events:
            game.handle(event)
        return game

    def handle(self, event: Event) -> Result:
        raise NotImplementedError

    def timers(self) -> list[Timer]:
        return []

    def is_director(self, qq: int) -> bool:
        return False

    def is_player(self, qq: int) -> bool:
        return False

    def groups(self) -> set[int]:
        return set()

    def label(self) -> str:
        return f"{self.game_id}号局（{self.board_name}）"
