"""The wolf group of boards whose wolves share a QQ group (百变小樱).

Every living member that can kill votes with `/刀 N号` (or `/刀 空`) in the group; the bot answers
there with the tally.  The kill locks as soon as all of them voted the same way; at the deadline the
plurality wins and a tie kills nobody.  On a night with an extra kill (幼狼 激励) a ballot names two
seats: `/刀 A号 B号`.  Members who left stay in the group (they may still be asked to surrender).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine import pack
from bansha_engine.api import Rejected
from bansha_engine.library import KillTakeover, game_state, peek_game_state
from bansha_engine.model import KILL, WOLVES, Deadline, StepSpec
from bansha_engine.parse import is_none_word
from bansha_engine.roles import young_wolf

if TYPE_CHECKING:
    from bansha_engine.game import Game

STEP = "wolves"
NONE = pack.NONE  # a ballot entry meaning "no kill"


def kills_tonight(game: Game) -> int:
    night = game.night
    extra = young_wolf.extra_kill_night(game)
    return 2 if night is not None and extra == night.no else 1


def step(
    deadline: Deadline, from_night: int = 1, roles: tuple[str, ...] = ("狼人", "狼王", "幼狼")
) -> StepSpec:
    """The group's kill; `roles`: the names `/时限` may address it by."""
    return StepSpec(
        id=STEP,
        title="狼人杀人",
        roles=roles,
        actors=pack.kill_voters,
        deadline=deadline,
        from_night=from_night,
        on_open=_open,
        is_done=_locked,
        on_close=_close,
        hint="在狼群 /刀 N号 或 /刀 空",
    )


def _open(game: Game) -> None:
    night = game.night
    assert night is not None
    taken = pack.takeover(game)
    if taken is not None:
        _open_takeover(game, taken[0].told)
        return
    count = kills_tonight(game)
    extra = "今晚有激励，可以杀两人：/刀 A号 B号。" if count == 2 else "/刀 N号 或 /刀 空。"
    pack.say(
        game,
        f"【第{night.no}夜】狼人请在群里投票杀人：{extra}全员一致即锁定，{game.clock(night.due[STEP])}截止时按多数，平票不杀。",
    )


def _open_takeover(game: Game, told: str) -> None:
    """2.8 接刀: each seat holding the kill outside the group is told privately."""
    night = game.night
    assert night is not None
    for seat in nights.actors(game, STEP):
        game.tell(
            seat, f"【第{night.no}夜】{told}：私聊 /刀 N号 或 /刀 空（{game.clock(night.due[STEP])}截止）。"
        )


def vote(game: Game, seat: int, args: list[str]) -> None:
    nights.require_actor(game, STEP, seat)
    count = kills_tonight(game)
    if not args or len(args) > count:
        raise Rejected("用法：/刀 N号 或 /刀 空" + ("（今晚可以 /刀 A号 B号）" if count == 2 else ""))
    if len(args) == 1 and is_none_word(args[0]):
        ballot: tuple[int, ...] = (NONE,)
    else:
        ballot = tuple(sorted(game.living_target(word, what="杀人目标") for word in args))
        if len(set(ballot)) != len(ballot):
            raise Rejected("两刀须是两名不同的角色。")
    taken = pack.takeover(game)
    if taken is not None:
        _take_over(game, seat, ballot, *taken)
        return
    nights.acts(game, STEP)[seat] = ballot
    pack.say(game, tally_text(game, seat))
    chosen = "空刀" if ballot == (NONE,) else "、".join(f"{t}号" for t in ballot)
    pack.echo(game, f"已记录你的选择：{chosen}。统计在狼群里。")  # the tally itself goes to the group alone
    nights.advance(game)


def _take_over(
    game: Game, seat: int, ballot: tuple[int, ...], takeover: KillTakeover, holders: list[int]
) -> None:
    """A `/刀` of a seat holding the kill outside the group: its target checked against the role's
    rule, the ballot told to the sender alone.  Shared: it replaces the ballots the other holders
    sent before, so that the last one stands and the kill locks once all of them have spoken."""
    for target in ballot:
        why = takeover.refuse(game, seat, target) if target != NONE else None
        if why is not None:
            raise Rejected(why)
    ballots = nights.acts(game, STEP)
    for holder in holders if takeover.shared else [seat]:
        if holder == seat or holder in ballots:
            ballots[holder] = ballot
    chosen = "空刀" if ballot == (NONE,) else "刀" + "、".join(f"{t}号" for t in ballot)
    game.reply(f"已记录：今晚{chosen}。")
    nights.advance(game)


def tally_text(game: Game, voter: int) -> str:
    ballots = nights.choice(game, STEP)
    counts = Counter(target for ballot in ballots.values() for target in ballot)
    parts = [f"{'空刀' if t == NONE else f'{t}号'}（{c}票）" for t, c in counts.most_common()]
    waiting = [f"{n}号" for n in nights.actors(game, STEP) if n not in ballots]
    tail = f"；未投：{'、'.join(waiting)}" if waiting else "；全员已投"
    return f"{voter}号投票。刀票：{'，'.join(parts)}{tail}"


def _locked(game: Game) -> bool:
    voters = nights.actors(game, STEP)
    ballots = nights.acts(game, STEP)
    if not voters:
        return True
    if any(n not in ballots for n in voters):
        return False
    return len({ballots[n] for n in voters}) == 1


def _close(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    ballots = list(nights.choice(game, STEP).values())
    targets = pack.decide(ballots, kills_tonight(game))
    for target in targets:
        night.kills.append((target, KILL))
    if not nights.actors(game, STEP):
        return
    text = "、".join(f"{t}号" for t in targets) if targets else "无人（空刀或平票）"
    how = "全员一致"
    if timed_out:
        how = "导演推进，按多数" if nights.closed_by_director(game, STEP) else "截止时按多数"
    if pack.takeover(game) is not None:
        holders = "、".join(f"{n}号" for n in nights.actors(game, STEP))
        night.notes.append(f"接刀（{holders}）杀人：{text}")
        return
    night.notes.append(f"狼人杀人（{how}）：{text}")
    pack.say(game, f"【第{night.no}夜】狼人杀人已确定（{how}）：{text}。")


# ---------------------------------------------------------------- 投降


def surrender(game: Game, seat: int, agree: bool) -> bool:
    """`/投降` proposes or agrees; `/反对` refuses.  Any 狼人阵营 seat may propose (狼人阵营可以由阵营中
    的某一角色发起投降); every wolf-group member, dead ones too, is asked and must agree."""
    group = pack.members(game, alive=False)
    if seat not in group and not (agree and game.seats[seat].camp == WOLVES):
        return False
    if WOLVES in pack.lost_camps(game):
        raise Rejected("狼人阵营已经判负。")
    if game.phase == "opening":
        # The wolf group is only formed once the start-of-game choices are settled; until then
        # there is nobody to ask, and one wolf alone would have surrendered for the whole camp.
        raise Rejected("开局选择还没完成，狼群尚未确定，现在不能投降。")
    votes = peek_game_state(game, pack.PackState).surrender
    if not agree:
        if votes is None:
            raise Rejected("现在没有投降提议。")
        game_state(game, pack.PackState).surrender = None
        pack.say(game, f"{seat}号反对投降，投降提议取消。")
        pack.echo(game, "已反对投降，投降提议取消。")
        return True
    proposed = votes is None
    if votes is None:
        votes = {}
        game_state(game, pack.PackState).surrender = votes
        pack.say(game, f"{seat}号发起投降：狼群所有角色（含已出局）都同意（/投降）才生效，任何人可 /反对。")
        if seat not in group:
            game.reply("已发起投降，正在询问狼群中所有角色。")
        else:
            pack.echo(game, "已发起投降，正在询问狼群中所有角色。")
        if "wolves" in game.groups_bound:  # without a group `say` already reached each member
            for member in group:
                if member != seat:
                    game.tell(
                        member,
                        f"{seat}号发起投降：同意请 /投降，不同意请 /反对（已出局的狼群成员也要表态）。",
                    )
    votes[seat] = True
    waiting = [f"{n}号" for n in group if n not in votes]
    if waiting:
        pack.say(game, f"{seat}号同意投降；尚未同意：{'、'.join(waiting)}")
        if not proposed:
            pack.echo(game, f"已同意投降；尚未同意：{'、'.join(waiting)}")
        return True
    pack.echo(game, "已同意投降：狼群全体同意，投降生效。")
    game_state(game, pack.PackState).surrender = None
    game.tell_directors("狼人阵营全体同意投降：狼人阵营优先判负（不公示）。")
    game.board.extra["lose_camp"](game, WOLVES, "投降")
    return True
