"""The built-in boards of common-boards.md section 4 (4.1's table): each checks, has the post's seats,
opens, deals and plays a night; the names in brackets open it too (补充裁定 8)."""

from __future__ import annotations

import pytest

from bansha_engine.boardfile import check
from bansha_engine.boards import ALIASES, BOARDS, COMMON, builtin_name, builtin_text
from tests.engine_helpers import WOLF_GROUP, Table, qq

SEATS = {"九人预女猎": 9, "熊狐乌鸦": 10}  # the others: 12 (盗贼丘比特 14 cards, 盗宝大师 15)


@pytest.mark.parametrize("name", COMMON)
def test_the_board_file_checks_and_has_the_posts_seats(name: str) -> None:
    checked = check(builtin_text(name))
    assert checked.ok, checked.problems
    assert checked.board.name == name
    assert BOARDS[name].size == SEATS.get(name, 12)


@pytest.mark.parametrize("name", COMMON)
def test_the_board_opens_deals_and_plays_a_night(name: str) -> None:
    t = Table(name)
    t.director(f"/开局 {name}")
    for seat in range(1, BOARDS[name].size + 1):
        t.director(f"/座位 {seat}号 {qq(seat)}")
    t.director("/发牌")
    assert t.changed, t.reply()
    if BOARDS[name].options.wolf_group:
        t.director(f"/狼群 {WOLF_GROUP}")
    t.director("/开始")
    assert t.changed and t.game.phase in ("day", "opening"), t.reply()
    t.director("/入夜")
    assert t.changed and t.game.phase == "night", t.reply()
    t.director("/天亮")
    assert t.changed, t.reply()
    assert t.game.night is None or t.game.prompts or t.game.ended, t.reply()


def test_the_names_in_brackets_open_the_board() -> None:
    assert builtin_name("梦魇摄梦人") == "噩梦之影摄梦人" and builtin_name("驯熊师隐狼") == "熊隐狼"
    assert all(target in BOARDS for target in ALIASES.values())
