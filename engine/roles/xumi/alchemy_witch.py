"""炼金魔女⑨ (强神): 魔女秘法, 法老之蛇, 未明之雾.

魔女秘法[凌晨][强制]——若自身持有[法老之蛇]可用则触发此效果：炼金魔女会获得反馈：当晚将要出局的角色（电梯楼
排序名单），然后下一个讨论日公布当晚出局的角色仍然可以继续讨论，但这些角色的状态仍旧以已出局计算，并在下一个白天
公示[魔女秘法留下了一缕亡魂]。
法老之蛇[凌晨][指定][限定]——选择范围：任意1名角色。结算效果：结算目标获得[不死]，持续至夜晚结束。
未明之雾[午夜][指定][限定]——选择范围：任意3名角色。结算效果：当晚持有[杀人]技能的角色将会收到结算目标的名单，
若可以发动杀人，则必须发动杀人，且只能在指定的名单内进行杀人。
PS：魔女秘法不会提前得知会在晨曦出局的角色，但晨曦出局的角色依然可以在触发魔女秘法的当天发言。

魔女秘法 fires when 凌晨3 opens, every night (the first included) on which she is alive, holds it and
has not spent 法老之蛇 (the night she spends it included): she gets the list at once, before choosing
法老之蛇 in the same step (her operator gets it if 蚀日侍女 operates her).  The 亡魂: when someone left
that night, the dawn's 公示 draft carries 「魔女秘法留下了一缕亡魂」, and each seat that left that night
(a red card excepted) is told it may go on talking in the next discussion day while counting as out
(no vote, no skill, not a target); the directors' summary names them.  未明之雾 (also spelt 未名之雾)
is usable from night 1; every seat holding 杀人 (the group, or the [接刀]) gets the list when 午夜
ends, and the kill of 深夜2 must fall in it (and in 芬芳's when both are given).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, skills, status
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import RED_CARD
from bansha_engine.roles.xumi import pack
from bansha_engine.roles.xumi.common import publish
from bansha_engine.roles.xumi.role_pool import pool_role
from bansha_engine.skills import SkillSpec, Use
from bansha_engine.slots import actor_for
from bansha_engine.timeline import Boundary

if TYPE_CHECKING:
    from bansha_engine.game import Game

SECRET_ART = "魔女秘法"
SERPENT = "法老之蛇"
MIST = "未明之雾"
GHOST_TEXT = "魔女秘法留下了一缕亡魂"


@dataclass
class SecretArt:
    """The nights 魔女秘法 fired on."""

    nights: list[int] = field(default_factory=list)


def serpent_unused(game: Game, seat: int) -> bool:
    """「若自身持有[法老之蛇]可用」: she holds it and has not spent it."""
    state = game.seats[seat].skills.get(SERPENT)
    return skills.holds(game, seat, SERPENT) and state is not None and (state.uses_left or 0) > 0


def secret_art(game: Game) -> None:
    """At 凌晨3's start: the seats about to leave tonight, in seat order, to the witch."""
    night = game.night
    assert night is not None
    for seat, info in game.seats.items():
        if not (info.alive and skills.holds(game, seat, SECRET_ART) and serpent_unused(game, seat)):
            continue
        leaving = damage.about_to_leave(game)
        listing = "、".join(f"{n}号" for n in leaving)
        text = f"当晚将要出局的角色：{listing}。" if leaving else "当晚没有将要出局的角色。"
        game.tell(actor_for(game, seat), f"魔女秘法：{text}")
        game_state(game, SecretArt).nights.append(night.no)


def ghosts(game: Game) -> None:
    """After the tally of a night 魔女秘法 fired on: the 亡魂 of those who left."""
    night = game.night
    assert night is not None
    if night.no not in peek_game_state(game, SecretArt).nights:
        return
    gone = [e.seat for e in game.exits if e.when == f"第{night.no}夜" and e.cause != RED_CARD]
    if not gone:
        return
    publish(game, GHOST_TEXT)
    day = night.no + 1
    seats = "、".join(f"{n}号" for n in sorted(gone))
    night.notes.append(f"{GHOST_TEXT}：{seats}可在第{day}天讨论日继续发言，仍按已出局计算")
    for seat in sorted(gone):
        game.tell(
            seat,
            f"{GHOST_TEXT}：第{day}天的讨论日你仍可以继续发言，但仍按已出局计算（不能投票、不能发动技能）。",
        )


def pharaoh_serpent(game: Game, use: Use) -> None:
    until = Boundary("night_end", game.day)
    status.grant(game, use.targets[0], "不死", source=use.seat, skill=SERPENT, until=until)


def unclear_mist(game: Game, use: Use) -> None:
    seats = sorted(use.targets)
    pack.add_kill_list(game, seats)
    pack.tell_kill_list(game, seats, pack.kill_holders(game))


SKILLS = skills.register(
    SkillSpec(SECRET_ART, (), forced=True),
    SkillSpec(SERPENT, ("凌晨",), slot="凌晨3", rank=10, limited=True, effect=pharaoh_serpent),
    SkillSpec(
        MIST, ("午夜",), rank=40, words=("未名之雾",), limited=True, targets=(3, 3), effect=unclear_mist
    ),
)
ROLE = pool_role(
    "炼金魔女",
    seat_skills=(SECRET_ART, SERPENT, MIST),
    summary=(
        "魔女秘法（法老之蛇未用时，每晚凌晨得知当晚将要出局的角色）；法老之蛇（凌晨，限一次：一名角色当晚获得[不死]）；"
        "未明之雾（午夜，限一次：三名角色，持有杀人的角色当晚只能在名单内杀人，且必须杀人）"
    ),
)
