"""The role library: what a role module declares, so that a board file can name it.

A board file (engine/boardfile) lists roles by their Chinese names; each name is a `RoleDef` in
`ROLES`, registered by its own module (engine/roles/*.py, `ROLE = register(RoleDef(...))`). The
composer (engine/boards/composed.py) builds a `Board` from the file and these declarations only:
the night order and deadlines come from the file's `夜晚`, the steps from the roles' `night`, the
resolution from the roles' `resolution` stages in `RESOLUTION_STAGES` order, the exit triggers from
the roles' `triggers` in `TRIGGER_ORDER` order. Roles never import boards.

Role state is typed: a role keeps a dataclass of its own in `Seat.data` (or `Game.flags`) under the
dataclass's name, through `seat_state` / `game_state`; nothing else reads it but the role's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from bansha_engine.boardfile.spec import BoardFile
    from bansha_engine.game import Game
    from bansha_engine.model import Board, Deadline, Prompt, Skill, StepSpec

Thunk = Callable[[], None]
State = TypeVar("State")

# Categories a file's win rule reads (屠边: every 神职 or every 村民 out).
GOD = "神职"
VILLAGER = "村民"
WOLF = "狼人"

# The resolution of a classic night, in the posts' order (竞技12 游戏流程 3 (5)(6); standard post:
# 查验 told at the resolution, the kill checked against 守护 and 解药, then the poison).  A role
# attaches its functions to these stages; within a stage, roles run in roster order.
RESOLUTION_STAGES = ("告知结果", "刀人结算", "毒药结算", "其他出局")

# Exit triggers, in the order the posts fire them: a shot first (猎人/狼王, 竞技12 「猎人出局立即
# 开枪」), then whoever leaves with the seat (殉情), then the badge (殉职), then the wolf head (传位).
TRIGGER_ORDER = ("开枪", "殉情", "警徽", "传位")


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


@dataclass(frozen=True)
class RoleDef:
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
    # A kill about to take at the resolution: return a note for the directors when this role's
    # protection stops it (守卫's 守护, 女巫's 救药), else None.  (game, target, source)
    shields: Callable[[Game, int, str], str | None] | None = None
    # An exile about to happen (/放逐 N号): return True when the role takes it instead (白痴 翻牌).
    on_exiled: Callable[[Game, int], bool] | None = None
    on_exit: Callable[[Game, int, str], None] | None = None  # state changes before the win check
    prompts: dict[str, PromptDef] = field(default_factory=dict)  # decisions the role waits for
    status_marks: Callable[[Game, int], list[str]] | None = None  # /状态 marks for a seat
    votes: Callable[[Game, int], bool] | None = None  # False: this seat's ballots are refused (白痴)


@dataclass(frozen=True)
class PromptDef:
    word: str  # the command that answers it: 开枪
    role: str  # the name /时限 uses for it
    answer: Callable[[Game, Prompt, list[str] | None], None]  # None = timed out or passed
    forced: bool = False  # /放弃 refused


@dataclass(frozen=True)
class PostDef:
    """A rule post whose board is its own mechanism module (百变小樱, 须弥): a file names it with
    `规则: <name>` and may use its roles and night names, which are not in ROLES."""

    name: str
    roles: tuple[str, ...]
    night_names: tuple[str, ...]
    # The post's board for a checked file naming it; raises BoardError when the file asks for
    # what the module does not do (another roster, other options)
    build: Callable[[BoardFile], Board] | None = None
    # The board's seats when 身份 is a pool to draw them from, not one role a seat (须弥: 14)
    seats: int | None = None


class BoardError(ValueError):
    """A checked board file the composer cannot build; the message is Chinese, for the director."""


ROLES: dict[str, RoleDef] = {}
POSTS: dict[str, PostDef] = {}


def register(role: RoleDef) -> RoleDef:
    if role.name in ROLES:
        raise ValueError(f"role {role.name} registered twice")
    ROLES[role.name] = role
    return role


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
    data: dict[str, Any] = game.seats[seat].data
    return data.setdefault(kind.__name__, kind())  # type: ignore[no-any-return]


def game_state(game: Game, kind: type[State]) -> State:
    """A role's typed board-wide state, made on first use."""
    return game.flags.setdefault(kind.__name__, kind())  # type: ignore[return-value]


def peek_seat_state(game: Game, seat: int, kind: type[State]) -> State:
    """A seat's state to read only: a fresh default, not stored, when the role has none yet (so that
    a refused command leaves the seat as it was)."""
    stored = game.seats[seat].data.get(kind.__name__)
    return stored if stored is not None else kind()


def peek_game_state(game: Game, kind: type[State]) -> State:
    """The board-wide state to read only: a fresh default, not stored, when there is none yet."""
    stored = game.flags.get(kind.__name__)
    return stored if stored is not None else kind()  # type: ignore[return-value]
