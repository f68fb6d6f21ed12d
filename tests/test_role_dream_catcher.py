"""摄梦人 (common-boards.md 3.1, 2.10.2, 2.3, 补充裁定 4, 5, 10)."""

from __future__ import annotations

from bansha_engine.model import DREAM_DEATH, KILL, POISON, VOTE
from tests.common_helpers import board, started
from tests.engine_helpers import Table

NIGHT = [("摄梦人", "30分钟"), ("守卫", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟")]
SEATS = {1: "摄梦人", 2: "女巫", 3: "猎人", 4: "守卫", 5: "村民", 6: "村民", 7: "狼人", 8: "狼人"}


def game(
    options: str = "", seats: dict[int, str] | None = None, extra: dict[str, int | str] | None = None
) -> Table:
    roster: dict[str, int | str] = {
        "狼人": 2,
        "摄梦人": f"{{数量: 1{options}}}",
        "女巫": 1,
        "猎人": 1,
        "守卫": 1,
        "村民": 2,
        **(extra or {}),
    }
    return started(board(roster, NIGHT), seats or SEATS)


def kill(t: Table, seat: int | str) -> None:
    target = f"{seat}号" if isinstance(seat, int) else seat
    t.wolf(7, f"/刀 {target}")
    t.wolf(8, f"/刀 {target}")


def night(t: Table, dream: int | None, killed: int | str = "空", *witch: str) -> None:
    t.night()
    if dream is not None:
        t.say(1, f"/摄梦 {dream}号")
        assert t.changed, t.reply()
    kill(t, killed)
    for command in witch:
        t.say(2, command)
        assert t.changed, t.reply()
    t.dawn()


def test_the_catcher_only_learns_his_choice_is_recorded_and_the_dreamer_is_not_told() -> None:
    t = game()
    t.night()
    t.say(1, "/摄梦 5号")
    assert t.changed and t.to_seat(1) == ["已记录：今晚摄梦5号。"], t.reply()
    kill(t, "空")
    t.dawn()
    assert not t.seat_got(5, "梦", ever=True)
    assert not any("梦" in text for text in t.to_seat(1)[1:]), t.to_seat(1, ever=True)
    assert t.director_got("1号（摄梦人）摄梦5号"), t.reply()


def test_the_dreamer_is_not_killed_and_the_witch_still_learns_the_kill() -> None:
    t = game()
    t.night()
    t.say(1, "/摄梦 5号")
    kill(t, 5)
    assert t.seat_got(2, "今晚被指杀的是5号"), t.reply()
    t.dawn()
    assert t.exits() == [] and t.alive(5), t.reply()


def test_the_poison_on_the_dreamer_is_spent_without_effect() -> None:
    t = game()
    night(t, 5, "空", "/毒 5号")
    assert t.exits() == [], t.reply()
    t.say(2, "/身份")
    assert "毒药 —— 已用完" in t.reply(), t.reply()


def test_a_dreamer_two_nights_running_leaves_by_dream_death() -> None:
    t = game()
    night(t, 5)
    t.exile(None)
    night(t, 5)
    assert t.exits() == [(5, DREAM_DEATH)], t.reply()
    assert t.director_got("5号连续两夜成为梦游者"), t.reply()


def test_a_night_without_him_breaks_the_run() -> None:
    t = game(", 空摄: 可以")
    night(t, 5)
    t.exile(None)
    t.night()
    t.say(1, "/放弃")
    assert t.changed, t.reply()
    kill(t, "空")
    t.dawn()
    t.exile(None)
    night(t, 5)
    assert t.exits() == [], t.reply()
    t.exile(None)
    night(t, 6)
    t.exile(None)
    night(t, 5)
    assert t.exits() == [], t.reply()


def test_nothing_saves_a_second_dream_neither_the_save_nor_the_guard() -> None:
    t = game()
    night(t, 6)
    t.exile(None)
    t.night()
    t.say(1, "/摄梦 6号")
    t.say(4, "/守护 6号")
    kill(t, 5)
    t.say(2, "/救 6号")
    t.dawn()
    assert t.exits() == [(5, KILL), (6, DREAM_DEATH)], t.reply()


def test_a_dreamer_both_guarded_and_saved_from_the_kill_does_not_leave() -> None:
    """The kill does nothing to the 梦游者, so neither do the guard and the save (docs/rulings-common.md, 摄梦人 2)."""
    t = game()
    t.night()
    t.say(1, "/摄梦 6号")
    t.say(4, "/守护 6号")
    kill(t, 6)
    t.say(2, "/救 6号")
    t.dawn()
    assert t.exits() == [], t.reply()


def test_the_catcher_leaving_at_night_takes_that_nights_dreamer() -> None:
    t = game()
    night(t, 5, 1)
    assert t.exits() == [(1, KILL), (5, DREAM_DEATH)], t.reply()
    assert t.director_got("当夜的梦游者5号随之梦亡"), t.reply()


def test_any_night_exit_of_the_catcher_takes_the_dreamer() -> None:
    t = game()
    night(t, 5, "空", "/毒 1号")
    assert t.exits() == [(1, POISON), (5, DREAM_DEATH)], t.reply()


def test_the_catcher_leaving_by_day_takes_nobody() -> None:
    t = game()
    night(t, 5)
    t.exile(1)
    assert t.exits() == [(1, VOTE)], t.reply()


def test_a_hunter_leaving_by_dream_death_cannot_shoot() -> None:
    t = game()
    night(t, 3)
    t.exile(None)
    night(t, 3)
    assert t.exits() == [(3, DREAM_DEATH)], t.reply()
    assert not t.game.prompts and t.director_got("3号（猎人）梦亡，不能开枪"), t.reply()


def test_the_choice_is_forced_by_default_pass_refused_and_random_at_the_deadline() -> None:
    t = game()
    t.night()
    t.say(1, "/放弃")
    assert not t.changed and "强制技能，不能放弃" in t.reply(), t.reply()
    t.say(1, "/放弃 摄梦")
    assert not t.changed and "强制技能，不能放弃" in t.reply(), t.reply()
    kill(t, "空")
    t.wait(31 * 60)
    dreamed = [text for text in t.to_seat(1, ever=True) if text.startswith("已记录：今晚摄梦")]
    assert len(dreamed) == 1 and "1号" not in dreamed[0], t.to_seat(1, ever=True)
    assert t.seat_got(1, "随机选择梦游者", ever=True)


def test_empty_dream_allowed_passes_and_the_deadline_chooses_nobody() -> None:
    t = game(", 空摄: 可以")
    t.night()
    t.say(1, "/放弃")
    assert t.changed, t.reply()
    t = game(", 空摄: 可以")
    t.night()
    kill(t, "空")
    t.wait(31 * 60)
    assert not t.seat_got(1, "已记录：今晚摄梦", ever=True) and t.seat_got(1, "视为放弃", ever=True)


def test_refusals_say_why_and_change_nothing() -> None:
    t = game()
    t.night()
    for seat, command, why in (
        (1, "/摄梦 1号", "不能选择自己"),
        (1, "/摄梦", "用法：/摄梦 N号"),
        (1, "/摄梦 13号", "没有13号"),
        (5, "/摄梦 6号", "你不是摄梦人"),
    ):
        t.say(seat, command)
        assert not t.changed and why in t.reply(), (command, t.reply())
    t.dawn()
    t.say(1, "/摄梦 5号")
    assert not t.changed and "不是行动时间" in t.reply(), t.reply()


# ------------------------------------------------ 补充裁定 4: only the 恶灵骑士 and the 蒙面人 stop 梦亡

KNIGHT_SEATS = {**SEATS, 8: "恶灵骑士"}
KNIGHT_ROSTER: dict[str, int | str] = {"狼人": 1, "恶灵骑士": 1}
MASKED_SEATS = {**SEATS, 6: "蒙面人"}
MASKED_ROSTER: dict[str, int | str] = {"村民": 1, "蒙面人": 1}


def test_the_evil_knight_is_immune_to_both_dream_deaths() -> None:
    """补充裁定 4: 「恶灵骑士（免疫一切夜间出局）」; the directors are not told he followed the catcher."""
    t = game(seats=KNIGHT_SEATS, extra=KNIGHT_ROSTER)
    night(t, 8)
    t.exile(None)
    night(t, 8)
    assert t.exits() == [] and t.alive(8), t.reply()
    t = game(seats=KNIGHT_SEATS, extra=KNIGHT_ROSTER)
    night(t, 8, 1)
    assert t.exits() == [(1, KILL)] and t.alive(8), t.reply()
    assert not t.director_got("随之梦亡"), t.reply()


def test_the_masked_mans_first_dream_death_is_a_wound() -> None:
    """补充裁定 4: 「蒙面人（第一次梦亡也改为负伤）」: he leaves the next day at the exile, by 梦亡."""
    t = game(seats=MASKED_SEATS, extra=MASKED_ROSTER)
    night(t, 6)
    t.exile(None)
    night(t, 6)
    assert t.alive(6) and t.seat_got(6, "你受了致命伤，明天发言结束后离场"), t.reply()
    t.exile(None)
    assert t.exits() == [(6, DREAM_DEATH)], t.reply()
    t = game(seats=MASKED_SEATS, extra=MASKED_ROSTER)
    night(t, 6, 1)
    assert t.exits() == [(1, KILL)] and t.seat_got(6, "你受了致命伤"), t.reply()
