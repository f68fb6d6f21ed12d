"""Test-local roles for the board-file loader: a small library that stands in for engine/roles.

`library_of_test_roles()` swaps library.ROLES (and POSTS) for these while a test runs, so the
loader's tests do not depend on which real roles have landed; tests/test_boardfile_real_roles.py
checks the real ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bansha_engine import library
from bansha_engine.library import GOD, VILLAGER, WOLF, NightPart, OptionDef, PostDef, RoleDef
from bansha_engine.model import VILLAGE, WOLVES


def part(name: str) -> NightPart:
    return NightPart(name=name, step_id=name, build=lambda deadline, after, options: None)  # type: ignore[arg-type,return-value]


def wolf_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    return (part("争权"), part("狼人")) if options["刀人方式"] == "狼头" else (part("狼人"),)


SAVE = OptionDef("自救", ("不能", "首夜", "可以"), "不能", "女巫能否救自己：不能、只在首夜、任何一夜")
DOUBLE = OptionDef("同夜双药", ("不可以", "可以"), "不可以", "一夜能否既救又毒")
SAME_GUARD = OptionDef("连守", ("不可以", "可以"), "不可以", "能否连续两夜守同一人")

TEST_ROLES = (
    RoleDef("狼人", WOLVES, WOLF, "每夜和同伴一起刀一人", night=wolf_night),
    RoleDef("预言家", VILLAGE, GOD, "每夜查验一人的阵营", night=lambda options: (part("预言家"),)),
    RoleDef(
        "女巫",
        VILLAGE,
        GOD,
        "一瓶解药、一瓶毒药",
        options=(SAVE, DOUBLE),
        night=lambda options: (part("女巫"),),
    ),
    RoleDef(
        "守卫", VILLAGE, GOD, "每夜守护一人", options=(SAME_GUARD,), night=lambda options: (part("守卫"),)
    ),
    RoleDef("猎人", VILLAGE, GOD, "出局时可以开枪带走一人"),
    RoleDef("村民", VILLAGE, VILLAGER, "没有技能"),
)
TEST_POSTS = (
    PostDef("测试规则", roles=("小樱", "知世", "魔王", "女巫"), night_names=("魔王", "知世", "女巫")),
)


@contextmanager
def library_of_test_roles() -> Iterator[None]:
    saved_roles, saved_posts = dict(library.ROLES), dict(library.POSTS)
    library.ROLES.clear()
    library.POSTS.clear()
    library.ROLES.update({role.name: role for role in TEST_ROLES})
    library.POSTS.update({post.name: post for post in TEST_POSTS})
    try:
        yield
    finally:
        library.ROLES.clear()
        library.ROLES.update(saved_roles)
        library.POSTS.clear()
        library.POSTS.update(saved_posts)
