"""A board built from a checked board file and the role library alone (no board module).

`compose(board_file)` reads what the file says — the roster and its options, the 夜晚 order with
its deadlines (which is also the order the night's kills are settled in), 警长, 平票, 遗言, 胜负,
出局触发 and the further keys — and takes everything else from the roles' declarations
(library.RoleDef): their night steps, skills, texts, setup, resolution stages (in RESOLUTION_STAGES
order: the protections they grant as statuses, then the kills dealt through engine/damage.py), exit
triggers, substitutes, prompts and marks; and from the mechanisms
(library.Mechanism) the roles bring or the file's values name (狼人: 通用刀, 胜负: 优先判负).
A file naming mechanisms that run parts of the game themselves (`机制: [身份池, 时段夜晚, …]`, 须弥)
gets its board from the parts they give (`_from_parts`); a file naming a post's own module
(`规则: 百变小樱` or `规则: 须弥` of 0.3.0) is handed to that post's module (engine/boards/legacy.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, replace
from typing import TYPE_CHECKING, Any

from bansha_engine import (
    damage,
    immunity,
    mechanisms,  # noqa: F401  (registers the mechanisms a file or role names)
    pack,
    self_destruct,
)
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.boardfile.spec import BoardFile, RosterEntry
from bansha_engine.library import (
    FIRST_NIGHT_KILL,
    KILL_MODE,
    KILL_PHASE,
    MECHANISMS,
    NAMED_MECHANISMS,
    NIGHT_EXITS_STAGE,
    OPENING_CHOICES,
    PACK_MEMBER,
    POSTS,
    RESOLUTION_STAGES,
    ROLES,
    TRIGGER_ORDER,
    WOLF,
    BoardError,
    KillHolder,
    Mechanism,
    NightPart,
    PromptDef,
    RoleDef,
    Silencer,
    Thunk,
    WinRule,
    a_side_is_out,
    brought_mechanisms,
    category_of,
    counted_camp,
    mechanism_night,
    named_mechanism,
    pack_kind,
    part_needed,
    role_def,
    silences,
)
from bansha_engine.mechanisms import shared_knife, sheriff, vest_guess, wolves
from bansha_engine.model import (
    KILL,
    LAST_WORDS_BY_COUNT,
    LAST_WORDS_FIRST_NIGHT_AND_DAY,
    RED_CARD,
    VILLAGE,
    WOLVES,
    Board,
    BoardHooks,
    HookClash,
    Options,
    Skill,
    StepSpec,
)
from bansha_engine.redirect import aimed
from bansha_engine.role_helpers import identity_text
from bansha_engine.version import opened_since

if TYPE_CHECKING:
    from bansha_engine.exile import Verdict
    from bansha_engine.game import Game

KILL_STAGE = "刀人结算"  # the stage where the composer deals the night's kills (engine/damage.py)
TIE_RULES = ("nobody", "sheriff_choice", "runoff", "random")
EVERY_EXIT = 10_000  # 遗言 首夜和放逐: no count limits it
# The aliases `/时限` takes for every step of the kill phase (百变小樱: directors bring the kills
# forward for the witch with /时限 狼人)
KILL_PHASE_ALIASES = ("狼人", "狼队")
WIN_RULES = ("屠边", "屠城")
GROUP_KILL_MODES = (wolves.GROUP_VOTE, shared_knife.NAME)  # the kill modes that vote in a bound group
PACK_RELEASE = "0.5.0"  # games opened since form the wolf group under every kill mode
CAMP_WIN_RELEASE = "0.4.0"  # games opened since count seats by their camps under 屠边 and 屠城


def compose(board_file: BoardFile) -> Board:
    """The board a checked file describes.  Raises BoardError when it cannot be built."""
    if board_file.rules is not None:
        post = POSTS.get(board_file.rules)
        if post is None or post.build is None:
            raise BoardError(f"没有「{board_file.rules}」这个规则。")
        return post.build(board_file)
    parts = _running_parts(board_file)
    if parts:
        return _from_parts(board_file, parts)
    return _Composer(board_file).board()


# The Board fields the mechanisms running the game (机制) must give between them
PART_FIELDS = tuple(
    f.name
    for f in fields(Board)
    if f.init and f.default is MISSING and f.default_factory is MISSING and f.name not in ("name", "skills")
)


def _running_parts(board_file: BoardFile) -> list[Mechanism]:
    """The mechanisms the file names that run parts of the game themselves (机制, 胜负: 阵营判负)."""
    names = [*board_file.mechanisms, *([board_file.win] if board_file.win in NAMED_MECHANISMS else [])]
    found = []
    for name in names:
        mechanism = named_mechanism(name)
        if mechanism is None or mechanism.part is None:
            raise BoardError(f"没有「{name}」这个机制。")
        found.append(mechanism)
    return found


def _from_parts(board_file: BoardFile, running: list[Mechanism]) -> Board:
    """The board of the parts the mechanisms give, in the file's order: each Board field from the
    one mechanism giving it; skills and hooks (director commands and help lines among them) merged."""
    given: dict[str, Any] = {}
    by: dict[str, str] = {}
    skills: list[Skill] = []
    hooks: list[tuple[str, BoardHooks]] = []
    for mechanism in running:
        assert mechanism.part is not None
        part = mechanism.part(board_file)
        twice = [name for name in part.fields if name in by]
        if twice:
            raise BoardError(f"机制「{by[twice[0]]}」和「{mechanism.name}」不能一起用。")
        given.update(part.fields)
        by.update(dict.fromkeys(part.fields, mechanism.name))
        skills += part.skills
        hooks.append((f"机制「{mechanism.name}」", part.hooks))
    missing = [name for name in PART_FIELDS if name not in given]
    if missing:
        raise BoardError(f"这些机制合起来还不能开局（缺少{'、'.join(missing)}）。")
    return Board(name=board_file.name, skills=skills, hooks=merged_hooks(hooks), **given)


def merged_hooks(providers: list[tuple[str, BoardHooks]]) -> BoardHooks:
    """The providers' hooks merged in order (BoardHooks.merged), each provider named in Chinese;
    a hook that takes one provider given by two is a BoardError naming both."""
    merged = BoardHooks()
    for index, (name, hooks) in enumerate(providers):
        try:
            merged = merged.merged(hooks)
        except HookClash as clash:
            first = next(other for other, given in providers[:index] if given.gives(clash.hook, clash.key))
            what = f"导演命令 /{clash.key}" if clash.key else clash.hook
            raise BoardError(f"{first}和{name}不能一起用（都提供{what}）。") from None
    return merged


class _Composer:
    def __init__(self, board_file: BoardFile) -> None:
        self.file = board_file
        self.entries = board_file.roster
        unknown = [entry.role for entry in self.entries if entry.role not in ROLES]
        if unknown:
            raise BoardError(f"身份库里没有：{'、'.join(unknown)}。")
        self.options = {entry.role: self._options_of(entry) for entry in self.entries}
        self.defs = [role_def(entry.role, self.options[entry.role]) for entry in self.entries]
        self.by_name = {role.name: role for role in self.defs}
        self.mechanisms = self._mechanisms()
        self.silencers = [role.silencer for role in self.defs if role.silencer is not None]
        self.seat_silencers = [silencer for silencer in self.silencers if silencer.seats is not None]
        # the night steps of the roles themselves (not the mechanisms': the wolves' kill)
        self.own_steps = {part.step_id for role in self.defs for part in role.night(self.options[role.name])}
        self.parts = self._night_parts()
        # kill source -> the cause of the exit it makes, in the file's 夜晚 order
        self.kill_causes = self._kill_causes()
        self.kill_order = list(self.kill_causes)

    def _mechanisms(self) -> list[Mechanism]:
        """The file's own (its kill mode where it has wolves, its win rule), then those the roles
        bring, once each."""
        wolves = any(pack_kind(role) for role in self.defs)
        names = [self.file.kill_mode] if wolves and self.file.kill_mode in MECHANISMS else []
        names += [self.file.win] if self.file.win in MECHANISMS else []
        names += [name for role in self.defs for name in role.mechanisms]
        unknown = [name for name in names if name not in MECHANISMS]
        if unknown:
            raise BoardError(f"没有「{'、'.join(unknown)}」这个机制。")
        return [MECHANISMS[name] for name in dict.fromkeys(names)]

    def _options_of(self, entry: RosterEntry) -> dict[str, str]:
        options = {o.name: o.default for o in ROLES[entry.role].options}
        options.update(entry.options)
        if pack_kind(ROLES[entry.role]):
            options.update(self._board_wide())
        return options

    def _board_wide(self) -> dict[str, str]:
        """The file's top-level keys a wolf reads, as its options (and its kill mode's night) see them."""
        return {
            KILL_MODE: self.file.kill_mode,
            FIRST_NIGHT_KILL: "可以" if self.file.first_night_kill else "不可以",
        }

    def board(self) -> Board:
        prompts = self._prompts()
        night_steps = self._night_steps()
        return Board(
            name=self.file.name,
            size=self.file.size,
            roster={entry.role: entry.count for entry in self.entries},
            camps={role.name: role.camp for role in self.defs},
            options=self._board_options(),
            night_steps=night_steps,
            resolution=self._resolution(),
            skills=self._skills(night_steps),
            on_start=self._on_start,
            start_done=self._start_done,
            finish_start=self._finish_start,
            before_exit=self._before_exit,
            after_exit=self._after_exit(),
            judge=self._judge(),
            describe=self._describe,
            answer_prompt={kind: p.answer for kind, p in prompts.items()},
            prompt_words={kind: p.word for kind, p in prompts.items()},
            prompt_roles={kind: p.role for kind, p in prompts.items()},
            hooks=self._hooks(prompts),
            on_exit=self._on_exit,
            role_options=self.options,
            on_exiled=self._on_exiled,
            votes=self._votes,
            redirects=self._redirects(),
            on_night_start=self._on_night_start,
            before_night=self._before_night,
            day_closes=self._day_closes,
            vote_bonus=self._vote_bonus,
            holds_exile=self._holds_exile,
            polls=frozenset(kind for kind, p in prompts.items() if p.poll),
        )

    def _hooks(self, prompts: dict[str, PromptDef]) -> BoardHooks:
        """The composer's hooks (from the file and the roles), then the mechanisms'."""
        own = BoardHooks(
            status_marks=self._status_marks,
            forced_prompts=tuple(kind for kind, p in prompts.items() if p.forced),
            kill_order=tuple(self.kill_order),
            void_kills=any(role.voids_kills for role in self.defs),
            gods=self._gods(),
            wolves_win_at_half=self.file.wolves_win_at_half,
        )
        return merged_hooks([("板子", own), *((f"机制「{m.name}」", m.hooks) for m in self.mechanisms)])

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
            wolf_group=self.file.kill_mode in GROUP_KILL_MODES
            and any(pack_kind(r) == PACK_MEMBER for r in self.defs),
            lover_group=any(mechanism.lover_group for mechanism in self.mechanisms),
            max_substitutes=self.file.max_substitutes,
            handoff_minutes=self.file.handoff_minutes,
            badge_tear=self.file.badge_tear,
            exile_tie=self.file.exile_tie,
            last_words_rule=rule,
            first_night_kill=self.file.first_night_kill,
            self_destruct=self.file.self_destruct,
            poisoned_self_destruct=self.file.poisoned_self_destruct,
            kill_split=self.file.kill_split,
            kill_wolves=self.file.kill_wolves,
            empty_kill=self.file.empty_kill,
            abstain_majority=self.file.abstain_majority,
            seal_told=self.file.seal_told,
        )

    # ------------------------------------------------------------ the night

    def _night_parts(self) -> dict[str, tuple[NightPart, dict[str, str]]]:
        """Every night part of the roles and mechanisms, by its 夜晚 word, with its options: a
        mechanism a role brings gives the parts that role's options ask for (丘比特's 黑情侣杀人), as
        the file's check reads them (library.night_parts); a part the board does not need
        (NightPart.only_with) only where the file's 夜晚 names it."""
        parts = {}
        for role in self.defs:
            for part in role.night(self.options[role.name]):
                parts[part.name] = (part, self.options[role.name])
        brought = set()
        for role in self.defs:
            options = self.options[role.name]
            for mechanism in brought_mechanisms(role, options):
                brought.add(mechanism.name)
                for part in mechanism_night(mechanism, options):
                    parts.setdefault(part.name, (part, {}))
        for mechanism in self.mechanisms:
            if mechanism.name not in brought:
                for part in mechanism_night(mechanism, self._board_wide()):
                    parts.setdefault(part.name, (part, {}))
        listed = {entry.name for entry in self.file.night}
        roster = [entry.role for entry in self.entries]
        return {
            name: (part, options)
            for name, (part, options) in parts.items()
            if part_needed(part, roster) or name in listed
        }

    def _kill_causes(self) -> dict[str, str]:
        causes: dict[str, str] = {}
        for entry in self.file.night:
            part = self.parts.get(entry.name, (None, {}))[0]
            if part is not None and part.kill_source is not None:
                causes.setdefault(part.kill_source, part.kill_cause)
        return causes

    def _night_steps(self) -> list[StepSpec]:
        parts = self.parts
        listed = [entry.name for entry in self.file.night]
        missing = [name for name in parts if name not in listed]
        if missing:
            raise BoardError(f"夜晚没有写：{'、'.join(missing)}。")
        unknown = [name for name in listed if name not in parts]
        if unknown:
            raise BoardError(f"夜晚的「{unknown[0]}」不是本板子任何身份的夜晚行动。")
        in_order = [parts[name][0] for name in listed]
        kill_phase = tuple(part.step_id for part in in_order if part.kill_phase)
        kill_steps = {part.step_id for part in in_order if part.kill_source is not None}
        seal_steps = [part.step_id for part in in_order if part.seals]
        steps = []
        for entry in self.file.night:
            part, options = parts[entry.name]
            after = self._after(part, parts, kill_phase)
            step = part.build(entry.deadline, after, options)
            step = self._after_leaders(self._adjusted(step, part, kill_steps), part, in_order)
            steps.append(self._after_seals(step, part, seal_steps))
        return steps

    def _after_leaders(self, step: StepSpec, part: NightPart, in_order: list[NightPart]) -> StepSpec:
        """A step waits for the parts that name it, or its role's category, in their `before`
        (鬼魂新娘 before 狼人; 盗宝大师 before the 神职's and 村民's steps)."""
        category = next(
            (r.category for r in self.defs if part.name in {p.name for p in r.night(self.options[r.name])}),
            None,
        )
        leaders = [
            first.step_id
            for first in in_order
            if first is not part and (part.name in first.before or category in first.before)
        ]
        missing = [step_id for step_id in leaders if step_id not in step.after]
        return replace(step, after=(*step.after, *missing)) if missing else step

    @staticmethod
    def _after_seals(step: StepSpec, part: NightPart, seal_steps: list[str]) -> StepSpec:
        """Every step waits for the night's seal steps; a seal step for the seal steps before it."""
        earlier = seal_steps[: seal_steps.index(part.step_id)] if part.seals else seal_steps
        missing = [step_id for step_id in earlier if step_id not in step.after]
        return replace(step, after=(*step.after, *missing)) if missing else step

    @staticmethod
    def _after(
        part: NightPart, parts: dict[str, tuple[NightPart, dict[str, str]]], kill_phase: tuple[str, ...]
    ) -> tuple[str, ...]:
        after: list[str] = []
        for need in part.needs:
            if need == KILL_PHASE:
                after += kill_phase
            elif need in parts:
                after.append(parts[need][0].step_id)
        return tuple(dict.fromkeys(after))

    def _adjusted(self, step: StepSpec, part: NightPart, kill_steps: set[str]) -> StepSpec:
        """The step as the board runs it: a kill-phase step answers to /时限 狼人 too; a silenced
        seat (长老) does not act; a step waiting for kills of several sources sees them in order."""
        if part.kill_phase:
            step = replace(step, roles=(*step.roles, *KILL_PHASE_ALIASES))
        if self.silencers:
            step = replace(step, actors=self._unsilenced(step.actors, own=part.step_id in self.own_steps))
        if len(self.kill_order) > 1 and kill_steps & set(step.after) and step.on_open is not None:
            step = replace(step, on_open=self._sorted_first(step.on_open))
        return step

    def _unsilenced(self, actors: Callable[[Game], list[int]], *, own: bool) -> Callable[[Game], list[int]]:
        return lambda game: [seat for seat in actors(game) if self._silencer_of(game, seat, own=own) is None]

    def _sorted_first(self, on_open: Callable[[Game], None]) -> Callable[[Game], None]:
        def opened(game: Game) -> None:
            self._sort_kills(game)
            on_open(game)

        return opened

    def _sort_kills(self, game: Game) -> None:
        """Tonight's kills in the file's 夜晚 order, however the kill steps happened to close."""
        night = game.night
        assert night is not None
        rank = {source: index for index, source in enumerate(self.kill_order)}
        night.kills.sort(key=lambda kill: rank.get(kill[1], len(rank)))

    def _silencer_of(self, game: Game, seat: int, *, own: bool = True) -> Silencer | None:
        """The silencer that took this seat's skills away (长老 out: 女巫, 预言家 …), if any; `own`
        False: in a step that is no role's own (the wolves' kill), which a seat's silencer leaves."""
        return next((s for s in self.silencers if silences(s, game, seat, own=own) and s.active(game)), None)

    def _able(self, game: Game, seat: int) -> bool:
        return self._silencer_of(game, seat) is None

    def _on_night_start(self, game: Game) -> None:
        for role in self.defs:
            if role.on_night_start is not None:
                role.on_night_start(game)

    def _before_night(self, game: Game) -> None:
        for role in self.defs:
            if role.before_night is not None:
                role.before_night(game)

    def _day_closes(self, game: Game) -> list[Thunk]:
        return [thunk for role in self.defs if role.day_closes is not None for thunk in role.day_closes(game)]

    def _night_place(self, role: RoleDef) -> int:
        """Where the role's first step stands in the file's 夜晚 (roles without one come last)."""
        listed = [entry.name for entry in self.file.night]
        names = [part.name for part in role.night(self.options[role.name])]
        return min((listed.index(name) for name in names if name in listed), default=len(listed))

    def _resolution(self) -> Callable[[Game], list[Thunk]]:
        stages: list[Callable[[Game], None]] = []
        for stage in RESOLUTION_STAGES:
            if stage == KILL_STAGE:
                stages.append(self._kill_deaths)
            roles = [role for role in self.defs if stage in role.resolution]
            if stage == NIGHT_EXITS_STAGE:
                stages.append(self._night_exits(roles))
                continue
            stages += [role.resolution[stage] for role in roles]

        def resolution(game: Game) -> list[Thunk]:
            return [lambda run=run: run(game) for run in stages]

        return resolution

    def _night_exits(self, roles: list[RoleDef]) -> Callable[[Game], None]:
        """夜间出局: the roles' own night exits, and those they made for another role's step
        (damage.exit_caused_by: 反伤 on the seer who checked the 恶灵骑士), in the file's 夜晚 order of
        the steps causing them (补充裁定 5; roles without a step last); at one place, the role's
        own exits first.  Each exit's own consequences follow it at once."""
        last = len(self.file.night)
        own = [(self._night_place(role), role.resolution[NIGHT_EXITS_STAGE]) for role in roles]
        place_of = {role.name: self._night_place(role) for role in self.defs}

        def at(place: int, game: Game) -> list[Thunk]:
            runs: list[Thunk] = [lambda run=run: run(game) for where, run in own if where == place]
            return [
                *runs,
                lambda: damage.deal_caused_exits(game, lambda role: place_of.get(role, last) == place),
            ]

        def night_exits(game: Game) -> None:
            game.push_front([thunk for place in range(last + 1) for thunk in at(place, game)])

        return night_exits

    def _kill_deaths(self, game: Game) -> None:
        """The night's kills, each a 指杀 on the seat it hits (换位 may move it), dealt in the file's 夜晚 order through the damage layer
        against the protections the roles granted for the night (the stages before this one: 医生's
        救治 voids it, 守卫's 守护 stops it, 长老's 长寿之命, then 女巫's 救药).  Each seat
        leaves once however many kills it took (每名角色仅能出局一次).  The protections end here."""
        night = game.night
        assert night is not None
        self._sort_kills(game)
        kills = [
            damage.Damage(aimed(game, None, target), self._kill_kind(game, source), None, source)
            for target, source in night.kills
        ]
        exits = damage.strike(game, kills, lambda kill: self.kill_causes.get(kill.skill, KILL))
        damage.end_protections(game)
        game.push_front(exits)

    def _kill_kind(self, game: Game, source: str) -> str:
        """The damage kind tonight's kills of `source` land as: a role's (RoleDef.kill_kind), else 指杀."""
        for role in self.defs:
            kind = role.kill_kind(game, source) if role.kill_kind is not None else None
            if kind is not None:
                return kind
        return damage.POKE

    # ------------------------------------------------------------ commands and texts

    def _skills(self, night_steps: list[StepSpec]) -> list[Skill]:
        owned = [
            (role.name, self._guarded(skill, role.name))
            for role in self.defs
            for skill in role.skills(self.options[role.name])
        ]
        found = [*_dispatchers(owned), *(skill for _, skill in owned)]
        kills = self._kill_holders(night_steps)
        if kills and self.file.kill_mode != shared_knife.NAME:
            names = "、".join(
                dict.fromkeys(step.title for step in night_steps if step.id in {k.step for k in kills})
            )
            raise BoardError(f"这个板子有狼群以外的杀人（{names}），它们都用 /刀：「狼人」要写「通用刀」。")
        found += [skill for mechanism in self.mechanisms for skill in mechanism.skills(kills)]
        if self._wolves_explode() and self_destruct.SKILL not in found:
            found.append(self_destruct.SKILL)
        return found + ([vest_guess.SKILL] if self.file.vest_guess else [])

    def _wolves_explode(self) -> bool:
        """The file lets its wolves 自爆 (common-boards.md 2.1): `/自爆` is taken (and refused to a wolf
        who may not, saying why)."""
        allowed = self.file.self_destruct != self_destruct.NOT_ALLOWED
        return allowed and any(pack_kind(role) for role in self.defs)

    def _guarded(self, skill: Skill, role: str) -> Skill:
        """A skill of a role a silencer may take away (长老: 女巫, 预言家 …) answers that it is gone."""
        if not self.seat_silencers and not any(role in silencer.roles for silencer in self.silencers):
            return skill

        def handler(game: Game, seat: int, args: list[str]) -> None:
            silencer = self._silencer_of(game, seat)
            if silencer is not None:
                raise Rejected(silencer.refusal)
            skill.handler(game, seat, args)

        return replace(skill, handler=handler)

    def _redirects(self) -> tuple[Callable[[Game, int | None, int], int], ...]:
        """The roles' target changes, in the file's 夜晚 order of their steps (魔术师 before 狼术师)."""
        changing = sorted((role for role in self.defs if role.redirect is not None), key=self._night_place)
        return tuple(role.redirect for role in changing if role.redirect is not None)

    def _vote_bonus(self, game: Game, seat: int, day: int) -> list[tuple[float, str]]:
        bonuses = [role.vote_bonus for role in self.defs if role.vote_bonus is not None]
        return [bonus for vote_bonus in bonuses for bonus in vote_bonus(game, seat, day)]

    def _holds_exile(self, game: Game, verdict: Verdict) -> Thunk | None:
        """The first role (roster order) that holds the day's first exile verdict (定序王子)."""
        holders = (role.holds_exile for role in self.defs if role.holds_exile is not None)
        return next((hold for holds in holders if (hold := holds(game, verdict)) is not None), None)

    def _kill_holders(self, night_steps: list[StepSpec]) -> tuple[KillHolder, ...]:
        """The kills the board's seats may hold, in the order of their steps in 夜晚."""
        holders = [kill for role in self.defs for kill in role.kills(self.options[role.name])]
        holders += [kill for mechanism in self.mechanisms for kill in mechanism.kills]
        order = [step.id for step in night_steps]
        return tuple(sorted((k for k in holders if k.step in order), key=lambda k: order.index(k.step)))

    def _prompts(self) -> dict[str, PromptDef]:
        prompts = {kind: p for role in self.defs for kind, p in role.prompts(self.options[role.name]).items()}
        prompts.update({kind: p for mechanism in self.mechanisms for kind, p in mechanism.prompts.items()})
        if self.file.sheriff_votes is not None:
            prompts[sheriff.PROMPT] = sheriff.TEARABLE if self.file.badge_tear else sheriff.PROMPT_DEF
        return prompts

    def _role(self, game: Game, seat: int) -> RoleDef | None:
        return self.by_name.get(game.seats[seat].role or "")

    def _describe(self, game: Game, seat: int) -> str:
        role = self._role(game, seat)
        lines = role.describe(game, seat) if role is not None else []
        silencer = self._silencer_of(game, seat)
        if silencer is not None:
            lines = [silencer.describe]
        for mechanism in self.mechanisms:
            if mechanism.describe is not None:
                lines = lines + mechanism.describe(game, seat)
        if self.file.vest_guess:
            lines = lines + vest_guess.describe(game, seat)
        return identity_text(game, seat, lines)

    def _status_marks(self, game: Game, seat: int) -> list[str]:
        """The mechanisms' marks (情侣), then the roles' (狼群, 空救)."""
        hooks = [m.status_marks for m in self.mechanisms] + [role.status_marks for role in self.defs]
        return [mark for hook in hooks if hook is not None for mark in hook(game, seat)]

    def _gods(self) -> tuple[str, ...] | None:
        """神职: the file's list, else None (the seats of that category, as they are now)."""
        return self.file.gods

    # ------------------------------------------------------------ the start, exits and the end

    def _on_start(self, game: Game) -> None:
        # With opening choices (百变小樱) the wolf group is formed once they settle the camps.  Games
        # opened before 0.5.0 formed it only where the wolves vote in a group (not under 狼头).
        grouped = game.board.options.wolf_group or opened_since(game.opened_by, PACK_RELEASE)
        joins = grouped and not self._opening_choices()
        for seat in game.seats.values():
            role = self._role(game, seat.no)
            if role is None:
                continue
            if joins and pack_kind(role) == PACK_MEMBER and role.joins_pack_at_start:
                pack.join(game, seat.no)
            if role.setup is not None:
                role.setup(game, seat.no, self.options[role.name])
        for seat in game.seats.values():
            game.tell(seat.no, "游戏开始。\n" + self._describe(game, seat.no))
        for role, seat in self._opening_seats(game):
            role.opening.start(game, seat)  # type: ignore[union-attr]
        for mechanism in self.mechanisms:
            if mechanism.on_start is not None:
                mechanism.on_start(game)

    def _opening_choices(self) -> list[Mechanism]:
        return [mechanism for mechanism in self.mechanisms if mechanism.start_done is not None]

    def _opening_seats(self, game: Game) -> list[tuple[RoleDef, int]]:
        """The living seats whose role makes a choice at the opening (RoleDef.opening), with it."""
        return [(r, n) for r in self.defs if r.opening is not None for n in game.with_role(r.name)]

    def _start_done(self, game: Game) -> bool:
        roles_done = all(role.opening.done(game, n) for role, n in self._opening_seats(game))  # type: ignore[union-attr]
        return roles_done and all(
            m.start_done(game) for m in self._opening_choices() if m.start_done is not None
        )

    def _finish_start(self, game: Game) -> None:
        for role, seat in self._opening_seats(game):
            if not role.opening.done(game, seat):  # type: ignore[union-attr]
                role.opening.at_random(game, seat)  # type: ignore[union-attr]
        for mechanism in self.mechanisms:
            if mechanism.finish_start is not None:
                mechanism.finish_start(game)

    def _before_exit(self, game: Game, seat: int, cause: str) -> tuple[int, str] | None:
        """Who really leaves: nobody, at night, when the seat is immune to the cause (an exit not dealt
        through damage.strike: a shot, 殉情 — the 恶灵骑士 leaves by none at night; a red card is no
        exit of the night); else a substitute (情痴 for the seat it adores), else the seat itself;
        nobody when the role that seat holds now keeps it in (RoleDef.stays: the 蒙面人's wound)."""
        if game.night is not None and cause != RED_CARD and immunity.immune(game, seat, cause):
            return None
        leaving = self._substitute(game, seat, cause)
        role = self._role(game, leaving[0])
        if cause != RED_CARD and role is not None and role.stays is not None and role.stays(game, *leaving):
            return None
        return leaving

    def _substitute(self, game: Game, seat: int, cause: str) -> tuple[int, str]:
        for role in self.defs:
            if role.substitute is not None:
                instead = role.substitute(game, seat, cause, self._able)
                if instead is not None:
                    return instead
        return seat, cause

    def _after_exit(self) -> Callable[[Game, int, str], list[Thunk]]:
        fired = []
        for trigger in self._trigger_order():
            if trigger == sheriff.TRIGGER and self.file.sheriff_votes is not None:
                fired.append(sheriff.triggers)
            fired += [self._unless_silenced(role, trigger) for role in self.defs if trigger in role.triggers]
            fired += [m.triggers[trigger] for m in self.mechanisms if trigger in m.triggers]

        def after_exit(game: Game, seat: int, cause: str) -> list[Thunk]:
            thunks = [thunk for trigger in fired for thunk in trigger(game, seat, cause)]
            return [*thunks, lambda: nights.advance(game)]

        return after_exit

    def _unless_silenced(self, role: RoleDef, trigger: str) -> Callable[[Game, int, str], list[Thunk]]:
        """The role's exit trigger, which a seat whose skills a seat's silencer took (Silencer.seats)
        does not fire for its own exit."""
        fire = role.triggers[trigger]
        if not self.seat_silencers:
            return fire

        def fired(game: Game, seat: int, cause: str) -> list[Thunk]:
            holder = game.seats[seat].role
            silenced = any(silences(s, game, seat) and s.active(game) for s in self.seat_silencers)
            return [] if silenced and holder == role.name else fire(game, seat, cause)

        return fired

    def _trigger_order(self) -> list[str]:
        """出局触发: the file's order for the triggers it names, then the others in TRIGGER_ORDER."""
        named = list(self.file.exit_triggers or ())
        return named + [trigger for trigger in TRIGGER_ORDER if trigger not in named]

    def _on_exit(self, game: Game, seat: int, cause: str) -> None:
        for role in self.defs:
            if role.on_exit is not None:
                role.on_exit(game, seat, cause)
        for mechanism in self.mechanisms:
            if mechanism.on_exit is not None:
                mechanism.on_exit(game, seat, cause)

    def _on_exiled(self, game: Game, seat: int) -> bool:
        """A role that takes the exile keeps the seat in (白痴 翻牌); a sheriff it kept who may no longer
        hold the badge (RoleDef.may_hold_badge) hands it on at once."""
        kept = any(role.on_exiled(game, seat) for role in self.defs if role.on_exiled is not None)
        if kept and self.file.sheriff_votes is not None:
            sheriff.hand_on_if_barred(game)
        return kept

    def _votes(self, game: Game, seat: int) -> bool:
        return all(role.votes(game, seat) for role in self.defs if role.votes is not None)

    def _judge(self) -> Callable[[Game], str | None]:
        """胜负: the village wins when every wolf is out; the wolves at 狼人过半 (if the file says so),
        and by 屠边 (every 神职 — the file's 神职, else the 神职 category — or every 村民 out) or 屠城
        (every seat outside their camp out); then the roles' win rules (咒狐, 吹笛者, 孤独少女 …).
        A mechanism's win rule (优先判负) replaces all this."""
        ruled = next((m.judge for m in self.mechanisms if m.judge is not None), None)
        if ruled is not None:
            return ruled
        at_half = self.file.wolves_win_at_half
        slaughter_sides = self.file.win == "屠边"
        if self.file.win not in WIN_RULES:
            raise BoardError(f"胜负规则「{self.file.win}」不认识。")
        rules = [role.win for role in self.defs if role.win is not None]
        by_camps = any(mechanism.name == OPENING_CHOICES for mechanism in self.mechanisms) or any(
            role.camp_changes or role.win is not None or role.camp not in (VILLAGE, WOLVES)
            for role in self.defs
        )
        aside = frozenset(rule.camp for rule in rules if not rule.standing)

        def counted(game: Game) -> str | None:
            if by_camps and opened_since(game.opened_by, CAMP_WIN_RELEASE):
                return _judge_by_camps(game, slaughter_sides=slaughter_sides, at_half=at_half, aside=aside)
            living = [category_of(game, n) for n in game.alive()]
            wolves = living.count(WOLF)
            if wolves == 0:
                return VILLAGE
            if at_half and wolves * 2 >= len(living):
                return WOLVES
            if not slaughter_sides:
                return WOLVES if wolves == len(living) else None
            return WOLVES if a_side_is_out(game, game.alive()) else None

        if not rules:
            return counted
        return lambda game: _by_win_rules(game, counted(game), rules)


def _by_win_rules(game: Game, winner: str | None, rules: list[WinRule]) -> str | None:
    """The count's winner, unless a rule keeps it from winning (孤独少女) or takes its win (咒狐); with
    no winner, a camp that wins by itself (吹笛者: the others first, 5.3.8)."""
    if winner is not None and any(rule.blocks is not None and rule.blocks(game, winner) for rule in rules):
        winner = None
    if winner is not None:
        thief = next((r.camp for r in rules if r.steals is not None and r.steals(game, winner)), None)
        return thief or winner
    return next((rule.camp for rule in rules if rule.wins is not None and rule.wins(game)), None)


def _dispatchers(owned: list[tuple[str, Skill]]) -> list[Skill]:
    """One skill for each command word that several roles of the board use (女巫's and 毒师's /毒,
    预言家's and 灯影预言家's /预言): it hands the command to the skill of the sender's role; a seat of
    none of them is refused, named the roles that have it."""
    by_word: dict[str, list[tuple[str, Skill]]] = {}
    for owner, skill in owned:
        for word in skill.words:
            by_word.setdefault(word, []).append((owner, skill))
    shared = {word: entries for word, entries in by_word.items() if len({owner for owner, _ in entries}) > 1}
    return [_dispatcher(word, entries) for word, entries in shared.items()]


def _dispatcher(word: str, entries: list[tuple[str, Skill]]) -> Skill:
    owners = "或".join(dict.fromkeys(owner for owner, _ in entries))

    def skill_of(game: Game, seat: int) -> Skill | None:
        role = game.seats[seat].role
        return next((skill for owner, skill in entries if owner == role), None)

    def handler(game: Game, seat: int, args: list[str]) -> None:
        skill = skill_of(game, seat)
        if skill is None:
            raise Rejected(f"你不是{owners}，不能使用 /{word}。")
        skill.handler(game, seat, args)

    def pass_one(game: Game, seat: int) -> bool:
        skill = skill_of(game, seat)
        return skill.pass_one(game, seat) if skill is not None and skill.pass_one is not None else False

    steps: list[str] = []
    for _, skill in entries:
        steps += [skill.passes] if isinstance(skill.passes, str) else list(skill.passes)
    first = entries[0][1]
    return Skill(first.name, (word,), handler, passes=tuple(dict.fromkeys(steps)), pass_one=pass_one)


def _judge_by_camps(
    game: Game, *, slaughter_sides: bool, at_half: bool, aside: frozenset[str] = frozenset()
) -> str | None:
    """屠边 and 屠城 on a board whose camps change at the opening (丘比特, 混血儿, 仆人): the seats
    count by the camp they are in, not by their role.  村民阵营 is out by 屠边 (every 神职 or every
    村民 of the camp out) or, by 屠城, when none of its seats lives; every other camp (狼人阵营,
    黑情侣阵营) when none of its seats lives.  The last camp not out wins; 狼人阵营 also at 狼人过半.
    The camps `aside` (咒狐阵营, 吹笛者阵营) win by rules of their own and are not counted.  A seat
    counts in the camp its role says (library.counted_camp: 孤独少女 in 村民阵营, 补充裁定 6)."""
    living = game.alive()
    present = sorted({counted_camp(game, n) for n in game.seats} - aside)

    def members(camp: str) -> list[int]:
        """The living seats counted for the camp (混血儿 算作村民: 村民阵营, whoever she follows)."""
        return [n for n in living if counted_camp(game, n) == camp]

    def out(camp: str) -> bool:
        if camp == VILLAGE and slaughter_sides:
            return a_side_is_out(game, members(camp))
        return not members(camp)

    remaining = [camp for camp in present if not out(camp)]
    if WOLVES in remaining and at_half and len(members(WOLVES)) * 2 >= len(living):
        return WOLVES
    if len(remaining) == 1:
        return remaining[0]
    if not remaining:  # the last seats of every camp left together
        return VILLAGE if out(WOLVES) else WOLVES
    return None
