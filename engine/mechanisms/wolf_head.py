"""狼人 on 竞技12: wolves know each other but share no group.

The first night they elect a 狼头 (争权); every wolf may send the head one sentence of at most five
characters a night (传话); the head alone chooses the kill (/刀), which every wolf learns at once.
A head leaving hands the title on (传位; random on a red card).  Once a game the head may propose a
决战: if more than half of the other living wolves agree, the head names three kills and the game is
judged at once under the post's worst-case assumptions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from bansha_engine import knife, pack
from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import game_state, peek_game_state
from bansha_engine.model import RED_CARD, VILLAGE, WOLVES, Deadline, Prompt, Skill, StepSpec
from bansha_engine.parse import no_arguments
from bansha_engine.roles import witch as witch_role
from bansha_engine.version import opened_since

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "狼人"
# Since 0.5.0 every member of the wolf group takes part (狼王, 白狼王 …: standard-boards.md 「也是狼人」;
# the post's 「所有狼人将在游戏开始后互知」); games opened before count the plain 狼人 only.
PACK_RELEASE = "0.5.0"
ELECTION = "election"
KILL_STEP = "wolves"
PROMPT = "head"
WORD = "传位"
TITLE = "狼头"  # what the 传位 decision is for (/时限 狼头)
RELAY_LIMIT = 5


@dataclass
class WolfHeadState:
    """The wolves' board-wide state on 竞技12."""

    head: int | None = None
    vote_serial: int = 0  # order of the last 争权 ballot (ties go to the first to reach the top)
    duel: Literal["proposed", "approved"] | None = None  # a 决战 proposal under way
    duel_votes: dict[int, bool] = field(default_factory=dict)  # wolf -> agrees
    duel_used: bool = False
    relayed: set[tuple[int, int]] = field(default_factory=set)  # (night, wolf) for each 传话 sent


def _state(game: Game) -> WolfHeadState:
    return game_state(game, WolfHeadState)


def _peek(game: Game) -> WolfHeadState:
    return peek_game_state(game, WolfHeadState)


def is_wolf(game: Game, seat: int) -> bool:
    """The seat is one of the wolves who elect the head, relay to him and hear his kill."""
    if opened_since(game.opened_by, PACK_RELEASE):
        return pack.in_pack(game, seat)
    return game.seats[seat].role == NAME


def wolves(game: Game, *, alive: bool = True) -> list[int]:
    return [n for n, s in game.seats.items() if is_wolf(game, n) and (s.alive or not alive)]


def head(game: Game) -> int | None:
    return _peek(game).head


def tell_wolves(game: Game, text: str) -> None:
    for seat in wolves(game):
        game.tell(seat, text)


# ---------------------------------------------------------------- 争权: the first night's election


def election_step(deadline: Deadline) -> StepSpec:
    return StepSpec(
        id=ELECTION,
        title="选举狼头",
        roles=(
            NAME,
            "狼头",
            "争权",
        ),  # `/时限 争权` addresses the election alone, `/时限 狼人` both wolf steps
        actors=wolves,
        deadline=deadline,
        on_open=_open_election,
        on_close=_close_election,
        only_night=1,
        forced=True,
        hint="/选狼头 N号",
    )


def _open_election(game: Game) -> None:
    night = game.night
    assert night is not None
    pack = "、".join(f"{n}号" for n in wolves(game))
    for seat in wolves(game):
        game.tell(
            seat,
            f"【第1夜】狼人（{pack}）须投票选举狼头：/选狼头 N号（{game.clock(night.due[ELECTION])}截止，"
            "未投票不计票）。",
        )


def _vote(game: Game, seat: int, args: list[str]) -> None:
    # Who may vote comes first: telling a non-wolf "N号 不是狼人" would let them sort the seats.
    nights.require_actor(game, ELECTION, seat)
    if len(args) != 1:
        raise Rejected("用法：/选狼头 N号")
    target = game.living_target(args[0], what="狼头人选")
    if not is_wolf(game, target):
        raise Rejected(f"{target}号不是狼人，狼头只能从狼人中选。")
    order = _peek(game).vote_serial + 1
    nights.record(game, ELECTION, seat, (target, order), f"已投票：选{target}号当狼头。")
    _state(game).vote_serial = order


def elect(votes: list[tuple[int, int]]) -> int | None:
    """The first candidate to reach the highest final count (votes are (candidate, order))."""
    if not votes:
        return None
    totals: dict[int, int] = {}
    for candidate, _ in votes:
        totals[candidate] = totals.get(candidate, 0) + 1
    top = max(totals.values())
    running: dict[int, int] = {}
    for candidate, _ in sorted(votes, key=lambda vote: vote[1]):
        running[candidate] = running.get(candidate, 0) + 1
        if running[candidate] == top:
            return candidate
    return None


def _close_election(game: Game, timed_out: bool) -> None:
    # Only living wolves' ballots for living wolves count: a wolf red-carded meanwhile is out of it.
    living = wolves(game)
    ballots = {s: c for s, c in nights.choice(game, ELECTION).items() if s in living and c[0] in living}
    winner = elect(list(ballots.values()))
    tally = "、".join(f"{s}号投{v}号" for s, (v, _) in ballots.items()) or "无人投票"
    how = "选举当选"
    if winner is None:
        if not living:
            return
        winner, how = game.rng.choice(living), "无人投票，随机指定"
        game.night.notes.append(f"狼头选举无人投票，随机指定{winner}号")  # type: ignore[union-attr]
    else:
        game.night.notes.append(f"狼头选举（{tally}）：{winner}号当选")  # type: ignore[union-attr]
    missing = [n for n, c in nights.acts(game, ELECTION).items() if c is None]
    if missing:
        game.tell_directors("未投狼头票（不计票，计黄牌）：" + "、".join(f"{n}号" for n in missing))
    crown(game, winner, how)


def crown(game: Game, seat: int, how: str) -> None:
    _state(game).head = seat
    game.tell(seat, f"你成为狼头（{how}）：由你代表狼人阵营选择指杀目标（/刀 N号 或 /刀 空）。")
    for other in wolves(game):
        if other != seat:
            game.tell(other, f"新狼头：{seat}号（{how}）。你可以向狼头传话：/传话 不超过{RELAY_LIMIT}个字。")
    game.tell_directors(f"{seat}号成为狼头（{how}）。")


# ---------------------------------------------------------------- the head's kill and the relays


def kill_step(deadline: Deadline, after: tuple[str, ...] = (ELECTION,), from_night: int = 1) -> StepSpec:
    return StepSpec(
        id=KILL_STEP,
        title="狼人指杀",
        roles=(NAME, "狼头"),
        actors=_killers,
        deadline=deadline,
        after=after,
        from_night=from_night,
        on_open=_open_kill,
        on_close=_close_kill,
        hint="/刀 N号 或 /刀 空",
    )


def _killers(game: Game) -> list[int]:
    """The head, or once no wolf of the group lives, the lone wolves holding the knife (2.8)."""
    if knife.lone_tonight(game):
        return knife.holders(game)
    if knife.refused_by_seal(game) is not None:
        return []  # the wolves were told: nobody to wait for
    boss = head(game)
    return [boss] if boss is not None and game.seats[boss].alive else []


def _open_kill(game: Game) -> None:
    night = game.night
    assert night is not None
    knife.open_tonight(game)
    due = game.clock(night.due[KILL_STEP])
    if knife.lone_tonight(game):
        for seat in nights.actors(game, KILL_STEP):
            game.tell(seat, f"【第{night.no}夜】请私聊我选择今晚刀谁：/刀 N号 或 /刀 空（{due}截止）。")
        return
    sealed = knife.refused_by_seal(game)
    if sealed is not None:
        tell_wolves(game, f"【第{night.no}夜】{sealed}")
        return
    boss = head(game)
    for seat in wolves(game):
        if seat == boss:
            duel = "" if _peek(game).duel_used else "；也可以 /决战 提议轮次决胜"
            game.tell(seat, f"【第{night.no}夜】狼头请选择指杀目标：/刀 N号 或 /刀 空（{due}截止）{duel}。")
        else:
            game.tell(
                seat,
                f"【第{night.no}夜】可以向狼头{boss}号传话：/传话 不超过{RELAY_LIMIT}个字（{due}截止）。",
            )


def _kill(game: Game, seat: int, args: list[str]) -> None:
    if pack.is_lone_wolf(game, seat):
        _lone_kill(game, seat, args)
        return
    if not is_wolf(game, seat):
        raise Rejected("你不是狼人。")
    if head(game) != seat:
        raise Rejected("只有狼头能决定指杀；你可以 /传话 给狼头。")
    sealed = knife.refused_by_seal(game)
    if sealed is not None:
        raise Rejected(sealed)
    if len(args) != 1:
        raise Rejected("用法：/刀 N号 或 /刀 空")
    chosen = knife.target(game, seat, args[0], what="指杀目标")
    target = None if chosen == knife.NONE else chosen
    ack = "已确定：今晚空刀。" if target is None else f"已确定：今晚指杀{target}号。"
    nights.record(game, KILL_STEP, seat, ("kill", target), ack)


def _lone_kill(game: Game, seat: int, args: list[str]) -> None:
    """A lone wolf holding the knife: his ballot, settled with the others' by 狼刀分歧 (2.8 第4条)."""
    if not knife.lone_tonight(game):
        raise Rejected("你是单身狼，不参与狼人的指杀；狼人都出局以后，从下一夜起由你刀人。")
    nights.require_actor(game, KILL_STEP, seat)
    if len(args) != 1:
        raise Rejected("用法：/刀 N号 或 /刀 空")
    chosen = knife.target(game, seat, args[0])
    ack = "已记录：今晚空刀。" if chosen == knife.NONE else f"已记录：今晚刀{chosen}号。"
    nights.record(game, KILL_STEP, seat, ("kill", chosen), ack)


def _close_kill(game: Game, timed_out: bool) -> None:
    night = game.night
    assert night is not None
    # A 决战 proposal lives as long as the night's kill step: once the kill is settled it lapses.
    if _peek(game).duel in ("proposed", "approved"):
        _state(game).duel = None
    kind = knife.sealed(game)
    if kind is not None and (knife.refused_by_seal(game) is not None or knife.lone_tonight(game)):
        night.notes.append(f"狼队有人被{kind}，今晚没有刀")
        return
    if knife.lone_tonight(game):
        ballots = [(t,) for _, t in nights.choice(game, KILL_STEP).values()]
        targets = knife.settle(game, ballots, 1)
        night.kills += [(t, NAME) for t in targets]
        night.notes.append(f"单身狼刀人：{'、'.join(f'{t}号' for t in targets) or '无人'}")
        return
    # Every choice made: a sealed head's too, taken in vain under 封印告知: 不可以
    choice = {seat: made for seat, made in nights.acts(game, KILL_STEP).items() if made is not None}
    target = next((t for k, t in choice.values() if k == "kill"), None)
    if target is not None:
        if kind is None:
            night.kills.append((target, NAME))
        text = f"狼头指杀{target}号"
    elif choice:
        text = "狼头空刀"
    elif timed_out:
        text = (
            "狼头未指杀（导演推进）" if nights.closed_by_director(game, KILL_STEP) else "狼头未指杀（超时）"
        )
    else:
        text = "狼头放弃指杀"
    if choice or timed_out:  # a pass is noted with the night's other passes (nights.close_step)
        night.notes.append(text + (f"（狼队有人被{kind}，指杀无效）" if kind is not None and target else ""))
    for seat in wolves(game):
        if seat != head(game):  # the head knows: he was answered, or told his time ran out
            game.tell(seat, f"【第{night.no}夜】{text}。")


def _kill_settled(game: Game) -> bool:
    """Tonight's kill step has closed (the head chose, passed, or time ran out)."""
    return game.night is not None and game.night.state.get(KILL_STEP) == "closed"


def _relay(game: Game, seat: int, args: list[str]) -> None:
    if not is_wolf(game, seat) or not game.seats[seat].alive:
        raise Rejected("只有存活的狼人可以传话。")
    boss = head(game)
    if _kill_settled(game):
        raise Rejected("今晚的指杀已经决定，不能再传话。")
    if boss is None or not nights.is_open(game, KILL_STEP):
        raise Rejected("现在不能传话：只能在狼头选出后、狼人指杀结束前传话。")
    if boss == seat:
        raise Rejected("你就是狼头，不需要传话。")
    text = " ".join(args)
    length = len("".join(text.split()))
    if length == 0:
        raise Rejected("用法：/传话 内容（不超过5个字）")
    if length > RELAY_LIMIT:
        raise Rejected(f"传话最多{RELAY_LIMIT}个字（不含空格），你写了{length}个字，未发送。")
    if (game.night.no, seat) in _peek(game).relayed:  # type: ignore[union-attr]
        raise Rejected("每晚只能向狼头传一句话，你今晚已经传过了。")
    _state(game).relayed.add((game.night.no, seat))  # type: ignore[union-attr]
    game.tell(boss, f"{seat}号传话：{text}")
    game.night.notes.append(f"{seat}号向狼头{boss}号传话：{text}")  # type: ignore[union-attr]
    game.reply("已传给狼头。")


# ---------------------------------------------------------------- 传位


def triggers(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    if head(game) != seat:
        return []
    if cause == RED_CARD:
        return [lambda: _random_successor(game, "前任被红牌罚下，随机指定")]
    return [lambda: _ask_successor(game, seat)]


def _ask_successor(game: Game, seat: int) -> None:
    if head(game) != seat or not wolves(game):
        return
    game.open_prompt(PROMPT, seat, "你是狼头，须选择一名存活的狼人继任狼头：/传位 N号")


def _random_successor(game: Game, how: str) -> None:
    living = wolves(game)
    if living:
        crown(game, game.rng.choice(living), how)
    nights.advance(game)


def answer(game: Game, prompt: Prompt, args: list[str] | None) -> None:
    if args is None:
        _random_successor(game, "前任超时未传位，随机指定")
        return
    if len(args) != 1:
        raise Rejected("用法：/传位 N号")
    target = game.living_target(args[0], what="继任狼头")
    if not is_wolf(game, target):
        raise Rejected(f"{target}号不是狼人。")
    game.reply(f"已传位给{target}号。")
    crown(game, target, f"{prompt.seat}号传位")
    nights.advance(game)


# ---------------------------------------------------------------- 决战


def _duel(game: Game, seat: int, args: list[str]) -> None:
    if head(game) != seat or not game.seats[seat].alive:
        raise Rejected("只有狼头可以发起决战。")
    if _peek(game).duel_used:
        raise Rejected("决战一局游戏只能使用一次，已经用过了。")
    if _kill_settled(game):
        raise Rejected("今晚的指杀已经决定，不能再发起决战。")
    if not nights.is_open(game, KILL_STEP):
        raise Rejected("决战只能在夜晚、狼人指杀结束前发起。")
    if not args:
        _propose(game, seat)
        return
    if _peek(game).duel != "approved":
        raise Rejected("决战还没有获得过半数狼人同意：先发送 /决战 提议。")
    if len(args) != 3:
        raise Rejected("用法：/决战 A号 B号 C号（之后三天的刀法）")
    targets = [game.living_target(word, what="决战刀法") for word in args]
    if len(set(targets)) != 3:
        raise Rejected("三刀须是三名不同的角色。")
    _state(game).duel_used = True
    winner, reason = judge_duel(game, targets)
    submitted = f"狼头{seat}号提交决战刀法：{'、'.join(f'{t}号' for t in targets)}"
    game.night.notes.append(submitted)  # type: ignore[union-attr]
    game.tell_directors(f"{submitted}。{reason}")
    tell_wolves(game, f"决战刀法已提交：{'、'.join(f'{t}号' for t in targets)}。")
    game.reply("决战刀法已提交。")
    game.finish(winner)


def _propose(game: Game, seat: int) -> None:
    if _peek(game).duel in ("proposed", "approved"):
        raise Rejected("决战提议已经在进行中。")
    others = [n for n in wolves(game) if n != seat]
    state = _state(game)
    state.duel, state.duel_votes = "proposed", {}
    game.night.notes.append(f"狼头{seat}号提议决战")  # type: ignore[union-attr]
    game.reply("已向其他狼人提议决战，等待表决。")
    for other in others:
        game.tell(other, f"狼头{seat}号提议决战（轮次决胜）：/同意 或 /反对。")
    _count(game)


def _duel_vote(game: Game, seat: int, args: list[str], agree: bool) -> None:
    # The voter first: whether a 决战 is being proposed is the wolves' secret.
    if not is_wolf(game, seat) or not game.seats[seat].alive or head(game) == seat:
        raise Rejected("只有狼头以外的存活狼人可以表决决战。")
    no_arguments(args, "同意" if agree else "反对")
    if _peek(game).duel != "proposed":
        raise Rejected("现在没有待表决的决战提议。")
    _state(game).duel_votes[seat] = agree
    game.night.notes.append(f"{seat}号{'同意' if agree else '反对'}决战")  # type: ignore[union-attr]
    game.reply("已表决：" + ("同意" if agree else "反对"))
    _count(game)


def _count(game: Game) -> None:
    boss = head(game)
    others = [n for n in wolves(game) if n != boss]
    state = _state(game)
    votes = state.duel_votes
    agree = sum(1 for n in others if votes.get(n) is True)
    against = sum(1 for n in others if votes.get(n) is False)
    if agree * 2 > len(others) or not others:
        state.duel = "approved"
        game.tell(boss, "决战获得过半数同意：请提交之后三天的刀法 /决战 A号 B号 C号。")  # type: ignore[arg-type]
        _duel_note(game, f"狼人同意决战（同意{agree}/{len(others)}）")
    elif against * 2 >= len(others):
        state.duel = None
        game.tell(boss, f"决战未获过半数同意（反对{against}/{len(others)}），照常指杀。")  # type: ignore[arg-type]
        _duel_note(game, f"狼人否决决战（反对{against}/{len(others)}）")


def _duel_note(game: Game, text: str) -> None:
    """Told to the directors at once, and kept in the night's summary."""
    game.night.notes.append(text)  # type: ignore[union-attr]
    game.tell_directors(text + "。")


def judge_duel(game: Game, targets: list[int]) -> tuple[str, str]:
    """Play the three kills out under the post's worst case; return (winner, explanation)."""
    witches = [s for s in game.seats.values() if s.role == "女巫"]
    if any(witch_role.has(game, w.no, "save") for w in witches):
        return VILLAGE, "女巫仍未使用过救药，狼人阵营直接判负。"
    world = DuelWorld(game)
    for night, target in enumerate(targets):
        if night > 0:
            world.lose_wolf("白天被投票出局")
        world.night(target, poison_first_night=night == 0)
        if world.winner:
            break
    if world.winner == WOLVES:
        return WOLVES, "最坏情况下三刀内达成胜利条件，狼人阵营判胜。过程：" + "；".join(world.log)
    return VILLAGE, "最坏情况下三刀不能达成胜利条件，狼人阵营判负。过程：" + "；".join(world.log)


class DuelWorld:
    """The worst case the post assumes: every day a wolf is voted out, poison and shot take wolves."""

    def __init__(self, game: Game) -> None:
        self.roles = {n: s.role for n, s in game.seats.items()}
        self.wolves = set(wolves(game, alive=False))
        self.alive = set(game.alive())
        witch = next((n for n, s in game.seats.items() if s.role == "女巫"), None)
        self.witch = witch
        self.poison = witch is not None and witch_role.has(game, witch, "poison")
        self.winner: str | None = None
        self.log: list[str] = []

    def night(self, target: int, poison_first_night: bool) -> None:
        witch_acts = self.witch in self.alive
        if target in self.alive:
            self.remove(target, "被刀")
            if self.roles[target] == "猎人" and not self.winner:
                self.lose_wolf("被猎人枪杀")
        if self.poison and witch_acts and not self.winner:
            self.poison = False
            self.lose_wolf("被女巫毒杀")

    def lose_wolf(self, how: str) -> None:
        if self.winner:
            return
        living_wolves = sorted(self.alive & self.wolves)
        if living_wolves:
            self.remove(living_wolves[-1], how)

    def remove(self, seat: int, how: str) -> None:
        self.alive.discard(seat)
        self.log.append(f"{seat}号{how}")
        self.winner = self.judge()

    def judge(self) -> str | None:
        living = [self.roles[n] for n in self.alive]
        living_wolves = len(self.alive & self.wolves)
        if living_wolves == 0:
            return VILLAGE
        if living_wolves * 2 >= len(living):
            return WOLVES
        if not any(role in living for role in ("预言家", "女巫", "猎人")) or "村民" not in living:
            return WOLVES
        return None


SKILLS = [
    Skill("争权", ("选狼头", "争权", "投狼头"), _vote),
    Skill("杀人", ("刀", "杀", "杀人", "指杀"), _kill, passes=KILL_STEP),
    Skill("传话", ("传话",), _relay),
    Skill("决战", ("决战",), _duel),
    Skill("同意", ("同意",), lambda game, seat, args: _duel_vote(game, seat, args, True)),
    Skill("反对", ("反对",), lambda game, seat, args: _duel_vote(game, seat, args, False)),
]


def describe(game: Game, seat: int) -> list[str]:
    if not is_wolf(game, seat):
        return []
    fellows = "、".join(f"{n}号" for n in wolves(game, alive=False))
    boss = head(game)
    lines = [
        f"狼人同伴：{fellows}（互知但不共群）",
        f"当前狼头：{boss}号" if boss else "狼头：第一夜选举（/选狼头 N号）",
    ]
    if boss == seat:
        lines.append("你是狼头：每晚 /刀 N号 或 /刀 空；出局后须 /传位 N号")
        if not _peek(game).duel_used:
            lines.append("决战 —— 一局一次：/决战 提议，过半数同意后 /决战 A号 B号 C号")
    else:
        lines.append(f"传话 —— 每晚可向狼头传一句不超过{RELAY_LIMIT}个字的话（/传话 内容）")
        lines.append("决战表决 —— 狼头提议决战时 /同意 或 /反对")
    return lines


def status_marks(game: Game, seat: int) -> list[str]:
    return ["狼头"] if head(game) == seat else []
