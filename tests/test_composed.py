"""Boards composed from a board file and the role library alone (engine/boards/composed.py).

The board is a 7-seat custom board file: 1号 2号 狼人, 3号 预言家, 4号 女巫, 5-7号 村民, the wolves
voting in their group.  Each test changes one key of the file and plays a game of it in the engine
(a game opened on the board's text, as a director's saved board is).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bansha_engine.boardfile import BoardFile, RosterEntry, check
from bansha_engine.boards.composed import compose
from bansha_engine.library import ROLES, BoardError
from bansha_engine.model import KILL, POISON, SHOT, VILLAGE, VOTE, WOLVES
from tests.engine_helpers import WOLF_GROUP, Table, qq

SEATS = {1: "狼人", 2: "狼人", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民"}

CUSTOM = """板子: 测试七人
身份:
  狼人: 2
  预言家: 1
  女巫: {数量: 1, 自救: 首夜}
  村民: 3
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 狼人: 30分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 1.5
平票: 无人出局
遗言: 首夜和放逐
胜负: 屠边
"""


def board_text(keys: dict[str, str]) -> str:
    """CUSTOM with some keys written otherwise (自救: the 女巫's option)."""
    lines = CUSTOM.splitlines()
    for key, value in keys.items():
        if key == "自救":
            lines = [
                f"  女巫: {{数量: 1, 自救: {value}}}" if line.startswith("  女巫") else line for line in lines
            ]
        elif any(line.startswith(f"{key}:") for line in lines):
            lines = [f"{key}: {value}" if line.startswith(f"{key}:") else line for line in lines]
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"


def play(keys: dict[str, str] | None = None) -> Table:
    """A started game of CUSTOM, with some keys changed: `play({"胜负": "屠城"})`."""
    text = board_text(keys or {})
    t = Table("测试七人", board_text=text)
    t.director("/开局 测试七人")
    for seat, role in SEATS.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.game.phase == "day", t.reply()
    return t


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


def test_a_custom_board_plays_a_full_game() -> None:
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
def test_self_save_on_the_first_night(rule: str, allowed: bool) -> None:
    t = play({"自救": rule})
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert t.changed is allowed, t.reply()
    t.dawn()
    assert t.alive(4) is allowed


@pytest.mark.parametrize(("rule", "allowed"), [("不能", False), ("首夜", False), ("可以", True)])
def test_self_save_on_a_later_night(rule: str, allowed: bool) -> None:
    t = play({"自救": rule})
    t.pass_night()
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert t.changed is allowed, t.reply()
    t.dawn()
    assert t.alive(4) is allowed


def test_self_save_refusal_says_why() -> None:
    t = play({"自救": "不能"})
    t.night()
    kill(t, 4)
    t.say(4, "/救 4号")
    assert "不能选择自己" in t.reply()


def test_no_first_night_kill() -> None:
    t = play({"首夜刀人": "不可以"})
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


@pytest.mark.parametrize(("tie", "leaves"), [("无人出局", None), ("警长投票的角色出局", 5)])
def test_tie(tie: str, leaves: int | None) -> None:
    t = play({"平票": tie, "警长": "1"})
    t.director("/警长 3号")
    t.pass_night()
    t.director(TIE)
    t.director("/放逐")
    assert t.changed, t.reply()
    assert t.exits() == ([] if leaves is None else [(leaves, VOTE)])


def test_no_sheriff() -> None:
    t = play({"警长": "无"})
    t.director("/警长 3号")
    assert not t.changed
    assert "没有警长" in t.reply()


def test_last_words_first_night_and_exile() -> None:
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


def test_no_last_words() -> None:
    t = play({"遗言": "无"})
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(6)
    assert t.game.last_words_offered == []


def test_last_words_by_count() -> None:
    t = play({"遗言": "1"})
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(6)
    assert t.game.last_words_offered == [5]


def test_slaughter_the_side() -> None:
    """屠边: every 村民 out and the wolves win, though both gods live."""
    t = play()
    exile_days(t, 5, 6)
    assert t.game.winner is None
    exile_days(t, 7)
    assert t.game.winner == WOLVES


def test_slaughter_the_town() -> None:
    """屠城: the wolves win only once every seat outside their camp is out."""
    t = play({"胜负": "屠城"})
    exile_days(t, 5, 6, 7, 3)
    assert t.game.winner is None
    exile_days(t, 4)
    assert t.game.winner == WOLVES


@pytest.mark.parametrize(("at_half", "winner"), [("胜利", WOLVES), ("不算", None)])
def test_wolves_at_half(at_half: str, winner: str | None) -> None:
    t = play({"胜负": "屠城", "狼人过半": at_half})
    exile_days(t, 5, 6)
    assert t.game.winner is None
    exile_days(t, 7)  # 2 wolves of 4 living
    assert t.game.winner == winner


def custom_file() -> BoardFile:
    checked = check(CUSTOM).board
    assert checked is not None
    return checked


def test_the_composer_refuses_what_the_loader_would_have_refused() -> None:
    """compose() trusts no caller: a BoardFile built by hand with a night part missing, or a role
    the library does not have, is an error with the name in it."""
    with pytest.raises(BoardError, match="预言家"):
        compose(replace(custom_file(), night=custom_file().night[:2]))
    with pytest.raises(BoardError, match="诡术师"):
        compose(replace(custom_file(), roster=(*custom_file().roster, RosterEntry("诡术师", 1))))


def test_options_reach_the_roles() -> None:
    board = compose(custom_file())
    assert board.role_options["女巫"] == {"自救": "首夜", "双药": "不可以", "自毒": "可以"}
    assert board.role_options["狼人"]["刀人方式"] == "狼群投票"
    assert board.options.wolf_group and board.options.last_words_rule == "首夜和放逐"


def hunter_game() -> Table:
    """CUSTOM with 7号 a 猎人 instead of a 村民."""
    text = board_text({}).replace("  村民: 3", "  村民: 2\n  猎人: 1")
    t = Table("测试七人", board_text=text)
    t.director("/开局 测试七人")
    for seat, role in {**SEATS, 7: "猎人"}.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.game.phase == "day", t.reply()
    return t


def test_last_words_for_whoever_the_exiled_takes_along() -> None:
    """「白天被投票放逐的玩家有遗言」 and 「被带走的玩家有遗言」: the 猎人 voted out by day shoots 5号,
    and both have last words."""
    t = hunter_game()
    t.pass_night()
    t.exile(7)
    t.say(7, "/开枪 5号")
    assert t.changed, t.reply()
    assert t.exits() == [(7, VOTE), (5, SHOT)]
    assert t.game.last_words_offered == [7, 5]


def test_no_last_words_for_a_shot_on_a_later_night() -> None:
    """「其他夜晚出局的玩家没有遗言」: the 猎人 killed the second night, and the seat he shoots."""
    t = hunter_game()
    t.pass_night()
    t.night()
    kill(t, 7)
    t.dawn()
    t.say(7, "/开枪 5号")
    assert t.changed, t.reply()
    assert t.exits() == [(7, KILL), (5, SHOT)]
    assert t.game.last_words_offered == []
