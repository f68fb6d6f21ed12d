"""座位技能 (须弥): each seat holds its role's skills, statuses and tags (roles/xumi): the start (tags,
skills, what the wolves learn), the identity text, the directors' marks, and an exit's chain
(出局结算流程: the preventions, the roles' triggers in the post's order, the badge).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine import night as nights
from bansha_engine import slots as slot_steps
from bansha_engine.boardfile import BoardFile
from bansha_engine.library import OTHER, BoardPart, Mechanism, Refusal, RoleDef, register_mechanism
from bansha_engine.mechanisms.xumi.noon import noon_end_at
from bansha_engine.mechanisms.xumi.slot_night import SLOTS
from bansha_engine.model import RED_CARD, BoardHooks, Exit, Skill
from bansha_engine.role_helpers import prompt_lines
from bansha_engine.roles.xumi import (
    ROLES,
    alchemist,
    badge,
    chaos,
    dreamer,
    elder,
    goblin,
    hedgehog,
    lilupal,
    piglet,
    piper,
    prince,
    qiongqi,
    white_cat,
)
from bansha_engine.roles.xumi.common import (
    WOLVES,
    give_tags,
    in_group,
    surface_camp,
    surface_role,
    tag,
)
from bansha_engine.roles.xumi.role_pool import tag_of

if TYPE_CHECKING:
    from bansha_engine.game import Game

TAGS = {role: tag_of(spec) for role, spec in ROLES.items() if tag_of(spec)}  # 2L: [群内] / [接刀]


def role_spec(role: str) -> RoleDef:
    return ROLES.get(role, RoleDef(role, "", OTHER, ""))


# step 2 of 出局结算流程 (every one takes effect): 白猫, [混沌], 免疫下一次出局
PREVENTIONS: tuple[damage.Prevention, ...] = (white_cat.prevent, chaos.prevent, alchemist.prevent)
# Chained effects of an exit (出局结算流程 3), in order: 摄梦人, 刺猬, 利露帕尔 反噬, 长老, 乳猪, 穷奇, 哥布林,
# 定序王子 (who may still act in 黄昏2)
EXIT_TRIGGERS: list[Callable[[Game, Exit], list[Callable[[], None]]]] = [
    dreamer.on_exit,
    hedgehog.on_exit,
    lilupal.on_exit,
    elder.on_exit,
    piglet.on_exit,
    qiongqi.on_exit,
    goblin.on_exit,
    prince.on_exit,
]
MARKS: list[Callable[[Game, int], list[str]]] = [
    white_cat.marks,
    alchemist.marks,
]  # lines for the directors' /状态 beyond statuses


def on_start(game: Game) -> None:
    game.part = "竞选日"
    give_tags(game, {seat.no: TAGS[seat.role] for seat in game.seats.values() if seat.role in TAGS})
    for seat in game.seats.values():
        spec = role_spec(seat.role or "")
        for name in spec.seat_skills:
            skills.give(game, seat.no, name)
    for seat in game.seats.values():
        spec = role_spec(seat.role or "")
        if spec.setup is not None:
            spec.setup(game, seat.no, {})
        game.tell(seat.no, "游戏开始。\n" + describe(game, seat.no))
    _opening_knowledge(game)


def _opening_knowledge(game: Game) -> None:
    """「狼人阵营 共群 知晓寂夜导师」「穷奇 知晓群内狼」, and 蚀日侍女 learns the 群内 too."""
    group = in_group(game)
    listing = "、".join(f"{s}号" for s in group) or "无"
    mentor = [s.no for s in game.seats.values() if s.role == "寂夜导师" and s.camp == WOLVES]
    if mentor:
        for seat in group:
            game.tell(seat, f"寂夜导师是{mentor[0]}号。")
    for seat in game.seats.values():
        if seat.role in ("穷奇", "蚀日侍女") and seat.camp == WOLVES:
            game.tell(seat.no, f"狼人群内：{listing}。")


def before_exit(game: Game, seat: int, cause: str) -> tuple[int, str] | None:
    return seat, cause


def on_exit(game: Game, seat: int, cause: str) -> None:
    """Every exit, red cards too, before the judge: what follows from the exit itself and is no
    skill of the seat (吹笛者's spell lifted)."""
    exit = next(e for e in reversed(game.exits) if e.seat == seat)
    for hook in ON_EXIT:
        hook(game, exit)


ON_EXIT: list[Callable[[Game, Exit], None]] = [
    piper.on_exit
]  # 吹笛者: 「出局后，解除场上所有永久的[寡言]状态」


def after_exit(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    exit = next(e for e in reversed(game.exits) if e.seat == seat)
    triggers: list[Callable[[], None]] = []
    if cause != RED_CARD:  # 「不能发动任何技能（视作被业炎处理）」
        for trigger in EXIT_TRIGGERS:
            triggers += trigger(game, exit)
    triggers += badge.triggers(game, seat, cause)
    triggers.append(lambda: nights.advance(game))
    return triggers


def describe(game: Game, seat: int) -> str:
    info = game.seats[seat]
    spec = role_spec(info.role or "")
    state = "存活" if info.alive else "已出局"
    lines = [f"你是{game.label()}的{seat}号，身份：{info.role}，阵营：{info.camp}，{state}。"]
    if tag(game, seat):
        lines.append(f"标签：[{tag(game, seat)}]")
    if game.sheriff == seat:
        lines.append(f"你是警长（投票多计{badge.extra_vote(game):g}票）。")
    if spec.summary:
        lines.append(f"技能：{spec.summary}")
    lines += [f"· {line}" for line in _skill_lines(game, seat)]
    told = status.describe(game, seat, everything=False)
    if told:
        lines.append("状态：" + "；".join(told))
    lines += slot_steps.now_lines(game, seat, SLOTS, game.clock(noon_end_at(game)))
    lines += prompt_lines(game, seat)
    return "\n".join(lines)


def _skill_lines(game: Game, seat: int) -> list[str]:
    lines = []
    for name in game.seats[seat].skills:
        spec = skills.SKILLS[name]
        if not spec.slots:
            continue
        left = skills.uses_left_text(game, seat, name)
        gone = "（已失去）" if not skills.holds(game, seat, name) else ""
        command = f"/{name} {skills.usage(spec)}".rstrip()
        lines.append(f"{name}：{'或'.join(spec.slots)}，{command}{('，' + left) if left else ''}{gone}")
    return lines


def status_marks(game: Game, seat: int) -> list[str]:
    marks = []
    if tag(game, seat):
        marks.append(f"[{tag(game, seat)}]")
    if surface_role(game, seat) != game.seats[seat].role or surface_camp(game, seat) != game.seats[seat].camp:
        marks.append(f"表面：{surface_role(game, seat)}/{surface_camp(game, seat)}")
    marks += status.describe(game, seat, everything=True)
    for lines in MARKS:
        marks += lines(game, seat)
    pending = damage.pending(game).get(seat)
    if pending and game.seats[seat].alive:
        marks.append("待出局：" + "、".join(f"{d.skill}{d.kind}" for d in pending))
    return marks


# ---------------------------------------------------------------- what a file gives and may say

NAME = "座位技能"


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        fields={
            "on_start": on_start,
            "start_done": lambda game: True,
            "finish_start": lambda game: None,
            "before_exit": before_exit,
            "on_exit": on_exit,
            "after_exit": after_exit,
            "describe": describe,
        },
        skills=(Skill("狂妄", ("狂妄",), goblin.declare),),
        hooks=BoardHooks(
            status_marks=status_marks,
            preventions=PREVENTIONS,
            director_commands={"宣言": goblin.cmd_declare, "寡言违规": piper.cmd_breach},
            director_help=(
                "/寡言违规 N号：记录[寡言]违规（永久[沉默][遗忘]）",
                "/宣言 N号：记录哥布林的狂妄宣言",
            ),
        ),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    if "出局触发" in written:
        return [Refusal(("出局触发",), "须弥的出局触发按原帖的出局结算流程，不写「出局触发」")]
    return []


MECHANISM = register_mechanism(Mechanism(NAME, part=part, needs=("时段夜晚", "正午"), refuse=refuse))
