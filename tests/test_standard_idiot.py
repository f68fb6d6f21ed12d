"""白痴 (standard-boards.md 「白痴」): voted out he flips and stays, loses his vote; voted out again, killed
or poisoned he leaves."""

from __future__ import annotations

from bansha_engine.model import KILL, POISON, VOTE
from tests.standard_helpers import act, kill, standard


def flipped_on_day_two():
    t = standard("预女猎白")
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(4)
    assert t.changed, t.reply()
    return t


def test_voted_out_he_flips_and_stays() -> None:
    t = flipped_on_day_two()
    assert t.alive(4) and (4, VOTE) not in t.exits()
    flip = [text for text in t.to_director() if "翻牌" in text]
    assert flip and "白痴" in flip[0], t.reply()
    assert t.seat_got(4, "翻牌为白痴")
    assert not t.seat_got(4, "你在第2天出局")
    t.director("/放逐 9号")
    assert not t.changed  # the day's vote is settled by his flip
    t.director("/状态")
    assert "已翻牌（无投票权）" in t.to_director()[0]


def test_his_ballots_are_refused_once_flipped() -> None:
    t = flipped_on_day_two()
    t.pass_night()
    t.director("/投票 4号 9号")
    assert not t.changed and t.director_got("失去投票权"), t.reply()
    t.director("/投票 1号 9号\n4号 9号")
    assert not t.changed  # all or nothing
    t.director("/投票 1号 4号")
    assert t.changed, t.reply()


def test_voted_out_again_he_leaves() -> None:
    t = flipped_on_day_two()
    t.pass_night()
    t.director("/投票 1号 4号\n2号 4号")
    t.director("/放逐")
    assert t.exits()[-1] == (4, VOTE)
    assert t.seat_got(4, "你在第3天出局")


def test_the_flip_by_ballots_says_who_was_voted_out_and_that_he_stays() -> None:
    t = standard("预女猎白")
    t.pass_night()
    t.director("/投票 1号 4号\n2号 4号")
    t.director("/放逐")
    text = "\n".join(t.to_director())
    assert "4号得票最多，但没有出局" in text and "翻牌" in text and "免于出局" in text, text
    assert t.alive(4)


def test_killed_or_poisoned_he_leaves_as_anyone() -> None:
    t = standard("预女猎白")
    t.night()
    kill(t, 4)
    t.dawn()
    assert t.exits() == [(4, KILL)]
    t = standard("预女猎白")
    t.night()
    kill(t, 5)
    act(t, 2, "/毒 4号")
    t.dawn()
    assert t.exits() == [(5, KILL), (4, POISON)]


def test_an_unflipped_idiot_votes() -> None:
    t = standard("预女猎白")
    t.pass_night()
    t.director("/投票 4号 9号")
    assert t.changed, t.reply()
