"""The wolves' kill (狼人的刀, common-boards.md 2.2, 2.8 第4-6条, 2.10.3 第3条): who holds it tonight,
what a `/刀` may name, and how the ballots are settled.  Every kill mode (mechanisms/wolfpack.py,
wolf_head.py, shared_knife.py) asks here.

- The living members of the wolf group hold it.  Once the group has no living member, from the next
  night on every living 单身狼 holds it (接刀), and every seat a role's takeover gives it to
  (RoleDef.takeover: the 复仇者 helping the wolves, the 盗宝大师): each says `/刀 N号` or `/刀 空` in
  private chat in the 狼人 step, told 「狼群已经没有存活的狼人，今晚起由你刀人」 the first night he
  does; they never learn of each other (no tally, no result).  With none of them, a shared takeover
  (鬼魂新娘阵营's lovers, then its witness) holds it: the last `/刀` of any of them stands, under its
  own target rule.  Who holds it is settled when the kill step opens (`open_tonight`); their kill
  is a 刀杀 like the group's.
- A seal (engine/seal.py) on any holder: no kill tonight.  Under 封印告知: 可以 the group is told so
  when its step opens and its `/刀` is refused; lone wolves are not told of each other's seal (ruling:
  their `/刀` is taken and void).  The witch then learns 「无人被指杀」: nothing was killed.
- 空刀: 不可以 refuses `/刀 空`; 狼刀狼人: 不可以 refuses a member of the group, himself included (a
  lone wolf the group does not know may be knifed: refusing would name him).
- 狼刀分歧 settles the ballots when the step closes: 多数 (a tie kills nobody), 多数随机 (a tie is
  drawn), 统一 (all ballots alike, else nobody).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import pack, seal
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.parse import is_none_word

if TYPE_CHECKING:
    from bansha_engine.game import Game

NONE = pack.NONE  # a ballot entry meaning "no kill"
MAJORITY = "多数"
MAJORITY_RANDOM = "多数随机"
UNANIMOUS = "统一"
TAKEN_OVER = "狼群已经没有存活的狼人，今晚起由你刀人"


@dataclass
class Knife:
    """When seats outside the group hold the knife, which, and which of them were told or ever
    held it."""

    lone_night: int = 0  # the night they hold it, settled as tonight's kill step opened
    holders: list[int] = field(default_factory=list)  # who holds it that night
    shared: bool = False  # a shared takeover (鬼魂新娘阵营): the last `/刀` of any of them stands
    told: set[int] = field(default_factory=set)  # told 「今晚起由你刀人」
    held: set[int] = field(default_factory=set)  # lone wolves that have held the knife (隐狼 接刀后验出)


def lone_tonight(game: Game) -> bool:
    """The lone wolves hold tonight's knife (the kill step opened with no living group member)."""
    night = game.night
    return night is not None and peek_game_state(game, Knife).lone_night == night.no


def holders(game: Game) -> list[int]:
    """The living seats holding the wolves' knife now: the group's members, or those outside it
    who took it over tonight."""
    if not lone_tonight(game):
        return pack.members(game)
    return [seat for seat in peek_game_state(game, Knife).holders if game.seats[seat].alive]


def holds_tonight(game: Game, seat: int) -> bool:
    """The seat, outside the group, holds tonight's knife (alive or not by now)."""
    return lone_tonight(game) and seat in peek_game_state(game, Knife).holders


def has_held(game: Game, seat: int) -> bool:
    """The seat, a lone wolf, has held the knife (from the night it took it over on)."""
    return seat in peek_game_state(game, Knife).held


def open_tonight(game: Game) -> None:
    """The kill step opens: with no living member of the group, the living lone wolves and the seats
    of the roles' takeovers hold the knife tonight, or else a shared takeover's seats; those holding
    it for the first time are told."""
    night = game.night
    assert night is not None
    if pack.members(game):
        return
    declared = pack.takeovers(game)
    told = dict.fromkeys(pack.lone_wolves(game), TAKEN_OVER)
    for takeover, seats in declared:
        if not takeover.shared:
            told.update({seat: takeover.told for seat in seats if seat not in told})
    shared = next(((t, seats) for t, seats in declared if t.shared), None) if not told else None
    if shared is not None:
        told = dict.fromkeys(shared[1], shared[0].told)
    if not told:
        return
    knife = game_state(game, Knife)
    knife.lone_night, knife.holders, knife.shared = night.no, list(told), shared is not None
    knife.held.update(told)
    for seat, text in told.items():
        if seat not in knife.told:
            knife.told.add(seat)
            game.tell(seat, f"【第{night.no}夜】{text}。")


def record_outside(game: Game, seat: int, ballot: tuple[int, ...], ballots: dict[int, object]) -> None:
    """A `/刀` of a seat holding the knife outside the group: checked against its takeover's target
    rule (鬼魂新娘阵营: not its own camp); under a shared takeover it replaces the ballots the others
    sent before, so that the last one stands."""
    for takeover, seats in pack.takeovers(game):
        if seat in seats:
            why = next((w for t in ballot if t != NONE and (w := takeover.refuse(game, seat, t))), None)
            if why is not None:
                raise Rejected(why)
    knife = peek_game_state(game, Knife)
    for holder in knife.holders if knife.shared else [seat]:
        if holder == seat or holder in ballots:
            ballots[holder] = ballot


def sealed(game: Game) -> str | None:
    """The seal on a holder of the knife tonight (恐惧, 冰冻 …), or None: with one, no kill tonight."""
    return next((kind for seat in holders(game) if (kind := seal.sealed(game, seat)) is not None), None)


def sealed_text(kind: str) -> str:
    return f"今晚狼队有人被{kind}，不能刀人。"


def refused_by_seal(game: Game) -> str | None:
    """What the group's `/刀` is refused with tonight (封印告知: 可以 and a member sealed), or None.
    Lone wolves are not told of another's seal (their own seal refuses them in the step)."""
    kind = sealed(game)
    if kind is None or not seal.told(game) or lone_tonight(game):
        return None
    return sealed_text(kind)


def target(game: Game, seat: int, word: str, what: str = "杀人目标") -> int:
    """The seat a `/刀` names (NONE for 空), under the board's 空刀 and 狼刀狼人."""
    options = game.board.options
    if is_none_word(word):
        if not options.empty_kill:
            raise Rejected("本局不能空刀（空刀: 不可以），请 /刀 N号。")
        return NONE
    chosen = pack.kill_target(game, word, what)  # a living seat the wolves' kill may choose (恶灵骑士)
    if not options.kill_wolves and (chosen == seat or chosen in pack.members(game, alive=False)):
        raise Rejected("不能刀狼队友（狼刀狼人: 不可以），也不能刀自己。")
    return chosen


def settle(game: Game, ballots: list[tuple[int, ...]], count: int) -> list[int]:
    """Tonight's kills from the ballots cast (`count` seats at most), by the board's 狼刀分歧."""
    rule = game.board.options.kill_split
    if rule == UNANIMOUS:
        if not ballots or len(set(ballots)) > 1:
            return []
        return [t for t in ballots[0] if t != NONE]
    if rule == MAJORITY_RANDOM:
        return _plurality_drawn(game, ballots, count)
    return pack.decide(ballots, count)


def _plurality_drawn(game: Game, ballots: list[tuple[int, ...]], count: int) -> list[int]:
    """The `count` most-voted seats; a tie at the edge is drawn among the tied (空刀 among them)."""
    ranked = Counter(target for ballot in ballots for target in ballot).most_common()
    if len(ranked) <= count:
        chosen = [t for t, _ in ranked]
    else:
        edge = ranked[count - 1][1]
        chosen = [t for t, votes in ranked if votes > edge]
        tied = sorted(t for t, votes in ranked if votes == edge)
        if len(chosen) + len(tied) > count:
            tied = game.rng.sample(tied, count - len(chosen))
        chosen += tied
    return [t for t in chosen if t != NONE]


def tied(ballots: list[tuple[int, ...]], count: int) -> bool:
    """Whether the plurality over the ballots is tied at the edge (for the directors' note)."""
    ranked = Counter(target for ballot in ballots for target in ballot).most_common()
    return len(ranked) > count and ranked[count - 1][1] == ranked[count][1]


def rule_text(game: Game) -> str:
    """How the kill is settled on this board, for the wolves' messages and /身份."""
    rule = game.board.options.kill_split
    if rule == UNANIMOUS:
        how = "全员一致即锁定，截止时所有投了票的狼人一致才刀，否则空刀"
    elif rule == MAJORITY_RANDOM:
        how = "全员一致即锁定，截止时按多数，平票时在平票的目标里随机选一个"
    else:
        how = "全员一致即锁定，截止时按多数，平票不杀"
    options = game.board.options
    limits = [
        text
        for on, text in ((options.empty_kill, "不能空刀"), (options.kill_wolves, "不能刀狼队友"))
        if not on
    ]
    return how + (f"（{'，'.join(limits)}）" if limits else "")
