"""Role pools: a board drawn from categories ("10选4") under pairing rules and a strength ratio.

A `Pool` lists its categories with each role's strength (the post's circled numbers), the rules a
board must keep (「种狼和蚀日侍女有且只有一个」 …) and the bounds of the village/wolf strength ratio.
`draw` completes a partly hand-set board with the game's seeded randomness: each category's missing
roles are drawn uniformly and the whole board is redrawn until it keeps every rule, which is uniform
over the valid boards.  `violations` names every rule a board breaks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_DRAWS = 20_000  # a valid board is found in ~26 draws on 须弥; hand-set roles can make it rarer


@dataclass(frozen=True)
class Category:
    name: str  # 狼, 验人系, 强神, 弱神, 独立
    pick: int  # how many of its roles a board has
    strengths: dict[str, int | None]  # role -> strength (None: no strength value)
    side: str  # "wolves" or "village" for the ratio; "" stays out of it


@dataclass(frozen=True)
class Rule:
    text: str  # the post's words, shown when a board breaks it
    keeps: Callable[[set[str]], bool]


@dataclass(frozen=True)
class Pool:
    categories: tuple[Category, ...]
    rules: tuple[Rule, ...]
    ratio: tuple[float, float]  # village strength / wolf strength, bounds included
    aliases: dict[str, str] = field(default_factory=dict)  # other spellings of a role name

    def role_name(self, word: str) -> str | None:
        name = self.aliases.get(word, word)
        return name if self.category_of(name) is not None else None

    def category_of(self, role: str) -> Category | None:
        return next((c for c in self.categories if role in c.strengths), None)

    def strength(self, role: str) -> int:
        category = self.category_of(role)
        return (category.strengths.get(role) or 0) if category is not None else 0

    def size(self) -> int:
        return sum(c.pick for c in self.categories)


def ratio(pool: Pool, roles: list[str]) -> float:
    sides = {"village": 0, "wolves": 0}
    for role in roles:
        category = pool.category_of(role)
        if category is not None and category.side in sides:
            sides[category.side] += pool.strength(role)
    return sides["village"] / sides["wolves"] if sides["wolves"] else float("inf")


def ratio_text(pool: Pool, roles: list[str]) -> str:
    village = sum(pool.strength(r) for r in roles if _side(pool, r) == "village")
    wolves = sum(pool.strength(r) for r in roles if _side(pool, r) == "wolves")
    value = village / wolves if wolves else float("inf")
    return f"倍率{village}/{wolves}={value:.3f}（须在{pool.ratio[0]:g}～{pool.ratio[1]:g}之间）"


def _side(pool: Pool, role: str) -> str:
    category = pool.category_of(role)
    return category.side if category is not None else ""


def ratio_reachable(pool: Pool, fixed: list[str]) -> bool:
    """Whether any choice of the missing roles could bring the ratio within its bounds: the weakest and
    the strongest free roles of each category bound it.  When False, `draw` cannot find a board, and
    answering at once spares the bot thousands of draws."""
    lowest = {"village": 0, "wolves": 0}
    highest = {"village": 0, "wolves": 0}
    for category in pool.categories:
        if category.side not in lowest:
            continue
        chosen = [pool.strength(role) for role in fixed if role in category.strengths]
        free = sorted((s or 0) for role, s in category.strengths.items() if role not in fixed)
        missing = max(category.pick - len(chosen), 0)
        lowest[category.side] += sum(chosen) + sum(free[:missing])
        highest[category.side] += sum(chosen) + (sum(free[-missing:]) if missing else 0)
    low, high = pool.ratio
    most = highest["village"] / lowest["wolves"] if lowest["wolves"] else float("inf")
    least = lowest["village"] / highest["wolves"] if highest["wolves"] else float("inf")
    return round(most, 9) >= low and round(least, 9) <= high


def violations(pool: Pool, roles: list[str]) -> list[str]:
    """Every rule the complete board `roles` breaks, in words a director reads."""
    found = []
    for category in pool.categories:
        count = sum(1 for role in roles if role in category.strengths)
        if count != category.pick:
            found.append(f"{category.name}须有{category.pick}个（现在{count}个）")
    twice = sorted({role for role in roles if roles.count(role) > 1})
    if twice:
        found.append("同一身份只能有一个：" + "、".join(twice))
    present = set(roles)
    found += [rule.text for rule in pool.rules if not rule.keeps(present)]
    low, high = pool.ratio
    if not low <= round(ratio(pool, roles), 9) <= high:
        found.append(ratio_text(pool, roles))
    return found


def draw(pool: Pool, fixed: list[str], rng: random.Random) -> list[str] | None:
    """The missing roles of a board whose roles `fixed` are set, drawn until every rule holds;
    None when no valid board was found."""
    missing = {c.name: c.pick - sum(1 for r in fixed if r in c.strengths) for c in pool.categories}
    if any(count < 0 for count in missing.values()):
        return None
    for _ in range(MAX_DRAWS):
        drawn = []
        for category in pool.categories:
            free = [role for role in category.strengths if role not in fixed]
            drawn += rng.sample(free, missing[category.name])
        if not violations(pool, fixed + drawn):
            return drawn
    return None
