"""The role library's index (engine/library_index.py): a bot imports a role's module only when a
board uses the role (issue 22), and tells commands from chat by the index's words."""

from __future__ import annotations

from bansha_engine import library, library_index
from bansha_engine.boards import BOARDS
from bansha_engine.indexing import INDEX, board_words, library_words
from tests.fresh import run_fresh

ROLE_MODULES = "sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('bansha_engine.roles.') and '.xumi' not in m)"


def test_the_index_is_what_the_library_holds() -> None:
    """Written again after a role or a built-in board changed: `python -m bansha_engine.indexing`."""
    written = run_fresh("from bansha_engine import indexing; print(indexing.build(), end='')")
    assert "\n".join(written) + "\n" == INDEX.read_text(encoding="utf-8"), (
        "engine/library_index.py is out of date: run `python -m bansha_engine.indexing`"
    )


def test_every_role_board_and_mechanism_word_is_in_the_index() -> None:
    words = set(library_words())
    for board in BOARDS.values():
        words |= board_words(board)
    assert words == library_index.COMMAND_WORDS


def test_a_jingji12_game_imports_only_its_roles_modules() -> None:
    code = f"""
import sys
from bansha_engine import Event, Game
from bansha_engine.library import ROLES
at_start = {ROLE_MODULES}
print(at_start, "乌鸦" in ROLES)
game = Game(1, "竞技12", 7, "Asia/Shanghai")
game.handle(Event(kind="say", at=1.0, qq=100, text="/座位 1号 200"))
own = {{module for name in game.board.roster for module in ROLES.modules(name)}}
print(sorted(set({ROLE_MODULES}) - set(at_start) - own))
print(ROLES["乌鸦"].name, "crow" in {ROLE_MODULES})
"""
    # the wolves' mechanisms, on every board with wolves, read the 女巫's potions and the 幼狼
    assert run_fresh(code) == ["['witch', 'young_wolf'] True", "[]", "乌鸦 True"]


def test_a_variant_is_found_before_its_module_was_imported() -> None:
    code = """
from bansha_engine import library
print(library.role_def("狼王", {"技能": "冲锋"}).summary == library.VARIANTS[("狼王", "冲锋")].summary)
print(library.settable_options("狼王")[-1].name)
"""
    assert run_fresh(code) == ["True", "技能"]


def test_roles_are_listed_in_the_index_order_and_put_in_and_taken_out_as_in_a_dict() -> None:
    assert [name for name in library.ROLES if name in library_index.ROLE_MODULES] == list(
        library_index.ROLE_MODULES
    )
    crow = library.ROLES["乌鸦"]
    del library.ROLES["乌鸦"]
    try:
        assert "乌鸦" not in library.ROLES and library.ROLES.get("乌鸦") is None
        assert not library.ROLES.registered("乌鸦")
    finally:
        library.ROLES["乌鸦"] = crow
    assert library.ROLES.registered("乌鸦") and library.ROLES["乌鸦"] is crow


def test_a_night_part_a_role_brings_is_named_so_before_its_mechanism_was_imported() -> None:
    """丘比特 brings 开局选择 and its 黑情侣 step; the problem says so in a bot that never imported it."""
    code = """
from bansha_engine.boardfile import check, problems_text
text = "板子: 丘比特试板\\n身份:\\n  狼人: 2\\n  丘比特: 1\\n  预言家: 1\\n  村民: 4\\n狼人: 通用刀\\n夜晚:\\n  - 狼人: 30分钟\\n  - 预言家: 30分钟\\n"
print(problems_text(check(text).problems))
"""
    assert run_fresh(code)[1].startswith(
        "第4行：有丘比特的板子夜里有「黑情侣」的行动，夜晚里缺少「黑情侣」的时限"
    )
