"""仆人 (百变小樱).

认主<强制>: at the start names a master and takes the master's camp (a single servant of a wolf or a
lover does not join their group).  As a lover the servant loses 认主; with a partner who is not a
wolf it gets a kill of its own, used with the black lovers at night step (3).
继承<强制>: when the master leaves, the servant becomes the master's role as it stands then — skills
already spent stay spent — with the master's camp and win/loss conditions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from werewolf_engine.model import RED_CARD, Skill
from werewolf_engine.roles import halfblood, young_wolf

if TYPE_CHECKING:
    from werewolf_engine.game import Game

NAME = "仆人"
CHOICE = "master"
# Role state that passes to the heir; anything else on a seat (e.g. empty saves on it) stays.
INHERITED_STATE = (
    "save",
    "poison",
    "shot_used",
    "extra_life",
    "adore_used",
    "in_pack",
    young_wolf.RALLIED,
    young_wolf.SACRIFICED,
)
HUNTER = "猎人"


def _serve(game: Game, seat: int, args: list[str]) -> None:
    halfblood.choose(game, seat, args, role=NAME, key=CHOICE, what="主人", word="认主")


SKILL = Skill("认主", ("认主",), _serve)


def servant_of(game: Game, master: int) -> int | None:
    if game.flags.get(CHOICE) != master:
        return None
    return next((n for n, s in game.seats.items() if s.data.get("serves") == master), None)


def inherit(game: Game, master: int, cause: str) -> int | None:
    """The master just left (by `cause`): the living servant takes the role over.  Returns the heir.

    A 猎人's 最后一枪 is offered right after his exit (unless red-carded), so it is spent for the heir
    even though the offer comes after this hand-over."""
    heir = servant_of(game, master)
    if heir is None or not game.seats[heir].alive:
        return None
    old, new = game.seats[master], game.seats[heir]
    new.role, new.camp = old.role, old.camp
    for key in INHERITED_STATE:
        if key in old.data:
            new.data[key] = old.data[key]
    if old.role == HUNTER and cause != RED_CARD:
        new.data["shot_used"] = True
    new.data["serves"] = None
    new.data["inherited_from"] = master
    game.tell(heir, f"你的主人{master}号出局，你继承其身份：{new.role}（{new.camp}）。发送 /身份 查看技能。")
    game.tell_directors(f"仆人{heir}号继承{master}号的身份：{new.role}（{new.camp}）。")
    return heir


def describe(game: Game, seat: int) -> list[str]:
    master = game.flags.get(CHOICE)
    if game.board.extra["is_lover"](game, seat):
        state = "你成为了情侣，失去了认主"
    elif master:
        state = f"你的主人是{master}号；主人出局时你继承其身份"
    else:
        state = "游戏开始时须选择一名主人（/认主 N号）"
    return [f"认主 —— {state}"]
