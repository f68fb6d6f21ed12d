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

The words come from the engine's boards, so a skill added to a board is taken without touching
this list; 须弥's are written out here (`XUMI_WORDS`, which tests/test_lazy_boards.py checks against its
board), so that telling our commands from chat imports none of 须弥's modules.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cache

from bansha_engine import library
from bansha_engine.boards import BOARDS, SEEDS, STANDARD, XUMI
from bansha_engine.game import CONTRACT_SKILL_WORDS, command_words
from bansha_engine.model import Board
from bansha_engine.parse import normalize

# What may follow a command word that is not glued to its argument: nothing, a blank (a new line
# too: /新板子 takes the file on the following lines), a seat, punctuation.
WORD_END = re.compile(r"$|[\s\d#。．.，,、！!？?；;：:…~～]")
# ... and, for a prefixed command, the two bare targets (`/刀空`, `/放逐无`).
PREFIXED_WORD_END = re.compile(rf"{WORD_END.pattern}|[空无]")
HELP_WORD = "帮助"
BOARD_WORDS = frozenset({"板子", "新板子", "检查板子", "删板子", "身份库"})  # board files: boardfiles.py
SHELL_WORDS = frozenset({"开局", "帮助", "未送达", "对局", "重发", "丢弃", "复盘"}) | BOARD_WORDS
# What `board_words` gives for 须弥, without composing it (which imports its post's modules).
XUMI_WORDS = frozenset({
    "不思议之炼金", "伏击", "侦测", "光明湮灭", "入夜", "关门", "加速", "延时", "蓝牌", "黄牌", "红牌", "撤牌", "判罚", "确认判罚", "撤销", "凋花", "凋花结果", "刀", "判负", "削弱", "反对", "发牌", "同意", "吞食",
    "吹笛", "圣光", "增幅", "天亮", "天火", "宣言", "寡妇刀", "寡言违规", "导演", "底牌", "崩塌狙击", "幸运许愿", "座位", "开始", "开局", "开门",
    "归元", "恐惧", "情侣群", "惩善扬恶", "感染", "投票", "投降", "指定", "推进", "摄梦", "放弃", "放逐", "日光窃取", "时波削弱",
    "时波增幅", "时限", "未名之雾", "未明之雾", "杀", "杀人", "权势", "森林庇护", "殉职", "毒", "毒药", "法老之蛇", "流光庇护", "混沌",
    "湮灭", "炼金", "爆破", "状态", "狂妄", "狙击", "狼群", "猎杀", "票型", "移交", "移交警徽", "窃取", "结束", "罚下", "芬芳",
    "警长", "许愿", "诡辩", "超度", "超限锁定", "身份", "迷惑", "遗言", "重定时间", "锁定", "阴阳变转", "预言", "额外投票", "魔瓶",
    "黑暗侦测",
})  # fmt: skip


class Claim(Enum):
    """What the plugin does with a message."""

    LEAVE = "leave"  # not ours: other plugins have it
    TAKE = "take"  # ours alone: handled, and other plugins do not see it
    SHARE = "share"  # handled, and left to other plugins as well (/帮助)


@cache
def vocabulary() -> dict[str, tuple[str, ...]]:
    """Every command word the plugin takes, by its first character, longest first."""
    words = set(SHELL_WORDS | CONTRACT_SKILL_WORDS | library_words())
    for name in (*SEEDS, *STANDARD):  # the common boards' words are their roles' (library_words)
        words |= XUMI_WORDS if name == XUMI else board_words(BOARDS[name])
    by_first: dict[str, list[str]] = {}
    for word in sorted(words, key=len, reverse=True):
        by_first.setdefault(word[0], []).append(word)
    return {first: tuple(group) for first, group in by_first.items()}


def library_words() -> frozenset[str]:
    """The command words of every role of the library, and of every mechanism, whichever board uses
    them (a role no built-in board has is answered without its `/` too)."""
    words: set[str] = set()
    for role in library.ROLES.values():
        for options in role_option_sets(role):
            words |= {word for skill in role.skills(options) for word in skill.words}
            words |= {prompt.word for prompt in role.prompts(options).values()}
    for variant in library.VARIANTS.values():
        words |= {word for skill in variant.skills({}) for word in skill.words}
    for mechanism in library.MECHANISMS.values():
        words |= {word for skill in mechanism.skills(()) for word in skill.words}
        words |= {prompt.word for prompt in mechanism.prompts.values()}
    return frozenset(words)


def role_option_sets(role: library.RoleDef) -> list[dict[str, str]]:
    """The role's options at their defaults, and each other value of each option alone (an option may
    give a command: 女巫 双药)."""
    defaults = {option.name: option.default for option in role.options}
    sets = [defaults]
    sets += [{**defaults, option.name: value} for option in role.options for value in option.values]
    return sets


def board_words(board: Board) -> frozenset[str]:
    """Every command word of a board: anyone's, and its directors' own."""
    return command_words(board) | frozenset(board.hooks.director_commands)


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
