"""Writes engine/library_index.py: what the library holds, learnt by importing all of it in a fresh
interpreter, so that a running bot knows it without importing it (issue 22: a bot imports only the
roles its boards use).  The index gives each role's modules (its own and its variants'), the other
names of roles (1.6), and every command word the plugin tells from chat: every library role's (with
each value of each option), every mechanism's and every built-in board's.

    python -m bansha_engine.indexing          # after adding or changing a role or a built-in board

tests/test_library_index.py fails, naming this command, when the file and the library differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from pathlib import Path

from bansha_engine import library, library_index, roles
from bansha_engine.boards import BOARDS
from bansha_engine.game import command_words
from bansha_engine.library import RoleDef
from bansha_engine.model import Board

INDEX = Path(__file__).resolve().parent / "library_index.py"
LINE = 40  # characters a line of the index's words holds (Chinese characters are wide)


def role_option_sets(role: RoleDef) -> list[dict[str, str]]:
    """The role's options at their defaults, and each other value of each option alone (an option may
    give a command: 女巫 双药)."""
    defaults = {option.name: option.default for option in role.options}
    sets = [defaults]
    sets += [{**defaults, option.name: value} for option in role.options for value in option.values]
    return sets


def board_words(board: Board) -> frozenset[str]:
    """Every command word of a board: anyone's, and its directors' own."""
    return command_words(board) | frozenset(board.hooks.director_commands)


def library_words() -> frozenset[str]:
    """The command words of every role of the library (each option's value alone too), of every
    variant and of every mechanism registered, whichever board uses them."""
    words: set[str] = set()
    for role in (*library.ROLES.values(), *library.VARIANTS.values()):
        for options in role_option_sets(role):
            words |= {word for skill in role.skills(options) for word in skill.words}
            words |= {prompt.word for prompt in role.prompts(options).values()}
    for mechanism in library.MECHANISMS.values():
        words |= {word for skill in mechanism.skills(()) for word in skill.words}
        words |= {prompt.word for prompt in mechanism.prompts.values()}
    return frozenset(words)


def build() -> str:
    """The text of the index, from the whole library: every role module and mechanism imported, every
    built-in board composed.  Roles keep their place in the index (the order /身份库 lists them in); a new
    one comes after them."""
    for name in roles.MODULES:
        import_module(f"{roles.__name__}.{name}")
    for name in library.NAMED_MECHANISMS:
        library.named_mechanism(name)
    names = [name for name in library_index.ROLE_MODULES if name in library.ROLES]
    names += [name for name in library.ROLES if name not in names]
    modules = {name: modules_of(library.ROLES[name]) for name in names}
    words = set(library_words())
    for board in BOARDS.values():
        words |= board_words(board)
    return _text(modules, library.ALIASES, words)


def modules_of(role: RoleDef) -> tuple[str, ...]:
    """The role modules that register `role` and its variants, its own first."""
    variants = [variant for _, variant in library.variants(role.name)]
    return tuple(dict.fromkeys(_module_name(each) for each in (role, *variants)))


def _module_name(role: RoleDef) -> str:
    """The module whose `register` made `role`: the one holding it as ROLE."""
    for name in roles.MODULES:
        if getattr(import_module(f"{roles.__name__}.{name}"), "ROLE", None) is role:
            return name
    raise LookupError(f"no role module holds {role.name} as ROLE")


def _text(modules: dict[str, tuple[str, ...]], aliases: dict[str, str], words: Iterable[str]) -> str:
    lines = [
        '"""What the role library holds, without importing it.  Written by `python -m bansha_engine.indexing`',
        '(engine/indexing.py); do not edit by hand."""',
        "",
        "# Each role (in the order /身份库 lists them) -> the modules of engine/roles declaring it and its variants",
        "ROLE_MODULES: dict[str, tuple[str, ...]] = {",
        *(f"    {_quoted(name)}: {_tuple(found)}," for name, found in modules.items()),
        "}",
        "# Another name of a role -> the library's (common-boards.md 1.6)",
        "ALIASES: dict[str, str] = {",
        *(f"    {_quoted(alias)}: {_quoted(name)}," for alias, name in aliases.items()),
        "}",
        "# Every command word of every library role, mechanism and built-in board",
        "COMMAND_WORDS = frozenset({",
        *(f"    {line}" for line in _wrapped(sorted(words))),
        "})  # fmt: skip",
    ]
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    """`text` as ruff writes a string (no role, module or word has a quote or a backslash)."""
    return f'"{text}"'


def _tuple(items: tuple[str, ...]) -> str:
    return f"({_quoted(items[0])},)" if len(items) == 1 else f"({', '.join(map(_quoted, items))})"


def _wrapped(words: list[str]) -> list[str]:
    """The words quoted, a comma after each, as many a line as LINE characters of words take."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + len(word) <= LINE:
            lines[-1] += f" {_quoted(word)},"
        else:
            lines.append(f"{_quoted(word)},")
    return lines


def main() -> None:
    text = build()
    if INDEX.read_text(encoding="utf-8") == text:
        print(f"{INDEX} is up to date")
        return
    INDEX.write_text(text, encoding="utf-8")
    print(f"wrote {INDEX}")


if __name__ == "__main__":
    main()
