"""A director's own small board with 百变小樱's roles: 丘比特 brings the opening choices and the lovers
(mechanisms/opening.py), `狼人: 通用刀` the shared /刀, `胜负: 优先判负` the camps' own losses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bansha_engine import pack
from bansha_engine.boardfile import check
from bansha_engine.boards import BOARDS
from bansha_engine.boards.composed import compose
from bansha_engine.game import Game
from bansha_engine.library import BoardError
from bansha_engine.model import BLACK_LOVERS, KILL, LOVE_SUICIDE, VILLAGE, WOLVES
from tests.engine_helpers import WOLF_GROUP, Table, qq

LOVERS_BOARD = """\
板子: 小情侣
身份:
  狼人: 2
  预言家: 1
  丘比特: 1
  村民: 3
狼人: 通用刀
夜晚:
  - 狼人: 30分钟
  - 黑情侣: 30分钟
  - 预言家: 30分钟
警长: 无
胜负: 优先判负
"""
SEATS = {1: "预言家", 2: "丘比特", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def opened(monkeypatch: pytest.MonkeyPatch, text: str = LOVERS_BOARD, seats: dict[int, str] = SEATS) -> Table:
    checked = check(text)
    assert checked.board is not None, checked.problems
    monkeypatch.setitem(BOARDS, checked.board.name, compose(checked.board))
    t = Table(checked.board.name)
    t.director(f"/开局 {checked.board.name}")
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    return t


def test_cupid_brings_the_opening_choices_and_the_black_lovers(monkeypatch: pytest.MonkeyPatch) -> None:
    t = opened(monkeypatch)
    assert t.game.phase == "opening" and t.seat_got(2, "/连 A号 B号")
    assert not pack.in_pack(t.game, 6)  # the wolf group is formed once the choices settle
    t.say(2, "/连 3号 6号")
    assert t.changed and t.game.phase == "day", t.reply()
    assert [t.camp(n) for n in (2, 3, 6)] == [BLACK_LOVERS] * 3 and t.camp(7) == WOLVES
    assert t.seat_got(6, "黑情侣") and pack.members(t.game) == [7]
    assert t.camp(1) == VILLAGE


def test_a_lover_killed_by_the_wolves_takes_the_other_along(monkeypatch: pytest.MonkeyPatch) -> None:
    t = opened(monkeypatch)
    t.say(2, "/连 3号 6号")
    t.night()
    t.wolf(7, "/刀 3号")
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits() == [(3, KILL), (6, LOVE_SUICIDE)]
    # 丘比特 lives on in 黑情侣阵营: no camp is judged lost yet
    assert t.game.winner is None and not t.director_got("优先判负", ever=True)


def test_other_kills_need_the_shared_knife() -> None:
    problems = [
        (p.line, p.message) for p in check(LOVERS_BOARD.replace("狼人: 通用刀", "狼人: 狼群投票")).problems
    ]
    assert problems == [
        (7, "丘比特有狼群以外的杀人（黑情侣、混血儿的刀），它们都用 /刀：「狼人」要写「通用刀」")
    ]
    checked = check(LOVERS_BOARD)
    assert checked.board is not None
    with pytest.raises(BoardError, match="通用刀"):
        compose(replace(checked.board, kill_mode="狼群投票"))


def test_a_file_without_the_kill_mode_hears_of_the_shared_knife_on_the_roles_line() -> None:
    problems = [(p.line, p.message) for p in check(LOVERS_BOARD.replace("狼人: 通用刀\n", "")).problems]
    assert problems == [
        (5, "丘比特有狼群以外的杀人（黑情侣、混血儿的刀），它们都用 /刀：「狼人」要写「通用刀」")
    ]


def test_a_wrong_kill_mode_is_one_problem() -> None:
    problems = [
        (p.line, p.message) for p in check(LOVERS_BOARD.replace("狼人: 通用刀", "狼人: 通用")).problems
    ]
    assert problems == [(7, "「狼人」不能写「通用」，最接近的是：通用刀；可以写：狼群投票、狼头、通用刀")]


def test_the_lovers_kill_must_have_its_deadline() -> None:
    text = LOVERS_BOARD.replace("  - 黑情侣: 30分钟\n", "")
    problems = [problem.message for problem in check(text).problems]
    assert any("黑情侣" in message for message in problems), problems


GODS_ONLY_BOARD = """\
板子: 无民
身份:
  狼人: 2
  预言家: 1
  猎人: 1
  守卫: 1
夜晚:
  - 守卫: 30分钟
  - 狼人: 30分钟
  - 预言家: 30分钟
警长: 无
胜负: 优先判负
"""


def test_a_board_without_villagers_never_loses_the_village_by_its_villagers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = opened(monkeypatch, GODS_ONLY_BOARD, {1: "预言家", 2: "猎人", 3: "守卫", 4: "狼人", 5: "狼人"})
    t.night()
    t.dawn()
    t.director("/放逐 2号")
    t.say(2, "/放弃")
    assert t.game.winner is None and not t.director_got("优先判负", ever=True), t.reply()
    t.night()
    t.wolf(4, "/刀 1号")
    t.wolf(5, "/刀 1号")
    t.dawn()
    t.director("/放逐 3号")
    assert t.game.winner == WOLVES, t.reply()


def test_a_list_key_written_as_one_word_is_told_both_ways_to_write_a_list() -> None:
    problems = [(p.line, p.message) for p in check(LOVERS_BOARD + "神职: 预言家\n").problems]
    assert problems == [(14, "「神职」应当是列表：写在一行里，如「[甲, 乙]」，或每项一行、以「- 」开头")]


SLAUGHTER_LOVERS_BOARD = LOVERS_BOARD.replace("胜负: 优先判负\n", "")  # 胜负 not written: 屠边


def test_black_lovers_win_under_slaughter_the_sides_counted_by_camp(monkeypatch: pytest.MonkeyPatch) -> None:
    t = opened(monkeypatch, SLAUGHTER_LOVERS_BOARD)
    t.say(2, "/连 3号 6号")  # 2, 3 and 6 form 黑情侣阵营; 7 is 狼人阵营 alone
    t.pass_night()
    t.exile(7)
    assert t.game.winner is None, t.reply()  # 6 is a 狼人 by role, but in the lovers' camp
    t.pass_night()
    t.exile(1)  # the only 神职 of 村民阵营: the village is out by 屠边
    assert t.game.winner == BLACK_LOVERS, t.reply()
    assert t.director_got(f"{BLACK_LOVERS}胜利")


def test_a_game_opened_before_0_4_0_keeps_counting_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    t = opened(monkeypatch, SLAUGHTER_LOVERS_BOARD)
    t.say(2, "/连 3号 6号")
    t.pass_night()
    t.exile(7)
    t.pass_night()
    t.exile(1)
    board = t.game.board_name
    old = Game.replay(1, board, 0, t.game.timezone, t.events, opened_by="0.3.0")
    assert old.winner == WOLVES  # as 0.3.0 played it: every 神职 out, and a 狼人 (6) lives


CHARGING_KING_BOARD = """\
板子: 冲锋狼王
身份:
  狼人: 2
  狼王: {数量: 1, 技能: 冲锋, 毒杀开枪: 可以}
  预言家: 1
  村民: 3
夜晚:
  - 狼人: 30分钟
  - 狼王: 30分钟
  - 预言家: 30分钟
"""


def test_an_option_of_another_variant_is_refused_on_its_line() -> None:
    problems = [(p.line, p.message) for p in check(CHARGING_KING_BOARD).problems]
    assert problems == [
        (4, "「技能: 冲锋」的狼王没有「毒杀开枪」这个设置，它是「技能: 开枪」的狼王的；请删掉它")
    ]
    assert not check(CHARGING_KING_BOARD.replace(", 毒杀开枪: 可以", "")).problems
    shooting = CHARGING_KING_BOARD.replace("技能: 冲锋, ", "").replace("  - 狼王: 30分钟\n", "")
    assert not check(shooting).problems


def test_gods_are_roles_of_the_good_side() -> None:
    text = SLAUGHTER_LOVERS_BOARD + "神职: [预言家, 狼人]\n"
    problems = [(p.line, p.message) for p in check(text).problems]
    assert problems == [(13, "神职里的「狼人」是狼人阵营的身份，神职只能写好人一边的：预言家、丘比特、村民")]


def test_a_board_without_cupid_tells_of_no_lovers_not_of_his_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    text = LOVERS_BOARD.replace("丘比特: 1", "混血儿: 1").replace(
        "  - 黑情侣: 30分钟\n", "  - 黑情侣: 30分钟\n  - 混血儿: 30分钟\n"
    )
    t = opened(monkeypatch, text, {**SEATS, 2: "混血儿"})
    t.say(2, "/认亲 6号")
    assert t.game.phase == "day" and t.camp(2) == WOLVES, t.reply()
    assert t.director_got("情侣：无。阵营变化：2号狼人阵营")
    assert not t.director_got("丘比特", ever=True)


def test_a_board_without_a_sheriff_has_no_election_day(monkeypatch: pytest.MonkeyPatch) -> None:
    t = opened(monkeypatch)
    assert t.director_got("现在是第1天。", ever=True) and not t.director_got("警长竞选日", ever=True)
