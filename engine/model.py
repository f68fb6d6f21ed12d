"""The game's data: seats, night steps, prompts, and what a board declares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bansha_engine.api import Timer
    from bansha_engine.damage import Damage, Prevention
    from bansha_engine.day.rules import DayRules
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
    """One seat of a game: who sits there, the role and camp, alive or out, and the roles' state."""

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
    """A seat leaving the game: who, why and when (and, on boards with damage types, what did it)."""

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


class HookClash(ValueError):
    """Two providers give one board hook that takes at most one, or one key of a dict hook
    (BoardHooks.merged)."""

    def __init__(self, hook: str, key: str = "") -> None:
        super().__init__(f"board hook {hook}{f'[{key}]' if key else ''} given twice")
        self.hook = hook
        self.key = key


@dataclass(frozen=True)
class BoardHooks:
    """The hooks a board offers beyond `Board`'s own fields: what the engine and the roles call on
    some boards only.  One typed field per hook (`game.board.hooks.vote_weight`); each comment says
    who gives it and who reads it.  A board without the provider keeps the default, and the reader
    then does what the engine does by itself.

    Providers: a mechanism (`library.Mechanism.hooks`), a part of the game a mechanism runs
    (`library.BoardPart.hooks`: 须弥's), the composer from the file and the roles
    (engine/boards/composed.py), the built-in boards' loader (`day_rules`).  Putting a board together
    merges theirs (`merged`), by the kind of the field:
    - a function or a value (default None or False): at most one provider; a second is an error
      (HookClash, which the composer reports as a BoardError);
    - a tuple (default ()): every provider's items, in the order the providers are merged;
    - a dict (default {}): the union; a key given by two providers is an error (HookClash).
    """

    # ---------------------------------------------------------------- the day (engine/day)
    # The file's 日程, 加速 and 判罚: given by the built-in boards' loader (boards.board_from_text) to
    # every board it composes; read by day/book.rules (None: the defaults)
    day_rules: DayRules | None = None
    # The 关门 of the day the board sets itself (须弥's /入夜 HH:MM), None before it is set: given by
    # 正午 (mechanisms/xumi/noon.py); read by day/book.close_of, and day/calendar.timers (a board with
    # it never closes the door by the schedule)
    door_close: Callable[[Game], float | None] | None = None

    # ---------------------------------------------------------------- directors
    # Director commands of the board by word, beside the engine's own: given by 须弥's parts (身份池:
    # /身份 /发牌, 竞选日: /警长, 正午: /开门 /入夜 /关门, 黄昏投票: /放逐 /额外投票, 红牌: /罚下,
    # 阵营判负: /判负, 座位技能: /宣言 /寡言违规); read by game.director_commands,
    # Game._refuse_other_boards_command, day/cards.enforce_red (the board's /罚下) and the shell's
    # commands.board_words.  Combines (union).
    director_commands: dict[str, Callable[[Game, list[str]], bool]] = field(default_factory=dict)
    # Their lines in /帮助, after the engine's: given by the same parts; read by help.director_help.
    # Combines (in order).
    director_help: tuple[str, ...] = ()

    # ---------------------------------------------------------------- timers
    # The board's own timers: given by 正午 (the end of 正午, the door); read by Game.timers
    timers: Callable[[Game], list[Timer]] | None = None
    # The timer kinds (a Timer key's part before ":") the board's `on_timer` takes: given by 正午;
    # read by Game._timer.  Combines (in order).
    timer_kinds: tuple[str, ...] = ()
    # (game, kind, the rest of the key) -> whether it changed anything: given by 正午; read by
    # Game._timer for the kinds in `timer_kinds`
    on_timer: Callable[[Game, str, str], bool] | None = None

    # ---------------------------------------------------------------- the opening and the end
    # /开始 refuses a deal that breaks the board's rules (raises Rejected saying which): given by 身份池
    # (mechanisms/xumi/pool.py); read by game.cmd_start
    check_board: Callable[[Game], None] | None = None
    # A choice of the opening was made: once all are, the camps settle (丘比特's 连, 混血儿's 认亲):
    # given by 开局选择 (mechanisms/opening.py); read by roles/cupid.py and roles/halfblood.py
    opening_progress: Callable[[Game], None] | None = None
    # Whether a seat is one of 丘比特's lovers: given by 开局选择; read by roles/halfblood.py and
    # roles/servant.py
    is_lover: Callable[[Game, int], bool] | None = None
    # The win check outside an exit (a red card on a dead seat, /判负, the piper's spell): given by
    # 阵营判负 (mechanisms/xumi/camps.py); read by slots (after a slot's effects)
    check_end: Callable[[Game], None] | None = None
    # A camp judged lost outside an exit, with why (投降): the game may end; given by 优先判负
    # (mechanisms/priority_loss.py); read by mechanisms/wolfpack.surrender
    lose_camp: Callable[[Game, str, str], None] | None = None
    # A camp was judged lost (the black lovers holding 寡妇刀 are told): given by 开局选择; read by
    # mechanisms/priority_loss.mark_lost
    on_camp_lost: Callable[[Game, str], None] | None = None
    # The roles counted as 神职 for 屠边: the file's 神职, None for the seats of that category (as they
    # are now): given by the composer; read by library.is_god
    gods: tuple[str, ...] | None = None
    # 狼人过半: 胜利: given by the composer from the file; read by mechanisms/priority_loss.judge
    wolves_win_at_half: bool = False

    # ---------------------------------------------------------------- the night and the dawn
    # The kill sources of the file's 夜晚, in its order: given by the composer; read by roles/witch.py
    # (当晚所有 kills on a board with several).  Combines (in order).
    kill_order: tuple[str, ...] = ()
    # A role may make a kill void (医生's 救治), so that the others speak of 有效 kills: given by the
    # composer (RoleDef.voids_kills); read by roles/witch.py
    void_kills: bool = False
    # Who carries the knife (「实际带刀」) on a board whose wolves share one kill: given by 时段夜晚
    # (mechanisms/xumi/slot_night.py, roles/xumi/pack.carries_knife); read by skills.carries_knife
    carries_knife: Callable[[Game, int], bool] | None = None
    # Step 2 of 须弥's 出局结算流程: each may keep a seat whose damage got through (all run): given by
    # 座位技能 (mechanisms/xumi/seats.py); read by damage.leave.  Combines (in order).
    preventions: tuple[Prevention, ...] = ()
    # The directors' summary at dawn instead of the engine's: given by 晨曦公示
    # (mechanisms/xumi/dawn.py); read by night.end and night.report_cut_short
    dawn_report: Callable[[Game, Night], list[str]] | None = None
    # Once the dawn's summary is out (须弥: the camps lost in the tally are judged, 晨曦 begins): given
    # by 晨曦公示; read by night.end
    on_dawn: Callable[[Game], None] | None = None

    # ---------------------------------------------------------------- exits and seats
    # Tells a seat of its exit (and its last words) instead of the engine's notice: given by 晨曦公示
    # (mechanisms/xumi/exit_notices.py); read by Game.leave
    announce_exit: Callable[[Game, Exit], None] | None = None
    # (game, seat, cause) -> False where the board's post denies last words, before the engine's own
    # count: given by 晨曦公示 under 遗言: 首夜和放逐; read by Game._offer_last_words
    has_last_words: Callable[[Game, int, str], bool] | None = None
    # /状态 marks of a seat: given by the composer (its mechanisms' and roles' `status_marks`) and by
    # 座位技能; read by game.cmd_status
    status_marks: Callable[[Game, int], list[str]] | None = None
    # Prompt kinds /放弃 may not pass (PromptDef.forced): given by the composer; read by
    # Game._pass_prompt.  Combines (in order).
    forced_prompts: tuple[str, ...] = ()

    # ---------------------------------------------------------------- the vote (engine/vote.py)
    # What a voter's ballot weighs, instead of 1 and the sheriff's 警长 weight: given by 黄昏投票
    # (mechanisms/xumi/dusk.py); read by vote.weight
    vote_weight: Callable[[Game, int], float] | None = None
    # What ballots for a seat are multiplied by (超限锁定's ×2): given by 黄昏投票; read by
    # vote.multiplier
    vote_multiplier: Callable[[Game, int], float] | None = None

    def merged(self, other: BoardHooks) -> BoardHooks:
        """These hooks and `other`'s, field by field by the kind of its default (as the class says);
        raises HookClash naming the first field of one provider both give (or a dict key both give)."""
        values: dict[str, Any] = {}
        for hook in fields(self):
            mine, theirs = getattr(self, hook.name), getattr(other, hook.name)
            default = _default(hook)
            if default == ():
                values[hook.name] = mine + theirs
            elif default == {}:
                both = sorted(mine.keys() & theirs.keys())
                if both:
                    raise HookClash(hook.name, both[0])
                values[hook.name] = {**mine, **theirs}
            elif theirs != default and mine != default:
                raise HookClash(hook.name)
            else:
                values[hook.name] = mine if theirs == default else theirs
        return BoardHooks(**values)

    def gives(self, hook: str, key: str = "") -> bool:
        """Whether these hooks set `hook` (not to its default), or hold `key` in a dict hook."""
        value = getattr(self, hook)
        if key:
            return key in value
        return bool(value != _default(next(f for f in fields(self) if f.name == hook)))


def _default(hook: Field[Any]) -> Any:
    """A BoardHooks field's default: None, False, () or {} (the kind `merged` goes by)."""
    return hook.default_factory() if hook.default_factory is not MISSING else hook.default


# Who may leave last words (遗言): the first `Options.last_words` exits that are not red cards, or
# the standard posts' rule (第一夜出局的玩家和白天出局的玩家有遗言), still within that count.
LAST_WORDS_BY_COUNT = "count"
LAST_WORDS_FIRST_NIGHT_AND_DAY = "首夜和放逐"


@dataclass
class Options:
    """A board's settings that the game reads directly (sheriff, last words, the wolves' group …)."""

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
    """A composed board: roster, night steps in order, skills, prompts, resolution and hooks."""

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
    # What the engine and the roles call on some boards only (BoardHooks: one typed field per hook)
    hooks: BoardHooks = field(default_factory=BoardHooks)
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
    """One night of a game: its steps' states and deadlines, and the actions taken in it."""

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
