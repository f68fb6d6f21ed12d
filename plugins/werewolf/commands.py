"""Which chat messages are the plugin's: its command words, so a bot account can carry other plugins.

A message is ours when its first word is one of the command words of some board, of the director,
or of the shell, typed with a command prefix, or in private chat also without one; the word may be
glued to what follows (`/预言7号`, `/刀空`).  Without a prefix the word must stand alone or be
followed by a blank, a seat or punctuation (`预言 7号`, `预言7号`, `身份`), so that everyday private
chat that merely starts like a command (`杀了我吧`) is left to other plugins.  The words come from the engine's boards, so a skill added to a
board is taken without touching this list.
"""

from __future__ import annotations

import re
from functools import cache

from werewolf_engine.boards import BOARDS
from werewolf_engine.game import CONTRACT_SKILL_WORDS, command_words
from werewolf_engine.parse import normalize

# What may follow a command word typed without a prefix: nothing, a blank, a seat, punctuation.
UNPREFIXED_END = re.compile(r"$|[\s\d#。．.，,、！!？?；;：:…~～]")
BOARD_WORDS = frozenset({"板子", "新板子", "检查板子", "删板子", "身份库"})  # board files: boardfiles.py
SHELL_WORDS = frozenset({"开局", "帮助", "未送达", "对局", "重发", "丢弃", "复盘"}) | BOARD_WORDS


@cache
def vocabulary() -> tuple[str, ...]:
    """Every command word the plugin takes, longest first."""
    words = set(SHELL_WORDS | CONTRACT_SKILL_WORDS)
    for board in BOARDS.values():
        words |= command_words(board) | set(board.extra.get("director_commands", {}))
    return tuple(sorted(words, key=len, reverse=True))


def is_command(text: str, *, private: bool) -> bool:
    """Whether `text` (its command prefix already written as "/") starts with one of our command
    words; in a group only with the prefix."""
    text = normalize(text)
    prefixed = text.startswith("/")
    if not prefixed and not private:
        return False
    head = text.removeprefix("/").lstrip()
    return any(
        head.startswith(word) and (prefixed or UNPREFIXED_END.match(head, len(word))) for word in vocabulary()
    )
