"""/身份库 from the role library, and the directors' docs kept level with it."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

from bansha_engine import library, roles
from bansha_engine.boardfile import catalog
from bansha_engine.boardfile.schema import KEYS
from tests.boardfile_roles import library_of_test_roles
from tests.standard_helpers import refused, standard

DOCS = Path(__file__).resolve().parents[1] / "docs" / "board-files.md"
ROLE_DOCS = DOCS.parent / "roles"  # one file a role: docs/roles/<身份>.md


def registered_roles() -> dict[str, library.RoleDef]:
    """Every role the package registers: each role module imported."""
    for module in pkgutil.walk_packages(roles.__path__, roles.__name__ + "."):
        importlib.import_module(module.name)
    return dict(library.ROLES)


def doc_section(text: str, role: str) -> str:
    match = re.search(rf"^### {re.escape(role)}\s*$(.*?)(?=^##|\Z)", text, re.M | re.S)
    return match.group(1) if match else ""


def role_docs(text: str, role: str) -> str:
    """A role's section of the directors' docs: its own file, or its section in board-files.md."""
    own = ROLE_DOCS / f"{role}.md"
    return doc_section(own.read_text(encoding="utf-8"), role) if own.exists() else doc_section(text, role)


def test_every_registered_role_has_a_section_in_the_directors_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = [name for name in registered_roles() if not role_docs(text, name).strip()]
    allowed = {
        "狼人",
        "村民",
        "预言家",
        "医生",
        "长老",
        "情痴",
        "仆人",
        "丘比特",
        "混血儿",
        "幼狼",
    }  # described together
    assert [name for name in missing if name not in allowed] == []


def test_every_option_of_every_registered_role_is_in_the_directors_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = []
    for role in registered_roles().values():
        section = role_docs(text, role.name)
        for option in role.options:
            words = (option.name, option.default, *option.values)
            if not section or not all(word in section for word in words):
                missing.append(f"{role.name}.{option.name}")
    assert missing == [], (
        f"docs/board-files.md lacks a '### <身份>' section naming these options and values: {missing}"
    )


def test_every_key_of_the_file_is_in_the_directors_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert [key for key in KEYS if f"| `{key}` |" not in text] == []


@pytest.fixture
def test_roles() -> object:
    with library_of_test_roles():
        yield


@pytest.mark.usefixtures("test_roles")
def test_the_library_lists_every_role_by_category_with_its_options() -> None:
    text = catalog.library_text()
    lines = text.splitlines()
    assert lines.index("【狼人】") < lines.index("狼人：每夜和同伴一起刀一人") < lines.index("【神职】")
    assert "女巫：一瓶解药、一瓶毒药（设置：自救 默认不能；同夜双药 默认不可以）" in lines
    assert lines.index("【神职】") < lines.index("猎人：出局时可以开枪带走一人") < lines.index("【村民】")
    assert "村民：没有技能" in lines
    assert "【规则「测试规则」】（写「规则: 测试规则」时可用）小樱、知世、魔王、女巫" in lines


@pytest.mark.usefixtures("test_roles")
def test_one_role_shows_its_night_step_and_every_option_with_values_and_default() -> None:
    text = catalog.role_text("女巫")
    assert text is not None
    lines = text.splitlines()
    assert lines[:2] == ["女巫（村民阵营，神职）", "一瓶解药、一瓶毒药"]
    assert "夜里的行动（在「夜晚」里写它的时限）：女巫" in lines
    either = "（「不能」和「不可以」都可以写，意思一样）"
    assert f"  自救：不能|首夜|可以，默认不能。女巫能否救自己：不能、只在首夜、任何一夜{either}" in lines
    assert f"  同夜双药：不可以|可以，默认不可以。一夜能否既救又毒{either}" in lines


@pytest.mark.usefixtures("test_roles")
def test_a_wolf_is_told_the_board_wide_keys_and_a_plain_role_has_no_options() -> None:
    wolf = catalog.role_text("狼人")
    assert (
        wolf is not None and "「首夜刀人」" in wolf and "夜里的行动（在「夜晚」里写它的时限）：狼人" in wolf
    )
    assert "没有设置，写「村民: 数量」即可。" in (catalog.role_text("村民") or "")


@pytest.mark.usefixtures("test_roles")
def test_an_unknown_role_is_none_and_gets_the_closest_names() -> None:
    assert catalog.role_text("巫婆") is None
    assert catalog.closest_roles("巫婆") == ["女巫"]
    assert catalog.closest_roles("预知家") == ["预言家"]
    assert catalog.closest_roles("平民") == ["村民"]


def test_a_role_that_brings_the_opening_choices_shows_the_lovers_step_and_the_shared_knife() -> None:
    registered_roles()
    importlib.import_module("bansha_engine.mechanisms")
    lines = (catalog.role_text("丘比特") or "").splitlines()
    assert "夜里的行动（在「夜晚」里写它的时限）：黑情侣" in lines, lines
    assert "有它的板子，狼群以外的杀人也都用 /刀：「狼人」要写「通用刀」。" in lines, lines
    # 混血儿 and 仆人 need them only beside 丘比特, whose lovers they serve (common-boards.md 3.4 补充 3)
    with_cupid = "（板子上有丘比特时）"
    for name, steps in (
        ("混血儿", f"混血儿{with_cupid}、黑情侣{with_cupid}"),
        ("仆人", f"黑情侣{with_cupid}"),
    ):
        lines = (catalog.role_text(name) or "").splitlines()
        assert f"夜里的行动（在「夜晚」里写它的时限）：{steps}" in lines, lines
        assert "有它和丘比特的板子，狼群以外的杀人也都用 /刀：「狼人」要写「通用刀」。" in lines, lines


def test_a_role_with_variants_shows_each_variants_commands_and_no_empty_kill_modes() -> None:
    registered_roles()
    lines = (catalog.role_text("狼王") or "").splitlines()
    charge = lines.index(
        "「技能: 冲锋」时：狼人；每晚可以冲锋指杀一人，任一狼群成员非红牌出局后失去（百变小樱）"
    )
    assert lines[charge + 1 : charge + 3] == ["  命令：/冲锋", "  夜里的行动（在「夜晚」里写它的时限）：狼王"]
    assert "轮到时回答的命令：/开枪" in lines[:charge]
    assert not any(line.startswith("「狼人: ") for line in lines), lines
    # Both 狼王 vote the wolves' kill with the group (standard-boards.md 「也是狼人」), said once each
    kill_lines = [line for line in lines if "和狼群一起杀人" in line]
    assert len(kill_lines) == 2 and all("「狼人: 狼群投票」/刀" in line for line in kill_lines), lines


def test_a_wolf_under_the_shared_knife_is_shown_its_kill_command() -> None:
    registered_roles()
    importlib.import_module("bansha_engine.mechanisms")
    lines = (catalog.role_text("狼人") or "").splitlines()
    assert any("「狼人: 通用刀」/刀（夜晚写：狼人）" in line for line in lines), lines


def test_the_wolves_answer_to_pass_on_the_head_is_listed_under_the_head_mode_only() -> None:
    """/传位 exists only where there is a 狼头 (狼人: 狼头)."""
    text = catalog.role_text("狼人")
    assert text is not None
    head_part = text.split("「狼人: 狼头」")[1].split("「狼人: 通用刀」")[0]
    assert "/传位" in head_part
    assert text.count("/传位") == 1


def test_a_board_without_a_head_says_it_has_no_pass_on() -> None:
    t = standard("预女猎守")
    refused(t, 9, "/传位 10号", "预女猎守没有「传位」这个技能")
