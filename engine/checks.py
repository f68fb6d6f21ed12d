"""Checks (查验, common-boards.md 1.3 and 2.7): what a seat answers to a camp check and to a role
check, and what a check does to the seat checked.

- A camp check (预言家, 守墓人, 熊, 狐狸 …) answers 村民阵营 or 非村民阵营: by the seat's camp (村民阵营
  for the village, 非村民阵营 for every other camp), unless its role answers otherwise
  (`RoleDef.camp_check`: 石像鬼 非村民阵营, 隐狼 村民阵营 …) or the seat was given an answer of its own
  (`set_answers`: a player the 觉醒石像鬼 turned).
- A role check (通灵师, 石像鬼, 狼巫 …) answers a name of the library (`RoleDef.role_check`: the 机械狼
  answers the role it learned), else the seat's role.
- Checking a seat may do something to the checker or to the seat (`RoleDef.on_checked`: 恶灵骑士's
  反伤, 咒狐 checked by a 预言 leaves): the checker's role calls `camp_of` / `role_of` with the
  `Check` it makes, and the checked seat's role hears of it (and every role that hears of all checks:
  `RoleDef.sees_check`, the 黑夜使者's 反伤).  Signs (熊, 狐狸, 守墓人) are not
  checks of a seat: they read `camp_of` without a `Check`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.library import RoleDef, board_roles, seat_role_def, seat_state
from bansha_engine.model import VILLAGE

if TYPE_CHECKING:
    from bansha_engine.game import Game

VILLAGE_ANSWER = "村民阵营"
OTHER_ANSWER = "非村民阵营"
CAMP = "camp"  # a Check's kind: a camp check
ROLE = "role"  # a role check


@dataclass(frozen=True)
class Check:
    """One seat checking another at night: the checker, the seat checked, the skill (预言, 通灵 …),
    the checker's role and whether it is a camp or a role check."""

    checker: int
    target: int
    skill: str
    role: str
    kind: str = CAMP


@dataclass
class Answers:
    """A seat's own answers to checks, given by a rule (a player the 觉醒石像鬼 turned: 非村民阵营)."""

    camp: str | None = None
    role: str | None = None


def set_answers(game: Game, seat: int, *, camp: str | None = None, role: str | None = None) -> None:
    answers = seat_state(game, seat, Answers)
    if camp is not None:
        answers.camp = camp
    if role is not None:
        answers.role = role


def _own(game: Game, seat: int) -> Answers:
    stored = game.seats[seat].data.get(Answers.__name__)
    return stored if stored is not None else Answers()


def camp_of(game: Game, seat: int, check: Check | None = None) -> str:
    """村民阵营 or 非村民阵营, as a camp check of `seat` answers; with `check`, the checked seat's
    role hears of it (on_checked)."""
    answer = _own(game, seat).camp
    role = seat_role_def(game, seat)
    if answer is None and role is not None and role.camp_check is not None:
        answer = role.camp_check(game, seat)
    if answer is None:
        answer = VILLAGE_ANSWER if game.seats[seat].camp == VILLAGE else OTHER_ANSWER
    _heard(game, role, check)
    return answer


def role_of(game: Game, seat: int, check: Check | None = None) -> str:
    """The library name a role check of `seat` answers; with `check`, the checked seat's role hears
    of it (on_checked)."""
    answer = _own(game, seat).role
    role = seat_role_def(game, seat)
    if answer is None and role is not None and role.role_check is not None:
        answer = role.role_check(game, seat)
    _heard(game, role, check)
    return answer if answer is not None else game.seats[seat].role or ""


def _heard(game: Game, role: RoleDef | None, check: Check | None) -> None:
    """The checked seat's role hears of the check, then every role of the board that hears of all
    checks (RoleDef.sees_check: 黑夜使者)."""
    if check is None:
        return
    if role is not None and role.on_checked is not None:
        role.on_checked(game, check)
    for listener in board_roles(game):
        if listener.sees_check is not None:
            listener.sees_check(game, check)


@dataclass
class CheckedSeats:
    """The seats a role's checks have named so far (预言家 重复查验: 不可以, 石像鬼)."""

    seats: set[int] = field(default_factory=set)
