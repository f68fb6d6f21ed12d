"""阵营判负 (须弥's 胜负, 6L): each camp has its losing condition; 「仅一个阵营未判负时自动获胜」, the
piper also by his own; camps judged lost together win by priority (三方＞狼人＞村民).  `/判负 <阵营>`
is the director's ruling.  A file names it with `胜负: 阵营判负`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import (
    BoardPart,
    Mechanism,
    Refusal,
    game_state,
    peek_game_state,
    register_mechanism,
)
from bansha_engine.mechanisms.xumi.dusk import dusk_end
from bansha_engine.model import BoardHooks
from bansha_engine.roles.xumi import board_calls, goblin, piper, seed_wolf
from bansha_engine.roles.xumi.common import PIPER, VILLAGE, WOLVES, any_living_tagged
from bansha_engine.roles.xumi.role_pool import POOL

if TYPE_CHECKING:
    from bansha_engine.game import Game


def cmd_lose(game: Game, args: list[str]) -> bool:
    """`/判负 <阵营>`: the director judges a camp lost (「导演视情况决定是否判负该玩家所在阵营」)."""
    camps = {
        "村民": VILLAGE,
        "村民阵营": VILLAGE,
        "狼人": WOLVES,
        "狼人阵营": WOLVES,
        "吹笛者": PIPER,
        "吹笛者阵营": PIPER,
        "吹笛人": PIPER,
        "吹笛人阵营": PIPER,
        "三方": PIPER,
        "三方阵营": PIPER,
    }
    if len(args) != 1 or args[0] not in camps:
        raise Rejected("用法：/判负 村民阵营|狼人阵营|吹笛者阵营")
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    camp = camps[args[0]]
    if camp in lost_camps(game):
        raise Rejected(f"{camp}已经判负了。")
    lose_camp(game, camp, "导演判负")
    game.reply(f"已判负：{camp}。")
    check_end(game)
    return True


PRIORITY = (PIPER, WOLVES, VILLAGE)  # 「同时判负时…按照优先级获胜：三方＞狼人＞村民」
NEW_WOLF_MAKERS: list[Callable[[Game], bool]] = [seed_wolf.can_make_wolves]  # 种狼 able to 感染
PIPER_WINS: list[Callable[[Game], bool]] = [piper.wins]  # the piper's own win condition


@dataclass
class LostCamps:
    """The camps judged lost, in the order they lost."""

    camps: tuple[str, ...] = ()


def lost_camps(game: Game) -> set[str]:
    return set(peek_game_state(game, LostCamps).camps)


def lose_camp(game: Game, camp: str, why: str) -> None:
    """「阵营被判负后，不予公示，且属于该阵营的角色并不会出局」: the directors are told, nobody else."""
    lost = game_state(game, LostCamps)
    if camp not in lost.camps:
        lost.camps += (camp,)
        game.tell_directors(f"{camp}判负（{why}，不公示，该阵营角色继续游戏）。")


def _village_lost(game: Game) -> bool:
    """「1 验人系+强神全部出局；2 验人系+弱神全部出局；3 验人系出局+强神或弱神判负数量减少4人」, with
    哥布林 lowering the two thresholds and infected seats counting as gone."""

    def gone_of_present(roles: dict[str, int | None]) -> tuple[int, int]:
        holding = [s for s in game.seats.values() if s.role in roles]
        return sum(1 for s in holding if not (s.alive and s.camp == VILLAGE)), len(holding)

    verifiers, strong, weak = (c.strengths for c in POOL.categories[1:4])
    gone, present = gone_of_present(verifiers)
    if gone < present:
        return False
    cut = goblin.threshold_cuts(game)
    for roles in (strong, weak):
        gone, present = gone_of_present(roles)
        if gone >= max(0, present - cut):
            return True
    return False


def _wolves_lost(game: Game) -> bool:
    """「狼人阵营不存在任何[群内]或[接刀]的角色，且无法产生新的[群内]或[接刀]角色」."""
    return not any_living_tagged(game) and not any(maker(game) for maker in NEW_WOLF_MAKERS)


def _piper_lost(game: Game) -> bool:
    return not any(s.alive for s in game.seats.values() if s.camp == PIPER)


CAMP_LOST = {PIPER: _piper_lost, WOLVES: _wolves_lost, VILLAGE: _village_lost}


def judge(game: Game) -> str | None:
    """「仅一个阵营未判负时自动获胜」; the piper also wins by his own condition.  The night's tally
    (「电梯楼顺序统计出局名单」) is one moment: camps it takes out are judged together when it is over
    (on_dawn), so that 「同时判负时…按照优先级获胜」 and not the seat order decides."""
    if game.part == "结算":
        return None
    winner = _winner(game)
    if winner is not None and game.part.startswith("黄昏"):
        dusk_end(game, game_over=True)  # its exits were held for the end of 黄昏, which never comes
    return winner


def _winner(game: Game) -> str | None:
    before = lost_camps(game)
    if PIPER not in before and any(rule(game) for rule in PIPER_WINS):
        return PIPER
    newly = [camp for camp in PRIORITY if camp not in before and CAMP_LOST[camp](game)]
    for camp in newly:
        lose_camp(game, camp, "胜负判定")
    standing = [camp for camp in PRIORITY if camp not in before and camp not in newly]
    if len(standing) == 1:
        return standing[0]
    if not standing:
        return newly[0] if newly else None
    return None


def check_end(game: Game) -> None:
    """The win check outside an exit (a red card on a dead seat, /判负, the piper's spell …)."""
    if game.ended:
        return
    winner = judge(game)
    if winner is not None:
        game.finish(winner)


board_calls.connect_check_end(check_end)  # what the roles call back


# ---------------------------------------------------------------- what a file gives and may say

NAME = "阵营判负"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        fields={"judge": judge},
        hooks=BoardHooks(
            check_end=check_end,
            director_commands={"判负": cmd_lose},
            director_help=("/判负 阵营：判负一个阵营（村民阵营、狼人阵营、吹笛者阵营）",),
        ),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """The camps lose by the post's conditions: no 狼人过半, no 神职 of the file's."""
    found = []
    if board_file.wolves_win_at_half:
        found.append(Refusal(("狼人过半",), "须弥按阵营判负，没有狼人过半的胜利，「狼人过半」只能写：不算"))
    if "神职" in written:
        found.append(Refusal(("神职",), "须弥的村民阵营按身份池的验人系、强神、弱神判负，不写「神职」"))
    return found


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("身份池", "黄昏投票"), refuse=refuse))
