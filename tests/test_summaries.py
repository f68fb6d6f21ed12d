"""The directors' summaries name every action: each skill used in a night is in that night's summary
at dawn and in the record (/复盘); each used by day is told at once and in the day's block of the
record.  Every skill registered for 须弥 and every night skill of the classic boards is used once."""

from __future__ import annotations

import re

import pytest

from bansha_engine import skills
from bansha_engine.library import seat_state
from bansha_engine.mechanisms.xumi.slot_night import SLOTS
from bansha_engine.record import game_record
from bansha_engine.roles.xumi import lilupal, wolf_witch
from bansha_engine.skills import SKILLS, SkillSpec
from tests.engine_helpers import WOLF_GROUP, Table, qq, table
from tests.standard_helpers import act, kill, standard
from tests.xumi_helpers import next_day, to_night_slot, xumi

USER = 9  # the default board's 长老: holds no skill of its own to be used
NIGHT_SLOT_OF = {name: slot.name for slot in SLOTS for name in slot.skills}
XUMI_SKILLS = sorted(name for name, spec in SKILLS.items() if spec.slots)
# What a skill needs before it can be used at all: a 验人系 its 黑暗侦测 found, a child of the 镇灵之母.
NEEDS = {
    "光明湮灭": lambda t: seat_state(t.game, USER, wolf_witch.Detections).verifiers.append(1),  # 1 is 牧师
    "魔瓶": lambda t: seat_state(t.game, USER, lilupal.Mother).children.append(2),
}


def _hold(t: Table, name: str) -> None:
    """Seat USER holds skill `name` with a use left (阴阳变转 starts with none)."""
    skills.give(t.game, USER, name)
    state = t.game.seats[USER].skills[name]
    if state.uses_left == 0:
        state.uses_left = 1
    NEEDS.get(name, lambda t: None)(t)


def _typed(t: Table, spec: SkillSpec) -> str:
    """The command using `spec` on the first seats it may name."""
    fewest, most = spec.targets
    # 重定时间 names a seat only if one left today; 森林庇护 names none
    count = max(fewest, 1) if most and not spec.target_dead else fewest
    found = skills.choices(t.game, USER, spec.name)
    seats = found if found else [n for n in t.game.alive() if n != USER]
    words = [f"{n}号" for n in seats[:count]]
    if spec.argument:
        words.append("7" if spec.argument == "整数" else "牧师")
    return " ".join([f"/{spec.name}", *words])


@pytest.mark.parametrize("name", XUMI_SKILLS)
def test_every_xumi_skill_used_is_named_in_the_summary_and_the_record(name: str) -> None:
    spec = SKILLS[name]
    t = xumi(sheriff=None)
    if "正午" in spec.slots and name not in NIGHT_SLOT_OF:
        t.director("/入夜")
        next_day(t)  # day 2: 「竞选日不可发动」
        _hold(t, name)
        t.say(USER, _typed(t, spec))
        assert t.changed, t.reply()
        told = "\n".join(t.to_director())
        record = game_record(t.game).split("【第2天】")[1]
    else:
        t.director("/入夜")
        next_day(t)
        _hold(t, name)
        t.director("/入夜")  # night 2: 「第二晚开始」
        to_night_slot(t, NIGHT_SLOT_OF[name])
        t.say(USER, _typed(t, spec))
        assert t.changed, t.reply()
        t.director("/天亮")
        told = "\n".join(t.to_director())
        assert "第2夜结算" in told, t.reply()
        record = game_record(t.game).split("【第2夜】")[1]
    assert f"{USER}号{name}" in told, told
    assert f"{USER}号{name}" in record, record


def test_the_xumi_group_kill_is_named_in_the_summary() -> None:
    t = xumi(sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    to_night_slot(t, "深夜2")
    for wolf in (11, 12, 13, 14):
        t.wolf(wolf, "/刀 6号")
    t.director("/天亮")
    assert "狼群杀人：6号" in "\n".join(t.to_director())


# ---------------------------------------------------------------- the classic boards

JINGJI_ROLES = {
    1: "预言家",
    2: "女巫",
    3: "猎人",
    **dict.fromkeys(range(4, 9), "村民"),
    **dict.fromkeys(range(9, 13), "狼人"),
}

# A night of each classic board where each night skill is used: (who, command, in the wolf group),
# and what the summary says of each skill's use.
JINGJI_NIGHTS = [
    (
        [(9, "/选狼头 10号"), (10, "/选狼头 10号"), (11, "/选狼头 10号"), (12, "/选狼头 10号"),
         (9, "/传话 刀五号"), (10, "/决战"), (9, "/同意"), (11, "/反对"), (12, "/反对"),
         (10, "/刀 5号"), (2, "/救 5号"), (1, "/预言 9号")],
        {"争权": "狼头选举（9号投10号、10号投10号", "传话": "9号向狼头10号传话：刀五号",
         "决战": "狼头10号提议决战", "同意": "9号同意决战", "反对": "11号反对决战",
         "杀人": "狼头指杀5号", "救药": "2号（女巫）对5号使用救药", "预言": "1号（预言家）查验9号"},
    ),
    (
        [*((w, "/选狼头 9号") for w in (9, 10, 11, 12)), (9, "/刀 5号"), (2, "/毒 4号")],
        {"毒药": "2号（女巫）对4号使用毒药"},
    ),
]  # fmt: skip
BAIBIAN_NIGHTS = [
    (
        {"lovers": (7, 13), "master": None},  # 7 (仆人) and 13: the black lovers, 7 holds their kill
        [(6, "/爱慕 12号"), (3, "/救治 5号"), (17, "/冲锋 16号"), (18, "/牺牲"), (1, "/预言 19号"),
         (7, "/刀 15号"), *((w, "/刀 4号", True) for w in (17, 18, 19, 20, 21)), (2, "/毒 11号")],
        {"爱慕": "6号（情痴）爱慕12号", "救治": "3号（医生）救治5号", "冲锋": "17号（狼王）冲锋16号",
         "牺牲": "18号（幼狼）牺牲", "预言": "1号（预言家）查验19号", "杀人": "7号（黑情侣）杀15号",
         "毒药": "2号（女巫）对11号使用毒药"},
    ),
    (
        {"lovers": (9, 13), "kin": None},  # 9 (混血儿), lover of a villager, kills at step 4
        [(9, "/刀 15号"), *((w, "/刀 4号", True) for w in (17, 18, 19, 20, 21)),
         (17, "/放弃 冲锋"), (18, "/放弃 牺牲"), (2, "/救 4号")],
        {"杀人": "9号（混血儿）杀15号", "救药": "2号（女巫）对4号使用救药"},
    ),
]  # fmt: skip
# Skills used by day or at the start of the game, not at night.
CLASSIC_DAY_SKILLS = {"竞技12": {"马甲杀"}, "百变小樱": {"丘比特之箭", "认亲", "认主", "投降", "反对"}}


def _play(t: Table, actions: list[tuple]) -> str:
    """The night: every action accepted, then the dawn (when the last action did not bring it);
    returns the directors' summary."""
    for who, text, *in_group in actions:
        t.say(who, text, group=WOLF_GROUP if in_group else None)
        assert t.changed, f"{who}> {text}: {t.reply()}"
    if t.game.night is not None:
        t.dawn()
    return next(text for text in t.to_director(ever=True) if "第1夜结算" in text)


def _jingji12() -> Table:
    t = Table("竞技12")
    t.director("/开局 竞技12")
    for seat, role in JINGJI_ROLES.items():
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director("/开始")
    return t


@pytest.mark.parametrize("night", range(len(JINGJI_NIGHTS)))
def test_every_jingji12_night_action_is_in_the_summary_and_the_record(night: int) -> None:
    actions, said = JINGJI_NIGHTS[night]
    t = _jingji12()
    t.night()
    summary = _play(t, actions)
    record = game_record(t.game)
    for skill, line in said.items():
        assert line in summary, (skill, summary)
        assert line in record, (skill, record)


@pytest.mark.parametrize("night", range(len(BAIBIAN_NIGHTS)))
def test_every_baibian_night_action_is_in_the_summary_and_the_record(night: int) -> None:
    opening, actions, said = BAIBIAN_NIGHTS[night]
    t = table(**opening)
    t.night()
    summary = _play(t, actions)
    record = game_record(t.game)
    for skill, line in said.items():
        assert line in summary, (skill, summary)
        assert line in record, (skill, record)


@pytest.mark.parametrize(("board", "nights"), [("竞技12", JINGJI_NIGHTS), ("百变小樱", BAIBIAN_NIGHTS)])
def test_the_classic_nights_above_use_every_night_skill_of_their_board(board: str, nights: list) -> None:
    used = {skill for *_, said in nights for skill in said}
    night_skills = {s.name for s in Table(board).game.board.skills} - CLASSIC_DAY_SKILLS[board]
    assert night_skills <= used, night_skills - used


def test_the_opening_choices_and_a_mask_guess_are_in_the_first_days_record() -> None:
    t = table(lovers=(13, 14), kin=10)
    day_one = game_record(t.game).split("【第1天】")[1]
    assert "丘比特连情侣：13号、14号" in day_one and "9号（混血儿）认亲10号" in day_one
    t = _jingji12()
    t.say(3, "/马甲杀 4号 某人")
    assert t.changed and t.director_got("马甲杀：3号猜4号是「某人」，猜错")
    assert "马甲杀：3号猜4号是「某人」，猜错" in game_record(t.game).split("【第1天】")[1]


# ---------------------------------------------------------------- passes, timeouts and pushes


def _summary(t: Table) -> str:
    return next(text for text in reversed(t.to_director(ever=True)) if "夜结算" in text)


def test_a_pass_is_an_action_in_the_summary_and_the_record() -> None:
    """README: the directors' summary lists 「所有操作」: a /放弃 is one, and no timeout."""
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/放弃")
    kill(t, 5)
    act(t, 2, "/放弃")
    act(t, 1, "/放弃")
    summary, record = _summary(t), game_record(t.game)
    for line in ("· 4号放弃守卫守护", "· 2号放弃女巫用药", "· 1号放弃预言"):
        assert line in summary and line in record, (line, summary)
    assert "超时" not in summary and "推进" not in summary


def test_a_step_a_director_pushes_is_reported_as_pushed_and_a_deadline_as_a_timeout() -> None:
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 6号")
    kill(t, 5)  # the witch's step opens; the seer's is open
    t.director("/推进")
    told = "\n".join(t.to_director())
    assert "导演推进女巫用药：2号未行动，视为放弃" in told and "导演推进预言：1号未行动，视为放弃" in told
    assert not re.search(r"号、?(\d+号)?导演推进", told), told  # no director named 2号
    assert t.seat_got(2, "导演已推进女巫用药，你未行动，视为放弃")
    summary = _summary(t)
    assert "导演推进时未行动：2号（女巫用药）、1号（预言）" in summary and "超时" not in summary
    assert "导演推进时未行动：2号（女巫用药）、1号（预言）" in game_record(t.game)
    t.exile(None)
    t.night()
    t.wait(90 * 60)  # every deadline passes
    told = "\n".join(t.to_director(ever=True)[-6:])
    assert "预言已截止：1号超时，视为放弃" in told
    summary = _summary(t)
    late = "4号（守卫守护）、1号（预言）、9号（狼人杀人）、10号（狼人杀人）、11号（狼人杀人）、12号（狼人杀人）、2号（女巫用药）"
    assert f"超时：{late}" in summary, summary
    assert "导演推进" not in summary and "号（预言）超时" not in summary


def test_dawn_does_not_ask_for_a_step_it_closes_at_once() -> None:
    """/天亮 closes the wolves' step: the witch's step opens and closes at once, so she is not asked
    to act (nor told the kills) a moment before she is told the step is over."""
    t = standard("预女猎守")
    t.night()
    act(t, 4, "/守护 6号")
    act(t, 1, "/预言 9号")
    t.wolf(9, "/刀 5号")
    t.dawn()
    assert not t.seat_got(2, "女巫行动") and not t.seat_got(2, "通灵")
    assert t.to_seat(2) == ["导演已宣布天亮，女巫用药随即结束，视为放弃。"]
    assert t.group_got("狼人杀人已确定（导演推进，按多数）：5号")
    summary = _summary(t)
    assert (
        "导演推进时未行动：10号（狼人杀人）、11号（狼人杀人）、12号（狼人杀人）、2号（女巫用药）" in summary
    )


def test_a_decision_a_director_pushes_is_reported_as_pushed() -> None:
    t = _jingji12()
    t.night()
    for wolf in (9, 10, 11, 12):
        t.say(wolf, "/选狼头 9号")
    t.say(9, "/刀 3号")  # the 猎人
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    assert t.game.prompts, t.reply()
    t.director("/推进")
    assert t.director_got("导演推进3号的开枪：按超时处理")
    summary = _summary(t)
    assert "导演推进时未行动：3号（开枪）" in summary and "超时" not in summary


def test_a_xumi_pass_is_an_action_and_dawn_asks_no_slot_it_closes_at_once() -> None:
    t = xumi(sheriff=None)
    t.director("/入夜")  # up to 午夜: the slots before it had nobody to wait for
    t.say(5, "/放弃")
    t.say(14, "/放弃")
    t.dawn()
    summary = _summary(t)
    for line in ("· 5号放弃未明之雾", "· 14号放弃混沌"):
        assert line in summary and line in game_record(t.game), (line, summary)
    assert "导演推进时未行动：" in summary and "超时" not in summary
    assert not t.seat_got(1, "现在可以发动")  # 深夜1 opened and closed by the same /天亮
    assert t.seat_got(1, "导演已宣布天亮，深夜1随即结束")


def test_a_decision_passed_at_night_is_an_action_in_the_summary() -> None:
    t = _jingji12()
    t.night()
    for wolf in (9, 10, 11, 12):
        t.say(wolf, "/选狼头 9号")
    t.say(9, "/刀 3号")  # the 猎人
    t.say(2, "/放弃")
    t.say(1, "/放弃")
    t.say(3, "/放弃")
    assert t.changed, t.reply()
    summary = _summary(t)
    assert "· 3号放弃开枪" in summary and "超时" not in summary, summary
