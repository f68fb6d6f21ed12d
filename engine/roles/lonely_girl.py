"""孤独少女 (common-boards.md 3.1, 2.7, 2.9 第3条, 5.3.5, 5.3.11; 补充裁定 6, 10): 神职, whose camp follows
the seat she worships.

- Night 1 only, forced (`夜晚` writes 孤独少女, first): `/崇拜 N号`, another living seat; at the deadline
  one at random.  Seals do not touch it (补充裁定 10).  When her step closes she takes N号's camp as it
  is then, for good (ruling); she is not told it (her /身份 says 「跟随崇拜对象」), nor N号's role, and
  N号 is not told.
- A camp check of her answers 村民阵营 always (2.7).
- She wins with her camp (out or not, 5.3.11); while she is alive 狼人阵营 cannot win (WinRule.blocks);
  for 屠边 and 屠城 she counts as 村民阵营's 神职 whoever she follows (补充裁定 6: RoleDef.counted_camp),
  so the village's win does not need her out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.library import GOD, NightPart, RoleDef, WinRule, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "孤独少女"
STEP = "lonely_girl"
FOLLOWING = "跟随崇拜对象"  # the camp her own /身份 shows


@dataclass
class Idol:
    """The seat she worships (0: none yet)."""

    seat: int = 0


WORSHIP = NightChoice(NAME, STEP, "崇拜", ack="已记录：崇拜{}号（本步骤结束时生效）。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return WORSHIP.night_step(
        deadline,
        after,
        prompt="请选择崇拜对象：/崇拜 N号（必须选择，超时随机）",
        on_close=_close,
        only_night=1,
        forced_with="随机崇拜",
    )


def _close(game: Game, timed_out: bool) -> None:
    for seat in game.with_role(NAME):
        idol = nights.acts(game, STEP).get(seat)
        if idol is None:
            idol = game.rng.choice([n for n in game.alive() if n != seat])
            game.tell(seat, f"你未选择，已随机崇拜{idol}号。")
            game.tell_directors(f"孤独少女{seat}号超时，随机崇拜{idol}号。")
        _follow(game, seat, idol)


def _follow(game: Game, seat: int, idol: int) -> None:
    """Her camp is the idol's as it is now, for good; nobody is told it but the directors.  A seat
    of another camp holding her card for the night (盗宝大师, 「永远是狼」) keeps its own."""
    seat_state(game, seat, Idol).seat = idol
    if game.seats[seat].camp == VILLAGE:
        game.seats[seat].camp = game.seats[idol].camp
    if game.night is not None:
        game.night.notes.append(f"{seat}号（孤独少女）崇拜{idol}号：跟随{game.seats[seat].camp}")


def _idol(game: Game, seat: int) -> int:
    return peek_seat_state(game, seat, Idol).seat


def _keeps_wolves_from_winning(game: Game, winner: str) -> bool:
    return winner == WOLVES and bool(game.with_role(NAME))


def describe(game: Game, seat: int) -> list[str]:
    idol = _idol(game, seat)
    rule = "他的阵营获胜你就获胜（出局了也算）；你活着时狼人阵营不能获胜"
    if idol:
        return [f"崇拜 —— 你崇拜了{idol}号，跟随他的阵营（你不知道他的身份和阵营）：{rule}"]
    return [f"崇拜 —— 第1夜选择一名其他玩家崇拜（/崇拜 N号，必须，超时随机），跟随他当时的阵营：{rule}"]


def _marks(game: Game, seat: int) -> list[str]:
    idol = _idol(game, seat)
    return [f"崇拜{idol}号"] if idol and game.seats[seat].role == NAME else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="第1夜崇拜一名玩家（/崇拜 N号，必须），跟随他的阵营胜负；被查验永远是村民阵营；她活着时狼人阵营不能获胜",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("崇拜", ("崇拜",), WORSHIP.choose, passes=STEP)],
        describe=describe,
        status_marks=_marks,
        camp_check=lambda game, seat: checks.VILLAGE_ANSWER,
        counted_camp=lambda game, seat: VILLAGE,
        told_camp=lambda game, seat: FOLLOWING,
        camp_changes=True,
        win=WinRule(VILLAGE, standing=True, blocks=_keeps_wolves_from_winning),
    )
)
