"""The board file's day keys: `日程` (when each day closes), `加速` (加速 and 延时) and `判罚` (the cards
the bot proposes), read into `bansha_engine.day.rules.DayRules`.

Each block is a mapping of its own keys; a block left out keeps its defaults (DayRules()).  The
values are read here and their problems said in Chinese, as the rest of the schema does.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from bansha_engine.boardfile.deadlines import chinese_number, next_day_clock, parse_minutes
from bansha_engine.day.rules import (
    CARDS,
    THRESHOLDS,
    WEEKEND_SAME,
    WEEKENDS,
    DayRules,
    Haste,
    Penalties,
    Schedule,
)
from bansha_engine.parse import clean, quote

NONE = "无"
BEFORE_CLOSE = "关门前"
DAYS_RE = re.compile(r"^([0-9一二两三四五六七]+)(?:个自然日|自然日|天|日)$")
YES, NO = "是", "否"


def _clock(text: str) -> tuple[int, int] | None:
    """「21:00」「21点」「晚上九点」 → (21, 0); 无 → None (no schedule)."""
    word = clean(text)
    if word == NONE:
        return None
    evening = word.startswith(("晚上", "下午"))
    clock = next_day_clock(word.removeprefix("晚上").removeprefix("下午"))
    if clock is None:
        raise ValueError(
            f"关门要写每天关门的时间，如「21:00」「晚上九点」，或写「无」；「{quote(text)}」不行"
        )
    hour, minute = clock
    return (hour + 12 if evening and hour < 12 else hour), minute


def _days(text: str) -> int:
    """「1天」「两天」「2个自然日」 → 1, 2, 2."""
    match = DAYS_RE.match(clean(text))
    number = chinese_number(match.group(1)) if match else None
    if number is None or not 1 <= number <= 7:
        raise ValueError(f"要写1到7天，如「1天」「两天」「2个自然日」；「{quote(text)}」不行")
    return number


def _before_close(text: str) -> float | None:
    """「关门前1小时」「1小时」「30分钟」 → seconds; 无 → None."""
    word = clean(text)
    if word == NONE:
        return None
    try:
        return parse_minutes(word.removeprefix(BEFORE_CLOSE), "") * 60
    except ValueError as problem:
        raise ValueError(
            f"要写关门前多久，如「关门前1小时」「30分钟」，或写「无」；「{quote(text)}」不行"
        ) from problem


def _card(text: str) -> str | None:
    word = clean(text)
    if word == NONE:
        return None
    if word not in CARDS:
        raise ValueError(f"这里要写{'、'.join(CARDS)}或「无」；「{quote(text)}」不行")
    return word


Clock = Annotated[str, AfterValidator(_clock)]
Days = Annotated[str, AfterValidator(_days)]
BeforeClose = Annotated[str, AfterValidator(_before_close)]
Card = Annotated[str, AfterValidator(_card)]
YesNo = Literal["是", "否"]


def _either_no(written: Any) -> Any:
    """不能 for 不可以, as the board-wide keys take it (schema.NO_WORDS)."""
    return "不可以" if written == "不能" else written


CanOrNot = Annotated[Literal["可以", "不可以"], BeforeValidator(_either_no)]
BLOCK = ConfigDict(extra="forbid", frozen=True, validate_default=True)


class ScheduleModel(BaseModel):
    """日程 (竞技12 「讨论日长短」: 「一般讨论日持续一天，第一讨论日为两个自然日，每逢周末时讨论日延长一天」)."""

    model_config = BLOCK
    close: Clock = Field(NONE, alias="关门")
    days: Days = Field("1天", alias="讨论日")
    first_days: Days | None = Field(None, alias="首日")
    weekend: Literal[WEEKENDS] = Field(WEEKEND_SAME, alias="周末")  # type: ignore[valid-type]
    change_lock: BeforeClose = Field("关门前1小时", alias="改票截止")
    proxy_lock: BeforeClose = Field("关门前1小时", alias="代投截止")
    auto_night: YesNo = Field(NO, alias="自动入夜")


class HasteModel(BaseModel):
    """加速 (「当日申请人数在讨论日结束三个小时前…大于等于存活人数的一半，即判定加速或延迟成功」)."""

    model_config = BLOCK
    threshold: Literal[THRESHOLDS] = Field(THRESHOLDS[0], alias="通过")  # type: ignore[valid-type]
    cutoff: BeforeClose = Field("关门前3小时", alias="申请截止")
    changes: Annotated[Literal["不可以", "作废"], BeforeValidator(_either_no)] = Field("不可以", alias="改票")
    delay: CanOrNot = Field("可以", alias="延时")


class PenaltiesModel(BaseModel):
    """判罚: the card proposed for each event the bot sees (「讨论结束时，未回复投票帖者将被判罚黄牌」 …)."""

    model_config = BLOCK
    no_vote: Card = Field(NONE, alias="未投票")
    head_vote: Card = Field(NONE, alias="狼头未投票")
    timeout: Card = Field(NONE, alias="超时")
    haste_waives: YesNo = Field(YES, alias="加速免罚")
    public: YesNo = Field(NO, alias="公示")


def keys_of(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(info.alias for info in model.model_fields.values() if info.alias)


# The keys each block takes, for the director's 「这里可以写的键」.
BLOCK_KEYS = {"日程": keys_of(ScheduleModel), "加速": keys_of(HasteModel), "判罚": keys_of(PenaltiesModel)}


def day_rules(schedule: Any, haste: Any, penalties: Any) -> DayRules:
    """The checked blocks (each None when the file leaves it out) as the engine reads them."""
    rules = DayRules()
    if isinstance(schedule, ScheduleModel):
        days: Any = schedule.days  # each value as its validator read it
        first: Any = schedule.first_days
        close: Any = schedule.close
        change_lock: Any = schedule.change_lock
        proxy_lock: Any = schedule.proxy_lock
        rules = replace(
            rules,
            schedule=Schedule(
                close=close,
                days=days,
                first_days=days if first is None else first,
                weekend=schedule.weekend,
                change_lock=change_lock or 0.0,
                proxy_lock=proxy_lock or 0.0,
                auto_night=schedule.auto_night == YES,
            ),
        )
    if isinstance(haste, HasteModel):
        cutoff: Any = haste.cutoff
        rules = replace(
            rules,
            haste=Haste(
                threshold=haste.threshold, cutoff=cutoff, changes=haste.changes, delay=haste.delay == "可以"
            ),
        )
    if isinstance(penalties, PenaltiesModel):
        no_vote: Any = penalties.no_vote
        head_vote: Any = penalties.head_vote
        timeout: Any = penalties.timeout
        rules = replace(
            rules,
            penalties=Penalties(
                no_vote=no_vote,
                head_vote=head_vote,
                timeout=timeout,
                haste_waives=penalties.haste_waives == YES,
                public=penalties.public == YES,
            ),
        )
    return rules
