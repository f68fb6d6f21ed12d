"""白痴's options (common-boards.md 2.6, 3.4): 翻牌后被投票, 翻牌后持警徽."""

from __future__ import annotations

from bansha_engine.model import KILL, VOTE
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("乌鸦", "30分钟")]
SEATS = {1: "乌鸦", 2: "白痴", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def idiot_board(**options: str) -> str:
    keys = {key: options.pop(key) for key in ("警长", "撕警徽") if key in options}
    written = "".join(f", {k}: {v}" for k, v in options.items())
    return board({"狼人": 2, "乌鸦": 1, "白痴": f"{{数量: 1{written}}}", "村民": 3}, NIGHT, **keys)


def flipped_on_day_two(text: str, *, sheriff: int | None = None, seed: int = 0) -> Table:
    t = started(text, SEATS, seed=seed)
    if sheriff is not None:
        t.director(f"/警长 {sheriff}号")
    t.pass_night()
    t.exile(2)
    assert t.alive(2) and t.director_got("翻牌为白痴"), t.reply()
    return t


# ---------------------------------------------------------------- 翻牌后被投票 (2.6 第1条)


def test_by_default_a_flipped_idiot_voted_out_again_leaves() -> None:
    t = flipped_on_day_two(idiot_board())
    t.pass_night()
    ballots(t, ["1号 2号", "3号 2号"])
    t.director("/放逐")
    assert t.exits()[-1] == (2, VOTE), t.reply()


def test_no_votes_after_the_flip_refuses_a_ballot_naming_him() -> None:
    t = flipped_on_day_two(idiot_board(翻牌后被投票="不可以"))
    t.pass_night()
    t.director("/投票 1号 2号")
    assert not t.changed and "2号（白痴）在这个板子上现在不能被投票放逐" in t.reply(), t.reply()
    t.director("/投票 2号 6号")
    assert not t.changed and "2号已失去投票权" in t.reply(), t.reply()  # 2.6 第3条, unchanged


def test_no_votes_after_the_flip_a_vote_post_for_him_is_void() -> None:
    """The forum day's vote posts (contract 「论坛白天」): a post naming him is a 废票, 「投票对象有误」."""
    t = flipped_on_day_two(idiot_board(翻牌后被投票="不可以"))
    t.pass_night()
    t.director("/投票\n1号\n投票对象：2号\n投票理由：试试\n3号\n投票对象：6号\n投票理由：查杀")
    assert "1号：废票，投票对象有误：2号（白痴）在这个板子上现在不能被投票放逐" in t.reply(), t.reply()
    assert "3号：已录入，投6号" in t.reply(), t.reply()


def test_no_votes_after_the_flip_refuses_his_exile_by_name() -> None:
    t = flipped_on_day_two(idiot_board(翻牌后被投票="不可以"))
    t.pass_night()
    t.exile(2)
    assert not t.changed and t.alive(2) and "不能被投票放逐" in t.reply(), t.reply()
    t.exile(6)
    assert t.changed and not t.alive(6), t.reply()


def test_no_votes_after_the_flip_a_curse_adds_nothing_to_him() -> None:
    """Ruling: the 乌鸦's curse on a seat nobody may vote out counts nothing (he is never exiled)."""
    t = flipped_on_day_two(idiot_board(翻牌后被投票="不可以"))
    t.night()
    t.say(1, "/诅咒 2号")
    t.dawn()
    ballots(t, ["1号 6号"])
    t.director("/票型")
    assert "2号+1" not in t.reply() and "最高票：6号" in t.reply(), t.reply()


def test_no_votes_after_the_flip_still_takes_the_first_exile_and_his_death_by_night() -> None:
    t = flipped_on_day_two(idiot_board(翻牌后被投票="不可以"))
    t.night()
    t.wolf(6, "/刀 2号")
    t.wolf(7, "/刀 2号")
    t.dawn()
    assert t.exits() == [(2, KILL)], t.reply()  # 2.6 第3条: killed he leaves as anyone does


# ---------------------------------------------------------------- 翻牌后持警徽 (2.6 第2条)


def test_by_default_a_flipped_sheriff_keeps_the_badge() -> None:
    t = flipped_on_day_two(idiot_board(警长="1.5"), sheriff=2)
    assert t.game.sheriff == 2 and not t.game.prompts, t.reply()


def test_no_badge_after_the_flip_hands_it_on_at_once_and_the_day_waits() -> None:
    t = flipped_on_day_two(idiot_board(警长="1.5", 翻牌后持警徽="不可以"), sheriff=2)
    assert t.seat_got(2, "你不能继续持有警徽，须选择继任警长：/移交 N号"), t.reply()
    t.night()
    assert not t.changed and "还有待处理的决定：2号移交" in t.reply(), t.reply()
    t.say(2, "/移交 2号")
    assert not t.changed and "不能选择自己" in t.reply(), t.reply()
    t.say(2, "/移交 4号")
    assert t.changed and t.game.sheriff == 4 and t.seat_got(4, "你成为新的警长"), t.reply()
    t.night()
    assert t.changed, t.reply()


def test_no_badge_after_the_flip_he_never_receives_it_again() -> None:
    t = flipped_on_day_two(idiot_board(警长="1.5", 翻牌后持警徽="不可以"), sheriff=2)
    t.say(2, "/移交 4号")
    t.night()
    t.wolf(6, "/刀 4号")
    t.wolf(7, "/刀 4号")
    t.dawn()
    t.say(4, "/移交 2号")
    assert not t.changed and "2号不能持有警徽" in t.reply(), t.reply()
    t.say(4, "/移交 3号")
    assert t.game.sheriff == 3, t.reply()
    t.director("/警长 2号")
    assert not t.changed and "2号不能持有警徽" in t.reply(), t.reply()


def test_no_badge_after_the_flip_a_random_handover_passes_him_by() -> None:
    handed = set()
    for seed in range(12):
        text = idiot_board(警长="1.5", 翻牌后持警徽="不可以")
        t = flipped_on_day_two(text, sheriff=2, seed=seed)
        t.director("/推进")  # he lets it pass: the badge goes to a living seat at random, never him
        assert t.game.sheriff not in (None, 2), t.reply()
        handed.add(t.game.sheriff)
    assert len(handed) > 1  # random indeed


def test_no_badge_after_the_flip_may_tear_it_where_the_board_lets_him() -> None:
    t = flipped_on_day_two(idiot_board(警长="1.5", 撕警徽="可以", 翻牌后持警徽="不可以"), sheriff=2)
    assert t.seat_got(2, "或撕毁警徽：/移交 无"), t.reply()
    t.say(2, "/移交 无")
    assert t.game.sheriff is None and t.director_got("2号撕毁警徽"), t.reply()


def test_no_badge_after_the_flip_asks_nothing_of_a_flipped_idiot_who_is_not_sheriff() -> None:
    t = flipped_on_day_two(idiot_board(警长="1.5", 翻牌后持警徽="不可以"), sheriff=3)
    assert t.game.sheriff == 3 and not t.game.prompts, t.reply()
    t.say(2, "/身份")
    assert "不能持有警徽" in t.reply(), t.reply()
