"""狼人: the plain wolf.  How the wolves kill is the board's 刀人方式 (the file's `狼人:` key):

- 狼群投票: every wolf votes `/刀 N号` in the bound wolf group (roles/wolfpack.py);
- 狼头: 竞技12's way — the first night's election (争权), the head's kill, 传话, 传位 and 决战
  (roles/wolf_head.py);
- 通用刀: the wolf group votes as with 狼群投票, and one `/刀` serves every kill a seat holds (the
  group's, the black lovers', the 混血儿's: mechanisms/shared_knife.py), in the order of 夜晚.

`首夜刀人: 不可以` keeps the kill out of the first night (the 狼头 is still elected then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.library import WOLF, KillHolder, NightPart, PromptDef, RoleDef, register
from bansha_engine.model import KILL, WOLVES, Skill
from bansha_engine.roles import wolf_head, wolfpack

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼人"
# Board-wide keys the composer passes in the 狼人's options (they are not written under 身份).
KILL_MODE = "刀人方式"
GROUP_VOTE = "狼群投票"
HEAD = "狼头"
SHARED = "通用刀"
FIRST_NIGHT_KILL = "首夜刀人"
ELECTION_NAME = "争权"  # the 夜晚 word for the 狼头 election

GROUP_KILL = Skill("杀人", ("刀", "杀", "杀人", "指杀"), wolfpack.vote, passes=wolfpack.STEP)


def kill_mode(game: Game) -> str:
    return game.board.role_options.get(NAME, {}).get(KILL_MODE, GROUP_VOTE)


def _first_kill_night(options: dict[str, str]) -> int:
    return 1 if options.get(FIRST_NIGHT_KILL, "可以") == "可以" else 2


def night(options: dict[str, str]) -> tuple[NightPart, ...]:
    first = _first_kill_night(options)
    if options.get(KILL_MODE) == HEAD:
        return (
            NightPart(
                ELECTION_NAME,
                wolf_head.ELECTION,
                lambda deadline, after, o: wolf_head.election_step(deadline),
            ),
            NightPart(
                NAME,
                wolf_head.KILL_STEP,
                lambda deadline, after, o: wolf_head.kill_step(deadline, after, first),
                needs=(ELECTION_NAME,),
                kill_source=KILL,
            ),
        )
    if options.get(KILL_MODE) == SHARED:
        # 百变小樱 (3): /时限 狼王 and 幼狼 address the group's kill too
        return (
            NightPart(
                NAME,
                wolfpack.STEP,
                lambda deadline, after, o: wolfpack.step(deadline, first),
                kill_source=KILL,
                kill_phase=True,
            ),
        )
    return (
        NightPart(
            NAME,
            wolfpack.STEP,
            lambda deadline, after, o: wolfpack.step(deadline, first, (NAME,)),
            kill_source=KILL,
        ),
    )


def skills(options: dict[str, str]) -> list[Skill]:
    mode = options.get(KILL_MODE)
    if mode == HEAD:
        return list(wolf_head.SKILLS)
    return [] if mode == SHARED else [GROUP_KILL]


def kills(options: dict[str, str]) -> tuple[KillHolder, ...]:
    """With 通用刀, the group's vote is the `/刀` said in the wolf group (or privately by a member)."""
    if options.get(KILL_MODE) != SHARED:
        return ()
    return (
        KillHolder(
            step=wolfpack.STEP,
            group="wolves",
            holds=lambda game, seat: seat in wolfpack.members(game),
            take=wolfpack.vote,
            refusal="你没有杀人技能可以在狼群里使用（别的杀人技能请私聊我发送）。",
            private_only=True,
        ),
    )


def prompts(options: dict[str, str]) -> dict[str, PromptDef]:
    """传位<强制>, only where there is a 狼头 (狼人: 狼头): /放弃 is refused (a timeout still hands the
    title on at random)."""
    if options.get(KILL_MODE) != HEAD:
        return {}
    return {wolf_head.PROMPT: PromptDef(wolf_head.WORD, "狼头", wolf_head.answer, forced=True)}


PACK_KILL_LINE = "杀人 —— 夜晚与狼群共同指杀一名角色（在狼群 /刀 N号）"


def describe(game: Game, seat: int) -> list[str]:
    mode = kill_mode(game)
    if mode == HEAD:
        return wolf_head.describe(game, seat)
    if mode == SHARED:
        return [PACK_KILL_LINE]
    pack = "、".join(f"{n}号" for n in wolfpack.members(game, alive=False))
    return [
        f"狼人同伴：{pack}（共用狼群）",
        "杀人 —— 每晚在狼群 /刀 N号 或 /刀 空：全员一致即锁定，截止时按多数，平票不杀",
    ]


def status_marks(game: Game, seat: int) -> list[str]:
    mode = kill_mode(game)
    if mode == SHARED:
        return ["狼群"] if wolfpack.in_pack(game, seat) else []
    return wolf_head.status_marks(game, seat) if mode == HEAD else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人阵营：每晚杀人（狼群投票，或由狼头决定，见板子的「狼人」）",
        night=night,
        skills=skills,
        describe=describe,
        triggers={"传位": wolf_head.triggers},
        prompts=prompts,
        status_marks=status_marks,
        kills=kills,
    )
)
