"""Which chat messages are the plugin's, so that one QQ account can carry other plugins too.

A message is taken only when it is certainly ours: its first word is one of our command words
(of some board, of the director, of the shell), and it comes from someone the plugin concerns or
is typed the way only our commands are:

- In a group: a prefixed command (`/刀 3号`) in a group bound to one of our running games.
- In private chat, from someone the plugin concerns (a player or director of a running game, or
  someone allowed to open games): the command word, with or without a prefix.
- In private chat, from anyone else: only a prefixed command word (`/开局 须弥`, `/预言 7号`): the
  stranger gets a clear answer why it cannot be taken.

Either way the word must stand alone or be followed by a blank, a seat or punctuation (`预言 7号`,
`预言7号`, `身份`), or, after a prefix, by 空/无 (`/刀空`): everyday chat that merely starts like a
command (`杀了我吧`, `/连招`, `/身份证`) is left to other plugins.

Commands of other plugins (`/echo …`, `/天气 北京`) are never ours, whoever sends them: a player's
unknown `/…` is answered (the game says there is no such command) only when no other plugin's
matcher took it before ours, and it is not blocked, so that plugins after ours see it too.  `/帮助` is
shared: answered (a player's or director's with their game's commands, a stranger's with the
general help) and left to other plugins too, so that a help plugin on the same account answers it
as well (and lists this plugin from its metadata).

The words are every library role's, mechanism's and built-in board's, from the engine's index
(engine/library_index.py, which tests/test_library_index.py checks against the library), so that
telling our commands from chat imports no role module and composes no board: a skill added to a
role is taken once the index is written again (`python -m bansha_engine.indexing`).
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cache

from bansha_engine.game import CONTRACT_SKILL_WORDS
from bansha_engine.library_index import COMMAND_WORDS
from bansha_engine.parse import normalize

# What may follow a command word that is not glued to its argument: nothing, a blank (a new line
# too: /新板子 takes the file on the following lines), a seat, punctuation.
WORD_END = re.compile(r"$|[\s\d#。．.，,、！!？?；;：:…~～]")
# ... and, for a prefixed command, the two bare targets (`/刀空`, `/放逐无`).
PREFIXED_WORD_END = re.compile(rf"{WORD_END.pattern}|[空无]")
HELP_WORD = "帮助"
BOARD_WORDS = frozenset({"板子", "新板子", "检查板子", "删板子", "身份库"})  # board files: boardfiles.py
SHELL_WORDS = frozenset({"开局", "帮助", "未送达", "对局", "重发", "丢弃", "复盘"}) | BOARD_WORDS


class Claim(Enum):
    """What the plugin does with a message."""

    LEAVE = "leave"  # not ours: other plugins have it
    TAKE = "take"  # ours alone: handled, and other plugins do not see it
    SHARE = "share"  # handled, and left to other plugins as well (/帮助)


@cache
def vocabulary() -> dict[str, tuple[str, ...]]:
    """Every command word the plugin takes, by its first character, longest first."""
    words = SHELL_WORDS | CONTRACT_SKILL_WORDS | COMMAND_WORDS
    by_first: dict[str, list[str]] = {}
    for word in sorted(words, key=len, reverse=True):
        by_first.setdefault(word[0], []).append(word)
    return {first: tuple(group) for first, group in by_first.items()}


def command_word(head: str, end: re.Pattern[str]) -> str | None:
    """Our longest command word `head` starts with that `end` matches after."""
    for word in vocabulary().get(head[:1], ()):
        if head.startswith(word) and end.match(head, len(word)):
            return word
    return None


def claim(text: str, *, group: bool, concerned: bool, answer_unknown: bool = False) -> Claim:
    """What to do with a message whose command prefix is already written as "/"; `concerned`: the
    sender (in private chat) or the group is one the plugin concerns (see the module docstring);
    `answer_unknown`: a prefixed command we do not know is answered (shared, not blocked), for a
    player who mistyped one of ours: the sender is in one of our games, or the group is bound to
    one, and no other plugin took the message."""
    text = normalize(text)
    prefixed = text.startswith("/")
    if group and not (prefixed and concerned):
        return Claim.LEAVE
    if not (prefixed or concerned):
        return Claim.LEAVE
    head = text.removeprefix("/").lstrip()
    word = command_word(head, PREFIXED_WORD_END if prefixed else WORD_END)
    if word is None:
        return Claim.SHARE if prefixed and answer_unknown else Claim.LEAVE
    return Claim.SHARE if word == HELP_WORD else Claim.TAKE
