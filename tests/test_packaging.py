"""The installed distribution holds every folder of code: pyproject.toml lists the packages by
hand (the folders are installed under other names), so a new folder must be listed too, or a
regular install (`pip install .`) fails to import it while an editable one hides the mistake."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_folder_of_code_is_an_installed_package() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {}
    for name, folder in setuptools["package-dir"].items():
        for init in (ROOT / folder).rglob("*.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            folders[".".join((name, *relative))] = init.parent
    assert sorted(folders) == sorted(setuptools["packages"])
