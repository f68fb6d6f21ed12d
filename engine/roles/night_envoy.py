"""黑夜使者 (common-boards.md 3.2, 2.10.2, 补充裁定 12): a wolf of the group who, each night after the
wolves' kill, shelters one member of the wolf group (`/庇护 N号`, himself too; never the same seat two
nights running).

The sheltered wolf is immune tonight to the kill, the poison, 共舞, 交易 and the check exits (纯白之女's,
狼巫's); 狩猎, 梦亡 and 袭击 still take him.  Whoever checks him tonight, poisons him, or makes him a
梦游者 the second night running leaves at the resolution instead (反伤, in the 夜晚 place of the step
that checked, poisoned or dreamt), every night, with no limit; a checker still gets its result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import checks, damage, immunity, pack
from bansha_engine import night as nights
from bansha_engine.library import PACK_MEMBER, WOLF, NightPart, RoleDef, register
from bansha_engine.model import CHECK_DEATH, DREAM_DEATH, POISON, REFLECT, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice
from bansha_engine.redirect import aimed

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "黑夜使者"
STEP = "night_envoy"
DREAMER = "摄梦人"  # whose 梦游者 of the second night running the sheltered wolf reflects
SHELTERED = immunity.TONIGHT_SHIELDED | {CHECK_DEATH}
NOT_CHECKS = frozenset({"狐狸", "熊", "守墓人"})  # their signs are no check of a seat (补充裁定 18)


def _pack_only(game: Game, seat: int, target: int) -> str | None:
    if pack.in_pack(game, target):
        return None
    return f"只能庇护狼群的成员（可以是自己）：{target}号不是你的狼同伴。"


SHELTER = NightChoice(
    NAME,
    STEP,
    "庇护",
    not_self=False,
    refuse=_pack_only,
    not_again="不能连续两晚庇护同一名玩家：你昨晚庇护了{}号。",
)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return SHELTER.night_step(
        deadline,
        after,
        title="黑夜使者庇护",
        prompt="狼人刀人已结束，请选择庇护的狼同伴（可以是自己）：/庇护 N号，或 /放弃",
    )


def sheltered(game: Game) -> dict[int, int]:
    """Tonight's sheltered seats (where the 庇护 lands: 换位 may move it), each with its 黑夜使者."""
    return {aimed(game, seat, chosen): seat for seat, chosen in nights.choice(game, STEP).items()}


def _grant(game: Game) -> None:
    """Resolution (告知结果, before any exit is dealt): the sheltered seat is immune for the night."""
    night = game.night
    assert night is not None
    for target, seat in sheltered(game).items():
        immunity.grant_tonight(game, target, SHELTERED)
        night.notes.append(f"{seat}号（黑夜使者）庇护{target}号")


def _reflect(game: Game, culprit: int, caused_by: str, why: str, wolf: int) -> None:
    night = game.night
    assert night is not None
    damage.exit_caused_by(game, culprit, REFLECT, caused_by)
    night.notes.append(f"{wolf}号被黑夜使者庇护，{culprit}号{why}他：反伤，{culprit}号在结算时出局")


def _checked(game: Game, check: checks.Check) -> None:
    """Anyone's check of a sheltered seat (a sign of 狐狸, 熊, 守墓人 is none) reflects on the checker."""
    if check.role in NOT_CHECKS or check.checker == check.target or check.target not in sheltered(game):
        return
    _reflect(game, check.checker, check.role, "查验", check.target)


def _kept_off(game: Game, hit: damage.Damage, cause: str) -> None:
    """A poison the shelter kept off reflects on whoever gave it."""
    if cause != POISON or hit.source is None or hit.source == hit.target:
        return
    if hit.target in sheltered(game):
        _reflect(game, hit.source, game.seats[hit.source].role or "", "毒", hit.target)


def _dreamt_twice(
    game: Game, seat: int, cause: str, able: Callable[[Game, int], bool]
) -> tuple[int, str] | None:
    """梦亡 of a sheltered seat while a 摄梦人 lives (the second night running as his 梦游者: his own
    exit would make it the other 梦亡): the 摄梦人 leaves instead (反伤), and the seat is immune to 梦亡
    for the rest of the night (his leaving takes no 梦游者 along)."""
    if cause != DREAM_DEATH or game.night is None or seat not in sheltered(game):
        return None
    dreamer = next(iter(game.with_role(DREAMER)), None)
    if dreamer is None:
        return None
    immunity.grant_tonight(game, seat, frozenset({DREAM_DEATH}))
    game.night.notes.append(f"{seat}号被黑夜使者庇护，连续第二夜成为梦游者：反伤，{dreamer}号出局")
    return dreamer, REFLECT


def describe(game: Game, seat: int) -> list[str]:
    return [
        "庇护 —— 每晚狼人刀人之后，庇护一名狼同伴（可以是自己，不能连续两晚庇护同一人）：/庇护 N号。"
        "他这一夜不会因刀、毒、共舞、交易、查验出局；这一夜查验他的人、毒他的人、连续第二夜让他梦游的摄梦人，"
        "在这一夜结算时出局（反伤）。",
    ]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚狼人刀人后庇护一名狼同伴，使他这一夜免疫夜间出局，查验、毒他的人反伤出局（/庇护 N号）",
        night=lambda options: (NightPart(NAME, STEP, _step, needs=("狼人",)),),
        skills=lambda options: [Skill("庇护", ("庇护",), SHELTER.choose, passes=STEP)],
        describe=describe,
        resolution={"告知结果": _grant},
        pack=PACK_MEMBER,
        sees_check=_checked,
        sees_kept_off=_kept_off,
        substitute=_dreamt_twice,
    )
)
