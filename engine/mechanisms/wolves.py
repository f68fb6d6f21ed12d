"""The wolves' kill, as the file's `狼人` key says; its value names one of these mechanisms:

- 狼群投票: every member of the wolf group votes `/刀 N号` in the bound group (mechanisms/wolfpack.py);
- 狼头: 竞技12's way — the first night's election (争权), the head's kill, 传话, 传位 and 决战
  (mechanisms/wolf_head.py);
- 通用刀: the group votes as with 狼群投票, and one `/刀` serves every kill a seat holds
  (mechanisms/shared_knife.py).

Every role of the wolves' category brings its board's kill mode (library.kill_mode_mechanism), so a
board of special wolves only (狼王 and 白狼王) kills as well as one with plain 狼人: the night part is
called 狼人 in `夜晚` whoever the wolves are.  `首夜刀人: 不可以` keeps the kill out of the first
night (the 狼头 is still elected then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import pack
from bansha_engine.library import (
    FIRST_NIGHT_KILL,
    Mechanism,
    NightPart,
    PromptDef,
    register_mechanism,
)
from bansha_engine.mechanisms import wolf_head, wolfpack
from bansha_engine.model import KILL, Skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

KILL_NAME = "狼人"  # the wolves' kill in a file's 夜晚, under every mode
GROUP_VOTE = "狼群投票"
HEAD = "狼头"
ELECTION_NAME = "争权"  # the 夜晚 word for the 狼头 election

GROUP_KILL = Skill("杀人", ("刀", "杀", "杀人", "指杀"), wolfpack.vote, passes=wolfpack.STEP)


def first_kill_night(options: dict[str, str]) -> int:
    return 1 if options.get(FIRST_NIGHT_KILL, "可以") == "可以" else 2


def _group_vote_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    first = first_kill_night(options)
    return (
        NightPart(
            KILL_NAME,
            wolfpack.STEP,
            lambda deadline, after, o: wolfpack.step(deadline, first, (KILL_NAME,)),
            kill_source=KILL,
        ),
    )


def _describe_group(game: Game, seat: int) -> list[str]:
    if not pack.in_pack(game, seat):
        return []
    fellows = "、".join(f"{n}号" for n in pack.members(game, alive=False))
    return [
        f"狼人同伴：{fellows}（共用狼群）",
        "杀人 —— 每晚在狼群 /刀 N号 或 /刀 空：全员一致即锁定，截止时按多数，平票不杀",
    ]


def _head_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    first = first_kill_night(options)
    return (
        NightPart(
            ELECTION_NAME,
            wolf_head.ELECTION,
            lambda deadline, after, o: wolf_head.election_step(deadline),
        ),
        NightPart(
            KILL_NAME,
            wolf_head.KILL_STEP,
            lambda deadline, after, o: wolf_head.kill_step(deadline, after, first),
            needs=(ELECTION_NAME,),
            kill_source=KILL,
        ),
    )


GROUP_VOTE_MECHANISM = register_mechanism(
    Mechanism(
        name=GROUP_VOTE,
        night_for=_group_vote_night,
        skills=lambda kills: [GROUP_KILL],
        describe=_describe_group,
    )
)

# 传位<强制>: /放弃 is refused (a timeout still hands the title on at random).
HEAD_MECHANISM = register_mechanism(
    Mechanism(
        name=HEAD,
        night_for=_head_night,
        skills=lambda kills: list(wolf_head.SKILLS),
        describe=wolf_head.describe,
        status_marks=wolf_head.status_marks,
        prompts={wolf_head.PROMPT: PromptDef(wolf_head.WORD, wolf_head.TITLE, wolf_head.answer, forced=True)},
        triggers={"传位": wolf_head.triggers},
    )
)
