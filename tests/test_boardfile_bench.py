"""The 30-seat file bench/boardfile_bench.py times must stay a file the checker accepts (it broke once
the library gained roles that need 狼人: 通用刀 and the 黑情侣 step)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from bansha_engine.boardfile import check, problems_text

BENCH = Path(__file__).resolve().parents[1] / "bench" / "boardfile_bench.py"


def test_the_benchmarks_thirty_seat_file_checks() -> None:
    spec = importlib.util.spec_from_file_location("boardfile_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.load_roles()
    checked = check(bench.thirty_seats())
    assert checked.board is not None, problems_text(checked.problems)
    assert sum(entry.count for entry in checked.board.roster) == bench.SEATS
