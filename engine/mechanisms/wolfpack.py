"""The wolf group of boards whose wolves share a QQ group (百变小樱).

Every living member that can kill votes with `/刀 N号` (or `/刀 空`) in the group; the bot answers
there with the tally.  The kill locks as soon as all of them voted the same way; at the deadline the
plurality wins and a tie kills nobody.  On a night with an extra kill (幼狼 激励) a ballot names two
seats: `/刀 A号 B号`.  Members who left stay in the group (they may still be asked to surrender).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bansha_engine import knife, pack
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
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
    """The group's kill (or the lone wolves', once they hold the knife: engine/knife.py); `roles`:
    the names `/时限` may address it by."""
    return StepSpec(
        id=STEP,
        title="狼人杀人",
        roles=roles,
        actors=lambda game: knife.holders(game) if pack.can_kill(game) else [],
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
    knife.open_tonight(game)
    if knife.lone_tonight(game):
        _open_lone(game)
        return
    sealed = knife.refused_by_seal(game)
    if sealed is not None:
        pack.say(game, f"【第{night.no}夜】{sealed}")
        return
    count = kills_tonight(game)
    extra = "今晚有激励，可以杀两人：/刀 A号 B号。" if count == 2 else "/刀 N号 或 /刀 空。"
    pack.say(
        game,
        f"【第{night.no}夜】狼人请在群里投票杀人：{extra}{_rule(game)}。",
    )


def _rule(game: Game) -> str:
    """How the kill is settled, with the deadline where 「截止」 is said."""
    night = game.night
    assert night is not None
    return knife.rule_text(game).replace("截止时", f"{game.clock(night.due[STEP])}截止时", 1)


def _open_lone(game: Game) -> None:
    """The lone wolves holding the knife: each is asked privately, and hears of no other."""
    night = game.night
    assert night is not None
    due = game.clock(night.due[STEP])
    for seat in nights.actors(game, STEP):
        game.tell(seat, f"【第{night.no}夜】请私聊我选择今晚刀谁：/刀 N号 或 /刀 空（{due}截止）。")


def vote(game: Game, seat: int, args: list[str]) -> None:
    if pack.is_lone_wolf(game, seat) and not knife.lone_tonight(game):
        raise Rejected("你是单身狼，不投狼群的刀；狼群没有存活的狼人以后，从下一夜起由你刀人。")
    sealed = knife.refused_by_seal(game)
    if sealed is not None and seat in knife.holders(game):
        raise Rejected(sealed)
    nights.require_actor(game, STEP, seat)
    count = kills_tonight(game)
    if not args or len(args) > count:
        raise Rejected("用法：/刀 N号 或 /刀 空" + ("（今晚可以 /刀 A号 B号）" if count == 2 else ""))
    if len(args) == 1 and is_none_word(args[0]):
        ballot: tuple[int, ...] = (knife.target(game, seat, args[0]),)
    else:
        ballot = tuple(sorted(knife.target(game, seat, word) for word in args))
        if NONE in ballot:
            raise Rejected("用法：/刀 A号 B号（两刀都要写座位）")
        if len(set(ballot)) != len(ballot):
            raise Rejected("两刀须是两名不同的角色。")
    chosen = "空刀" if ballot == (NONE,) else "、".join(f"{t}号" for t in ballot)
    if knife.lone_tonight(game):
        knife.record_outside(game, seat, ballot, nights.acts(game, STEP))
        game.reply(f"已记录：今晚{'空刀' if ballot == (NONE,) else '刀' + chosen}。")
    else:
        nights.acts(game, STEP)[seat] = ballot
        pack.say(game, tally_text(game, seat))
        pack.echo(
            game, f"已记录你的选择：{chosen}。统计在狼群里。"
        )  # the tally itself goes to the group alone
    nights.advance(game)


def tally_text(game: Game, voter: int) -> str:
    """The group's tally: every ballot cast, a sealed wolf's too when his seal is not told (封印告知:
    不可以: the wolves vote and are answered as usual, 2.10.3 第2条)."""
    ballots = {n: b for n, b in nights.acts(game, STEP).items() if b is not None}
    counts = Counter(target for ballot in ballots.values() for target in ballot)
    parts = [f"{'空刀' if t == NONE else f'{t}号'}（{c}票）" for t, c in counts.most_common()]
    waiting = [f"{n}号" for n in nights.actors(game, STEP) if n not in ballots]
    tail = f"；未投：{'、'.join(waiting)}" if waiting else "；全员已投"
    return f"{voter}号投票。刀票：{'，'.join(parts)}{tail}"


def _locked(game: Game) -> bool:
    if knife.refused_by_seal(game) is not None:
        return True  # told the group: nothing to wait for
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
    kind = knife.sealed(game)
    if knife.refused_by_seal(game) is not None:
        night.notes.append(f"狼队有人被{kind}，今晚没有刀")
        return
    # Every ballot cast: a sealed holder's too, when it was taken in vain (封印告知: 不可以)
    ballots = [b for b in nights.acts(game, STEP).values() if b is not None]
    count = kills_tonight(game)
    targets = knife.settle(game, ballots, count)
    if kind is None:
        for target in targets:
            night.kills.append((target, KILL))
    if not nights.actors(game, STEP):
        return
    text = "、".join(f"{t}号" for t in targets) if targets else "无人（空刀或平票）"
    how = _how(game, ballots, count, timed_out)
    lone = knife.lone_tonight(game)
    void = f"；有人被{kind}，刀无效" if kind is not None else ""
    night.notes.append(f"{'单身狼' if lone else '狼人'}杀人（{how}）：{text}{void}")
    if not lone:  # the lone wolves hear of no other: no result for them
        pack.say(game, f"【第{night.no}夜】狼人杀人已确定（{how}）：{text}。")


def _how(game: Game, ballots: list[tuple[int, ...]], count: int, timed_out: bool) -> str:
    """How the kill was settled, by the board's 狼刀分歧, for the group and the directors."""
    if not timed_out:
        return "全员一致"
    when = "导演推进，" if nights.closed_by_director(game, STEP) else "截止时"
    rule = game.board.options.kill_split
    if rule == knife.UNANIMOUS:
        return when + ("一致" if len(set(ballots)) == 1 else "不一致")
    if rule == knife.MAJORITY_RANDOM and knife.tied(ballots, count):
        return when + "按多数，平票随机"
    return when + "按多数"


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
    lose_camp = game.board.hooks.lose_camp
    assert lose_camp is not None  # 投降 is 优先判负's command, and 优先判负 gives it
    lose_camp(game, WOLVES, "投降")
    return True
