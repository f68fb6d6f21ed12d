"""机械狼 (机械狼人, common-boards.md 3.2): a lone wolf (2.8: outside the wolf group, knowing nobody;
he takes the knife once the group has no living member) who may not 自爆.

Night 1, in his own step (`夜晚` writes 机械狼): `/学习 N号`, another living seat; at the resolution he
is told 「N号的身份是X」 — a role check (engine/checks.py, with a Check: a seat that reacts to being
checked does), moved by a swap like any check.  Not usable that night.  From night 2, in the same step,
he uses what he learned:

- 守卫: `/守护 N号` or `/守护 空` by the guard's rules (自守 as the board's 守卫; never the same seat two
  nights running); 同守同救 counts his guard too (the post's ruling), by the board's 守卫 option.
- 女巫: one poison a game, `/毒 N号` (毒杀); no save, and he does not learn the kill.
- 预言家 / 通灵师: `/预言 N号` (camp check) / `/通灵 N号` (role check) as that role, told at the
  resolution.
- 猎人: no step; leaving from the day after night 1 on, he shoots (`/开枪 N号`), never when poisoned,
  red-carded, dead by 梦亡 or on a night he is sealed (2.3).
- a role of the wolves' camp: no skill; once he holds the knife his kill lands as 穿透 (RoleDef.kill_kind:
  past 守护, 解药 and the one-night immunities such as 梦游 — ruling: every protection that lasts one
  night, not a role's own immunity such as the 咒狐's).  A knife he holds with other lone wolves is his
  too (ruling).
- any other role: no skill.

A role check of him answers the role he learned, or 「机械狼」 before he learned one (the post's
ruling: RoleDef.role_check); a camp check, 非村民阵营.  The commands he shares with other roles
(`/守护`, `/毒`, `/预言`, `/通灵`) reach him by his role (the board's dispatchers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import checks, damage, knife
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import (
    LONE_WOLF,
    ROLES,
    WOLF,
    NightPart,
    PromptDef,
    RoleDef,
    option,
    peek_seat_state,
    register,
    seat_state,
)
from bansha_engine.model import (
    GUARDED_AND_SAVED,
    POISON,
    RED_CARD,
    SHOT,
    WOLVES,
    Deadline,
    Prompt,
    Skill,
    StepSpec,
)
from bansha_engine.night_choice import checked_camp, checked_role, tell_result
from bansha_engine.parse import is_none_word
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import require_role
from bansha_engine.roles import guard, hunter, witch

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "机械狼"
STEP = "mech_wolf"
TITLE = "机械狼行动"
LEARN = "学习"
PROMPT = "mech_wolf_shot"
PROTECTION = "机械狼的守护"  # the skill of the [守护] his guard grants
GUARD, WITCH, SEER, MEDIUM, HUNTER = "守卫", "女巫", "预言家", "通灵师", "猎人"
# The learned roles with a command in his step, and the command's word
COMMANDS = {GUARD: "守护", WITCH: "毒", SEER: "预言", MEDIUM: "通灵"}
NOBODY = 0  # an empty guard (空守)


@dataclass
class Learning:
    """What this 机械狼 learned and when, and what he has done with it."""

    role: str = ""  # the learned role ("" before he learned one, or if he never did)
    night: int = 0  # the night he learned it
    poison_used: bool = False
    shot_spent: bool = False
    guarded: dict[int, int] = field(default_factory=dict)  # night -> the seat he guarded (0: nobody)


def learned(game: Game, seat: int) -> Learning:
    return peek_seat_state(game, seat, Learning)


def _learned_wolf(game: Game, seat: int) -> bool:
    role = ROLES.get(learned(game, seat).role)
    return role is not None and role.camp == WOLVES


def _acts_tonight(game: Game, seat: int) -> bool:
    """Night 1: he learns; from night 2: a learned role with a command (the poison not used yet)."""
    night = game.night
    if night is None or night.no == 1:
        return True
    state = learned(game, seat)
    return state.role in COMMANDS and not (state.role == WITCH and state.poison_used)


def _step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return StepSpec(
        id=STEP,
        title=TITLE,
        roles=(NAME,),
        actors=lambda game: [n for n in game.with_role(NAME) if _acts_tonight(game, n)],
        deadline=deadline,
        after=after,
        on_open=_open,
        on_close=_close,
        hint="第1夜 /学习 N号；第2夜起用学到的技能",
    )


def _open(game: Game) -> None:
    night = game.night
    assert night is not None
    due = game.clock(night.due[STEP])
    for seat in nights.actors(game, STEP):
        game.tell(seat, f"【第{night.no}夜】{_prompt(game, seat)}（{due}截止）")


def _prompt(game: Game, seat: int) -> str:
    night = game.night
    assert night is not None
    if night.no == 1:
        return (
            "请选择学习对象：/学习 N号（其他存活玩家），结算时得知他的身份，第2夜起可以用他的技能；或 /放弃"
        )
    role = learned(game, seat).role
    if role == GUARD:
        barred = _guarded_last_night(game, seat)
        note = f"，不能连着两晚守护{barred}号" if barred else ""
        return f"你学到了守卫：/守护 N号 或 /守护 空{note}；或 /放弃"
    if role == WITCH:
        return "你学到了女巫的毒药（整局一瓶）：/毒 N号，或 /放弃"
    word = COMMANDS[role]
    return f"你学到了{role}：/{word} N号（其他存活玩家），结果在夜晚结算时私聊给你；或 /放弃"


def _guarded_last_night(game: Game, seat: int) -> int:
    night = game.night
    assert night is not None
    return learned(game, seat).guarded.get(night.no - 1, NOBODY)


def _require(game: Game, seat: int, role: str) -> None:
    """Refuse a learned role's command to a seat that is not a 机械狼 holding that role, or not now."""
    require_role(game, seat, NAME)
    state = learned(game, seat)
    if state.role != role:
        has = f"你学到的是{state.role}" if state.role else "你还没有学到身份"
        raise Rejected(f"你没有学到{role}的技能（{has}）。")
    nights.require_actor(game, STEP, seat)


def _learn(game: Game, seat: int, args: list[str]) -> None:
    require_role(game, seat, NAME)
    night = game.night
    if night is not None and night.no > 1:
        raise Rejected("只有第1夜可以学习。")
    nights.require_actor(game, STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/学习 N号")
    target = game.living_target(args[0], not_self=seat, what="学习对象")
    nights.record(
        game, STEP, seat, (LEARN, target), f"已记录：今晚学习{target}号，结果在夜晚结算时私聊给你。"
    )


def _guard(game: Game, seat: int, args: list[str]) -> None:
    _require(game, seat, GUARD)
    if len(args) != 1:
        raise Rejected("用法：/守护 N号，或 /守护 空")
    nights.refuse_if_final(game, STEP, seat)
    if is_none_word(args[0]):
        nights.record(game, STEP, seat, (COMMANDS[GUARD], NOBODY), "已记录：今晚空守。")
        return
    self_ok = option(game, GUARD, guard.SELF_GUARD.name) == "可以"
    target = game.living_target(args[0], not_self=None if self_ok else seat, what="守护对象")
    if target == _guarded_last_night(game, seat):
        raise Rejected(f"不能连续两晚守护同一名玩家：你昨晚守护了{target}号。")
    nights.record(game, STEP, seat, (COMMANDS[GUARD], target), f"已记录：今晚守护{target}号。")


def _poison(game: Game, seat: int, args: list[str]) -> None:
    _require(game, seat, WITCH)
    if len(args) != 1:
        raise Rejected("用法：/毒 N号")
    target = game.living_target(args[0], what="毒药对象")
    nights.record(game, STEP, seat, (COMMANDS[WITCH], target), f"已记录：对{target}号使用毒药。")


def _check(role: str) -> Callable[[Game, int, list[str]], None]:
    word = COMMANDS[role]

    def check(game: Game, seat: int, args: list[str]) -> None:
        _require(game, seat, role)
        if len(args) != 1:
            raise Rejected(f"用法：/{word} N号")
        target = game.living_target(args[0], not_self=seat, what="查验对象")
        nights.record(
            game, STEP, seat, (word, target), f"已记录：今晚查验{target}号，结果在夜晚结算时私聊给你。"
        )

    return check


def _done(word: str, target: int) -> str:
    """A choice of his, for the directors' summary."""
    if word == COMMANDS[WITCH]:
        return f"对{target}号使用毒药"
    if word == COMMANDS[GUARD]:
        return f"守护{target}号" if target != NOBODY else "空守"
    return f"{'查验' if word == COMMANDS[SEER] else word}{target}号"


def _close(game: Game, timed_out: bool) -> None:
    """What was chosen is spent (the poison, the guard's night), a sealed seat's in vain too."""
    night = game.night
    assert night is not None
    for seat, made in nights.acts(game, STEP).items():
        if made is None:
            continue
        word, target = made
        state = seat_state(game, seat, Learning)
        if word == COMMANDS[GUARD]:
            state.guarded[night.no] = target
        if word == COMMANDS[WITCH]:
            state.poison_used = True
        night.notes.append(f"{seat}号（机械狼）{_done(word, target)}")


def _tonight(game: Game, word: str) -> list[tuple[int, int]]:
    """(seat, chosen) of tonight's standing choices of this kind."""
    return [(seat, target) for seat, (kind, target) in nights.choice(game, STEP).items() if kind == word]


def _results(game: Game) -> None:
    """Resolution (告知结果): what he learned, and his checks, each on the seat it lands on."""
    night = game.night
    assert night is not None
    for seat, chosen in _tonight(game, LEARN):
        target = aimed(game, seat, chosen)
        role = checks.role_of(game, target, checks.Check(seat, target, LEARN, NAME, checks.ROLE))
        state = seat_state(game, seat, Learning)
        state.role, state.night = role, night.no
        night.notes.append(f"{seat}号（机械狼）学到{chosen}号的身份：{role}")
        if game.seats[seat].alive:
            game.tell(seat, f"第{night.no}夜学习结果：{chosen}号的身份是{role}。{_what_now(role)}")
    for seat, chosen in _tonight(game, COMMANDS[SEER]):
        answer = checked_camp(game, seat, chosen, skill=COMMANDS[SEER], role=NAME)
        night.notes.append(f"{seat}号（机械狼）查验{chosen}号：{answer}")
        tell_result(game, seat, "查验", f"{chosen}号是{answer}")
    for seat, chosen in _tonight(game, COMMANDS[MEDIUM]):
        role = checked_role(game, seat, chosen, skill=COMMANDS[MEDIUM], role=NAME)
        night.notes.append(f"{seat}号（机械狼）通灵{chosen}号：{role}")
        tell_result(game, seat, "通灵", f"{chosen}号的身份是{role}")


def _what_now(role: str) -> str:
    """What a learned role gives him, told with what he learned."""
    if role in COMMANDS:
        return f"第2夜起你可以在自己的步骤里用{role}的技能（/{COMMANDS[role]}）。"
    if role == HUNTER:
        return "从现在起你离场时可以开枪（被毒杀不能）。"
    known = ROLES.get(role)
    if known is not None and known.camp == WOLVES:
        return "你没有新技能；你接刀以后，你的刀无视守护、解药和梦游。"
    return "这个身份没有你能用的技能。"


def _protect(game: Game) -> None:
    """Resolution (守护): his guarded seat holds a [守护] against the wolves' kill tonight."""
    for seat, chosen in _tonight(game, COMMANDS[GUARD]):
        if chosen != NOBODY:
            target = aimed(game, seat, chosen)
            damage.protect_tonight(game, target, PROTECTION, source=seat, against=guard.WOLF_KILL_ONLY)


def _stopped(game: Game, hit: damage.Damage) -> str:
    return f"{hit.target}号被狼人指杀，机械狼守护生效"


damage.ON_CANCEL[PROTECTION] = _stopped


def _poison_deaths(game: Game) -> None:
    """Resolution (毒药结算): his poison is 毒杀 (致死伤害)."""
    poisons = [
        damage.Damage(aimed(game, seat, chosen), damage.FATAL, seat, POISON)
        for seat, chosen in _tonight(game, COMMANDS[WITCH])
    ]
    game.push_front(damage.strike(game, poisons, lambda hit: POISON))


def _guarded_and_saved(game: Game) -> None:
    """Resolution (其他出局): a seat the wolves killed that he guarded and the 女巫 saved leaves
    (同守同救, by the board's 守卫 option), unless a 守卫 guarded it too (the 守卫 sees to that)."""
    night = game.night
    assert night is not None
    if option(game, GUARD, guard.BOTH.name) != "出局":
        return
    killed = {aimed(game, None, target) for target, source in night.kills if source in guard.WOLF_KILLS}
    mine = {aimed(game, seat, chosen) for seat, chosen in _tonight(game, COMMANDS[GUARD]) if chosen}
    both = sorted((mine - guard.guarded_tonight(game)) & witch.saved_tonight(game) & killed)
    both = [seat for seat in both if game.seats[seat].alive]  # not past his own 穿透 kill
    for seat in both:
        night.notes.append(f"{seat}号同时被机械狼守护和女巫救药：同守同救，出局")
    game.push_front([game.exit_effect(seat, GUARDED_AND_SAVED) for seat in both])


def holds_the_knife(game: Game, seat: int) -> bool:
    """He is one of those outside the group holding the wolves' knife tonight (engine/knife.py, 2.8)."""
    return knife.lone_tonight(game) and seat in knife.holders(game)


def kill_kind(game: Game, source: str) -> str | None:
    """The wolves' kill lands as 穿透 while a 机械狼 who learned a wolf holds the knife."""
    if source not in guard.WOLF_KILLS:
        return None
    piercing = [n for n in game.with_role(NAME) if _learned_wolf(game, n) and holds_the_knife(game, n)]
    return damage.PIERCE if piercing else None


def _may_shoot(game: Game, seat: int) -> bool:
    """He learned the 猎人 before now (「当夜不能用」: not on the night he learned it) and has not shot."""
    state = learned(game, seat)
    night = game.night
    return state.role == HUNTER and not state.shot_spent and (night is None or night.no > state.night)


def _barred(game: Game, seat: int, cause: str) -> str | None:
    """Why his shot is barred by this exit, or None: never when poisoned (「被毒杀不能开枪」), else as
    the board's 猎人 (「按板子猎人的选项开枪」: 2.3's fixed rules and the 猎人's options)."""
    if cause == POISON:
        return "被毒杀"
    return hunter.shot_barred(game, seat, cause, HUNTER)


def _shot(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if game.seats[seat].role != NAME or not _may_shoot(game, seat):
        return []
    seat_state(game, seat, Learning).shot_spent = True
    barred = _barred(game, seat, cause)
    if barred is not None:
        if cause != RED_CARD:
            game.tell_directors(f"{seat}号（机械狼，学到猎人）{barred}，不能开枪。")
        game.tell(seat, hunter.NO_SHOT)
        return []
    text = "你学到了猎人，可以发动最后一枪：/开枪 N号 带走一名其他角色，或 /放弃"
    return [lambda: game.open_prompt(PROMPT, seat, text)]


def _answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    hunter.take_shot(game, prompt.seat, args, role=NAME, cause=SHOT)


def role_check(game: Game, seat: int) -> str:
    return learned(game, seat).role or NAME


def describe(game: Game, seat: int) -> list[str]:
    lines = [
        "你是单身狼：不在狼群里，不投狼群的刀，也不知道狼队是谁；狼群没有存活的成员后，从下一夜起由你刀人。不能自爆。",
        "学习 —— 第1夜选择一名其他存活玩家学习他的身份（/学习 N号），结算时得知；第2夜起用学到的技能",
    ]
    state = learned(game, seat)
    if not state.role:
        return lines
    lines.append(f"学到的身份：{state.role}。{_what_now(state.role)}")
    if state.role == WITCH:
        lines.append("毒药 —— " + ("已用完" if state.poison_used else "未使用（/毒 N号）"))
    return lines


ROLE = register(
    RoleDef(
        name=NAME,
        camp=WOLVES,
        category=WOLF,
        summary="单身狼；第1夜学习一名玩家的身份（/学习 N号），第2夜起用它的技能（守卫、女巫的毒、猎人、预言家、通灵师）",
        night=lambda options: (NightPart(NAME, STEP, _step),),
        skills=lambda options: [
            Skill(LEARN, (LEARN,), _learn, passes=STEP),
            Skill("守护", (COMMANDS[GUARD],), _guard, passes=STEP),
            Skill("毒药", (COMMANDS[WITCH], "毒药"), _poison, passes=STEP),
            Skill("预言", (COMMANDS[SEER], "查验", "验"), _check(SEER), passes=STEP),
            Skill("通灵", (COMMANDS[MEDIUM],), _check(MEDIUM), passes=STEP),
        ],
        describe=describe,
        resolution={
            "告知结果": _results,
            "守护": _protect,
            "毒药结算": _poison_deaths,
            "其他出局": _guarded_and_saved,
        },
        triggers={"开枪": _shot},
        prompts=lambda options: {PROMPT: PromptDef(hunter.WORD, NAME, _answer)},
        role_check=role_check,
        kill_kind=kill_kind,
        aliases=("机械狼人",),
        pack=LONE_WOLF,
        self_destructs=False,
    )
)
