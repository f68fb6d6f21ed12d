"""The skeleton of a night skill aimed at one seat, which most roles share (docs/adding-a-role.md).

A role declares its command once, as a `NightChoice` (`/冰冻 N号`: the role, its step, the word, its
rules on the seat named); `NightChoice.night_step` makes the role's `StepSpec` and `NightChoice.choose`
takes the command.  「不能连着两晚……同一人」 is `not_again`: the step keeps each seat's choice
(`LastTargets`).  A check tells its answer at the resolution with `checked_role` / `checked_camp` and
`tell_result`.  The role keeps its own rule in its module: what the choice does at the step's close
or at the resolution."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import peek_seat_state, seat_state
from bansha_engine.model import Deadline, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

    # (game, seat) -> why the seat may not use the skill any more (used up, lost), or None
    SpentRefusal = Callable[[Game, int], str | None]
    # (game, seat, target) -> why the seat may not name that seat (the role's own rule), or None
    TargetRefusal = Callable[[Game, int, int], str | None]


@dataclass(frozen=True)
class NightChoice:
    """`/<command> N号`: a seat of `role` names one living seat in the night step `step`.

    `choose` refuses, in this order (each a Rejected saying why): a seat not holding `role` or out;
    a seat whose skill is `spent` (its refusal); a seat that does not act in the step now
    (nights.require_actor); any other number of words than one (「用法：/<command> N号」); a seat out,
    or with `not_self` the sender (「……作为<what>」, by default 「<command>对象」); a seat the role's
    own rule `refuse`s (its refusal); with `not_again` (its refusal, `{}` standing for the seat), the
    seat this seat named in the step last night.  Else it records the choice and tells the sender `ack`
    (`{}`: the seat; by default 「已记录：今晚<command>N号。」).  A role ordering its rules otherwise
    calls the parts: `chosen_seat`, `refuse_last_night`, `record`."""

    role: str
    step: str
    command: str
    what: str = ""
    not_self: bool = True
    spent: SpentRefusal | None = None
    refuse: TargetRefusal | None = None
    not_again: str = ""
    ack: str = ""

    def night_step(
        self,
        deadline: Deadline,
        after: tuple[str, ...] = (),
        *,
        prompt: str | Callable[[Game], None],
        title: str = "",
        hint: str = "",
        actors: Callable[[Game], list[int]] | None = None,
        roles: tuple[str, ...] = (),
        on_close: Callable[[Game, bool], None] | None = None,
        from_night: int = 1,
        only_night: int | None = None,
        forced_with: str | None = None,
    ) -> StepSpec:
        """The step (`title`, by default the command): its actors (by default every seat holding
        the role) are told 「【第N夜】<prompt>（HH:MM截止）」 when it opens, or `prompt` is called there
        where it tells them more (the seats they may choose tonight).  `roles`: the names /时限 takes
        for it (by default the role).  With `not_again`, its close keeps each seat's choice (before
        `on_close`).  `forced_with`: a [必须] step — /放弃 is refused, and a seat that did not choose is
        told this phrase at the close (「随机崇拜」; `on_close` makes the random choice)."""
        step = self.step

        def close(game: Game, timed_out: bool) -> None:
            remember_targets(game, step)
            if on_close is not None:
                on_close(game, timed_out)

        return StepSpec(
            id=step,
            title=title or self.command,
            roles=roles or (self.role,),
            actors=actors or self._holders,
            deadline=deadline,
            after=after,
            on_open=prompt if callable(prompt) else _telling(step, prompt),
            on_close=close if self.not_again else on_close,
            only_night=only_night,
            from_night=from_night,
            forced=forced_with is not None,
            hint=hint or f"/{self.command} N号",
            late_phrase=(lambda game, seat: forced_with) if forced_with is not None else None,
        )

    def _holders(self, game: Game) -> list[int]:
        return game.with_role(self.role)

    def choose(self, game: Game, seat: int, args: list[str], *, not_self: bool | None = None) -> None:
        """The command (a Skill's handler); `not_self` for this command, where an option decides it."""
        target = self.chosen_seat(game, seat, args, not_self=not_self)
        refusal = self.refuse(game, seat, target) if self.refuse is not None else None
        if refusal is not None:
            raise Rejected(refusal)
        self.refuse_last_night(game, seat, target)
        self.record(game, seat, target)

    def chosen_seat(self, game: Game, seat: int, args: list[str], *, not_self: bool | None = None) -> int:
        """The living seat the command names, after the refusals that come before the role's rules."""
        require_role(game, seat, self.role)
        refusal = self.spent(game, seat) if self.spent is not None else None
        if refusal is not None:
            raise Rejected(refusal)
        nights.require_actor(game, self.step, seat)
        if len(args) != 1:
            raise Rejected(f"用法：/{self.command} N号")
        barred = self.not_self if not_self is None else not_self
        return game.living_target(
            args[0], not_self=seat if barred else None, what=self.what or f"{self.command}对象"
        )

    def refuse_last_night(self, game: Game, seat: int, target: int) -> None:
        """`not_again`: refuse the seat this seat named in the step last night."""
        if self.not_again and target == last_night_target(game, seat, self.step):
            raise Rejected(self.not_again.format(target))

    def record(self, game: Game, seat: int, target: int) -> None:
        told = self.ack.format(target) if self.ack else f"已记录：今晚{self.command}{target}号。"
        nights.record(game, self.step, seat, target, told)


def _telling(step: str, text: str) -> Callable[[Game], None]:
    return lambda game: tell_actors(game, step, text)


@dataclass
class LastTarget:
    """The night a seat last named a seat in a step, and that seat."""

    night: int
    target: int


@dataclass
class LastTargets:
    """The seat each step of this seat named last (by step id), for 「不能连着两晚……同一人」."""

    by_step: dict[str, LastTarget] = field(default_factory=dict)


def remember_targets(game: Game, step: str) -> None:
    """At the step's close: the seat each seat named tonight (a choice a seal made void too)."""
    night = game.night
    assert night is not None
    for seat, target in nights.acts(game, step).items():
        if target is not None:
            seat_state(game, seat, LastTargets).by_step[step] = LastTarget(night.no, target)


def last_night_target(game: Game, seat: int, step: str) -> int | None:
    """The seat this seat named in the step last night, if any."""
    last = peek_seat_state(game, seat, LastTargets).by_step.get(step)
    night = game.night
    if last is None or night is None or last.night != night.no - 1:
        return None
    return last.target


def checked_role(game: Game, seat: int, chosen: int, *, skill: str, role: str) -> str:
    """What `seat`'s role check of `chosen` answers (the library's name): on the seat it hits tonight
    (换位 may move it), through `checks.role_of` with a Check, so that the seat checked hears of it."""
    target = aimed(game, seat, chosen)
    return checks.role_of(game, target, checks.Check(seat, target, skill, role, checks.ROLE))


def checked_camp(game: Game, seat: int, chosen: int, *, skill: str, role: str) -> str:
    """What `seat`'s camp check of `chosen` answers (村民阵营 / 非村民阵营), as `checked_role` does."""
    target = aimed(game, seat, chosen)
    return checks.camp_of(game, target, checks.Check(seat, target, skill, role))


def tell_result(game: Game, seat: int, skill: str, found: str) -> None:
    """「第N夜<skill>结果：<found>。」 to a checker still in the game."""
    night = game.night
    assert night is not None
    if game.seats[seat].alive:
        game.tell(seat, f"第{night.no}夜{skill}结果：{found}。")
