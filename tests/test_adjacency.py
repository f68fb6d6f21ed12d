"""Seat adjacency (common-boards.md 2.10.6): a circle of seats, the nearest living seat on each side."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bansha_engine.adjacency import beside, nearest_living
from bansha_engine.model import Seat


def seats(size: int, out: tuple[int, ...] = ()) -> Any:
    """What adjacency reads of a game: its seats, some of them out."""
    return SimpleNamespace(seats={n: Seat(n, alive=n not in out) for n in range(1, size + 1)})


def test_seats_sit_in_a_circle() -> None:
    game = seats(12)
    assert beside(game, 5) == (4, 6)
    assert beside(game, 1) == (12, 2)
    assert beside(game, 12) == (11, 1)


def test_the_nearest_living_seat_skips_the_seats_that_left() -> None:
    game = seats(12, out=(4, 3, 6))
    assert nearest_living(game, 5) == [2, 7]
    assert nearest_living(seats(12, out=(12, 11)), 1) == [10, 2]


def test_a_seat_that_left_still_has_living_neighbours() -> None:
    assert nearest_living(seats(9, out=(5,)), 5) == [4, 6]


def test_one_other_living_seat_is_both_sides_and_none_is_none() -> None:
    assert nearest_living(seats(5, out=(1, 2, 4)), 3) == [5]
    assert nearest_living(seats(5, out=(1, 2, 4, 5)), 3) == []
