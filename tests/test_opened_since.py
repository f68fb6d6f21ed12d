"""Rules that change an outcome apply to games opened since their release (engine/version.py)."""

from bansha_engine.version import opened_since


def test_a_game_plays_by_the_rules_of_the_version_that_opened_it() -> None:
    assert opened_since("0.4.0", "0.4.0") and opened_since("0.10.1", "0.4.0")
    assert not opened_since("0.3.0", "0.4.0") and not opened_since("0.2.1", "0.4.0")
    assert not opened_since(None, "0.4.0")  # opened before versions were stored
    assert opened_since("0+unknown", "0.4.0")  # a source tree that was never installed
