"""隐狼 (common-boards.md 3.2, 2.7, 2.8): a lone wolf (单身狼: outside the wolf group, no 自爆) with no
step and no command.  At the start of night 1 he is told the wolf group's seats (「你的狼同伴是：2号、
5号、9号」); the group is not told of him.  He takes over the wolves' knife once the group has no
living member (2.8 接刀, engine/knife.py).  A camp check of him answers 村民阵营.

Option 接刀后验出 (不可以 | 可以): 可以 — once he has held the knife, a camp check answers 非村民阵营.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import checks, knife, pack
from bansha_engine.library import LONE_WOLF, WOLF, OptionDef, RoleDef, option, register
from bansha_engine.model import WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "隐狼"
SEEN_AFTER_KNIFE = OptionDef(
    "接刀后验出",
    ("不可以", "可以"),
    "不可以",
    "可以：接刀以后，被查验阵营时是非村民阵营（之前一直是村民阵营）",
)


def camp_check(game: Game, seat: int) -> str:
    seen = option(game, NAME, SEEN_AFTER_KNIFE.name) == "可以" and knife.has_held(game, seat)
    return checks.OTHER_ANSWER if seen else checks.VILLAGE_ANSWER


def _tell_fellows(game: Game) -> None:
    """Night 1's start: each 隐狼 learns the wolf group's seats."""
    night = game.night
    if night is None or night.no != 1:
        return
    fellows = "、".join(f"{n}号" for n in pack.members(game)) or "无（本局没有狼群）"
    for seat in game.with_role(NAME):
        game.tell(seat, f"【第1夜】你的狼同伴是：{fellows}。他们不知道你是狼。")


def describe(game: Game, seat: int) -> list[str]:
    seen = (
        "接刀后被查验为非村民阵营"
        if option(game, NAME, SEEN_AFTER_KNIFE.name) == "可以"
        else "一直被查验为村民阵营"
    )
    lines = [f"隐狼 —— 没有夜里的行动；第1夜开始时得知狼群的座位，狼群不知道你；{seen}"]
    if game.night_no >= 1:  # told at the start of night 1
        fellows = "、".join(f"{n}号" for n in pack.members(game, alive=False))
        lines.append(f"你的狼同伴：{fellows or '无（本局没有狼群）'}")
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="单身狼：第1夜得知狼群的座位，狼群不知道他；查验为村民阵营；狼群没有存活的狼人后接刀",
        options=(SEEN_AFTER_KNIFE,),
        describe=describe,
        camp_check=camp_check,
        on_night_start=_tell_fellows,
        pack=LONE_WOLF,
    )
)
