"""Driving 须弥 games from tests: a valid board, a noon clock, and short cuts through the day."""

from __future__ import annotations

from tests.engine_helpers import WOLF_GROUP, Table, qq

NOON = 1_767_240_000.0  # 2026-01-01 12:00 in Asia/Shanghai: 正午 windows are open

# A valid board (ratio 48/35 ≈ 1.371): 牧师 | 摄梦人 灵鹿 猎魔人 炼金魔女 | 病人 刺猬 白猫 长老 | 吹笛者 |
# 天狗 狼学者 种狼 混沌 (all [群内]).
SEATS: dict[int, str] = {
    1: "牧师", 2: "摄梦人", 3: "灵鹿", 4: "猎魔人", 5: "炼金魔女", 6: "病人", 7: "刺猬", 8: "白猫",
    9: "长老", 10: "吹笛者", 11: "天狗", 12: "狼学者", 13: "种狼", 14: "混沌",
}  # fmt: skip


def xumi(
    seats: dict[int, str] | None = None,
    *,
    sheriff: int | None = 1,
    seed: int = 0,
    board: str = "须弥",
    board_text: str | None = None,
) -> Table:
    """A 须弥 game at noon, set up, started, with the 竞选日's sheriff recorded (`board`, `board_text`:
    a director's copy of 须弥)."""
    t = Table(board, seed=seed, board_text=board_text)
    t.now = NOON
    t.director(f"/开局 {board}")
    for seat, role in sorted((seats or SEATS).items()):
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
        assert t.changed, t.reply()
    t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.changed, t.reply()
    t.director(f"/警长 {sheriff}号" if sheriff else "/警长 无")
    assert t.changed, t.reply()
    return t


def to_night_slot(t: Table, slot: str) -> None:
    """Close slots one by one (/推进) until `slot` is the open one."""
    for _ in range(12):
        night = t.game.night
        if night is not None and night.state.get(slot) == "open":
            return
        t.director("/推进")
    raise AssertionError(f"{slot} never opened: {t.game.night.state if t.game.night else t.game.phase}")


def next_day(t: Table) -> None:
    """Close every slot of the night and open the next day's door."""
    t.director("/天亮")
    assert t.game.phase == "day", t.reply()
    t.director("/开门")
    assert t.changed, t.reply()


def to_night_two(t: Table) -> None:
    """On the default board, to night 2's 午夜 closed: the 摄梦人 (2) dreamed of 3 on night 1 and of 1
    now (neither a random pick nor one seat twice)."""
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(2, "/摄梦 3号")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "午夜")
    t.say(2, "/摄梦 1号")


def board_with(fixed: dict[int, str], seed: int = 0) -> dict[int, str]:
    """A valid 14-seat board holding `fixed` ({seat: role}); the other seats are drawn from the pool
    (deterministically for `seed`) and filled in seat order."""
    import random

    from bansha_engine.pool import draw
    from bansha_engine.roles.xumi.role_pool import POOL

    drawn = draw(POOL, list(fixed.values()), random.Random(seed))
    if drawn is None:
        raise AssertionError(f"no valid 须弥 board holds {fixed}")
    free = [seat for seat in range(1, 15) if seat not in fixed]
    return {**fixed, **dict(zip(free, drawn, strict=True))}


def seat_of(t: Table, role: str) -> int:
    return next(n for n, s in t.game.seats.items() if s.role == role)


def wolves_in_group(t: Table) -> list[int]:
    from bansha_engine.roles.xumi.common import in_group

    return in_group(t.game)
