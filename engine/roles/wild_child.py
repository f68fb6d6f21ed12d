"""野孩子 (common-boards.md 3.1, 2.7, 2.10.7, 5.3.1; 补充裁定 10, 16): starts in 村民阵营, category 村民.

- Night 1 only, forced (`夜晚` writes 野孩子): `/榜样 N号`, another living seat; at the deadline one at
  random.  The model is not told.  Seals do not touch it (补充裁定 10).
- Option 变狼: 榜样被放逐 (the default: the model leaves by the exile vote) | 榜样出局 (by any exit).
  When it happens and he is alive, he turns wolf at that exit, before the win is judged: 狼人阵营,
  category 狼人 (a camp check answers 非村民阵营), told 「你的榜样离场了，你变成了狼人」 (补充裁定 16: 离场
  to a living seat) and his new camp; he joins the wolf group (the directors are asked to pull him in,
  the group is told his seat), votes its kill from the next night and may 自爆 where the board allows.
- Leaving before his model, he stays in 村民阵营.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import pack
from bansha_engine.library import (
    VILLAGER,
    WOLF,
    NightPart,
    OptionDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
    set_category,
)
from bansha_engine.model import VILLAGE, VOTE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "野孩子"
STEP = "wild_child"
EXILED = "榜样被放逐"
ANY_EXIT = "榜样出局"
TURN = OptionDef(
    "变狼", (EXILED, ANY_EXIT), EXILED, "野孩子什么时候变成狼人：榜样被放逐投票出局，或榜样以任何方式出局"
)


@dataclass
class Model:
    """The seat he took as his model (0: none yet), and whether he has turned wolf."""

    seat: int = 0
    turned: bool = False


TAKE_MODEL = NightChoice(NAME, STEP, "榜样", what="榜样", ack="已记录：榜样{}号（本步骤结束时生效）。")


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return TAKE_MODEL.night_step(
        deadline,
        after,
        prompt="请选择你的榜样：/榜样 N号（必须选择，超时随机）",
        on_close=_close,
        only_night=1,
        forced_with="随机选择榜样",
    )


def _close(game: Game, timed_out: bool) -> None:
    for seat in game.with_role(NAME):
        model = nights.acts(game, STEP).get(seat)
        if model is None:
            model = game.rng.choice([n for n in game.alive() if n != seat])
            game.tell(seat, f"你未选择，已随机选择{model}号作为榜样。")
            game.tell_directors(f"野孩子{seat}号超时，随机选择{model}号作为榜样。")
        seat_state(game, seat, Model).seat = model
        if game.night is not None:
            game.night.notes.append(f"{seat}号（野孩子）的榜样是{model}号")


def _model(game: Game, seat: int) -> Model:
    return peek_seat_state(game, seat, Model)


def _on_exit(game: Game, seat: int, cause: str) -> None:
    """The model left: a living 野孩子 turns wolf if the board's 变狼 says this exit counts."""
    if cause != VOTE and option(game, NAME, TURN.name) != ANY_EXIT:
        return
    for child in game.with_role(NAME):
        if _model(game, child).seat == seat and not _model(game, child).turned:
            _turn(game, child, seat, cause)


def _turn(game: Game, child: int, model: int, cause: str) -> None:
    seat_state(game, child, Model).turned = True
    game.seats[child].camp = WOLVES
    set_category(game, child, WOLF)
    game.tell(child, f"你的榜样离场了，你变成了狼人。你现在属于{WOLVES}，下一个夜晚起和狼群一起刀人。")
    how = game.cause_phrase(cause)
    game.tell_directors(f"野孩子{child}号的榜样{model}号离场（{how}），{child}号变成狼人（{WOLVES}）。")
    pack.say(game, f"{child}号加入狼群。")
    pack.join(game, child)
    if game.board.options.wolf_group:
        game.tell_directors(f"请把{child}号拉进狼群。")
    fellows = "、".join(f"{n}号" for n in pack.members(game, alive=False) if n != child)
    if fellows:
        game.tell(child, f"你的狼群同伴：{fellows}。")


def describe(game: Game, seat: int) -> list[str]:
    model = _model(game, seat)
    when = "被放逐投票出局" if option(game, NAME, TURN.name) == EXILED else "出局（任何原因）"
    if model.turned:
        return [f"变狼 —— 你的榜样{model.seat}号离场了，你已变成狼人，和狼群一起刀人"]
    if model.seat:
        return [f"榜样 —— 你的榜样是{model.seat}号：他{when}时你还活着，你就变成狼人"]
    return [
        f"榜样 —— 第1夜选择一名其他玩家作为榜样（/榜样 N号，必须，超时随机）：他{when}时你还活着，你就变成狼人"
    ]


def _marks(game: Game, seat: int) -> list[str]:
    model = _model(game, seat)
    if not model.seat or game.seats[seat].role != NAME:
        return []
    return ["已变狼" if model.turned else f"榜样{model.seat}号"]


ROLE = register(
    RoleDef(
        name=NAME,
        camp=VILLAGE,
        category=VILLAGER,
        summary="第1夜选择一名榜样（/榜样 N号，必须）；榜样被放逐（或按设置：出局）时他还活着，就变成狼人",
        options=(TURN,),
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [Skill("榜样", ("榜样",), TAKE_MODEL.choose, passes=STEP)],
        describe=describe,
        on_exit=_on_exit,
        status_marks=_marks,
        camp_changes=True,
    )
)
