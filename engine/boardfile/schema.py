"""The schema of a board file (pydantic), and its errors in the director's words.

Every scalar arrives as the text the director wrote (see yamltree); the validators here read it
and say in Chinese what is wrong and what is allowed. The board-wide keys are `FileModel`; each
role's entry under 身份 is a model made from its `OptionDef`s (`role_model`); each item of 夜晚 is
`NIGHT_ITEM`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from functools import cache, partial
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, create_model
from pydantic_core import ErrorDetails

from bansha_engine.boardfile.daykeys import BLOCK_KEYS, HasteModel, PenaltiesModel, ScheduleModel
from bansha_engine.boardfile.deadlines import parse_deadline, parse_minutes
from bansha_engine.library import TRIGGER_ORDER, OptionDef
from bansha_engine.parse import normalize, quote

MAX_SEATS = 30
MIN_SEATS = 2
MAX_NAME = 20  # a board's name, as /开局 takes it
MAX_SHERIFF = 10
NUMBER_RE = re.compile(r"^\d+(?:\.\d+)?$")
WHOLE_RE = re.compile(r"^\d+$")
WHOLE_DIGITS = 9  # a count with more digits is refused unread
COUNT_KEY = "数量"
NO_SHERIFF = "无"
UNLIMITED = "不限"
LAST_WORDS = ("首夜和放逐", "无")
# Board-wide keys a role reads, passed in its options (library.RoleDef.night): the file writes them
# at the top (狼人, 首夜刀人), never under a role.
BOARD_WIDE_OPTIONS = {"刀人方式": "狼人", "首夜刀人": "首夜刀人"}


def closest(word: str, known: Iterable[str], count: int = 3) -> list[str]:
    """The known names nearest to a typo: 预知家 → 预言家, 巫婆 → 女巫 (2–3 character words
    share one or two characters, so the cutoff is low)."""
    return difflib.get_close_matches(word, list(known), n=count, cutoff=0.5)


def listing(words: Sequence[str]) -> str:
    return "、".join(words)


def suggestion(word: str, known: Iterable[str]) -> str:
    near = closest(word, known)
    return f"，最接近的是：{listing(near)}" if near else ""


def value_suggestion(word: str, allowed: Iterable[str]) -> str:
    """The closest allowed values that say what the word says: never 可以 for 不可以 (a value that
    says no is offered only for a word that says no, and the reverse)."""
    says_no = _says_no(word)
    return suggestion(word, [value for value in allowed if _says_no(value) == says_no])


def _says_no(word: str) -> bool:
    return any(char in NEGATIONS for char in word)


def _board_name(text: str) -> str:
    """The name as /开局 finds it: full-width digits and signs as ASCII, so 竞技１２ is 竞技12."""
    text = normalize(text)
    if not text or len(text) > MAX_NAME or any(char.isspace() for char in text) or "/" in text:
        raise ValueError(f"板子的名字要写成1到{MAX_NAME}个字，不带空格和「/」，「{quote(text)}」不行")
    return text


def _sheriff(text: str) -> float | None:
    if text == NO_SHERIFF:
        return None
    if not NUMBER_RE.match(text) or not 0 < float(text) <= MAX_SHERIFF:
        raise ValueError(
            f"警长要写警长的票数（大于0、最多{MAX_SHERIFF}的数，如1.5），或写「{NO_SHERIFF}」（不设警长）；「{quote(text)}」不行"
        )
    return float(text)


def _whole(text: str) -> int | None:
    """A whole number as written (「3」, 「03」), or None; digits past any count a file needs are
    not read (int() refuses 4,300 of them, in English)."""
    if not WHOLE_RE.match(text) or len(text.lstrip("0")) > WHOLE_DIGITS:
        return None
    return int(text)


def _last_words(text: str) -> str | int:
    if text in LAST_WORDS:
        return text
    count = _whole(text)
    if count is None or not 0 < count <= MAX_SEATS:
        raise ValueError(
            f"遗言可以写：首夜和放逐、无，或整局的遗言条数（1到{MAX_SEATS}的整数，如3）；「{quote(text)}」不行"
        )
    return count


def _substitutes(text: str) -> int | None:
    if text == UNLIMITED:
        return None
    count = _whole(text)
    if count is None or count > MAX_SEATS:
        raise ValueError(
            f"替补要写每个座位最多换几次替补（0到{MAX_SEATS}的整数），或写「{UNLIMITED}」；「{quote(text)}」不行"
        )
    return count


def _handoff(text: str) -> float:
    return parse_minutes(text, "「10分钟」「1小时」「90秒」")


def _count(text: str) -> int:
    count = _whole(text)
    if count is None or not 0 < count <= MAX_SEATS:
        raise ValueError(f"数量要写1到{MAX_SEATS}的整数，「{quote(text)}」不行")
    return count


def _none_is_empty(value: Any) -> Any:
    """`夜晚:` with nothing under it: no night steps (each item is checked as NIGHT_ITEM)."""
    return [] if value is None else value


def _distinct(items: list[str]) -> list[str]:
    seen: set[str] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"「{quote(item)}」写了两次，每项只能写一次")
        seen.add(item)
    return items


Name = Annotated[str, AfterValidator(_board_name)]
Trigger = Literal[TRIGGER_ORDER]  # type: ignore[valid-type]
Count = Annotated[str, AfterValidator(_count)]
NO_WORDS = ("不可以", "不能")  # the same no: older options say 不能, newer 不可以; a file may write either
NEGATIONS = "不没无非否禁"  # a word with one of these says no: a suggestion for it says no too


def same_no(written: Any, values: Sequence[str]) -> Any:
    """A no written in the other word (不能 for 不可以, or the reverse) as the word `values` has."""
    if written in NO_WORDS:
        return next((value for value in values if value in NO_WORDS), written)
    return written


def _board_wide_no(written: Any) -> Any:
    return same_no(written, ("不可以",))


YesNo = Annotated[Literal["可以", "不可以"], BeforeValidator(_board_wide_no)]


class FileModel(BaseModel):
    """The board-wide keys, by their Chinese names (BoardFile's fields, before translation)."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True)

    name: Name = Field(alias="板子")
    roster: dict[str, Any] = Field(alias="身份")  # each entry checked against its role (role_model)
    kill_mode: Literal["狼群投票", "狼头", "通用刀"] = Field("狼群投票", alias="狼人")
    first_night_kill: YesNo = Field("可以", alias="首夜刀人")
    night: Annotated[list[Any], BeforeValidator(_none_is_empty)] = Field(default_factory=list, alias="夜晚")
    sheriff: Annotated[str, AfterValidator(_sheriff)] = Field("1.5", alias="警长")
    exile_tie: Literal["无人出局", "警长投票的角色出局", "再投一轮", "随机"] = Field("无人出局", alias="平票")
    last_words: Annotated[str, AfterValidator(_last_words)] = Field("首夜和放逐", alias="遗言")
    win: Literal["屠边", "屠城", "优先判负", "阵营判负"] = Field("屠边", alias="胜负")
    wolves_at_half: Literal["胜利", "不算"] = Field("不算", alias="狼人过半")
    substitutes: Annotated[str, AfterValidator(_substitutes)] = Field("1", alias="替补")
    handoff: Annotated[str, AfterValidator(_handoff)] = Field("10分钟", alias="移交时限")
    vest_guess: YesNo = Field("不可以", alias="马甲杀")
    badge_tear: YesNo = Field("不可以", alias="撕警徽")
    rules: str | None = Field(None, alias="规则")
    mechanisms: Annotated[list[str], AfterValidator(_distinct)] | None = Field(None, alias="机制")
    gods: Annotated[list[str], AfterValidator(_distinct)] | None = Field(None, alias="神职")
    exit_triggers: Annotated[list[Trigger], AfterValidator(_distinct)] | None = Field(None, alias="出局触发")
    # common-boards.md, section 2 (each defaults to what the bot did before it)
    self_destruct: Annotated[
        Literal["不可以", "双爆吞警徽", "单爆吞警徽"], BeforeValidator(_board_wide_no)
    ] = Field("不可以", alias="自爆")
    poisoned_self_destruct: YesNo = Field("不可以", alias="吞毒自爆")
    kill_split: Literal["多数", "多数随机", "统一"] = Field("多数", alias="狼刀分歧")
    kill_wolves: YesNo = Field("可以", alias="狼刀狼人")
    empty_kill: YesNo = Field("可以", alias="空刀")
    abstain_majority: Literal["不算", "无人出局"] = Field("不算", alias="弃票过半")
    seal_told: YesNo = Field("可以", alias="封印告知")
    # The day (engine/boardfile/daykeys.py): when it closes, 加速 and 延时, the cards proposed
    schedule: ScheduleModel | None = Field(None, alias="日程")
    haste: HasteModel | None = Field(None, alias="加速")
    penalties: PenaltiesModel | None = Field(None, alias="判罚")


KEYS = tuple(field.alias for field in FileModel.model_fields.values() if field.alias)
# What a missing key's problem tells the director to write.
MISSING_HINTS = {
    "板子": "请在第一行写「板子: 名字」",
    "身份": "请写上身份和数量，例如「身份:」下一行「  狼人: 3」",
    COUNT_KEY: "请写上「数量: N」",
}
EXILE_TIES = {
    "无人出局": "nobody",
    "警长投票的角色出局": "sheriff_choice",
    "再投一轮": "runoff",
    "随机": "random",
}

NIGHT_ITEM: TypeAdapter[dict[str, Any]] = TypeAdapter(
    dict[str, Annotated[str, AfterValidator(parse_deadline)]]
)


@cache
def role_model(options: tuple[OptionDef, ...]) -> type[BaseModel]:
    """The entry `女巫: {数量: 1, 自救: 首夜}` of a role with these options."""
    fields: dict[str, Any] = {"count": (Count, Field(alias=COUNT_KEY))}
    for index, option in enumerate(options):
        if option.name in BOARD_WIDE_OPTIONS:
            continue
        values = Annotated[Literal[option.values], BeforeValidator(partial(same_no, values=option.values))]  # type: ignore[valid-type]
        fields[f"option_{index}"] = (values, Field(option.default, alias=option.name))
    return create_model("RoleEntry", __config__=ConfigDict(extra="forbid", frozen=True), **fields)


def _chinese(text: str) -> bool:
    """Whether a message is one of ours (a validator's Chinese), not Python's or pydantic's."""
    return any("\u4e00" <= char <= "\u9fff" for char in text)


def translate(error: ErrorDetails, known_keys: Sequence[str]) -> str:
    """One pydantic error as the director reads it; `known_keys` are the keys allowed where it is."""
    keys = [part for part in error["loc"] if isinstance(part, str)]
    key = keys[-1] if keys else ""
    if len(keys) > 1 and keys[0] in BLOCK_KEYS:  # a key inside 日程, 加速 or 判罚
        known_keys = BLOCK_KEYS[keys[0]]
    kind, given = error["type"], error.get("input")
    context = error.get("ctx") or {}
    if kind == "extra_forbidden":
        if key in BOARD_WIDE_OPTIONS:
            return (
                f"「{quote(key)}」是整个板子的设置，请写在顶层的「{BOARD_WIDE_OPTIONS[key]}」键，不写在身份里"
            )
        return (
            f"不认识的键「{quote(key)}」{suggestion(key, known_keys)}；这里可以写的键：{listing(known_keys)}"
        )
    if kind == "missing":
        return f"缺少「{quote(key)}」：{MISSING_HINTS.get(key, '请补上')}"
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", str(context.get("expected", "")))
        if given is None:
            return f"「{quote(key)}」后面缺少值，可以写：{listing(allowed)}"
        if not isinstance(given, str):
            return f"「{quote(key)}」只能写一个词：{listing(allowed)}"
        return f"「{quote(key)}」不能写「{quote(given)}」{value_suggestion(given, allowed)}；可以写：{listing(allowed)}"
    if kind == "value_error":
        said = str(context.get("error", error["msg"]))
        return said if _chinese(said) else f"「{quote(key)}」的写法有误"
    if kind in ("string_type", "dict_type", "model_type", "list_type") and given is None:
        return f"「{quote(key)}」后面缺少值"
    if kind == "string_type":
        return f"「{quote(key)}」应当只写一个值，不是列表或一组键"
    if kind in ("dict_type", "model_type"):
        return f"「{quote(key)}」应当是一组「名字: 值」，每项一行、缩进对齐"
    if kind == "list_type":
        return f"「{quote(key)}」应当是列表：写在一行里，如「[甲, 乙]」，或每项一行、以「- 」开头"
    return f"「{quote(key)}」的写法有误"
