"""通用刀 (the file's `狼人: 通用刀`, 百变小樱): the wolf group votes its kill as with 狼群投票, and one
`/刀` serves every kill a seat may hold — the group's vote, the black lovers' kill or 寡妇刀, the
混血儿's kill — whichever this seat holds, in the order of the file's 夜晚.

In a group only that group's kill is taken: whatever else a seat holds is not for the group to hear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import knife, pack
from bansha_engine.api import Rejected
from bansha_engine.library import KillHolder, Mechanism, NightPart, register_mechanism
from bansha_engine.mechanisms import wolfpack
from bansha_engine.mechanisms.wolves import KILL_NAME, describe_rules, first_kill_night, tell_who_joins
from bansha_engine.model import KILL, Skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "通用刀"
WORDS = ("刀", "杀", "杀人", "寡妇刀")
PACK_KILL_LINE = "杀人 —— 夜晚与狼群共同指杀一名角色（在狼群 /刀 N号）"


def _night(options: dict[str, str]) -> tuple[NightPart, ...]:
    """The group's kill, one of the kill phase (百变小樱 (3): /时限 狼王 and 幼狼 address it too)."""
    first = first_kill_night(options)
    return (
        NightPart(
            KILL_NAME,
            wolfpack.STEP,
            lambda deadline, after, o: wolfpack.step(deadline, first),
            kill_source=KILL,
            kill_phase=True,
        ),
    )


# The group's vote is the `/刀` said in the wolf group (or privately by a member).
GROUP_KILL = KillHolder(
    step=wolfpack.STEP,
    group="wolves",
    holds=lambda game, seat: seat in knife.holders(game),
    take=wolfpack.vote,
    refusal="你没有杀人技能可以在狼群里使用（别的杀人技能请私聊我发送）。",
    private_only=True,
)


def kill_skill(kills: tuple[KillHolder, ...]) -> list[Skill]:
    def kill_command(game: Game, seat: int, args: list[str]) -> None:
        speaker = game.speaker
        said_in = game.group_kind(speaker.group if speaker is not None else None)
        if not game.seats[seat].alive:
            raise Rejected("你已出局，不能再杀人。")
        for kill in kills:
            holds = kill.holds(game, seat)
            in_its_group = kill.group is not None and said_in == kill.group
            if in_its_group or (holds and (said_in is None or not kill.private_only)):
                if not holds:
                    raise Rejected(kill.refusal)
                kill.take(game, seat, args)
                return
        raise Rejected("你没有杀人技能。")

    return [Skill("杀人", WORDS, kill_command, passes=tuple(kill.step for kill in kills))]


def describe(game: Game, seat: int) -> list[str]:
    """The group's kill, and (once the opening choices formed it) the group itself."""
    if game.phase == "opening":
        return [PACK_KILL_LINE] if pack.is_pack_role(game, seat) else []
    if not pack.in_pack(game, seat):
        return describe_rules(game, seat)
    group = "狼群：" + "、".join(f"{n}号" for n in pack.members(game, alive=False))
    return [PACK_KILL_LINE, group, *describe_rules(game, seat)]


def status_marks(game: Game, seat: int) -> list[str]:
    return ["狼群"] if pack.in_pack(game, seat) else []


MECHANISM = register_mechanism(
    Mechanism(
        name=NAME,
        night_for=_night,
        skills=kill_skill,
        kills=(GROUP_KILL,),
        describe=describe,
        status_marks=status_marks,
        on_start=tell_who_joins,
    )
)
