"""Roles never import boards or mechanisms: those import the roles (须弥's mechanisms, engine/mechanisms/xumi,
run its roles), so an import the other way round (even inside a function, where it only hides the
circle) is refused here."""

from __future__ import annotations

import ast
from pathlib import Path

from bansha_engine.mechanisms.xumi import camps, slot_night
from bansha_engine.roles.xumi import board_calls
from bansha_engine.timeline import NIGHT_PARTS

ROLES = Path(__file__).resolve().parent.parent / "engine" / "roles"
BOARDS = "bansha_engine.boards"
MECHANISMS = "bansha_engine.mechanisms"


def board_imports(source: str) -> list[str]:
    """Every import of a board or mechanism module in `source`, at any depth: `import
    bansha_engine.boards…`, `from bansha_engine.boards… import …`, `from bansha_engine import boards`
    (and the same of bansha_engine.mechanisms)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        hits = [
            name
            for name in names
            for package in (BOARDS, MECHANISMS)
            if name == package or name.startswith(package + ".")
        ]
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
        "from bansha_engine.mechanisms.xumi import camps\n"
    )
    assert sorted(board_imports(source)) == [
        "line 1: bansha_engine.boards",
        "line 3: bansha_engine.boards",
        "line 4: bansha_engine.boards.baibian",
        "line 5: bansha_engine.boards.xumi",
        "line 7: bansha_engine.mechanisms.xumi",
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


def test_the_xumi_mechanisms_connect_what_roles_call_back() -> None:
    """The roles reach the slots and the win check through board_calls, connected by the mechanisms."""
    assert board_calls.slot_of("侦测", NIGHT_PARTS) == "深夜1"
    assert board_calls.slot_of("时波增幅", NIGHT_PARTS) == "早夜1"
    assert board_calls.slot_of("重定时间", NIGHT_PARTS) is None  # 黄昏2 is no night part
    connected = board_calls._CONNECTED
    assert connected.slots is slot_night.SLOTS and connected.check_end is camps.check_end
