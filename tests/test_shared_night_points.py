"""Extension points added for the night roles of common-boards.md (舞者, 假面, 机械狼, 觉醒石像鬼,
典狱长): a target change for single-target skills only, a step a seal does not touch, `/推进 <名字>`,
a kill made 穿透 (RoleDef.kill_kind), a silencer of seats, a seat made a lone wolf."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bansha_engine import damage, immunity, library, pack, seal
from bansha_engine.library import GOD, VILLAGER, RoleDef, Silencer
from bansha_engine.model import KILL, SHOT, VILLAGE, Deadline, StepSpec
from bansha_engine.redirect import SingleTargetOnly, aimed
from tests.common_helpers import board, started
from tests.engine_helpers import WOLF_GROUP
from tests.standard_helpers import standard


def test_a_single_target_change_leaves_a_skill_aimed_at_several_seats() -> None:
    swap = SingleTargetOnly(lambda game, user, target: 9 if user == 1 else target)
    every = lambda game, user, target: target + 1  # noqa: E731 (a swap of every skill)
    game: Any = SimpleNamespace(board=SimpleNamespace(redirects=(every, swap)))
    assert aimed(game, 1, 3) == 9
    assert aimed(game, 1, 3, several=True) == 4
    assert aimed(game, 2, 3) == 4


def test_a_step_answering_another_skill_is_not_sealed() -> None:
    game: Any = SimpleNamespace(night=SimpleNamespace(no=1))
    spec = StepSpec("s", "s", (), lambda game: [], Deadline(30), seal_exempt=True)
    assert seal.exempt(game, spec)
    assert not seal.exempt(game, StepSpec("t", "t", (), lambda game: [], Deadline(30)))


def test_a_step_may_be_free_of_seals_on_some_nights_only() -> None:
    first_night = lambda game: game.night.no == 1  # noqa: E731 (the 影子's imitation)
    spec = StepSpec("s", "s", (), lambda game: [], Deadline(30), seal_exempt_tonight=first_night)
    assert seal.exempt(SimpleNamespace(night=SimpleNamespace(no=1)), spec)
    assert not seal.exempt(SimpleNamespace(night=SimpleNamespace(no=2)), spec)


def test_a_director_advances_one_step_by_its_name() -> None:
    t = standard("预女猎守")
    t.night()
    t.director("/推进 预言家")
    assert t.changed and "已推进：预言" in t.reply(), t.reply()
    assert t.seat_got(1, "导演已推进预言"), t.reply()
    night = t.game.night
    assert night is not None and night.state["guard"] == "open" and night.state["seer"] == "closed"
    t.director("/推进 女巫")
    assert not t.changed and "「女巫」现在没有进行中的步骤" in t.reply(), t.reply()
    t.director("/推进 巫婆")
    assert not t.changed and "没有「巫婆」" in t.reply(), t.reply()
    t.director("/推进 女巫 预言家")
    assert not t.changed and "用法" in t.reply(), t.reply()


def test_a_pierce_passes_the_guard_and_the_nights_immunities() -> None:
    t = standard("预女猎守")
    t.night()
    damage.protect_tonight(t.game, 5, "守卫的守护", source=4)
    immunity.grant_tonight(t.game, 6)
    for seat in (5, 6):
        assert damage.strike(t.game, [damage.Damage(seat, damage.POKE, None, KILL)], lambda hit: KILL) == []
        pierce = damage.Damage(seat, damage.PIERCE, None, KILL)
        assert len(damage.strike(t.game, [pierce], lambda hit: KILL)) == 1
    assert immunity.immune(t.game, 6, KILL) and not immunity.immune(t.game, 6, KILL, tonight=False)


ROSTER = {"狼人": 2, "预言家": 1, "守卫": 1, "猎人": 1, "村民": 2}
NIGHT = [("守卫", "30分钟"), ("狼人", "30分钟"), ("预言家", "30分钟")]
SEATS = {1: "预言家", 2: "守卫", 3: "猎人", 4: "村民", 5: "村民", 6: "狼人", 7: "狼人"}


def with_role(monkeypatch: pytest.MonkeyPatch, role: RoleDef) -> dict[str, int | str]:
    monkeypatch.setitem(library.ROLES, role.name, role)
    return {**ROSTER, role.name: 1, "村民": 1}


def test_a_roles_kill_kind_makes_the_kill_land_as_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    piercer = RoleDef("穿刺者", VILLAGE, VILLAGER, "测试", kill_kind=lambda game, source: damage.PIERCE)
    t = started(board(with_role(monkeypatch, piercer), NIGHT), {**SEATS, 5: "穿刺者"})
    t.night()
    t.say(2, "/守护 4号")
    t.say(6, "/刀 4号", group=WOLF_GROUP)
    t.say(7, "/刀 4号", group=WOLF_GROUP)
    t.dawn()
    assert not t.alive(4), t.reply()


def test_a_silencer_of_seats_takes_their_own_skills_not_the_wolves_kill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seats 1 (预言家), 3 (猎人) and 6 (a wolf) silenced: no check, no shot; the wolf still kills."""
    silencer = Silencer(
        (), lambda game: True, "你失去了技能。", "你失去了技能。", seats=lambda game, n: n in (1, 3, 6)
    )
    mute = RoleDef("封口者", VILLAGE, GOD, "测试", silencer=silencer)
    t = started(board(with_role(monkeypatch, mute), NIGHT), {**SEATS, 5: "封口者"})
    t.say(1, "/身份")
    assert "你失去了技能" in t.reply(), t.reply()
    t.night()
    assert not t.seat_got(1, "查验"), t.reply()
    t.say(1, "/预言 6号")
    assert not t.changed and "你失去了技能" in t.reply(), t.reply()
    t.say(6, "/刀 3号", group=WOLF_GROUP)
    t.say(7, "/刀 3号", group=WOLF_GROUP)
    t.dawn()
    assert not t.alive(3) and not t.game.prompts and not t.seat_got(3, "开枪"), t.reply()
    assert (3, SHOT) not in t.exits()


def test_a_seat_made_a_lone_wolf() -> None:
    t = standard("预女猎守")
    assert pack.lone_wolves(t.game) == []
    pack.make_lone_wolf(t.game, 5)
    assert pack.is_lone_wolf(t.game, 5) and pack.lone_wolves(t.game) == [5]
    assert not pack.is_lone_wolf(t.game, 9), "a member of the group is none"
