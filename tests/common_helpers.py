"""Games on directors' board files built from the roles of common-boards.md, for the role tests.

`board(roster, night, **keys)` writes a file; `started(text, seats)` opens it, seats everyone
(seat N is QQ 10000+N), binds the wolf group when the board has one and starts the game."""

from __future__ import annotations

from bansha_engine.boardfile import check
from tests.engine_helpers import WOLF_GROUP, Table, qq


def board(
    roster: dict[str, int | str], night: list[tuple[str, str]], name: str = "测试板", **keys: str
) -> str:
    """A board file: `roster` maps a role to its count (or to a flow mapping such as
    「{数量: 1, 自咒: 可以}」), `night` lists (step, deadline), `keys` are further top-level keys."""
    settings = {"警长": "无", "平票": "无人出局", "遗言": "首夜和放逐", "胜负": "屠边", **keys}
    lines = [f"板子: {name}", "身份:"]
    lines += [f"  {role}: {count}" for role, count in roster.items()]
    lines += ["夜晚:", *(f"  - {step}: {deadline}" for step, deadline in night)]
    lines += [f"{key}: {value}" for key, value in settings.items()]
    return "\n".join(lines) + "\n"


def started(text: str, seats: dict[int, str], *, seed: int = 0, bottom: str | None = None) -> Table:
    """`bottom`: the bottom cards the director sets aside before dealing (`/底牌`, 盗贼 and 盗宝大师)."""
    checked = check(text)
    assert checked.ok, checked.problems
    t = Table(board_text=text, seed=seed)
    t.director("/开局 x")
    if bottom is not None:
        t.director(f"/底牌 {bottom}")
        assert t.changed, t.reply()
    for seat, role in seats.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
        assert t.changed, t.reply()
    if t.game.board.options.wolf_group:
        t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.game.phase in ("day", "opening"), t.reply()
    return t


def ballots(t: Table, lines: list[str]) -> None:
    t.director("/投票\n" + "\n".join(lines))
    assert t.changed, t.reply()


# The 影子 and the 复仇者 with two wolves, 预言家, 女巫 and 猎人: their role tests and 补充裁定 7's
SHADOW_AVENGER_NIGHT = [("影子", "30分钟"), ("狼人", "30分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]
SHADOW_AVENGER_ROSTER = {"狼人": 2, "预言家": 1, "女巫": 1, "猎人": 1, "影子": 1, "复仇者": 1, "村民": 2}
SHADOW_AVENGER_SEATS = {
    1: "预言家",
    2: "女巫",
    3: "猎人",
    4: "影子",
    5: "复仇者",
    6: "村民",
    7: "村民",
    8: "狼人",
    9: "狼人",
}
SHADOW_AVENGER = board(SHADOW_AVENGER_ROSTER, SHADOW_AVENGER_NIGHT)
