"""狐狸 (common-boards.md 3.1, 2.10.6, 补充裁定 18): each night sniffs one living seat (`/嗅探 N号`,
himself allowed: ruling of the post).  At the resolution he learns whether that seat and the nearest
living seat on each side of it hold a wolf — a seat a camp check answers 非村民阵营 (a sign read through
checks.camp_of without a Check: the three are not checked) —
「N号和两边（A号、B号）里有狼人」 or 「……里没有狼人」.  When none is, he loses the skill for good, and
the message says so.

A swap moves the sniff: the three seats read are the seat hit and its neighbours, while the message
names the seat chosen and the chosen seat's neighbours (the result names what he chose: 2.10.4 第2条,
ruling).  Sealed, he sniffs nothing and keeps the skill.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.adjacency import nearest_living
from bansha_engine.library import GOD, NightPart, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice, tell_result
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狐狸"
STEP = "fox"
TITLE = "嗅探"


@dataclass
class Scent:
    lost: bool = False  # a sniff found no wolf: the skill is gone for good


def _able(game: Game) -> list[int]:
    return [seat for seat in game.with_role(NAME) if not peek_seat_state(game, seat, Scent).lost]


def _scent_lost(game: Game, seat: int) -> str | None:
    return "你已经永久失去了嗅探技能。" if peek_seat_state(game, seat, Scent).lost else None


SNIFF = NightChoice(
    NAME,
    STEP,
    TITLE,
    not_self=False,
    spent=_scent_lost,
    ack="已记录：今晚嗅探{}号，结果在夜晚结算时私聊给你。",
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return SNIFF.night_step(
        deadline, after, prompt="请选择嗅探对象：/嗅探 N号（可以是自己），或 /放弃", actors=_able
    )


def _seats(seats: list[int]) -> str:
    return "、".join(f"{n}号" for n in seats)


def _results(game: Game) -> None:
    """Resolution (告知结果): each sniff's answer; a sniff with no wolf takes the skill away."""
    night = game.night
    assert night is not None
    for seat, chosen in nights.choice(game, STEP).items():
        hit = aimed(game, seat, chosen)
        wolf = any(checks.camp_of(game, n) == checks.OTHER_ANSWER for n in [hit, *nearest_living(game, hit)])
        found = f"{chosen}号和两边（{_seats(nearest_living(game, chosen))}）里{'有' if wolf else '没有'}狼人"
        if not wolf:
            seat_state(game, seat, Scent).lost = True
        night.notes.append(f"{seat}号（狐狸）嗅探{chosen}号：{found}{'' if wolf else '，永久失去嗅探技能'}")
        tell_result(game, seat, TITLE, f"{found}{'' if wolf else '，你永久失去了嗅探技能'}")


def describe(game: Game, seat: int) -> list[str]:
    if peek_seat_state(game, seat, Scent).lost:
        return ["嗅探 —— 已永久失去（有一次嗅探的三人里没有狼人）"]
    return [
        "嗅探 —— 每晚嗅探一名存活玩家（可以是自己；/嗅探 N号），结算时得知他和两边各自最近的存活玩家这三人里有没有狼人；"
        "三人里没有狼人时永久失去这个技能"
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚嗅探一人和他两边最近的存活玩家里有没有狼人，没有则永久失去技能（/嗅探 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), SNIFF.choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _results},
    )
)
