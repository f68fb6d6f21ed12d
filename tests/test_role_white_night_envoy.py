"""白夜使者 (common-boards.md 3.1, 5.2.5; 补充裁定 18) and the 回溯 of engine/rewind.py."""

from __future__ import annotations

from copy import deepcopy

from bansha_engine import Event, Game, rewind
from bansha_engine.roles import crow, witch
from bansha_engine.roles.white_night_envoy import Rewound
from tests.common_helpers import ballots, board, started
from tests.engine_helpers import TIMEZONE, Table
from tests.test_rewind import rules_state

NIGHT = [("狼人", "30分钟"), ("女巫", "60分钟"), ("乌鸦", "30分钟"), ("预言家", "30分钟")]
ROSTER = {"狼人": 2, "预言家": 1, "女巫": 1, "猎人": 1, "乌鸦": 1, "白夜使者": 1, "村民": 4}
SEATS = {
    1: "预言家", 2: "女巫", 3: "白夜使者", 4: "猎人", 5: "乌鸦", 6: "村民", 7: "村民", 8: "村民",
    9: "狼人", 10: "狼人", 11: "村民",
}  # fmt: skip
ENVOY = 3


def game(**keys: str) -> Table:
    return started(board(ROSTER, NIGHT, **keys), SEATS)


def kill(t: Table, target: int | str) -> None:
    word = target if isinstance(target, str) else f"{target}号"
    for wolf in (9, 10):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {word}")


def at_day_three(**keys: str) -> tuple[Table, dict[str, object]]:
    """Two nights played; the state kept as night 2's door closed, and day 3 under way: night 2's
    kill, poison and curse, a shot, last words, and a ballot of day 3."""
    t = game(**keys)
    t.night()
    kill(t, 6)
    t.dawn()
    t.exile(7)
    kept = rules_state(t.game)
    t.night("21:00")
    kill(t, 4)
    t.say(2, "/毒 8号")
    t.say(5, "/诅咒 9号")
    t.dawn()
    t.say(4, "/开枪 10号")
    assert t.changed, t.reply()
    ballots(t, ["1号 9号"])
    return t, kept


def test_the_game_goes_back_to_last_nights_door_close() -> None:
    t, kept = at_day_three()
    assert not t.alive(4) and not t.alive(8) and not t.alive(10)
    t.say(ENVOY, "/回溯")
    assert t.changed, t.reply()
    restored = rules_state(t.game)
    assert restored["seats"][ENVOY][3].pop("Rewound") == Rewound(day=3, night=2)  # 补充裁定 18
    assert restored == kept
    assert all(t.alive(n) for n in (1, 2, 3, 4, 5, 8, 9, 10)) and t.exits() == [(6, "杀人"), (7, "放逐")]
    assert witch.has(t.game, 2, "poison")  # the potion spent in the void night is back
    assert crow.vote_bonus(t.game, 9, 3) == []  # the curse is void
    assert t.game.ballots.get(3) is None and t.game.day == 2 and t.game.night_no == 1
    assert t.game.phase == "day" and t.game.timers() == []


def test_the_directors_learn_it_the_draft_says_only_that_it_happened() -> None:
    t, _ = at_day_three()
    t.say(ENVOY, "/回溯")
    told = "\n".join(t.to_director())
    assert "发生回溯：回到第2夜关门时（3号白夜使者在第3天发动）" in told
    assert told.endswith("公示草稿：发生了回溯")
    assert t.seat_got(ENVOY, "已回溯：游戏回到第2夜关门时")
    assert t.seat_got(4, "发生了回溯：游戏回到第2夜关门时")


def test_the_night_is_opened_again_its_deadlines_from_the_new_door_close() -> None:
    t, _ = at_day_three()
    assert t.game.last_night is not None
    void_due = t.game.last_night.door_close + 30 * 60
    t.say(ENVOY, "/回溯")
    t.now += 3600
    t.night("23:00")
    assert t.changed, t.reply()
    night = t.game.night
    assert night is not None and night.no == 2 and night.acts["wolves"] == {}
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:2:wolves"] == night.door_close + 30 * 60
    stale = Event("timer", at=void_due, key="step:2:wolves")
    assert not t.game.handle(stale).changed  # a deadline of the void night closes nothing
    assert night.state["wolves"] == "open"
    kill(t, 11)
    t.dawn()
    assert t.exits()[-1] == (11, "杀人")


def test_used_once_and_it_stays_used() -> None:
    t, _ = at_day_three()
    t.say(ENVOY, "/回溯")
    t.night()
    kill(t, "空")
    t.dawn()
    t.say(ENVOY, "/回溯")
    assert not t.changed and "你已经在第3天回溯过了" in t.reply()
    t.say(ENVOY, "/身份")
    assert "已于第3天回溯到第2夜关门时" in t.reply()


def test_refused_before_day_three_after_the_vote_with_a_decision_waiting_and_to_others() -> None:
    roster = {role: count for role, count in ROSTER.items() if role != "猎人"} | {"骑士": 1}
    t = started(board(roster, NIGHT, 警长="1.5"), {**SEATS, 4: "骑士"})
    t.director("/警长 4号")
    t.say(ENVOY, "/回溯")
    assert not t.changed and "第3天起" in t.reply()
    t.pass_night()
    t.say(ENVOY, "/回溯")
    assert not t.changed and "第3天起" in t.reply()
    t.exile(None)
    t.pass_night()
    t.say(4, "/决斗 6号")  # a good seat: the knight, the sheriff, leaves and the day goes on
    t.say(ENVOY, "/回溯")  # his badge is waiting
    assert not t.changed and "待处理的决定" in t.reply()
    t.say(4, "/移交 2号")
    t.say(ENVOY, "/回溯 2号")
    assert not t.changed and "不需要写别的内容" in t.reply()
    t.say(2, "/回溯")
    assert not t.changed and "你不是白夜使者" in t.reply()
    t.exile(None)
    t.say(ENVOY, "/回溯")
    assert not t.changed and "今天的放逐投票已经结算" in t.reply()


def test_refused_once_out() -> None:
    t = game()
    t.pass_night()
    t.exile(ENVOY)
    t.pass_night()
    t.say(ENVOY, "/回溯")
    assert not t.changed and "你已出局" in t.reply()


def test_last_words_of_the_day_before_stand_those_of_the_void_night_do_not() -> None:
    t = game()
    t.night()
    kill(t, "空")
    t.dawn()
    t.exile(7)
    t.night()
    t.say(7, "/遗言 我是村民")
    kill(t, 6)
    t.dawn()
    t.say(ENVOY, "/回溯")
    assert t.game.last_words == {7: "我是村民"}
    t.night()
    kill(t, "空")
    t.dawn()
    draft = next(text for text in t.to_director() if "公示草稿" in text)
    assert "7号：我是村民" in draft and "第2夜出局：平安夜" in draft


def test_a_replay_of_the_log_rebuilds_the_same_game() -> None:
    t, _ = at_day_three()
    t.say(ENVOY, "/回溯")
    t.night()
    kill(t, 8)
    t.dawn()
    again = Game.replay(1, "x", 0, TIMEZONE, t.events, board_text=t.game.board_text)
    assert rules_state(again) == rules_state(t.game)
    assert again.timers() == t.game.timers()


def test_the_door_close_is_kept_only_on_boards_with_the_role() -> None:
    t = game()
    t.night()
    assert rewind.kept_night(t.game) == 1
    plain = started(board({"狼人": 2, "预言家": 1, "村民": 3}, [("狼人", "30分钟"), ("预言家", "30分钟")]), {
        1: "预言家", 2: "村民", 3: "村民", 4: "村民", 5: "狼人", 6: "狼人",
    })  # fmt: skip
    plain.night()
    assert rewind.DoorClose.__name__ not in plain.game.flags


def test_the_directors_are_told_who_is_out_of_the_wolf_group_again() -> None:
    roster = {**ROSTER, "村民": 3, "野孩子": "{数量: 1, 变狼: 榜样出局}"}
    t = started(board(roster, [*NIGHT, ("野孩子", "30分钟")]), {**SEATS, 11: "野孩子"})
    t.night()
    t.say(11, "/榜样 6号")
    kill(t, "空")
    t.dawn()
    t.exile(None)
    t.night()
    kill(t, 6)  # his model leaves: he turns wolf and joins the group
    t.dawn()
    assert t.director_got("请把11号拉进狼群"), t.reply()
    t.say(ENVOY, "/回溯")
    assert t.director_got("请把11号移出狼群（回溯后他不在狼群里）"), t.reply()
    assert t.camp(11) == "村民阵营"


def test_the_void_day_leaves_no_penalty_proposal_nor_a_new_close() -> None:
    t = started(board(ROSTER, NIGHT) + "日程:\n  关门: 21:00\n判罚:\n  未投票: 黄牌\n", SEATS)
    t.night()
    kill(t, 6)
    t.dawn()
    t.exile(7)
    book = deepcopy(t.game.flags["DayBook"])
    t.night()
    kill(t, 8)
    t.dawn()
    ballots(t, ["1号 9号"])
    t.say(ENVOY, "/回溯")
    assert t.changed, t.reply()
    assert not t.director_got("未投票") and not t.director_got("第2天关门时间"), t.reply()
    assert t.game.flags["DayBook"] == book
