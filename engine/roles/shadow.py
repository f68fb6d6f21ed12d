"""影子 (common-boards.md 3.3, 5.3.9, 5.3.11; 补充裁定 10, 18): a third party, category 其他.

- Night 1, forced (`夜晚` writes 影子): `/模仿 N号`, another living seat; at the deadline one at random.
  The 复仇者: the two are bound (engine/roles/avenger.py).  Anyone else: when the step closes the 影子
  takes N号's camp as it is then (a camp check of him answers it), with no skill; each 复仇者 learns
  his camp then (the opposite).  When N号 leaves (any cause) the 影子 at once becomes N号's role with
  its state (potions used, counts …): 「X号离场，你继承了他的身份：女巫」 (补充裁定 16), his category the
  role's; a role of the wolf group joins it (2.10.7: the directors and the group are told).
- Bound, from night 2, in this same step: `/袭击 N号` (either of the two, the last one stands; they may
  pass): the seat leaves at the night's resolution (袭击), whatever protects it — guard, save, sleepwalk,
  immunity.  It is not a kill: the witch does not learn it.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks, library, pack
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    OTHER,
    NightPart,
    RoleDef,
    WinRule,
    game_state,
    peek_game_state,
    register,
)
from bansha_engine.model import RAID, Deadline, Skill, StepSpec
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import tell_actors
from bansha_engine.roles import avenger

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "影子"
STEP = "shadow"
# Seat state that belongs to the seat, not to its role: not inherited
SEAT_BOUND = frozenset(kind.__name__ for kind in (pack.PackMember, library.SeatCategory, checks.Answers))


@dataclass
class Imitation:
    """Each unbound 影子's model (影子 -> N号), and the 影子 that inherited a role."""

    model: dict[int, int] = field(default_factory=dict)
    inherited: dict[int, int] = field(default_factory=dict)  # heir -> the seat it inherited from


def _peek(game: Game) -> Imitation:
    return peek_game_state(game, Imitation)


def _first_night(game: Game) -> bool:
    return game.night is not None and game.night.no == 1


def _actors(game: Game) -> list[int]:
    if _first_night(game):
        return game.with_role(NAME)
    return [seat for seat in game.alive() if avenger.is_bound(game, seat)]


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title="影子",
        roles=(NAME, avenger.NAME),
        actors=_actors,
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        hint="第1夜 /模仿 N号；绑定后 /袭击 N号",
        pass_seat=_pass_seat,
        late_phrase=lambda game, seat: "随机模仿" if _first_night(game) else nights.PASSED,
        seal_exempt_tonight=_first_night,  # the forced imitation, whatever the seals (补充裁定 10)
    )


def _open(game: Game) -> None:
    if _first_night(game):
        tell_actors(game, STEP, "请选择模仿对象：/模仿 N号（必须选择，超时随机）")
    else:
        tell_actors(
            game, STEP, "影子阵营可以袭击一名玩家：/袭击 N号，或 /放弃（两人谁发都行，以最后一次为准）"
        )


def _refuse_first_night_pass(game: Game) -> None:
    if _first_night(game):
        raise Rejected("模仿是强制技能，不能放弃：请发送 /模仿 N号（超时将随机选择）。")


def _pass_seat(game: Game, seat: int) -> list[str]:
    """`/放弃` in the step: refused on night 1 (模仿 is forced); a bound pair's pass stands as the last word."""
    _refuse_first_night_pass(game)
    _stand(game, seat, None)
    return ["袭击"]


def _pass_one(game: Game, seat: int) -> bool:
    """`/放弃 模仿` or `/放弃 袭击`: refused on night 1; else the pair's last word, a pass."""
    _refuse_first_night_pass(game)
    nights.require_actor(game, STEP, seat)
    _stand(game, seat, None)
    game.reply("已放弃今晚的袭击（以两人最后一次的选择为准）。")
    nights.advance(game)
    return True


def _imitate(game: Game, seat: int, args: list[str]) -> None:
    if game.seats[seat].role != NAME:
        raise Rejected(f"你不是{NAME}。")
    if not _first_night(game):
        raise Rejected("模仿只能在第1夜进行。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/模仿 N号")
    target = game.living_target(args[0], not_self=seat, what="模仿对象")
    nights.record(game, STEP, seat, target, f"已记录：模仿{target}号（本步骤结束时生效）。")


def _raid(game: Game, seat: int, args: list[str]) -> None:
    if not avenger.is_bound(game, seat):
        raise Rejected("只有绑定的影子和复仇者可以袭击。")
    if not game.seats[seat].alive:
        raise Rejected("你已出局，不能再发动技能。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/袭击 N号")
    target = game.living_target(args[0], not_self=seat, what="袭击对象")
    if target == avenger.bound_partner(game, seat):
        raise Rejected("不能袭击影子阵营的同伴。")
    _stand(game, seat, target)
    game.reply(f"已记录：今晚袭击{target}号（以两人最后一次的选择为准）。")
    nights.advance(game)


def _stand(game: Game, seat: int, choice: int | None) -> None:
    """The bound pair's last word stands: it replaces what the other said before."""
    made = nights.acts(game, STEP)
    for member in (seat, avenger.bound_partner(game, seat)):
        if member is not None and (member == seat or member in made):
            made[member] = choice


def _close(game: Game, timed_out: bool) -> None:
    if not _first_night(game):
        return
    shadows = [seat for seat in game.with_role(NAME) if game.seats[seat].alive]
    for shadow in shadows:
        model = nights.acts(game, STEP).get(shadow)
        if model is None:
            model = game.rng.choice([n for n in game.alive() if n != shadow])
            game.tell(shadow, f"你未选择，已随机模仿{model}号。")
            game.tell_directors(f"影子{shadow}号超时，随机模仿{model}号。")
        _take_model(game, shadow, model)
    unbound = [s for s in shadows if not avenger.is_bound(game, s)]
    camp = game.seats[unbound[0]].camp if unbound else avenger.SHADOW_CAMP
    avenger.take_sides(game, camp)


def _take_model(game: Game, shadow: int, model: int) -> None:
    if game.seats[model].role == avenger.NAME:
        avenger.bind(game, shadow, model)
        return
    game_state(game, Imitation).model[shadow] = model
    game.seats[shadow].camp = game.seats[model].camp
    if game.night is not None:
        game.night.notes.append(f"{shadow}号（影子）模仿{model}号：{game.seats[shadow].camp}")
    game.tell(
        shadow, f"你模仿了{model}号：{model}号离场时你继承他的身份。你现在属于{game.seats[shadow].camp}。"
    )


def _settle_raid(game: Game) -> None:
    """Resolution (夜间出局): the bound pair's raid, past every protection (not a kill)."""
    night = game.night
    assert night is not None
    chosen = [target for target in nights.choice(game, STEP).values()]
    if night.no < 2 or not chosen:
        return
    raider = next(iter(nights.choice(game, STEP)))
    target = aimed(game, raider, chosen[-1])
    night.notes.append(f"影子阵营袭击{target}号")
    game.push_front([game.exit_effect(target, RAID)])


def inherit(game: Game, model: int, cause: str) -> None:
    """The imitated seat left: its 影子 becomes its role at once; the role's state follows once the
    exit's own triggers ran (a shot offered at that exit is spent for the heir too)."""
    shadow = next((s for s, m in _peek(game).model.items() if m == model), None)
    if shadow is None or not game.seats[shadow].alive or shadow in _peek(game).inherited:
        return
    old, heir = game.seats[model], game.seats[shadow]
    heir.role, heir.camp = old.role, old.camp
    game_state(game, Imitation).inherited[shadow] = model
    game.tell_directors(f"影子{shadow}号继承{model}号的身份：{heir.role}（{heir.camp}）。")
    if pack.is_pack_role(game, shadow):
        pack.join(game, shadow)
        pack.say(game, f"{shadow}号继承了{model}号的身份，加入狼群。")
        game.tell_directors(f"请把{shadow}号拉进狼群。")
    game.push_front([lambda: _take_state(game, model, shadow)])


def _take_state(game: Game, model: int, shadow: int) -> None:
    old, heir = game.seats[model], game.seats[shadow]
    for kind, state in old.data.items():
        if kind not in SEAT_BOUND:
            heir.data[kind] = deepcopy(state)
    game.tell(
        shadow,
        f"{model}号离场，你继承了他的身份：{heir.role}。你现在属于{heir.camp}。\n"
        + game.board.describe(game, shadow),
    )


def describe(game: Game, seat: int) -> list[str]:
    partner = avenger.bound_partner(game, seat)
    if partner is not None:
        return [f"绑定 —— 你和复仇者{partner}号同属影子阵营，同生共死；第2夜起每晚 /袭击 N号（无视一切保护）"]
    model = _peek(game).model.get(seat)
    if model is not None:
        return [f"模仿 —— 你模仿了{model}号，属于他的阵营；他离场时你继承他的身份"]
    return [
        "模仿 —— 第1夜选择一名其他玩家（/模仿 N号，必须）：模仿复仇者则与他绑定，否则随他的阵营，他离场时继承他的身份"
    ]


def _status_marks(game: Game, seat: int) -> list[str]:
    heir_of = _peek(game).inherited.get(seat)
    return [f"影子（继承{heir_of}号）"] if heir_of is not None else []


def _camp_check(game: Game, seat: int) -> str:
    """Bound: 村民阵营 (ruling); else the camp of the seat he imitates, as his own camp says."""
    if avenger.is_bound(game, seat):
        return checks.VILLAGE_ANSWER
    return checks.VILLAGE_ANSWER if game.seats[seat].camp == "村民阵营" else checks.OTHER_ANSWER


ROLE = register(
    RoleDef(
        name=NAME,
        camp=avenger.SHADOW_CAMP,
        category=OTHER,
        summary="第三方：第1夜模仿一名玩家，随他的阵营、他离场时继承他的身份；模仿到复仇者则两人绑定为影子阵营（/模仿 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [
            Skill("模仿", ("模仿",), _imitate, passes=STEP, pass_one=_pass_one),
            Skill("袭击", ("袭击",), _raid, passes=STEP, pass_one=_pass_one),
        ],
        describe=describe,
        camp_check=_camp_check,
        on_exit=inherit,
        status_marks=_status_marks,
        resolution={library.NIGHT_EXITS_STAGE: _settle_raid},
        camp_changes=True,
        win=WinRule(avenger.SHADOW_CAMP, standing=True),
    )
)
