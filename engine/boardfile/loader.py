"""Check a director's board file and turn it into a `BoardFile`, or into problems with their lines.

`check(text)` reads the YAML (yamltree), validates the board-wide keys and every role's entry
(schema, pydantic), then checks what needs the role library: that every role exists, that every
night skill of the roster has its deadline in 夜晚 and that 夜晚 names nothing else, and the size
and camps of the board. It collects every problem, each with the line of the file it is on.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ValidationError

from bansha_engine import library
from bansha_engine.boardfile import schema
from bansha_engine.boardfile.daykeys import day_rules
from bansha_engine.boardfile.punctuation import comment_start
from bansha_engine.boardfile.schema import COUNT_KEY, MAX_SEATS, MIN_SEATS, closest, listing, suggestion
from bansha_engine.boardfile.spec import BoardFile, NightEntry, RosterEntry
from bansha_engine.boardfile.yamlerrors import shown_line
from bansha_engine.boardfile.yamltree import Path, Tree, YamlRefused, compose, tree_of
from bansha_engine.model import WOLVES
from bansha_engine.parse import invisible, invisible_in_name, quote

MAX_CHARS = 20_000
MAX_LINE_CHARS = 1000  # a line of a new file, its comment left out
MAX_SHOWN = 30  # problems listed in one reply; a reply of hundreds of lines helps nobody
HEADLINE = "板子有误"
NIGHT_KEY = "夜晚"
ROSTER_KEY = "身份"
GODS_KEY = "神职"
KILL_MODE_KEY = "狼人"
MECHANISMS_KEY = "机制"
SHARED_KNIFE = "通用刀"  # the 狼人 kill mode whose /刀 serves every kill (roles/wolf.py SHARED)


@dataclass(frozen=True)
class Problem:
    line: int | None  # in the file itself: its first line is 1; None for the file as a whole
    message: str

    def text(self) -> str:
        return f"第{self.line}行：{self.message}" if self.line is not None else self.message


@dataclass
class Checked:
    board: BoardFile | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.board is not None


def problems_text(problems: list[Problem]) -> str:
    """The reply to a file with problems: 板子有误, then one problem a line, in the file's order."""
    shown = problems[:MAX_SHOWN]
    lines = [HEADLINE, *(problem.text() for problem in shown)]
    if len(problems) > len(shown):
        lines.append(f"……还有{len(problems) - len(shown)}处问题，请先改好以上几处")
    return "\n".join(lines)


def check(text: str, *, new: bool = False) -> Checked:
    """The file checked; `new`: a file a director sends now (/新板子, /检查板子), which must also pass
    the checks added since files were first saved (a stored file keeps loading as it did)."""
    if len(text) > MAX_CHARS:
        return Checked(None, [Problem(None, f"板子文件有{len(text)}个字符，最多{MAX_CHARS}个，没有检查")])
    try:
        root = compose(text)
    except YamlRefused as refusal:
        return Checked(None, [Problem(refusal.line, refusal.message)])
    tree = tree_of(root, one_line=new)
    if not isinstance(tree.data, dict):
        line = tree.line(()) or 1
        return Checked(None, [Problem(line, "板子文件应当一行一个「键: 值」，从「板子: 名字」开始")])
    return _Check(tree, text, new).run()


@dataclass
class _Roles:
    """The role names a file may use: the library's, or those of the post it names with 规则, or
    of the mechanism it names that brings its own (机制: 身份池)."""

    post: library.PostDef | None
    mechanisms: tuple[library.Mechanism, ...] = ()

    @property
    def pool(self) -> library.Mechanism | None:
        return next((mechanism for mechanism in self.mechanisms if mechanism.roles), None)

    @property
    def own(self) -> bool:
        """The roles and night are the post's or the mechanisms', not the library's."""
        return self.post is not None or self.pool is not None

    def names(self) -> tuple[str, ...]:
        if self.post is not None:
            return self.post.roles
        return self.pool.roles if self.pool is not None else tuple(library.ROLES)

    def where(self) -> str:
        if self.post is not None:
            return f"规则「{self.post.name}」"
        return f"机制「{self.pool.name}」" if self.pool is not None else "身份库"

    def seats(self) -> int | None:
        """The board's seats when 身份 is a pool to draw them from (须弥)."""
        return self.post.seats if self.post is not None else self.pool.seats if self.pool else None

    def night_names(self) -> tuple[str, ...]:
        if self.post is not None:
            return self.post.night_names
        return tuple(name for mechanism in self.mechanisms for name in mechanism.night_names)

    def refusers(self) -> list[Callable[[BoardFile, frozenset[str]], list[library.Refusal]]]:
        found = [self.post.refuse] if self.post is not None else [m.refuse for m in self.mechanisms]
        return [refuse for refuse in found if refuse is not None]

    @staticmethod
    def get(name: str) -> library.RoleDef | None:
        """The role's declaration, whose options the file may set (a post's role of the same name
        as a library role too); None for a post's own roles, which take only 数量."""
        return library.ROLES.get(name)


class _Check:
    def __init__(self, tree: Tree, text: str, new: bool) -> None:
        self.tree = tree
        self.text = text
        self.new = new
        self.problems = [Problem(line, message) for line, message in tree.problems]
        self.broken: set[str] = set()  # top-level keys with a problem of their own
        self.bottom_cards = 0  # the roster's bottom cards (底牌), once it is read

    def run(self) -> Checked:
        if self.new:
            self.long_lines()
        settings = self.settings()
        rules_known = "规则" not in self.broken
        post = library.POSTS.get(settings.rules) if settings.rules else None
        roles = _Roles(post, self.mechanisms(settings) if post is None else ())
        roster = self.roster(settings, roles) if rules_known else None
        night = self.night()
        if night is not None and (roster is not None or roles.own):
            self.night_names(roster or [], night, roles)
        if roster is not None:
            self.gods(settings, roster)
            if not roles.own:
                self.kill_mode_serves(settings, roster, night or [])
        if roster is None or night is None or self.tree.problems:
            return Checked(None, self.sorted_problems())
        board = self.board(settings, roster, night, roles.seats())
        self.refusals(board, roles)
        if self.problems:
            return Checked(None, self.sorted_problems())
        return Checked(board, [])

    def refusals(self, board: BoardFile, roles: _Roles) -> None:
        """What the post or the mechanisms cannot take, listed with the file's other problems; a
        key that has a problem already (its value is left at its default) gets no second one."""
        refusers = roles.refusers()
        if not refusers:
            return
        troubled = self.troubled_keys()
        for refuse in refusers:
            for refusal in refuse(board, frozenset(self.tree.data)):
                if refusal.path[0] not in troubled:
                    self.add(self.tree.key_line(refusal.path) or 1, refusal.message)

    def troubled_keys(self) -> set[str]:
        """The top-level keys with a problem in their block (the last key starting at or before
        the problem's line), and those broken as a whole."""
        starts = sorted((self.tree.key_line((key,)) or 0, key) for key in self.tree.data)
        lines = [start for start, _ in starts]
        troubled = set(self.broken)
        for problem in self.problems:
            at = bisect.bisect_right(lines, problem.line) - 1 if problem.line is not None else -1
            if at >= 0:
                troubled.add(starts[at][1])
        return troubled

    def sorted_problems(self) -> list[Problem]:
        return sorted(self.problems, key=lambda problem: problem.line or 0)

    def add(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(line, message))

    def pydantic_errors(self, error: ValidationError, at: Path, known_keys: tuple[str, ...]) -> None:
        for detail in error.errors():
            path = (*at, *detail["loc"])
            if detail["type"] == "extra_forbidden":
                line = self.tree.key_line(path)
                self.add(line, self.misplaced(path, line) or schema.translate(detail, known_keys))
            else:
                self.add(self.tree.line(path), schema.translate(detail, known_keys))

    def long_lines(self) -> None:
        """A line longer than one message can show (/板子 sends the file cut between lines only);
        a comment may be longer: it is shown on several comment lines."""
        for number, line in enumerate(self.lines, start=1):
            if len(line) <= MAX_LINE_CHARS:
                continue
            comment = comment_start(line)
            written = line if comment is None else line[:comment].rstrip()
            if len(written) > MAX_LINE_CHARS:
                self.add(
                    number,
                    f"这一行有{len(written)}个字，太长了：一行最多{MAX_LINE_CHARS}个字（注释不算），请分成几行写",
                )

    # --- keys on the wrong line ---------------------------------------------------------------
    def misplaced(self, path: Path, line: int | None) -> str | None:
        """Why a key is unknown where it is, when it is known elsewhere: a role or a board-wide key
        indented as if it were something else's (how its line should start), or a colon written
        without its space (「自救:首夜」)."""
        key = str(path[-1])
        body = self.body(line)
        if ":" in key and ": " not in key:
            word, _, rest = key.partition(":")
            return f"冒号后面要有一个空格：写成「{quote(word)}: {quote(rest)}」"
        if key in library.ROLES and len(path) == 1:
            where = f"要写在「{ROSTER_KEY}」下面，和其他身份对齐"
            return f"缩进不对：「{quote(key)}」是身份，{where}：写成{shown_line(self.roster_indent(), body)}"
        if key in library.ROLES and len(path) == 3 and path[0] == ROSTER_KEY:
            owner = self.tree.key_line(path[:2])
            where = f"要和第{owner}行的「{quote(str(path[1]))}」对齐"
            return f"缩进不对：「{quote(key)}」是身份，{where}：写成{shown_line(self.indent(owner), body)}"
        if key in schema.KEYS and len(path) > 1 and key not in schema.BOARD_WIDE_OPTIONS:
            return self.top_key_indented(key, body)
        return None

    @staticmethod
    def top_key_indented(key: str, body: str) -> str:
        return f"缩进不对：「{quote(key)}」是整个板子的设置，不属于上面的键：写成{shown_line(0, body)}"

    def body(self, line: int | None) -> str:
        """The line as written, without its indentation."""
        if line is None or line > len(self.lines):
            return ""
        return self.lines[line - 1].strip()

    def indent(self, line: int | None) -> int:
        if line is None or line > len(self.lines):
            return 0
        written = self.lines[line - 1]
        return len(written) - len(written.lstrip(" "))

    def roster_indent(self) -> int:
        """The indentation of the roles under 身份 (two spaces when there are none yet)."""
        roster = self.tree.data.get(ROSTER_KEY)
        first = next(iter(roster), None) if isinstance(roster, dict) else None
        return self.indent(self.tree.key_line((ROSTER_KEY, first))) if first is not None else 2

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    # --- the board-wide keys ---------------------------------------------------------------
    def settings(self) -> schema.FileModel:
        data: dict[str, Any] = self.tree.data
        try:
            settings = schema.FileModel.model_validate(data)
        except ValidationError as error:
            self.pydantic_errors(error, (), schema.KEYS)
            self.broken = {str(detail["loc"][0]) for detail in error.errors() if detail["loc"]}
            settings = self.without_broken(data)
        if self.new and "板子" not in self.broken and (char := invisible(settings.name)) is not None:
            self.broken.add("板子")
            self.add(self.tree.line(("板子",)), f"板子的{invisible_in_name(char)}")
        if settings.rules is not None and settings.rules not in library.POSTS:
            self.broken.add("规则")
            self.add(
                self.tree.line(("规则",)),
                f"没有叫「{quote(settings.rules)}」的规则{suggestion(settings.rules, library.POSTS)}；"
                f"可以写：{listing(tuple(library.POSTS)) or '（暂无）'}",
            )
        return settings

    def mechanisms(self, settings: schema.FileModel) -> tuple[library.Mechanism, ...]:
        """The mechanisms the file names (机制, and 胜负: 阵营判负), each known and with those it needs."""
        named: dict[str, int | None] = {}
        for index, name in enumerate(settings.mechanisms or ()):
            line = self.tree.line((MECHANISMS_KEY, index))
            if name in library.FILE_MECHANISMS:
                named[name] = line
                continue
            self.broken.add(MECHANISMS_KEY)
            self.add(
                line,
                f"没有叫「{quote(name)}」的机制{suggestion(name, library.FILE_MECHANISMS)}；"
                f"可以写：{listing(library.FILE_MECHANISMS)}",
            )
        if settings.win in library.NAMED_MECHANISMS and "胜负" not in self.broken:
            named[settings.win] = self.tree.line(("胜负",))
        found = [m for name in named if (m := library.named_mechanism(name)) is not None]
        if MECHANISMS_KEY not in self.broken:
            self.needs(found, named)
        return tuple(found)

    def needs(self, found: list[library.Mechanism], named: dict[str, int | None]) -> None:
        """Each mechanism's partners are named too: a missing one of 机制 on the line of the first
        that needs it; a win rule (阵营判负) on the 胜负 line."""
        missing: dict[str, list[str]] = {}
        for mechanism in found:
            for need in mechanism.needs:
                if need not in named:
                    missing.setdefault(need, []).append(mechanism.name)
        for need, by in missing.items():
            names = "、".join(f"「{name}」" for name in by)
            if need in library.FILE_MECHANISMS:
                line = named[by[0]]
                self.add(line, f"机制{names}要和「{need}」一起用：请在「机制」里加上「{need}」")
            else:
                line = self.tree.line(("胜负",)) if ("胜负",) in self.tree.value_lines else named[by[0]]
                self.add(line, f"机制{names}按「{need}」判胜负：「胜负」要写：{need}")

    def without_broken(self, data: dict[str, Any]) -> schema.FileModel:
        """The settings with every key that has a problem left at its default, to check the rest."""
        kept = {key: value for key, value in data.items() if key in schema.KEYS and key not in self.broken}
        kept.setdefault("板子", "?")
        kept.setdefault(ROSTER_KEY, {})
        return schema.FileModel.model_validate(kept)

    # --- 身份 ---------------------------------------------------------------------------------
    def roster(self, settings: schema.FileModel, roles: _Roles) -> list[RosterEntry] | None:
        entries: list[RosterEntry] = []
        complete = ROSTER_KEY not in self.broken
        pooled = self.pooled(settings, roles)
        for name, value in settings.roster.items():
            entry = None if name in pooled else self.entry(name, value, roles, settings)
            if entry is None:
                complete = False
            else:
                entries.append(entry)
        self.seats(entries, complete, roles)
        return entries if complete else None

    def pooled(self, settings: schema.FileModel, roles: _Roles) -> list[str]:
        """Roles of a mechanism's pool (须弥's 身份池) in a file that does not name it: one problem on
        the 身份 line saying which mechanism to name, not one 「身份库里没有」 a role."""
        unknown = [name for name in settings.roster if name not in library.ROLES]
        if roles.own or not unknown:
            return []  # the pools' modules (须弥's) are imported only for a file that may need them
        pool = next((m for m in _pools() if any(name in m.roles for name in unknown)), None)
        if pool is None:
            return []
        pooled = [name for name in unknown if name in pool.roles]
        named = "、".join(f"「{quote(name)}」" for name in pooled[:3])
        more = f"等{len(pooled)}个身份" if len(pooled) > 3 else ""
        self.add(
            self.tree.key_line((ROSTER_KEY,)),
            f"{named}{more}是机制「{pool.name}」的身份，身份库里没有：请在「机制」里写上「{pool.name}」"
            f"和它要一起用的机制（例子：/板子 须弥）",
        )
        return pooled

    def entry(
        self, written_name: str, value: Any, roles: _Roles, settings: schema.FileModel
    ) -> RosterEntry | None:
        path: Path = (ROSTER_KEY, written_name)
        name = written_name if roles.own else library.canonical(written_name)  # 平民 → 村民 (1.6)
        if name in schema.KEYS and name not in roles.names() and name not in library.ROLES:
            self.add(
                self.tree.key_line(path), self.top_key_indented(name, self.body(self.tree.key_line(path)))
            )
            return None
        if name != written_name and name in settings.roster:
            self.add(
                self.tree.key_line(path),
                f"「{quote(written_name)}」就是「{name}」（同一个身份的别名），请合成一行写「{name}」的数量",
            )
            return None
        if name not in roles.names():
            where = roles.where()
            self.add(
                self.tree.key_line(path),
                f"{where}里没有「{quote(name)}」{suggestion(name, roles.names())}；发送 /身份库 可查看所有身份",
            )
            return None
        role = roles.get(name)
        options = library.settable_options(name) if role else ()
        model = schema.role_model(options)
        written = {COUNT_KEY: value} if not isinstance(value, dict) else value
        at = path if isinstance(value, dict) else path[:-1]  # 「狼人: 3」: the count is the value itself
        try:
            checked = model.model_validate(written)
        except ValidationError as error:
            if not isinstance(value, dict):
                self.add(self.tree.line(path), self.shorthand_problem(name, value, error))
            else:
                self.pydantic_errors(error, at, tuple(model_keys(model)))
            return None
        entry = RosterEntry(
            role=name, count=int(checked.count), options=self.options_of(checked, role, settings)
        )
        if isinstance(value, dict) and role is not None:
            self.variant_options(path, written, entry)
        return entry

    def variant_options(self, path: Path, written: dict[str, Any], entry: RosterEntry) -> None:
        """An option written for a role whose chosen variant has no such option (狼王 技能: 冲锋
        has no shot, so no 毒杀开枪)."""
        variant = library.role_def(entry.role, entry.options)
        if variant is library.ROLES[entry.role]:
            return
        own = {option.name for option in variant.options}
        chosen = entry.options[library.VARIANT]
        plain = library.VARIANT_OPTIONS[entry.role].default
        for key in written:
            if key not in (COUNT_KEY, library.VARIANT, *own):
                self.add(
                    self.tree.key_line((*path, key)),
                    f"「{library.VARIANT}: {chosen}」的{entry.role}没有「{quote(key)}」这个设置，"
                    f"它是「{library.VARIANT}: {plain}」的{entry.role}的；请删掉它",
                )

    @staticmethod
    def shorthand_problem(name: str, value: Any, error: ValidationError) -> str:
        if value is None:
            return f"「{quote(name)}」后面缺少数量，请写成「{quote(name)}: 1」"
        if isinstance(value, list):
            return f"「{quote(name)}」要写数量（「{quote(name)}: 1」）或一组设置（「{quote(name)}: {{数量: 1}}」），不是列表"
        return schema.translate(error.errors()[0], (COUNT_KEY,))

    @staticmethod
    def options_of(
        checked: BaseModel, role: library.RoleDef | None, settings: schema.FileModel
    ) -> dict[str, str]:
        if role is None:
            return {}
        written = {info.alias: getattr(checked, key) for key, info in type(checked).model_fields.items()}
        options = {
            option.name: str(written.get(option.name, option.default))
            for option in library.settable_options(role.name)
        }
        if role.category == library.WOLF:
            options["刀人方式"] = settings.kill_mode
            options["首夜刀人"] = settings.first_night_kill
        return options

    def seats(self, entries: list[RosterEntry], complete: bool, roles: _Roles) -> None:
        line = self.tree.key_line((ROSTER_KEY,))
        self.bottom_cards = 0 if roles.own else self.bottom(entries)
        size = sum(entry.count for entry in entries) - self.bottom_cards
        if (drawn := roles.seats()) is not None:
            size = drawn  # 身份 is the pool the seats are drawn from (须弥)
        if size > MAX_SEATS:
            self.add(line, f"这个板子有{size}个座位，最多{MAX_SEATS}个")
        if not complete or ROSTER_KEY in self.broken:
            return
        if size < MIN_SEATS:
            self.add(line, f"这个板子只有{size}个座位，至少要{MIN_SEATS}个")
        if not roles.own and size:
            camps = [library.ROLES[entry.role].camp == WOLVES for entry in entries]
            if not any(camps):
                self.add(line, "身份里没有狼人阵营的角色，至少要有一个")
            elif all(camps):
                self.add(line, "身份里全是狼人阵营的角色，至少要有一个好人")

    def bottom(self, entries: list[RosterEntry]) -> int:
        """The bottom cards the roster's roles bring (common-boards.md 2.10.8): the seats are the
        cards less these.  One card of one such role a board (ruling)."""
        holding = [entry for entry in entries if library.role_def(entry.role, entry.options).bottom_cards]
        for entry in holding:
            if entry.count > 1:
                self.add(
                    self.tree.key_line((ROSTER_KEY, entry.role)),
                    f"{entry.role}带底牌，一个板子只能有1张{entry.role}",
                )
        if len(holding) > 1:
            self.add(
                self.tree.key_line((ROSTER_KEY, holding[1].role)),
                f"{listing(tuple(entry.role for entry in holding))}都带底牌，一个板子只能有其中一个",
            )
        if holding:
            self.bottom_possible(entries, holding[0])
        return sum(library.role_def(entry.role, entry.options).bottom_cards for entry in holding[:1])

    def bottom_possible(self, entries: list[RosterEntry], holder: RosterEntry) -> None:
        """The other cards of 身份 hold a set of bottom cards the role's rule takes, or the board could
        never be dealt nor started (a 盗宝大师 with no 神职 card)."""
        role = library.role_def(holder.role, holder.options)
        if role.bottom_rule is None:
            return
        cards = [entry.role for entry in entries for _ in range(entry.count)]
        cards.remove(holder.role)
        sets = set(combinations(sorted(cards), role.bottom_cards))
        problems = [found for bottom in sets if (found := role.bottom_rule(bottom)) is not None]
        if len(problems) == len(sets):
            why = problems[0] if problems else f"要{role.bottom_cards}张底牌"
            self.add(self.tree.key_line((ROSTER_KEY, holder.role)), f"身份里凑不出{holder.role}的底牌：{why}")

    # --- 夜晚 ---------------------------------------------------------------------------------
    def night(self) -> list[tuple[NightEntry, int | None]] | None:
        if NIGHT_KEY in self.broken:
            return None
        data: list[Any] = self.tree.data.get(NIGHT_KEY) or []
        entries: list[tuple[NightEntry, int | None]] = []
        seen: dict[str, int | None] = {}
        complete = True
        for index, item in enumerate(data):
            path: Path = (NIGHT_KEY, index)
            line = self.tree.line(path)
            entry = self.night_item(item, path)
            if entry is None:
                complete = False
                continue
            if entry.name in seen:
                self.add(
                    line,
                    f"夜晚里「{quote(entry.name)}」写了两次（第{seen[entry.name]}行已经写过），每一步只能写一次",
                )
                complete = False
                continue
            seen[entry.name] = line
            entries.append((entry, line))
        return entries if complete else None

    def night_item(self, item: Any, path: Path) -> NightEntry | None:
        line = self.tree.line(path)
        if not isinstance(item, dict) or len(item) != 1:
            self.add(line, "夜晚的每一项要写成「- 名字: 时限」，一行一项，例如「- 女巫: 60分钟」")
            return None
        try:
            checked = schema.NIGHT_ITEM.validate_python(item)
        except ValidationError as error:
            for detail in error.errors():
                message = schema.translate(detail, ())
                if detail["type"] == "string_type":
                    message = f"「{quote(detail['loc'][0])}」后面要写时限，例如「30分钟」「次日8:00」"
                self.add(self.tree.line((*path, *detail["loc"])), message)
            return None
        ((name, deadline),) = checked.items()
        return NightEntry(name=library.canonical(name), deadline=deadline)  # - 梦魇: 噩梦之影's step (1.6)

    def night_names(
        self, roster: list[RosterEntry], night: list[tuple[NightEntry, int | None]], roles: _Roles
    ) -> None:
        """Every night part of the roster has a deadline in 夜晚, and 夜晚 names nothing else."""
        written = {entry.name for entry, _ in night}
        if roles.own:
            allowed: tuple[str, ...] = roles.night_names()
        else:
            allowed = tuple(self.parts_needed(roster, written))
        on_board = {entry.role for entry in roster}
        for entry, line in night:
            if entry.name in allowed:
                continue
            if entry.name in library.ROLES and entry.name not in on_board and not roles.own:
                why = f"「{quote(entry.name)}」不在这个板子的身份里"
            elif entry.name in on_board:
                why = f"「{quote(entry.name)}」在这个板子的夜里没有叫这个名字的行动"
            else:
                why = f"「{quote(entry.name)}」不是这个板子夜里的行动{suggestion(entry.name, allowed)}"
            self.add(line, f"{why}；夜晚可以写：{listing(allowed) or '（这个板子夜里没有行动）'}")

    def parts_needed(self, roster: list[RosterEntry], written: set[str]) -> list[str]:
        """The night words of the roster's roles (and of the mechanisms they bring), in roster
        order; a part the board needs (NightPart.only_with) missing from 夜晚 is a problem."""
        names: list[str] = []
        on_board = [entry.role for entry in roster]
        for entry in roster:
            role = library.role_def(entry.role, entry.options)
            brought = {  # parts of a mechanism the role brings, not its own (丘比特: 黑情侣)
                part.name
                for mechanism in library.brought_mechanisms(role)
                for part in library.mechanism_night(mechanism, entry.options)
            }
            for part in library.night_parts(role, entry.options):
                if part.name in names:
                    continue
                names.append(part.name)
                if part.name not in written and library.part_needed(part, on_board):
                    who = (
                        f"有{entry.role}的板子夜里有「{part.name}」的行动"
                        if part.name in brought
                        else f"{entry.role}夜里要行动"
                    )
                    self.add(
                        self.tree.key_line((ROSTER_KEY, entry.role)),
                        f"{who}，夜晚里缺少「{part.name}」的时限，请在夜晚里加上「- {part.name}: 30分钟」这样的一行",
                    )
        return names

    def kill_mode_serves(
        self,
        settings: schema.FileModel,
        roster: list[RosterEntry],
        night: list[tuple[NightEntry, int | None]],
    ) -> None:
        """Kills beyond the wolf group's (黑情侣, 混血儿) are all said with /刀: only 通用刀 serves them.
        Said on the 狼人 line, or on the first such role's line when the file leaves 狼人 out; a 狼人
        value that is wrong in itself has its own problem already."""
        if settings.kill_mode == SHARED_KNIFE or KILL_MODE_KEY in self.broken:
            return
        on_board = [entry.role for entry in roster]
        named = {entry.name for entry, _ in night}

        def present(part: library.NightPart) -> bool:  # the board needs it, or its 夜晚 names it
            return library.part_needed(part, on_board) or part.name in named

        holders = [
            entry.role
            for entry in roster
            if library.holds_other_kills(library.role_def(entry.role, entry.options), entry.options, present)
        ]
        if holders:
            written = (KILL_MODE_KEY,) in self.tree.value_lines
            line = (
                self.tree.line((KILL_MODE_KEY,)) if written else self.tree.key_line((ROSTER_KEY, holders[0]))
            )
            self.add(
                line,
                f"{listing(holders)}有狼群以外的杀人（黑情侣、混血儿的刀），它们都用 /刀："
                f"「狼人」要写「{SHARED_KNIFE}」",
            )

    def gods(self, settings: schema.FileModel, roster: list[RosterEntry]) -> None:
        """神职 names roles of this board only."""
        on_board = [entry.role for entry in roster]
        good = [name for name in on_board if not _wolf_camp(name)]
        for index, name in enumerate(settings.gods or ()):
            if name not in on_board:
                self.add(
                    self.tree.line((GODS_KEY, index)),
                    f"神职里的「{quote(name)}」不在这个板子的身份里{suggestion(name, on_board)}；可以写：{listing(good)}",
                )
            elif _wolf_camp(name):
                self.add(
                    self.tree.line((GODS_KEY, index)),
                    f"神职里的「{quote(name)}」是狼人阵营的身份，神职只能写好人一边的：{listing(good)}",
                )

    # --- the result ---------------------------------------------------------------------------
    def board(
        self,
        settings: schema.FileModel,
        roster: list[RosterEntry],
        night: list[tuple[NightEntry, int | None]],
        drawn: int | None,
    ) -> BoardFile:
        return BoardFile(
            name=settings.name,
            roster=tuple(roster),
            kill_mode=settings.kill_mode,
            first_night_kill=settings.first_night_kill == "可以",
            night=tuple(entry for entry, _ in night),
            sheriff_votes=settings.sheriff,  # type: ignore[arg-type]  # read by schema._sheriff
            exile_tie=schema.EXILE_TIES[settings.exile_tie],
            last_words=settings.last_words,
            win=settings.win,
            rules=settings.rules,
            mechanisms=tuple(settings.mechanisms or ()),
            wolves_win_at_half=settings.wolves_at_half == "胜利",
            max_substitutes=settings.substitutes,  # type: ignore[arg-type]
            handoff_minutes=settings.handoff,  # type: ignore[arg-type]
            vest_guess=settings.vest_guess == "可以",
            badge_tear=settings.badge_tear == "可以",
            gods=tuple(settings.gods) if settings.gods is not None else None,
            exit_triggers=tuple(settings.exit_triggers) if settings.exit_triggers is not None else None,
            self_destruct=settings.self_destruct,
            poisoned_self_destruct=settings.poisoned_self_destruct == "可以",
            kill_split=settings.kill_split,
            kill_wolves=settings.kill_wolves == "可以",
            empty_kill=settings.empty_kill == "可以",
            abstain_majority=settings.abstain_majority == "无人出局",
            seal_told=settings.seal_told == "可以",
            text=self.text,
            drawn=drawn,
            bottom_cards=self.bottom_cards,
            day=day_rules(settings.schedule, settings.haste, settings.penalties),
        )


def model_keys(model: type[BaseModel]) -> list[str]:
    return [info.alias for info in model.model_fields.values() if info.alias]


__all__ = ["Checked", "Problem", "check", "closest", "problems_text"]


def _pools() -> list[library.Mechanism]:
    """The mechanisms that bring their own roles (机制: 身份池)."""
    found = (library.named_mechanism(name) for name in library.FILE_MECHANISMS)
    return [mechanism for mechanism in found if mechanism is not None and mechanism.roles]


def _wolf_camp(name: str) -> bool:
    role = library.ROLES.get(name)
    return role is not None and role.camp == WOLVES
