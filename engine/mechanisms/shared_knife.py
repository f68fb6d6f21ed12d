"""通用刀 (the file's `狼人: 通用刀`, 百变小樱): the wolf group votes its kill as with 狼群投票, and one
`/刀` serves every kill a seat may hold — the group's vote, the black lovers' kill or 寡妇刀, the
混血儿's kill — whichever this seat holds, in the order of the file's 夜晚.

In a group only that group's kill is taken: whatever else a seat holds is not for the group to hear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import KillHolder, Mechanism, register_mechanism
from bansha_engine.model import Skill
from bansha_engine.roles import wolf, wolfpack

if TYPE_CHECKING:
    from bansha_engine.game import Game

WORDS = ("刀", "杀", "杀人", "寡妇刀")


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
    if not wolfpack.in_pack(game, seat) or game.phase == "opening":
        return []
    return ["狼群：" + "、".join(f"{n}号" for n in wolfpack.members(game, alive=False))]


MECHANISM = register_mechanism(Mechanism(name=wolf.SHARED, skills=kill_skill, describe=describe))
