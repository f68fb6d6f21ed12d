"""The aliases of common-boards.md 1.6 in files, /身份库 and /身份 N号 X; replies use the library's name."""

from __future__ import annotations

from bansha_engine.boardfile import catalog, check
from tests.common_helpers import board, started

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]


def test_a_file_may_name_a_role_by_its_alias() -> None:
    checked = check(board({"狼人": 2, "预言家": 1, "白神": 1, "平民": 3}, NIGHT))
    assert checked.ok, checked.problems
    assert [entry.role for entry in checked.board.roster] == ["狼人", "预言家", "白痴", "村民"]


def test_two_lines_for_one_role_are_refused() -> None:
    checked = check(board({"狼人": 2, "预言家": 1, "平民": 2, "村民": 2}, NIGHT))
    assert not checked.ok
    assert any("「平民」就是「村民」" in problem.text() for problem in checked.problems), checked.problems


def test_a_seat_is_given_a_role_by_its_alias() -> None:
    text = board({"狼人": 2, "预言家": 1, "白痴": 1, "村民": 3}, NIGHT)
    t = started(text, {1: "预言家", 2: "愚者", 3: "兔子", 4: "平民", 5: "村民", 6: "狼人", 7: "狼人"})
    assert t.role(2) == "白痴" and t.role(3) == "村民"


def test_the_library_answers_an_alias_with_the_role() -> None:
    text = catalog.role_text("黑狼王")
    assert text is not None and text.startswith("狼王（")


def test_a_night_step_may_be_named_by_the_roles_alias() -> None:
    """1.6: 梦魇 is 噩梦之影 in 夜晚 too."""
    text = board(
        {"狼人": 2, "梦魇": 1, "预言家": 1, "村民": 4},
        [("梦魇", "15分钟"), ("狼人", "45分钟"), ("预言家", "45分钟")],
    )
    checked = check(text)
    assert checked.ok, checked.problems
    assert [entry.name for entry in checked.board.night] == ["噩梦之影", "狼人", "预言家"]
