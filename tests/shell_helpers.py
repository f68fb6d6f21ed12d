"""Helpers for tests that drive `WerewolfService` with real games through `TranscriptRunner`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests import databases
from tests.transcript_runner import SELF_ID, Transcript, TranscriptRunner, setup_lines

JINGJI12 = {
    1: "预言家",
    2: "女巫",
    3: "猎人",
    **{s: "村民" for s in range(4, 9)},
    **{s: "狼人" for s in range(9, 13)},
}
BAIBIAN = {
    1: "预言家",
    2: "女巫",
    3: "医生",
    4: "长老",
    5: "猎人",
    6: "情痴",
    7: "仆人",
    8: "丘比特",
    9: "混血儿",
    **{s: "村民" for s in range(10, 17)},
    17: "狼王",
    18: "幼狼",
    **{s: "狼人" for s in range(19, 22)},
}


async def set_up(
    runner: TranscriptRunner, board: str, roles: dict[int, str], *, wolf_group: bool = False
) -> None:
    """Open a game of `board` as the director, seat 10000+N at seat N with `roles`, bind the wolf group."""
    transcript = Transcript(Path("-"), board, roles, wolf_group, True)
    for text in setup_lines(transcript):
        await runner.say("导演", text)


def query(runner: TranscriptRunner, sql: str, *args: object) -> list[tuple[Any, ...]]:
    return databases.query(runner.url, sql, *args)


def window(runner: TranscriptRunner, to: str) -> list[str]:
    """Texts delivered to `to` since the last action."""
    return [d.text for d in runner.wire.delivered[runner.window_start :] if d.to == to]


async def message(
    runner: TranscriptRunner, message_id: int, qq: int, text: str, group: int | None = None
) -> None:
    """A message with the message id given (a repeat, an id no column holds …)."""
    runner.begin_action()
    await runner.bot.handle_message(SELF_ID, message_id, qq, group, text)
    await runner.run_events()
