"""The wolf group formed when the opening choices settle the camps (丘比特's 私奔): its members are the
roles of the group that join at the start — not a 单身狼 (common-boards.md 2.8), and a 噩梦之影 only
once his first night's fear is over (3.2: 「在狼群（第1夜恐惧结束之后）」)."""

from __future__ import annotations

from bansha_engine import pack
from tests.common_helpers import board, started

NIGHT = [("噩梦之影", "15分钟"), ("狼人", "30分钟"), ("石像鬼", "30分钟"), ("预言家", "30分钟")]
ROSTER = {
    "狼人": 1,
    "噩梦之影": 1,
    "石像鬼": 1,
    "预言家": 1,
    "丘比特": "{数量: 1, 黑情侣杀人: 不可以}",
    "村民": 3,
}
SEATS = {1: "预言家", 2: "丘比特", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "噩梦之影", 8: "石像鬼"}


def test_the_group_the_choices_form_holds_neither_a_lone_wolf_nor_the_nightmare_before_his_fear() -> None:
    t = started(board(ROSTER, NIGHT), SEATS)
    t.say(2, "/连 3号 4号")
    assert t.changed and t.game.phase == "day", t.reply()
    assert pack.members(t.game) == [6], t.reply()
    assert not pack.in_pack(t.game, 8) and pack.is_lone_wolf(t.game, 8)
    t.night()
    t.say(7, "/恐惧 1号")
    assert t.changed and pack.members(t.game) == [6, 7], t.reply()
    assert t.seat_got(7, "你的狼同伴是：6号"), t.reply()
