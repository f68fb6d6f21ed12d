"""What a board says about its days (the board file's `日程`, `加速` and `判罚`), typed.

The three seed posts each define the forum day their own way (竞技12 「讨论日长短」「投票规则」「判罚制度」,
百变小樱 「讨论日长短」「投票规则」「判罚制度」, 须弥 the same sections): when a day closes (关门), how long
before it a vote may no longer be changed, how 加速 and 延时 pass and what they do, and which events
the bot proposes a card for.  A board file says it in three blocks (docs/board-files.md); a file
without them gets `DayRules()`: no schedule (the director sets each 关门 with /关门), the common
one-hour lock, 加速 by half the living, and no card proposals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BLUE, YELLOW, RED = "蓝牌", "黄牌", "红牌"
CARDS = (BLUE, YELLOW, RED)  # in rising order: three of one merge into one of the next

# 加速/延时 pass when the requests reach this share of the living (竞技12, 须弥: 「大于等于存活人数的一半」;
# 百变小樱: 「超过所有存活玩家的二分之一」); 不接受: the board takes no requests.
AT_LEAST_HALF = "半数"
MORE_THAN_HALF = "过半"
NO_REQUESTS = "不接受"
THRESHOLDS = (AT_LEAST_HALF, MORE_THAN_HALF, NO_REQUESTS)

# What 加速 does to changed votes: refused from then on (竞技12, 须弥 「执行加速时不允许改票」), or
# refused and every change made before is void (百变小樱 「进程加速后不允许改票，所有改票作废」).
CHANGES_REFUSED = "不可以"
CHANGES_VOID = "作废"

# 周末: the day is one natural day longer when a weekend falls in it (竞技12 「每逢周末时讨论日延长一天」),
# except the first day (百变小樱 「例外的，第一天讨论日不因周末而延长」), or never (须弥 says nothing).
WEEKEND_LONGER = "延长一天"
WEEKEND_NOT_FIRST = "首日不延长"
WEEKEND_SAME = "不延长"
WEEKENDS = (WEEKEND_LONGER, WEEKEND_NOT_FIRST, WEEKEND_SAME)


@dataclass(frozen=True)
class Schedule:
    """日程: when each discussion day closes, counted from the day's start."""

    close: tuple[int, int] | None = None  # 关门: the local clock time; None: no schedule
    days: int = 1  # 讨论日: the natural days a discussion day lasts
    first_days: int = 1  # 首日: the natural days of the first one
    weekend: str = WEEKEND_SAME  # 周末
    change_lock: float = 3600.0  # 改票截止: seconds before 关门 from which no change is taken
    proxy_lock: float = 3600.0  # 代投截止: the same for the director's 代投
    auto_night: bool = False  # 自动入夜: the bot opens the night itself at 关门


@dataclass(frozen=True)
class Haste:
    """加速 and 延时: who may ask, until when, and what 加速 does to changed votes."""

    threshold: str = AT_LEAST_HALF  # 通过
    cutoff: float | None = 3 * 3600.0  # 申请截止: seconds before 关门; None: until 关门
    changes: str = CHANGES_REFUSED  # 改票
    delay: bool = True  # 延时: 可以


@dataclass(frozen=True)
class Penalties:
    """判罚: the card the bot proposes for each event it sees (None: no proposal)."""

    no_vote: str | None = None  # 未投票: no vote by the day's end
    head_vote: str | None = None  # 狼头未投票: a wolf who did not vote in the 狼头 election
    timeout: str | None = None  # 超时: unreachable at 关门 (a night step or decision left to its deadline)
    haste_waives: bool = True  # 加速免罚: no 未投票 proposal while 加速 is in force
    public: bool = False  # 公示: the cards go into the dawn's 公示 draft


@dataclass(frozen=True)
class DayRules:
    """A board's forum-day rules: its calendar (日程), 加速/延时 and the cards (判罚)."""

    schedule: Schedule = field(default_factory=Schedule)
    haste: Haste = field(default_factory=Haste)
    penalties: Penalties = field(default_factory=Penalties)
