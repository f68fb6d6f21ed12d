"""须弥's role pool (2L): the categories with each role's strength, the pairing rules, the ratio bounds;
and what follows from it, each role's starting camp.

The 身份池 mechanism (engine/mechanisms/xumi/pool.py) deals from it; roles read it too (炼金术士's
living strengths, 曼陀罗's 强神, 狼学者's role words), which is why it lives here and not in the
mechanism: roles never import the mechanisms, the mechanisms import the roles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine.library import GOD, LONE_WOLF, OTHER, PACK_MEMBER, WOLF, RoleDef
from bansha_engine.pool import Category, Pool, Rule
from bansha_engine.roles.xumi.common import IN_GROUP, PIPER, TAKES_KNIFE, VILLAGE, WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game

POOL = Pool(
    categories=(
        Category(
            "狼",
            4,
            {
                "哥布林": 6,
                "天狗": 7,
                "狼巫": 8,
                "狼学者": 8,
                "噩梦之影": 8,
                "寂夜导师": 8,
                "穷奇": 9,
                "种狼": 10,
                "混沌": 10,
                "蚀日侍女": 10,
            },
            "wolves",
        ),  # fmt: skip
        Category("验人系", 1, {"利露帕尔": 9, "高僧": 9, "牧师": 10}, "village"),
        Category(
            "强神",
            4,
            {
                "摄梦人": 6,
                "清晰者": 6,
                "定序王子": 6,
                "灵鹿": 7,
                "猎魔人": 7,
                "流光伯爵": 7,
                "白昼学者": 7,
                "炼金魔女": 9,
                "特工": 9,
                "玄武": 10,
            },
            "village",
        ),  # fmt: skip
        Category(
            "弱神",
            4,
            {
                "病人": 1,
                "乳猪": 1,
                "长老": 2,
                "刺猬": 3,
                "白猫": 3,
                "官员": 3,
                "面包师": 3,
                "曼陀罗": 4,
                "太极宗师": 4,
                "炼金术士": 5,
            },
            "village",
        ),  # fmt: skip
        Category("独立", 1, {"吹笛者": None}, ""),
    ),
    rules=(
        Rule("种狼和蚀日侍女有且只有一个", lambda roles: ("种狼" in roles) != ("蚀日侍女" in roles)),
        Rule(
            "有白昼学者必有寂夜导师，有寂夜导师必有白昼学者",
            lambda roles: ("白昼学者" in roles) == ("寂夜导师" in roles),
        ),
        Rule("有蚀日侍女必有流光伯爵", lambda roles: "蚀日侍女" not in roles or "流光伯爵" in roles),
    ),
    ratio=(1.3, 1.4),
    aliases={"吹笛人": "吹笛者"},
)
CAMP_OF_CATEGORY = {"狼": WOLVES, "验人系": VILLAGE, "强神": VILLAGE, "弱神": VILLAGE, "独立": PIPER}
ALL_ROLES = [role for category in POOL.categories for role in category.strengths]
CAMPS = {role: CAMP_OF_CATEGORY[c.name] for c in POOL.categories for role in c.strengths}
CATEGORY_OF_POOL_CATEGORY = {"狼": WOLF, "验人系": GOD, "强神": GOD, "弱神": GOD, "独立": OTHER}
CATEGORIES = {role: CATEGORY_OF_POOL_CATEGORY[c.name] for c in POOL.categories for role in c.strengths}
PACK_OF_TAG = {IN_GROUP: PACK_MEMBER, TAKES_KNIFE: LONE_WOLF, "": ""}


def pool_role(
    name: str,
    *,
    seat_skills: tuple[str, ...] = (),
    tag: str = "",
    on_start: Callable[[Game, int], None] | None = None,
    summary: str = "",
) -> RoleDef:
    """A role of 须弥's pool, declared as every role is (library.RoleDef): its camp and category from
    the pool, its skills held seat by seat (engine/skills.py), its [群内] / [接刀] tag as its part in
    the wolves' kill (RoleDef.pack), what its seat gets at the start (setup)."""
    return RoleDef(
        name=name,
        camp=CAMPS[name],
        category=CATEGORIES[name],
        summary=summary,
        pack=PACK_OF_TAG[tag],
        seat_skills=seat_skills,
        setup=(lambda game, seat, options: on_start(game, seat)) if on_start is not None else None,
    )


def tag_of(role: RoleDef) -> str:
    """The [群内] / [接刀] tag a pool role's seat starts with."""
    return {PACK_MEMBER: IN_GROUP, LONE_WOLF: TAKES_KNIFE}.get(role.pack or "", "")
