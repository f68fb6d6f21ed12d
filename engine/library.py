"""The role library: what a role module declares, so that a board file can name it.

A board file (engine/boardfile) lists roles by their Chinese names; each name is a `RoleDef` in
`ROLES`, registered by its own module (engine/roles/*.py, `ROLE = register(RoleDef(...))`), which is
imported the first time the role is asked for (engine/library_index.py says which module has which
role, so that a bot imports only the roles of its boards). The
composer (engine/boards/composed.py) builds a `Board` from the file and these declarations only:
the night order and deadlines come from the file's `夜晚`, the steps from the roles' `night`, the
resolution from the roles' `resolution` stages in `RESOLUTION_STAGES` order, the exit triggers from
the roles' `triggers` in `TRIGGER_ORDER` order. Roles never import boards.

Role state is typed: a role keeps a dataclass of its own in `Seat.data` (or `Game.flags`) under the
dataclass's name, through `seat_state` / `game_state`; nothing else reads it but the role's module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, MutableMapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

from bansha_engine import library_index
from bansha_engine.model import BoardHooks

if TYPE_CHECKING:
    from bansha_engine.boardfile.spec import BoardFile
    from bansha_engine.checks import Check
    from bansha_engine.damage import Damage
    from bansha_engine.exile import Verdict
    from bansha_engine.game import Game
    from bansha_engine.model import Board, Deadline, Prompt, Skill, StepSpec

Thunk = Callable[[], None]
State = TypeVar("State")

# Categories a file's win rule reads (屠边: every 神职 or every 村民 out).
GOD = "神职"
VILLAGER = "村民"
WOLF = "狼人"
OTHER = "其他"  # neither side of 屠边 (百变小樱's 情痴, 仆人, 丘比特, 混血儿)

# The resolution of a classic night, in the posts' order (竞技12 游戏流程 3 (5)(6); standard post:
# 查验 told at the resolution, the kill checked against 守护 and 解药, then the poison).  A role
# attaches its functions to these stages; within a stage, roles run in roster order.
# 百变小樱 (总体流程 4 (5)-(10)): 幼狼's 牺牲 takes effect first, 医生's 救治 is counted against the
# kills before they are settled, and the double empty saves leave last (其他出局).
# The night's protections are statuses (engine/damage.py) granted before 刀人结算: 救治 (医生: the
# kill is void), 守护 (守卫's 守护: the kill never lands), 长寿 (长老's 长寿之命: the target's own
# life), 保护 (女巫's 救药; before 0.5.0 守卫's 守护 too, in roster order).  A kill meets them in the
# order they were granted in, which is this order; they end once the kills are settled.
# common-boards.md 2.10.7 puts first a camp a seat changes tonight (转变阵营: the 觉醒石像鬼's 转化), so
# that what the resolution reads (a check) sees it.  5.1.2 adds, after the poison: the other night exits (反伤, 狩猎, 查验出局, 共舞,
# 交易, 袭击, 梦亡 …) in the file's 夜晚 order of the steps causing them (夜间出局; roles without a
# step last), the exits put off to this dawn (推迟出局: 血月使徒), and the 咒狐's check exit, judged
# after all the others (最后出局, 补充裁定 5).  Once every exit of the night and all they led to are
# over comes what is read at dawn (天亮: 熊's growl 「每夜结算后」, the 禁言长老's silenced seat).
RESOLUTION_STAGES = (
    "转变阵营",
    "告知结果",
    "牺牲",
    "救治",
    "守护",
    "长寿",
    "保护",
    "刀人结算",
    "毒药结算",
    "其他出局",
    "夜间出局",
    "推迟出局",
    "最后出局",
    "天亮",
)
NIGHT_EXITS_STAGE = "夜间出局"  # within it, roles run in the file's 夜晚 order
DAWN_STAGE = "天亮"  # after the night's exits and what they triggered (shots, 殉情 …)

# The mechanism of 百变小樱's opening choices (丘比特 连, 混血儿 认亲, 仆人 认主) and the camps they
# settle (mechanisms/opening.py); the roles that choose bring it.
OPENING_CHOICES = "开局选择"

# Exit triggers, in the order the posts fire them: a shot first (猎人/狼王, 竞技12 「猎人出局立即
# 开枪」), then whoever leaves with the seat (殉情), then the badge (殉职), then the wolf head (传位).
# A file may give another order with `出局触发` (百变小樱: 殉情, then 开枪, then 警徽).
TRIGGER_ORDER = ("开枪", "殉情", "警徽", "传位")

# The word a NightPart's `needs` uses for every step of the kill phase (女巫 waits for all the kills).
KILL_PHASE = "杀人"
# How a role of the wolves' category takes part in the wolves' kill (RoleDef.pack): a member of the
# wolf group (狼群: votes the kill under 狼群投票 and 通用刀, knows the others and may be the 狼头 under
# 狼头), or a lone wolf (单身狼, common-boards.md 2.8: outside the group, knowing nobody, who takes
# over the kill once the group has no living member).  Roles of other categories take no part.
PACK_MEMBER = "狼群"
LONE_WOLF = "单身狼"
# The board-wide keys a wolf's options carry (the file writes them at its top): how the wolves kill
# (the 狼人 key: the name of the kill mode's mechanism) and whether they kill on the first night.
KILL_MODE = "刀人方式"
FIRST_NIGHT_KILL = "首夜刀人"


@dataclass(frozen=True)
class OptionDef:
    """One option a board file may set on a role: `女巫: {数量: 1, 自救: 首夜}`."""

    name: str  # Chinese key in the file, e.g. 自救
    values: tuple[str, ...]  # the words the file may write, e.g. ("不能", "首夜", "可以")
    default: str
    doc: str  # one Chinese line for /身份库 and the directors' docs


@dataclass(frozen=True)
class NightPart:
    """A role's step in the night: built once per board from the deadline the file gives it."""

    name: str  # the word a file's 夜晚 uses for it: the role's name, or a step's (竞技12's 争权)
    step_id: str
    # (deadline, after: step ids that must close first, options) -> the step
    build: Callable[[Deadline, tuple[str, ...], dict[str, str]], StepSpec]
    needs: tuple[str, ...] = ()  # role names whose steps must close before this one opens (女巫: 狼人)
    # The source it adds to night.kills, and the cause of the exit such a kill makes (狼王's 冲锋:
    # 冲锋); the night's kills are settled in the file's 夜晚 order of these parts.
    kill_source: str | None = None
    kill_cause: str = "杀人"
    # One of the kill steps (百变小樱 (3)-(5)): `/时限 狼人` addresses it too, and a part that needs
    # KILL_PHASE waits for it.
    kill_phase: bool = False
    # It seals seats (恐惧, 冰冻: engine/seal.py): every other step of the night waits for it, and a
    # later seal step for an earlier one (common-boards.md 2.10.3 第4条, 补充裁定 11)
    seals: bool = False
    # The 夜晚 words of parts that open only after this one closes, where the board has them (鬼魂新娘:
    # 狼人, 「第1夜狼人那一步在这一步结束后才开始」): `needs` seen from the other side; a category
    # (GOD, VILLAGER) names the steps of every role of it (盗宝大师: 补充裁定 3)
    before: tuple[str, ...] = ()
    # Needed only on a board whose roster has one of these roles (混血儿's 杀人 and the 黑情侣 step
    # serve 丘比特's lovers: common-boards.md 3.4 补充 3); elsewhere 夜晚 need not name it, and a file
    # that does (saved before) keeps it, with nobody acting in it
    only_with: tuple[str, ...] = ()


@dataclass(frozen=True)
class KillHolder:
    """One kill a seat may hold, served by the shared `/刀` of the 通用刀 kill mode."""

    step: str  # the night step the kill is recorded in
    group: str | None  # the QQ group kind where a `/刀` is this kill (wolves, lovers), if any
    holds: Callable[[Game, int], bool]
    take: Callable[[Game, int, list[str]], None]  # records the kill (args: the targets)
    refusal: str = ""  # said in its group by a seat that does not hold it
    # True: outside its group, only a `/刀` in private chat is this kill (the wolf group's vote)
    private_only: bool = False


@dataclass(frozen=True)
class KillTakeover:
    """The wolves' camp's kill held outside the wolf group once the group has no living member
    (common-boards.md 2.8 接刀; 鬼魂新娘阵营's lovers, then its witness): the seats say `/刀 N号` or
    `/刀 空` privately in the 狼人 step, each told his own ballot only (nothing goes to the wolf
    group); the kill is a 刀杀 as the group's is (the witch learns it, the guard stops it)."""

    seats: Callable[[Game], list[int]]  # the living seats holding it tonight ([]: none through this role)
    # Why a target is refused to them (鬼魂新娘阵营: not its own camp), or None
    refuse: Callable[[Game, int, int], str | None] = lambda game, voter, target: None
    shared: bool = False  # one ballot for them all: the last `/刀` of any of them stands
    told: str = "狼群已经没有存活的狼人，今晚起由你刀人"  # said to each when the step opens


@dataclass(frozen=True)
class OpeningChoice:
    """A choice each seat holding the role makes at the opening (开局选择, common-boards.md 4.0.4:
    after /开始, before night 1, forced): the board stays in its opening until every living seat
    holding the role made it; /入夜 or /推进 makes the missing ones at random, before the
    mechanisms' own (盗贼 before 丘比特, 补充裁定 15)."""

    start: Callable[[Game, int], None]  # at /开始, once every seat was told its role: ask the seat
    done: Callable[[Game, int], bool]
    at_random: Callable[[Game, int], None]


@dataclass(frozen=True)
class Silencer:
    """A role whose exit may take other roles' skills away (长老: 女巫, 预言家, 医生, 情痴)."""

    roles: tuple[str, ...]
    active: Callable[[Game], bool]
    refusal: str  # the answer to a silenced seat's skill
    describe: str  # what /身份 says instead of the skills
    # The seats it silences whatever their role, instead of `roles` (觉醒石像鬼's turned seat once the
    # wolf group is out): they lose their role's steps, commands and exit triggers, not the wolves' kill
    seats: Callable[[Game, int], bool] | None = None


@dataclass(frozen=True)
class Mechanism:
    """Rules that belong to no single role: brought by a role (RoleDef.mechanisms, e.g. 丘比特's
    lovers and the opening choices) or by a file's value (狼人: 通用刀, 胜负: 优先判负).  The
    composer runs its hooks beside the roles' own."""

    name: str
    on_start: Callable[[Game], None] | None = None  # after every seat was told its role
    start_done: Callable[[Game], bool] | None = None  # opening choices all made (before night 1)
    finish_start: Callable[[Game], None] | None = None  # /入夜 or /推进 with choices missing
    # Its commands, given the kills the board's seats may hold (in the order of 夜晚)
    skills: Callable[[tuple[KillHolder, ...]], list[Skill]] = lambda kills: []
    describe: Callable[[Game, int], list[str]] | None = None  # lines after the role's own
    status_marks: Callable[[Game, int], list[str]] | None = None  # before the roles' marks
    on_exit: Callable[[Game, int, str], None] | None = None  # after the roles' on_exit
    judge: Callable[[Game], str | None] | None = None  # the win rule it stands for
    kills: tuple[KillHolder, ...] = ()  # kills its seats hold, served by the shared `/刀`
    night: tuple[NightPart, ...] = ()  # its own night steps (黑情侣杀人)
    # Its night steps built from the options of the role bringing it (a kill mode's: 首夜刀人)
    night_for: Callable[[dict[str, str]], tuple[NightPart, ...]] | None = None
    prompts: dict[str, PromptDef] = field(default_factory=dict)  # decisions it waits for (传位)
    # trigger name (TRIGGER_ORDER) -> (game, seat that left, cause) -> thunks, after the roles' own
    triggers: dict[str, Callable[[Game, int, str], list[Thunk]]] = field(default_factory=dict)
    hooks: BoardHooks = field(default_factory=BoardHooks)  # its part of the board's hooks (roles call them)
    lover_group: bool = False  # the board binds a lovers' group (/情侣群)
    # A mechanism that runs a part of the game itself (须弥's pool, slots, 黄昏 vote …), named by a
    # file under 机制 (or by its 胜负): what it gives the board for the file
    part: Callable[[BoardFile], BoardPart] | None = None
    needs: tuple[str, ...] = ()  # the mechanisms it works with, which the file must name too
    roles: tuple[str, ...] = ()  # the roles a file naming it lists (须弥's pool), instead of ROLES
    seats: int | None = None  # the board's seats when 身份 is a pool to draw them from (须弥: 14)
    night_names: tuple[str, ...] = ()  # the 夜晚 words it runs (须弥's slots)
    # What it cannot take of a file naming it, given the file and its top-level keys (PostDef.refuse)
    refuse: Callable[[BoardFile, frozenset[str]], list[Refusal]] | None = None


@dataclass(frozen=True)
class BoardPart:
    """What a mechanism that runs a part of the game gives the board (Mechanism.part): `Board`
    fields by name that it alone gives (two parts giving one field is an error), and its player
    skills and board hooks (director commands and their help lines among them), merged with the
    others' (BoardHooks.merged)."""

    fields: dict[str, Any] = field(default_factory=dict)
    skills: tuple[Skill, ...] = ()
    hooks: BoardHooks = field(default_factory=BoardHooks)


@dataclass(frozen=True)
class WinRule:
    """How a role's camp wins besides the plain count of camps (common-boards.md 5.3), each checked
    after every exit and every dawn: a camp that `wins` by itself now (吹笛者: everyone else is
    hypnotized), a win of another camp it `steals` (咒狐 alive), a camp it keeps from winning
    (`blocks`: 孤独少女 alive, 狼人阵营).  `standing`: the camp is one of those counted until one is
    left (鬼魂新娘阵营, 影子阵营: 5.3.9)."""

    camp: str
    standing: bool = False
    wins: Callable[[Game], bool] | None = None
    steals: Callable[[Game, str], bool] | None = None
    blocks: Callable[[Game, str], bool] | None = None


@dataclass(frozen=True)
class RoleDef:
    """A role of the library as its module declares it: camp, category, skills, night parts, triggers
    and every typed extension point the engine reads (listed in docs/adding-a-role.md)."""

    name: str  # as the posts write it: 女巫
    camp: str  # starting camp (model.VILLAGE / model.WOLVES)
    category: str  # GOD | VILLAGER | WOLF
    summary: str  # one Chinese line for /身份库
    options: tuple[OptionDef, ...] = ()
    # The role's night steps for these options (board-wide keys a role reads, such as 狼人's
    # 刀人方式 and 首夜刀人, are passed in its options too); () for none (猎人, 村民, 白痴 ...)
    night: Callable[[dict[str, str]], tuple[NightPart, ...]] = lambda options: ()
    # Player commands; options may change them.  Day skills are Skills too (they check the phase).
    skills: Callable[[dict[str, str]], list[Skill]] = lambda options: []
    describe: Callable[[Game, int], list[str]] = lambda game, seat: []  # /身份 lines
    setup: Callable[[Game, int, dict[str, str]], None] | None = None  # at /开始, per seat
    # stage name (RESOLUTION_STAGES) -> function run once per night for the whole board
    resolution: dict[str, Callable[[Game], None]] = field(default_factory=dict)
    # trigger name (TRIGGER_ORDER) -> (game, seat that left, cause) -> thunks; fired for every exit
    triggers: dict[str, Callable[[Game, int, str], list[Thunk]]] = field(default_factory=dict)
    # An exile about to happen (/放逐 N号): return True when the role takes it instead (白痴 翻牌).
    on_exiled: Callable[[Game, int], bool] | None = None
    on_exit: Callable[[Game, int, str], None] | None = None  # state changes before the win check
    # Decisions the role waits for, for these options: prompt kind -> its declaration
    prompts: Callable[[dict[str, str]], dict[str, PromptDef]] = lambda options: {}
    status_marks: Callable[[Game, int], list[str]] | None = None  # /状态 marks for a seat
    votes: Callable[[Game, int], bool] | None = None  # False: this seat's ballots are refused (白痴)
    # False: ballots naming this seat are refused and the vote never exiles it (a flipped 白痴 under
    # 翻牌后被投票: 不可以); every role of the board is asked, each answers for its own seats
    votable: Callable[[Game, int], bool] | None = None
    # False: the badge may not go to this seat (/移交, /警长), and a sheriff it holds must hand it on
    # (a flipped 白痴 under 翻牌后持警徽: 不可以); asked as `votable`
    may_hold_badge: Callable[[Game, int], bool] | None = None
    # Board-wide: False when a seat that left by `cause` has no last words by this role's rule (白狼王
    # 被带走遗言: 不可以, for the seat he takes); asked of every role of the board after the board's 遗言
    last_words: Callable[[Game, int, str], bool] | None = None
    # The camp its seat counts for in 胜负's count (5.3) instead of the one it is in, which it still
    # wins with (混血儿 算作村民: 可以 and 孤独少女 count for 村民阵营 whoever they follow, 补充裁定 6);
    # None: its own
    counted_camp: Callable[[Game, int], str | None] | None = None
    # What its seat is told of its own camp (/身份, the opening's news) instead of the camp's name, or
    # None (混血儿 告知阵营: 不可以: 「已认亲N号」 only; 孤独少女: 「跟随崇拜对象」); directors see the real one
    told_camp: Callable[[Game, int], str | None] | None = None
    # Names of the mechanisms (MECHANISMS) the role brings to any board it is on (丘比特: 情侣)
    mechanisms: tuple[str, ...] = ()
    # Before an exit: who leaves instead (情痴 for the adored seat), with the cause, or None.
    # (game, seat, cause, able: whether a seat still has its skills)
    substitute: Callable[[Game, int, str, Callable[[Game, int], bool]], tuple[int, str] | None] | None = None
    # Its protection makes a kill void (医生's 救治), so that the others speak of 有效 kills
    voids_kills: bool = False
    silencer: Silencer | None = None
    # The kills this role's seats serve through the shared `/刀` (狼人: 通用刀)
    kills: Callable[[dict[str, str]], tuple[KillHolder, ...]] = lambda options: ()
    # Its part in the wolves' kill: PACK_MEMBER, LONE_WOLF or "" (none); None: a member when its
    # category is WOLF (狼王, 白狼王, 狼美人 「也是狼人：他们在狼群里一起投票刀人」), else none
    pack: str | None = None
    # A member of the wolf group (pack PACK_MEMBER) who joins it only later, by its own rule, not at the
    # start nor when the opening choices form the group (噩梦之影: once his first night's fear is over)
    joins_pack_at_start: bool = True
    # How its seat answers checks (engine/checks.py): a camp check (村民阵营 / 非村民阵营; None: by the
    # seat's camp) and a role check (a library name; None: the role's own), and what a check of it
    # does (恶灵骑士's 反伤, 咒狐 checked by a 预言)
    camp_check: Callable[[Game, int], str] | None = None
    role_check: Callable[[Game, int], str] | None = None
    on_checked: Callable[[Game, Check], None] | None = None
    # Its seat does not leave by this cause at night (engine/immunity.py: 咒狐, 恶灵骑士)
    immune: Callable[[Game, int, str], bool] | None = None
    # How tonight's kills of a kill source (Night.kills) land: (game, source) -> a damage kind
    # (engine/damage.py: PIERCE, past 守护, 解药 and the one-night immunities — the 机械狼 who learned a
    # wolf and holds the knife), or None for the usual 指杀
    kill_kind: Callable[[Game, str], str | None] | None = None
    # Board-wide: it hears of every check of any seat (after that seat's own on_checked: 黑夜使者, of
    # the wolf he shelters tonight), and of every night damage an immunity kept off, with its cause
    # (engine/immunity.py `keeps_off`: 恶灵骑士 and 黑夜使者 learn who poisoned whom)
    sees_check: Callable[[Game, Check], None] | None = None
    sees_kept_off: Callable[[Game, Damage, str], None] | None = None
    # The wolves' `/刀` naming its seat is refused with this reason, or None (恶灵骑士: 2.2 第5条)
    kill_refusal: Callable[[Game, int], str | None] | None = None
    # It changes the targets of tonight's skills at the resolution (engine/redirect.py: 魔术师's swap):
    # (game, the skill's user (None: the wolves' kill), the seat aimed at) -> the seat hit; applied
    # in the file's 夜晚 order of the role's step
    redirect: Callable[[Game, int | None, int], int] | None = None
    # What it adds to the exile vote's count of a seat on a day (乌鸦's curse): (game, seat, day) ->
    # [(votes, why)], shown in /票型 as 「+1（诅咒）」
    vote_bonus: Callable[[Game, int, int], list[tuple[float, str]]] | None = None
    # The day's first exile verdict (its first /放逐, in any form), before it takes effect: a thunk
    # that holds it — asks the role's seat, who later lets it take effect (exile.release) or voids the
    # round (exile.void) — or None to let it take effect now (定序王子; engine/exile.py)
    holds_exile: Callable[[Game, Verdict], Thunk | None] | None = None
    # A wolf of the group that may not 自爆 where the board allows it (狼美人, 恶灵骑士: 2.1 第1条)
    self_destructs: bool = True
    # Its 自爆 takes one other seat along, who leaves by this cause (白狼王: 白狼王带走); its own 自爆
    # then leaves no last words (model.SELF_DESTRUCT), and under `自爆: 不可以` it alone may 自爆, from
    # day 2, taking a seat (engine/self_destruct.py)
    self_destruct_takes: str = ""
    # After its seat's 自爆 by day, 吞毒自爆 included, unless the game is over by it (血月使徒: the
    # blood moon of the coming night)
    after_self_destruct: Callable[[Game, int], None] | None = None
    # Its seat's camp may change or follows another's (野孩子, 影子, 盗贼 …): the board counts camps
    # seat by seat (5.3), as with the opening choices
    camp_changes: bool = False
    win: WinRule | None = None  # how its camp wins besides the count (咒狐, 吹笛者, 孤独少女 …)
    # At the start of every night, before its steps open (隐狼 learns the wolves on night 1)
    on_night_start: Callable[[Game], None] | None = None
    # At every /入夜, before the night begins (its number, its steps, on_night_start): the game as it
    # is at the door close (白夜使者 keeps it for 回溯, engine/rewind.py)
    before_night: Callable[[Game], None] | None = None
    # Before its seat leaves (after any substitute): True keeps the seat in, the role doing instead
    # what it does (蒙面人: wounded, he leaves the next day).  Asked of the role the seat holds then
    # (a 盗宝大师 holding the card); a red card is never kept off.
    stays: Callable[[Game, int, str], bool] | None = None
    # When the day's talk is over — the director settles the day's exile (/放逐, any form, before its
    # result takes effect) or a day skill ends the day (自爆, 决斗) — what the role does then, as
    # effects run in order (蒙面人: the wounded seat leaves); /入夜 is refused while there are any
    day_closes: Callable[[Game], list[Thunk]] | None = None
    # Who holds the wolves' camp's kill once the wolf group has no living member (2.8 接刀)
    takeover: KillTakeover | None = None
    opening: OpeningChoice | None = None  # a choice its seat makes at the opening (盗贼's 盗取)
    # Bottom cards (底牌, 2.10.8): the cards of the file's 身份 left out of the deal while the role is
    # on the board (盗贼 2, 盗宝大师 3), and what they must be: (the bottom cards' names) -> the
    # problem in Chinese, or None
    bottom_cards: int = 0
    bottom_rule: Callable[[tuple[str, ...]], str | None] | None = None
    aliases: tuple[str, ...] = ()  # other names a file, /身份库 and /身份 N号 take (1.6: 平民 → 村民)
    # The role its own seat is told it holds, instead of this one (/身份, the game's start, a
    # substitute): 灯影预言家 believes he is the 预言家.  Directors always see the real one.
    told_as: str = ""
    # Skills its seat holds one by one, with uses and losses of their own (engine/skills.py: 须弥's
    # pool roles, run by its mechanisms)
    seat_skills: tuple[str, ...] = ()


@dataclass(frozen=True)
class PromptDef:
    """A question a role puts to its seat when something happens (猎人's 开枪 on his exit), answered
    with one command or left to time out."""

    word: str  # the command that answers it: 开枪
    role: str  # the name /时限 uses for it
    answer: Callable[[Game, Prompt, list[str] | None], None]  # None = timed out or passed
    forced: bool = False  # /放弃 refused
    # A poll of other seats opened in this seat's name (the 杠精's 开杠投票): the seat neither answers
    # nor passes it (its word and /放弃 do not reach it, /身份 does not list it) and its deadline is
    # no one's fault; the role's own commands close it (Game.answer), else its deadline or /推进
    poll: bool = False


@dataclass(frozen=True)
class Refusal:
    """A value of a file that a post's mechanism cannot take: where it is, as a path of the file's
    keys (("警长",), ("夜晚", 2), ("身份", "哥布林"); ("身份",) for the key as a whole), and what is
    wrong and what is allowed, in Chinese.  The checker turns the path into the file's line."""

    path: tuple[str | int, ...]
    message: str


@dataclass(frozen=True)
class PostDef:
    """A rule post whose board is its own module (须弥; 0.3.0 copies of 百变小樱): a file names it with
    `规则: <name>` and may use its roles and night names, which are not in ROLES."""

    name: str
    roles: tuple[str, ...]
    night_names: tuple[str, ...]
    # The post's board for a checked file naming it; raises BoardError when the file asks for
    # what the module does not do (another roster, other options)
    build: Callable[[BoardFile], Board] | None = None
    # The board's seats when 身份 is a pool to draw them from, not one role a seat (须弥: 14)
    seats: int | None = None
    # What the post's mechanism cannot take of a file naming it (another roster, a value it has no
    # rule for), each with its place in the file, given the file and the top-level keys it writes;
    # the checker refuses the file with these
    refuse: Callable[[BoardFile, frozenset[str]], list[Refusal]] | None = None
    listed: bool = True  # /身份库 lists its roles; a 0.3.0 post kept for old files is not


class BoardError(ValueError):
    """A checked board file the composer cannot build; the message is Chinese, for the director."""


class RoleLibrary(MutableMapping[str, "RoleDef"]):
    """The library's roles by name, in the index's order (library_index.ROLE_MODULES): a role's
    modules (its own, and those of its variants) are imported the first time its declaration is asked
    for.  Telling whether a name is a role and listing the names import nothing.  Tests put roles of
    their own in and take them out as in a dict."""

    def __init__(self, modules: dict[str, tuple[str, ...]]) -> None:
        self._modules = modules
        self._roles: dict[str, RoleDef | None] = dict.fromkeys(modules)  # None: not imported yet

    def __contains__(self, name: object) -> bool:
        return name in self._roles

    def __iter__(self) -> Iterator[str]:
        return iter(self._roles)

    def __len__(self) -> int:
        return len(self._roles)

    def __getitem__(self, name: str) -> RoleDef:
        role = self._roles[name]
        if role is None:
            for module in self.modules(name):
                import_module(f"bansha_engine.roles.{module}")
            role = self._roles[name]
        if role is None:
            raise LookupError(
                f"{name}: not registered by {self._modules.get(name)}; run python -m bansha_engine.indexing"
            )
        return role

    def __setitem__(self, name: str, role: RoleDef) -> None:
        self._roles[name] = role

    def __delitem__(self, name: str) -> None:
        del self._roles[name]

    def clear(self) -> None:
        self._roles.clear()

    def modules(self, name: str) -> tuple[str, ...]:
        """The role modules (engine/roles) declaring the role and its variants, by the index."""
        return self._modules.get(name, ())

    def registered(self, name: str) -> bool:
        """Whether the role's declaration is in (its module imported, or put in by a test)."""
        return self._roles.get(name) is not None


ROLES = RoleLibrary(library_index.ROLE_MODULES)
# The roles of a post's pool, by the pool's mechanism (须弥's 身份池): declared as the library's are,
# but kept apart, so that a name both use (摄梦人, 猎魔人 …) is the library's on a board of the library
# and the pool's on a board naming the pool (common-boards.md 1.6)
POOL_ROLES: dict[str, dict[str, RoleDef]] = {}
ALIASES: dict[str, str] = dict(library_index.ALIASES)  # another name -> the library's (1.6: 平民 → 村民)
POSTS: dict[str, PostDef] = {}
MECHANISMS: dict[str, Mechanism] = {}
# The mechanisms a file may name under 机制 (and 胜负: 阵营判负), and the one roles bring (开局选择), by
# the module registering each: imported only when a file or a role names one, so that a bot without
# 须弥 games never loads them, nor one without 丘比特, 混血儿 or 仆人 the opening choices.
NAMED_MECHANISMS = {
    OPENING_CHOICES: "bansha_engine.mechanisms.opening",
    "身份池": "bansha_engine.mechanisms.xumi.pool",
    "座位技能": "bansha_engine.mechanisms.xumi.seats",
    "时段夜晚": "bansha_engine.mechanisms.xumi.slot_night",
    "竞选日": "bansha_engine.mechanisms.xumi.election",
    "正午": "bansha_engine.mechanisms.xumi.noon",
    "黄昏投票": "bansha_engine.mechanisms.xumi.dusk",
    "晨曦公示": "bansha_engine.mechanisms.xumi.dawn",
    "红牌": "bansha_engine.mechanisms.xumi.red_cards",
    "阵营判负": "bansha_engine.mechanisms.xumi.camps",
}
# What 机制 lists (阵营判负 is written under 胜负; the roles that bring 开局选择 bring it themselves)
FILE_MECHANISMS = tuple(name for name in NAMED_MECHANISMS if name not in ("阵营判负", OPENING_CHOICES))
# (role name, value of its 技能 option) -> the variant's declaration: two posts' roles of one name
# (狼王: the standard post's shot, 百变小樱's 冲锋).  The option that chooses is the variant's, not
# the library role's: VARIANT_OPTIONS.
VARIANT = "技能"
VARIANTS: dict[tuple[str, str], RoleDef] = {}
VARIANT_OPTIONS: dict[str, OptionDef] = {}


def register(role: RoleDef) -> RoleDef:
    if ROLES.registered(role.name):
        raise ValueError(f"role {role.name} registered twice")
    ROLES[role.name] = role
    for alias in role.aliases:
        ALIASES[alias] = role.name
    return role


def register_pool(pool: str, roles: tuple[RoleDef, ...]) -> dict[str, RoleDef]:
    """The roles of a post's pool (须弥's 身份池), by name."""
    registered = POOL_ROLES.setdefault(pool, {})
    registered.update({role.name: role for role in roles})
    return registered


def canonical(name: str) -> str:
    """The library's name for a role written by another name (1.6: 平民, 兔子 → 村民), else `name`."""
    return ALIASES.get(name, name)


def register_variant(choice: OptionDef, value: str, role: RoleDef) -> RoleDef:
    """A second role of a library name, chosen in a file with `choice` (a 技能 option whose default is
    the library role) set to `value`: `狼王: {数量: 1, 技能: 冲锋}`."""
    VARIANTS[(role.name, value)] = role
    VARIANT_OPTIONS[role.name] = choice
    return role


def settable_options(name: str) -> tuple[OptionDef, ...]:
    """The options a file may write under a library role: its own, and the choice of its variant."""
    role = ROLES[name]  # imports its variants' modules too
    choice = VARIANT_OPTIONS.get(name)
    return role.options + ((choice,) if choice is not None else ())


def role_def(name: str, options: dict[str, str]) -> RoleDef:
    """The declaration a roster entry stands for: its variant when its options choose one."""
    role = ROLES[name]  # imports its variants' modules too
    variant = VARIANTS.get((name, options.get(VARIANT, "")))
    return variant if variant is not None else role


def variants(name: str) -> list[tuple[str, RoleDef]]:
    """The other roles of a library name, by the 技能 value that chooses each (狼王: 冲锋)."""
    ROLES[name]  # imports its variants' modules
    return [(value, role) for (role_name, value), role in VARIANTS.items() if role_name == name]


def board_roles(game: Game) -> list[RoleDef]:
    """The declarations of the library roles on this game's board, as its file chose them (variants
    included), for the board-wide hooks (RoleDef.sees_check …); none on a post's own board."""
    return [role_def(name, options) for name, options in game.board.role_options.items() if name in ROLES]


def silences(silencer: Silencer, game: Game, seat: int, *, own: bool = True) -> bool:
    """Whether `silencer` is one that takes `seat`'s skills: its seats' (only in their own steps: `own`),
    or its roles'."""
    if silencer.seats is not None:
        return own and silencer.seats(game, seat)
    return game.seats[seat].role in silencer.roles


def skills_taken(game: Game, seat: int) -> bool:
    """A silencer of the board took the seat's role skills away (长老 out: 女巫, 预言家 …; a seat the
    觉醒石像鬼 turned, once the wolf group is out): what its role reads or does without a command (守墓人's
    news, 熊's growl) is gone too."""
    for role in board_roles(game):
        silencer = role.silencer
        if silencer is not None and silences(silencer, game, seat) and silencer.active(game):
            return True
    return False


def pack_kind(role: RoleDef) -> str:
    """The role's part in the wolves' kill: PACK_MEMBER, LONE_WOLF or "" (RoleDef.pack)."""
    if role.pack is not None:
        return role.pack
    return PACK_MEMBER if role.category == WOLF else ""


def kill_mode_mechanism(role: RoleDef, options: dict[str, str]) -> Mechanism | None:
    """The mechanism of the wolves' kill a wolf brings: the one the file's 狼人 names (its options
    carry it as KILL_MODE)."""
    if not pack_kind(role):
        return None
    return MECHANISMS.get(options.get(KILL_MODE, ""))


def brought_mechanisms(role: RoleDef, options: dict[str, str] | None = None) -> list[Mechanism]:
    """The mechanisms a role brings to any board it is on (丘比特, 混血儿, 仆人: 开局选择), and, given
    its options, a wolf's the kill mode's."""
    found = [mechanism for name in role.mechanisms if (mechanism := named_mechanism(name)) is not None]
    kill_mode = kill_mode_mechanism(role, options) if options is not None else None
    return found + ([kill_mode] if kill_mode is not None and kill_mode not in found else [])


def mechanism_night(mechanism: Mechanism, options: dict[str, str]) -> tuple[NightPart, ...]:
    """A mechanism's night parts, for the options of the role (or file) bringing it."""
    built = mechanism.night_for(options) if mechanism.night_for is not None else ()
    return (*mechanism.night, *built)


def night_parts(role: RoleDef, options: dict[str, str]) -> tuple[NightPart, ...]:
    """The night parts a board with this role needs in 夜晚: its own and those of its mechanisms
    (a wolf's: the wolves' kill)."""
    return (
        *role.night(options),
        *(
            part
            for mechanism in brought_mechanisms(role, options)
            for part in mechanism_night(mechanism, options)
        ),
    )


def part_needed(part: NightPart, roster: Collection[str]) -> bool:
    """Whether a board of these roles needs the part in its 夜晚 (NightPart.only_with)."""
    return not part.only_with or any(name in roster for name in part.only_with)


def holds_other_kills(
    role: RoleDef, options: dict[str, str], present: Callable[[NightPart], bool] = lambda part: True
) -> bool:
    """The role (or a mechanism it brings) gives a seat a kill beyond the wolf group's, said with the
    shared `/刀`, in a night step the role brings that the board has (`present`: the parts it needs or
    its 夜晚 names; 混血儿's 杀人 only with 丘比特): a board with it needs 狼人: 通用刀."""
    kills = [
        *role.kills(options),
        *(kill for mechanism in brought_mechanisms(role) for kill in mechanism.kills),
    ]
    if not kills:
        return False
    steps = {part.step_id for part in night_parts(role, options) if present(part)}
    return any(kill.step in steps for kill in kills)


def counted_camp(game: Game, seat: int) -> str:
    """The camp a seat counts for in 胜负's count (5.3): its role's (RoleDef.counted_camp: 混血儿 算作村民),
    else the camp it is in."""
    role = seat_role_def(game, seat)
    counted = role.counted_camp(game, seat) if role is not None and role.counted_camp is not None else None
    return counted or game.seats[seat].camp


def seat_role_def(game: Game, seat: int) -> RoleDef | None:
    """The declaration of the library role a seat holds on this board (its variant, where its options
    choose one); None for a role the library lacks (a post's own)."""
    name = game.seats[seat].role or ""
    return role_def(name, game.board.role_options.get(name, {})) if name in ROLES else None


@dataclass
class SeatCategory:
    """A category a rule gave the seat, instead of its role's (a player the 觉醒石像鬼 turned: 狼人;
    a 野孩子 turned wolf; the 复仇者 helping the village: 神职)."""

    category: str = ""


def set_category(game: Game, seat: int, category: str) -> None:
    seat_state(game, seat, SeatCategory).category = category


def category_of(game: Game, seat: int) -> str:
    """The seat's category now (GOD | VILLAGER | WOLF | OTHER): a rule's, else its role's."""
    given = peek_seat_state(game, seat, SeatCategory).category
    if given:
        return given
    name = game.seats[seat].role or ""
    if name not in ROLES:
        return ""
    return role_def(name, game.board.role_options.get(name, {})).category


def is_god(game: Game, seat: int) -> bool:
    """A 神职 for 屠边: the file's 神职 names its role, or (without 神职) its category is GOD."""
    gods = game.board.hooks.gods
    return game.seats[seat].role in gods if gods is not None else category_of(game, seat) == GOD


def is_villager_seat(game: Game, seat: int) -> bool:
    return category_of(game, seat) == VILLAGER


def a_side_is_out(game: Game, living: list[int]) -> bool:
    """屠边's sides: every 神职 (the file's 神职, else the seats of that category now) or every 村民
    is out of `living`.  A side the board never had (no 村民 on it, `神职: []`) is never out."""
    seats = list(game.seats)
    gods_out = any(is_god(game, n) for n in seats) and not any(is_god(game, n) for n in living)
    villagers = any(is_villager_seat(game, n) for n in seats)
    return gods_out or (villagers and not any(is_villager_seat(game, n) for n in living))


def register_mechanism(mechanism: Mechanism) -> Mechanism:
    if mechanism.name in MECHANISMS:
        raise ValueError(f"mechanism {mechanism.name} registered twice")
    MECHANISMS[mechanism.name] = mechanism
    return mechanism


def named_mechanism(name: str) -> Mechanism | None:
    """A mechanism a file names (机制, 胜负), its module imported on first use; None for another name."""
    if name not in MECHANISMS and name in NAMED_MECHANISMS:
        import_module(NAMED_MECHANISMS[name])
    return MECHANISMS.get(name)


def register_post(post: PostDef) -> PostDef:
    if post.name in POSTS:
        raise ValueError(f"post {post.name} registered twice")
    POSTS[post.name] = post
    return post


def option(game: Game, role: str, name: str) -> str:
    """The value of a role's option on this game's board (the file's, else the option's default)."""
    value = game.board.role_options.get(role, {}).get(name)
    if value is not None:
        return value
    known = ROLES.get(role)
    found = next((o for o in known.options if o.name == name), None) if known is not None else None
    if found is None:
        raise KeyError(f"{role} has no option {name}")
    return found.default


def seat_state(game: Game, seat: int, kind: type[State]) -> State:
    """A role's typed state for one seat, made on first use."""
    return _made_once(game.seats[seat].data, kind)


def game_state(game: Game, kind: type[State]) -> State:
    """A role's typed board-wide state, made on first use."""
    return _made_once(game.flags, kind)


def _made_once(store: dict[str, Any], kind: type[State]) -> State:
    """`store`'s entry for `kind`, made when missing (setdefault would make a default on every call)."""
    stored = store.get(kind.__name__)
    if stored is None:
        stored = store[kind.__name__] = kind()
    return stored  # type: ignore[no-any-return]


def peek_seat_state(game: Game, seat: int, kind: type[State]) -> State:
    """A seat's state to read only: a fresh default, not stored, when the role has none yet (so that
    a refused command leaves the seat as it was)."""
    stored = game.seats[seat].data.get(kind.__name__)
    return stored if stored is not None else kind()


def peek_game_state(game: Game, kind: type[State]) -> State:
    """The board-wide state to read only: a fresh default, not stored, when there is none yet."""
    stored = game.flags.get(kind.__name__)
    return stored if stored is not None else kind()  # type: ignore[return-value]
