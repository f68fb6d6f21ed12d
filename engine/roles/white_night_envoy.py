"""白夜使者 (common-boards.md 3.1, 5.2.5; 补充裁定 18): village, 神职; a day skill, once a game.

- From day 3 (two nights after the start: not the election day nor day 2), by day, before the day's
  exile is settled, with no decision waiting: `/回溯`.  The game goes back to the last night's door
  close (engine/rewind.py: every seat's life, skills, potions, statuses, the sheriff and every count
  as they were then); everything since is void: that night's actions, results, exits and last words,
  and the day's ballots.
- The directors get 「发生回溯：回到第N夜关门时」 with the 公示 draft 「发生了回溯」 (no seat, ruling); every
  seat is told the game went back (the players remember the void night: ruling).  The directors open
  the night again with `/入夜 HH:MM`; its deadlines count from the new door close.
- The 回溯 stays used (补充裁定 18): the copy it brings back is from before it was used.

A board with the role keeps the game at every `/入夜` (RoleDef.before_night); others keep nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import pack, rewind
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, RoleDef, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, Skill
from bansha_engine.parse import no_arguments
from bansha_engine.role_helpers import require_role

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "白夜使者"
WORD = "回溯"
FIRST_DAY = 3


@dataclass
class Rewound:
    """The day he used 回溯 (0: not yet) and the night it went back to."""

    day: int = 0
    night: int = 0


def _rewind(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    used = peek_seat_state(game, seat, Rewound)
    if used.day:
        raise Rejected(f"你已经在第{used.day}天回溯过了：回溯整局只能一次。")
    _require_time(game)
    no_arguments(args, WORD)
    day = game.day
    grouped = set(pack.members(game, alive=False))
    night = rewind.restore(game)
    used = seat_state(game, seat, Rewound)  # the copy is from before: 补充裁定 18 keeps it used
    used.day, used.night = day, night
    game.reply(f"已回溯：游戏回到第{night}夜关门时，这一夜将重新进行。")
    game.tell_directors(
        f"发生回溯：回到第{night}夜关门时（{seat}号白夜使者在第{day}天发动）。第{night}夜的行动、结果、出局、遗言"
        f"和第{day}天的选票都已作废；请重新 /入夜 HH:MM，这一夜从头再来，时限从新的关门时间算。"
        + _group_changes(game, grouped)
        + "\n公示草稿：发生了回溯"
    )
    for other in game.seats:
        if other != seat:
            game.tell(other, f"发生了回溯：游戏回到第{night}夜关门时，这一夜将重新进行。")


def _group_changes(game: Game, before: set[int]) -> str:
    """What the directors change in the wolves' QQ group: who joined it since the door close (a
    野孩子 turned wolf) is out of it again, who left it is back."""
    after = set(pack.members(game, alive=False))
    out = "".join(f"\n请把{n}号移出狼群（回溯后他不在狼群里）。" for n in sorted(before - after))
    back = "".join(f"\n请把{n}号拉回狼群。" for n in sorted(after - before))
    return out + back if game.board.options.wolf_group else ""


def _require_time(game: Game) -> None:
    """By day from day 3, before the exile is settled, no decision waiting, a door close kept."""
    if game.phase != "day" or game.day < FIRST_DAY:
        raise Rejected(f"现在不能回溯：只有第{FIRST_DAY}天起的白天、放逐投票结算之前才能回溯。")
    if game.day in game.day_ended_by:
        raise Rejected(f"现在不能回溯：第{game.day}天白天已经结束（{game.day_ended_by[game.day]}）。")
    if not game.vote_open():
        raise Rejected("现在不能回溯：今天的放逐投票已经结算。")
    if game.busy():
        raise Rejected("现在不能回溯：还有待处理的决定（开枪、移交警徽……），请稍候。")
    if rewind.kept_night(game) != game.night_no:
        raise Rejected("现在不能回溯：没有可以回到的夜晚。")


def describe(game: Game, seat: int) -> list[str]:
    used = peek_seat_state(game, seat, Rewound)
    if used.day:
        return [f"回溯 —— 已于第{used.day}天回溯到第{used.night}夜关门时（整局一次，已用）"]
    return [
        f"回溯 —— 整局一次：第{FIRST_DAY}天起的白天、放逐投票结算之前，私聊 /回溯，"
        "游戏回到上一夜关门的时候，那一夜和今天发生的一切作废，导演重新入夜"
    ]


def _marks(game: Game, seat: int) -> list[str]:
    used = peek_seat_state(game, seat, Rewound)
    return [f"已回溯（第{used.day}天）"] if used.day and game.seats[seat].role == NAME else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="白天技能，整局一次（第3天起，放逐前）：/回溯，游戏回到上一夜关门时，那一夜和当天的一切作废",
        skills=lambda options: [Skill(WORD, (WORD,), _rewind)],
        describe=describe,
        status_marks=_marks,
        before_night=rewind.keep,
    )
)
