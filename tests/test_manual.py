"""The directors' manual (docs/manual.md) names every command a director or player can type."""

from pathlib import Path

from bansha_engine import skills
from bansha_engine.boards import BOARDS
from bansha_engine.game import DIRECTOR_COMMANDS
from bansha_engine.roles.xumi import ROLES as XUMI_ROLES

MANUAL = (Path(__file__).parent.parent / "docs" / "manual.md").read_text(encoding="utf-8")


def test_every_director_command_has_a_line():
    missing = [word for word in DIRECTOR_COMMANDS if f"`/{word}" not in MANUAL]
    assert missing == []


def test_every_xumi_skill_a_player_types_is_in_the_manual():
    typed = [
        name
        for role in XUMI_ROLES.values()
        for name in role.seat_skills
        if name in skills.SKILLS and skills.SKILLS[name].slots
    ]
    assert len(typed) > 30
    assert [name for name in typed if f"`/{name}" not in MANUAL] == []


def test_every_xumi_director_command_is_in_the_manual():
    words = BOARDS["须弥"].hooks.director_commands
    assert [word for word in words if f"/{word}" not in MANUAL] == []
