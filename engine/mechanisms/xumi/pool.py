"""身份池 (须弥, 2L): the file's 身份 is the pool the 14 seats are drawn from (roles/xumi/role_pool.py):
`/身份 N号 <身份>` sets one, `/发牌` draws the rest under the pool's rules, and `/开始` refuses a
board that breaks one, naming it.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import BoardPart, Mechanism, Refusal, register_mechanism
from bansha_engine.model import BoardHooks
from bansha_engine.parse import did_you_mean
from bansha_engine.pool import draw, ratio_reachable, ratio_text, violations
from bansha_engine.roles.xumi.common import seat_arg
from bansha_engine.roles.xumi.role_pool import ALL_ROLES, CAMPS, POOL

if TYPE_CHECKING:
    from bansha_engine.game import Game


def cmd_role(game: Game, args: list[str]) -> bool:
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改配置。")
    if len(args) != 2:
        raise Rejected("用法：/身份 N号 身份")
    number = seat_arg(game, args[0])
    role = POOL.role_name(args[1])
    if role is None:
        word = args[1][:20]
        raise Rejected(
            f"须弥的身份池里没有「{word}」。{did_you_mean(word, ALL_ROLES)}可选：{'、'.join(ALL_ROLES)}"
        )
    warnings = _role_warnings(game, number, role)
    game.seats[number].role = role
    warned = f"\n注意：{'；'.join(warnings)}。/开始时会被拒绝，请改正。" if warnings else ""
    game.reply(f"{number}号的身份设为{role}（{_strength_text(role)}）。{warned}")
    return True


def _role_warnings(game: Game, number: int, role: str) -> list[str]:
    """What giving seat `number` this role breaks (each role once, N of each category): taken, so that
    `/开始` names the rule, but said at once."""
    found = []
    holder = next((s.no for s in game.seats.values() if s.role == role and s.no != number), None)
    if holder is not None:
        found.append(f"{role}已经在{holder}号了，每个身份只有一个")
    category = POOL.category_of(role)
    assert category is not None
    others = [s for s in game.seats.values() if s.no != number and s.role in category.strengths]
    if len(others) >= category.pick:
        listing = "、".join(f"{s.no}号{s.role}" for s in others)
        found.append(f"{category.name}只能有{category.pick}个，已经有{listing}")
    return found


def _strength_text(role: str) -> str:
    category = POOL.category_of(role)
    strength = POOL.strength(role)
    return f"{category.name if category else ''}，强度{strength}" if strength else "独立"


def cmd_deal(game: Game, args: list[str]) -> bool:
    """/发牌: draw the missing roles under the pool's rules, then deal them to the empty seats."""
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改配置。")
    empty = [s for s in game.seats.values() if s.role is None]
    if not empty:
        raise Rejected("所有座位都已经有身份了。")
    fixed = [s.role for s in game.seats.values() if s.role]
    hopeless = _hopeless_rules(fixed)
    drawn = None if hopeless or not ratio_reachable(POOL, fixed) else draw(POOL, fixed, game.rng)
    if drawn is None:
        low, high = POOL.ratio
        why = "；".join(hopeless) or f"剩下的身份无论怎么抽，倍率都到不了{low:g}～{high:g}"
        raise Rejected(f"按已指定的身份抽不出符合规则的板子，请调整已指定的身份：{why}")
    game.rng.shuffle(drawn)
    for seat, role in zip(empty, drawn, strict=True):
        seat.role = role
    game.reply("已发牌：\n" + board_text(game))
    return True


def _hopeless_rules(fixed: list[str]) -> list[str]:
    """The pool rules the hand-set roles break for good: a category over its count, a role twice, and
    the pairing rules adding one or two drawable roles cannot mend (both 种狼 and 蚀日侍女 set)."""
    room = {c.name: c.pick - sum(1 for r in fixed if r in c.strengths) for c in POOL.categories}
    found = [
        f"{c.name}须有{c.pick}个（现在{c.pick - room[c.name]}个）"
        for c in POOL.categories
        if room[c.name] < 0
    ]
    twice = sorted({role for role in fixed if fixed.count(role) > 1})
    found += ["同一身份只能有一个：" + "、".join(twice)] if twice else []
    drawable = [r for c in POOL.categories if room[c.name] > 0 for r in c.strengths if r not in fixed]
    additions = [(), *((r,) for r in drawable), *combinations(drawable, 2)]
    return found + [
        rule.text for rule in POOL.rules if not any(rule.keeps({*fixed, *more}) for more in additions)
    ]


def board_text(game: Game) -> str:
    roles = [s.role or "" for s in game.seats.values()]
    lines = []
    for category in POOL.categories:
        chosen = [(s.no, s.role) for s in game.seats.values() if s.role in category.strengths]
        items = "、".join(f"{no}号{role}{POOL.strength(role or '') or ''}" for no, role in chosen)
        lines.append(f"{category.name}：{items}")
    lines.append(ratio_text(POOL, roles))
    return "\n".join(lines)


def check_board(game: Game) -> None:
    """/开始 refuses a board that breaks a rule of the pool, and names the rule."""
    problems = violations(POOL, [s.role or "" for s in game.seats.values()])
    if problems:
        raise Rejected("板子不符合规则：\n" + "\n".join(f"· {p}" for p in problems))


# ---------------------------------------------------------------- what a file gives and may say

NAME = "身份池"
SIZE = 14


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        fields={"size": SIZE, "roster": dict.fromkeys(ALL_ROLES, 1), "camps": CAMPS},
        hooks=BoardHooks(check_board=check_board, director_commands={"身份": cmd_role, "发牌": cmd_deal}),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """身份 is the whole pool, each role once: the draw and its rules are the post's."""
    found = [
        Refusal(
            ("身份", entry.role),
            f"须弥的身份是整个身份池，每个身份1个：「{entry.role}」要写1，不能写{entry.count}",
        )
        for entry in board_file.roster
        if entry.count != 1
    ]
    listed = {entry.role for entry in board_file.roster}
    missing = [role for role in ALL_ROLES if role not in listed]
    if missing:
        found.append(
            Refusal(
                ("身份",),
                f"须弥的身份要写全整个身份池（{len(ALL_ROLES)}个，每个1个），缺少：{'、'.join(missing)}",
            )
        )
    return found


MECHANISM = register_mechanism(
    Mechanism(NAME, part=part, needs=("座位技能",), roles=tuple(ALL_ROLES), seats=SIZE, refuse=refuse)
)
