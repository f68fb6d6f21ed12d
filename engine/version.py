"""The version of the code that plays games, stored with every game it opens: the version of the
distribution that installs this package (pyproject.toml)."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "nonebot-plugin-bansha-director"

try:
    VERSION = version(DISTRIBUTION)
except PackageNotFoundError:  # run from a source tree that was never installed
    VERSION = "0+unknown"


def opened_since(opened_by: str | None, release: str) -> bool:
    """Whether a game opened by version `opened_by` (None: before versions were stored) plays by the
    rules of `release` and later: rules that change an outcome apply only to games opened since,
    so that every stored game rebuilds as it was played.  A source tree (`0+unknown`) is the newest."""
    if opened_by is None:
        return False
    if "+" in opened_by:
        return True
    return _numbers(opened_by) >= _numbers(release)


def _numbers(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split(".") if part.isdigit())
