"""猎魔人 (common-boards.md 3.1, 2.10.1): from night 2 he hunts one other living seat each night
(`/狩猎 N号`; the same seat two nights running is allowed).  At the resolution — a next-day exit, dealt
at the 夜间出局 stage in the file's 夜晚 place of his step — the seat hunted leaves when it is actually
of the wolves' camp (by its camp, not by what a check answers: a 隐狼 or 石像鬼 is a wolf), else he
leaves himself; a third party is not a wolf.  Both exits are 狩猎, through damage.strike: an immunity
still keeps it off, no protection stops it.  He is immune to poison.  A swap moves the hunt; sealed, he
does not hunt.  A hunt chosen stands though he leaves earlier in the same resolution (ruling)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import damage
from bansha_engine import night as nights
from bansha_engine.library import GOD, NIGHT_EXITS_STAGE, NightPart, RoleDef, register
from bansha_engine.model import HUNT, POISON, VILLAGE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "猎魔人"
STEP = "demon_hunter"
TITLE = "狩猎"
HUNT_CHOICE = NightChoice(NAME, STEP, TITLE)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return HUNT_CHOICE.night_step(deadline, after, prompt="请选择狩猎对象：/狩猎 N号，或 /放弃", from_night=2)


def _hunts(game: Game) -> None:
    """Resolution (夜间出局): each hunt takes the wolf hunted, or the 猎魔人 himself."""
    night = game.night
    assert night is not None
    hits = []
    for seat, chosen in nights.choice(game, STEP).items():
        target = aimed(game, seat, chosen)
        wolf = game.seats[target].camp == WOLVES
        leaving = target if wolf else seat
        found = "是狼人阵营" if wolf else "不是狼人阵营，猎魔人出局"
        night.notes.append(f"{seat}号（猎魔人）狩猎{chosen}号：{target}号{found}")
        hits.append(damage.Damage(leaving, damage.FATAL, seat, HUNT))
    game.push_front(damage.strike(game, hits, lambda _: HUNT))


def describe(game: Game, seat: int) -> list[str]:
    return [
        "狩猎 —— 第2夜起每晚可以狩猎一名其他玩家（/狩猎 N号）：他是狼人阵营，他在这一夜结算时出局；否则你自己出局",
        "你免疫毒药。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第2夜起每晚狩猎一人：是狼人阵营则他出局，否则猎魔人自己出局；免疫毒药（/狩猎 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), HUNT_CHOICE.choose, passes=STEP)],
        describe=describe,
        resolution={NIGHT_EXITS_STAGE: _hunts},
        immune=lambda game, seat, cause: cause == POISON,
    )
)
