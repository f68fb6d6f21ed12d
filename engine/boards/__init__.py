"""The built-in boards: 竞技12 composed from its file, 百变小樱 and 须弥 by their posts' modules, and
the five standard boards (standard-boards.md) from the board files under files/."""

from pathlib import Path

from werewolf_engine.boardfile import check, problems_text
from werewolf_engine.boardfile.spec import BoardFile, NightEntry, RosterEntry
from werewolf_engine.boards import baibian, xumi
from werewolf_engine.boards.composed import compose
from werewolf_engine.model import Board, Deadline

JINGJI12 = BoardFile(
    name="竞技12",
    roster=(
        RosterEntry("狼人", 4),
        RosterEntry("预言家", 1),
        RosterEntry("女巫", 1, {"自救": "不能"}),
        RosterEntry("猎人", 1),
        RosterEntry("村民", 5),
    ),
    kill_mode="狼头",
    first_night_kill=True,
    night=(
        NightEntry("争权", Deadline(20)),
        NightEntry("狼人", Deadline(30)),
        NightEntry("女巫", Deadline(60)),
        NightEntry("预言家", Deadline(30)),
    ),
    sheriff_votes=1.5,
    exile_tie="sheriff_choice",
    last_words=3,
    win="屠边",
    wolves_win_at_half=True,
    max_substitutes=1,
    handoff_minutes=10,
    vest_guess=True,
)

FILES = Path(__file__).parent / "files"
STANDARD = ("预女猎白", "预女猎守", "狼王守卫", "白狼王骑士", "狼美人骑士")  # the post's order


def built_in_file(name: str) -> BoardFile:
    """A board file the bot ships, checked; a broken one stops the start-up."""
    checked = check((FILES / f"{name}.yaml").read_text(encoding="utf-8"))
    if checked.board is None:
        raise ValueError(f"{name}.yaml: {problems_text(checked.problems)}")
    return checked.board


STANDARD_FILES: dict[str, BoardFile] = {name: built_in_file(name) for name in STANDARD}

BOARDS: dict[str, Board] = {
    board.name: board
    for board in (
        compose(JINGJI12),
        baibian.BOARD,
        xumi.BOARD,
        *(compose(board_file) for board_file in STANDARD_FILES.values()),
    )
}
