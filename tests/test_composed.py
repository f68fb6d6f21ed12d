"""Boards composed from a board file and the role library alone (engine/boards/composed.py).

The board is a 7-seat custom board: 1号 2号 狼人, 3号 预言家, 4号 女巫, 5-7号 村民, the wolves voting
in their group.  Each test changes one key of the file and plays the game in the engine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.engine_helpers import WOLF_GROUP, Table, qq
from werewolf_engine.boardfile.spec import BoardFile, NightEntry, RosterEntry
from werewolf_engine.boards import BOARDS
from werewolf_engine.boards.composed import compose
from werewolf_engine.library import ROLES, BoardError
from werewolf_engine.model import KILL, POISON, VILLAGE, VOTE, WOLVES, Deadline

SEATS = {1: "狼人", 2: "狼人", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民"}

CUSTOM = BoardFile(
    name="测试七人",
    roster=(
        RosterEntry("狼人", 2),
        RosterEntry("预言家", 1),
        RosterEntry("女巫", 1, {"自救": "首夜"}),
        RosterEntry("村民", 3),
    ),
    kill_mode="狼群投票",
    first_night_kill=True,
    night=(
        NightEntry("狼人", Deadline(30)),
        NightEntry("女巫", Deadline(60)),
        NightEntry("预言家", Deadline(30)),
    ),
    sheriff_votes=1.5,
    exile_tie="nobody",
    last_words="首夜和放逐",
    win="屠边",
)


def witch(self_save: str) -> tuple[RosterEntry, ...]:
    return tuple(
        RosterEntry("女巫", 1, {"自救": self_save}) if entry.role == "女巫" else entry
        for entry in CUSTOM.roster
    )


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch):
    """Start a game of CUSTOM with some keys changed: `play(win="屠城")`."""

    def start(**changes: object) -> Table:
        board_file = replace(CUSTOM, **changes)
        monkeypatch.setitem(BOARDS, board_file.name, compose(board_file))
        t = Table(board_file.name)
        t.director(f"/开局 {board_file.name}")
        for seat, role in SEATS.items():
            t.director(f"/座位 {seat}号 {qq(seat)}")
            t.director(f"/身份 {seat}号 {role}")
        t.director(f"/狼群 {WOLF_GROUP}")
        t.director("/开始")
        assert t.game.phase == "day", t.reply()
        return t

    return start


def kill(t: Table, target: int) -> None:
    """The living wolves vote the same kill in the group."""
    for wolf in (n for n in (1, 2) if t.alive(n)):
        t.wolf(wolf, f"/刀 {target}号")
        assert t.changed, t.reply()


def exile_days(t: Table, *seats: int) -> None:
    """A quiet night, then the day's exile, for each seat."""
    for seat in seats:
        t.pass_night()
        t.exile(seat)
        assert t.changed, t.reply()


def test_classic_roles_are_registered() -> None:
    assert {"狼人", "预言家", "女巫", "猎人", "村民"} <= set(ROLES)
    assert ROLES["女巫"].options[0].values == ("不能", "首夜", "可以")


def test_a_custom_board_plays_a_full_game(play) -> None:
    t = play()
    assert t.seat_got(1, "狼人同伴：1号、2号", ever=True)
    assert t.seat_got(4, "只有第一夜可以救自己", ever=True)
    t.night()
    assert t.group_got("狼人请在群里投票杀人")
    kill(t, 5)
    assert t.seat_got(4, "通灵：今晚被指杀的是5号")  # the witch opens once the kill is settled
    t.say(4, "/放弃")
    t.say(3, "/预言 1号")
    assert t.seat_got(3, "1号是非村民阵营"), t.reply()  # the seer's step was the last: the night resolved
    assert t.exits() == [(5, KILL)]
    assert t.seat_got(5, "遗言")  # 首夜和放逐: a first-night exit has last words
    t.exile(1)
    assert t.exits()[-1] == (1, VOTE)
    t.night()
    kill(t, 6)
    t.say(4, "/救 6号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.alive(6)
    t.director("/投票 3号 2号\n4号 2号\n6号 2号")
    t.director("/放逐")
    assert t.game.winner == VILLAGE
    assert t.director_got("村民阵营胜利")


@pytest.mark.parametrize(("rule", "allowed"), [("不能", False), ("首夜", True), ("可以", True)])
def test_self_save_on_the_first_night(play, rule: str, allowed: bool) -> None:
    t = play(roster=witch(rule))
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert t.changed is allowed, t.reply()
    t.dawn()
    assert t.alive(4) is allowed


@pytest.mark.parametrize(("rule", "allowed"), [("不能", False), ("首夜", False), ("可以", True)])
def test_self_save_on_a_later_night(play, rule: str, allowed: bool) -> None:
    t = play(roster=witch(rule))
    t.pass_night()
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert t.changed is allowed, t.reply()
    t.dawn()
    assert t.alive(4) is allowed


def test_self_save_refusal_says_why(play) -> None:
    t = play(roster=witch("不能"))
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert "不能选择自己" in t.reply()


def test_no_first_night_kill(play) -> None:
    t = play(first_night_kill=False)
    t.night()
    assert not t.group_got("投票杀人")
    assert t.seat_got(4, "今晚无人被指杀")  # no kill step: the witch opens at once
    t.wolf(1, "/刀 5号")
    assert not t.changed
    t.dawn()
    assert t.exits() == []
    t.night()
    assert t.group_got("狼人请在群里投票杀人")
    kill(t, 5)
    t.dawn()
    assert t.exits() == [(5, KILL)]


TIE = "/投票 3号 5号\n4号 5号\n1号 6号\n2号 6号"


@pytest.mark.parametrize(("tie", "leaves"), [("nobody", None), ("sheriff_choice", 5)])
def test_tie(play, tie: str, leaves: int | None) -> None:
    t = play(exile_tie=tie, sheriff_votes=1.0)
    t.director("/警长 3号")
    t.pass_night()
    t.director(TIE)
    t.director("/放逐")
    assert t.changed, t.reply()
    assert t.exits() == ([] if leaves is None else [(leaves, VOTE)])


def test_no_sheriff(play) -> None:
    t = play(sheriff_votes=None)
    t.director("/警长 3号")
    assert not t.changed
    assert "没有警长" in t.reply()


def test_last_words_first_night_and_exile(play) -> None:
    t = play()
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(6)
    t.night()
    for wolf in (1, 2):
        t.wolf(wolf, "/刀 空")
    t.say(4, "/毒 7号")
    t.dawn()
    assert t.exits() == [(5, KILL), (6, VOTE), (7, POISON)]
    assert t.game.last_words_offered == [5, 6]  # the second night's exit has none


def test_no_last_words(play) -> None:
    t = play(last_words="无")
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(6)
    assert t.game.last_words_offered == []


def test_last_words_by_count(play) -> None:
    t = play(last_words=1)
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(6)
    assert t.game.last_words_offered == [5]


def test_slaughter_the_side(play) -> None:
    """屠边: every 村民 out and the wolves win, though both gods live."""
    t = play()
    exile_days(t, 5, 6)
    assert t.game.winner is None
    exile_days(t, 7)
    assert t.game.winner == WOLVES


def test_slaughter_the_town(play) -> None:
    """屠城: the wolves win only once every seat outside their camp is out."""
    t = play(win="屠城")
    exile_days(t, 5, 6, 7, 3)
    assert t.game.winner is None
    exile_days(t, 4)
    assert t.game.winner == WOLVES


@pytest.mark.parametrize(("at_half", "winner"), [(True, WOLVES), (False, None)])
def test_wolves_at_half(play, at_half: bool, winner: str | None) -> None:
    t = play(win="屠城", wolves_win_at_half=at_half)
    exile_days(t, 5, 6)
    assert t.game.winner is None
    exile_days(t, 7)  # 2 wolves of 4 living
    assert t.game.winner == winner


def test_a_night_part_missing_from_the_night_is_an_error() -> None:
    with pytest.raises(BoardError, match="预言家"):
        compose(replace(CUSTOM, night=CUSTOM.night[:2]))


def test_an_unknown_role_is_an_error() -> None:
    with pytest.raises(BoardError, match="守墓人"):
        compose(replace(CUSTOM, roster=(*CUSTOM.roster, RosterEntry("守墓人", 1))))
