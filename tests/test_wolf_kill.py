"""狼人的刀 (common-boards.md 2.2, 2.10.3 第3条): 狼刀分歧, 狼刀狼人, 空刀, and a sealed holder of the knife."""

from __future__ import annotations

from bansha_engine.model import KILL
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("守卫", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 3, "预言家": 1, "女巫": 1, "守卫": 1, "村民": 3}
SEATS = {1: "预言家", 2: "女巫", 3: "守卫", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人", 9: "狼人"}
WOLF_STEP = 30 * 60


def game(seed: int = 0, **keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **keys), SEATS, seed=seed)


def witch_heard(t: Table) -> str:
    return next(text for text in t.to_seat(2, ever=True) if "通灵：" in text)


def split_at_the_deadline(t: Table, ballots: dict[int, str]) -> None:
    """Night 1: the guard passes, the wolves vote `ballots` and the step times out."""
    t.night()
    t.say(3, "/守护 空")
    for wolf, word in ballots.items():
        t.wolf(wolf, f"/刀 {word}")
        assert t.changed, t.reply()
    t.wait(WOLF_STEP)


# ---------------------------------------------------------------- 狼刀分歧


def test_majority_a_tie_kills_nobody_by_default() -> None:
    t = game()
    split_at_the_deadline(t, {7: "4号", 8: "5号"})
    assert t.group_got("截止时按多数"), t.reply()
    assert "无人被指杀" in witch_heard(t)


def test_majority_random_draws_among_the_tied_seats() -> None:
    """「平票时在平票的目标里随机选一个」: two seeds, two draws (the game's seeded generator)."""
    drawn = set()
    for seed in (0, 2):
        t = game(seed, 狼刀分歧="多数随机")
        split_at_the_deadline(t, {7: "4号", 8: "5号"})
        assert t.group_got("平票随机"), t.reply()
        t.dawn()
        (killed,) = [seat for seat, cause in t.exits() if cause == KILL]
        assert killed in (4, 5)
        drawn.add(killed)
    assert drawn == {4, 5}


def test_majority_random_without_a_tie_is_the_plurality() -> None:
    t = game(狼刀分歧="多数随机")
    split_at_the_deadline(t, {7: "4号", 8: "4号", 9: "5号"})
    t.dawn()
    assert t.exits() == [(4, KILL)]


def test_unanimous_a_split_vote_kills_nobody() -> None:
    """统一: 「所有投了票的狼人投的都是同一个目标才刀，否则空刀」, even with a plurality."""
    t = game(狼刀分歧="统一")
    split_at_the_deadline(t, {7: "4号", 8: "4号", 9: "5号"})
    assert t.group_got("截止时不一致"), t.to_group(ever=True)
    assert "无人被指杀" in witch_heard(t)
    t.dawn()
    assert t.exits() == []


def test_unanimous_an_empty_ballot_is_a_vote_too() -> None:
    t = game(狼刀分歧="统一")
    split_at_the_deadline(t, {7: "4号", 8: "空"})
    t.dawn()
    assert t.exits() == []


def test_unanimous_those_who_voted_agree_at_the_deadline() -> None:
    t = game(狼刀分歧="统一")
    split_at_the_deadline(t, {7: "4号", 8: "4号"})
    t.dawn()
    assert t.exits() == [(4, KILL)]


def test_every_rule_locks_once_all_wolves_agree() -> None:
    t = game(狼刀分歧="统一")
    t.night()
    for wolf in (7, 8, 9):
        t.wolf(wolf, "/刀 6号")
    assert t.group_got("全员一致"), t.reply()
    assert "被指杀的是6号" in witch_heard(t)


# ---------------------------------------------------------------- 狼刀狼人, 空刀


def test_wolves_may_not_kill_their_own_group_where_the_board_says_so() -> None:
    t = game(狼刀狼人="不可以")
    t.night()
    for target in ("8号", "7号"):
        t.wolf(7, f"/刀 {target}")
        assert not t.changed and t.group_got("不能刀狼队友"), t.reply()
    t.wolf(7, "/刀 4号")
    assert t.changed, t.reply()


def test_by_default_a_wolf_may_be_knifed() -> None:
    t = game()
    t.night()
    t.wolf(7, "/刀 8号")
    assert t.changed, t.reply()


def test_no_empty_kill_refuses_the_empty_ballot_and_the_deadline_still_kills_nobody() -> None:
    """空刀: 不可以 — 「/刀 空 被拒绝；到时限没有人投票仍是空刀（裁定：机器人不替狼人选）」."""
    t = game(空刀="不可以")
    t.night()
    t.wolf(7, "/刀 空")
    assert not t.changed and t.group_got("不能空刀"), t.reply()
    t.say(3, "/守护 空")
    t.wait(WOLF_STEP)
    assert "无人被指杀" in witch_heard(t)
    t.dawn()
    assert t.exits() == []


def test_the_rules_of_the_board_are_in_the_wolves_lines() -> None:
    t = game(狼刀分歧="统一", 空刀="不可以", 狼刀狼人="不可以")
    t.night()
    assert t.group_got("截止时所有投了票的狼人一致才刀"), t.reply()
    assert t.group_got("不能空刀，不能刀狼队友"), t.reply()


# ---------------------------------------------------------------- under 狼人: 狼头

HEAD_NIGHT = [
    ("守卫", "30分钟"),
    ("争权", "30分钟"),
    ("狼人", "30分钟"),
    ("女巫", "60分钟"),
    ("预言家", "30分钟"),
]


def head_game(**keys: str) -> Table:
    t = started(board(ROSTER, HEAD_NIGHT, 狼人="狼头", **keys), SEATS)
    t.night()
    t.say(3, "/守护 空")
    for wolf in (7, 8, 9):
        t.say(wolf, "/选狼头 7号")
    assert t.seat_got(7, "狼头请选择指杀目标"), t.reply()
    return t


def test_the_head_is_held_to_the_board_s_empty_kill_and_wolf_kill_rules() -> None:
    t = head_game(空刀="不可以", 狼刀狼人="不可以")
    t.say(7, "/刀 空")
    assert not t.changed and t.seat_got(7, "不能空刀"), t.reply()
    t.say(7, "/刀 8号")
    assert not t.changed and t.seat_got(7, "不能刀狼队友"), t.reply()
    t.say(7, "/刀 4号")
    assert t.changed, t.reply()


# ---------------------------------------------------------------- a sealed holder of the knife


FEAR_NIGHT = [("噩梦之影", "15分钟"), *NIGHT]
FEAR_ROSTER = {**ROSTER, "村民": 2, "噩梦之影": 1}
FEAR_SEATS = {**SEATS, 6: "噩梦之影"}


def feared_on_night_one(seat: int, **keys: str) -> Table:
    """Night 1: the real 噩梦之影 (6号) fears `seat`, a wolf he does not know yet; the guard passes."""
    t = started(board(FEAR_ROSTER, FEAR_NIGHT, **keys), FEAR_SEATS)
    t.night()
    t.say(6, f"/恐惧 {seat}号")
    assert t.changed, t.reply()
    t.say(3, "/守护 空")
    return t


def test_a_sealed_wolf_leaves_the_group_without_a_kill_and_they_are_told() -> None:
    """2.10.3 第3条 with 封印告知: 可以: the group hears it, `/刀` is refused, the witch hears 无人被指杀."""
    t = feared_on_night_one(8)
    assert t.group_got("今晚狼队有人被恐惧，不能刀人", ever=True), t.reply()
    assert t.seat_got(8, "你今晚被恐惧，不能使用技能", ever=True), t.reply()
    t.wolf(7, "/刀 4号")
    assert not t.changed and t.group_got("今晚狼队有人被恐惧，不能刀人"), t.reply()
    assert "无人被指杀" in witch_heard(t)
    t.dawn()
    assert t.exits() == [] and t.director_got("狼队有人被恐惧，今晚没有刀"), t.reply()


def test_a_sealed_wolf_not_told_votes_in_vain() -> None:
    """封印告知: 不可以: the wolves vote as usual and hear the kill settled; nobody is killed."""
    t = feared_on_night_one(8, 封印告知="不可以")
    for wolf in (6, 7, 8, 9):
        t.wolf(wolf, "/刀 4号")
        assert t.changed, t.reply()
        assert t.group_got(f"{wolf}号投票。刀票：4号（{wolf - 5}票）"), t.reply()  # his vote shows as any
    assert t.group_got("狼人杀人已确定（全员一致）：4号"), t.reply()
    assert not t.group_got("被恐惧", ever=True)
    assert "无人被指杀" in witch_heard(t)
    t.dawn()
    assert t.exits() == [] and t.director_got("刀无效"), t.reply()


def test_a_sealed_wolf_under_the_head_leaves_no_kill() -> None:
    """A 企鹅's freeze on a wolf who is not the head still leaves the head without a kill."""
    roster = {**ROSTER, "村民": 2, "企鹅": 1}
    t = started(board(roster, [("企鹅", "15分钟"), *HEAD_NIGHT], 狼人="狼头"), {**SEATS, 6: "企鹅"})
    t.night()
    t.say(6, "/放弃")
    t.say(3, "/守护 空")
    for wolf in (7, 8, 9):
        t.say(wolf, "/选狼头 7号")
    t.dawn()  # night 1: the head chose nothing
    t.exile(None)
    t.night()
    t.say(6, "/冰冻 9号")
    assert t.seat_got(7, "今晚狼队有人被冰冻，不能刀人", ever=True), t.reply()
    t.say(7, "/刀 4号")
    assert not t.changed and t.seat_got(7, "不能刀人"), t.reply()
