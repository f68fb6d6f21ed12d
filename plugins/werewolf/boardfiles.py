"""The shell's side of board files (/板子, /新板子, /检查板子, /删板子, /身份库): reading the file out of
the message, and the texts of the replies.  Checking a file is the engine's (bansha_engine.boardfile);
storing it is the repository's; who may do what is decided in `service.py`.
"""

from __future__ import annotations

from functools import cache

from bansha_engine.boardfile import Checked, catalog, check, problems_text
from bansha_engine.boardfile.loader import HEADLINE
from bansha_engine.boardfile.punctuation import comment_start
from bansha_engine.boards import BOARDS, GROUPS, builtin_text
from bansha_engine.parse import invisible, invisible_in_name

from .outbox import split_text
from .storage import SavedBoard

FILE_WORDS = ("新板子", "检查板子")  # commands followed by a board file on the following lines
# A message carrying a board file may be longer than other commands; the loader refuses a file over
# its own limit (20,000 characters) with a line saying so, this only keeps absurd messages out.
MAX_FILE_MESSAGE_CHARS = 200_000
FILE_PIECE_MARK = "\n# （{i}/{n}）"  # a YAML comment: the pieces of a long file, pasted together, still read


NOT_A_DIRECTOR = "只有超级用户或 WEREWOLF_DIRECTORS 里的导演才能{what}。"
FILE_USAGE = (
    "用法：/{word} 之后换行，把板子文件写在同一条消息的下面几行（第一行是「/{word}」，"
    "它的下一行是板子文件的第1行）。发送 /板子 竞技12 可以看到一个完整的例子。"
)

BUILTIN_NAME_TAKEN = "「{name}」是内置板子的名字，不能占用。请在「板子:」后面换一个名字再保存。"
NOT_YOURS_TO_SAVE = (
    "板子「{name}」是QQ{owner}保存的，只有他本人或超级用户可以保存新版本。请在「板子:」后面换一个名字另存。"
)
NOT_YOURS_TO_REMOVE = "板子「{name}」是QQ{owner}保存的，只有他本人或超级用户可以删除。"


def file_in(text: str, word: str) -> str:
    """The board file of a /新板子 or /检查板子 message: the lines after the command's (the line after
    the command is the file's line 1, as the directors are told)."""
    return _after_word(text, word).partition("\n")[2]


def on_command_line(text: str, word: str) -> str:
    """What is written after the command word on its own line (a file begun there: refused, so
    that the lines are counted as the directors are told)."""
    return _after_word(text, word).partition("\n")[0].strip()


def _after_word(text: str, word: str) -> str:
    rest = text.replace("\r\n", "\n").replace("\r", "\n")
    return rest.removeprefix("/").lstrip().removeprefix(word)


def is_file_command(text: str) -> bool:
    """Whether a message (its prefix already "/") is one that carries a board file."""
    head = text.removeprefix("/").lstrip()
    return head.startswith(FILE_WORDS)


def checked(text: str) -> Checked:
    """The loader's verdict on a file a director sends now (run off the event loop by the service)."""
    return check(text, new=True)


def problems_reply(result: Checked, saving: bool) -> str:
    """板子有误 and each problem on its line (the loader's text), and whether anything was saved."""
    after = "\n没有保存：改好后再发送 /新板子。" if saving else ""
    return problems_text(result.problems) + after


def same_line_reply(word: str, saving: bool) -> str:
    after = "没有保存。" if saving else ""
    return (
        f"{HEADLINE}\n板子文件要从下一行开始写：「/{word}」这一行只写命令，换行后再贴上文件"
        f"（命令的下一行是文件的第1行，例如「板子: 七人试玩」）。{after}"
    )


def name_problem(name: str) -> str | None:
    """Why a board name typed in a command cannot be one (an invisible character in it), or None."""
    char = invisible(name)
    return f"板子的{invisible_in_name(char)}。" if char is not None else None


PER_LINE = 4  # built-in boards listed on one line


@cache
def builtin_size(name: str) -> int:
    """A built-in board's seats, read off its file (no board is composed for the list)."""
    checked = check(builtin_text(name))
    return checked.board.size if checked.board is not None else BOARDS[name].size


def listing(saved: list[SavedBoard]) -> str:
    """Every board /开局 takes, the built-in ones by group, several to a line (QQ's limits)."""
    lines = ["可以开局的板子："]
    for title, names in GROUPS:
        lines.append(f"【{title}】")
        sized = [f"{name}（{builtin_size(name)}人）" for name in names]
        lines += ["、".join(sized[start : start + PER_LINE]) for start in range(0, len(sized), PER_LINE)]
    lines.append("【导演保存的】")
    lines += [
        f"{board.name}（{board.seats}人，第{board.version}版，QQ{board.owner}保存{_flagged(board.name)}）"
        for board in saved
    ] or ["（还没有）"]
    lines.append("/板子 <名字>：查看板子文件　/开局 <名字>：开局　/新板子：保存自己的板子")
    return "\n".join(lines)


def _flagged(name: str) -> str:
    """A mark on a name saved before invisible characters were refused: it may look like another."""
    char = invisible(name)
    return f"；名字里有看不见的字符U+{ord(char):04X}，不能开局" if char is not None else ""


def file_header(name: str, saved: SavedBoard | None) -> str:
    if saved is None:
        what = f"内置板子「{name}」（{builtin_size(name)}人）"
    else:
        what = f"板子「{name}」第{saved.version}版（{saved.seats}人，QQ{saved.owner}保存）"
    return (
        f"{what}的板子文件在下一条消息里。复制后修改，在「板子:」后面写上新名字，"
        "再发送「/新板子」加换行加文件即可保存。"
    )


def file_pieces(text: str, limit: int) -> list[str]:
    """A board file cut to what one QQ message takes, between lines only, each piece but the last
    ending with a comment line (i/n), so that the pieces pasted together are the file.  A comment
    too long for a message goes on comment lines of its own (a file may not have a line that is
    longer without one: the loader refuses it)."""
    room = limit - len(FILE_PIECE_MARK.format(i=99, n=99))
    lines = [piece for line in text.rstrip("\n").split("\n") for piece in _fitting(line, room)]
    return split_text("\n".join(lines), limit, mark=FILE_PIECE_MARK)


def _fitting(line: str, room: int) -> list[str]:
    """The line, or, when it is longer than `room`, the line without its comment and the comment
    on lines of its own (with the line's indentation), each at most `room` long."""
    comment = comment_start(line) if len(line) > room else None
    if comment is None:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    said = line[comment + 1 :].strip()
    width = max(1, room - len(indent) - 2)
    written = line[:comment].rstrip()
    notes = [f"{indent}# {said[at : at + width]}" for at in range(0, len(said), width)]
    return ([written] if written.strip() else []) + notes


def saved_reply(board: SavedBoard) -> str:
    again = "" if board.version == 1 else "（之前用旧版本开的对局不受影响）"
    return (
        f"已保存：板子「{board.name}」第{board.version}版，{board.seats}人{again}。"
        f"发送 /开局 {board.name} 开局，/板子 {board.name} 查看。"
    )


def checked_reply(name: str, seats: int) -> str:
    return f"没有问题：板子「{name}」，{seats}人。发送「/新板子」加换行加同样的文件即可保存。"


def role_library(arg: str) -> str:
    """/身份库: every role a file may use; /身份库 <身份>: one role, or the closest names."""
    if not arg:
        return catalog.library_text()
    try:
        text = catalog.role_text(arg)
    except KeyError:
        text = None
    if text:
        return text
    closest = catalog.closest_roles(arg)
    guess = f"你是不是想找：{'、'.join(closest)}？" if closest else ""
    return f"身份库里没有「{arg}」。{guess}发送 /身份库 查看全部身份。"
