"""仆人 (百变小樱).

认主<强制>: at the start names a master and takes the master's camp (a single servant of a wolf or a
lover does not join their group).  As a lover the servant loses 认主; with a partner who is not a
wolf it gets a kill of its own, used with the black lovers at night step (3).
继承<强制>: when the master leaves, the servant becomes the master's role as it stands then — skills
already spent stay spent — with the master's camp and win/loss conditions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bansha_engine import pack
from bansha_engine.library import OPENING_CHOICES, OTHER, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import RED_CARD, VILLAGE, Skill
from bansha_engine.roles import elder, halfblood, hunter, infatuated, witch, young_wolf

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "仆人"


@dataclass
class Master(halfblood.StartChoice):
    """The seat the 仆人 named at the start (认主)."""


@dataclass
class Service:
    serves: int | None = None  # the master this seat serves (until it inherits)
    inherited_from: int | None = None  # the master it inherited the role from


def chosen_master(game: Game) -> int | None:
    return halfblood.chosen(game, Master)


def serve(game: Game, seat: int, master_seat: int | None) -> None:
    seat_state(game, seat, Service).serves = master_seat


def inherited_from(game: Game, seat: int) -> int | None:
    return peek_seat_state(game, seat, Service).inherited_from


# Role state that passes to the heir; anything else on a seat (e.g. empty saves on it) stays.
INHERITED_STATE = (
    witch.Potions,
    hunter.HunterShot,
    elder.ElderLife,
    infatuated.AdoreUsed,
    pack.PackMember,
    young_wolf.YoungWolfUsed,
)
HUNTER = "猎人"


def _serve(game: Game, seat: int, args: list[str]) -> None:
    halfblood.choose(game, seat, args, role=NAME, kind=Master, what="主人", word="认主")


SKILL = Skill("认主", ("认主",), _serve)


def servant_of(game: Game, master: int) -> int | None:
    if halfblood.chosen(game, Master) != master:
        return None
    return next((n for n in game.seats if peek_seat_state(game, n, Service).serves == master), None)


def heir_of(game: Game, master: int) -> int | None:
    """The seat that inherited `master`'s role, if any."""
    return next((n for n in game.seats if inherited_from(game, n) == master), None)


def inherit(game: Game, master: int, cause: str) -> int | None:
    """The master just left (by `cause`): the living servant takes the role over.  Returns the heir.

    A 猎人's 最后一枪 is offered right after his exit (unless red-carded), so it is spent for the heir
    even though the offer comes after this hand-over."""
    heir = servant_of(game, master)
    if heir is None or not game.seats[heir].alive:
        return None
    old, new = game.seats[master], game.seats[heir]
    new.role, new.camp = old.role, old.camp
    for kind in INHERITED_STATE:
        if kind.__name__ in old.data:
            new.data[kind.__name__] = replace(old.data[kind.__name__])
    if old.role == HUNTER and cause != RED_CARD:
        hunter.spend_shot(game, heir)
    service = seat_state(game, heir, Service)
    service.serves, service.inherited_from = None, master
    game.tell(heir, f"你的主人{master}号出局，你继承其身份：{new.role}（{new.camp}）。发送 /身份 查看技能。")
    game.tell_directors(f"仆人{heir}号继承{master}号的身份：{new.role}（{new.camp}）。")
    return heir


def describe(game: Game, seat: int) -> list[str]:
    chosen = halfblood.chosen(game, Master)
    if halfblood.is_lover(game, seat):
        state = "你成为了情侣，失去了认主"
    elif chosen:
        state = f"你的主人是{chosen}号；主人出局时你继承其身份"
    else:
        state = "游戏开始时须选择一名主人（/认主 N号）"
    return [f"认主 —— {state}"]


def _inherit_on_exit(game: Game, master: int, cause: str) -> None:
    """继承: the servant of the seat that left takes its role (the mechanism welcomes the heir)."""
    inherit(game, master, cause)


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=OTHER,
        summary="游戏开始时认一名主人，成为其阵营；主人出局时继承其身份（/认主 N号）",
        skills=lambda options: [SKILL],
        describe=describe,
        on_exit=_inherit_on_exit,
        mechanisms=(OPENING_CHOICES,),
    )
)
