"""灯影预言家 (common-boards.md 3.1, 2.7, 补充裁定 13): a 村民 who believes he is the 预言家.  Every
message he gets says 预言家 (his /身份 and the game's start: RoleDef.told_as) until the game ends;
his night step and its messages are the 预言家's word for word (`/预言 N号`, another living seat).
His camp checks are the other way round: a seat a check answers 村民阵营 he learns as
「N号是非村民阵营」, and the other way round.  The check goes through checks.camp_of with a Check
(咒狐 checked by a 预言 still leaves: 补充裁定 13).  Directors see 灯影预言家 (/状态, the summary)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import VILLAGER, NightPart, RoleDef, register
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, checked_camp, tell_result
from bansha_engine.role_helpers import require_role
from bansha_engine.roles import seer

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "灯影预言家"
STEP = "lantern_seer"
INVERTED = {checks.VILLAGE_ANSWER: checks.OTHER_ANSWER, checks.OTHER_ANSWER: checks.VILLAGE_ANSWER}
CHECK = NightChoice(NAME, STEP, "预言", what="查验对象", ack=seer.CHECK.ack)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return CHECK.night_step(deadline, after, prompt="请选择查验对象：/预言 N号，或 /放弃")


def _choose(game: Game, seat: int, args: list[str]) -> None:
    """As the 预言家's, the step looked at only when the choice is recorded."""
    require_role(game, seat, NAME)
    if len(args) != 1:
        raise Rejected("用法：/预言 N号")
    target = game.living_target(args[0], not_self=seat, what="查验对象")
    CHECK.record(game, seat, target)


def _results(game: Game) -> None:
    """Resolution (告知结果): the camp check of the seat hit, the other way round."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        truth = checked_camp(game, seat, chosen, skill="预言", role=NAME)
        told = INVERTED[truth]
        night.notes.append(f"{seat}号（灯影预言家）查验{chosen}号：得到{told}（实为{truth}）")
        tell_result(game, seat, "查验", f"{chosen}号是{told}")


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=VILLAGER,
        summary="村民；以为自己是预言家，每晚查验一人，得到的阵营结果与真实相反（/预言 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("预言", seer.SKILL.words, _choose, passes=STEP)],
        describe=seer.describe,
        resolution={"告知结果": _results},
        told_as=seer.NAME,
    )
)
