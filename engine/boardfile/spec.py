"""A board file once checked: what the composer (engine/boards/composed.py) builds a board from.

The loader (engine/boardfile/loader.py) turns the director's YAML into this, or into problems with
their line numbers; nothing here is YAML or Chinese key names any more.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bansha_engine.day.rules import DayRules
from bansha_engine.model import Deadline


@dataclass(frozen=True)
class RosterEntry:
    """A role of the file's 身份, with its count and every option (defaults filled in)."""

    role: str  # a name of library.ROLES (or of the post module named by `规则`)
    count: int
    options: dict[str, str] = field(default_factory=dict)  # every option of the role, defaults filled in


@dataclass(frozen=True)
class NightEntry:
    """A line of the file's 夜晚: a role or step, and its deadline."""

    name: str  # a role name, or a step name a role declares (竞技12's 争权)
    deadline: Deadline


@dataclass(frozen=True)
class BoardFile:
    """A checked board file: every key, read and validated, that the composer builds from."""

    name: str  # 板子
    roster: tuple[RosterEntry, ...]  # 身份, in file order
    kill_mode: str  # 狼人: "狼群投票" | "狼头" | "通用刀"
    first_night_kill: bool  # 首夜刀人
    night: tuple[NightEntry, ...]  # 夜晚, in file order
    sheriff_votes: float | None  # 警长; None = no sheriff
    exile_tie: str  # 平票: "nobody" | "sheriff_choice" | "runoff" (再投一轮) | "random"
    last_words: str | int  # 遗言: "首夜和放逐" | "无" | a count for the whole game
    win: str  # 胜负: "屠边" | "屠城" | "优先判负" | "阵营判负"
    rules: str | None = None  # 规则: a post's own module (须弥; 0.3.0 copies of 百变小樱); None = composed
    # 机制: the mechanisms that run parts of the game themselves (须弥's 身份池, 时段夜晚 …)
    mechanisms: tuple[str, ...] = ()
    # Further keys (each documented in docs/board-files.md), with the defaults a file gets without them:
    wolves_win_at_half: bool = False  # 狼人过半: 胜利 (竞技12 胜负判定 1: 狼人阵营…占…一半或一半以上)
    max_substitutes: int | None = 1  # 替补: N | 不限
    handoff_minutes: float = 10  # 移交时限: how long a shot, badge or 传位 waits
    vest_guess: bool = False  # 马甲杀: 可以 (竞技12's 警长竞选日 guess)
    badge_tear: bool = False  # 撕警徽: 可以 (standard post 「移交警徽给一名存活玩家，或撕毁警徽」)
    gods: tuple[str, ...] | None = None  # 神职: the roles 屠边 and 优先判负 count as gods (None: by category)
    exit_triggers: tuple[str, ...] | None = None  # 出局触发: the order of exit triggers it names
    # common-boards.md, section 2:
    self_destruct: str = "不可以"  # 自爆: 不可以 | 双爆吞警徽 | 单爆吞警徽
    poisoned_self_destruct: bool = False  # 吞毒自爆: 可以
    kill_split: str = "多数"  # 狼刀分歧: 多数 | 多数随机 | 统一
    kill_wolves: bool = True  # 狼刀狼人: 可以
    empty_kill: bool = True  # 空刀: 可以
    abstain_majority: bool = False  # 弃票过半: 无人出局
    seal_told: bool = True  # 封印告知: 可以
    text: str = ""  # the file as the director wrote it
    drawn: int | None = None  # the seats drawn when 身份 is a pool (机制: 身份池, 规则: 须弥: 14 of 34)
    bottom_cards: int = 0  # cards of 身份 no seat holds (底牌: 盗贼 2, 盗宝大师 3; common-boards.md 2.10.8)
    day: DayRules = DayRules()  # 日程, 加速, 判罚 (engine/boardfile/daykeys.py)

    @property
    def size(self) -> int:
        return self.drawn or sum(entry.count for entry in self.roster) - self.bottom_cards
