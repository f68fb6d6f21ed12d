"""Board hooks are one typed dataclass (model.BoardHooks), merged from their providers by the kind
of each field: a function or value has at most one provider, a tuple concatenates, a dict unites."""

from __future__ import annotations

from dataclasses import MISSING, fields
from pathlib import Path

import pytest

from bansha_engine.boards.composed import merged_hooks
from bansha_engine.game import Game
from bansha_engine.library import BoardError
from bansha_engine.model import BoardHooks, HookClash

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-role.md"


def _weight(game: Game, voter: int) -> float:
    return 2.0


def _other_weight(game: Game, voter: int) -> float:
    return 3.0


def _command(game: Game, args: list[str]) -> bool:
    return True


def test_every_hook_has_a_default_of_a_kind_the_merge_knows() -> None:
    for hook in fields(BoardHooks):
        default = hook.default_factory() if hook.default is MISSING else hook.default  # type: ignore[misc]
        assert default in (None, False, (), {}), hook.name


def test_a_hook_of_one_provider_is_kept_whichever_side_gives_it() -> None:
    given = BoardHooks(vote_weight=_weight, wolves_win_at_half=True)
    assert BoardHooks().merged(given).vote_weight is _weight
    assert given.merged(BoardHooks()).vote_weight is _weight
    assert given.merged(BoardHooks()).wolves_win_at_half


def test_two_providers_of_a_single_hook_clash() -> None:
    with pytest.raises(HookClash) as clash:
        BoardHooks(vote_weight=_weight).merged(BoardHooks(vote_weight=_other_weight))
    assert clash.value.hook == "vote_weight"
    with pytest.raises(HookClash) as clash:  # a tuple, but of one provider: its default is None
        BoardHooks(gods=("预言家",)).merged(BoardHooks(gods=()))
    assert clash.value.hook == "gods"


def test_tuples_concatenate_in_order_and_dicts_unite() -> None:
    first = BoardHooks(director_help=("a",), timer_kinds=("noon",), director_commands={"开门": _command})
    second = BoardHooks(director_help=("b",), timer_kinds=("door",), director_commands={"罚下": _command})
    both = first.merged(second)
    assert both.director_help == ("a", "b")
    assert both.timer_kinds == ("noon", "door")
    assert set(both.director_commands) == {"开门", "罚下"}


def test_one_command_word_from_two_providers_clashes() -> None:
    with pytest.raises(HookClash) as clash:
        BoardHooks(director_commands={"开门": _command}).merged(
            BoardHooks(director_commands={"开门": _command})
        )
    assert (clash.value.hook, clash.value.key) == ("director_commands", "开门")


def test_the_composer_names_both_providers_of_a_clash() -> None:
    providers = [
        ("机制「甲」", BoardHooks(vote_weight=_weight)),
        ("机制「乙」", BoardHooks(director_help=("x",))),
        ("机制「丙」", BoardHooks(vote_weight=_other_weight)),
    ]
    with pytest.raises(BoardError, match="机制「甲」和机制「丙」不能一起用（都提供vote_weight）"):
        merged_hooks(providers)
    words = [("机制「甲」", BoardHooks(director_commands={"开门": _command}))] * 2
    with pytest.raises(BoardError, match="导演命令 /开门"):
        merged_hooks(words)


def test_every_hook_has_its_row_in_the_guide() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    assert [hook.name for hook in fields(BoardHooks) if f"| `{hook.name}` |" not in guide] == []
