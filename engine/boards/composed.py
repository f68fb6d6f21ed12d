"""A board built from a checked board file and the role library alone (no board module).

`compose(board_file)` reads what the file says — the roster and its options, the 夜晚 order with
its deadlines, 警长, 平票, 遗言, 胜负 and the further keys — and takes everything else from the
roles' declarations (library.RoleDef): their night steps, skills, texts, setup, resolution stages
(in RESOLUTION_STAGES order), exit triggers (in TRIGGER_ORDER order), shields, prompts and marks.
A file naming a post's own mechanism (`规则: 百变小樱`) is handed to that post's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.boardfile.spec import BoardFile, RosterEntry
from bansha_engine.library import (
    GOD,
    POSTS,
    RESOLUTION_STAGES,
    ROLES,
    TRIGGER_ORDER,
    VILLAGER,
    WOLF,
    BoardError,
    PromptDef,
    RoleDef,
    Thunk,
)
from bansha_engine.model import (
    KILL,
    LAST_WORDS_BY_COUNT,
    LAST_WORDS_FIRST_NIGHT_AND_DAY,
    VILLAGE,
    WOLVES,
    Board,
    Options,
    Skill,
    StepSpec,
)
from bansha_engine.roles import sheriff, vest_guess, wolf, wolfpack
from bansha_engine.roles.common import identity_text

if TYPE_CHECKING:
    from bansha_engine.game import Game

KILL_STAGE = "刀人结算"  # the stage where the composer settles the night's kills against the shields
TIE_RULES = ("nobody", "sheriff_choice")
EVERY_EXIT = 10_000  # 遗言 首夜和放逐: no count limits it


def compose(board_file: BoardFile) -> Board:
    """The board a checked file describes.  Raises BoardError when it cannot be built."""
    if board_file.rules is not None:
        post = POSTS.get(board_file.rules)
        if post is None or post.build is None:
            raise BoardError(f"没有「{board_file.rules}」这个规则。")
        return post.build(board_file)
    return _Composer(board_file).board()


# The file's keys a post module must agree with, by their names in the file.
POST_TERMS = {
    "kill_mode": "狼人",
    "first_night_kill": "首夜刀人",
    "sheriff_votes": "警长",
    "exile_tie": "平票",
    "last_words": "遗言",
    "win": "胜负",
    "wolves_win_at_half": "狼人过半",
    "max_substitutes": "替补",
    "handoff_minutes": "移交时限",
    "vest_guess": "马甲杀",
}


def post_board(board_file: BoardFile, board: Board, night: list[str], terms: dict[str, object]) -> Board:
    """A post's own board (百变小樱, 须弥) for a file naming it with 规则.  The post's module runs
    its roster, night and options as the post says: the file must say the same (`night`: the 夜晚
    words of the board's night steps, in order; `terms`: BoardFile fields -> the post's values)."""
    differences = [POST_TERMS[key] for key, value in terms.items() if getattr(board_file, key) != value]
    roster = {entry.role: entry.count for entry in board_file.roster}
    options = {entry.role: entry.options for entry in board_file.roster}
    chosen = [
        options.get(role, {}).get(name) == value
        for role, values in board.role_options.items()
        for name, value in values.items()
    ]
    if roster != board.roster or not all(chosen):
        differences.insert(0, "身份")
    written = [(entry.name, entry.deadline) for entry in board_file.night]
    if written != [(name, step.deadline) for name, step in zip(night, board.night_steps, strict=True)]:
        differences.append("夜晚")
    if differences:
        raise BoardError(
            f"规则「{board.name}」按原帖运行，这个板子的{'、'.join(differences)}与原帖不同："
            f"请照 /板子 {board.name} 的写法，只改板子的名字。"
        )
    return replace(board, name=board_file.name)


class _Composer:
    def __init__(self, board_file: BoardFile) -> None:
        self.file = board_file
        self.entries = board_file.roster
        unknown = [entry.role for entry in self.entries if entry.role not in ROLES]
        if unknown:
            raise BoardError(f"身份库里没有：{'、'.join(unknown)}。")
        self.options = {entry.role: self._options_of(entry) for entry in self.entries}
        self.defs = [ROLES[entry.role] for entry in self.entries]

    def _options_of(self, entry: RosterEntry) -> dict[str, str]:
        options = {o.name: o.default for o in ROLES[entry.role].options}
        options.update(entry.options)
        if entry.role == wolf.NAME:
            options[wolf.KILL_MODE] = self.file.kill_mode
            options[wolf.FIRST_NIGHT_KILL] = "可以" if self.file.first_night_kill else "不可以"
        return options

    def board(self) -> Board:
        prompts = self._prompts()
        return Board(
            name=self.file.name,
            size=self.file.size,
            roster={entry.role: entry.count for entry in self.entries},
            camps={role.name: role.camp for role in self.defs},
            options=self._board_options(),
            night_steps=self._night_steps(),
            resolution=self._resolution(),
            skills=self._skills(),
            on_start=self._on_start,
            start_done=lambda game: True,
            finish_start=lambda game: None,
            before_exit=lambda game, seat, cause: (seat, cause),
            after_exit=self._after_exit(),
            judge=self._judge(),
            describe=self._describe,
            answer_prompt={kind: p.answer for kind, p in prompts.items()},
            prompt_words={kind: p.word for kind, p in prompts.items()},
            prompt_roles={kind: p.role for kind, p in prompts.items()},
            extra={
                "status_marks": self._status_marks,
                "forced_prompts": tuple(kind for kind, p in prompts.items() if p.forced),
            },
            on_exit=self._on_exit,
            role_options=self.options,
            on_exiled=self._on_exiled,
            votes=self._votes,
        )

    # ------------------------------------------------------------ options

    def _board_options(self) -> Options:
        words = self.file.last_words
        if self.file.exile_tie not in TIE_RULES:
            raise BoardError(f"平票规则「{self.file.exile_tie}」不认识。")
        rule, count = LAST_WORDS_BY_COUNT, 0
        if words == LAST_WORDS_FIRST_NIGHT_AND_DAY:
            rule, count = LAST_WORDS_FIRST_NIGHT_AND_DAY, EVERY_EXIT
        elif isinstance(words, int):
            count = words
        elif words != "无":
            raise BoardError(f"遗言规则「{words}」不认识。")
        return Options(
            sheriff_votes=self.file.sheriff_votes,
            last_words=count,
            wolf_group=self.file.kill_mode == wolf.GROUP_VOTE and wolf.NAME in self.options,
            lover_group=False,
            max_substitutes=self.file.max_substitutes,
            handoff_minutes=self.file.handoff_minutes,
            badge_tear=self.file.badge_tear,
            exile_tie=self.file.exile_tie,
            last_words_rule=rule,
        )

    # ------------------------------------------------------------ the night

    def _night_steps(self) -> list[StepSpec]:
        parts = {}
        for role in self.defs:
            for part in role.night(self.options[role.name]):
                parts[part.name] = (part, role.name)
        listed = [entry.name for entry in self.file.night]
        missing = [name for name in parts if name not in listed]
        if missing:
            raise BoardError(f"夜晚没有写：{'、'.join(missing)}。")
        steps = []
        for entry in self.file.night:
            if entry.name not in parts:
                raise BoardError(f"夜晚的「{entry.name}」不是本板子任何身份的夜晚行动。")
            part, role = parts[entry.name]
            after = tuple(parts[need][0].step_id for need in part.needs if need in parts)
            steps.append(part.build(entry.deadline, after, self.options[role]))
        return steps

    def _resolution(self) -> Callable[[Game], list[Thunk]]:
        stages: list[Callable[[Game], None]] = []
        for stage in RESOLUTION_STAGES:
            if stage == KILL_STAGE:
                stages.append(self._kill_deaths)
            stages += [role.resolution[stage] for role in self.defs if stage in role.resolution]

        def resolution(game: Game) -> list[Thunk]:
            return [lambda run=run: run(game) for run in stages]

        return resolution

    def _kill_deaths(self, game: Game) -> None:
        """The night's kills take, except where a role's protection stops them (女巫's 救药 …)."""
        night = game.night
        assert night is not None
        shields = [role.shields for role in self.defs if role.shields is not None]
        leaving: list[int] = []
        for target, source in night.kills:
            note = next((n for shield in shields if (n := shield(game, target, source)) is not None), None)
            if note is not None:
                night.notes.append(note)
            elif target not in leaving:
                leaving.append(target)
        game.push_front([game.exit_effect(seat, KILL) for seat in leaving])

    # ------------------------------------------------------------ commands and texts

    def _skills(self) -> list[Skill]:
        found = [skill for role in self.defs for skill in role.skills(self.options[role.name])]
        return found + ([vest_guess.SKILL] if self.file.vest_guess else [])

    def _prompts(self) -> dict[str, PromptDef]:
        prompts = {kind: p for role in self.defs for kind, p in role.prompts.items()}
        if self.file.sheriff_votes is not None:
            prompts[sheriff.PROMPT] = sheriff.TEARABLE if self.file.badge_tear else sheriff.PROMPT_DEF
        return prompts

    def _role(self, game: Game, seat: int) -> RoleDef | None:
        return ROLES.get(game.seats[seat].role or "")

    def _describe(self, game: Game, seat: int) -> str:
        role = self._role(game, seat)
        lines = role.describe(game, seat) if role is not None else []
        if self.file.vest_guess:
            lines = lines + vest_guess.describe(game, seat)
        return identity_text(game, seat, lines)

    def _status_marks(self, game: Game, seat: int) -> list[str]:
        return [
            mark
            for role in self.defs
            if role.status_marks is not None
            for mark in role.status_marks(game, seat)
        ]

    # ------------------------------------------------------------ the start, exits and the end

    def _on_start(self, game: Game) -> None:
        group_vote = game.board.options.wolf_group
        for seat in game.seats.values():
            role = self._role(game, seat.no)
            if role is None:
                continue
            if group_vote and role.category == WOLF:
                wolfpack.join(game, seat.no)
            if role.setup is not None:
                role.setup(game, seat.no, self.options[role.name])
        for seat in game.seats.values():
            game.tell(seat.no, "游戏开始。\n" + self._describe(game, seat.no))

    def _after_exit(self) -> Callable[[Game, int, str], list[Thunk]]:
        fired = []
        for trigger in TRIGGER_ORDER:
            if trigger == sheriff.TRIGGER and self.file.sheriff_votes is not None:
                fired.append(sheriff.triggers)
            fired += [role.triggers[trigger] for role in self.defs if trigger in role.triggers]

        def after_exit(game: Game, seat: int, cause: str) -> list[Thunk]:
            thunks = [thunk for trigger in fired for thunk in trigger(game, seat, cause)]
            return [*thunks, lambda: nights.advance(game)]

        return after_exit

    def _on_exit(self, game: Game, seat: int, cause: str) -> None:
        for role in self.defs:
            if role.on_exit is not None:
                role.on_exit(game, seat, cause)

    def _on_exiled(self, game: Game, seat: int) -> bool:
        return any(role.on_exiled(game, seat) for role in self.defs if role.on_exiled is not None)

    def _votes(self, game: Game, seat: int) -> bool:
        return all(role.votes(game, seat) for role in self.defs if role.votes is not None)

    def _judge(self) -> Callable[[Game], str | None]:
        """胜负: the village wins when every wolf is out; the wolves at 狼人过半 (if the file says so),
        and by 屠边 (every 神职 or every 村民 out) or 屠城 (every seat outside their camp out)."""
        category = {role.name: role.category for role in self.defs}
        on_board = set(category.values())
        at_half = self.file.wolves_win_at_half
        slaughter_sides = self.file.win == "屠边"
        if self.file.win not in ("屠边", "屠城"):
            raise BoardError(f"胜负规则「{self.file.win}」不认识。")

        def judge(game: Game) -> str | None:
            living = [category.get(game.seats[n].role or "", "") for n in game.alive()]
            wolves = living.count(WOLF)
            if wolves == 0:
                return VILLAGE
            if at_half and wolves * 2 >= len(living):
                return WOLVES
            if not slaughter_sides:
                return WOLVES if wolves == len(living) else None
            for side in (GOD, VILLAGER):
                if side in on_board and side not in living:
                    return WOLVES
            return None

        return judge
