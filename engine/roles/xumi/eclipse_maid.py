"""蚀日侍女⑩ ([接刀], 狼人阵营): 日光窃取.

有蚀日侍女必有流光伯爵。
开局阶段结束后，若蚀日侍女属于狼人阵营，蚀日侍女获得所有狼人[群内]的名单。  (engine/mechanisms/xumi/seats.py)
日光窃取[黄昏][指定]——选择范围：第二个黄昏开始，任意一名非[群内]角色，不能连续两天选择同一名角色。
结算效果：反馈结算目标拥有的全部技能，当夜获得该角色的操作权（不论该角色是否有[恐惧]等不能发动技能的状态，
蚀日侍女都可以正常发动），被操纵的角色将获得通知[被蚀日侍女操纵]，并可获知蚀日侍女当夜所有操作，若使用的
技能有反馈，只有蚀日侍女可获得。若结算目标在被操控期间持有[秩序]状态，则侍女当晚受到[致死伤害]。

日光窃取 is used in 黄昏2.  The control is `Night.operated` (engine/slots.py reads it): that night the
maid types the seat's skills by their names, the seat cannot use them itself, it is told each of
her actions, the results go to her, and its [强制] choices are hers (at the deadline: at random).
[秩序] is looked at when the controlled night starts and when 凌晨2 opens (before 命数感知): in this
pool every [秩序] of the night is given by 早夜2, and only [秩序] held at the start can be taken away
there (归元, 炼金), so the two looks see every [秩序] the seat holds during the control.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state
from bansha_engine.roles.xumi.common import IN_GROUP, TAKES_KNIFE, tag
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "日光窃取"


@dataclass
class Punished:
    """The (maid, night) pairs already dealt their 致死伤害 for an operated seat's [秩序]."""

    pairs: set[tuple[int, int]] = field(default_factory=set)


def not_in_group(game: Game, use: Use) -> None:
    """「任意一名非[群内]角色」."""
    target = use.targets[0]
    if tag(game, target) == IN_GROUP:
        raise Rejected(f"{target}号是[群内]角色，不能作为日光窃取的目标。")


def steal(game: Game, use: Use) -> None:
    night = game.night
    assert night is not None
    target = use.targets[0]
    night.operated[use.seat] = target
    held = [_skill_text(name) for name in skills.held(game, target)]
    listing = "、".join(held) if held else "没有技能"
    skills.feedback(
        game,
        use,
        f"日光窃取：{target}号拥有的技能：{listing}。今晚你操纵{target}号：直接发送这些技能的命令即可发动，结果只告诉你。",
    )
    status.notify(
        game, target, "你被蚀日侍女操纵：今晚你不能自己发动技能，蚀日侍女替你发动的每个操作都会告诉你。"
    )
    night.notes.append(f"{use.seat}号日光窃取：今晚操纵{target}号")


def _skill_text(name: str) -> str:
    spec = skills.SKILLS[name]
    return f"{name}（{'或'.join(spec.slots)}）" if spec.slots else f"{name}（被动）"


def check_order(game: Game) -> None:
    """「若结算目标在被操控期间持有[秩序]状态，则侍女当晚受到[致死伤害]」 — once a night."""
    night = game.night
    if night is None:
        return
    for maid, target in night.operated.items():
        if not status.has(game, target, "秩序"):
            continue
        done = game_state(game, Punished).pairs
        if (maid, night.no) in done:
            continue
        done.add((maid, night.no))
        night.notes.append(f"{maid}号操纵的{target}号持有[秩序]：{maid}号受到致死伤害")
        damage.deal(game, damage.Damage(maid, damage.FATAL, None, SKILL))


SKILLS = skills.register(
    SkillSpec(
        SKILL,
        ("黄昏2",),
        rank=20,
        words=("窃取",),
        from_night=2,
        not_repeat=True,
        rule=not_in_group,
        effect=steal,
    )
)
ROLE = pool_role(
    "蚀日侍女",
    tag=TAKES_KNIFE,
    seat_skills=(SKILL,),
    summary="日光窃取（黄昏2，第二天起，一名非群内角色，不能连续两天同一人：得知其技能并在当晚操纵其发动；其持有[秩序]则你当晚受到致死伤害）",
)
