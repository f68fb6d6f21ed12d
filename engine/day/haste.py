"""加速 and 延时: players' requests, counted against the living as the board's post says.

竞技12, 须弥: 「未出局角色可在进程帖中申请加速或延时。当日申请人数在讨论日结束三个小时前（一般为最后一个自然日
的18:00）大于等于存活人数的一半，即判定加速或延迟成功。执行加速时，所有人不可改票，且发言不足或未投票者将
不被判罚。延迟成功时，不再视为“执行加速”状态。」  百变小樱: 「如果在进程帖中申请加速的玩家超过所有存活玩家的
二分之一则游戏进程加速……进程加速后不允许改票，所有改票作废。」

A player asks by private chat (`/加速`, `/延时`); a director enters a request made in the forum for
a seat (`/加速 N号`), or executes one directly (`/加速`, `/延时`: 「导演将自动执行加速」).  Once passed,
加速 is in force on the following days too, until a 延时 passes (docs/rulings-day.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.api import Rejected
from bansha_engine.day import book as books
from bansha_engine.day.book import DELAY, HASTE
from bansha_engine.day.rules import CHANGES_VOID, MORE_THAN_HALF, NO_REQUESTS

if TYPE_CHECKING:
    from bansha_engine.game import Game


def needed(game: Game) -> int:
    """Requests that pass: half the living or more (半数), or more than half (过半)."""
    living = len(game.alive())
    if books.rules(game).haste.threshold == MORE_THAN_HALF:
        return living // 2 + 1
    return (living + 1) // 2


def player_request(game: Game, seat: int, kind: str, args: list[str]) -> bool:
    if args:
        raise Rejected(f"用法：私聊发送 /{kind}（不用写别的）")
    return request(game, seat, kind)


def cmd_request(game: Game, kind: str, args: list[str]) -> bool:
    """A director's `/加速 N号` (a request made in the forum), or `/加速` (执行加速) alone."""
    if len(args) > 1:
        raise Rejected(
            f"用法：/{kind} N号（替这个座位登记论坛上的申请），或只发 /{kind}（导演直接执行{kind}）"
        )
    if args:
        return request(game, game.seat_named(args[0]), kind)
    _open_day(game, kind)
    if kind == HASTE and books.hasted(game):
        raise Rejected("已经在执行加速了。")
    _allowed(game, kind)
    passes(game, kind, "导演执行")
    return True


def request(game: Game, seat: int, kind: str) -> bool:
    _open_day(game, kind)
    _allowed(game, kind)
    if not game.seats[seat].alive:
        raise Rejected(f"{seat}号已出局：只有未出局的角色可以申请{kind}。")
    close = books.close_of(game)
    cutoff = books.rules(game).haste.cutoff
    if close is not None and cutoff and game.now >= close - cutoff:
        raise Rejected(
            f"第{game.day}天的{kind}申请已经截止（讨论日结束{cutoff / 3600:g}小时前，即{game.clock(close - cutoff)}）。"
        )
    if books.peek_haste(game).requests.get(game.day, {}).get(seat) == kind:
        raise Rejected(f"{seat}号今天已经申请过{kind}了（{_count(game, kind)}）。")
    books.haste(game).requests.setdefault(game.day, {})[seat] = kind
    game.reply(f"已登记{seat}号申请{kind}：{_count(game, kind)}。")
    if _requests(game, kind) >= needed(game):
        passes(game, kind, f"{_requests(game, kind)}人申请，存活{len(game.alive())}人")
    return True


def _open_day(game: Game, kind: str) -> None:
    if game.phase not in ("day", "opening") or game.voted_day == game.day or game.day in game.day_ended_by:
        raise Rejected(f"现在不能申请{kind}：只有讨论日（投票结算之前）可以。")


def _allowed(game: Game, kind: str) -> None:
    haste = books.rules(game).haste
    if haste.threshold == NO_REQUESTS:
        raise Rejected(f"{game.board_name}不接受加速、延时申请（板子设置 加速: 通过: 不接受）。")
    if kind == DELAY and not haste.delay:
        raise Rejected(f"{game.board_name}的规则帖没有延时（只有加速），导演可以用 /关门 调整时间。")


def _requests(game: Game, kind: str) -> int:
    asked = books.peek_haste(game).requests.get(game.day, {})
    return sum(1 for seat, wanted in asked.items() if wanted == kind and game.seats[seat].alive)


def _count(game: Game, kind: str) -> str:
    return f"第{game.day}天已有{_requests(game, kind)}人申请{kind}，存活{len(game.alive())}人，需要{needed(game)}人"


def passes(game: Game, kind: str, how: str) -> None:
    """加速 or 延时 passes: every director is told, and its effects apply."""
    state = books.haste(game)
    if any(day == game.day and passed == kind for day, passed, _ in state.passed):
        return  # told already today
    state.passed.append((game.day, kind, how))
    if kind == DELAY:
        state.on = False
        game.tell_directors(
            f"第{game.day}天延时通过（{how}）：「延迟成功时，不再视为“执行加速”状态」。请公布延长后的关门时间（/关门 …）。"
        )
        return
    state.on = True
    waived = "，未投票者不被判罚" if books.rules(game).penalties.haste_waives else ""
    lines = [
        f"第{game.day}天加速通过（{how}）：执行加速，不允许改票{waived}。请公布加速后的关门时间（/关门 …）。"
    ]
    if books.rules(game).haste.changes == CHANGES_VOID:
        voided = void_changes(game)
        lines.append(
            "「进程加速后不允许改票，所有改票作废」："
            + ("作废的改票：" + "、".join(voided) if voided else "今天没有改票。")
        )
    game.tell_directors("\n".join(lines))


def void_changes(game: Game) -> list[str]:
    """百变小樱: every change of the day is void; the original ballots count again."""
    ballots = vote.day_ballots(game)
    voided = [b.text() for b in ballots if b.change]
    game.ballots[game.day] = [b for b in ballots if not b.change]
    books.book(game).voided_changes.setdefault(game.day, []).extend(voided)
    return voided
