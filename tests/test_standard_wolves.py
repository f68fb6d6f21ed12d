"""The standard boards' wolves (standard-boards.md 「狼王」「狼美人」「白狼王」): all vote in the wolf group and
are checked as wolves; the 狼王 shoots when leaving but not poisoned; the 狼美人 charms after the kill
and takes her latest charmed seat with her."""

from __future__ import annotations

import pytest

from bansha_engine.model import KILL, LOVE_SUICIDE, POISON, RED_CARD, SHOT, VOTE, WOLF_KING_SHOT
from tests.standard_helpers import act, custom, kill, refused, standard, wolves


@pytest.mark.parametrize("board", ["狼王守卫", "白狼王骑士", "狼美人骑士"])
def test_the_special_wolf_votes_in_the_group_and_is_checked_a_wolf(board: str) -> None:
    t = standard(board)
    assert wolves(t) == [9, 10, 11, 12]
    t.night()
    act(t, 4, "/守护 1号")
    act(t, 1, "/预言 12号")
    kill(t, 5)
    t.dawn()
    assert t.seat_got(1, "12号是非村民阵营")
    assert t.exits()[0] == (5, KILL)


# ---------------------------------------------------------------- 狼王


def test_the_wolf_king_voted_out_may_shoot() -> None:
    t = standard("狼王守卫")
    t.pass_night()
    t.exile(12)
    assert t.seat_got(12, "开枪")
    refused(t, 12, "/开枪 12号", "已出局")
    act(t, 12, "/开枪 1号")
    assert t.exits() == [(12, VOTE), (1, WOLF_KING_SHOT)]
    assert t.seat_got(1, "你在第2天出局。") and not t.seat_got(1, "狼王")
    assert t.director_got("12号（狼王）开枪带走1号")


def test_the_wolf_king_may_pass_his_shot() -> None:
    t = standard("狼王守卫")
    t.pass_night()
    t.exile(12)
    act(t, 12, "/放弃")
    assert t.exits() == [(12, VOTE)] and t.director_got("放弃开枪")
    refused(t, 12, "/开枪 1号", "已放弃开枪")


def test_the_poisoned_wolf_king_cannot_shoot() -> None:
    t = standard("狼王守卫")
    t.night()
    act(t, 4, "/守护 1号")
    kill(t, 5)
    act(t, 2, "/毒 12号")
    t.dawn()
    assert t.exits() == [(5, KILL), (12, POISON)]
    assert not t.seat_got(12, "开枪") and not t.game.prompts
    assert t.director_got("12号（狼王）被女巫毒杀，不能开枪", ever=True)


def test_the_red_carded_wolf_king_cannot_shoot() -> None:
    t = standard("狼王守卫")
    t.pass_night()
    t.director("/罚下 12号")
    assert t.exits() == [(12, RED_CARD)] and not t.game.prompts


def test_the_hunter_and_the_wolf_king_each_answer_their_own_shot() -> None:
    """Both shots are answered with /开枪: each seat's word reaches its own decision."""
    t = standard("狼王守卫")
    t.night()
    act(t, 4, "/守护 1号")
    kill(t, 12)  # 「狼人可以刀狼人」
    t.dawn()
    refused(t, 3, "/开枪 9号", "没有等待你")
    act(t, 12, "/开枪 3号")
    assert t.seat_got(3, "开枪")
    act(t, 3, "/开枪 9号")
    assert t.exits() == [(12, KILL), (3, WOLF_KING_SHOT), (9, SHOT)]
    refused(t, 12, "/开枪 5号", "已提交开枪")


def test_the_poisoned_hunter_cannot_shoot_on_the_standard_boards() -> None:
    t = standard("预女猎白")
    t.night()
    kill(t, 5)
    act(t, 2, "/毒 3号")
    t.dawn()
    assert t.exits() == [(5, KILL), (3, POISON)] and not t.game.prompts
    refused(t, 3, "/开枪 9号", "没有等待你")


# ---------------------------------------------------------------- 狼美人


def test_the_charm_opens_after_the_kill_and_is_not_told() -> None:
    t = standard("狼美人骑士")
    t.night()
    refused(t, 12, "/魅惑 7号", "还没到")
    act(t, 4, "/守护 1号")
    kill(t, 6)
    assert t.seat_got(12, "请选择魅惑对象")
    refused(t, 12, "/魅惑 12号", "不能选择自己")
    act(t, 12, "/魅惑 7号")
    assert not t.seat_got(7, "魅惑", ever=True)
    t.dawn()
    assert t.director_got("12号（狼美人）魅惑7号")
    assert not any("魅惑" in text for text in t.to_seat(7, ever=True))


def test_her_charmed_seat_leaves_with_her() -> None:
    t = standard("狼美人骑士")
    t.night()
    kill(t, 6)
    act(t, 12, "/魅惑 7号")
    t.dawn()
    t.exile(12)
    assert t.exits()[-2:] == [(12, VOTE), (7, LOVE_SUICIDE)]
    assert t.seat_got(7, "你在第2天出局。")  # 「被魅惑的玩家不知情」: not told why
    assert not any("殉情" in text or "魅惑" in text for text in t.to_seat(7, ever=True))


def test_only_her_latest_living_charm_counts() -> None:
    t = standard("狼美人骑士")
    t.night()
    kill(t, 6)
    act(t, 12, "/魅惑 7号")
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 8)
    act(t, 12, "/魅惑 8号")
    t.dawn()
    assert (8, KILL) in t.exits()
    t.exile(12)
    assert t.exits()[-1] == (12, VOTE) and t.alive(7)  # 8号 is out; 7号's charm does not come back


def test_a_night_without_a_charm_keeps_the_one_before() -> None:
    t = standard("狼美人骑士")
    t.night()
    kill(t, 6)
    act(t, 12, "/魅惑 7号")
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 5)
    act(t, 12, "/放弃")
    t.dawn()
    t.exile(12)
    assert t.exits()[-1] == (7, LOVE_SUICIDE)


def test_red_carded_she_still_takes_her_charmed_seat() -> None:
    """「狼美人出局时（以任何方式）」: a red card too."""
    t = standard("狼美人骑士")
    t.night()
    kill(t, 6)
    act(t, 12, "/魅惑 7号")
    t.dawn()
    t.director("/罚下 12号")
    assert t.exits()[-2:] == [(12, RED_CARD), (7, LOVE_SUICIDE)]


def test_she_charms_in_private_chat_only() -> None:
    t = standard("狼美人骑士")
    t.night()
    kill(t, 6)
    t.wolf(12, "/魅惑 7号")
    assert not t.changed and t.group_got("私聊")


BEAUTY_AND_HUNTER = """\
板子: 狼美人猎人
身份:
  狼人: 1
  狼美人: 1
  预言家: 1
  女巫: 1
  猎人: {数量: 1, 毒杀开枪: 不能}
  村民: 3
狼人: 狼群投票
首夜刀人: 可以
夜晚:
  - 狼人: 30分钟
  - 狼美人: 40分钟
  - 女巫: 60分钟
  - 预言家: 30分钟
警长: 1.5
平票: 无人出局
遗言: 首夜和放逐
胜负: 屠边
"""
BEAUTY_SEATS = {1: "预言家", 2: "女巫", 3: "猎人", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼美人"}


def test_a_charmed_hunter_leaving_with_her_shoots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling: the post takes the 猎人's shot only when he is poisoned; 殉情 is no poison."""
    t = custom(monkeypatch, BEAUTY_AND_HUNTER, BEAUTY_SEATS)
    t.night()
    kill(t, 4)
    act(t, 8, "/魅惑 3号")
    t.dawn()
    t.exile(8)
    assert t.seat_got(3, "开枪")
    act(t, 3, "/开枪 7号")
    assert t.exits()[-3:] == [(8, VOTE), (3, LOVE_SUICIDE), (7, SHOT)]
    assert t.director_got("村民阵营胜利")


def test_a_poisoned_wolf_beauty_takes_her_charmed_hunter_who_still_shoots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = custom(monkeypatch, BEAUTY_AND_HUNTER, BEAUTY_SEATS)
    t.night()
    kill(t, 4)
    act(t, 8, "/魅惑 3号")
    act(t, 2, "/毒 8号")
    t.dawn()
    assert t.exits() == [(4, KILL), (8, POISON), (3, LOVE_SUICIDE)]
    assert t.seat_got(3, "开枪", ever=True)


# ---------------------------------------------------------------- 女巫 on the standard boards


def test_the_witch_uses_one_potion_a_night() -> None:
    """「同一夜不能同时使用两瓶药」."""
    t = standard("预女猎白")
    t.night()
    kill(t, 5)
    act(t, 2, "/救 5号")
    refused(t, 2, "/毒 9号", "不能更改")
    t.dawn()
    assert t.exits() == []
    t.exile(None)
    t.night()
    kill(t, 6)
    assert not t.seat_got(2, "被指杀")  # 「解药用掉之后，她不再得知被刀的玩家」
    act(t, 2, "/毒 9号")
    t.dawn()
    assert t.exits() == [(6, KILL), (9, POISON)]
