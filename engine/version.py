"""The version of the code that plays games, stored with every game it opens: the version of the
distribution that installs this package (pyproject.toml)."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "nonebot-plugin-bansha-director"

try:
    VERSION = version(DISTRIBUTION)
except PackageNotFoundError:  # run from a source tree that was never installed
    VERSION = "0+unknown"
