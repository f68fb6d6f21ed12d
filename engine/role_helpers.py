"""Helpers every role module uses: what a seat may do now, and how a role describes itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import night as nights
from bansha_engine.api import Rejected
from bansha_engine.library import seat_role_def

if TYPE_CHECKING:
    from bansha_engine.game import Game


def require_role(game: Game, seat: int, role: str) -> None:
    """Refuse a skill to a seat that does not hold `role`, or has left the game."""
    info = game.seats[seat]
    if info.role != role:
        raise Rejected(f"你不是{role}。")
    if not info.alive:
        raise Rejected("你已出局，不能再发动技能。")


def now_lines(game: Game, seat: int) -> list[str]:
    """The open steps and decisions waiting for this seat, with their deadlines."""
    lines = []
    night = game.night
    if night is not None:
        for spec in game.board.night_steps:
            if night.state.get(spec.id) != "open" or seat not in nights.actors(game, spec.id):
                continue
            if seat in night.acts[spec.id]:
                continue
            lines.append(f"现在可以：{spec.title}，{spec.hint}（{game.clock(night.due[spec.id])}截止）")
    return lines + prompt_lines(game, seat)


def prompt_lines(game: Game, seat: int) -> list[str]:
    """The decisions waiting for this seat (last shot, badge …), with their deadlines (not a poll of
    other seats opened in its name)."""
    lines = []
    for prompt in game.prompts:
        if prompt.seat == seat and prompt.kind not in game.board.polls:
            word = game.board.prompt_words[prompt.kind]
            lines.append(f"现在需要：/{word} N号（{game.clock(prompt.due)}截止）")
    return lines


def told_camp(game: Game, seat: int) -> str:
    """What a seat is told of its own camp: its camp's name, or what its role tells instead
    (RoleDef.told_camp: a 混血儿 of 告知阵营: 不可以)."""
    role = seat_role_def(game, seat)
    instead = role.told_camp(game, seat) if role is not None and role.told_camp is not None else None
    return instead or game.seats[seat].camp


def told_role(game: Game, seat: int) -> str:
    """The role a seat is told it holds: its own, or the one its role says (RoleDef.told_as)."""
    role = seat_role_def(game, seat)
    if role is not None and role.told_as:
        return role.told_as
    return game.seats[seat].role or ""


# 补充裁定 16 (common-boards.md): 「活着的人收到的私聊不写「出局」」 — the word is kept for telling a seat
# it has left; a role's skill lines, told at /开始, by /身份 and with every role a seat takes on (盗取,
# 继承, a 盗宝大师's card), say 离场.
LEAVES = "离场"


def identity_text(game: Game, seat: int, skills: list[str]) -> str:
    info = game.seats[seat]
    state = "存活" if info.alive else "已出局"
    lines = [
        f"你是{game.label()}的{seat}号，身份：{told_role(game, seat)}，阵营：{told_camp(game, seat)}，{state}。"
    ]
    if game.sheriff == seat:
        lines.append(f"你是警长（投票计{game.board.options.sheriff_votes:g}票）。")
    lines += ["技能与状态："] + [f"· {s.replace('出局', LEAVES)}" for s in skills]
    lines += now_lines(game, seat)
    return "\n".join(lines)


def tell_actors(game: Game, step_id: str, text: str) -> None:
    for seat in nights.actors(game, step_id):
        tell_actor(game, step_id, seat, text)


def tell_actor(game: Game, step_id: str, seat: int, text: str) -> None:
    """One actor of the step is told `text`, with the night and the step's deadline."""
    night = game.night
    assert night is not None
    game.tell(seat, f"【第{night.no}夜】{text}（{game.clock(night.due[step_id])}截止）")


def record_kill(game: Game, step_id: str, seat: int, args: list[str], who: str = "") -> None:
    """`/刀 N号` for a kill one seat holds (the 混血儿's, the black lovers'): one living target."""
    nights.require_actor(game, step_id, seat)
    if len(args) != 1:
        raise Rejected("用法：/刀 N号")
    target = game.living_target(args[0], what="杀人目标")
    nights.record(game, step_id, seat, target, f"已记录：{who}杀{target}号。")


def require_day_skill(game: Game, seat: int, role: str, title: str) -> None:
    """Refuse a day skill (自爆, 决斗) outside its time: from day 2, by day, before the vote is settled,
    with no decision (a shot, a badge) waiting."""
    require_role(game, seat, role)
    if game.phase != "day" or game.night_no == 0:
        raise Rejected(f"现在不能{title}：只有第2天起的白天、放逐投票结算之前才能{title}。")
    if game.day in game.day_ended_by:
        raise Rejected(f"现在不能{title}：第{game.day}天白天已经结束（{game.day_ended_by[game.day]}）。")
    if not game.vote_open():
        raise Rejected(f"现在不能{title}：今天的放逐投票已经结算。")
    if game.busy():
        raise Rejected(f"现在不能{title}：还有待处理的决定（开枪、移交警徽……），请稍候。")
