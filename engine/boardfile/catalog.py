"""The role library as directors read it: /身份库 and /身份库 <身份>.

Everything here comes from the roles' own declarations (library.RoleDef): their summary, their
options with every value and the default, their commands and their night steps.
"""

from __future__ import annotations

from typing import get_args

from bansha_engine import library
from bansha_engine.boardfile.loader import SHARED_KNIFE
from bansha_engine.boardfile.schema import BOARD_WIDE_OPTIONS, NO_WORDS, FileModel, closest, listing
from bansha_engine.library import OptionDef, RoleDef

CATEGORY_ORDER = (library.WOLF, library.GOD, library.VILLAGER)
# The board-wide keys a wolf reads, at the defaults a file gets without them (schema.FileModel).
_FIELDS = FileModel.model_fields
WOLF_DEFAULTS = {"刀人方式": _FIELDS["kill_mode"].default, "首夜刀人": _FIELDS["first_night_kill"].default}
KILL_MODES: tuple[str, ...] = get_args(_FIELDS["kill_mode"].annotation)
EITHER_NO = "（「不能」和「不可以」都可以写，意思一样）"


def library_text() -> str:
    """Every role a board file may use, grouped by category, with its options and their defaults."""
    if not library.ROLES:
        return "身份库里还没有身份。"
    lines = ["身份库（板子文件的「身份」里可以写的身份）："]
    categories = [
        *CATEGORY_ORDER,
        *sorted({role.category for role in library.ROLES.values()} - set(CATEGORY_ORDER)),
    ]
    for category in categories:
        roles = [role for role in library.ROLES.values() if role.category == category]
        if not roles:
            continue
        lines.append(f"【{category}】")
        lines += [
            f"{role.name}：{role.summary}{_options_brief(library.settable_options(role.name))}"
            for role in roles
        ]
    for post in library.POSTS.values():
        if post.listed:
            lines.append(f"【规则「{post.name}」】（写「规则: {post.name}」时可用）{listing(post.roles)}")
    for name in library.FILE_MECHANISMS:
        mechanism = library.named_mechanism(name)
        if mechanism is not None and mechanism.roles:
            lines.append(f"【机制「{name}」】（「机制」里写了「{name}」时可用）{listing(mechanism.roles)}")
    lines.append("发送 /身份库 <身份> 查看一个身份的技能和设置。")
    return "\n".join(lines)


def role_text(name: str) -> str | None:
    """One role: its camp, summary, commands and night steps, and every option with its values,
    its default and what it does. None when there is no such role (see closest_roles)."""
    role = library.ROLES.get(library.canonical(name))
    if role is None:
        return None
    lines = [f"{role.name}（{role.camp}，{role.category}）", role.summary]
    options = library.settable_options(role.name)
    defaults = {option.name: option.default for option in options}
    lines += _role_acts(role, defaults)
    for value, variant in library.variants(role.name):
        lines.append(f"「{library.VARIANT}: {value}」时：{variant.summary}")
        lines += [f"  {line}" for line in _role_acts(variant, {**defaults, library.VARIANT: value})]
    if library.holds_other_kills(role, defaults, lambda part: library.part_needed(part, (role.name,))):
        lines.append(f"有它的板子，狼群以外的杀人也都用 /刀：「狼人」要写「{SHARED_KNIFE}」。")
    elif library.holds_other_kills(role, defaults):
        lines.append(
            f"{_with_whom(role, defaults)}，狼群以外的杀人也都用 /刀：「狼人」要写「{SHARED_KNIFE}」。"
        )
    settable = [option for option in options if option.name not in BOARD_WIDE_OPTIONS]
    if settable:
        lines.append(f"设置（写成「{role.name}: {{数量: 1, {settable[0].name}: {settable[0].default}}}」）：")
        lines += [_option_line(option) for option in settable]
    else:
        lines.append(f"没有设置，写「{role.name}: 数量」即可。")
    if role.category == library.WOLF:
        lines.append(f"整个板子的「狼人」（{'|'.join(KILL_MODES)}）和「首夜刀人」（可以|不可以）也对它生效。")
    return "\n".join(lines)


def closest_roles(name: str) -> list[str]:
    """The roles nearest to a name that is not one (预知家 → 预言家)."""
    return closest(name, library.ROLES)


def _options_brief(options: tuple[OptionDef, ...]) -> str:
    settable = [option for option in options if option.name not in BOARD_WIDE_OPTIONS]
    if not settable:
        return ""
    return "（设置：" + "；".join(f"{option.name} 默认{option.default}" for option in settable) + "）"


def _option_line(option: OptionDef) -> str:
    either = EITHER_NO if any(value in NO_WORDS for value in option.values) else ""
    return f"  {option.name}：{'|'.join(option.values)}，默认{option.default}。{option.doc}{either}"


def _role_acts(role: RoleDef, options: dict[str, str]) -> list[str]:
    """The role's commands, night steps and prompts; a wolf's part in the wolves' kill once, by the
    board's kill mode (the same for every wolf)."""
    if not library.pack_kind(role):
        return _acts(role, options) + _prompt_lines(role, options)
    options = {**options, **WOLF_DEFAULTS}  # the board-wide keys a wolf's options carry
    kill = _kill_mode_lines() if library.pack_kind(role) == library.PACK_MEMBER else [LONE_KILL_LINE]
    return _acts(role, options) + _prompt_lines(role, options) + kill


# A lone wolf's part in the kill (common-boards.md 2.8), whatever the file's 狼人
LONE_KILL_LINE = "单身狼：不在狼群里，不投狼群的刀；狼群没有存活的狼人以后，从下一夜起私聊 /刀 N号 或 /刀 空（夜晚写：狼人）"


def _kill_mode_lines() -> list[str]:
    """What the wolves' kill asks of each wolf under every value of the file's 狼人."""
    parts = []
    for mode in KILL_MODES:
        mechanism = library.MECHANISMS[mode]
        words = [f"/{skill.words[0]}" for skill in mechanism.skills(()) if skill.words]
        words += [f"/{prompt.word}" for prompt in mechanism.prompts.values()]
        steps = [part.name for part in library.mechanism_night(mechanism, WOLF_DEFAULTS)]
        parts.append(f"「狼人: {mode}」{listing(list(dict.fromkeys(words)))}（夜晚写：{listing(steps)}）")
    return ["和狼群一起杀人：" + "；".join(parts)]


def _prompt_lines(role: RoleDef, options: dict[str, str]) -> list[str]:
    """The commands the role answers when its turn comes (/开枪 …), with these options."""
    prompts = list(dict.fromkeys(f"/{prompt.word}" for prompt in role.prompts(options).values()))
    return [f"轮到时回答的命令：{listing(prompts)}"] if prompts else []


def _acts(role: RoleDef, options: dict[str, str]) -> list[str]:
    """The role's commands and night steps (its mechanisms' and its kill mode's too) with these options."""
    lines = []
    skills = [*role.skills(options)]
    skills += [skill for mechanism in library.brought_mechanisms(role) for skill in mechanism.skills(())]
    words = [skill.words[0] for skill in skills if skill.words]
    commands = list(dict.fromkeys(f"/{word}" for word in words))
    if commands:
        lines.append(f"命令：{listing(commands)}")
    parts = [*role.night(options)]
    parts += [part for m in library.brought_mechanisms(role) for part in library.mechanism_night(m, options)]
    steps = list(dict.fromkeys(part.name + _only_with(part, role.name) for part in parts))
    if steps:
        lines.append(f"夜里的行动（在「夜晚」里写它的时限）：{listing(steps)}")
    return lines


def _only_with(part: library.NightPart, name: str) -> str:
    """「（板子上有丘比特时）」 for a part only boards with another role need (NightPart.only_with)."""
    return "" if library.part_needed(part, (name,)) else f"（板子上有{'或'.join(part.only_with)}时）"


def _with_whom(role: RoleDef, options: dict[str, str]) -> str:
    """「有它和丘比特的板子」: the roles a board needs besides it for its kill's step."""
    others = [name for part in library.night_parts(role, options) for name in part.only_with]
    return f"有它和{'或'.join(dict.fromkeys(others))}的板子"
