"""企鹅 (common-boards.md 3.1, 2.10.3, 补充裁定 11): each night, first, freezes one other living seat
(`/冰冻 N号`), never the same seat two nights running.  The seat frozen is sealed tonight (冰冻,
engine/seal.py) from the moment his step closes: its night commands are refused (or void, 封印告知:
不可以), its night news does not come (熊, 守墓人), it cannot shoot if it leaves tonight, and a seat
holding the wolves' kill leaves the wolves without one.  His step seals (NightPart.seals): every
other step of the night waits for it.  A swap does not move the freeze (补充裁定 11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import seal
from bansha_engine.library import GOD, NightPart, RoleDef, register
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "企鹅"
STEP = "penguin"
TITLE = "冰冻"
FREEZE = NightChoice(NAME, STEP, TITLE, not_again="不能连着两晚冰冻同一名玩家：你昨晚冰冻了{}号。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return FREEZE.night_step(deadline, after, prompt="请选择冰冻对象：/冰冻 N号，或 /放弃", on_close=_freeze)


def _freeze(game: Game, timed_out: bool) -> None:
    """The step closes: the seats chosen are sealed tonight (a void choice is still remembered)."""
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        seal.seal(game, target, seal.FREEZE)
        night.notes.append(f"{seat}号（企鹅）冰冻{target}号")


def describe(game: Game, seat: int) -> list[str]:
    return [
        "冰冻 —— 每晚最先冰冻一名其他玩家（/冰冻 N号；不能连着两晚冰冻同一人）：他这一夜不能使用技能，"
        "不需要命令的夜里信息也没有，这一夜出局不能开枪；冰冻到狼人，狼队这一夜不能刀人"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚最先冰冻一名玩家，他这一夜不能使用技能（/冰冻 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step, seals=True),),
        skills=lambda options: [Skill(TITLE, (TITLE,), FREEZE.choose, passes=STEP)],
        describe=describe,
    )
)
