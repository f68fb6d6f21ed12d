"""狼巫 (common-boards.md 3.2): a wolf of the group who each night checks one seat's role
(`/巫验 N号`, never a member of the wolf group) and learns at the resolution 「N号的身份是X」 (a role
check, 1.3.4; 换位 may move it: the result names the seat chosen).  From night 2, a 纯白之女 he checks
leaves at that night's resolution (查验出局, a 次日出局 in the 夜晚 place of his step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks, damage, pack
from bansha_engine import night as nights
from bansha_engine.library import PACK_MEMBER, WOLF, NightPart, RoleDef, register
from bansha_engine.model import CHECK_DEATH, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, tell_result
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼巫"
STEP = "wolf_witch"
PURE_WHITE = "纯白之女"  # the role his check takes out from night 2


def _not_a_fellow(game: Game, seat: int, target: int) -> str | None:
    return f"不能巫验狼群的成员：{target}号是你的狼同伴。" if pack.in_pack(game, target) else None


WITCH_CHECK = NightChoice(
    NAME, STEP, "巫验", refuse=_not_a_fellow, ack="已记录：今晚巫验{}号，结果在夜晚结算时私聊给你。"
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return WITCH_CHECK.night_step(
        deadline, after, title="狼巫巫验", prompt="请选择巫验对象：/巫验 N号（不能是狼群的成员），或 /放弃"
    )


def _results(game: Game) -> None:
    """Resolution (告知结果): the role of the seat hit, under the seat chosen; a 纯白之女 hit from night
    2 leaves at 夜间出局, in the place of his step."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        answer = checks.role_of(game, target, checks.Check(seat, target, "巫验", NAME, checks.ROLE))
        night.notes.append(f"{seat}号（狼巫）巫验{chosen}号：身份是{answer}")
        tell_result(game, seat, "巫验", f"{chosen}号的身份是{answer}")
        if night.no >= 2 and answer == PURE_WHITE:
            damage.exit_caused_by(game, target, CHECK_DEATH, NAME)
            night.notes.append(f"{target}号（纯白之女）被狼巫查验：查验出局")


def describe(game: Game, seat: int) -> list[str]:
    return [
        "巫验 —— 每晚查验一名不是狼群成员的玩家的身份（/巫验 N号），结算时得知「N号的身份是X」；"
        "第2夜起，验到纯白之女，她在这一夜结算时出局。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚查验一名非狼群成员的身份（/巫验 N号）；第2夜起验到纯白之女，她出局",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("巫验", ("巫验",), WITCH_CHECK.choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _results},
        pack=PACK_MEMBER,
    )
)
