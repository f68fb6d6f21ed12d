"""Every role of the wolves' category is a wolf (issue 21.1): standard-boards.md 狼王、白狼王、狼美人
「属于狼人阵营，也是狼人：他们在狼群里一起投票刀人」; 竞技12's 狼头 scheme 「所有狼人将在游戏开始后互知」.
Under every `狼人` mode they kill and know each other, and a board of special wolves only kills."""

from __future__ import annotations

from bansha_engine.boardfile import check
from tests.engine_helpers import WOLF_GROUP, Table, qq


def board(name: str, roster: str, night: str, kill_mode: str = "狼群投票") -> str:
    return (
        f"板子: {name}\n身份:\n{roster}\n狼人: {kill_mode}\n夜晚:\n{night}\n"
        "警长: 无\n平票: 无人出局\n遗言: 首夜和放逐\n胜负: 屠边\n"
    )


HEAD_BOARD = board(
    "狼头混合",
    "  狼人: 2\n  狼王: 1\n  幼狼: 1\n  预言家: 1\n  女巫: 1\n  村民: 3",
    "  - 争权: 30分钟\n  - 狼人: 60分钟\n  - 幼狼: 60分钟\n  - 女巫: 90分钟\n  - 预言家: 60分钟",
    kill_mode="狼头",
)
# 1-2 狼人, 3 狼王, 4 幼狼, 5 预言家, 6 女巫, 7-9 村民
HEAD_SEATS = {
    1: "狼人",
    2: "狼人",
    3: "狼王",
    4: "幼狼",
    5: "预言家",
    6: "女巫",
    7: "村民",
    8: "村民",
    9: "村民",
}

SPECIAL_ONLY = board(
    "特殊狼",
    "  狼王: 1\n  白狼王: 1\n  预言家: 1\n  女巫: 1\n  村民: 3",
    "  - 狼人: 30分钟\n  - 女巫: 60分钟\n  - 预言家: 30分钟",
)
# 1 狼王, 2 白狼王, 3 预言家, 4 女巫, 5-7 村民
SPECIAL_SEATS = {1: "狼王", 2: "白狼王", 3: "预言家", 4: "女巫", 5: "村民", 6: "村民", 7: "村民"}


def started(text: str, seats: dict[int, str], *, opened_by: str | None = None, group: bool = False) -> Table:
    t = Table(board_text=text)
    if opened_by is not None:
        t.game.opened_by = opened_by
    t.director("/开局 x")
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    if group:
        t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.game.phase == "day", t.reply()
    return t


def test_under_the_head_every_wolf_knows_the_others_at_the_start() -> None:
    t = started(HEAD_BOARD, HEAD_SEATS)
    for seat in (1, 2, 3, 4):
        assert any("狼人同伴：1号、2号、3号、4号" in text for text in t.to_seat(seat, ever=True)), seat
    assert not any("狼人同伴" in text for text in t.to_seat(5, ever=True))


def test_under_the_head_a_special_wolf_votes_and_may_be_elected_head() -> None:
    t = started(HEAD_BOARD, HEAD_SEATS)
    t.night()
    assert any("选举狼头" in text for text in t.to_seat(3)), t.reply()
    for seat in (1, 2, 3):
        t.say(seat, "/选狼头 4号")
        assert t.changed, t.reply()
    t.say(4, "/选狼头 4号")
    marks = t.game.board.hooks.status_marks
    assert marks is not None and marks(t.game, 4) == ["狼头"]
    assert t.seat_got(4, "你成为狼头")
    t.say(3, "/传话 刀五号")
    assert t.changed and t.seat_got(4, "3号传话：刀五号"), t.reply()
    t.say(4, "/刀 5号")
    assert t.seat_got(3, "狼头指杀5号"), t.reply()


def test_under_the_head_a_young_wolf_is_a_candidate() -> None:
    """Issue 21.1: 「/选狼头 6号 for a 幼狼 is refused as 不是狼人」 no more."""
    t = started(HEAD_BOARD, HEAD_SEATS)
    t.night()
    t.say(1, "/选狼头 4号")
    assert t.changed, t.reply()
    t.say(1, "/选狼头 5号")
    assert not t.changed and "不是狼人" in t.reply()


def test_a_game_opened_before_0_5_0_keeps_the_plain_wolves_only_under_the_head() -> None:
    """A stored game rebuilds as it was played: its 狼王 took no part in the election."""
    t = started(HEAD_BOARD, HEAD_SEATS, opened_by="0.4.0")
    t.night()
    t.say(3, "/选狼头 1号")
    assert not t.changed, t.reply()
    t.say(1, "/选狼头 4号")
    assert not t.changed and "不是狼人" in t.reply()


def test_a_board_of_special_wolves_only_is_accepted_and_kills() -> None:
    assert check(SPECIAL_ONLY).ok, check(SPECIAL_ONLY).problems
    t = started(SPECIAL_ONLY, SPECIAL_SEATS, group=True)
    t.night()
    assert t.group_got("狼人请在群里投票杀人"), t.reply()
    t.wolf(1, "/刀 5号")
    t.wolf(2, "/刀 5号")
    assert t.group_got("狼人杀人已确定"), t.reply()
    t.say(4, "/放弃")
    t.say(3, "/预言 1号")
    assert not t.alive(5), t.reply()


def test_a_board_of_special_wolves_without_the_kill_in_its_night_is_told_to_add_it() -> None:
    text = SPECIAL_ONLY.replace("  - 狼人: 30分钟\n", "")
    checked = check(text)
    assert not checked.ok
    assert any("缺少「狼人」的时限" in problem.message for problem in checked.problems), checked.problems


def test_a_special_wolf_is_told_his_fellows_and_the_kill() -> None:
    t = started(SPECIAL_ONLY, SPECIAL_SEATS, group=True)
    start = [text for text in t.to_seat(1, ever=True) if "游戏开始" in text][0]
    assert "狼人同伴：1号、2号" in start and "/刀" in start, start
