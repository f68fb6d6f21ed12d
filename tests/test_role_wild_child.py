"""野孩子 (common-boards.md 3.1, 2.7, 2.10.7, 5.3.1; 补充裁定 10, 16)."""

from __future__ import annotations

from bansha_engine import Game, checks, library, pack, seal
from bansha_engine.model import VILLAGE, WOLVES
from bansha_engine.roles import wild_child
from tests.common_helpers import board, started
from tests.engine_helpers import TIMEZONE, Table

NIGHT = [("野孩子", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "女巫", 3: "野孩子", 4: "村民", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}
CHILD = 3


def game(**child_options: str) -> Table:
    settings = "".join(f", {k}: {v}" for k, v in child_options.items())
    roster = {"狼人": 2, "预言家": 1, "女巫": 1, "野孩子": f"{{数量: 1{settings}}}", "村民": 3}
    return started(board(roster, NIGHT), SEATS)


def kill(t: Table, target: int | str) -> None:
    word = target if isinstance(target, str) else f"{target}号"
    for wolf in (7, 8):
        if t.alive(wolf):
            t.wolf(wolf, f"/刀 {word}")


def following(model: int, **child_options: str) -> Table:
    """Night 1 under way: he took `model` (his step closes at once: he is its only actor)."""
    t = game(**child_options)
    t.night()
    t.say(CHILD, f"/榜样 {model}号")
    assert t.changed, t.reply()
    return t


def test_night_one_he_must_take_another_living_seat_as_his_model() -> None:
    t = game()
    t.night()
    assert t.seat_got(CHILD, "请选择你的榜样：/榜样 N号（必须选择，超时随机）")
    for text, why in (("/放弃", "强制"), ("/榜样 3号", "不能选择自己"), ("/榜样", "用法：/榜样 N号")):
        t.say(CHILD, text)
        assert not t.changed and why in t.reply(), (text, t.reply())
    t.say(4, "/榜样 5号")
    assert not t.changed and "你不是野孩子" in t.reply()
    t.say(CHILD, "/榜样 5号")
    assert t.changed and t.seat_got(CHILD, "已记录：榜样5号"), t.reply()
    assert not any("榜样" in text for text in t.to_seat(5, ever=True))  # the model is not told
    assert t.camp(CHILD) == VILLAGE and library.category_of(t.game, CHILD) == library.VILLAGER


def test_left_to_the_deadline_a_model_is_chosen_at_random() -> None:
    t = game()
    t.night()
    t.wait(31 * 60)
    model = library.peek_seat_state(t.game, CHILD, wild_child.Model).seat
    assert model not in (0, CHILD) and t.seat_got(CHILD, f"你未选择，已随机选择{model}号作为榜样", ever=True)


def test_only_on_the_first_night_and_no_seal_touches_it() -> None:
    roster = {"狼人": 2, "噩梦之影": 1, "预言家": 1, "女巫": 1, "野孩子": 1, "村民": 2}
    t = started(board(roster, [("噩梦之影", "15分钟"), *NIGHT]), {**SEATS, 6: "噩梦之影"})
    t.night()
    t.say(6, f"/恐惧 {CHILD}号")
    assert t.changed and seal.sealed(t.game, CHILD) == seal.FEAR, t.reply()
    t.say(CHILD, "/榜样 5号")
    assert t.changed, t.reply()
    for wolf in (6, 7, 8):
        t.wolf(wolf, "/刀 空")
    t.dawn()
    t.exile(None)
    t.night()
    t.say(CHILD, "/榜样 6号")
    assert not t.changed and "不是行动时间" in t.reply()


def test_his_model_exiled_he_turns_wolf_and_joins_the_group() -> None:
    t = following(5)
    kill(t, "空")
    t.dawn()
    t.exile(5)
    assert t.camp(CHILD) == WOLVES and library.category_of(t.game, CHILD) == library.WOLF
    assert t.seat_got(CHILD, "你的榜样离场了，你变成了狼人。你现在属于狼人阵营")
    assert not any("出局" in text for text in t.to_seat(CHILD))  # 补充裁定 16
    assert t.seat_got(CHILD, "你的狼群同伴：7号、8号")
    assert t.director_got("野孩子3号的榜样5号离场（被投票放逐），3号变成狼人（狼人阵营）")
    assert t.director_got("请把3号拉进狼群") and t.group_got("3号加入狼群")
    assert pack.in_pack(t.game, CHILD)
    assert checks.camp_of(t.game, CHILD) == checks.OTHER_ANSWER and checks.role_of(t.game, CHILD) == "野孩子"
    t.night()
    t.wolf(7, "/刀 4号")
    t.wolf(8, "/刀 4号")
    assert t.game.night is not None and t.game.night.state["wolves"] == "open"  # waits for him too
    t.wolf(CHILD, "/刀 4号")
    t.dawn()
    assert not t.alive(4)


def test_by_default_a_model_killed_at_night_does_not_turn_him() -> None:
    t = following(5)
    kill(t, 5)
    t.dawn()
    assert not t.alive(5) and t.camp(CHILD) == VILLAGE


def test_with_any_exit_a_model_killed_at_night_turns_him() -> None:
    t = following(5, 变狼="榜样出局")
    kill(t, 5)
    t.dawn()
    assert t.camp(CHILD) == WOLVES and pack.in_pack(t.game, CHILD)
    assert t.director_got("野孩子3号的榜样5号离场（被杀）")


def test_out_before_his_model_he_stays_in_the_village() -> None:
    t = following(5)
    kill(t, CHILD)
    t.dawn()
    t.exile(5)
    assert t.camp(CHILD) == VILLAGE and not pack.in_pack(t.game, CHILD)
    assert not t.seat_got(CHILD, "你变成了狼人", ever=True)


def test_he_turns_before_the_win_is_judged() -> None:
    t = following(8)
    kill(t, "空")
    t.dawn()
    t.exile(7)
    t.pass_night()
    t.exile(8)  # the last wolf of the group: he is a wolf now, the game goes on
    assert not t.game.ended and t.camp(CHILD) == WOLVES


def test_identity_and_status_say_where_he_stands() -> None:
    t = following(5)
    t.say(CHILD, "/身份")
    assert "你的榜样是5号：他被放逐投票离场时你还活着，你就变成狼人" in t.reply()
    t.director("/状态")
    assert "榜样5号" in t.reply()
    kill(t, "空")
    t.dawn()
    t.exile(5)
    t.say(CHILD, "/身份")
    assert "阵营：狼人阵营" in t.reply() and "你已变成狼人" in t.reply()


def test_a_replay_rebuilds_the_turn() -> None:
    t = following(5)
    kill(t, "空")
    t.dawn()
    t.exile(5)
    again = Game.replay(1, "x", 0, TIMEZONE, t.events, board_text=t.game.board_text)
    assert again.seats[CHILD].camp == WOLVES and again.seats[CHILD].data == t.game.seats[CHILD].data


def test_turned_wolf_he_may_self_destruct_where_the_board_allows_it() -> None:
    roster = {"狼人": 2, "预言家": 1, "女巫": 1, "野孩子": 1, "村民": 3}
    t = started(board(roster, NIGHT, 自爆="双爆吞警徽"), SEATS)
    t.night()
    t.say(CHILD, "/榜样 5号")
    kill(t, "空")
    t.dawn()
    t.say(CHILD, "/自爆")
    assert not t.changed and "只有狼群里的狼人可以自爆" in t.reply()
    t.exile(5)
    t.pass_night()
    t.say(CHILD, "/自爆")
    assert t.changed and not t.alive(CHILD), t.reply()
