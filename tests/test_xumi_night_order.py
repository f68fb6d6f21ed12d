"""须弥's night is read off its file and the roles' own data: the slots, their order and deadlines
are the file's 夜晚, the skills acting in each and their order the roles' declarations."""

from __future__ import annotations

import pytest

from bansha_engine import skills
from bansha_engine.boardfile import NightEntry
from bansha_engine.boards import builtin_text
from bansha_engine.mechanisms.xumi import slot_night as xumi
from bansha_engine.model import Deadline
from bansha_engine.skills import SkillSpec

# The post's 行动顺序总集 (with the rulings placing 诡辩, 日光窃取, 幸运许愿 and 毒药).
POST_ORDER = [
    ("黄昏1", "黄昏1", 10, ()),
    ("黄昏2", "黄昏2", 20, ("重定时间", "日光窃取")),
    ("早夜1", "早夜1", 30, ("时波增幅", "时波削弱")),
    ("早夜2", "早夜2", 40, ("归元", "流光庇护", "恐惧", "不思议之炼金", "幸运许愿")),
    ("午夜", "午夜", 40, ("混沌", "摄梦", "芬芳", "未明之雾")),
    ("深夜1", "深夜1", 50, ("超度", "侦测", "黑暗侦测", "迷惑", "吞食", "惩善扬恶", "权势", "诡辩")),
    ("深夜2", "深夜2", 60, ("光明湮灭", "圣光", "天火", "毒药", "凋花结果", "猎杀", "伏击")),
    ("凌晨1", "凌晨", 70, ("森林庇护",)),
    ("凌晨2", "凌晨", 70, ("阴阳变转",)),
    ("凌晨3", "凌晨", 70, ("法老之蛇",)),
]


def shipped_night() -> list[NightEntry]:
    return [NightEntry(slot.name, Deadline(minutes_after_close=slot.minutes)) for slot in xumi.SLOTS]


def test_the_slots_follow_the_post() -> None:
    assert [(s.name, s.part, s.minutes, s.skills) for s in xumi.SLOTS] == POST_ORDER


def test_the_slots_order_and_deadlines_are_the_files() -> None:
    for name, _, minutes, _ in POST_ORDER:
        assert f"- {name}: {minutes}分钟" in builtin_text("须弥")
    night = [
        NightEntry(name, Deadline(minutes_after_close=2 * minutes)) for name, _, minutes, _ in POST_ORDER
    ]
    slots = xumi.build_slots(night[:2] + night[3:] + night[2:3])
    assert [(s.name, s.minutes) for s in slots][-2:] == [("凌晨3", 140), ("早夜1", 60)]
    assert slots[-1].skills == ("时波增幅", "时波削弱")


def test_a_new_skill_takes_the_place_its_rank_gives_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(skills.SKILLS, "测试", SkillSpec("测试", ("午夜",), rank=25))
    midnight = next(s for s in xumi.build_slots(shipped_night()) if s.name == "午夜")
    assert midnight.skills == ("混沌", "摄梦", "测试", "芬芳", "未明之雾")


@pytest.mark.parametrize(
    "spec",
    [
        SkillSpec("测试", ("凌晨",), rank=20),  # 凌晨 holds three slots: which one?
        SkillSpec("测试", ("午夜",), rank=20),  # 摄梦's rank
        SkillSpec("测试", ("凌晨",), slot="凌晨4", rank=10),  # no such slot tonight
    ],
)
def test_a_skill_placed_nowhere_or_beside_another_is_refused(
    monkeypatch: pytest.MonkeyPatch, spec: SkillSpec
) -> None:
    monkeypatch.setitem(skills.SKILLS, spec.name, spec)
    with pytest.raises(ValueError):
        xumi.build_slots(shipped_night())
