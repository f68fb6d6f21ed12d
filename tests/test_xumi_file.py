"""须弥's file: the values it states take effect, in a copy under another name too; what the post's
mechanism cannot take is refused by the checker, with its line and what is allowed."""

from __future__ import annotations

import re

import pytest

from bansha_engine import vote
from bansha_engine.boardfile import check
from bansha_engine.boardfile.catalog import library_text
from bansha_engine.boards import BOARDS, board_from_text, builtin_text
from bansha_engine.library import FILE_MECHANISMS, ROLES, named_mechanism
from bansha_engine.roles.xumi import pack
from tests.engine_helpers import qq
from tests.xumi_helpers import to_night_slot, xumi

COPY = "须弥改"


def copy_text(*changes: tuple[str, str]) -> str:
    """The shipped 须弥 file under another name, with these lines changed."""
    text = builtin_text("须弥").replace("板子: 须弥", f"板子: {COPY}")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return text


def copy_game(*changes: tuple[str, str]):
    return xumi(board=COPY, board_text=copy_text(*changes))


def test_the_builtin_board_keeps_the_post_values() -> None:
    options = BOARDS["须弥"].options
    assert options.sheriff_votes == 1.5 and options.exile_tie == "nobody"
    assert options.last_words == 99 and not options.first_night_kill
    assert options.max_substitutes == 1 and options.handoff_minutes == 10
    assert BOARDS["须弥"].hooks.has_last_words is not None


def test_a_copy_with_the_same_values_is_the_same_board_under_its_name() -> None:
    board = board_from_text(copy_text())
    builtin = BOARDS["须弥"]
    assert board.name == COPY and board.options == builtin.options
    assert [s.deadline for s in board.night_steps] == [s.deadline for s in builtin.night_steps]


def test_a_slot_deadline_of_the_file_is_the_slots() -> None:
    board = board_from_text(copy_text(("  - 午夜: 40分钟", "  - 午夜: 45分钟")))
    deadlines = {step.id: step.deadline.minutes_after_close for step in board.night_steps}
    assert deadlines["午夜"] == 45 and deadlines["早夜2"] == 40


def test_a_slot_closes_at_the_copys_deadline() -> None:
    due = {}
    for t in (xumi(), copy_game(("  - 午夜: 40分钟", "  - 午夜: 45分钟"))):
        t.director("/入夜")
        to_night_slot(t, "午夜")
        due[t.game.board.name] = t.game.night.due["午夜"] - t.game.night.due["早夜2"]
    assert due == {"须弥": 0, COPY: 5 * 60}


def test_a_slot_opening_before_its_deadline_closes_at_it_not_five_minutes_on() -> None:
    """COMMANDS.md 须弥: 「a slot that opens at or after its deadline stays open five more minutes」 — only
    then: 深夜1 at +42 opening at +40 (午夜 closed at its deadline) closes at +42, not at +45."""
    t = copy_game(("  - 深夜1: 50分钟", "  - 深夜1: 42分钟"))
    t.director("/入夜")
    door = t.now
    night = t.game.night
    assert night is not None and night.state["午夜"] == "open"
    t.wait(door + 40 * 60 + 1 - t.now)
    assert night.state["深夜1"] == "open" and night.due["深夜1"] == door + 42 * 60


def test_the_sheriff_weighs_what_the_file_says() -> None:
    t = copy_game(("警长: 1.5", "警长: 3"))
    assert "你的票多计2票" in "\n".join(m.text for m in t.sent if m.target == qq(1))
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    t.director("/投票 1号 12号")
    t.director("/投票 2号 13号")
    assert vote.counts(t.game) == {12: 3.0, 13: 1.0}


@pytest.mark.parametrize(("rule", "leaves"), [("无人出局", None), ("警长投票的角色出局", 12)])
def test_a_tie_follows_the_files_rule(rule: str, leaves: int | None) -> None:
    t = copy_game(("警长: 1.5", "警长: 2"), ("平票: 无人出局", f"平票: {rule}"))
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    for ballot in ("/投票 1号 12号", "/投票 2号 13号", "/投票 3号 13号"):
        t.director(ballot)
    assert vote.top(t.game) == [12, 13]
    t.director("/入夜")  # 黄昏1 settles the vote as the door closes
    gone = [seat for seat in (12, 13) if not t.game.seats[seat].alive]
    assert gone == ([leaves] if leaves else [])


def test_no_last_words_when_the_file_says_none() -> None:
    t = copy_game(("遗言: 首夜和放逐", "遗言: 无"))
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    t.director("/放逐 12号")
    t.director("/入夜")  # 黄昏1 settles the vote as the door closes
    assert not t.game.seats[12].alive and t.game.last_words_offered == []


def test_the_builtin_offers_last_words_to_the_exiled() -> None:
    t = xumi()
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    t.director("/放逐 12号")
    t.director("/入夜")  # 黄昏1 settles the vote as the door closes
    assert t.game.last_words_offered == [12]


def test_the_wolves_kill_on_night_one_when_the_file_allows_it() -> None:
    t = xumi()
    t.director("/入夜")
    assert pack.actors(t.game) == []  # 「狼人群内首夜不能[杀人]」
    t = copy_game(("首夜刀人: 不可以", "首夜刀人: 可以"))
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    t.wolf(11, "/刀 6号")
    t.wolf(12, "/刀 6号")
    t.wolf(13, "/刀 6号")
    t.wolf(14, "/刀 6号")
    t.director("/天亮")
    assert not t.game.seats[6].alive


def test_handoff_and_substitutes_are_the_files() -> None:
    board = board_from_text(copy_text(("替补: 1", "替补: 不限"), ("移交时限: 10分钟", "移交时限: 20分钟")))
    assert board.options.max_substitutes is None and board.options.handoff_minutes == 20


def refused(*changes: tuple[str, str]) -> list[str]:
    checked = check(copy_text(*changes))
    assert checked.board is None
    return [problem.text() for problem in checked.problems]


def line_of(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("警长: 1.5", "警长: 无", "须弥在竞选日选出警长"),
        ("警长: 1.5", "警长: 0.5", "1到10的数"),
        ("  吹笛者: 1", "  吹笛者: 2", "每个身份1个：「吹笛者」要写1"),
        (
            "胜负: 阵营判负                # 三个阵营各有判负条件，最后一个未判负的阵营获胜",
            "胜负: 屠城",
            "「胜负」要写：阵营判负",
        ),
        ("狼人: 狼群投票", "狼人: 狼头", "「狼人」只能写：狼群投票"),
        ("  - 午夜: 40分钟", "  - 午夜: 次日8:00", "时限要写时长"),
        ("  - 午夜: 40分钟", "  - 午间: 40分钟", "最接近的是：午夜"),
    ],
)
def test_a_value_the_post_cannot_take_is_refused_on_its_line(old: str, new: str, says: str) -> None:
    line = line_of(copy_text(), old)
    problems = refused((old, new))
    assert any(p.startswith(f"第{line}行") and says in p for p in problems), problems


def test_slots_out_of_the_posts_order_are_refused_with_the_order() -> None:
    problems = refused(("  - 早夜1: 30分钟\n  - 早夜2: 40分钟", "  - 早夜2: 40分钟\n  - 早夜1: 30分钟"))
    line = line_of(copy_text(), "  - 早夜1: 30分钟")
    assert problems[0].startswith(f"第{line}行") and "这一行应当是「早夜1」" in problems[0]
    assert "黄昏1、黄昏2、早夜1" in problems[0]


def test_a_value_the_post_cannot_take_is_listed_with_the_files_other_problems() -> None:
    problems = refused(
        ("警长: 1.5", "警长: 无"), ("平票: 无人出局", "平票: 随机"), ("狼人: 狼群投票", "狼人: 狼头")
    )
    lines = [line_of(copy_text(), key) for key in ("警长: 1.5", "平票: 无人出局", "狼人: 狼群投票")]
    assert [p.split("：", 1)[0] for p in problems] == [f"第{line}行" for line in sorted(lines)], problems
    assert any("须弥在竞选日选出警长" in p for p in problems), problems


def test_a_misspelt_slot_is_refused_once_not_again_for_the_posts_order() -> None:
    problems = refused(("  - 午夜: 40分钟", "  - 午间: 40分钟"))
    assert len(problems) == 1 and "最接近的是：午夜" in problems[0], problems


def test_a_copy_seats_what_its_pool_draws() -> None:
    board = check(copy_text()).board
    assert board is not None and board.size == 14 == BOARDS["须弥"].size


def test_a_missing_pool_role_and_an_unread_key_are_refused() -> None:
    problems = refused(("  吹笛者: 1\n", ""), ("替补: 1", "替补: 1\n神职: [高僧]"))
    assert any("缺少：吹笛者" in p for p in problems), problems
    assert any("不写「神职」" in p for p in problems), problems


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("正午, 黄昏投票", "正午, 黄昏投", "没有叫「黄昏投」的机制，最接近的是：黄昏投票"),
        ("正午, 黄昏投票, ", "正午, ", "机制「时段夜晚」、「阵营判负」要和「黄昏投票」一起用"),
    ],
)
def test_a_wrong_or_missing_mechanism_is_refused_on_its_line(old: str, new: str, says: str) -> None:
    line = line_of(copy_text(), next(x for x in copy_text().splitlines() if x.startswith("机制:")))
    problems = refused((old, new))
    assert any(p.startswith(f"第{line}行") and says in p for p in problems), problems


def test_a_win_by_camps_without_the_pool_is_refused() -> None:
    text = builtin_text("预女猎白").replace("胜负: 屠边", "胜负: 阵营判负")
    checked = check(text)
    assert checked.board is None
    line = text.splitlines().index("胜负: 阵营判负") + 1
    assert [p.text() for p in checked.problems] == [
        f"第{line}行：机制「阵营判负」要和「身份池」一起用：请在「机制」里加上「身份池」",
        f"第{line}行：机制「阵营判负」要和「黄昏投票」一起用：请在「机制」里加上「黄昏投票」",
    ]


def test_the_library_lists_the_pool_under_its_mechanism_not_the_old_post() -> None:
    lines = library_text().splitlines()
    pool = next(line for line in lines if line.startswith("【机制「身份池」】"))
    assert "哥布林" in pool and "吹笛者" in pool
    assert not any(line.startswith("【规则「") for line in lines)


def test_each_xumi_mechanism_needs_all_the_others_in_the_end() -> None:
    """No part of 须弥's set composes without the rest: following `needs` from any reaches all."""
    every = {*FILE_MECHANISMS, "阵营判负"}
    for start in every:
        reached, todo = set(), [start]
        while todo:
            name = todo.pop()
            if name not in reached:
                reached.add(name)
                mechanism = named_mechanism(name)
                assert mechanism is not None
                todo += mechanism.needs
        assert reached == every, start


def test_the_pool_without_its_mechanism_is_one_problem_naming_the_mechanism() -> None:
    text = copy_text()
    mechanisms = next(line for line in text.splitlines() if line.startswith("机制:"))
    problems = [p.text() for p in check(text.replace(mechanisms + "\n", "")).problems]
    roster = line_of(text, "身份:") - 1  # the line of 身份 once 机制 above it is gone
    pool = named_mechanism("身份池")
    assert pool is not None
    # the pool's roles the library lacks (吹笛者, 狼巫, 噩梦之影 are the library's own too: common-boards.md 1.6)
    unknown = [name for name in pool.roles if name not in ROLES]
    assert re.match(
        rf"第{roster}行：「哥布林」、「天狗」、「[^」]+」等{len(unknown)}个身份是机制「身份池」的身份",
        problems[0],
    ), problems
    assert not any("身份库里没有「" in p for p in problems), problems
    assert any("「阵营判负」要和「身份池」一起用" in p for p in problems), problems
