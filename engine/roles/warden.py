"""典狱长 (common-boards.md 3.2, 补充裁定 17, 18): a member of the wolf group, who votes the kill.

From night 2 his two steps come first in the night (`夜晚` writes both): `典狱长`, where he may
`/提审 A号 B号` (two different living seats, himself allowed; a seat is interrogated once a game, he
too; he may pass, ruling of the post), and `交易`, after it, where the two answer.  With fewer than two
seats left to interrogate his step does not open (ruling, as the 魔术师's).  Sealed, he interrogates
nobody; a sealed trader still answers (「交易是典狱长的技能」: StepSpec.seal_exempt).

When his step closes the two are told 「今晚你与X号交易：/交易 或 /背叛」 (seats only).  No answer by
the deadline, or `/放弃`, is 交易 (ruling).  At the resolution:

- both 交易: both immune tonight to the night's exits a one-night immunity keeps off (immunity);
- both 背叛: each one's night skills aimed at one seat tonight land on the other (a target change,
  RoleDef.redirect, applied in the 夜晚 order of his step; `SingleTargetOnly`: not a skill aimed at
  several seats, nor the wolves' kill, which is the group's);
- one of each: the one who chose 交易 leaves (交易, among the night exits in the 夜晚 place of his step);
- the 典狱长 one of the two: the same answers, he leaves; different, the other leaves (instead of the
  three rules above).

Nobody is told what the other chose (补充裁定 18): the directors' summary says it.  `/时限 交易` and
`/推进 交易` address the answering step (补充裁定 17).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, immunity
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    NIGHT_EXITS_STAGE,
    WOLF,
    NightPart,
    RoleDef,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import TRADE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.redirect import SingleTargetOnly
from bansha_engine.role_helpers import require_role, tell_actors

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "典狱长"
STEP = "warden"
TRADE_STEP = "trade"
TRADE_NAME = "交易"  # the answering step's name in 夜晚, /时限 and /推进
DEAL = "交易"
BETRAY = "背叛"


@dataclass
class Interrogated:
    """The seats interrogated so far this game (each once)."""

    seats: set[int] = field(default_factory=set)


def free_seats(game: Game) -> list[int]:
    interrogated = peek_game_state(game, Interrogated).seats
    return [n for n in game.alive() if n not in interrogated]


def _warden_step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="提审",
        roles=(NAME,),
        actors=lambda game: game.with_role(NAME) if len(free_seats(game)) >= 2 else [],
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        from_night=2,
        hint="/提审 A号 B号",
    )


def _open(game: Game) -> None:
    free = "、".join(f"{n}号" for n in free_seats(game))
    tell_actors(
        game,
        STEP,
        f"可以提审两名玩家（可以有你自己；每人整局只能被提审一次）：/提审 A号 B号，或 /放弃。还能提审的：{free}",
    )


def _interrogate(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    nights.require_actor(game, STEP, seat)
    if len(args) != 2:
        raise Rejected("用法：/提审 A号 B号（两名不同的存活玩家，可以有你自己）")
    pair = tuple(game.living_target(word, what="提审对象") for word in args)
    if pair[0] == pair[1]:
        raise Rejected("提审的两名玩家必须不同。")
    done = [n for n in pair if n in peek_game_state(game, Interrogated).seats]
    if done:
        raise Rejected(f"每名玩家整局只能被提审一次：{'、'.join(f'{n}号' for n in done)}已经被提审过了。")
    nights.record(game, STEP, seat, pair, f"已记录：今晚提审{pair[0]}号、{pair[1]}号。")


def _close(game: Game, timed_out: bool) -> None:
    """The seats named are interrogated (a sealed 典狱长's in vain too: what is spent stays spent)."""
    night = game.night
    assert night is not None
    for seat, pair in nights.acts(game, STEP).items():
        if pair is not None:
            game_state(game, Interrogated).seats.update(pair)
            night.notes.append(f"{seat}号（典狱长）提审{pair[0]}号、{pair[1]}号")


def _pairs(game: Game) -> list[tuple[int, tuple[int, int]]]:
    """Tonight's standing interrogations: (the 典狱长, the two seats)."""
    return list(nights.choice(game, STEP).items())


def _traders(game: Game) -> list[int]:
    seats = {n for _, pair in _pairs(game) for n in pair if game.seats[n].alive}
    return sorted(seats)


def _trade_step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=TRADE_STEP,
        title="回答典狱长",
        roles=(TRADE_NAME,),
        actors=_traders,
        deadline=deadline,
        after=after,
        on_open=_ask,
        from_night=2,
        hint="/交易 或 /背叛",
        late_phrase=lambda game, seat: "视为交易",
        seal_exempt=True,
    )


def _ask(game: Game) -> None:
    night = game.night
    assert night is not None
    due = game.clock(night.due[TRADE_STEP])
    for _, pair in _pairs(game):
        for seat, other in (pair, pair[::-1]):
            if game.seats[seat].alive:
                text = f"今晚你与{other}号交易：/交易 或 /背叛（不回答或 /放弃 都算交易）"
                game.tell(seat, f"【第{night.no}夜】{text}（{due}截止）")


def _answer(choice: str) -> Callable[[Game, int, list[str]], None]:
    def answer(game: Game, seat: int, args: list[str]) -> None:
        nights.require_actor(game, TRADE_STEP, seat)
        if args:
            raise Rejected(f"/{choice} 后面不需要写别的内容：请只发送 /{choice}")
        nights.record(game, TRADE_STEP, seat, choice, f"已记录：你选择{choice}。")

    return answer


def _choices(game: Game, pair: tuple[int, int]) -> tuple[str, str]:
    """Each one's answer: no answer (late, passed) is 交易."""
    answers = nights.acts(game, TRADE_STEP)
    return answers.get(pair[0]) or DEAL, answers.get(pair[1]) or DEAL


def _betrayers(game: Game) -> dict[int, int]:
    """Tonight's pairs who both chose 背叛 (the 典狱长 not one of them): each seat -> the other."""
    others: dict[int, int] = {}
    for warden, pair in _pairs(game):
        if warden not in pair and _choices(game, pair) == (BETRAY, BETRAY):
            others[pair[0]], others[pair[1]] = pair[1], pair[0]
    return others


def _betray(game: Game, user: int | None, target: int) -> int:
    """背叛: a single-target night skill of one of the two lands on the other."""
    if user is None or game.night is None:
        return target
    return _betrayers(game).get(user, target)


def _shield(game: Game) -> None:
    """Resolution (保护): two who both chose 交易 are immune tonight (the 典狱长 not one of them)."""
    for warden, pair in _pairs(game):
        if warden not in pair and _choices(game, pair) == (DEAL, DEAL):
            for seat in pair:
                immunity.grant_tonight(game, seat)


def loser(warden: int, pair: tuple[int, int], choices: tuple[str, str]) -> int | None:
    """Who leaves by this trade: with the 典狱长 one of the two, he when they chose alike, else the
    other; otherwise the one who chose 交易 against a 背叛; nobody when they chose alike."""
    if warden in pair:
        other = pair[1] if pair[0] == warden else pair[0]
        return warden if choices[0] == choices[1] else other
    if choices[0] == choices[1]:
        return None
    return pair[0] if choices[0] == DEAL else pair[1]


def _settle(game: Game) -> None:
    """Resolution (夜间出局, in the 夜晚 place of his step): the trades' exits (交易)."""
    night = game.night
    assert night is not None
    effects: list[Callable[[], None]] = []
    for warden, pair in _pairs(game):
        choices = _choices(game, pair)
        leaving = loser(warden, pair, choices)
        said = f"{pair[0]}号{choices[0]}，{pair[1]}号{choices[1]}"
        if leaving is None:
            what = "两人免疫今晚的出局" if choices[0] == DEAL else "两人今晚的单目标技能互指对方"
            night.notes.append(f"交易（{said}）：{what}")
            continue
        night.notes.append(f"交易（{said}）：{leaving}号出局（交易）")
        trade = damage.Damage(leaving, damage.FATAL, warden, TRADE)
        effects += damage.strike(game, [trade], lambda _: TRADE)
    game.push_front(effects)


def describe(game: Game, seat: int) -> list[str]:
    free = "、".join(f"{n}号" for n in free_seats(game))
    return [
        "你是狼群的一员，照常投刀。",
        "提审 —— 第2夜起每晚最先，可以提审两名不同的存活玩家（可以有你自己；每人整局只能被提审一次；"
        "/提审 A号 B号），他们各自回答 /交易 或 /背叛：都交易则两人当夜免疫出局，都背叛则两人的单目标技能"
        "互指对方，一交易一背叛则选交易的人出局；你在两人里时，两人选的一样你出局，不一样另一人出局",
        f"还能提审的：{free or '无'}",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼群成员；第2夜起最先提审两人（/提审 A号 B号），两人 /交易 或 /背叛，按选择免疫、互指或出局",
        night=lambda options: (
            NightPart(NAME, STEP, _warden_step),
            NightPart(TRADE_NAME, TRADE_STEP, _trade_step, needs=(NAME,)),
        ),
        skills=lambda options: [
            Skill("提审", ("提审",), _interrogate, passes=STEP),
            Skill(DEAL, (DEAL,), _answer(DEAL), passes=TRADE_STEP),
            Skill(BETRAY, (BETRAY,), _answer(BETRAY), passes=TRADE_STEP),
        ],
        describe=describe,
        resolution={"保护": _shield, NIGHT_EXITS_STAGE: _settle},
        redirect=SingleTargetOnly(_betray),
    )
)
