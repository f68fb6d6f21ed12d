"""定序王子 (common-boards.md 3.1, 5.2.5): a day skill, once a game, without a night step.

After each day's first `/放逐` is settled (any form: the ballots' count, `/放逐 N号`, `/放逐 无`; under
`平票: 再投一轮` its first round), before its result takes effect — whoever leaves, a tie, nobody — the
bot holds the result (RoleDef.holds_exile, engine/exile.py) and asks him privately 「今天的放逐结果
是……，/定序 或 /放弃」; he answers within 移交时限, a timeout being a pass.  `/定序`: he flips, the
directors get 「N号定序王子翻牌，今天的放逐投票作废」, the round is void (nobody leaves, a 白痴 does not
flip, no last words, no trigger, nothing for the 守墓人), the day's ballots are cleared, and the
directors record the vote again (/投票, /放逐): that result takes effect and is not held again.  He
may 定序 his own exile.  A day a 自爆 or a 决斗 ended had no vote, so nothing to 定序.  Two princes on
one board are asked one after the other, in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import exile
from bansha_engine.api import Rejected
from bansha_engine.library import GOD, PromptDef, RoleDef, Thunk, peek_seat_state, register, seat_state
from bansha_engine.model import VILLAGE, Prompt, Skill
from bansha_engine.parse import no_arguments
from bansha_engine.role_helpers import require_role

if TYPE_CHECKING:
    from bansha_engine.exile import Verdict
    from bansha_engine.game import Game

NAME = "定序王子"
PROMPT = "order"
WORD = "定序"
VOIDED = "定序王子翻牌作废"  # how /票型 names the round he voided


@dataclass
class Ordering:
    used_on: int = 0  # the day he flipped and voided the vote (0: not yet; 整局一次)


def used_on(game: Game, seat: int) -> int:
    return peek_seat_state(game, seat, Ordering).used_on


def _waiting(game: Game, after: int = 0) -> int | None:
    """The next living prince (by seat, after `after`) who still has his 定序."""
    return next((seat for seat in game.with_role(NAME) if seat > after and not used_on(game, seat)), None)


def _holds(game: Game, verdict: Verdict) -> Thunk | None:
    """The day's first verdict is held while a prince who may 定序 decides."""
    seat = _waiting(game)
    return None if seat is None else lambda: _ask(game, seat, verdict)


def _ask(game: Game, seat: int, verdict: Verdict) -> None:
    game.open_prompt(
        PROMPT,
        seat,
        f"今天的放逐结果是{verdict.result}，/定序 或 /放弃。定序：你翻牌，这一轮放逐投票作废，大家重新投票"
        "（整局一次）",
    )


def _answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    """`/定序` voids the round; a pass (or the deadline) lets the next prince decide, else the result stands."""
    seat = prompt.seat
    if args is None:
        game.tell_directors(f"{seat}号（定序王子）没有定序。")
        verdict = exile.held(game)
        following = _waiting(game, after=seat)
        if following is not None and verdict is not None:
            _ask(game, following, verdict)
            return
        exile.release(game)
        return
    no_arguments(args, WORD)
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能再定序。")
    seat_state(game, seat, Ordering).used_on = game.day
    voided = exile.void(game, VOIDED)
    before = f"（原结果：{voided.result}）" if voided is not None else ""
    game.reply("已定序：你翻牌为定序王子，今天的放逐投票作废，大家重新投票。")
    game.tell_directors(
        f"{seat}号定序王子翻牌，今天的放逐投票作废{before}。当天的票已清空：请大家再发言一次，然后重新 /投票、"
        f"/放逐（这次的结果生效，不能再定序）。\n公示：{seat}号翻牌为定序王子，今天的放逐投票作废，重新发言、投票。"
    )


def _not_now(game: Game, seat: int, args: list[str]) -> None:
    """`/定序` with no result waiting for him: why not."""
    require_role(game, seat, NAME)
    day = used_on(game, seat)
    if day:
        raise Rejected(f"你已经在第{day}天定序过了：定序整局一次。")
    raise Rejected("现在没有等待你定序的放逐结果：每天第一次放逐结算后、结果生效前，机器人会私聊问你。")


def describe(game: Game, seat: int) -> list[str]:
    day = used_on(game, seat)
    if day:
        return [f"定序 —— 已于第{day}天翻牌定序，当天的放逐投票作废（整局一次，已用）"]
    return [
        "定序 —— 整局一次：每天第一次放逐投票结算后、结果生效前，机器人私聊你结果；/定序 则你翻牌，这一轮放逐"
        "投票作废（没有人因它出局），大家重新发言、投票，那次的结果生效；/放弃 或在移交时限内不回答，结果照常生效"
    ]


def _marks(game: Game, seat: int) -> list[str]:
    day = used_on(game, seat) if game.seats[seat].role == NAME else 0
    return [f"已定序（第{day}天）"] if day else []


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每天第一次放逐结算后、结果生效前可以翻牌定序，让这一轮放逐投票作废、重新投票（整局一次）",
        skills=lambda options: [Skill(WORD, (WORD,), _not_now)],
        describe=describe,
        prompts=lambda options: {PROMPT: PromptDef(WORD, NAME, _answer)},
        holds_exile=_holds,
        status_marks=_marks,
    )
)
