"""噩梦之影 (梦魇, common-boards.md 3.2): a wolf of the group who acts first every night: `/恐惧 N号`
seals one other living seat for the night (2.10.3: its night skills are void, a knife holder's fear
leaves the wolves without a kill).  Never the same seat two nights running; from night 2 never a
member of the wolf group.  He gets no result.

On night 1 he does not know the wolves yet and is not in the group: when his night-1 step closes he
is told the group's seats, the group is told his, the directors are asked to pull him into the wolf
group's QQ group, and he votes the kill from night 1's wolf step on (it opens after his: every step
waits for a seal step).  He may 自爆 and be knifed as any member of the group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import pack, seal
from bansha_engine.api import Rejected
from bansha_engine.library import PACK_MEMBER, WOLF, NightPart, RoleDef, register
from bansha_engine.model import WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "噩梦之影"
STEP = "nightmare_shadow"
FEAR = NightChoice(NAME, STEP, "恐惧", not_again="不能连着两晚恐惧同一名玩家：你昨晚恐惧了{}号。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return FEAR.night_step(
        deadline,
        after,
        title="噩梦之影恐惧",
        prompt="请选择恐惧对象：/恐惧 N号，或 /放弃",
        roles=(NAME, "梦魇"),
        on_close=_close,
    )


def _fear(game: Game, seat: int, args: list[str]) -> None:
    """The same seat two nights running is refused before a seat of the wolf group (from night 2)."""
    target = FEAR.chosen_seat(game, seat, args)
    FEAR.refuse_last_night(game, seat, target)
    night = game.night
    if night is not None and night.no >= 2 and pack.in_pack(game, target):
        raise Rejected(f"不能恐惧狼群的成员：{target}号是你的狼同伴。")
    FEAR.record(game, seat, target)


def _close(game: Game, timed_out: bool) -> None:
    """The fear takes effect as the step closes (补充裁定 11: in the step, before every other step of
    the night opens); on night 1 he joins the wolf group."""
    night = game.night
    assert night is not None
    for seat, target in nights.choice(game, STEP).items():
        seal.seal(game, target, seal.FEAR)
        night.notes.append(f"{seat}号（噩梦之影）恐惧{target}号")
    if night.no == 1:
        for seat in game.with_role(NAME):
            if not pack.in_pack(game, seat):
                _join(game, seat)


def _join(game: Game, seat: int) -> None:
    """He learns the wolves, they learn him, and the directors pull him into the group (3.2)."""
    fellows = [n for n in pack.members(game, alive=False) if n != seat]
    pack.join(game, seat)
    listing = "、".join(f"{n}号" for n in fellows) or "无"
    game.tell(seat, f"你的狼同伴是：{listing}。从今晚狼人刀人起，你和他们一起在狼群里 /刀。")
    pack.say(game, f"噩梦之影是{seat}号：他已结束第1夜的恐惧，从今晚起和你们一起刀人。")
    game.tell_directors(f"{seat}号（噩梦之影）第1夜恐惧结束，加入狼群：请把他拉进狼群QQ群。")


def describe(game: Game, seat: int) -> list[str]:
    lines = [
        "恐惧 —— 每晚最先行动，恐惧一名其他玩家（/恐惧 N号）：他这一夜不能使用技能；恐惧到握刀的狼人，"
        "这一夜狼人没有刀。不能连着两晚恐惧同一人；第2夜起不能恐惧狼群的成员。你不收到结果。",
    ]
    if not pack.in_pack(game, seat):
        lines.append("狼队 —— 第1夜你恐惧结束后才得知狼同伴的座位，并从第1夜的狼人刀人起一起刀人。")
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="狼人；每晚最先恐惧一名玩家，使他这一夜不能使用技能（/恐惧 N号）；第1夜恐惧后才加入狼群",
        night=lambda options: (NightPart(NAME, STEP, _step, seals=True),),
        skills=lambda options: [Skill("恐惧", ("恐惧",), _fear, passes=STEP)],
        describe=describe,
        pack=PACK_MEMBER,
        joins_pack_at_start=False,  # he knows no wolf, nor they him, until his first fear is over
        aliases=("梦魇",),
    )
)
