"""The wolf group (狼群): which seats vote the wolves' kill together and know each other.

A seat joins at the start when its role is a member of the pack (library.pack_kind: the wolves'
category, unless the role says otherwise), or later when it turns wolf.  Members who left stay in
the group (they may still be asked to surrender).  What the group does at night is its kill mode's
mechanism (engine/mechanisms/wolfpack.py, wolf_head.py, shared_knife.py); roles read the group here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine.api import Rejected
from bansha_engine.library import (
    LONE_WOLF,
    PACK_MEMBER,
    ROLES,
    KillTakeover,
    game_state,
    pack_kind,
    peek_game_state,
    peek_seat_state,
    role_def,
    seat_role_def,
    seat_state,
)
from bansha_engine.model import WOLVES

if TYPE_CHECKING:
    from bansha_engine.game import Game


@dataclass
class PackMember:
    in_pack: bool = False  # votes the kill with the wolf group


@dataclass
class PackState:
    lost: set[str] = field(default_factory=set)  # camps judged lost so far (优先判负)
    surrender: dict[int, bool] | None = None  # a 投降 proposal under way: seat -> agreed


def in_pack(game: Game, seat: int) -> bool:
    return peek_seat_state(game, seat, PackMember).in_pack


def set_in_pack(game: Game, seat: int, member: bool) -> None:
    seat_state(game, seat, PackMember).in_pack = member


def join(game: Game, seat: int) -> None:
    """The seat votes the kill with the wolf group from now on."""
    set_in_pack(game, seat, True)


def _kind(game: Game, seat: int) -> str:
    """The seat's role's part in the wolves' kill by its declaration (library.pack_kind)."""
    role = game.seats[seat].role
    if role not in ROLES:
        return ""
    return pack_kind(role_def(role, game.board.role_options.get(role, {})))


def is_pack_role(game: Game, seat: int) -> bool:
    """The seat's role is a member of the wolf group by its declaration (library.pack_kind)."""
    return _kind(game, seat) == PACK_MEMBER


def joins_at_start(game: Game, seat: int) -> bool:
    """The seat's role is a member of the wolf group from the start (or from the opening choices), not
    one who joins later by its own rule (RoleDef.joins_pack_at_start)."""
    role = seat_role_def(game, seat)
    return role is not None and pack_kind(role) == PACK_MEMBER and role.joins_pack_at_start


@dataclass
class MadeLoneWolf:
    """A seat a rule made a 单身狼, whatever its role (a player the 觉醒石像鬼 turned)."""

    lone: bool = False


def make_lone_wolf(game: Game, seat: int) -> None:
    seat_state(game, seat, MadeLoneWolf).lone = True


def is_lone_wolf(game: Game, seat: int) -> bool:
    """A 单身狼 (common-boards.md 2.8): a wolf outside the group, who knows nobody — by its role's
    declaration (library.LONE_WOLF) or made one by a rule (make_lone_wolf)."""
    made = peek_seat_state(game, seat, MadeLoneWolf).lone
    return (made or _kind(game, seat) == LONE_WOLF) and not in_pack(game, seat)


def members(game: Game, *, alive: bool = True) -> list[int]:
    return [n for n, s in game.seats.items() if in_pack(game, n) and (s.alive or not alive)]


def lone_wolves(game: Game, *, alive: bool = True) -> list[int]:
    return [n for n, s in game.seats.items() if is_lone_wolf(game, n) and (s.alive or not alive)]


def can_kill(game: Game) -> bool:
    return WOLVES not in lost_camps(game)


def takeovers(game: Game) -> list[tuple[KillTakeover, list[int]]]:
    """The seats the board's roles declaring a takeover of the kill (RoleDef.takeover: 2.8 接刀 by
    the 复仇者 helping the wolves, the 盗宝大师, 鬼魂新娘阵营) give it to now, in roster order, each
    with its declaration; engine/knife.py decides who holds it tonight."""
    found = []
    for name in game.board.roster:
        role = role_def(name, game.board.role_options.get(name, {})) if name in ROLES else None
        if role is None or role.takeover is None:
            continue
        seats = role.takeover.seats(game)
        if seats:
            found.append((role.takeover, seats))
    return found


def lost_camps(game: Game) -> set[str]:
    """The camps judged lost so far (a copy: `mark_lost` records a loss)."""
    return set(peek_game_state(game, PackState).lost)


def mark_lost(game: Game, camp: str) -> bool:
    """Record that `camp` is judged lost; False when it already was."""
    lost = game_state(game, PackState).lost
    if camp in lost:
        return False
    lost.add(camp)
    return True


def say(game: Game, text: str) -> None:
    """To the wolf group, or to each member privately when no group is bound."""
    if not game.tell_group("wolves", text):
        for seat in members(game, alive=False):
            game.tell(seat, text)


def echo(game: Game, text: str) -> None:
    """A wolf-group command typed in private chat: the sender is answered there too (the group
    got the news itself)."""
    speaker = game.speaker
    if speaker is not None and speaker.group is None and "wolves" in game.groups_bound:
        game.reply(text)


def kill_target(game: Game, word: str, what: str = "杀人目标") -> int:
    """The seat a wolves' `/刀` names: a living one that the wolves' kill may choose (2.2 第5条: not the
    恶灵骑士, whose role refuses it: RoleDef.kill_refusal)."""
    target = game.living_target(word, what=what)
    role = seat_role_def(game, target)
    refusal = role.kill_refusal(game, target) if role is not None and role.kill_refusal is not None else None
    if refusal:
        raise Rejected(refusal)
    return target


NONE = 0  # a ballot entry meaning "no kill"


def decide(ballots: list[tuple[int, ...]], count: int) -> list[int]:
    """Plurality over the ballots: the `count` most-voted seats; a tie at the edge kills nobody there."""
    counts = Counter(target for ballot in ballots for target in ballot).most_common()
    threshold = counts[count][1] if len(counts) > count else 0
    chosen = [target for target, votes in counts[:count] if votes > threshold]
    return [t for t in chosen if t != NONE]
