"""血月使徒 (血夜使徒, common-boards.md 3.2, 5.1.2, 5.2.3, 5.3.6)."""

from __future__ import annotations

from bansha_engine import seal
from bansha_engine.boardfile import check
from bansha_engine.model import KILL, LAST_WORDS_NOTICE, POISON, VILLAGE, VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 1, "血月使徒": 1, "预言家": 1, "女巫": 1, "守墓人": 1, "村民": 4}
SEATS = {
    1: "预言家",
    2: "女巫",
    3: "守墓人",
    4: "村民",
    5: "村民",
    6: "村民",
    7: "村民",
    8: "狼人",
    9: "血月使徒",
}
WOLVES = (8, 9)


def game(**keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **{"自爆": "单爆吞警徽", **keys}), SEATS)


def kill(t: Table, seat: int, wolves: tuple[int, ...] = WOLVES) -> None:
    for wolf in wolves:
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {seat}号")


def self_destruct(t: Table, seat: int) -> None:
    """The seat's /自爆 by day (the board: 自爆: 单爆吞警徽); the day ends."""
    t.say(seat, "/自爆")
    assert t.changed, t.reply()


def test_the_night_after_his_self_destruct_every_village_seat_is_sealed() -> None:
    t = game()
    t.pass_night()
    self_destruct(t, 9)
    assert t.director_got("第2夜所有村民阵营的玩家被血月封印"), t.reply()
    t.night()
    assert all(seal.sealed(t.game, n) == seal.BLOOD_MOON for n in range(1, 8)), t.reply()
    assert seal.sealed(t.game, 8) is None
    assert t.seat_got(1, "你今晚被血月封印，不能使用技能"), t.reply()
    t.say(1, "/预言 8号")
    assert not t.changed and "血月封印" in t.reply(), t.reply()
    kill(t, 4)
    assert t.changed and t.exits()[-1] == (4, KILL), t.reply()  # the wolves kill; the night resolves
    assert not t.seat_got(3, "守墓"), t.reply()  # no night news when sealed
    assert t.director_got("血月：所有村民阵营的玩家被封印"), t.reply()
    t.exile(None)
    t.night()
    assert seal.sealed(t.game, 1) is None  # that night only


def test_his_self_destruct_as_the_last_wolf_wins_for_the_village_and_seals_nothing() -> None:
    t = game()
    t.pass_night()
    t.exile(8)
    t.pass_night()
    self_destruct(t, 9)
    assert t.game.winner == VILLAGE and t.game.ended


def test_the_last_wolf_exiled_lives_through_the_night_and_leaves_at_dawn() -> None:
    t = game()
    t.pass_night()
    t.exile(8)
    t.pass_night()
    ballots(t, ["1号 9号", "2号 9号", "3号 9号"])
    t.director("/放逐")
    assert t.alive(9) and not t.game.ended, t.reply()
    assert t.director_got("他是血月使徒、狼人阵营最后一人：暂不出局"), t.reply()
    assert t.director_got("9号得票最多，但没有出局"), t.reply()
    assert t.seat_got(9, LAST_WORDS_NOTICE), t.reply()  # his last words at the exile
    t.night()
    kill(t, 4, wolves=(9,))  # he still holds the knife
    assert t.changed, t.reply()
    t.dawn()
    assert t.exits()[-2:] == [(4, KILL), (9, VOTE)], t.reply()  # after the night's other exits
    assert t.game.winner == VILLAGE, t.reply()


def test_the_gravekeeper_learns_of_him_as_exiled() -> None:
    t = game()
    t.pass_night()
    t.exile(8)
    t.pass_night()
    t.exile(9)
    t.night()
    t.dawn()
    assert t.seat_got(3, "第3天被放逐的9号是非村民阵营"), t.to_seat(3)


def test_his_last_words_are_not_offered_again_at_dawn() -> None:
    t = game(遗言="3")
    t.night()
    kill(t, 5)
    t.dawn()
    t.exile(8)
    t.pass_night()
    t.exile(9)
    assert t.seat_got(9, LAST_WORDS_NOTICE), t.reply()
    t.night()
    kill(t, 4, wolves=(9,))
    t.dawn()
    assert t.seat_got(9, "你在第3夜出局") and not t.seat_got(9, LAST_WORDS_NOTICE), t.to_seat(9)


def test_poisoned_the_night_after_his_exile_he_leaves_then() -> None:
    t = game()
    t.pass_night()
    t.exile(8)
    t.pass_night()
    t.exile(9)
    t.night()
    kill(t, 4, wolves=(9,))
    t.say(2, "/毒 9号")
    t.dawn()
    assert t.exits()[-2:] == [(4, KILL), (9, POISON)] and t.game.winner == VILLAGE, t.reply()


def test_exiled_while_other_wolves_live_he_leaves_at_once() -> None:
    t = game()
    t.pass_night()
    t.exile(9)
    assert not t.alive(9) and t.exits() == [(9, VOTE)]


def test_the_file_may_call_him_by_his_alias() -> None:
    checked = check(board({"狼人": 1, "血夜使徒": 1, "村民": 4}, [("狼人", "30分钟")]))
    assert checked.ok, checked.problems
    assert [entry.role for entry in checked.board.roster][1] == "血月使徒"


def test_a_self_destruct_on_the_election_day_seals_the_first_night() -> None:
    """docs/rulings-common.md 3.2.5 第1条."""
    t = game()
    self_destruct(t, 9)
    t.night()
    assert seal.sealed(t.game, 1) == seal.BLOOD_MOON and seal.sealed(t.game, 8) is None


def test_his_swallowed_poison_self_destruct_calls_the_blood_moon_too() -> None:
    """吞毒自爆 (2.1 第12条) is his 自爆: 「他自爆的那一天之后的那一夜」 is sealed as well (ruling)."""
    t = game(警长="1.5", 吞毒自爆="可以")
    t.night()  # the election moved to day 2 (首夜先行)
    kill(t, 4)
    t.say(2, "/毒 9号")
    t.say(1, "/预言 8号")
    assert (9, POISON) in t.exits(), t.reply()
    t.say(9, "/自爆")
    assert t.changed and t.director_got("第2夜所有村民阵营的玩家被血月封印"), t.reply()
    t.night()
    assert seal.sealed(t.game, 1) == seal.BLOOD_MOON and seal.sealed(t.game, 8) is None
