"""须弥 ([M185], rules/001): 14 seats drawn from a role pool; statuses, damage types, day parts and
ten timed night slots.  The slots, their order and deadlines are the file's 夜晚
(engine/boards/files/须弥.yaml); the skills acting in each, and in which order, are the roles' own
declarations (SkillSpec.slots, slot, rank: `build_slots`); what the board does in each slot
(`FRAMES`) and the order of the roles' hooks live here; each role is a module of engine/roles/xumi.

The day (行动顺序总集): day 1 is the 竞选日 (sheriff, no exile).  Later days: 晨曦 (from the dawn to
`/开门`), 正午 (from `/开门` to 21:00, or 20:00 on the day the door closes: day skills), then the door
close `/入夜 [HH:MM]` starts, all counted from it:
  黄昏1 +10  the vote (weights, 平票 = nobody), the second 流血, 白猫, then the day's red cards
  黄昏2 +20  定序王子 重定时间, 蚀日侍女 日光窃取; the 黄昏 exits are told and published
  早夜1 +30  互不影响:   时波增幅, 时波削弱 (时波混乱 checked at its close)
  早夜2 +40  有先后顺序: 归元 → 流光庇护 → 恐惧 → 不思议之炼金
  午夜  +40  有先后顺序: 混沌 → 摄梦 → 芬芳 → 未明之雾
  深夜1 +50  互不影响:   超度, 侦测, 黑暗侦测, 迷惑, 吞食, 惩善扬恶, 权势, 诡辩
  深夜2 +60  有先后顺序: 杀人 → 光明湮灭 → 圣光, 天火, 毒药 → 凋花结果 → 猎杀 → 伏击
  凌晨  +70  有先后顺序: 森林庇护 → 命数感知, 阴阳变转 → 魔女秘法 → 法老之蛇
  tally: 「电梯楼顺序统计出局名单」 — pending seats in seat order (engine.damage)
A slot opens when the one before it closes and stays open at least five minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from importlib import resources
from itertools import combinations
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bansha_engine import damage, skills, status, vote
from bansha_engine import night as nights
from bansha_engine import slots as slot_steps
from bansha_engine.api import Rejected, Timer
from bansha_engine.boardfile import BoardFile, NightEntry, check, problems_text
from bansha_engine.library import (
    BoardError,
    PostDef,
    Refusal,
    game_state,
    peek_game_state,
    register_post,
)
from bansha_engine.mechanisms import xumi_terms
from bansha_engine.model import (
    LAST_WORDS_FIRST_NIGHT_AND_DAY,
    RED_CARD,
    Board,
    Exit,
    Night,
    Skill,
    StepSpec,
)
from bansha_engine.parse import did_you_mean, parse_clock
from bansha_engine.pool import draw, ratio_reachable, ratio_text, violations
from bansha_engine.roles.common import prompt_lines
from bansha_engine.roles.xumi import (
    ROLES,
    agent,
    alchemist,
    alchemy_witch,
    badge,
    black_tortoise,
    board_calls,
    chaos,
    datura,
    day_scholar,
    dreamer,
    eclipse_maid,
    elder,
    goblin,
    heavenly_dog,
    hedgehog,
    hunter,
    lilupal,
    lucid,
    monk,
    pack,
    patient,
    piglet,
    piper,
    prince,
    qiongqi,
    seed_wolf,
    white_cat,
    wolf_scholar,
)
from bansha_engine.roles.xumi.common import (
    PIPER,
    VILLAGE,
    VOTE_CAUSE,
    WOLVES,
    RoleSpec,
    any_living_tagged,
    door_close,
    give_tags,
    in_group,
    noon_opened_at,
    open_noon,
    publish,
    seat_arg,
    set_door_close,
    surface_camp,
    surface_role,
    tag,
    take_dusk_publications,
)
from bansha_engine.roles.xumi.role_pool import ALL_ROLES, CAMPS, POOL
from bansha_engine.slots import Slot
from bansha_engine.timeline import Boundary, is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "须弥"
SIZE = 14

# ---------------------------------------------------------------- the roles (the pool is roles/xumi/role_pool.py)

TAGS = {role: spec.tag for role, spec in ROLES.items() if spec.tag}  # 2L: [群内] / [接刀]


def role_spec(role: str) -> RoleSpec:
    return ROLES.get(role, RoleSpec(role))


# ---------------------------------------------------------------- the slots (7L 行动顺序总集)


def _dusk_one(game: Game) -> None:
    # Lines published after the last 黄昏's 公示 went out (sent at once then) are not gathered again.
    take_dusk_publications(game)
    game.push_back(
        [
            lambda: settle_vote(game),
            *[lambda hook=hook: hook(game) for hook in DUSK_ONE],
            lambda: _day_red_cards(game),
        ]
    )
    game.drain()


def _dusk_end(game: Game, *, game_over: bool = False) -> None:
    """The end of 黄昏: its exits are told and published (投票出局 / 其他原因), with the sheriff; also
    when the game ends during 黄昏 (no last words then)."""
    dusk = [e for e in game.exits if e.when == f"第{game.day}天黄昏"]
    for exit in dusk:
        tell_exit(game, exit, last_words=not game_over)
    by_vote = sorted(e.seat for e in dusk if e.cause == VOTE_CAUSE)
    other = sorted(e.seat for e in dusk if e.cause != VOTE_CAUSE)
    listing = lambda seats: "、".join(f"{s}号" for s in seats) or "无"  # noqa: E731
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    head = (
        f"第{game.day}天黄昏：投票出局：{listing(by_vote)}；其他原因出局：{listing(other)}；警长：{sheriff}"
    )
    # 「…并公示[投票出局]和[其他原因]出局的名单…以及公示应当公示的信息」: what 黄昏 published, gathered
    game.tell_directors("公示：" + "\n".join([head, *take_dusk_publications(game)]))


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
    """The board's own part of a slot of the night: its part of the time line (凌晨 holds three
    slots), 「有先后顺序」 or 「互不影响」, and its hooks (engine/slots.py, `Slot`)."""

    ordered: bool
    part: str = ""  # "": the slot's own name
    on_open: Callable[[Game], None] | None = None
    before_uses: Callable[[Game], None] | None = None
    after_uses: Callable[[Game], None] | None = None
    extra_actors: Callable[[Game], list[int]] | None = None
    extra_done: Callable[[Game, int], bool] | None = None
    extra_pass: Callable[[Game, int], list[str]] | None = None


# The slots of the night by the names the file's 夜晚 gives them.  Their order and deadlines are the
# file's (engine/boards/files/须弥.yaml); the skills acting in each, and in which order, are the
# roles' own declarations (SkillSpec.slots, slot and rank).
FRAMES: dict[str, SlotFrame] = {
    "黄昏1": SlotFrame(True, on_open=_dusk_one),
    "黄昏2": SlotFrame(False, after_uses=_dusk_end),
    "早夜1": SlotFrame(False, on_open=_night_start, before_uses=day_scholar.chaos),
    "早夜2": SlotFrame(True),
    "午夜": SlotFrame(True),
    "深夜1": SlotFrame(False),
    "深夜2": SlotFrame(
        True,
        on_open=pack.announce,
        before_uses=pack.resolve,  # 杀人 comes first in 深夜2
        extra_actors=pack.actors,
        extra_done=pack.is_done,
        extra_pass=pack.pass_kill,
    ),
    "凌晨1": SlotFrame(True, part="凌晨"),
    "凌晨2": SlotFrame(True, part="凌晨", on_open=_send_attacks),
    "凌晨3": SlotFrame(True, part="凌晨", on_open=_about_to_leave),
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


def _shipped_file() -> BoardFile:
    """The shipped file: the slots, their order and their deadlines, and the post's options."""
    text = resources.files(__package__).joinpath("files", f"{NAME}.yaml").read_text(encoding="utf-8")
    checked = check(text)
    if checked.board is None:
        raise BoardError(problems_text(checked.problems))
    return checked.board


def refuse(board_file: BoardFile, written: frozenset[str]) -> list[Refusal]:
    """What a file naming 须弥 says that the post's mechanism cannot take (mechanisms/xumi_terms.py)."""
    return xumi_terms.refusals(board_file, written, ALL_ROLES, tuple(FRAMES))


def build(board_file: BoardFile) -> Board:
    """须弥 with the values its file says: the slots' deadlines, the vote, the last words, the kill."""
    refused = refuse(board_file, frozenset())
    if refused:
        raise BoardError(refused[0].message)
    extra = dict(BOARD.extra)
    if board_file.last_words != LAST_WORDS_FIRST_NIGHT_AND_DAY:
        del extra["has_last_words"]  # a count, or none: the engine's own rule
    return replace(
        BOARD,
        name=board_file.name,
        options=xumi_terms.options(board_file),
        night_steps=_night_steps(board_file.night),
        extra=extra,
    )


POST = register_post(
    PostDef(NAME, roles=tuple(ALL_ROLES), night_names=tuple(FRAMES), build=build, seats=SIZE, refuse=refuse)
)
SHIPPED = _shipped_file()
SLOTS: list[Slot] = build_slots(SHIPPED.night)


def _night_steps(night: Sequence[NightEntry]) -> list[StepSpec]:
    """The slots as night steps, each closing at the file's deadline for it (`night`: the slots in
    the post's order, which the checker holds the file to)."""
    steps = []
    previous: tuple[str, ...] = ()
    for slot, entry in zip(SLOTS, night, strict=True):
        steps.append(slot_steps.step(slot, entry.deadline, previous, _roles_acting_in(slot)))
        previous = (slot.name,)
    return steps


def _roles_acting_in(slot: Slot) -> tuple[str, ...]:
    """The names `/时限 <身份|时段> <时长>` takes for a slot besides its own and its skills': the roles
    holding one of its skills (their other spellings too), the post's 时段 (「早夜」 names 早夜1 and 早夜2),
    and the wolves and their kill for 深夜2."""
    roles = [role for role, spec in ROLES.items() if set(spec.skills) & set(slot.skills)]
    roles += [alias for alias, role in POOL.aliases.items() if role in roles]
    roles.append(slot.part.rstrip("12"))
    if slot.extra_actors is not None:
        roles += ["狼人", "狼", "狼群", "杀人", "刀", *TAGS]
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
# at the dawn (晨曦): 阴阳变转 +1 on even days
DAY_START: list[Callable[[Game], None]] = [black_tortoise.add_use_on_even_days]
# the first sheriff appears: 利露帕尔's 镇灵之母
ON_SHERIFF: list[Callable[[Game], None]] = [lilupal.on_first_sheriff]
# step 2 of 出局结算流程 (every one takes effect): 白猫, [混沌], 免疫下一次出局
PREVENTIONS: list[damage.Prevention] = [white_cat.prevent, chaos.prevent, alchemist.prevent]
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


# ---------------------------------------------------------------- setup: the pool


def cmd_role(game: Game, args: list[str]) -> bool:
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改配置。")
    if len(args) != 2:
        raise Rejected("用法：/身份 N号 身份")
    number = seat_arg(game, args[0])
    role = POOL.role_name(args[1])
    if role is None:
        word = args[1][:20]
        raise Rejected(
            f"须弥的身份池里没有「{word}」。{did_you_mean(word, ALL_ROLES)}可选：{'、'.join(ALL_ROLES)}"
        )
    warnings = _role_warnings(game, number, role)
    game.seats[number].role = role
    warned = f"\n注意：{'；'.join(warnings)}。/开始时会被拒绝，请改正。" if warnings else ""
    game.reply(f"{number}号的身份设为{role}（{_strength_text(role)}）。{warned}")
    return True


def _role_warnings(game: Game, number: int, role: str) -> list[str]:
    """What giving seat `number` this role breaks (each role once, N of each category): taken, so that
    `/开始` names the rule, but said at once."""
    found = []
    holder = next((s.no for s in game.seats.values() if s.role == role and s.no != number), None)
    if holder is not None:
        found.append(f"{role}已经在{holder}号了，每个身份只有一个")
    category = POOL.category_of(role)
    assert category is not None
    others = [s for s in game.seats.values() if s.no != number and s.role in category.strengths]
    if len(others) >= category.pick:
        listing = "、".join(f"{s.no}号{s.role}" for s in others)
        found.append(f"{category.name}只能有{category.pick}个，已经有{listing}")
    return found


def _strength_text(role: str) -> str:
    category = POOL.category_of(role)
    strength = POOL.strength(role)
    return f"{category.name if category else ''}，强度{strength}" if strength else "独立"


def cmd_deal(game: Game, args: list[str]) -> bool:
    """/发牌: draw the missing roles under the pool's rules, then deal them to the empty seats."""
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改配置。")
    empty = [s for s in game.seats.values() if s.role is None]
    if not empty:
        raise Rejected("所有座位都已经有身份了。")
    fixed = [s.role for s in game.seats.values() if s.role]
    hopeless = _hopeless_rules(fixed)
    drawn = None if hopeless or not ratio_reachable(POOL, fixed) else draw(POOL, fixed, game.rng)
    if drawn is None:
        low, high = POOL.ratio
        why = "；".join(hopeless) or f"剩下的身份无论怎么抽，倍率都到不了{low:g}～{high:g}"
        raise Rejected(f"按已指定的身份抽不出符合规则的板子，请调整已指定的身份：{why}")
    game.rng.shuffle(drawn)
    for seat, role in zip(empty, drawn, strict=True):
        seat.role = role
    game.reply("已发牌：\n" + board_text(game))
    return True


def _hopeless_rules(fixed: list[str]) -> list[str]:
    """The pool rules the hand-set roles break for good: a category over its count, a role twice, and
    the pairing rules adding one or two drawable roles cannot mend (both 种狼 and 蚀日侍女 set)."""
    room = {c.name: c.pick - sum(1 for r in fixed if r in c.strengths) for c in POOL.categories}
    found = [
        f"{c.name}须有{c.pick}个（现在{c.pick - room[c.name]}个）"
        for c in POOL.categories
        if room[c.name] < 0
    ]
    twice = sorted({role for role in fixed if fixed.count(role) > 1})
    found += ["同一身份只能有一个：" + "、".join(twice)] if twice else []
    drawable = [r for c in POOL.categories if room[c.name] > 0 for r in c.strengths if r not in fixed]
    additions = [(), *((r,) for r in drawable), *combinations(drawable, 2)]
    return found + [
        rule.text for rule in POOL.rules if not any(rule.keeps({*fixed, *more}) for more in additions)
    ]


def board_text(game: Game) -> str:
    roles = [s.role or "" for s in game.seats.values()]
    lines = []
    for category in POOL.categories:
        chosen = [(s.no, s.role) for s in game.seats.values() if s.role in category.strengths]
        items = "、".join(f"{no}号{role}{POOL.strength(role or '') or ''}" for no, role in chosen)
        lines.append(f"{category.name}：{items}")
    lines.append(ratio_text(POOL, roles))
    return "\n".join(lines)


def check_board(game: Game) -> None:
    """/开始 refuses a board that breaks a rule of the pool, and names the rule."""
    problems = violations(POOL, [s.role or "" for s in game.seats.values()])
    if problems:
        raise Rejected("板子不符合规则：\n" + "\n".join(f"· {p}" for p in problems))


# ---------------------------------------------------------------- the start


def on_start(game: Game) -> None:
    game.part = "竞选日"
    give_tags(game, {seat.no: TAGS[seat.role] for seat in game.seats.values() if seat.role in TAGS})
    for seat in game.seats.values():
        spec = role_spec(seat.role or "")
        for name in spec.skills:
            skills.give(game, seat.no, name)
    for seat in game.seats.values():
        spec = role_spec(seat.role or "")
        if spec.on_start is not None:
            spec.on_start(game, seat.no)
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


# ---------------------------------------------------------------- the day


@dataclass
class Election:
    """Whether the 竞选日's sheriff (or that it has none) is recorded."""

    recorded: bool = False


def cmd_sheriff(game: Game, args: list[str]) -> bool:
    """竞选日: `/警长 N号` or `/警长 无` (「平票则没有警长」); `/警长` alone counts the day's ballots."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if game.day != 1 or game.night is not None:
        raise Rejected("警长只在竞选日（第1天）选出；之后警徽由殉职移交。")
    if peek_game_state(game, Election).recorded:
        raise Rejected("竞选日的警长已经记录过了。")
    if len(args) > 1:
        raise Rejected("用法：/警长 N号、/警长 无，或只发 /警长 按录入的选票统计")
    if not args:
        leaders = vote.top(game)
        number = leaders[0] if len(leaders) == 1 else None
    elif args[0] in ("无", "空", "平票"):
        number = None
    else:
        number = game.living_target(args[0], what="警长")
    game_state(game, Election).recorded = True
    if number is None:
        game.reply("已记录：竞选日没有选出警长（平票或无人当选）。")
        publish(game, "竞选日没有警长")
        return True
    game.sheriff = number
    game.tell(
        number,
        f"你当选警长：投票时你的票多计{badge.extra_vote(game):g}票；出局时须移交警徽或撕掉（/移交 N号 或 /移交 无）。",
    )
    game.reply(f"已记录：{number}号当选警长。")
    publish(game, f"{number}号当选警长")
    for hook in ON_SHERIFF:
        hook(game)
    game.drain()
    return True


def cmd_open_door(game: Game, args: list[str]) -> bool:
    """`/开门`: the discussion opens; 正午 skills are taken until 21:00 (20:00 on a closing day)."""
    if game.phase != "day" or game.part != "晨曦":
        raise Rejected("只有在晨曦（夜晚结算后、开门前）才能开门。" if game.day > 1 else "竞选日没有开门。")
    game.reply(f"第{game.day}天开门：正午技能可发动至{game.clock(noon_end_at(game))}。")
    open_door(game)
    return True


def open_door(game: Game) -> None:
    """正午 begins: the statuses 「持续至下一个[正午]阶段开始」 end, then the NOON_START hooks.  Its
    window closes at 21:00 (20:00) of the day the door opened, even when the bot only sees the
    clock again after midnight."""
    game.part = "正午"
    open_noon(game)
    status.expire(game, Boundary("noon_start", game.day))
    publish(game, f"第{game.day}天开门")
    for hook in NOON_START:
        hook(game)


def _prompt_noon_skills(game: Game) -> None:
    slot_steps.prompt_day_skills(game, game.clock(noon_end_at(game)))


# 寡言 holders published, 天狗's 不死 begins, 定序王子's extra vote announced, the holders of 正午 skills told
NOON_START: list[Callable[[Game], None]] = [
    piper.publish_holders,
    heavenly_dog.at_noon_start,
    prince.announce_extra_vote,
    _prompt_noon_skills,
]
NOON_END: list[Callable[[Game], None]] = [prince.settle_extra_vote]  # the last moment of 正午


def noon_end_at(game: Game) -> float:
    """「正午类技能只能在每天的开门至21:00（若当天关门则为20:00）发动」."""
    zone = ZoneInfo(game.timezone)
    opened = noon_opened_at(game) if game.part == "正午" else None
    today = datetime.fromtimestamp(opened if opened is not None else game.now, zone)
    closing = door_close(game)
    closes_today = closing is not None and datetime.fromtimestamp(closing, zone).date() == today.date()
    hour = 20 if closes_today else 21
    return today.replace(hour=hour, minute=0, second=0, microsecond=0).timestamp()


def end_noon(game: Game) -> None:
    if game.part != "正午":
        return
    for hook in NOON_END:
        hook(game)
    game.part = "傍晚"
    status.expire(game, Boundary("noon_end", game.day))
    game.tell_directors(f"第{game.day}天正午结束：正午技能不再接受。")


def cmd_close_door(game: Game, args: list[str]) -> bool:
    """`/入夜 [HH:MM]` (关门): now, or at a clock time later today; 黄昏1 begins at the door close."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if game.phase == "night":
        raise Rejected("已经关门了。")
    if game.busy():
        raise Rejected("还有待处理的决定，可用 /推进 按超时处理。")
    if game.day == 1 and not peek_game_state(game, Election).recorded:
        raise Rejected("竞选日还没有记录警长：请先 /警长 N号 或 /警长 无。")
    door = parse_clock(args[0], game.now, game.timezone) if args else game.now
    if args:
        from bansha_engine.game import refuse_a_door_close_already_over  # the game imports the boards

        refuse_a_door_close_already_over(game, args[0], door)
    if game.part == "晨曦":  # the door opens first: what starts with 正午 is not skipped
        game.tell_directors(f"第{game.day}天还没开门：先按开门处理，再关门。")
        open_door(game)
    if door > game.now + 1:
        set_door_close(game, door)
        game.reply(
            f"已设定第{game.day}天关门时间：{game.clock(door)}（正午技能截至{game.clock(noon_end_at(game))}）。"
        )
        return True
    close_door(game, min(door, game.now))
    return True


def close_door(game: Game, door: float) -> None:
    set_door_close(game, None)
    end_noon(game)
    if game.phase == "opening":
        game.phase = "day"
    game.tell_directors(f"第{game.day}天关门（{game.clock(door)}）：进入黄昏。")
    nights.start(game, door)


def timers(game: Game) -> list[Timer]:
    found = []
    if game.phase == "day" and game.part == "正午":
        found.append(Timer(f"noon:{game.day}", noon_end_at(game)))
    door = door_close(game)
    if game.phase == "day" and door is not None:
        found.append(Timer(f"door:{game.day}", door))
    return found


def on_timer(game: Game, kind: str, rest: str) -> bool:
    if rest != str(game.day) or game.phase != "day":
        return False
    if kind == "noon":
        if game.part != "正午" or game.now < noon_end_at(game) - 0.001:
            return False
        end_noon(game)
        return True
    door = door_close(game)
    if door is None or game.now < door - 0.001:
        return False
    close_door(game, door)
    return True


# ---------------------------------------------------------------- 黄昏1: the vote


def vote_weight(game: Game, voter: int) -> float:
    """Weight 1, +0.5 for the sheriff, +1 for [独裁] (however many), + the board's bonuses; 0 under [迷魂]
    and for a seat that has left (「角色出局后，不能继续参与讨论、投票」)."""
    if not game.seats[voter].alive or status.has(game, voter, "迷魂"):
        return 0.0
    total = 1.0 + (badge.extra_vote(game) if game.sheriff == voter else 0.0)
    if status.has(game, voter, "独裁"):
        total += 1
    return total + sum(bonus(game, voter) for bonus in VOTE_BONUSES)


# 狼学者: +1 per guessed target that left
VOTE_BONUSES: list[Callable[[Game, int], float]] = [wolf_scholar.vote_bonus]
# 超限锁定: ×2 on its target that day
VOTE_MULTIPLIERS: list[Callable[[Game, int], float]] = [lucid.vote_multiplier]


def vote_multiplier(game: Game, target: int) -> float:
    """超限锁定's ×2; a ballot for a seat that has left counts nothing (「如果投票的角色在正午就已出局…可以
    进行一次改票」: such a ballot is void until its voter changes it)."""
    if not game.seats[target].alive:
        return 0.0
    result = 1.0
    for rule in VOTE_MULTIPLIERS:
        result *= rule(game, target)
    return result


NOBODY = 0  # `/放逐 无`


@dataclass
class RecordedExile:
    """`/放逐 N号|无` before the door closes: the seat the day's vote sends out, or NOBODY; None while
    the ballots decide."""

    seat: int | None = None


def settle_vote(game: Game) -> None:
    """黄昏1: the top seat leaves unless a status saves it; a tie (平票) sends nobody out."""
    if game.day == 1:
        return  # the 竞选日's vote elects the sheriff only
    recorded = peek_game_state(game, RecordedExile)
    forced, recorded.seat = recorded.seat, None
    if forced == NOBODY:
        leaders: list[int] = []
    else:
        leaders = [forced] if forced is not None else _top_after_tie_rule(game)
    night = game.night
    assert night is not None
    if len(leaders) != 1:
        night.notes.append(f"第{game.day}天投票：{'平票' if leaders else '无人得票'}，无人出局")
        publish(game, f"第{game.day}天投票：{'平票，' if leaders else ''}无人出局")
        return
    target = leaders[0]
    if not damage.deal(game, damage.Damage(target, damage.VOTE, None, VOTE_CAUSE)):
        night.notes.append(f"第{game.day}天投票：最高票{target}号，状态抵消，不出局")
        publish(game, f"第{game.day}天投票：最高票{target}号，平安日")
    else:  # 「将只宣布当天谁是最高票」, also when a prevention (白猫, [混沌]) keeps it in
        publish(game, f"第{game.day}天投票：最高票{target}号")


def _top_after_tie_rule(game: Game) -> list[int]:
    """The top seats of the count; under 平票: 警长投票的角色出局 a tie the sheriff voted in sends
    that seat out (a tie without the sheriff's ballot on a top seat stays a tie)."""
    leaders = vote.top(game)
    if len(leaders) > 1 and game.board.options.exile_tie == "sheriff_choice":
        chosen = vote.sheriff_choice(game)
        return [chosen] if chosen is not None else leaders
    return leaders


def cmd_exile(game: Game, args: list[str]) -> bool:
    """On 须弥 the vote is settled at the door close from the ballots; `/放逐 N号|无` records the
    result directly instead, `/放逐` alone shows what the ballots give now — or, in the 正午 of
    定序王子's extra vote, settles that vote (as `/额外投票`)."""
    if game.phase != "day" or game.day < 2:
        raise Rejected("只有第二天及以后的白天（关门前）才能记录放逐结果。")
    if not args and prince.extra_vote_today(game) and game.part == "正午":
        return prince.cmd_extra_vote(game, args)  # 定序王子's extra vote is the one to settle now
    if not args:
        game.reply(vote.report(game) + "\n关门时按票型自动结算（也可 /放逐 N号 或 /放逐 无 直接记录）。")
        return False
    if len(args) != 1:
        raise Rejected("用法：/放逐 N号 或 /放逐 无")
    if args[0] in ("无", "空", "平票"):
        game_state(game, RecordedExile).seat = NOBODY
        game.reply("已记录：今天投票无人出局（关门时生效）。")
        return True
    number = game.living_target(args[0], what="放逐对象")
    game_state(game, RecordedExile).seat = number
    game.reply(f"已记录：今天投票{number}号出局（关门时在黄昏1结算）。")
    return True


# ---------------------------------------------------------------- red cards and director rulings


@dataclass
class RedCards:
    """Red cards: how many each camp's seats got (dead ones too), and the seats carded by day, who
    leave after 黄昏1's vote."""

    by_camp: dict[str, int] = field(default_factory=dict)
    by_day: list[int] = field(default_factory=list)


def cmd_red_card(game: Game, args: list[str]) -> bool:
    """`/罚下 N号`: dead seats too (「已出局角色仍可被判罚」); two in one camp judge it lost; by day the
    exit waits until the vote is settled (「白天红牌罚下导致的出局结算在投票结算之后执行」)."""
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if len(args) != 1:
        raise Rejected("用法：/罚下 N号")
    number = seat_arg(game, args[0])
    seat = game.seats[number]
    cards = game_state(game, RedCards).by_camp
    cards[seat.camp] = cards.get(seat.camp, 0) + 1
    game.reply(f"已记录：{number}号红牌（{seat.camp}累计{cards[seat.camp]}张）。")
    if cards[seat.camp] >= 2:
        lose_camp(game, seat.camp, "累计两张红牌")
    if seat.alive and game.phase == "day" and game.day > 1:
        game_state(game, RedCards).by_day.append(number)
        game.tell_directors(f"{number}号红牌罚下：白天的红牌在黄昏1投票结算后执行。")
    elif seat.alive:
        game.push_front([lambda: game.leave(number, RED_CARD)])
        game.drain()
        nights.after_queue(game)
    check_end(game)
    return True


def _day_red_cards(game: Game) -> None:
    cards = peek_game_state(game, RedCards)
    carded, cards.by_day = cards.by_day, []
    for number in carded:
        game.push_back([lambda number=number: game.leave(number, RED_CARD)])


def cmd_lose(game: Game, args: list[str]) -> bool:
    """`/判负 <阵营>`: the director judges a camp lost (「导演视情况决定是否判负该玩家所在阵营」)."""
    camps = {
        "村民": VILLAGE,
        "村民阵营": VILLAGE,
        "狼人": WOLVES,
        "狼人阵营": WOLVES,
        "吹笛者": PIPER,
        "吹笛者阵营": PIPER,
        "吹笛人": PIPER,
        "吹笛人阵营": PIPER,
        "三方": PIPER,
        "三方阵营": PIPER,
    }
    if len(args) != 1 or args[0] not in camps:
        raise Rejected("用法：/判负 村民阵营|狼人阵营|吹笛者阵营")
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    camp = camps[args[0]]
    if camp in lost_camps(game):
        raise Rejected(f"{camp}已经判负了。")
    lose_camp(game, camp, "导演判负")
    game.reply(f"已判负：{camp}。")
    check_end(game)
    return True


# ---------------------------------------------------------------- exits


def exit_notice_held(game: Game) -> bool:
    """「在黄昏阶段…出局的角色…会在黄昏阶段结束后通知」: a 黄昏 exit (and its last words) is told when
    黄昏 ends (`_dusk_end`)."""
    return game.part.startswith("黄昏")


def announce_exit(game: Game, exit: Exit) -> None:
    """「角色出局时将收到通知」: 黄昏 exits are told when 黄昏 ends; the others at once (a night exit
    happens at the tally).  正午 exits are published at once."""
    if exit_notice_held(game):
        return
    tell_exit(game, exit)
    if game.part == "正午":
        publish(game, f"{exit.seat}号出局")


def tell_exit(game: Game, exit: Exit, *, last_words: bool = True) -> None:
    """The exit notice, with the offer of last words when the seat has them."""
    text = f"你已出局（{exit_cause_text(exit)}）。"
    if last_words and exit.seat in game.last_words_offered:
        until = game.last_words_until[exit.seat]  # the night whose start closes them (engine.game)
        text += f"\n你有遗言权利：请在第{until}夜开始前私聊发送「/遗言 内容」，不发视为放弃。"
    game.tell(exit.seat, text)


def exit_cause_text(exit: Exit) -> str:
    if exit.cause == RED_CARD:
        return "红牌罚下"
    if exit.cause == VOTE_CAUSE:
        return "被放逐"
    kinds = "、".join(dict.fromkeys(d.kind for d in exit.damages))
    return f"{exit.cause}，{kinds}" if kinds else exit.cause


def has_last_words(game: Game, seat: int, cause: str) -> bool:
    """「首夜出局和所有白天出局的角色都有遗言」; 「红牌罚下出局的角色没有遗言权利」."""
    return cause != RED_CARD and (not is_night(game.part) or game.day == 1)


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


# ---------------------------------------------------------------- the tally and the dawn


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


def dawn_report(game: Game, night: Night) -> list[str]:
    """The directors' summary: the night's exits in seat order (电梯楼), actions, timeouts, 公示 draft."""
    exits = sorted((e for e in game.exits if e.when == f"第{night.no}夜"), key=lambda e: e.seat)
    headline = "出局：" + "、".join(f"{e.seat}号" for e in exits) if exits else "平安夜"
    lines = [f"第{night.no}夜结算：{headline}"]
    lines += [f"{e.seat}号（{game.seats[e.seat].role}）：{exit_cause_text(e)}" for e in exits]
    lines += nights.action_lines(game, night)
    lines.append(f"公示草稿（第{night.no + 1}天）：")
    lines.append(f"第{night.no}夜出局：{'、'.join(f'{e.seat}号' for e in exits) or '平安夜'}")
    lines += night.publications
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    living = game.alive()
    lines.append(f"警长：{sheriff}")
    lines.append(f"存活（{len(living)}人）：{'、'.join(f'{n}号' for n in living)}")
    return lines + _last_words_to_publish(game)


@dataclass
class WordsDrafted:
    """The seats whose last words a dawn's 公示 draft has carried."""

    seats: set[int] = field(default_factory=set)


def _last_words_to_publish(game: Game) -> list[str]:
    """「每个游戏日白天开始时，公示前一天出局角色名单及遗言」: the last words received since the last draft."""
    drafted = game_state(game, WordsDrafted).seats
    fresh = [(seat, text) for seat, text in game.last_words.items() if seat not in drafted]
    drafted.update(seat for seat, _ in fresh)
    return ["遗言：", *(f"{seat}号：{text}" for seat, text in fresh)] if fresh else []


def on_dawn(game: Game) -> None:
    """The night's summary is out: the camps lost in the tally are judged together, then the day starts."""
    game.part = "晨曦"
    check_end(game)
    if game.ended:
        return
    for hook in DAY_START:
        hook(game)


# ---------------------------------------------------------------- camps: lost and won (6L)


PRIORITY = (PIPER, WOLVES, VILLAGE)  # 「同时判负时…按照优先级获胜：三方＞狼人＞村民」
NEW_WOLF_MAKERS: list[Callable[[Game], bool]] = [seed_wolf.can_make_wolves]  # 种狼 able to 感染
PIPER_WINS: list[Callable[[Game], bool]] = [piper.wins]  # the piper's own win condition


@dataclass
class LostCamps:
    """The camps judged lost, in the order they lost."""

    camps: tuple[str, ...] = ()


def lost_camps(game: Game) -> set[str]:
    return set(peek_game_state(game, LostCamps).camps)


def lose_camp(game: Game, camp: str, why: str) -> None:
    """「阵营被判负后，不予公示，且属于该阵营的角色并不会出局」: the directors are told, nobody else."""
    lost = game_state(game, LostCamps)
    if camp not in lost.camps:
        lost.camps += (camp,)
        game.tell_directors(f"{camp}判负（{why}，不公示，该阵营角色继续游戏）。")


def _village_lost(game: Game) -> bool:
    """「1 验人系+强神全部出局；2 验人系+弱神全部出局；3 验人系出局+强神或弱神判负数量减少4人」, with
    哥布林 lowering the two thresholds and infected seats counting as gone."""

    def gone_of_present(roles: dict[str, int | None]) -> tuple[int, int]:
        holding = [s for s in game.seats.values() if s.role in roles]
        return sum(1 for s in holding if not (s.alive and s.camp == VILLAGE)), len(holding)

    verifiers, strong, weak = (c.strengths for c in POOL.categories[1:4])
    gone, present = gone_of_present(verifiers)
    if gone < present:
        return False
    cut = goblin.threshold_cuts(game)
    for roles in (strong, weak):
        gone, present = gone_of_present(roles)
        if gone >= max(0, present - cut):
            return True
    return False


def _wolves_lost(game: Game) -> bool:
    """「狼人阵营不存在任何[群内]或[接刀]的角色，且无法产生新的[群内]或[接刀]角色」."""
    return not any_living_tagged(game) and not any(maker(game) for maker in NEW_WOLF_MAKERS)


def _piper_lost(game: Game) -> bool:
    return not any(s.alive for s in game.seats.values() if s.camp == PIPER)


CAMP_LOST = {PIPER: _piper_lost, WOLVES: _wolves_lost, VILLAGE: _village_lost}


def judge(game: Game) -> str | None:
    """「仅一个阵营未判负时自动获胜」; the piper also wins by his own condition.  The night's tally
    (「电梯楼顺序统计出局名单」) is one moment: camps it takes out are judged together when it is over
    (on_dawn), so that 「同时判负时…按照优先级获胜」 and not the seat order decides."""
    if game.part == "结算":
        return None
    winner = _winner(game)
    if winner is not None and game.part.startswith("黄昏"):
        _dusk_end(game, game_over=True)  # its exits were held for the end of 黄昏, which never comes
    return winner


def _winner(game: Game) -> str | None:
    before = lost_camps(game)
    if PIPER not in before and any(rule(game) for rule in PIPER_WINS):
        return PIPER
    newly = [camp for camp in PRIORITY if camp not in before and CAMP_LOST[camp](game)]
    for camp in newly:
        lose_camp(game, camp, "胜负判定")
    standing = [camp for camp in PRIORITY if camp not in before and camp not in newly]
    if len(standing) == 1:
        return standing[0]
    if not standing:
        return newly[0] if newly else None
    return None


def check_end(game: Game) -> None:
    """The win check outside an exit (a red card on a dead seat, /判负, the piper's spell …)."""
    if game.ended:
        return
    winner = judge(game)
    if winner is not None:
        game.finish(winner)


board_calls.connect(board_calls.BoardCalls(slots=SLOTS, check_end=check_end))  # what the roles call back


# ---------------------------------------------------------------- what players and directors see


def describe(game: Game, seat: int) -> str:
    info = game.seats[seat]
    spec = role_spec(info.role or "")
    state = "存活" if info.alive else "已出局"
    lines = [f"你是{game.label()}的{seat}号，身份：{info.role}，阵营：{info.camp}，{state}。"]
    if tag(game, seat):
        lines.append(f"标签：[{tag(game, seat)}]")
    if game.sheriff == seat:
        lines.append(f"你是警长（投票多计{badge.extra_vote(game):g}票）。")
    if spec.text:
        lines.append(f"技能：{spec.text}")
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


PROMPT_WORDS = {badge.PROMPT: badge.WORD}

BOARD = Board(
    name=NAME,
    size=SIZE,
    roster=dict.fromkeys(ALL_ROLES, 1),
    camps=CAMPS,
    options=xumi_terms.options(SHIPPED),
    night_steps=_night_steps(SHIPPED.night),
    resolution=resolution,
    skills=[
        *slot_steps.board_skills(SLOTS),
        Skill("杀人", ("刀", "杀", "杀人"), pack.vote, passes=("深夜2",)),
        Skill("狂妄", ("狂妄",), goblin.declare),
        Skill("指定", ("指定",), day_scholar.designate),
    ],
    on_start=on_start,
    start_done=lambda game: True,
    finish_start=lambda game: None,
    before_exit=before_exit,
    on_exit=on_exit,
    after_exit=after_exit,
    judge=judge,
    describe=describe,
    answer_prompt={badge.PROMPT: badge.answer},
    prompt_words=PROMPT_WORDS,
    prompt_roles={badge.PROMPT: "警长"},
    extra={
        "status_marks": status_marks,
        "forced_prompts": (),
        "carries_knife": pack.carries_knife,
        "preventions": PREVENTIONS,
        "vote_weight": vote_weight,
        "vote_multiplier": vote_multiplier,
        "timers": timers,
        "timer_kinds": ("noon", "door"),
        "on_timer": on_timer,
        "announce_exit": announce_exit,
        "has_last_words": has_last_words,
        "dawn_report": dawn_report,
        "on_dawn": on_dawn,
        "check_board": check_board,
        "check_end": check_end,
        "director_help": [
            "/开门：讨论日开门（正午技能从此可用至21:00，关门当天至20:00）",
            "/入夜 [HH:MM]：关门；黄昏1按票型结算投票（/放逐 N号 或 /放逐 无 可直接记录结果）",
            "/额外投票（或正午时 /放逐）：结算定序王子带来的正午额外投票",
            "/判负 阵营：判负一个阵营（村民阵营、狼人阵营、吹笛者阵营）",
            "/寡言违规 N号：记录[寡言]违规（永久[沉默][遗忘]）",
            "/宣言 N号：记录哥布林的狂妄宣言",
            "/罚下 N号：红牌罚下，已出局的角色也可以；同一阵营两张红牌判负",
        ],
        "director_commands": {
            "身份": cmd_role,
            "发牌": cmd_deal,
            "警长": cmd_sheriff,
            "开门": cmd_open_door,
            "入夜": cmd_close_door,
            "关门": cmd_close_door,
            "放逐": cmd_exile,
            "罚下": cmd_red_card,
            "判负": cmd_lose,
            "宣言": goblin.cmd_declare,
            "寡言违规": piper.cmd_breach,
            "额外投票": prince.cmd_extra_vote,
        },
    },
)
