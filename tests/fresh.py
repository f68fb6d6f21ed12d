"""Code run in a new interpreter, as a bot that has imported nothing yet runs it (the test process
imported every role, mechanism and board long ago)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_fresh(code: str, *, env: dict[str, str] | None = None, timeout: float = 120) -> list[str]:
    """The lines `code` prints, run from the project root; its error output if it fails."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()
