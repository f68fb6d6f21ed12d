"""杀人 on 须弥: the [群内] wolves share one kill voted in their group; the [接刀] each take one
when no [群内] wolf can kill any more.

「该阵营的角色若标明[群内]，则入狼群，并与所有群内共享一个杀人技能，若[杀人]需要判定技能来源，则随机一名
群内成为来源。」  「[接刀]…则所有[群内]狼出局，或所有[群内]狼皆承受永久的[业炎/净化]状态时，[接刀]的角色获得
[杀人]技能并可使用」.  「狼人群内首夜不能[杀人]」; [缴械] on any group member stops the group's kill
(「若是[群内]，也会影响整个群内不能发动杀人」).  A night may hold extra kills (烤乳猪, 时波增幅): the
group's ballots then name several seats (`/刀 A号 B号`).  未明之雾 and 芬芳 force the kill into their
lists (「若可以发动杀人，则必须发动杀人，且只能在指定的名单内进行杀人」).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha_engine import damage, status
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.pack import decide
from bansha_engine.parse import is_none_word, seat_words
from bansha_engine.roles.xumi import board_calls
from bansha_engine.roles.xumi.common import IN_GROUP, in_group, knife_takers, tag

if TYPE_CHECKING:
    from bansha_engine.game import Game

SLOT = "深夜2"
SKILL = "杀人"
NONE = 0
GROUP = 0  # the key of the group's kill in night.uses-like records


@dataclass
class Kills:
    """The kills of each night: the extra ones ((night, GROUP or a [接刀] seat) -> how many more:
    烤乳猪, 时波增幅), the lists they must fall in (未明之雾, 芬芳), the ballots (seat -> its targets)."""

    extra: dict[tuple[int, int], int] = field(default_factory=dict)
    lists: dict[int, list[list[int]]] = field(default_factory=dict)
    ballots: dict[int, dict[int, tuple[int, ...]]] = field(default_factory=dict)


def no_kill_tonight(game: Game) -> bool:
    """The first night of a board whose file says 首夜刀人: 不可以 (the post: 「狼人群内首夜不能[杀人]」)."""
    return game.night is not None and game.night.no == 1 and not game.board.options.first_night_kill


def group_can_kill(game: Game) -> bool:
    """The group holds a usable kill tonight."""
    members = in_group(game)
    if not members or no_kill_tonight(game):
        return False
    return not any(status.has(game, seat, "缴械") for seat in members)


def takers_active(game: Game) -> bool:
    """「所有[群内]狼出局，或…皆承受永久的[业炎/净化]」: no living seat holds the [群内] tag."""
    return not in_group(game)


def kill_holders(game: Game) -> list[int]:
    """Seats that hold 杀人 now (带刀): the group's members, or the [接刀] once the group is gone."""
    if not takers_active(game):
        return in_group(game)
    return knife_takers(game)


def carries_knife(game: Game, seat: int) -> bool:
    return seat in kill_holders(game)


def takers_can_kill(game: Game) -> list[int]:
    if no_kill_tonight(game) or not takers_active(game):
        return []
    return [s for s in knife_takers(game) if not any(status.has(game, s, e) for e in ("缴械", "超度"))]


def kills_tonight(game: Game, seat: int | None = None) -> int:
    """How many kills the group (seat None) or a [接刀] seat has tonight."""
    night = game.night
    if night is None:
        return 0
    extra = peek_game_state(game, Kills).extra.get((night.no, seat if seat is not None else GROUP), 0)
    return 1 + int(extra)


def add_extra_kill(game: Game, night_no: int, seat: int | None = None) -> None:
    extras = game_state(game, Kills).extra
    key = (night_no, seat if seat is not None else GROUP)
    extras[key] = extras.get(key, 0) + 1


def allowed_targets(game: Game) -> set[int] | None:
    """The seats tonight's kills must fall in (every list at once), or None when free."""
    night = game.night
    lists = peek_game_state(game, Kills).lists.get(night.no if night else 0, [])
    if not lists:
        return None
    allowed = set(lists[0])
    for seats in lists[1:]:
        allowed &= set(seats)
    return {s for s in allowed if game.seats[s].alive}


def add_kill_list(game: Game, seats: list[int]) -> None:
    night = game.night
    assert night is not None
    game_state(game, Kills).lists.setdefault(night.no, []).append(list(seats))


def tell_kill_list(game: Game, seats: list[int], holders: list[int]) -> None:
    """The kill holders receive a list their kill must fall in (when the running slot ends)."""
    text = f"今晚的杀人名单：{_list_text(set(seats))}。若可以杀人，则必须杀人，且只能在名单内杀人。"
    for seat in holders:
        status.notify(game, seat, text)


# ---------------------------------------------------------------- actors of 深夜2


def actors(game: Game) -> list[int]:
    """Who acts in 深夜2's kill: the group's living members when it can kill, else the [接刀] who can."""
    if no_kill_tonight(game):
        return []
    members = in_group(game)
    if members:
        disarmed = any(status.has(game, seat, "缴械") for seat in members)
        return [] if disarmed else members
    return [s for s in knife_takers(game) if not any(status.has(game, s, e) for e in ("缴械", "超度"))]


def is_done(game: Game, seat: int) -> bool:
    ballots = _ballots(game)
    if tag(game, seat) == IN_GROUP:
        voters = in_group(game)
        return all(v in ballots for v in voters) and len({ballots[v] for v in voters}) == 1
    return seat in ballots


def _ballots(game: Game) -> dict[int, tuple[int, ...]]:
    """Tonight's kill ballots, to read (reading never adds an empty entry to the game)."""
    night = game.night
    assert night is not None
    return peek_game_state(game, Kills).ballots.get(night.no, {})


def _cast(game: Game, seat: int, ballot: tuple[int, ...]) -> None:
    night = game.night
    assert night is not None
    game_state(game, Kills).ballots.setdefault(night.no, {})[seat] = ballot


def announce(game: Game) -> None:
    """深夜2 opens: the group is asked for its kill (in the group), each [接刀] in private."""
    night = game.night
    assert night is not None
    due = game.clock(night.due[SLOT])
    allowed = allowed_targets(game)
    only = f"今晚只能在名单内杀人：{_list_text(allowed)}。" if allowed is not None else ""
    forced = bool(allowed)  # a list with a living seat: no 空刀, and a tie is drawn within the list
    single = "/刀 N号" if forced else "/刀 N号 或 /刀 空"
    tie = "平票或无人投票时在名单内随机杀一人" if forced else "平票不杀"
    if group_can_kill(game):
        count = kills_tonight(game)
        how = f"/刀 {' '.join(['N号'] * count)}（今晚可杀{count}人）" if count > 1 else single
        _say(
            game,
            f"【第{night.no}夜深夜2】狼人请在群里投票杀人：{how}。{only}全员一致即锁定，截止{due}时按多数，{tie}。",
        )
    for seat in takers_can_kill(game):
        game.tell(seat, f"【第{night.no}夜深夜2】你接刀，可以杀人：{single}（截止{due}）。{only}")


# ---------------------------------------------------------------- /刀


def vote(game: Game, seat: int, args: list[str]) -> None:
    """`/刀 N号` (or `/刀 A号 B号` with extra kills, `/刀 空`): a group member's ballot in the wolf
    group, a [接刀]'s own kill in private."""
    from bansha_engine import night as nights

    if seat not in actors(game) or not nights.is_open(game, SLOT):
        raise Rejected(_why_not(game, seat))
    member = tag(game, seat) == IN_GROUP
    count = kills_tonight(game, None if member else seat)
    ballot = _read_ballot(game, args, count)
    _cast(game, seat, ballot)
    chosen = "空刀" if ballot == (NONE,) else "、".join(f"{t}号" for t in ballot)
    if member:
        _say(game, _tally_text(game, seat))
        if game.speaker is not None and game.speaker.group is None:
            game.reply(f"已记录你的选择：{chosen}。统计在狼群里。")
    else:
        game.reply(f"已记录：杀人{chosen}。{SLOT}结束时结算。")
    board_calls.progress(game)


def _why_not(game: Game, seat: int) -> str:
    if not game.seats[seat].alive:
        return "你已出局，不能杀人。"
    if game.night is None:
        return "现在不是夜晚，不能杀人。"
    if no_kill_tonight(game) and seat in kill_holders(game):
        return "首夜不能杀人。"
    if seat not in kill_holders(game):
        return "你现在没有杀人技能。"
    for effect in ("缴械", "超度"):
        if any(status.has(game, s, effect) for s in in_group(game) if tag(game, seat) == IN_GROUP):
            return f"狼群中有角色处于[{effect}]状态，整个狼群今晚不能杀人。"
        if status.has(game, seat, effect):
            return f"你处于[{effect}]状态，不能杀人。"
    from bansha_engine import night as nights

    if game.night.state.get(SLOT) == "waiting":
        return f"还没到{SLOT}（杀人的时段），请稍候：{SLOT}开始时会通知。"
    if nights.is_open(game, SLOT):
        return "你今晚的杀人已经确定，不能更改。"
    return f"{SLOT}已经结束，今晚不能再杀人。"


def _read_ballot(game: Game, args: list[str], count: int) -> tuple[int, ...]:
    allowed = allowed_targets(game)
    if len(args) == 1 and is_none_word(args[0]):
        if allowed is not None and allowed:
            raise Rejected("今晚必须在指定名单内杀人，不能空刀：" + _list_text(allowed))
        return (NONE,)
    args = seat_words(args)
    if not args or len(args) > count:
        more = f"（今晚可以杀{count}人：/刀 " + " ".join(["N号"] * count) + "）" if count > 1 else ""
        too_many = f"今晚只能杀{count}人，你写了{len(args)}个座位。" if args else ""
        raise Rejected(f"{too_many}用法：/刀 N号 或 /刀 空{more}")
    targets = []
    for word in args:
        number = game.seat_named(word)
        if not game.seats[number].alive:
            raise Rejected(f"{number}号已出局，不能作为杀人目标。")
        if allowed is not None and number not in allowed:
            raise Rejected(f"今晚只能在指定名单内杀人：{_list_text(allowed)}。")
        targets.append(number)
    if len(set(targets)) != len(targets):
        raise Rejected("几刀须是不同的角色。")
    return tuple(sorted(targets))


def _list_text(seats: set[int]) -> str:
    return "、".join(f"{s}号" for s in sorted(seats)) or "（名单内已无存活角色）"


def _tally_text(game: Game, voter: int) -> str:
    ballots = {s: b for s, b in _ballots(game).items() if tag(game, s) == IN_GROUP}
    counts = Counter(target for ballot in ballots.values() for target in ballot)
    parts = [f"{'空刀' if t == NONE else f'{t}号'}{c}票" for t, c in counts.most_common()]
    waiting = [f"{n}号" for n in in_group(game) if n not in ballots]
    tail = f"；未投：{'、'.join(waiting)}" if waiting else "；全员已投"
    return f"{voter}号投票。刀票：{'，'.join(parts)}{tail}"


def _say(game: Game, text: str) -> None:
    if not game.tell_group("wolves", text):
        for seat in in_group(game, alive=False):
            game.tell(seat, text)


# ---------------------------------------------------------------- at the close of 深夜2


def resolve(game: Game) -> None:
    """The kills of the night, first in 深夜2: the group's (source: a random member), then each
    [接刀]'s; a forced list with no valid ballot kills a random seat of the list."""
    ballots = _ballots(game)
    if group_can_kill(game):
        members = in_group(game)
        picks = decide([ballots[s] for s in members if s in ballots], kills_tonight(game))
        picks = _forced(game, picks, kills_tonight(game))
        for target in picks:
            _kill(game, target, game.rng.choice(members))
        _report(game, "狼群", picks)
    for seat in takers_can_kill(game):
        picks = [t for t in ballots.get(seat, ()) if t != NONE]
        picks = _forced(game, picks, kills_tonight(game, seat))
        for target in picks:
            _kill(game, target, seat)
        _report(game, f"{seat}号（接刀）", picks)


def _forced(game: Game, picks: list[int], count: int) -> list[int]:
    """A list forces the kill (「必须发动杀人」): kills the ballots leave missing (a tie, no ballot)
    are drawn among the living seats of the list."""
    allowed = allowed_targets(game)
    if allowed is None:
        return picks
    picks = [p for p in picks if p in allowed]
    free = sorted(allowed - set(picks))
    while len(picks) < count and free:
        choice = game.rng.choice(free)
        free.remove(choice)
        picks.append(choice)
    return picks


def _kill(game: Game, target: int, source: int) -> None:
    damage.deal(game, damage.Damage(target, damage.POKE, source, SKILL))


def _report(game: Game, who: str, picks: list[int]) -> None:
    night = game.night
    assert night is not None
    text = "、".join(f"{t}号" for t in picks) if picks else "无人（空刀或平票）"
    night.notes.append(f"{who}杀人：{text}")
    if who == "狼群":
        _say(game, f"【第{night.no}夜】狼人杀人已确定：{text}。")


def pass_kill(game: Game, seat: int) -> list[str]:
    """`/放弃` by a kill holder: an empty ballot, unless a list forces the kill."""
    allowed = allowed_targets(game)
    if allowed:
        raise Rejected("今晚必须在指定名单内杀人，不能放弃：" + _list_text(allowed))
    _cast(game, seat, (NONE,))
    if tag(game, seat) == IN_GROUP:
        _say(game, _tally_text(game, seat))
    return [SKILL]
