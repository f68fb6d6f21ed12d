"""自爆 (common-boards.md 2.1 and 补充裁定 9; standard-boards.md 白狼王): `/自爆` in private chat.

`自爆: 不可以` (the default, the standard boards): only a role whose 自爆 takes a seat along
(RoleDef.self_destruct_takes: the 白狼王) may explode, from day 2, by day, before the vote is
settled, and must take one other seat (`/自爆 N号`).

`自爆: 双爆吞警徽 | 单爆吞警徽`: every living member of the wolf group whose role allows it
(RoleDef.self_destructs; not 狼美人, 恶灵骑士, nor any lone wolf) may explode by day, from dawn until
the day's `/放逐` is settled — the 竞选日 and a tie's second round too — with no decision waiting.
A plain `/自爆` takes nobody; the 白狼王 may also `/自爆 N号`.  The seat leaves at once (a wolf's own
自爆 leaves last words by the board's 遗言, model.PLAIN_SELF_DESTRUCT; the 白狼王's none,
model.SELF_DESTRUCT), the day ends (Game.end_day), and while the sheriff's election is still to be
recorded:

- 单爆吞警徽: the badge is lost (警徽流失): no sheriff this game, `/警长` refused;
- 双爆吞警徽: the first 自爆 moves the election to the next day (`/警长` refused today; that day
  `/放逐` waits for `/警长 N号|无`), a second before it is recorded loses the badge;
- a 白狼王 taking a seat loses it at once.

`吞毒自爆: 可以`: a wolf of the group poisoned out on night 1 may still `/自爆` on day 2 before the
sheriff is recorded (the election put off to day 2); he does not leave again and takes nobody.
Under 单爆吞警徽 the badge is lost and the day goes on to its vote; under 双爆吞警徽 it counts as
any 自爆 (ruling, docs/rulings-common.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import pack
from bansha_engine.api import Rejected
from bansha_engine.library import (
    RoleDef,
    game_state,
    peek_game_state,
    peek_seat_state,
    role_def,
    seat_role_def,
    seat_state,
)
from bansha_engine.model import PLAIN_SELF_DESTRUCT, POISON, SELF_DESTRUCT, Skill
from bansha_engine.role_helpers import require_day_skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

WORD = "自爆"
NOT_ALLOWED = "不可以"
SINGLE = "单爆吞警徽"
DOUBLE = "双爆吞警徽"


@dataclass
class Election:
    """The sheriff's election as 自爆 changes it (boards whose 自爆 is not 不可以)."""

    recorded: bool = False  # /警长 N号 or /警长 无 was recorded
    lost: bool = False  # 警徽流失: no sheriff this game
    moved_to: int = 0  # the day a first 自爆 moved the election to (双爆吞警徽)


@dataclass
class Swallowed:
    """The seat made its 吞毒自爆."""

    done: bool = False


def allowed(game: Game) -> bool:
    """The board's wolves may explode (自爆 is not 不可以)."""
    return game.board.options.self_destruct != NOT_ALLOWED


def election_pending(game: Game) -> bool:
    """The sheriff's election is still to be recorded, its badge not lost."""
    state = peek_game_state(game, Election)
    return (
        game.board.options.sheriff_votes is not None
        and game.sheriff is None
        and not state.recorded
        and not state.lost
    )


# ---------------------------------------------------------------- the directors' commands


def sheriff_refusal(game: Game) -> str | None:
    """Why `/警长` is refused now: the badge was lost, or the election moved to a later day."""
    state = peek_game_state(game, Election)
    if state.lost:
        return "警徽已流失，本局没有警长。"
    if state.moved_to > game.day and not state.recorded:
        return f"竞选改到明天（第{state.moved_to}天）：今天不能记录警长。"
    return None


def exile_refusal(game: Game) -> str | None:
    """Why `/放逐` is refused now: the election moved to today is not recorded yet (双爆吞警徽 第9条)."""
    moved_to = peek_game_state(game, Election).moved_to
    if moved_to and game.day >= moved_to and election_pending(game):
        return "警长竞选改到了今天：请先记录警长（/警长 N号 或 /警长 无），再放逐投票。"
    return None


def sheriff_recorded(game: Game) -> None:
    """`/警长 N号` or `/警长 无` was taken."""
    if allowed(game):
        game_state(game, Election).recorded = True


# ---------------------------------------------------------------- /自爆


def command(game: Game, seat: int, args: list[str]) -> None:
    role = seat_role_def(game, seat)
    if not allowed(game):
        _standard(game, seat, role, args)
        return
    swallowing = _may_swallow(game, seat)
    _require_able(game, seat, role, swallowing)
    assert role is not None
    _require_time(game)
    explode(game, seat, role, _taken(game, seat, role, args, swallowing), swallowing=swallowing)


SKILL = Skill("自爆", (WORD,), command)


def _standard(game: Game, seat: int, role: RoleDef | None, args: list[str]) -> None:
    """`自爆: 不可以` (standard-boards.md): the 白狼王 alone, from day 2, taking one other seat."""
    if role is None or not role.self_destruct_takes:
        names = "、".join(_takers(game))
        raise Rejected(f"你不是{names}。" if names else "本局不能自爆（自爆: 不可以）。")
    require_day_skill(game, seat, role.name, WORD)
    if len(args) != 1:
        raise Rejected("用法：/自爆 N号（带走一名其他玩家）")
    target = game.living_target(args[0], not_self=seat, what="自爆带走的对象")
    explode(game, seat, role, target, swallowing=False)


def _takers(game: Game) -> list[str]:
    """The board's roles whose 自爆 takes a seat along (白狼王)."""
    options = game.board.role_options
    return [name for name in game.board.roster if role_def(name, options.get(name, {})).self_destruct_takes]


def _may_swallow(game: Game, seat: int) -> bool:
    """吞毒自爆 (2.1 第12条): the seat, poisoned out on night 1, may still explode on day 2 before
    the sheriff is recorded."""
    if not game.board.options.poisoned_self_destruct or game.seats[seat].alive:
        return False
    poisoned = any(e.seat == seat and e.cause == POISON and e.when == "第1夜" for e in game.exits)
    done = peek_seat_state(game, seat, Swallowed).done
    return poisoned and not done and game.day == 2 and election_pending(game)


def _require_able(game: Game, seat: int, role: RoleDef | None, swallowing: bool) -> None:
    """Who may explode: a wolf of the group whose role allows it, living (or swallowing the poison)."""
    if not pack.in_pack(game, seat) or role is None:
        if pack.is_lone_wolf(game, seat):
            raise Rejected("单身狼不能自爆。")
        raise Rejected("只有狼群里的狼人可以自爆。")
    if not role.self_destructs:
        raise Rejected(f"{role.name}不能自爆。")
    if not game.seats[seat].alive and not swallowing:
        if game.board.options.poisoned_self_destruct:
            raise Rejected("你已出局，不能再自爆（吞毒自爆只给第1夜被毒杀的狼人，在第2天记录警长之前）。")
        raise Rejected("你已出局，不能再自爆。")


def _require_time(game: Game) -> None:
    """By day, from dawn until the day's vote is settled (the 竞选日 too), with no decision waiting."""
    if game.phase == "opening":
        raise Rejected("现在不能自爆：开局选择还没有完成。")
    if game.phase != "day":
        raise Rejected("现在不能自爆：只有白天（从天亮到当天放逐投票结算之前）才能自爆。")
    if game.day in game.day_ended_by:
        raise Rejected(f"现在不能自爆：第{game.day}天白天已经结束（{game.day_ended_by[game.day]}）。")
    if game.voted_day == game.day:
        raise Rejected("现在不能自爆：今天的放逐投票已经结算。")
    if game.busy():
        raise Rejected("现在不能自爆：还有待处理的决定（开枪、移交警徽……），请稍候。")


def _taken(game: Game, seat: int, role: RoleDef, args: list[str], swallowing: bool) -> int | None:
    if not args:
        return None
    if swallowing:
        raise Rejected("吞毒自爆不能带人：请只发 /自爆。")
    if not role.self_destruct_takes:
        raise Rejected("用法：/自爆（不带目标）")
    if len(args) != 1:
        raise Rejected("用法：/自爆，或 /自爆 N号（带走一名其他玩家）")
    return game.living_target(args[0], not_self=seat, what="自爆带走的对象")


def explode(game: Game, seat: int, role: RoleDef, taken: int | None, *, swallowing: bool) -> None:
    day = game.day
    badge = _badge(game, taken)
    if swallowing:
        _swallow(game, seat, role, badge)
        return
    name = f"{seat}号{role.name}" if taken is not None else f"{seat}号"
    along = f"，带走{taken}号" if taken is not None else ""
    game.reply(f"已自爆{along}。")
    game.tell_directors(f"公示：第{day}天，{name}自爆{along}{badge}。")
    cause = SELF_DESTRUCT if role.self_destruct_takes else PLAIN_SELF_DESTRUCT

    def leave() -> None:  # he leaves first, then whoever he takes, before what either triggers
        game.leave(seat, cause)
        if taken is not None:
            game.leave(taken, role.self_destruct_takes)

    game.settle_by_day([leave], f"第{day}天{name}自爆")
    _after(game, seat, role)
    game.end_day(f"{name}自爆")


def _after(game: Game, seat: int, role: RoleDef) -> None:
    """What the role does once its seat has exploded (RoleDef.after_self_destruct), the game going on."""
    if role.after_self_destruct is not None and not game.ended:
        role.after_self_destruct(game, seat)


def _swallow(game: Game, seat: int, role: RoleDef, badge: str) -> None:
    """吞毒自爆: no second exit; 单爆吞警徽 loses the badge and the day goes on, 双爆吞警徽 as any 自爆."""
    seat_state(game, seat, Swallowed).done = True
    game.reply("已吞毒自爆。")
    game.tell_directors(f"公示：第{game.day}天，{seat}号吞毒自爆{badge}。")
    _after(game, seat, role)
    if game.board.options.self_destruct == SINGLE:
        game.tell_directors("吞毒自爆：白天继续，照常放逐投票。")
        return
    game.end_day(f"{seat}号吞毒自爆")


def _badge(game: Game, taken: int | None) -> str:
    """What this 自爆 does to a sheriff's election still to be recorded, for the 公示 line."""
    if not allowed(game) or not election_pending(game):
        return ""
    state = game_state(game, Election)
    if taken is not None or game.board.options.self_destruct == SINGLE or state.moved_to:
        state.lost = True
        return "，警徽流失，本局没有警长"
    state.moved_to = game.day + 1
    return f"，警长竞选改到第{state.moved_to}天"


def describe(game: Game, seat: int) -> list[str]:
    """The 自爆 line of a wolf of the group who may explode on this board (the 白狼王 has his own)."""
    role = seat_role_def(game, seat)
    if not allowed(game) or role is None or not role.self_destructs or role.self_destruct_takes:
        return []
    if not pack.in_pack(game, seat):
        return []
    return [
        "自爆 —— 白天（从天亮到当天放逐投票结算之前，竞选日也可以）私聊 /自爆：你立即出局，"
        "白天随即结束，直接入夜；遗言按板子的遗言规则（白天出局）"
    ]
