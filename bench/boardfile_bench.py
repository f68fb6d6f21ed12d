"""Loading and checking a 30-seat board file: the target is under 50 ms (issue 12).

The file uses every registered role once (each option written out; but those with bottom cards), fills the seats up to 30 with
the plain villager and the wolf, and gives every night step its deadline; when no roles are
registered yet, the loader tests' roles stand in. It is a report, not a test.

    python bench/boardfile_bench.py            # prints the median and the worst of 200 checks
"""

from __future__ import annotations

import importlib
import pkgutil
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bansha_engine import library, roles  # noqa: E402
from bansha_engine.boardfile import check, problems_text  # noqa: E402
from bansha_engine.model import WOLVES  # noqa: E402

RUNS = 200
TARGET_MS = 50.0
SEATS = 30


def load_roles() -> None:
    """Import every role module, so that those which register a RoleDef do."""
    for module in pkgutil.walk_packages(roles.__path__, roles.__name__ + "."):
        importlib.import_module(module.name)


def last_values(role: library.RoleDef) -> dict[str, str]:
    """Each option of the role at the last of its values (the one the file writes)."""
    return {option.name: option.values[-1] for option in role.options}


def thirty_seats() -> str:
    # roles with bottom cards (底牌) are left out: a board may hold only one, and its seats are fewer than its cards
    chosen = [role for role in library.ROLES.values() if not role.bottom_cards][: SEATS - 2]
    wolf = next(role for role in library.ROLES.values() if role.camp == WOLVES)
    village = next(role for role in library.ROLES.values() if role.camp != WOLVES)
    counts = {role.name: 1 for role in chosen}
    counts[wolf.name] = counts.get(wolf.name, 0) + 1
    counts[village.name] = counts.get(village.name, 0) + SEATS - sum(counts.values())
    shared_knife = any(library.holds_other_kills(role, last_values(role)) for role in library.ROLES.values())
    kill_mode = "通用刀" if shared_knife else "狼群投票"  # kills beyond the group's need the shared /刀
    lines = ["板子: 三十人测试", "身份:"]
    night: list[str] = []
    for name, count in counts.items():
        role = library.ROLES[name]
        options = {
            option.name: option.values[-1]
            for option in role.options
            if option.name not in ("刀人方式", "首夜刀人")
        }
        written = ", ".join(f"{key}: {value}" for key, value in options.items())
        lines.append(f"  {name}: {{数量: {count}{', ' + written if written else ''}}}")
        board_wide = {"刀人方式": kill_mode, "首夜刀人": "可以"}
        for part in library.night_parts(role, {**last_values(role), **board_wide}):  # its mechanisms' too
            if part.name not in night:
                night.append(part.name)
    lines += [f"狼人: {kill_mode}", "首夜刀人: 可以", "夜晚:", *(f"  - {name}: 30分钟" for name in night)]
    lines += [
        "警长: 1.5",
        "平票: 无人出局",
        "遗言: 3",
        "胜负: 屠边",
        "狼人过半: 胜利",
        "替补: 不限",
        "移交时限: 10分钟",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    load_roles()
    context = nullcontext()
    if not library.ROLES:
        from tests.boardfile_roles import library_of_test_roles

        context = library_of_test_roles()  # type: ignore[assignment]
    with context:
        text = thirty_seats()
        start = time.perf_counter()
        checked = check(text)
        cold = (time.perf_counter() - start) * 1000
        if checked.board is None:
            print(text, problems_text(checked.problems), sep="\n")
            return 1
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            check(text)
            times.append((time.perf_counter() - start) * 1000)
        print(
            f"roles registered: {len(library.ROLES)}; seats: {checked.board.size}; file: {len(text)} characters"
        )
        print(
            f"check(): median {statistics.median(times):.2f} ms, worst {max(times):.2f} ms (target < {TARGET_MS:g} ms)"
        )
        print(f"the first check (its roles' schemas made): {cold:.2f} ms")
        print("PASS" if max(*times, cold) < TARGET_MS else "FAIL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
