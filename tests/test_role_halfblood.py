"""混血儿 on a director's board (common-boards.md 3.4): 补充 3 (no 丘比特: no 通用刀, no 黑情侣 step),
查验结果, 告知阵营, 算作村民 (补充裁定 6)."""

from __future__ import annotations

from bansha_engine.boardfile import check
from bansha_engine.model import VILLAGE, WOLVES
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "混血儿", 3: "村民", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def halfblood_board(**options: str) -> str:
    written = "".join(f", {k}: {v}" for k, v in options.items())
    return board({"狼人": 2, "预言家": 1, "混血儿": f"{{数量: 1{written}}}", "村民": 3}, NIGHT)


def supporting(kin: int, **options: str) -> Table:
    t = started(halfblood_board(**options), SEATS)
    assert t.game.phase == "opening"
    t.say(2, f"/认亲 {kin}号")
    assert t.changed and t.game.phase == "day", t.reply()
    return t


def test_while_she_chooses_the_wolves_are_told_their_kill_and_later_their_group() -> None:
    """The opening choices form the wolf group: a wolf's role, told at /开始, already says how he kills."""
    t = started(halfblood_board(), SEATS)
    assert t.seat_got(6, "杀人 —— 开局选择完成后告诉你狼群同伴；每晚在狼群 /刀 N号", ever=True), t.to_seat(
        6, ever=True
    )
    t.say(2, "/认亲 3号")
    assert t.seat_got(6, "你的狼群同伴：6号狼人、7号狼人"), t.to_seat(6)


# ---------------------------------------------------------------- 补充 3


def test_without_cupid_neither_the_shared_knife_nor_the_lovers_step_is_needed() -> None:
    checked = check(halfblood_board())
    assert checked.ok, checked.problems
    t = supporting(6)
    assert t.camp(2) == WOLVES
    assert [step.id for step in t.game.board.night_steps] == ["wolves", "seer"]
    t.night()
    t.wolf(6, "/刀 3号")
    t.wolf(7, "/刀 3号")
    t.say(1, "/预言 2号")
    assert t.exits() == [(3, "杀人")] and t.seat_got(1, "2号是非村民阵营"), t.reply()


def test_a_file_saved_with_the_shared_knife_and_both_steps_still_runs() -> None:
    night = [("狼人", "30分钟"), ("黑情侣", "30分钟"), ("混血儿", "30分钟"), ("预言家", "30分钟")]
    text = board({"狼人": 2, "预言家": 1, "混血儿": 1, "村民": 3}, night, 狼人="通用刀")
    assert check(text).ok, check(text).problems
    t = started(text, SEATS)
    t.say(2, "/认亲 3号")
    t.night()
    t.wolf(6, "/刀 4号")
    t.wolf(7, "/刀 4号")
    t.say(1, "/放弃")
    assert t.exits() == [(4, "杀人")], t.reply()  # nobody acts in the lovers' or the 混血儿's step


def test_her_step_written_without_cupid_still_asks_for_the_shared_knife() -> None:
    """The file's check says what the composer would: a kill step written is a kill step."""
    night = [("狼人", "30分钟"), ("混血儿", "30分钟"), ("预言家", "30分钟")]
    problems = [
        p.message for p in check(board({"狼人": 2, "预言家": 1, "混血儿": 1, "村民": 3}, night)).problems
    ]
    assert any("「狼人」要写「通用刀」" in message for message in problems), problems


def test_with_cupid_both_steps_and_the_shared_knife_are_still_needed() -> None:
    text = board({"狼人": 2, "预言家": 1, "混血儿": 1, "丘比特": 1, "村民": 2}, NIGHT)
    problems = [p.message for p in check(text).problems]
    assert any("夜晚里缺少「黑情侣」" in message for message in problems), problems
    assert any("夜晚里缺少「混血儿」" in message for message in problems), problems
    assert any("「狼人」要写「通用刀」" in message for message in problems), problems


# ---------------------------------------------------------------- 查验结果


def test_by_default_a_check_answers_the_camp_she_follows() -> None:
    t = supporting(6)
    t.night()
    t.say(1, "/预言 2号")
    t.dawn()
    assert t.seat_got(1, "2号是非村民阵营"), t.reply()


def test_checked_as_village_answers_the_village_whoever_she_follows() -> None:
    t = supporting(6, 查验结果="村民阵营")
    assert t.camp(2) == WOLVES
    t.night()
    t.say(1, "/预言 2号")
    t.dawn()
    assert t.seat_got(1, "2号是村民阵营"), t.reply()


# ---------------------------------------------------------------- 告知阵营


def test_by_default_she_is_told_her_camp() -> None:
    t = supporting(6)
    assert t.seat_got(2, "开局选择完成，你的阵营是：狼人阵营"), t.reply()
    t.say(2, "/身份")
    assert "阵营：狼人阵营" in t.reply(), t.reply()


def test_camp_not_told_she_hears_only_whom_she_supports() -> None:
    t = started(halfblood_board(告知阵营="不可以"), SEATS)
    t.say(2, "/认亲 6号")
    assert "阵营在开局选择全部完成后通知你" not in t.reply(), t.reply()
    assert t.seat_got(2, "开局选择完成，已认亲6号（不告知阵营）"), t.reply()
    t.say(2, "/身份")
    assert "阵营：已认亲6号（不告知阵营）" in t.reply(), t.reply()
    assert not any("狼人阵营" in text for text in t.to_seat(2, ever=True)), t.to_seat(2, ever=True)
    assert t.camp(2) == WOLVES


# ---------------------------------------------------------------- 算作村民 (补充裁定 6)


def test_by_default_she_follows_the_wolves_and_must_leave_for_the_village_to_win() -> None:
    t = supporting(6)
    t.pass_night()
    t.exile(6)
    t.pass_night()
    t.exile(7)
    assert t.game.winner is None and t.alive(2), t.reply()


def test_counted_as_villager_the_village_wins_with_her_alive_following_the_wolves() -> None:
    t = supporting(6, 算作村民="可以")
    assert t.camp(2) == WOLVES  # she still follows (and wins with) the wolves (5.3 第11条)
    t.pass_night()
    t.exile(6)
    t.pass_night()
    t.exile(7)
    assert t.game.winner == VILLAGE, t.reply()


def test_by_default_the_villagers_out_lose_the_village_the_side() -> None:
    t = supporting(3)
    for seat in (3, 4):
        t.pass_night()
        t.exile(seat)
    t.night()
    t.wolf(6, "/刀 5号")
    t.wolf(7, "/刀 5号")
    t.dawn()
    assert t.game.winner == WOLVES, t.reply()


def test_counted_as_villager_she_keeps_the_villagers_side_alive() -> None:
    t = supporting(6, 算作村民="可以")
    for seat in (3, 4):
        t.pass_night()
        t.exile(seat)
    t.night()
    t.wolf(6, "/刀 5号")
    t.wolf(7, "/刀 5号")
    t.dawn()
    assert t.game.winner is None and t.alive(2), t.reply()
    t.exile(2)
    assert t.game.winner == WOLVES, t.reply()
