"""Skills a seat gains during a 须弥 game and loses after one use: [毒药] and the gift of a skill.

[毒药] is not written in the post; COMMANDS.md rules: 「[毒药] (曼陀罗's gift): 深夜2, one use, 致死伤害
to one seat」.  It is also one of the 黑商礼物 (穷奇's reward).  `gain` gives a seat one use of a skill
(「以此获得的技能使用一次后丢失」); a seat that already holds an unused copy of it (the 牧师's own 天火,
a second 毒药) holds one more use of it instead, as a seat holds each skill once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

POISON = "毒药"


def poison(game: Game, use: Use) -> None:
    damage.deal(game, damage.Damage(use.targets[0], damage.FATAL, use.seat, POISON))


def gain(game: Game, seat: int, name: str, *, usable_dead: bool = False, origin: str = "") -> None:
    """`seat` gains one use of skill `name`, and is told (at night: when the running step ends) —
    not where it came from, unless `origin` names it (穷奇's 「黑商礼物」, announced anyway)."""
    state = game.seats[seat].skills.get(name)
    if state is not None and not state.lost and state.uses_left is not None:
        state.uses_left += 1
        state.one_shot = False  # its uses now count down to zero instead
        state.usable_dead = state.usable_dead or usable_dead
    else:
        skills.give(game, seat, name, one_shot=True, usable_dead=usable_dead)
    spec = skills.SKILLS[name]
    when = "或".join(spec.slots)
    after_exit = "，出局后也可使用" if usable_dead else ""
    status.notify(
        game,
        seat,
        f"你获得了[{name}]技能{f'（{origin}）' if origin else ''}：{when}发动，/{name} {skills.usage(spec)}，"
        f"使用一次后丢失{after_exit}。",
    )


SKILLS = skills.register(SkillSpec(POISON, ("深夜2",), rank=40, words=("毒",), limited=True, effect=poison))
