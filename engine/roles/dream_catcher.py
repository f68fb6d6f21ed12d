"""摄梦人 (common-boards.md 3.1, 2.10.2, 补充裁定 4 and 5): each night he makes one other living seat the
night's 梦游者 (`/摄梦 N号`); the seat is not told.  The 梦游者 is immune tonight to the night's exits
a one-night immunity keeps off (2.10.2: 刀杀, 毒杀, 共舞, 交易), never to 梦亡:

- 梦亡一: a seat that is a 梦游者 two nights running leaves at the second night's resolution, among
  the other night exits in the file's 夜晚 order of the 摄梦人's step (补充裁定 5).  A night without
  him as 梦游者 (a pass, a seal, a timeout where 空摄 allows it) breaks the run.
- 梦亡二: when the 摄梦人 leaves at night (any cause, next-day exits too), that night's 梦游者 leaves
  with him (in the 殉情 place of 出局触发: right after him).  By day he takes nobody.

梦亡 goes through damage.strike with the cause 梦亡, so that nothing stops it but a role immune to it
(恶灵骑士, RoleDef.immune) or one that leaves in its place (蒙面人, RoleDef.substitute): 补充裁定 4.
No protection counts (it is 致死伤害).  A 梦游者 leaving by 梦亡 cannot shoot (2.3).

The 梦游者 is the seat the choice lands on (换位 may move it: redirect.aimed), settled at the
resolution (保护 stage) for a 摄梦人 still in the game.  The 摄梦人 only gets 「已记录：今晚摄梦N号」.

Option 空摄 (不可以 | 可以): 不可以 (the default) makes the choice forced: `/放弃` is refused and at
the deadline another living seat is chosen at random (none on a night he is sealed: 补充裁定 10).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, immunity
from bansha_engine import night as nights
from bansha_engine.library import (
    GOD,
    NIGHT_EXITS_STAGE,
    NightPart,
    OptionDef,
    RoleDef,
    game_state,
    option,
    peek_game_state,
    register,
)
from bansha_engine.model import DREAM_DEATH, VILLAGE, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "摄梦人"
STEP = "dream"
TITLE = "摄梦"
DREAM = NightChoice(NAME, STEP, TITLE)
EMPTY_DREAM = OptionDef(
    "空摄", ("不可以", "可以"), "不可以", "能否不选梦游者（不可以：每晚必须摄梦，超时随机选）"
)


@dataclass
class Dreams:
    """The 梦游者 of night `night`, by the 摄梦人 who chose them, and the seats that were 梦游者 the
    night before it (for 梦亡一)."""

    night: int = 0
    tonight: dict[int, int] = field(default_factory=dict)
    last_night: set[int] = field(default_factory=set)


def forced(options: dict[str, str]) -> bool:
    return options.get(EMPTY_DREAM.name, EMPTY_DREAM.default) == "不可以"


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    must = forced(options)
    pass_hint = "" if must else "，或 /放弃"
    return DREAM.night_step(
        deadline,
        after,
        prompt=f"请选择今晚的梦游者：/摄梦 N号{pass_hint}",
        on_close=_close,
        forced_with="随机选择梦游者" if must else None,
    )


def _close(game: Game, timed_out: bool) -> None:
    """A forced 摄梦人 who did not choose gets another living seat at random; the directors' notes."""
    night = game.night
    assert night is not None
    made = nights.acts(game, STEP)
    if option(game, NAME, EMPTY_DREAM.name) == "不可以":
        for seat in night.late.get(STEP, []):
            others = [n for n in game.alive() if n != seat]
            if others:
                made[seat] = game.rng.choice(others)
                game.tell(seat, f"已记录：今晚摄梦{made[seat]}号。")
    for seat, target in made.items():
        if target is not None:
            night.notes.append(f"{seat}号（摄梦人）摄梦{target}号")


def _settle_dreams(game: Game) -> None:
    """Resolution (保护): each living 摄梦人's 梦游者 is immune tonight (2.10.2)."""
    night = game.night
    assert night is not None
    dreams = game_state(game, Dreams)
    dreams.last_night = set(dreams.tonight.values()) if dreams.night == night.no - 1 else set()
    dreams.night, dreams.tonight = night.no, {}
    for seat, chosen in nights.choice(game, STEP).items():
        if game.seats[seat].alive:
            dreamer = aimed(game, seat, chosen)
            dreams.tonight[seat] = dreamer
            immunity.grant_tonight(game, dreamer)


def dreamer_tonight(game: Game, catcher: int) -> int | None:
    """The 梦游者 the 摄梦人 `catcher` made tonight (settled at the resolution), if any."""
    dreams = peek_game_state(game, Dreams)
    night = game.night
    if night is None or dreams.night != night.no:
        return None
    return dreams.tonight.get(catcher)


def second_dream(game: Game, seat: int) -> bool:
    """Whether `seat` is a 梦游者 tonight for the second night running (梦亡一)."""
    dreams = peek_game_state(game, Dreams)
    night = game.night
    return night is not None and dreams.night == night.no and seat in dreams.last_night


def _strike(game: Game, catcher: int, dreamer: int) -> list[Callable[[], None]]:
    hit = damage.Damage(dreamer, damage.FATAL, catcher, DREAM_DEATH)
    return damage.strike(game, [hit], lambda _: DREAM_DEATH)


def _dream_deaths(game: Game) -> None:
    """Resolution (夜间出局, in the 夜晚 place of his step): 梦亡一, in seat order."""
    night = game.night
    assert night is not None
    dreams = peek_game_state(game, Dreams)
    twice = sorted(
        (dreamer, catcher) for catcher, dreamer in dreams.tonight.items() if second_dream(game, dreamer)
    )
    for dreamer, _ in twice:
        night.notes.append(f"{dreamer}号连续两夜成为梦游者")
    game.push_front([effect for dreamer, catcher in twice for effect in _strike(game, catcher, dreamer)])


def _takes_the_dreamer(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    """梦亡二: the 摄梦人 leaving at night takes that night's 梦游者 with him."""
    if game.seats[seat].role != NAME:
        return []
    dreamer = dreamer_tonight(game, seat)
    if dreamer is None or not game.seats[dreamer].alive:
        return []

    def dream_death() -> None:
        game.tell_directors(f"{seat}号（摄梦人）在夜里出局，当夜的梦游者{dreamer}号随之梦亡。")
        game.push_front(_strike(game, seat, dreamer))

    return [dream_death]


def describe(game: Game, seat: int) -> list[str]:
    must = option(game, NAME, EMPTY_DREAM.name) == "不可以"
    choice = "必须选择（超时随机）" if must else "可以不选"
    return [
        f"摄梦 —— 每晚选择一名其他存活玩家成为梦游者（{choice}；/摄梦 N号），对方不知道：梦游者当夜不会因刀杀、"
        "毒杀出局；同一人连续两夜成为梦游者则梦亡；你在夜里出局时，当夜的梦游者随之梦亡",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=GOD,
        summary="每晚选一名梦游者，当夜免疫刀杀和毒杀；连续两夜是梦游者、或摄梦人夜里出局，梦游者梦亡（/摄梦 N号）",
        options=(EMPTY_DREAM,),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill(TITLE, (TITLE,), DREAM.choose, passes=STEP)],
        describe=describe,
        resolution={"保护": _settle_dreams, NIGHT_EXITS_STAGE: _dream_deaths},
        triggers={"殉情": _takes_the_dreamer},
    )
)
