"""The wolves' kill, as the file's `狼人` key says; its value names one of these mechanisms:

- 狼群投票: every member of the wolf group votes `/刀 N号` in the bound group (mechanisms/wolfpack.py);
- 狼头: 竞技12's way — the first night's election (争权), the head's kill, 传话, 传位 and 决战
  (mechanisms/wolf_head.py);
- 通用刀: the group votes as with 狼群投票, and one `/刀` serves every kill a seat holds
  (mechanisms/shared_knife.py).

Every role of the wolves' category brings its board's kill mode (library.kill_mode_mechanism), so a
board of special wolves only (狼王 and 白狼王) kills as well as one with plain 狼人: the night part is
called 狼人 in `夜晚` whoever the wolves are.  `首夜刀人: 不可以` keeps the kill out of the first
night (the 狼头 is still elected then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import knife, pack, self_destruct
from bansha_engine.library import (
    FIRST_NIGHT_KILL,
    Mechanism,
    NightPart,
    PromptDef,
    register_mechanism,
)
from bansha_engine.mechanisms import wolf_head, wolfpack
from bansha_engine.model import KILL, Skill

if TYPE_CHECKING:
    from bansha_engine.game import Game

KILL_NAME = "狼人"  # the wolves' kill in a file's 夜晚, under every mode
GROUP_VOTE = "狼群投票"
HEAD = "狼头"
ELECTION_NAME = "争权"  # the 夜晚 word for the 狼头 election

GROUP_KILL = Skill("杀人", ("刀", "杀", "杀人", "指杀"), wolfpack.vote, passes=wolfpack.STEP)


def first_kill_night(options: dict[str, str]) -> int:
    return 1 if options.get(FIRST_NIGHT_KILL, "可以") == "可以" else 2


def _group_vote_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    first = first_kill_night(options)
    return (
        NightPart(
            KILL_NAME,
            wolfpack.STEP,
            lambda deadline, after, o: wolfpack.step(deadline, first, (KILL_NAME,)),
            kill_source=KILL,
        ),
    )


def _describe_group(game: Game, seat: int) -> list[str]:
    if not pack.in_pack(game, seat):
        return _describe_unformed(game, seat) or describe_lone(game, seat)
    fellows = "、".join(f"{n}号" for n in pack.members(game, alive=False))
    return [
        f"狼人同伴：{fellows}（共用狼群）",
        f"杀人 —— 每晚在狼群 /刀 N号 或 /刀 空：{knife.rule_text(game)}",
        *self_destruct.describe(game, seat),
    ]


def _describe_unformed(game: Game, seat: int) -> list[str]:
    """A wolf of the group told his role while the opening choices, which form the group (丘比特,
    混血儿, a 盗贼 taking a wolf card), are still open: his kill now, his fellows once it is formed."""
    if game.phase != "opening" or not pack.joins_at_start(game, seat):
        return []
    return [f"杀人 —— 开局选择完成后告诉你狼群同伴；每晚在狼群 /刀 N号 或 /刀 空：{knife.rule_text(game)}"]


def describe_rules(game: Game, seat: int) -> list[str]:
    """What the general rules give a wolf beyond the kill mode's own lines: a member's 自爆, a lone
    wolf's part in the kill (common-boards.md 2.1, 2.8)."""
    return self_destruct.describe(game, seat) + describe_lone(game, seat)


def describe_lone(game: Game, seat: int) -> list[str]:
    """A 单身狼's part in the kill (common-boards.md 2.8), under every kill mode."""
    if not pack.is_lone_wolf(game, seat):
        return []
    if knife.has_held(game, seat):
        return ["刀人 —— 狼群已经没有存活的狼人，由你刀人：每晚狼人那一步私聊 /刀 N号 或 /刀 空"]
    return [
        "单身狼 —— 你不在狼群里（不进狼人的QQ群，不投狼群的刀），狼群不知道你，你也不能自爆；"
        "狼群没有存活的狼人以后，从下一夜起由你私聊 /刀 N号 刀人"
    ]


def tell_who_joins(game: Game) -> None:
    """/开始 on a board with lone wolves or a wolf who joins the group later: the directors learn
    which seats go into the wolves' QQ group now and which do not (common-boards.md 2.8 第2条, ruling
    of the post; 第7条: the 噩梦之影 joins only when his first night's fear is over, and the bot asks
    for him then)."""
    lone = pack.lone_wolves(game)
    later = [n for n in game.seats if pack.is_pack_role(game, n) and not pack.joins_at_start(game, n)]
    if not lone and not later:
        return
    joining = [n for n in game.seats if pack.in_pack(game, n) or pack.joins_at_start(game, n)]
    parts = ["进狼群：" + ("、".join(f"{n}号" for n in joining) or "无")]
    if later:
        parts.append(f"暂不进狼群（到时机器人会请你拉他进群）：{_seats_with_roles(game, later)}")
    if lone:
        parts.append(f"不进狼群（单身狼，不要拉进狼群）：{_seats_with_roles(game, lone)}")
    game.tell_directors("；".join(parts) + "。")


def _seats_with_roles(game: Game, seats: list[int]) -> str:
    return "、".join(f"{n}号（{game.seats[n].role}）" for n in seats)


def _head_night(options: dict[str, str]) -> tuple[NightPart, ...]:
    first = first_kill_night(options)
    return (
        NightPart(
            ELECTION_NAME,
            wolf_head.ELECTION,
            lambda deadline, after, o: wolf_head.election_step(deadline),
        ),
        NightPart(
            KILL_NAME,
            wolf_head.KILL_STEP,
            lambda deadline, after, o: wolf_head.kill_step(deadline, after, first),
            needs=(ELECTION_NAME,),
            kill_source=KILL,
        ),
    )


GROUP_VOTE_MECHANISM = register_mechanism(
    Mechanism(
        name=GROUP_VOTE,
        night_for=_group_vote_night,
        skills=lambda kills: [GROUP_KILL],
        describe=_describe_group,
        on_start=tell_who_joins,
    )
)

# 传位<强制>: /放弃 is refused (a timeout still hands the title on at random).
HEAD_MECHANISM = register_mechanism(
    Mechanism(
        name=HEAD,
        night_for=_head_night,
        skills=lambda kills: list(wolf_head.SKILLS),
        describe=lambda game, seat: wolf_head.describe(game, seat) + describe_rules(game, seat),
        on_start=tell_who_joins,
        status_marks=wolf_head.status_marks,
        prompts={wolf_head.PROMPT: PromptDef(wolf_head.WORD, wolf_head.TITLE, wolf_head.answer, forced=True)},
        triggers={"传位": wolf_head.triggers},
    )
)
