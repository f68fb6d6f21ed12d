"""The game's data: seats, night steps, prompts, and what a board declares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bansha_engine.damage import Damage
    from bansha_engine.exile import Verdict
    from bansha_engine.game import Game
    from bansha_engine.skills import SkillState, Use
    from bansha_engine.status import Status

VILLAGE = "村民阵营"
WOLVES = "狼人阵营"
BLACK_LOVERS = "黑情侣阵营"

# Exit causes, as stored in a game's state (a recorded log's digest holds them: never rename).
VOTE = "放逐"
KILL = "杀人"
POISON = "毒药"
SHOT = "最后一枪"
RED_CARD = "红牌罚下"
CHARGE = "冲锋"
SACRIFICE = "牺牲"
DOUBLE_EMPTY_SAVE = "累计两次空救"
LOVE_SUICIDE = "殉情"
ADORE_SUBSTITUTE = "爱慕替死"
# The standard boards (standard-boards.md):
GUARDED_AND_SAVED = "同守同救"
WOLF_KING_SHOT = "狼王开枪"
SELF_DESTRUCT = "自爆"  # the 白狼王's own (no last words); stored by games since 0.1.0
TAKEN_BY_WHITE_WOLF_KING = "白狼王带走"
DUEL = "决斗"
KNIGHT_ATONES = "以死谢罪"

# common-boards.md 1.4: the exits its roles make
DREAM_DEATH = "梦亡"  # 摄梦人
REFLECT = "反伤"  # 恶灵骑士, 黑夜使者
HUNT = "狩猎"  # 猎魔人 (its target, or himself)
CHECK_DEATH = "查验出局"  # 咒狐 checked by a 预言; 纯白之女's and 狼巫's checks
DANCE = "共舞"  # 舞者
TRADE = "交易"  # 典狱长
ASSASSINATE = "刺杀"  # 复仇者
RAID = "袭击"  # 影子阵营
# 2.1: a wolf's own 自爆 that leaves last words by the board's 遗言 (every wolf's but the 白狼王's)
PLAIN_SELF_DESTRUCT = "狼人自爆"

# What kind of exit a cause is, for the rules that read it (common-boards.md 2.3, 2.10):
KILL_CAUSES = frozenset({KILL, CHARGE})  # 刀杀: the wolves' camp's kills
LOVE_CAUSES = frozenset({LOVE_SUICIDE})  # 殉情: lovers, the 狼美人's charmed seat, 影子阵营
# 被带走: taken by another's skill (被带走开枪)
TAKEN_CAUSES = frozenset(
    {
        SHOT,
        WOLF_KING_SHOT,
        TAKEN_BY_WHITE_WOLF_KING,
        DUEL,
        HUNT,
        REFLECT,
        CHECK_DEATH,
        DANCE,
        TRADE,
        ASSASSINATE,
        RAID,
    }
)
NEXT_DAY_CAUSES = frozenset({REFLECT, HUNT, CHECK_DEATH})  # 次日出局 (2.10.1)
SELF_DESTRUCT_CAUSES = frozenset({SELF_DESTRUCT, PLAIN_SELF_DESTRUCT})  # 自爆: no last shot (2.3 第3条)

LAST_WORDS_NOTICE = "你有遗言权利：请在下一个白天开始前私聊发送「/遗言 内容」，不发视为放弃。"

# Exits that never leave last words: a red card (竞技12 「红牌罚下出局的角色没有遗言权利」) and the
# 白狼王's own 自爆 (standard post 「自爆的白狼王没有遗言」).
NO_LAST_WORDS = frozenset({RED_CARD, SELF_DESTRUCT})

# How a message says a seat left, in the posts' words (出局有以下几种情况：被投票出局、被女巫<毒药>、
# 被狼人<杀人>、被猎人<最后一枪>、红牌罚下 …).  A kill is 指杀 with its killer to the directors
# only; the seat itself reads 被杀 (被指杀 is the witch's 通灵 word, and nothing else she gets has it).
EXIT_PHRASES = {
    VOTE: "被投票放逐",
    KILL: "被杀",
    POISON: "被女巫毒杀",
    SHOT: "被猎人开枪带走",
    RED_CARD: "被红牌罚下",
    CHARGE: "被狼王冲锋指杀",
    SACRIFICE: "发动牺牲",
    DOUBLE_EMPTY_SAVE: "累计两次空救",
    LOVE_SUICIDE: "殉情",
    ADORE_SUBSTITUTE: "因爱慕替死",
    GUARDED_AND_SAVED: "同守同救出局",
    WOLF_KING_SHOT: "被狼王开枪带走",
    SELF_DESTRUCT: "自爆",
    TAKEN_BY_WHITE_WOLF_KING: "被白狼王自爆带走",
    DUEL: "被骑士决斗",
    KNIGHT_ATONES: "决斗失败，以死谢罪",
    DREAM_DEATH: "梦亡",
    REFLECT: "被反伤",
    HUNT: "被狩猎",
    CHECK_DEATH: "查验出局",
    DANCE: "共舞出局",
    TRADE: "交易出局",
    ASSASSINATE: "被刺杀",
    RAID: "被袭击",
    PLAIN_SELF_DESTRUCT: "自爆",
}
# 毒杀 is every poison (common-boards.md 1.4: 女巫的毒药、毒师的毒药、机械狼学到的毒药): the roles
# besides the 女巫 whose poison a board may hold (Game.cause_phrase names the poisoner by the board).
OTHER_POISONERS = ("毒师", "机械狼")
# Where a kill in Night.kills came from (the wolves' kill is KILL, or the 竞技12 head's "狼人"), and
# how a director's summary names the killer.
LOVERS_KILL = "黑情侣杀人"
HALFBLOOD_KILL = "混血儿杀人"
KILLERS = {KILL: "狼人", "狼人": "狼人", LOVERS_KILL: "黑情侣", HALFBLOOD_KILL: "混血儿"}


@dataclass(slots=True)
class Seat:
    no: int
    qq: int | None = None
    nick: str = ""
    role: str | None = None
    camp: str = ""
    alive: bool = True
    substitutes: int = 0
    data: dict[str, Any] = field(default_factory=dict)  # role state: potions left, skills used ...
    statuses: list[Status] = field(default_factory=list)  # boards with statuses (须弥)
    skills: dict[str, SkillState] = field(default_factory=dict)  # boards with per-seat skills (须弥)

    @property
    def label(self) -> str:
        return f"{self.no}号"


@dataclass
class Exit:
    seat: int
    cause: str
    when: str  # "第1夜" / "第2天"
    damages: tuple[Damage, ...] = ()  # boards with damage types: what made the seat leave


@dataclass
class Deadline:
    """When a night step closes, counted from the door-close time."""

    minutes_after_close: float | None = None
    next_day_clock: tuple[int, int] | None = None  # (hour, minute): 次日八点 and the like


@dataclass
class StepSpec:
    """One step of a board's night, in the order the rule post lists it."""

    id: str
    title: str  # shown to directors and in reminders
    roles: tuple[str, ...]  # role names /时限 may use to address this step
    actors: Callable[[Game], list[int]]
    deadline: Deadline
    after: tuple[str, ...] = ()  # steps whose outcome this one needs
    on_open: Callable[[Game], None] | None = None
    is_done: Callable[[Game], bool] | None = None  # default: every actor acted or passed
    on_close: Callable[[Game, bool], None] | None = None  # (game, timed_out)
    only_night: int | None = None  # e.g. 1: the first night only
    from_night: int = 1  # e.g. 2: not on the first night (首夜刀人: 不可以)
    forced: bool = False  # <强制>: /放弃 is refused
    hint: str = ""  # the command that acts in this step, shown in /身份 and reminders
    pass_seat: Callable[[Game, int], list[str]] | None = None  # `/放弃` for steps of several skills
    # What a seat that did not act gets at the close (default 「视为放弃」; [强制] skills are chosen at random)
    late_phrase: Callable[[Game, int], str] | None = None
    # A seal (engine/seal.py) does not keep its actors from acting: they answer another seat's skill
    # (the traders answering the 典狱长: 「交易是典狱长的技能」)
    seal_exempt: bool = False
    # Tonight a seal does not keep its actors from acting, where that depends on the night (影子's
    # forced first-night imitation, 补充裁定 10, while his later 袭击 is sealed as any skill)
    seal_exempt_tonight: Callable[[Game], bool] | None = None


@dataclass
class Prompt:
    """A decision the game waits for before going on (last shot, badge, new wolf head ...)."""

    id: int
    kind: str
    seat: int
    opened: float
    due: float
    reminded: bool = False


@dataclass
class Skill:
    """A player command: its words, and the function that takes it."""

    name: str
    words: tuple[str, ...]
    handler: Callable[[Game, int, list[str]], None]
    passes: str | tuple[str, ...] = ()  # the step(s) `/放弃 <name>` passes: the first one open for the seat
    # `/放弃 <name>` when the step holds other skills too: pass this one alone and return True, or
    # return False to pass the whole step as usual.
    pass_one: Callable[[Game, int], bool] | None = None


# Who may leave last words (遗言): the first `Options.last_words` exits that are not red cards, or
# the standard posts' rule (第一夜出局的玩家和白天出局的玩家有遗言), still within that count.
LAST_WORDS_BY_COUNT = "count"
LAST_WORDS_FIRST_NIGHT_AND_DAY = "首夜和放逐"


@dataclass
class Options:
    sheriff_votes: float | None  # None: the board has no sheriff (警长: 无)
    last_words: int
    wolf_group: bool  # wolves share a bound QQ group
    lover_group: bool
    max_substitutes: int | None
    handoff_minutes: float  # badge, last shot, new wolf head after a vote
    exile_tie: str = (
        "nobody"  # a tied vote: "nobody" leaves, or "sheriff_choice" (the seat the sheriff voted for)
    )
    last_words_rule: str = LAST_WORDS_BY_COUNT
    badge_tear: bool = False  # a leaving sheriff may tear the badge (/移交 无); a timeout tears it
    step_grace_minutes: float = 0  # a step opening at or after its deadline stays open this long
    steps_wait_for_queue: bool = False  # the next step opens only once exits and decisions are settled
    # The wolves kill on night 1 (首夜刀人).  A post's own kill reads it (须弥's 群内 kill); a composed
    # board builds it into the wolves' steps (StepSpec.from_night) and says it here too.
    first_night_kill: bool = True
    # common-boards.md, section 2 (a composed board's file; each default is what the bot did before)
    self_destruct: str = "不可以"  # 自爆: 不可以 | 双爆吞警徽 | 单爆吞警徽
    poisoned_self_destruct: bool = False  # 吞毒自爆
    kill_split: str = "多数"  # 狼刀分歧: 多数 | 多数随机 | 统一
    kill_wolves: bool = True  # 狼刀狼人: the wolves may kill one of their group
    empty_kill: bool = True  # 空刀: `/刀 空` is taken
    abstain_majority: bool = False  # 弃票过半: 无人出局
    seal_told: bool = True  # 封印告知: a sealed seat's commands are refused with the reason


@dataclass
class Board:
    name: str
    size: int
    roster: dict[str, int]
    camps: dict[str, str]  # role -> starting camp
    options: Options
    night_steps: list[StepSpec]
    resolution: Callable[[Game], list[Callable[[], None]]]  # the post's resolution steps, in order
    skills: list[Skill]
    on_start: Callable[[Game], None]  # after /开始 dealt the roles
    start_done: Callable[[Game], bool]  # start-of-game choices all made
    finish_start: Callable[[Game], None]  # /入夜 or /推进 settles what is missing
    before_exit: Callable[[Game, int, str], tuple[int, str] | None]  # who really leaves, or None
    after_exit: Callable[[Game, int, str], list[Callable[[], None]]]  # triggers, in the post's order
    judge: Callable[[Game], str | None]  # winning camp or None; may mark camps as lost
    describe: Callable[[Game, int], str]  # /身份 text
    answer_prompt: dict[str, Callable[[Game, Prompt, list[str] | None], None]]  # None = timed out
    prompt_words: dict[str, str]  # prompt kind -> command word that answers it
    prompt_roles: dict[str, str]  # prompt kind -> role name for /时限
    extra: dict[str, Any] = field(default_factory=dict)
    on_exit: Callable[[Game, int, str], None] = lambda game, seat, cause: None  # state changes before judging
    # role -> option -> value, as the board file set them (defaults filled in): read through
    # library.option, e.g. 女巫's 自救
    role_options: dict[str, dict[str, str]] = field(default_factory=dict)
    # An exile about to happen (/放逐 N号): True when a role takes it instead and the seat stays (白痴)
    on_exiled: Callable[[Game, int], bool] = lambda game, seat: False
    # Whether a seat's ballots count (/投票 refuses a voter for whom this is False: a flipped 白痴)
    votes: Callable[[Game, int], bool] = lambda game, seat: True
    # At the start of every night, before its steps open (the roles' RoleDef.on_night_start)
    on_night_start: Callable[[Game], None] = lambda game: None
    # At /入夜, before the night begins (the roles' RoleDef.before_night: 白夜使者 keeps the game)
    before_night: Callable[[Game], None] = lambda game: None
    # When the day's talk is over (/放逐 settles, 自爆 or 决斗 ends the day): effects to run first, in
    # order (the roles' RoleDef.day_closes: a wounded 蒙面人 leaves)
    day_closes: Callable[[Game], list[Callable[[], None]]] = lambda game: []
    # Tonight's target changes, in the file's 夜晚 order (engine/redirect.py)
    redirects: tuple[Callable[[Game, int | None, int], int], ...] = ()
    # What roles add to the exile vote's count of a seat on a day (乌鸦): (game, seat, day) -> [(votes, why)]
    vote_bonus: Callable[[Game, int, int], list[tuple[float, str]]] = lambda game, seat, day: []
    # The day's first exile verdict, before it takes effect: what holds it (a role asking its seat:
    # 定序王子), or None (engine/exile.py)
    holds_exile: Callable[[Game, Verdict], Callable[[], None] | None] = lambda game, verdict: None
    # Prompt kinds that are polls of other seats (PromptDef.poll): their seat neither answers nor passes them
    polls: frozenset[str] = frozenset()
    # What every event looks up, filled by the engine on first use (a board does not change once
    # built): night steps by id, player commands by word, director commands by word, every word.
    steps_by_id: dict[str, StepSpec] = field(default_factory=dict, init=False, repr=False, compare=False)
    skills_by_word: dict[str, Skill] = field(default_factory=dict, init=False, repr=False, compare=False)
    commands_by_word: dict[str, Callable[[Game, list[str]], bool]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    command_words: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)


@dataclass
class Night:
    no: int
    door_close: float
    state: dict[str, str] = field(default_factory=dict)  # step id -> waiting | open | closed | skipped
    due: dict[str, float] = field(default_factory=dict)
    spans: dict[str, float] = field(
        default_factory=dict
    )  # /时限 before a step opens: seconds from its opening
    opened: dict[str, float] = field(default_factory=dict)
    reminded: set[str] = field(default_factory=set)
    acts: dict[str, dict[int, Any]] = field(default_factory=dict)  # step -> seat -> choice (None = passed)
    # (step, seat) for each seat that had not acted when its step closed at the deadline or by a
    # director (/推进, /天亮); decisions (last shot, badge ...) are noted as ("prompt:<word>", seat)
    timed_out: list[tuple[str, int]] = field(default_factory=list)
    pushed: list[tuple[str, int]] = field(default_factory=list)  # those of timed_out a director closed
    late: dict[str, list[int]] = field(
        default_factory=dict
    )  # step -> seats that had not acted when it closed
    kills: list[tuple[int, str]] = field(default_factory=list)  # (target, source) for 通灵 and resolution
    notes: list[str] = field(default_factory=list)  # lines for the directors' summary
    exits_from: int = 0  # index into game.exits where tonight's exits start
    resolving: bool = False
    # Boards with per-seat skills and damage types (须弥):
    uses: dict[str, dict[tuple[int, str], Use]] = field(default_factory=dict)  # step -> (seat, skill) -> use
    passed: dict[str, set[tuple[int, str]]] = field(default_factory=dict)  # step -> (seat, skill) passed
    attacks: list[Damage] = field(default_factory=list)  # every damage dealt tonight (命数感知)
    pending: dict[int, list[Damage]] = field(default_factory=dict)  # seat -> damage that got through
    notices: list[tuple[int, str]] = field(default_factory=list)  # private notices held until the slot ends
    publications: list[str] = field(default_factory=list)  # what the post orders published, for the dawn
    operated: dict[int, int] = field(default_factory=dict)  # operator -> the seat it operates (日光窃取)
    # seat -> the skill its extra use tonight is designated for, "" until it is (时波增幅)
    extra_uses: dict[int, str] = field(default_factory=dict)
