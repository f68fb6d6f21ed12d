"""血月使徒 (血夜使徒, common-boards.md 3.2, 5.1.2, 5.2.3, 5.3.6): a wolf of the group who may 自爆.

- 血月: the night after the day he 自爆s, every seat of the village's camp is sealed (血月封印,
  2.10.3) from that night's start.  Had his 自爆 left the wolves' camp empty, the village has won and
  there is no such night.
- The last wolf exiled: when the exile vote sends him out while he is the last living seat of the
  wolves' camp, he does not leave yet and the village has not won; he lives through the next night
  (holding the knife) and leaves at its resolution (cause 放逐, stage 推迟出局: after the night's other
  exits), then the win is judged.  His last words are offered at the exile, not again at dawn.  Out
  that night another way (poisoned …), he is out then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import seal, vote
from bansha_engine.library import (
    PACK_MEMBER,
    WOLF,
    RoleDef,
    game_state,
    peek_game_state,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import LAST_WORDS_NOTICE, VILLAGE, VOTE, WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "血月使徒"


@dataclass
class BloodMoon:
    """The night whose village seats are sealed (0: none)."""

    night: int = 0


@dataclass
class HeldExile:
    """The day the vote sent him out as the last wolf (0: not so); he leaves at that night's dawn."""

    day: int = 0


def _after_self_destruct(game: Game, seat: int) -> None:
    """His 自爆 by day (吞毒自爆 too) calls the blood moon for the coming night (game.night_no + 1)."""
    coming = game.night_no + 1
    game_state(game, BloodMoon).night = coming
    game.tell_directors(f"{seat}号（血月使徒）自爆：第{coming}夜所有村民阵营的玩家被血月封印。")


def _night_start(game: Game) -> None:
    """血月封印: every living seat of the village's camp, for the whole night."""
    night = game.night
    if night is None or peek_game_state(game, BloodMoon).night != night.no:
        return
    sealed = [n for n in game.alive() if game.seats[n].camp == VILLAGE]
    for seat in sealed:
        seal.seal(game, seat, seal.BLOOD_MOON)
    night.notes.append(f"血月：所有村民阵营的玩家被封印（{'、'.join(f'{n}号' for n in sealed) or '无'}）")


def _last_of_wolves(game: Game, seat: int) -> bool:
    return not [n for n in game.alive() if n != seat and game.seats[n].camp == WOLVES]


def _on_exiled(game: Game, seat: int) -> bool:
    """The vote sends out the last living seat of the wolves' camp: he stays until the next dawn."""
    if game.seats[seat].role != NAME or not _last_of_wolves(game, seat):
        return False
    seat_state(game, seat, HeldExile).day = game.day
    vote.put_off(game, seat)
    offered = game.offer_last_words(seat, VOTE)
    game.tell_directors(
        f"第{game.day}天：{seat}号被投票放逐。他是血月使徒、狼人阵营最后一人：暂不出局，村民阵营还没有胜利；"
        f"他活过今晚（仍可刀人），在第{game.night_no + 1}夜结算时出局，然后判胜负。"
        f"\n公示：{seat}号被投票放逐。"
    )
    words = f"\n{LAST_WORDS_NOTICE}" if offered else ""
    game.tell(seat, f"你被投票放逐：你是狼人阵营最后一人，今晚仍可刀人，在今晚结算时离场。{words}")
    return True


def _leave_at_dawn(game: Game) -> None:
    """推迟出局: the last wolf exiled yesterday leaves now, after the night's other exits."""
    night = game.night
    assert night is not None
    held = [seat for seat in game.with_role(NAME) if peek_seat_state(game, seat, HeldExile).day == night.no]
    game.push_front([game.exit_effect(seat, VOTE) for seat in held])


def _marks(game: Game, seat: int) -> list[str]:
    day = peek_seat_state(game, seat, HeldExile).day
    if game.seats[seat].role != NAME or not day or not game.seats[seat].alive:
        return []
    return [f"第{day}天被放逐，第{day}夜结算时出局"]


def describe(game: Game, seat: int) -> list[str]:
    return [
        "血月 —— 你白天自爆后的那一夜，所有村民阵营的玩家被封印：不能使用夜里的技能，没有夜里的信息，"
        "出局时不能开枪（你自爆时狼人阵营已没有别人，则村民阵营直接胜利）。",
        "最后一狼 —— 你是狼人阵营最后一人时被投票放逐：暂不出局，活过下一夜（仍可刀人），"
        "在那一夜结算时出局；遗言在被放逐时给。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；自爆后的那一夜所有村民阵营的玩家被封印；作为最后一狼被放逐时活过下一夜再出局",
        describe=describe,
        pack=PACK_MEMBER,
        after_self_destruct=_after_self_destruct,
        on_exiled=_on_exiled,
        on_night_start=_night_start,
        resolution={"推迟出局": _leave_at_dawn},
        status_marks=_marks,
        aliases=("血夜使徒",),
    )
)
