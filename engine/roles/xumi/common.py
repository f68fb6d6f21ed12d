"""What every 须弥 role module uses: the role declaration, camps (实际/表面), tags, publication.

A role module declares its role with `role_pool.pool_role` (a library.RoleDef: its skills held seat
by seat, its [群内]/[接刀] tag, what happens at the start) and registers its `SkillSpec`s, each night skill with its place in the night (`slots`, `slot`,
`rank`); 须弥's mechanisms (engine/mechanisms/xumi) build the night's slots from these and the
file's 夜晚, and put the role's triggers into the post's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import status
from bansha_engine.library import game_state, peek_game_state, peek_seat_state, seat_state
from bansha_engine.notes import note as note  # the roles' lines for the directors
from bansha_engine.timeline import Boundary, is_night

if TYPE_CHECKING:
    from bansha_engine.game import Game

VILLAGE = "村民阵营"
WOLVES = "狼人阵营"
PIPER = "吹笛者阵营"
IN_GROUP = "群内"
TAKES_KNIFE = "接刀"
VERIFIERS = ("利露帕尔", "高僧", "牧师")  # 验人系

VOTE_CAUSE = "放逐"  # the cause of a vote exit (黄昏1, 定序王子's extra vote): Exit.cause, Damage.skill


# ---------------------------------------------------------------- statuses of a seat's own [强制] skills


def grant_own(
    game: Game,
    seat: int,
    skill: str,
    name: str,
    *,
    until: Boundary | None = None,
    count: int = 0,
    against: str = "",
) -> None:
    """A status the seat's own [强制] skill gives it (神恩, 长寿之命, 潜藏 …): it lapses with the skill
    (「若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效」)."""
    status.grant(
        game,
        seat,
        name,
        source=seat,
        skill=skill,
        until=until,
        count=count,
        against=against,
        forced_skill=skill,
    )


def grant_each_night(game: Game, skill: str, name: str, against: str) -> None:
    """「游戏日夜晚，获得仅针对…的[X]状态」 (宿命, 潜藏): when a night starts, every living seat holding
    the skill gets the filtered status until that night ends."""
    for seat in game.alive():
        state = game.seats[seat].skills.get(skill)
        if state is not None and not state.lost:
            grant_own(game, seat, skill, name, until=Boundary("night_end", game.day), against=against)


# ---------------------------------------------------------------- camps and tags


@dataclass
class Tags:
    """The [群内] / [接刀] tag of each seat that has one: its role's from the start, [群内] by 感染."""

    by_seat: dict[int, str] = field(default_factory=dict)


@dataclass
class Appearance:
    """What a seat shows of itself: its 表面阵营 and 表面身份 where they differ from the real ones
    (感染), and whether it has revealed its 实际身份 ([翻牌])."""

    camp: str = ""
    role: str = ""
    flipped: bool = False


def real_camp(game: Game, seat: int) -> str:
    return game.seats[seat].camp


def surface_camp(game: Game, seat: int) -> str:
    return peek_seat_state(game, seat, Appearance).camp or game.seats[seat].camp


def surface_role(game: Game, seat: int) -> str:
    return peek_seat_state(game, seat, Appearance).role or game.seats[seat].role or ""


def disguise(game: Game, seat: int, camp: str, role: str) -> None:
    """The seat's 表面阵营 and 表面身份 are now these (感染)."""
    shown = seat_state(game, seat, Appearance)
    shown.camp, shown.role = camp, role


def is_verifier(game: Game, seat: int) -> bool:
    return game.seats[seat].role in VERIFIERS


def give_tags(game: Game, tags: dict[int, str]) -> None:
    """Seats get these tags (the roles' at the start, [群内] by 感染)."""
    game_state(game, Tags).by_seat.update(tags)


def tag(game: Game, seat: int) -> str:
    """[群内] / [接刀], unless [超度] strips it while it lasts (「会丢失且无法获得[群内]或[接刀]标签」)."""
    label = peek_game_state(game, Tags).by_seat.get(seat, "")
    return "" if label and status.has(game, seat, "超度") else label


def in_group(game: Game, *, alive: bool = True) -> list[int]:
    return _tagged(game, IN_GROUP, alive=alive)


def knife_takers(game: Game) -> list[int]:
    return _tagged(game, TAKES_KNIFE, alive=True)


def _tagged(game: Game, label: str, *, alive: bool) -> list[int]:
    """The seats showing `label` now, in seat order (only the few tagged seats are looked at)."""
    seats = game.seats
    return sorted(
        n
        for n, shown in peek_game_state(game, Tags).by_seat.items()
        if shown == label and (seats[n].alive or not alive) and not status.has(game, n, "超度")
    )


def any_living_tagged(game: Game) -> bool:
    """Whether a living seat shows [群内] or [接刀] now."""
    seats = game.seats
    return any(
        seats[n].alive and not status.has(game, n, "超度")
        for n, shown in peek_game_state(game, Tags).by_seat.items()
        if shown
    )


def camp_seats(game: Game, camp: str, *, alive: bool = True) -> list[int]:
    return [n for n, s in game.seats.items() if s.camp == camp and (s.alive or not alive)]


# ---------------------------------------------------------------- what is told and published


@dataclass
class DuskPublications:
    """What 黄昏 published, gathered again in the 公示 at its end."""

    lines: list[str] = field(default_factory=list)


def publish(game: Game, text: str) -> None:
    """What the post orders published: to every director at once, ready to post; what happens at
    night is gathered again in the dawn's 公示 draft, what happens in 黄昏 in the 公示 at its end."""
    game.tell_directors(f"公示：{text}")
    if game.night is not None and is_night(game.part):
        game.night.publications.append(text)
    elif game.part.startswith("黄昏"):
        game_state(game, DuskPublications).lines.append(text)


def take_dusk_publications(game: Game) -> list[str]:
    """What 黄昏 has published since this was last taken; none is gathered twice."""
    gathered = peek_game_state(game, DuskPublications)
    lines, gathered.lines = gathered.lines, []
    return lines


def has_flipped(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, Appearance).flipped


def flip(game: Game, seat: int) -> bool:
    """[翻牌]: the seat reveals its 实际身份 (「若[实际身份]已经公开则无法发动」); False if already revealed."""
    if has_flipped(game, seat):
        return False
    seat_state(game, seat, Appearance).flipped = True
    publish(game, f"{seat}号翻牌：{game.seats[seat].role}")
    return True


# ---------------------------------------------------------------- the forum day's clock


@dataclass
class DayClock:
    """When today's 正午 opened (`/开门`), and the door close set for later today (`/入夜 HH:MM`)."""

    noon_opened_at: float | None = None
    door_close: float | None = None


def open_noon(game: Game) -> None:
    game_state(game, DayClock).noon_opened_at = float(game.now)


def noon_opened_at(game: Game) -> float | None:
    return peek_game_state(game, DayClock).noon_opened_at


def set_door_close(game: Game, moment: float | None) -> None:
    """The door close set for later today; None once the door has closed."""
    game_state(game, DayClock).door_close = moment


def door_close(game: Game) -> float | None:
    return peek_game_state(game, DayClock).door_close


def seat_arg(game: Game, word: str) -> int:
    """A seat named in a director's command: any seat of the board, living or not."""
    return game.seat_named(word)
