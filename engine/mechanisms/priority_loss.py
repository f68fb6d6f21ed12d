"""优先判负 (the file's `胜负: 优先判负`, 百变小樱): each camp has its own losing condition, and a
camp judged lost is not announced — it plays on, without its kill.  The last camp not judged lost
wins; 狼人阵营 wins at once when it holds half the living seats or more (`狼人过半: 胜利`).

- 村民阵营 loses when every 神职 (the file's `神职`) or every 村民 is out;
- every other camp (狼人阵营, 黑情侣阵营) loses when none of its seats lives.

The camps are the seats' own (a 混血儿, 仆人 or lover may change camp at the opening), each seat counted
for the camp its role says (library.counted_camp: a 混血儿 of 算作村民: 可以 for 村民阵营).  狼人阵营 may
also 投降 (/投降, every wolf-group member agreeing; /反对 cancels).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import library, pack
from bansha_engine.api import Rejected
from bansha_engine.library import Mechanism, register_mechanism
from bansha_engine.mechanisms import wolfpack
from bansha_engine.model import VILLAGE, WOLVES, BoardHooks, Skill
from bansha_engine.parse import no_arguments

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "优先判负"


def camp_alive(game: Game, camp: str) -> list[int]:
    return [n for n in game.alive() if game.seats[n].camp == camp]


def counted_alive(game: Game, camp: str) -> list[int]:
    """The living seats counted for the camp when its loss is judged."""
    return [n for n in game.alive() if library.counted_camp(game, n) == camp]


def loses(game: Game, camp: str) -> bool:
    living = counted_alive(game, camp)
    return library.a_side_is_out(game, living) if camp == VILLAGE else not living


def mark_lost(game: Game, camp: str, why: str) -> None:
    """Not announced; the camp plays on.  The wolves lose their kill (此事件发生时会通知狼人阵营:
    the group, and the camp's seats outside it)."""
    if not pack.mark_lost(game, camp):
        return
    game.tell_directors(f"{camp}优先判负（{why}），不公示。")
    if camp == WOLVES:
        text = "狼人阵营已被判负，失去杀人技能。"
        pack.say(game, text)
        group = set(pack.members(game, alive=False))
        for seat in camp_alive(game, WOLVES):
            if seat not in group:
                game.tell(seat, text)
    hook = game.board.hooks.on_camp_lost
    if hook is not None:
        hook(game, camp)


def lose_camp(game: Game, camp: str, why: str) -> None:
    """A camp judged lost outside an exit (投降): judge at once, the game may be over."""
    mark_lost(game, camp, why)
    winner = judge(game)
    if winner is not None:
        game.finish(winner)


def judge(game: Game) -> str | None:
    present = {library.counted_camp(game, n) for n in game.seats}
    for camp in sorted(present):
        if loses(game, camp):
            mark_lost(game, camp, "判负条件达成")
    lost = pack.lost_camps(game)
    at_half = game.board.hooks.wolves_win_at_half and len(counted_alive(game, WOLVES)) * 2 >= len(
        game.alive()
    )
    if WOLVES not in lost and at_half:
        return WOLVES
    remaining = [camp for camp in present if camp not in lost]
    return remaining[0] if len(remaining) == 1 else None


def describe(game: Game, seat: int) -> list[str]:
    if game.seats[seat].camp == WOLVES and WOLVES not in pack.lost_camps(game):
        return ["投降 —— 狼人阵营的角色可以发起（/投降），狼群所有角色都同意才生效；/反对 取消"]
    return []


def _surrender_agree(game: Game, seat: int, args: list[str]) -> None:
    no_arguments(args, "投降")
    if not wolfpack.surrender(game, seat, True):
        raise Rejected("只有狼群中的角色可以投降。")


def _disagree(game: Game, seat: int, args: list[str]) -> None:
    no_arguments(args, "反对")
    if not wolfpack.surrender(game, seat, False):
        raise Rejected("现在没有需要你反对的提议。")


SKILLS = [Skill("投降", ("投降", "同意"), _surrender_agree), Skill("反对", ("反对",), _disagree)]

MECHANISM = register_mechanism(
    Mechanism(
        name=NAME,
        skills=lambda kills: list(SKILLS),
        describe=describe,
        judge=judge,
        hooks=BoardHooks(lose_camp=lose_camp),
    )
)
