"""The five standard boards (standard-boards.md 「板子与身份」「游戏流程」) as the board files the bot ships."""

from __future__ import annotations

from importlib import resources

import pytest

from bansha_engine.boardfile import check
from bansha_engine.boards import BOARDS, STANDARD, builtin_text
from bansha_engine.library import GOD, ROLES, VILLAGER, WOLF
from bansha_engine.model import VILLAGE, WOLVES
from tests.engine_helpers import Table, qq
from tests.standard_helpers import SEATS, act, standard

ROSTERS = {
    "预女猎白": {"狼人": 4, "预言家": 1, "女巫": 1, "猎人": 1, "白痴": 1, "村民": 4},
    "预女猎守": {"狼人": 4, "预言家": 1, "女巫": 1, "猎人": 1, "守卫": 1, "村民": 4},
    "狼王守卫": {"狼人": 3, "狼王": 1, "预言家": 1, "女巫": 1, "猎人": 1, "守卫": 1, "村民": 4},
    "白狼王骑士": {"狼人": 3, "白狼王": 1, "预言家": 1, "女巫": 1, "守卫": 1, "骑士": 1, "村民": 4},
    "狼美人骑士": {"狼人": 3, "狼美人": 1, "预言家": 1, "女巫": 1, "守卫": 1, "骑士": 1, "村民": 4},
}
# 夜晚顺序与时限: (title, minutes after the door close, the steps it waits for)
NIGHTS = {
    "预女猎白": [("狼人杀人", 30, ()), ("女巫用药", 60, ("wolves",)), ("预言", 30, ())],
    "预女猎守": [("守卫守护", 30, ()), ("狼人杀人", 30, ()), ("女巫用药", 60, ("wolves",)), ("预言", 30, ())],
}
NIGHTS["狼王守卫"] = NIGHTS["白狼王骑士"] = NIGHTS["预女猎守"]
NIGHTS["狼美人骑士"] = [*NIGHTS["预女猎守"][:2], ("狼美人魅惑", 40, ("wolves",)), *NIGHTS["预女猎守"][2:]]


def test_the_five_boards_ship_as_files_in_the_posts_order() -> None:
    assert tuple(ROSTERS) == STANDARD
    files = resources.files("bansha_engine.boards").joinpath("files")
    assert all(files.joinpath(f"{name}.yaml").is_file() for name in STANDARD)
    assert set(STANDARD) <= set(BOARDS)


@pytest.mark.parametrize("name", STANDARD)
def test_each_board_as_the_post_lists_it(name: str) -> None:
    board = BOARDS[name]
    assert board.size == 12 and board.roster == ROSTERS[name]
    categories = [ROLES[role].category for role, count in board.roster.items() for _ in range(count)]
    assert (categories.count(WOLF), categories.count(GOD), categories.count(VILLAGER)) == (4, 4, 4)
    assert all(
        board.camps[role] == (WOLVES if ROLES[role].category == WOLF else VILLAGE) for role in board.roster
    )
    steps = [(s.title, s.deadline.minutes_after_close, s.after) for s in board.night_steps]
    assert steps == NIGHTS[name]
    options = board.options
    assert (options.sheriff_votes, options.exile_tie, options.wolf_group) == (1.5, "nobody", True)
    assert options.last_words_rule == "首夜和放逐"
    file = check(builtin_text(name)).board
    assert file is not None
    assert (file.win, file.first_night_kill, file.kill_mode) == ("屠边", True, "狼群投票")
    assert file.text.startswith("#") and f"板子: {name}" in file.text


@pytest.mark.parametrize("name", STANDARD)
def test_each_board_opens_and_needs_its_wolf_group(name: str) -> None:
    t = Table(name)
    t.director(f"/开局 {name}")
    assert t.director_got(f"已开局：1号局（{name}），共12个座位"), t.reply()
    for seat, role in SEATS[name].items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director("/开始")
    assert not t.changed and t.director_got("还没有绑定狼群")


def test_the_standard_options_are_set_in_the_files() -> None:
    options = BOARDS["狼王守卫"].role_options
    assert options["女巫"]["自救"] == "首夜"
    assert options["猎人"]["毒杀开枪"] == "不能"
    assert options["狼王"]["毒杀开枪"] == "不能"
    assert (options["守卫"]["自守"], options["守卫"]["同守同救"]) == ("可以", "出局")


def test_the_library_holds_the_new_roles_with_their_options() -> None:
    assert {"守卫", "白痴", "骑士", "白狼王", "狼美人", "狼王"} <= set(ROLES)
    assert [(o.name, o.values, o.default) for o in ROLES["守卫"].options] == [
        ("自守", ("可以", "不可以"), "可以"),
        ("同守同救", ("出局", "救活"), "出局"),
        ("连守", ("不可以", "可以"), "不可以"),  # common-boards.md 2.10.9
    ]
    shot_options = ["毒杀开枪", "殉情开枪", "被带走开枪"]  # the last two: common-boards.md 2.3
    assert [o.name for o in ROLES["猎人"].options] == shot_options
    assert [o.name for o in ROLES["狼王"].options] == shot_options
    assert all(ROLES[name].summary for name in ("守卫", "白痴", "骑士", "白狼王", "狼美人", "狼王"))


def test_a_leaving_sheriff_may_tear_the_badge() -> None:
    """「警长出局时移交警徽给一名存活玩家，或撕毁警徽」 (撕警徽: 可以)."""
    t = standard("预女猎白", sheriff=5)
    t.pass_night()
    t.exile(5)
    assert t.seat_got(5, "/移交 无")
    act(t, 5, "/移交 无")
    assert t.game.sheriff is None and t.director_got("5号撕毁警徽")


def test_a_sheriff_who_lets_the_handoff_pass_tears_the_badge() -> None:
    t = standard("预女猎白", sheriff=5)
    t.pass_night()
    t.exile(5)
    act(t, 5, "/放弃")
    assert t.game.sheriff is None
    t = standard("预女猎白", sheriff=5)
    t.pass_night()
    t.exile(5)
    t.wait(11 * 60)
    assert t.game.sheriff is None and t.director_got("未移交，警徽撕毁")


def test_a_leaving_sheriff_may_still_hand_the_badge_on() -> None:
    t = standard("预女猎白", sheriff=5)
    t.pass_night()
    t.exile(5)
    act(t, 5, "/移交 6号")
    assert t.game.sheriff == 6
