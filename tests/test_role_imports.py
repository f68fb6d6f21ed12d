"""Roles never import boards: the board modules import the roles, so an import the other way round
(even inside a function, where it only hides the circle) is refused here."""

from __future__ import annotations

import ast
from pathlib import Path

from bansha_engine.boards import xumi
from bansha_engine.roles.xumi import board_calls
from bansha_engine.timeline import NIGHT_PARTS

ROLES = Path(__file__).resolve().parent.parent / "engine" / "roles"
BOARDS = "bansha_engine.boards"


def board_imports(source: str) -> list[str]:
    """Every import of a board module in `source`, at any depth: `import bansha_engine.boards…`,
    `from bansha_engine.boards… import …`, `from bansha_engine import boards`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        hits = [name for name in names if name == BOARDS or name.startswith(BOARDS + ".")]
        found += [f"line {node.lineno}: {hits[0]}"] if hits else []
    return found


def test_the_check_sees_imports_inside_functions() -> None:
    source = (
        "from bansha_engine import boards\n"
        "def f():\n"
        "    from bansha_engine.boards import xumi\n"
        "    import bansha_engine.boards.baibian\n"
        "    from bansha_engine.boards.xumi import POOL\n"
        "from bansha_engine.roles.xumi import common\n"
    )
    assert board_imports(source) == [
        "line 1: bansha_engine.boards",
        "line 3: bansha_engine.boards",
        "line 4: bansha_engine.boards.baibian",
        "line 5: bansha_engine.boards.xumi",
    ]


def test_no_role_module_imports_a_board() -> None:
    modules = sorted(ROLES.rglob("*.py"))
    assert len(modules) > 50  # the classic roles and every 须弥 role are read
    offences = {
        str(path.relative_to(ROLES)): hits
        for path in modules
        if (hits := board_imports(path.read_text(encoding="utf-8")))
    }
    assert offences == {}


def test_the_xumi_board_connects_what_roles_call_back() -> None:
    """The roles reach the board's slots and win check through board_calls, connected by the board."""
    assert board_calls.slot_of("侦测", NIGHT_PARTS) == "深夜1"
    assert board_calls.slot_of("时波增幅", NIGHT_PARTS) == "早夜1"
    assert board_calls.slot_of("重定时间", NIGHT_PARTS) is None  # 黄昏2 is no night part
    connected = board_calls._board()
    assert connected.slots is xumi.SLOTS and connected.check_end is xumi.check_end
