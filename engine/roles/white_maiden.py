"""纯白之女 (common-boards.md 3.1, 2.7, 2.10.1): each night checks one other living seat's role
(`/纯白 N号`) and learns at the resolution 「N号的身份是X」 (a role check through checks.role_of with a
Check, so that a role reacting to checks does).  From night 2, a seat of the wolves' camp so checked
(by its camp, not by what a check answers) leaves that night — a next-day exit, 查验出局, dealt at the
夜间出局 stage in the file's 夜晚 place of her step through damage.strike (an immunity keeps it off, no
protection stops it).  A swap moves the check; the result names the seat chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine import night as nights
from bansha_engine.library import GOD, NIGHT_EXITS_STAGE, NightPart, RoleDef, register
from bansha_engine.model import CHECK_DEATH, VILLAGE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, checked_role, tell_result
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "纯白之女"
STEP = "white_maiden"
TITLE = "纯白"
FIRST_EXIT_NIGHT = 2  # 「第2夜起，N号是狼人阵营时，他在这一夜结算时出局」
CHECK = NightChoice(
    NAME, STEP, TITLE, what="查验对象", ack="已记录：今晚查验{}号，结果在夜晚结算时私聊给你。"
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return CHECK.night_step(deadline, after, prompt="请选择查验身份的对象：/纯白 N号，或 /放弃")


def _results(game: Game) -> None:
    """Resolution (告知结果): the role of the seat each check lands on, named by the seat chosen."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        role = checked_role(game, seat, chosen, skill=TITLE, role=NAME)
        night.notes.append(f"{seat}号（纯白之女）查验{chosen}号：{role}")
        tell_result(game, seat, "查验", f"{chosen}号的身份是{role}")


def _check_exits(game: Game) -> None:
    """Resolution (夜间出局), from night 2: a wolf of the wolves' camp so checked leaves."""
    night = game.night
    assert night is not None
    if night.no < FIRST_EXIT_NIGHT:
        return
    hits = []
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        if game.seats[target].camp == WOLVES:
            night.notes.append(f"{target}号被纯白之女查验，是狼人阵营：查验出局")
            hits.append(damage.Damage(target, damage.FATAL, seat, CHECK_DEATH))
    game.push_front(damage.strike(game, hits, lambda _: CHECK_DEATH))


def describe(game: Game, seat: int) -> list[str]:
    return [
        "纯白 —— 每晚查验一名其他玩家的身份，结算时得知「N号的身份是X」（/纯白 N号）；第2夜起，查验到狼人阵营的人，"
        "他在这一夜结算时出局"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚查验一人的身份；第2夜起查验到狼人阵营的人，他这一夜出局（/纯白 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), CHECK.choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _results, NIGHT_EXITS_STAGE: _check_exits},
    )
)
