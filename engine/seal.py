"""封印 (common-boards.md 2.10.3): a seat sealed tonight (恐惧, 冰冻, 血月封印) uses no skill tonight.

- Its night commands are refused, saying why (`封印告知: 可以`, the default), or taken as usual and
  void (`封印告知: 不可以`: the choice stands in no result; what it spends stays spent).
- Night news that needs no command (守墓人, 熊) does not come; leaving tonight, it cannot shoot.
- A sealed seat that holds the wolves' kill leaves the wolves without a kill tonight.
- A night's seal steps come first: every other step waits for them (NightPart.seals), and the
  first-night-only forced choices (孤独少女, 野孩子 …) are not sealed (补充裁定 10).

The day's skills are not touched.  `seal` is called by the sealing role in its step (恐惧 and 冰冻
take effect at once: 补充裁定 11) or at the night's start (血月封印).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.library import game_state, peek_game_state

if TYPE_CHECKING:
    from bansha_engine.game import Game
    from bansha_engine.model import StepSpec

FEAR = "恐惧"
FREEZE = "冰冻"
BLOOD_MOON = "血月封印"


@dataclass
class Seals:
    """The seats sealed on night `night`, each with the seal's name."""

    night: int = 0
    seats: dict[int, str] = field(default_factory=dict)


def _night_no(game: Game) -> int:
    return game.night.no if game.night is not None else 0


def seal(game: Game, seat: int, kind: str) -> None:
    """Seal `seat` for tonight (a second seal on it changes nothing)."""
    seals = game_state(game, Seals)
    if seals.night != _night_no(game):
        seals.night, seals.seats = _night_no(game), {}
    seals.seats.setdefault(seat, kind)


def sealed(game: Game, seat: int) -> str | None:
    """The seal on `seat` tonight (its name), or None; None by day."""
    seals = peek_game_state(game, Seals)
    if game.night is None or seals.night != game.night.no:
        return None
    return seals.seats.get(seat)


def told(game: Game) -> bool:
    """封印告知: a sealed seat's commands are refused with the reason (True), or taken and void."""
    return game.board.options.seal_told


def exempt(game: Game, spec: StepSpec) -> bool:
    """The first-night-only forced choices are made whatever the night's seals (补充裁定 10: a step
    that is one only on night 1 says so by StepSpec.seal_exempt_tonight), and a step whose actors
    answer another's skill (StepSpec.seal_exempt: the 典狱长's traders)."""
    if spec.seal_exempt or (spec.only_night == 1 and spec.forced):
        return True
    return spec.seal_exempt_tonight is not None and spec.seal_exempt_tonight(game)


def applies(game: Game, spec: StepSpec, seat: int) -> bool:
    """Whether a seal on `seat` keeps it from acting in `spec` tonight."""
    return sealed(game, seat) is not None and not exempt(game, spec)


def refusal(game: Game, seat: int) -> str:
    return f"你今晚被{sealed(game, seat)}，不能使用技能。"
