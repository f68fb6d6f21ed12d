"""高僧⑨ (验人系): 超度.

超度[深夜][指定]——选择范围：任意两名角色。
结算效果：若结算目标持有[杀人]技能（未接刀的[接刀]狼人不算持有[杀人]技能），则得到反馈[选择目标1/2可以杀人]，
否则反馈[选择目标1/2不能杀人]（验证表面是否带刀）有多次结算效果，则按顺序多次反馈，被验证出[可以杀人]的结算
目标会在夜晚结束时永久获得[超度]状态。

超度 is in 深夜1, every night from the first.  「持有[杀人]技能」 is `skills.carries_knife`: the [群内]
wolves hold the group's kill even on the first night and under [缴械] (they hold it and cannot use
it); a [接刀] holds it only once the group is gone; a seat already under [超度] holds none.  The
[超度] is given after the tally (NIGHT_END) whatever happened to the 高僧 meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import skills, status
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.roles.xumi.common import note
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use

if TYPE_CHECKING:
    from bansha_engine.game import Game

SKILL = "超度"


@dataclass
class Found:
    """Game day -> (高僧, a seat his 超度 found able to kill) that night, for the night's end."""

    by_night: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def release(game: Game, use: Use) -> None:
    """The two answers in the order chosen; the seats able to kill are noted for the night's end."""
    answers = []
    for target in use.targets:
        able = skills.carries_knife(game, target)
        answers.append(f"{target}号{'可以杀人' if able else '不能杀人'}")
        if able:
            game_state(game, Found).by_night.setdefault(game.day, []).append((use.seat, target))
    skills.feedback(game, use, f"超度结果：{'，'.join(answers)}。")
    note(game, f"{use.seat}号超度：{'，'.join(answers)}")


def at_night_end(game: Game) -> None:
    """NIGHT_END: 「被验证出[可以杀人]的结算目标会在夜晚结束时永久获得[超度]状态」."""
    for monk, target in peek_game_state(game, Found).by_night.pop(game.day, []):
        status.grant(game, target, SKILL, source=monk, skill=SKILL, until=None)


SKILLS = skills.register(
    SkillSpec(SKILL, ("深夜1",), rank=10, words=("预言",), targets=(2, 2), effect=release)
)
ROLE = pool_role(
    "高僧",
    seat_skills=(SKILL,),
    summary="超度（深夜1，任意两名：反馈可以杀人/不能杀人；可以杀人者夜晚结束时永久[超度]）",
)
