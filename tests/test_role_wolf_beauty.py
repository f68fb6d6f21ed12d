"""狼美人's options (common-boards.md 3.4): 被狼刀, 连续魅惑, 决斗殉情."""

from __future__ import annotations

from bansha_engine.model import DUEL, KILL, LOVE_SUICIDE, VOTE
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("狼美人", "30分钟")]
SEATS = {1: "骑士", 2: "村民", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼美人", 8: "村民"}


def beauty_board(**options: str) -> str:
    written = "".join(f", {k}: {v}" for k, v in options.items())
    return board({"狼人": 1, "狼美人": f"{{数量: 1{written}}}", "骑士": 1, "村民": 5}, NIGHT)


def night_with_charm(t: Table, charm: int, kill: int | str = "空") -> None:
    t.night()
    word = kill if isinstance(kill, str) else f"{kill}号"
    t.wolf(6, f"/刀 {word}")
    t.wolf(7, f"/刀 {word}")
    t.say(7, f"/魅惑 {charm}号")


# ---------------------------------------------------------------- 被狼刀


def test_by_default_the_wolves_may_kill_her() -> None:
    t = started(beauty_board(), SEATS)
    t.night()
    t.wolf(6, "/刀 7号")
    assert t.changed, t.reply()


def test_not_killed_by_wolves_refuses_the_kill_naming_her() -> None:
    t = started(beauty_board(被狼刀="不可以"), SEATS)
    t.night()
    t.wolf(6, "/刀 7号")
    assert not t.changed and "这个板子狼人的刀不能选她" in t.reply(), t.reply()
    t.wolf(7, "/刀 7号")
    assert not t.changed, t.reply()
    t.wolf(6, "/刀 2号")
    t.wolf(7, "/刀 2号")
    assert t.changed, t.reply()
    t.say(7, "/魅惑 3号")
    assert t.exits() == [(2, KILL)], t.reply()


# ---------------------------------------------------------------- 连续魅惑


def test_by_default_she_may_charm_one_seat_two_nights_running() -> None:
    t = started(beauty_board(), SEATS)
    night_with_charm(t, 3)
    t.exile(None)
    night_with_charm(t, 3)
    assert t.changed, t.reply()


def test_no_charm_twice_refuses_last_nights_seat() -> None:
    t = started(beauty_board(连续魅惑="不可以"), SEATS)
    night_with_charm(t, 3)
    t.exile(None)
    night_with_charm(t, 3)
    assert not t.changed and "不能连续两晚魅惑同一名玩家：你昨晚魅惑了3号" in t.reply(), t.reply()
    t.say(7, "/魅惑 4号")
    assert t.changed, t.reply()


def test_no_charm_twice_a_night_between_frees_the_seat() -> None:
    t = started(beauty_board(连续魅惑="不可以"), SEATS)
    night_with_charm(t, 3)
    t.exile(None)
    t.night()
    t.wolf(6, "/刀 空")
    t.wolf(7, "/刀 空")
    t.say(7, "/放弃")
    t.exile(None)
    night_with_charm(t, 3)
    assert t.changed, t.reply()


# ---------------------------------------------------------------- 决斗殉情


def duelled(options: dict[str, str]) -> Table:
    t = started(beauty_board(**options), SEATS)
    night_with_charm(t, 3)
    t.say(1, "/决斗 7号")
    return t


def test_by_default_a_duel_takes_her_charmed_seat() -> None:
    t = duelled({})
    assert t.exits() == [(7, DUEL), (3, LOVE_SUICIDE)], t.reply()


def test_no_duel_love_death_leaves_her_charmed_seat_in() -> None:
    t = duelled({"决斗殉情": "不可以"})
    assert t.exits() == [(7, DUEL)] and t.alive(3), t.reply()


def test_no_duel_love_death_still_takes_the_charmed_seat_on_other_exits() -> None:
    t = started(beauty_board(决斗殉情="不可以"), SEATS)
    night_with_charm(t, 3)
    t.exile(7)
    assert t.exits() == [(7, VOTE), (3, LOVE_SUICIDE)], t.reply()
