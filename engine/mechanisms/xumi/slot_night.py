"""时段夜晚 (须弥, 7L 行动顺序总集): the night is ten timed slots, from the door close:
  黄昏1 +10  the vote (weights, 平票), the second 流血, 白猫, then the day's red cards
  黄昏2 +20  定序王子 重定时间, 蚀日侍女 日光窃取; the 黄昏 exits are told and published
  早夜1 +30  互不影响:   时波增幅, 时波削弱 (时波混乱 checked at its close)
  早夜2 +40  有先后顺序: 归元 → 流光庇护 → 恐惧 → 不思议之炼金
  午夜  +40  有先后顺序: 混沌 → 摄梦 → 芬芳 → 未明之雾
  深夜1 +50  互不影响:   超度, 侦测, 黑暗侦测, 迷惑, 吞食, 惩善扬恶, 权势, 诡辩
  深夜2 +60  有先后顺序: 杀人 → 光明湮灭 → 圣光, 天火, 毒药 → 凋花结果 → 猎杀 → 伏击
  凌晨  +70  有先后顺序: 森林庇护 → 命数感知, 阴阳变转 → 魔女秘法 → 法老之蛇
  tally: 「电梯楼顺序统计出局名单」 — pending seats in seat order (engine.damage)
The deadlines are the file's 夜晚 (the post's above by default); the slots' names and order are the
post's.  The skills acting in each, and in which order, are the roles' own declarations
(SkillSpec.slots, slot, rank: `build_slots`); what the mechanism does in each slot is `FRAMES`.
A slot opens when the one before it closes and stays open at least five minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine import slots as slot_steps
from bansha_engine.boardfile import BoardFile, NightEntry
from bansha_engine.boardfile.schema import listing, suggestion
from bansha_engine.library import BoardPart, Mechanism, Refusal, register_mechanism
from bansha_engine.mechanisms.xumi import dusk, red_cards
from bansha_engine.mechanisms.xumi.dusk import settle_vote
from bansha_engine.model import LAST_WORDS_FIRST_NIGHT_AND_DAY, BoardHooks, Deadline, Options, Skill, StepSpec
from bansha_engine.roles.xumi import (
    ROLES,
    agent,
    alchemist,
    alchemy_witch,
    black_tortoise,
    board_calls,
    datura,
    day_scholar,
    eclipse_maid,
    hunter,
    monk,
    pack,
    patient,
    prince,
    qiongqi,
    white_cat,
)
from bansha_engine.roles.xumi.common import take_dusk_publications
from bansha_engine.roles.xumi.role_pool import POOL, tag_of
from bansha_engine.slots import Slot
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game


def _dusk_one(game: Game) -> None:
    # Lines published after the last 黄昏's 公示 went out (sent at once then) are not gathered again.
    take_dusk_publications(game)
    game.push_back(
        [
            lambda: settle_vote(game),
            *[lambda hook=hook: hook(game) for hook in DUSK_ONE],
            lambda: red_cards.day_red_cards(game),
        ]
    )
    game.drain()


def _night_start(game: Game) -> None:
    status.expire(game, Boundary("night_start", game.day))
    for hook in NIGHT_START:
        hook(game)
    game.drain()


def _send_attacks(game: Game) -> None:
    for hook in DAWN_INFO:
        hook(game)


def _about_to_leave(game: Game) -> None:
    for hook in DAWN_LIST:
        hook(game)


@dataclass(frozen=True)
class SlotFrame:
    """The mechanism's own part of a slot of the night: 「有先后顺序」 or 「互不影响」, the post's
    deadline (minutes after the door close), its part of the time line (凌晨 holds three slots),
    and its hooks (engine/slots.py, `Slot`)."""

    ordered: bool
    minutes: float
    part: str = ""  # "": the slot's own name
    on_open: Callable[[Game], None] | None = None
    before_uses: Callable[[Game], None] | None = None
    after_uses: Callable[[Game], None] | None = None
    extra_actors: Callable[[Game], list[int]] | None = None
    extra_done: Callable[[Game, int], bool] | None = None
    extra_pass: Callable[[Game, int], list[str]] | None = None


# The slots of the night by the names the file's 夜晚 gives them, in the post's order (a file keeps
# it; its deadlines are the file's); the skills acting in each, and in which order, are the roles'
# own declarations (SkillSpec.slots, slot and rank).
FRAMES: dict[str, SlotFrame] = {
    "黄昏1": SlotFrame(True, 10, on_open=_dusk_one),
    "黄昏2": SlotFrame(False, 20, after_uses=dusk.dusk_end),
    "早夜1": SlotFrame(False, 30, on_open=_night_start, before_uses=day_scholar.chaos),
    "早夜2": SlotFrame(True, 40),
    "午夜": SlotFrame(True, 40),
    "深夜1": SlotFrame(False, 50),
    "深夜2": SlotFrame(
        True,
        60,
        on_open=pack.announce,
        before_uses=pack.resolve,  # 杀人 comes first in 深夜2
        extra_actors=pack.actors,
        extra_done=pack.is_done,
        extra_pass=pack.pass_kill,
    ),
    "凌晨1": SlotFrame(True, 70, part="凌晨"),
    "凌晨2": SlotFrame(True, 70, part="凌晨", on_open=_send_attacks),
    "凌晨3": SlotFrame(True, 70, part="凌晨", on_open=_about_to_leave),
}
SHARED_PARTS = {frame.part for frame in FRAMES.values() if frame.part}  # a skill of these names its slot


def build_slots(night: Sequence[NightEntry]) -> list[Slot]:
    """The slots of a file's 夜晚, in its order and with its deadlines, each holding the skills the
    roles declare for it in rank order."""
    placed = _skills_by_slot()
    unknown = set(placed) - {entry.name for entry in night}
    if unknown:
        raise ValueError(f"skills declared for slots the night does not have: {sorted(unknown)}")
    return [_slot(entry, placed.get(entry.name, [])) for entry in night]


def _slot(entry: NightEntry, specs: list[skills.SkillSpec]) -> Slot:
    frame = FRAMES[entry.name]
    minutes = entry.deadline.minutes_after_close
    if minutes is None:
        raise ValueError(f"{entry.name}: a slot's deadline is counted from the door close")
    ranks = [spec.rank for spec in specs]
    if len(set(ranks)) != len(ranks):
        raise ValueError(f"{entry.name}: two skills of one rank: {[(s.name, s.rank) for s in specs]}")
    return Slot(
        entry.name,
        frame.part or entry.name,
        minutes,
        tuple(spec.name for spec in sorted(specs, key=lambda spec: spec.rank)),
        frame.ordered,
        on_open=frame.on_open,
        before_uses=frame.before_uses,
        after_uses=frame.after_uses,
        extra_actors=frame.extra_actors,
        extra_done=frame.extra_done,
        extra_pass=frame.extra_pass,
    )


def _skills_by_slot() -> dict[str, list[skills.SkillSpec]]:
    """Slot name -> the skills acting in it: the slot a skill declares, else the one its part names."""
    found: dict[str, list[skills.SkillSpec]] = {}
    for spec in skills.SKILLS.values():
        if spec.slot:
            found.setdefault(spec.slot, []).append(spec)
            continue
        if SHARED_PARTS.intersection(spec.slots):
            raise ValueError(f"{spec.name}: its part holds several slots, so it must declare its slot")
        slot = next((part for part in spec.slots if part in FRAMES), None)
        if slot is not None:
            found.setdefault(slot, []).append(spec)
    return found


# The post's night: its slots with their deadlines; what the roles find their slots in
POST_NIGHT = tuple(
    NightEntry(name, Deadline(minutes_after_close=frame.minutes)) for name, frame in FRAMES.items()
)
SLOTS: list[Slot] = build_slots(POST_NIGHT)
board_calls.connect_slots(SLOTS)


def _night_steps(night: Sequence[NightEntry]) -> list[StepSpec]:
    """The slots as night steps, each closing at the file's deadline for it (`night`: the slots in
    the post's order, which the checker holds the file to)."""
    steps = []
    previous: tuple[str, ...] = ()
    for slot, entry in zip(SLOTS, night, strict=True):
        steps.append(slot_steps.step(slot, entry.deadline, previous, _roles_acting_in(slot)))
        previous = (slot.name,)
    return steps


TAGGED = tuple(role for role, spec in ROLES.items() if tag_of(spec))  # the [群内] and [接刀] roles


def _roles_acting_in(slot: Slot) -> tuple[str, ...]:
    """The names `/时限 <身份|时段> <时长>` takes for a slot besides its own and its skills': the roles
    holding one of its skills (their other spellings too), the post's 时段 (「早夜」 names 早夜1 and 早夜2),
    and the wolves and their kill for 深夜2."""
    roles = [role for role, spec in ROLES.items() if set(spec.seat_skills) & set(slot.skills)]
    roles += [alias for alias, role in POOL.aliases.items() if role in roles]
    roles.append(slot.part.rstrip("12"))
    if slot.extra_actors is not None:
        roles += ["狼人", "狼", "狼群", "杀人", "刀", *TAGGED]
    return tuple(roles)


def progress(game: Game) -> None:
    slot_steps.progress(game, SLOTS)


# Hooks of the roles, in the post's order (roles add themselves here).
DUSK_ONE: list[Callable[[Game], None]] = [
    alchemist.second_bleeds,
    white_cat.delayed_death,
]  # after the vote in 黄昏1: the second 流血, 白猫's death
# 早夜1 opens: 玄武's refresh on odd nights, 「游戏日夜晚」 statuses (宿命, 潜藏), 病人, a prince out since 黄昏
# can no longer act, 蚀日侍女's operated seat's [秩序], 穷奇's reward of the day for the dawn's 公示
NIGHT_START: list[Callable[[Game], None]] = [
    black_tortoise.refresh_on_odd_nights,
    hunter.fate,
    agent.hide,
    patient.check,
    prince.night_start,
    eclipse_maid.check_order,
    qiongqi.carry_to_night,
]
# at 凌晨2's start: 命数感知, and the operated seat's [秩序] looked at again
DAWN_INFO: list[Callable[[Game], None]] = [black_tortoise.sense_fate, eclipse_maid.check_order]
DAWN_LIST: list[Callable[[Game], None]] = [alchemy_witch.secret_art]  # at 凌晨3's start: 魔女秘法
# after the tally: 超度 takes hold, 凋花结果's gift, 魔女秘法's 亡魂
NIGHT_END: list[Callable[[Game], None]] = [monk.at_night_end, datura.bear_fruit, alchemy_witch.ghosts]


def resolution(game: Game) -> list[Callable[[], None]]:
    return [lambda: _set_part(game, "结算"), *damage.tally(game), lambda: _night_end(game)]


def _set_part(game: Game, part: str) -> None:
    game.part = part


def _night_end(game: Game) -> None:
    """After the tally: the night-end effects, the statuses 「持续至夜晚结束」 end, and the notices
    held during the tally (statuses given by exit chains, the ends) go out."""
    for hook in NIGHT_END:
        hook(game)
    status.expire(game, Boundary("night_end", game.day))
    status.flush_notices(game)  # what the tally and the night's end gave is told now


# ---------------------------------------------------------------- what a file gives and may say

NAME = "时段夜晚"
GRACE_MINUTES = 5  # COMMANDS.md: a slot that opens at or after its deadline stays open this long
EVERY_EXIT = 99  # 遗言 首夜和放逐: no count limits it (14 seats)


def options(board_file: BoardFile) -> Options:
    """The board options a 须弥 file gives (the vote, the last words, the kill, the handoffs)."""
    words = board_file.last_words
    count = words if isinstance(words, int) else 0  # 遗言: 无 -> 0
    if words == LAST_WORDS_FIRST_NIGHT_AND_DAY:
        count = EVERY_EXIT
    return Options(
        sheriff_votes=board_file.sheriff_votes,
        last_words=count,
        wolf_group=True,
        lover_group=False,
        max_substitutes=board_file.max_substitutes,
        handoff_minutes=board_file.handoff_minutes,
        exile_tie=board_file.exile_tie,
        step_grace_minutes=GRACE_MINUTES,
        steps_wait_for_queue=True,
        first_night_kill=board_file.first_night_kill,
    )


def part(board_file: BoardFile) -> BoardPart:
    return BoardPart(
        fields={
            "options": options(board_file),
            "night_steps": _night_steps(board_file.night),
            "resolution": resolution,
        },
        skills=(
            *slot_steps.board_skills(SLOTS),
            Skill("杀人", ("刀", "杀", "杀人"), pack.vote, passes=("深夜2",)),
            Skill("指定", ("指定",), day_scholar.designate),
        ),
        hooks=BoardHooks(carries_knife=pack.carries_knife),
    )


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """The slots in the post's order, each counted from the door close; the wolves vote in their group."""
    found = _night_refusals(board_file, tuple(FRAMES))
    if board_file.kill_mode != "狼群投票":
        found.append(Refusal(("狼人",), "须弥的狼人在群内投票杀人，「狼人」只能写：狼群投票"))
    return found + _common_board_refusals(board_file)


# The keys of common-boards.md that 须弥's post has no rule for: each only at the value a file gets
# without it (须弥's own: no 自爆, its wolves' kill by majority …).
COMMON_KEYS = {
    "自爆": ("self_destruct", "不可以"),
    "吞毒自爆": ("poisoned_self_destruct", False),
    "狼刀分歧": ("kill_split", "多数"),
    "狼刀狼人": ("kill_wolves", True),
    "空刀": ("empty_kill", True),
    "封印告知": ("seal_told", True),
}


def _common_board_refusals(board_file: BoardFile) -> list[Refusal]:
    return [
        Refusal((key,), f"须弥没有「{key}」的规则：请删掉这一行")
        for key, (field, default) in COMMON_KEYS.items()
        if getattr(board_file, field) != default
    ]


def _night_refusals(board_file: BoardFile, slots: Sequence[str]) -> list[Refusal]:
    order = f"须弥的夜晚要按原帖的顺序写这{len(slots)}个时段：{listing(slots)}"
    found = []
    for index, entry in enumerate(board_file.night):
        if index >= len(slots) or entry.name != slots[index]:
            if entry.name in slots:
                found.append(Refusal(("夜晚", index), f"{order}；这一行应当是「{_expected(slots, index)}」"))
            else:
                why = f"「{entry.name}」不是须弥的时段{suggestion(entry.name, slots)}"
                found.append(Refusal(("夜晚", index), f"{why}；{order}"))
        elif entry.deadline.minutes_after_close is None:
            found.append(
                Refusal(
                    ("夜晚", index),
                    f"须弥的时段从关门时算起：「{entry.name}」的时限要写时长（如「30分钟」），不能写「次日」的钟点",
                )
            )
    written = {entry.name for entry in board_file.night}
    missing = [slot for slot in slots if slot not in written]
    if missing:
        found.append(Refusal(("夜晚",), f"夜晚缺少：{listing(missing)}；{order}"))
    return found


def _expected(slots: Sequence[str], index: int) -> str:
    return slots[index] if index < len(slots) else "（没有了）"


MECHANISM = register_mechanism(
    Mechanism(
        NAME,
        part=part,
        needs=("座位技能", "黄昏投票", "红牌", "晨曦公示", "阵营判负"),
        night_names=tuple(FRAMES),
        refuse=refuse,
    )
)
