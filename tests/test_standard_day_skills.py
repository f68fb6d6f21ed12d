"""Day skills that can end the day (standard-boards.md 「白狼王」「骑士」): /自爆 and /决斗, taken in private
chat by day from day 2 before the vote is settled, resolved at once, told with a 公示 line; a day
they end takes no further ballot or exile, and the directors are told to open the night."""

from __future__ import annotations

import pytest

from bansha_engine.model import (
    DUEL,
    KILL,
    KNIGHT_ATONES,
    LOVE_SUICIDE,
    SELF_DESTRUCT,
    TAKEN_BY_WHITE_WOLF_KING,
    VILLAGE,
    VOTE,
    WOLF_KING_SHOT,
)
from tests.standard_helpers import act, custom, kill, refused, standard


def day_two(board: str = "白狼王骑士", *, sheriff: int | None = None):
    t = standard(board, sheriff=sheriff)
    t.night()
    act(t, 4, "/守护 1号")
    kill(t, 6)
    if board == "狼美人骑士":
        act(t, 12, "/魅惑 7号")
    t.dawn()
    assert t.exits() == [(6, KILL)] and t.game.phase == "day"
    return t


# ---------------------------------------------------------------- 白狼王 自爆


def test_the_white_wolf_king_explodes_and_takes_a_seat() -> None:
    t = day_two()
    act(t, 12, "/自爆 5号")
    assert t.exits()[-2:] == [(12, SELF_DESTRUCT), (5, TAKEN_BY_WHITE_WOLF_KING)]
    lines = t.to_director()
    assert any(
        line.startswith("【1号局（白狼王骑士）】公示：") and "12号白狼王自爆，带走5号" in line
        for line in lines
    )
    assert any("入夜" in line for line in lines), lines
    assert not t.seat_got(12, "遗言") and t.seat_got(5, "遗言")


def test_a_day_the_explosion_ended_takes_no_vote_until_the_next_day() -> None:
    t = day_two()
    act(t, 12, "/自爆 5号")
    t.director("/投票 1号 9号")
    assert not t.changed and t.director_got("不再收选票"), t.reply()
    t.director("/放逐 9号")
    assert not t.changed and t.director_got("不再放逐"), t.reply()
    t.director("/放逐")
    assert not t.changed
    t.director("/状态")
    assert "第2天（白天已结束：12号白狼王自爆，等待 /入夜）" in t.to_director()[0]
    act(t, "导演", "/入夜")
    t.dawn()
    t.director("/投票 1号 9号")
    assert t.changed, t.reply()
    t.director("/放逐")
    assert t.exits()[-1] == (9, VOTE)


@pytest.mark.parametrize(("when", "why"), [("day1", "第2天起"), ("night", "第2天起"), ("voted", "已经结算")])
def test_the_explosion_is_refused_outside_its_time(when: str, why: str) -> None:
    t = standard("白狼王骑士") if when == "day1" else day_two()
    if when == "night":
        t.night()
    if when == "voted":
        t.exile(None)
    refused(t, 12, "/自爆 5号", why)
    assert t.alive(12) and t.alive(5)


def test_the_explosion_targets_another_living_seat_in_private_chat() -> None:
    t = day_two()
    refused(t, 12, "/自爆 12号", "不能选择自己")
    refused(t, 12, "/自爆 6号", "已出局")
    refused(t, 12, "/自爆", "用法")
    refused(t, 9, "/自爆 5号", "不是白狼王")
    t.wolf(12, "/自爆 5号")
    assert not t.changed and t.group_got("私聊"), t.reply()


def test_the_sheriff_white_wolf_king_hands_the_badge_on_then_the_night() -> None:
    """Ruling: 「警长出局时移交警徽」 holds for a 白狼王 who explodes as the sheriff."""
    t = day_two(sheriff=12)
    act(t, 12, "/自爆 5号")
    assert t.seat_got(12, "/移交")
    t.director("/入夜")
    assert not t.changed  # the badge is pending
    act(t, 12, "/移交 1号")
    assert t.game.sheriff == 1
    act(t, "导演", "/入夜")


def test_the_last_wolf_exploding_ends_the_game_before_his_target_leaves() -> None:
    """「同时满足时，以先满足者为准」: he leaves first, and with him the last wolf."""
    t = day_two()
    t.exile(9)
    t.pass_night()
    t.exile(10)
    t.pass_night()
    t.exile(11)
    t.pass_night()
    act(t, 12, "/自爆 1号")
    assert t.game.winner == VILLAGE and t.alive(1)
    assert not t.director_got("请发送 /入夜")


# ---------------------------------------------------------------- 骑士 决斗


def test_a_duel_on_a_wolf_ends_the_day() -> None:
    t = day_two()
    act(t, 3, "/决斗 9号")
    assert t.exits()[-1] == (9, DUEL)
    assert t.seat_got(3, "狼人阵营")
    lines = t.to_director()
    assert any("公示：" in line and "3号翻牌为骑士" in line for line in lines), lines
    assert any("入夜" in line for line in lines)
    t.director("/放逐 10号")
    assert not t.changed


def test_a_duel_on_the_village_costs_the_knight_and_the_day_goes_on() -> None:
    t = day_two()
    act(t, 3, "/决斗 5号")
    assert t.exits()[-1] == (3, KNIGHT_ATONES) and t.alive(5)
    assert t.director_got("白天照常继续") and not t.director_got("请发送 /入夜")
    t.director("/投票 1号 9号")
    assert t.changed
    t.director("/放逐")
    assert t.exits()[-1] == (9, VOTE)


def test_the_duel_is_once_a_game() -> None:
    t = day_two()
    act(t, 3, "/决斗 9号")
    act(t, "导演", "/入夜")
    t.dawn()
    refused(t, 3, "/决斗 10号", "只能一次")


@pytest.mark.parametrize(("when", "why"), [("day1", "第2天起"), ("night", "第2天起"), ("voted", "已经结算")])
def test_the_duel_is_refused_outside_its_time(when: str, why: str) -> None:
    t = standard("白狼王骑士") if when == "day1" else day_two()
    if when == "night":
        t.night()
    if when == "voted":
        t.exile(None)
    refused(t, 3, "/决斗 9号", why)
    assert t.alive(9)


def test_no_duel_once_an_explosion_ended_the_day() -> None:
    t = day_two()
    act(t, 12, "/自爆 5号")
    refused(t, 3, "/决斗 9号", "白天已经结束")


def test_a_duel_on_the_wolf_beauty_takes_her_charmed_seat() -> None:
    t = day_two("狼美人骑士")
    act(t, 3, "/决斗 12号")
    assert t.exits()[-2:] == [(12, DUEL), (7, LOVE_SUICIDE)]
    assert t.director_got("殉情")


def test_a_day_skill_waits_for_a_pending_decision() -> None:
    t = day_two(sheriff=3)
    act(t, 3, "/决斗 5号")  # the knight atones; his badge is to be handed on
    refused(t, 12, "/自爆 5号", "待处理的决定")
    act(t, 3, "/移交 1号")
    act(t, 12, "/自爆 5号")


KING_AND_KNIGHT = """\
板子: 狼王骑士
身份:
  狼人: 1
  狼王: 1
  预言家: 1
  女巫: 1
  骑士: 1
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
KING_SEATS = {1: "预言家", 2: "女巫", 3: "骑士", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼王"}


def test_a_dueled_wolf_king_shoots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling: the 狼王 loses his shot only to poison; dueled, he shoots, then the night comes."""
    t = custom(monkeypatch, KING_AND_KNIGHT, KING_SEATS)
    t.night()
    kill(t, 4)
    t.dawn()
    act(t, 3, "/决斗 8号")
    assert t.seat_got(8, "开枪")
    act(t, 8, "/开枪 1号")
    assert t.exits()[-2:] == [(8, DUEL), (1, WOLF_KING_SHOT)]
    t.director("/放逐 7号")
    assert not t.changed


IDIOT_AND_KNIGHT = (
    KING_AND_KNIGHT.replace("板子: 狼王骑士", "板子: 骑士白痴")
    .replace("  狼人: 1\n  狼王: 1\n", "  狼人: 2\n  白痴: 1\n")
    .replace("村民: 3", "村民: 2")
)
IDIOT_SEATS = {1: "预言家", 2: "女巫", 3: "骑士", 4: "村民", 5: "村民", 6: "白痴", 7: "狼人", 8: "狼人"}


def test_a_duel_on_the_idiot_costs_the_knight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling: the 白痴 is of the village; a duel is no vote, he does not flip."""
    t = custom(monkeypatch, IDIOT_AND_KNIGHT, IDIOT_SEATS)
    t.night()
    kill(t, 4)
    t.dawn()
    act(t, 3, "/决斗 6号")
    assert t.exits()[-1] == (3, KNIGHT_ATONES) and t.alive(6)
    assert not t.director_got("翻牌为白痴") and not t.director_got("免于出局")


def test_duel_exits_leave_last_words() -> None:
    t = day_two()
    act(t, 3, "/决斗 5号")
    assert t.seat_got(3, "遗言")
    t = day_two()
    act(t, 3, "/决斗 9号")
    assert t.seat_got(9, "遗言")
