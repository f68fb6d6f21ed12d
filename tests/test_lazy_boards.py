"""Built-in boards are composed when first asked for, and 须弥's modules imported only then (issue 15:
a bot playing 竞技12 never pays for 须弥's 30-odd modules at start-up)."""

from __future__ import annotations

from bansha_engine.boards import BOARDS, BUILTIN_NAMES, BuiltinBoards
from bansha_engine.indexing import board_words
from tests.fresh import ROOT, run_fresh

COMMANDS = ROOT / "plugins" / "werewolf" / "commands.py"
XUMI_MODULES = (
    "[m for m in sys.modules if m.startswith(('bansha_engine.mechanisms.xumi', 'bansha_engine.roles.xumi'))]"
)


def test_a_jingji12_game_and_telling_commands_apart_import_nothing_of_xumi() -> None:
    code = f"""
import sys
from importlib.util import module_from_spec, spec_from_file_location
from bansha_engine import Event, Game
print({XUMI_MODULES})
game = Game(1, "竞技12", 7, "Asia/Shanghai")
game.handle(Event(kind="say", at=1.0, qq=100, text="/座位 1号 200"))
spec = spec_from_file_location("commands", {str(COMMANDS)!r})
commands = module_from_spec(spec)
spec.loader.exec_module(commands)
print(commands.claim("/开门", group=False, concerned=True).value, commands.claim("开门吧", group=False, concerned=True).value)
print({XUMI_MODULES})
Game(2, "须弥", 7, "Asia/Shanghai")
print(len({XUMI_MODULES}) > 30)
"""
    assert run_fresh(code, timeout=60) == ["[]", "take leave", "[]", "True"]


def test_a_file_naming_xumis_mechanisms_imports_them_when_checked() -> None:
    code = f"""
import sys
from bansha_engine.boardfile import check
from bansha_engine.boards import builtin_text
print({XUMI_MODULES})
text = builtin_text("须弥").replace("板子: 须弥", "板子: 我的须弥", 1)
print(check(text).problems, "bansha_engine.mechanisms.xumi.pool" in sys.modules)
"""
    assert run_fresh(code, timeout=60) == ["[]", "[] True"]


def test_builtin_boards_compose_when_asked_for_and_list_their_names_without_composing() -> None:
    boards = BuiltinBoards(BUILTIN_NAMES)
    assert tuple(boards) == BUILTIN_NAMES and len(boards) == len(BUILTIN_NAMES)
    assert "竞技12" in boards and "百变旧" not in boards
    assert boards._boards == dict.fromkeys(BUILTIN_NAMES)  # nothing composed by the above
    assert boards["竞技12"] is boards["竞技12"]
    assert boards["竞技12"].name == "竞技12" and boards._boards["百变小樱"] is None
    assert [board.name for board in boards.values()] == list(BUILTIN_NAMES)


def test_every_command_word_of_a_common_board_is_known_without_composing_it() -> None:
    """The common boards are not composed to tell our commands from chat: their words are in the
    library's index (engine/library_index.py)."""
    from bansha_engine.boards import COMMON
    from nonebot_plugin_bansha_director.commands import vocabulary

    known = {word for group in vocabulary().values() for word in group}
    missing = {name: sorted(board_words(BOARDS[name]) - known) for name in COMMON}
    assert {name: words for name, words in missing.items() if words} == {}
