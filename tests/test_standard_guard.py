"""守卫 (standard-boards.md 「守卫」): /守护 N号 and /守护 空, 不能连续两晚, the guard against the wolves'
kill only, 同守同救, and the options 自守 and 同守同救 a board file may set."""

from __future__ import annotations

import pytest

from bansha_engine import Game
from bansha_engine.model import GUARDED_AND_SAVED, KILL, POISON
from tests.engine_helpers import Table
from tests.standard_helpers import act, custom, kill, refused, standard

GUARD_BOARD = """\
板子: 守卫试板
身份:
  狼人: 2
  预言家: 1
  女巫: 1
  守卫: {{数量: 1, 自守: {self_guard}, 同守同救: {both}}}
  村民: 3
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 守卫: 30分钟
  - 狼人: 30分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 1.5
平票: 无人出局
遗言: 首夜和放逐
胜负: 屠边
"""
GUARD_SEATS = {1: "预言家", 2: "女巫", 3: "守卫", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}


def test_a_guarded_seat_is_not_killed_and_the_witch_still_learns_the_kill() -> None:
    t = standard("预女猎守")
    t.night()
    assert t.seat_got(4, "请选择守护对象")
    act(t, 4, "/守护 8号")
    kill(t, 8)
    assert t.seat_got(2, "通灵：今晚被指杀的是8号")
    t.dawn()
    assert t.alive(8) and t.exits() == []
    assert t.director_got("平安夜") and t.director_got("8号被狼人指杀，守卫守护生效")


def test_the_same_seat_two_nights_running_is_refused_himself_included() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 4号")
    t.dawn()
    t.exile(None)
    t.night()
    assert t.seat_got(4, "不能连续两晚守护4号")
    refused(t, 4, "/守护 4号", "不能连续两晚守护同一名玩家")
    act(t, 4, "/守护 5号")


def test_an_empty_guard_or_a_pass_breaks_the_chain() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 5号")
    t.dawn()
    t.exile(None)
    t.night()
    act(t, 4, "/守护 空")
    assert not t.director_got("空守")  # noted in the dawn summary
    t.dawn()
    assert t.director_got("4号（守卫）空守")
    t.exile(None)
    t.night()
    act(t, 4, "/守护 5号")  # two nights after: allowed again
    t.dawn()
    t.exile(None)
    t.night()
    act(t, 4, "/放弃")
    t.dawn()
    t.exile(None)
    t.night()
    act(t, 4, "/守护 5号")


def test_the_guard_stops_no_poison() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 9号")
    kill(t, 6)
    act(t, 2, "/毒 9号")
    t.dawn()
    assert t.exits() == [(6, KILL), (9, POISON)]


def test_guarded_and_saved_leaves_and_the_directors_are_told() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 5号")
    kill(t, 5)
    act(t, 2, "/救 5号")
    t.dawn()
    assert t.exits() == [(5, GUARDED_AND_SAVED)]
    summary = "\n".join(t.to_director())
    assert "出局：5号" in summary and "同守同救" in summary, summary
    assert t.seat_got(5, "你在第1夜出局。") and t.seat_got(5, "遗言")
    assert not any("同守同救" in text for text in t.to_seat(5, ever=True))  # the cause is the directors'


def test_guarded_and_saved_without_a_kill_stays() -> None:
    """Ruling: 同守同救 is the guard and the 解药 on the same kill; a seat nobody killed stays."""
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 5号")
    kill(t, 6)
    act(t, 2, "/救 5号")
    t.dawn()
    assert t.exits() == [(6, KILL)]


def test_a_dead_guard_guards_nobody() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 5号")
    kill(t, 4)
    t.dawn()
    t.exile(None)
    t.night()
    refused(t, 4, "/守护 6号", "已出局")
    kill(t, 5)
    t.dawn()
    assert (5, KILL) in t.exits()


@pytest.mark.parametrize("text", ["/守护", "/守护 1号 2号", "/守护 abc", "/守护 13号"])
def test_bad_guard_commands_are_refused(text: str) -> None:
    t = standard("预女猎守")
    t.night()
    t.say(4, text)
    assert not t.changed and t.last, t.reply()


def test_only_the_guard_guards_and_only_by_night() -> None:
    t = standard("预女猎守")
    refused(t, 4, "/守护 5号", "不是行动时间")
    t.night()
    refused(t, 5, "/守护 6号", "不是守卫")
    act(t, 4, "/守护 6号")
    refused(t, 4, "/守护 7号", "不能更改")


def test_option_self_guard_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    t = custom(monkeypatch, GUARD_BOARD.format(self_guard="不可以", both="出局"), GUARD_SEATS)
    assert t.seat_got(3, "不能守护自己", ever=True)
    t.night()
    refused(t, 3, "/守护 3号", "不能选择自己")
    act(t, 3, "/守护 4号")


def test_option_both_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    t = custom(monkeypatch, GUARD_BOARD.format(self_guard="可以", both="救活"), GUARD_SEATS)
    t.night()
    act(t, 3, "/守护 4号")
    kill(t, 4)
    act(t, 2, "/救 4号")
    t.dawn()
    assert t.exits() == [] and t.director_got("平安夜")


@pytest.mark.parametrize("guard_first", [False, True])
def test_the_guard_stops_the_kill_before_the_witch_and_none_is_left_on_a_seat(
    monkeypatch: pytest.MonkeyPatch, guard_first: bool
) -> None:
    """守护 and 救药 are statuses of the damage layer for the night: the 守护 stops the kill before it
    lands, whatever the roster order, so the directors get the guard's line; they end with the kills."""
    t = _guarded_and_saved(monkeypatch, guard_first)
    assert t.exits() == [] and t.director_got("4号被狼人指杀，守卫守护生效")
    assert not t.director_got("女巫救药生效")
    assert all(not seat.statuses for seat in t.game.seats.values())


@pytest.mark.parametrize("guard_first", [False, True])
def test_before_0_5_0_the_protection_listed_first_stopped_the_kill(
    monkeypatch: pytest.MonkeyPatch, guard_first: bool
) -> None:
    """A game opened before 0.5.0 rebuilds as it was played: the kill met 守护 and 救药 in roster order
    (the role listed first under 身份 told the directors)."""
    t = _guarded_and_saved(monkeypatch, guard_first)
    old = Game.replay(1, t.game.board_name, 0, t.game.timezone, t.events, opened_by="0.4.0")
    notes = old.past_nights[0].notes
    first, second = ("4号被狼人指杀，守卫守护生效", "4号被指杀，女巫救药生效")[:: 1 if guard_first else -1]
    assert first in notes and second not in notes and old.exits == []


def _guarded_and_saved(monkeypatch: pytest.MonkeyPatch, guard_first: bool) -> Table:
    text = GUARD_BOARD.format(self_guard="可以", both="救活")
    if guard_first:
        guard_line = "  守卫: {数量: 1, 自守: 可以, 同守同救: 救活}\n"
        text = text.replace(guard_line, "").replace("  女巫: 1\n", guard_line + "  女巫: 1\n")
    t = custom(monkeypatch, text, GUARD_SEATS)
    t.night()
    act(t, 3, "/守护 4号")
    kill(t, 4)
    act(t, 2, "/救 4号")
    t.dawn()
    return t


ELDER_BOARD = GUARD_BOARD.format(self_guard="可以", both="出局").replace(
    "  村民: 3\n", "  长老: 1\n  村民: 2\n"
)
ELDER_SEATS = {**GUARD_SEATS, 4: "长老"}


def _guarded_elder_killed(monkeypatch: pytest.MonkeyPatch) -> Table:
    """Night 1: the guard guards the 长老 (4号) and the wolves kill him; night 2: the wolves kill him
    again, unguarded."""
    t = custom(monkeypatch, ELDER_BOARD, ELDER_SEATS)
    t.night()
    act(t, 3, "/守护 4号")
    kill(t, 4)
    t.dawn()
    t.exile(None)
    t.night()
    act(t, 3, "/守护 5号")
    kill(t, 4)
    t.dawn()
    return t


def test_a_guarded_elder_keeps_his_life(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 6 (docs/rulings-board-files.md): 「被守护的玩家当晚不会被狼人刀杀」 — the 守护 stops the
    kill before it lands, as 医生's 救治 does, so it is no 有效指杀 and 长寿之命 stays unspent; the
    directors get the guard's line.  The next kill, unguarded, spends the life."""
    t = _guarded_elder_killed(monkeypatch)
    night_1, night_2 = (night.notes for night in t.game.past_nights)
    assert "4号被狼人指杀，守卫守护生效" in night_1
    assert not any("长寿之命" in note for note in night_1)
    assert "4号（长老）被有效指杀，长寿之命生效" in night_2
    assert t.exits() == []


def test_a_saved_elder_still_spends_his_life(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 000 (8) 二: 「被指杀的角色如果是<救药>的目标，此次有效指杀不会导致角色出局」 — the 救药 meets a
    kill that landed: 长寿之命 stops it first and is spent."""
    t = custom(monkeypatch, ELDER_BOARD, ELDER_SEATS)
    t.night()
    kill(t, 4)
    act(t, 2, "/救 4号")
    t.dawn()
    assert t.director_got("4号（长老）被有效指杀，长寿之命生效") and not t.director_got("女巫救药生效")
    t.exile(None)
    t.night()
    kill(t, 4)
    t.dawn()
    assert t.exits() == [(4, KILL)]


def test_before_0_5_0_a_guarded_elder_spent_his_life(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game opened before 0.5.0 rebuilds as it was played: the kill met 长寿之命 before the 守护, so
    the guarded elder spent his life on night 1 and left on night 2."""
    t = _guarded_elder_killed(monkeypatch)
    old = Game.replay(1, t.game.board_name, 0, t.game.timezone, t.events, opened_by="0.4.0")
    assert "4号（长老）被有效指杀，长寿之命生效" in old.past_nights[0].notes
    assert not any("守卫守护生效" in note for note in old.past_nights[0].notes)
    assert [(exit.seat, exit.cause) for exit in old.exits] == [(4, KILL)]
