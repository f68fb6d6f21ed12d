"""What a 须弥 file may say, and the board options it gives.

须弥's board runs the post's own mechanism (the pool and /发牌, the ten timed slots, the 黄昏 vote,
the camps' loss), so a file naming it may change the values that mechanism reads — the slots'
deadlines, 警长's weight, 平票, 遗言, 首夜刀人, 替补, 移交时限 — and nothing it has no rule for: the
roster is the whole pool, once each; the night is the post's ten slots in the post's order, each
counted from the door close.  `refusals` names each such value with its place in the file and
what is allowed; the checker turns the place into 第N行.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bansha_engine.boardfile.schema import listing, suggestion
from bansha_engine.boardfile.spec import BoardFile
from bansha_engine.library import Refusal
from bansha_engine.model import LAST_WORDS_FIRST_NIGHT_AND_DAY, Options

EVERY_EXIT = 99  # 遗言 首夜和放逐: no count limits it (14 seats)
GRACE_MINUTES = 5  # 「每个阶段至少持续五分钟」: a slot opening at its deadline stays open this long
# Keys the post's mechanism has a rule of its own for: BoardFile field -> (key, the one value it
# takes, as the file writes it, why)
FIXED: dict[str, tuple[str, object, str, str]] = {
    "kill_mode": ("狼人", "狼群投票", "狼群投票", "须弥的狼人在群内投票杀人"),
    "win": ("胜负", "屠边", "屠边", "须弥按原帖的阵营判负规则判胜负（最后一个未判负的阵营获胜）"),
    "wolves_win_at_half": ("狼人过半", False, "不算", "须弥按阵营判负，没有狼人过半的胜利"),
    "vest_guess": ("马甲杀", False, "不可以", "须弥没有马甲杀"),
}
# Keys the post's mechanism does not read at all: a file naming 须弥 must leave them out
UNREAD = {
    "撕警徽": "须弥的警长出局时总可以撕掉警徽（原帖「殉职」），不写「撕警徽」",
    "神职": "须弥的村民阵营按身份池的验人系、强神、弱神判负，不写「神职」",
    "出局触发": "须弥的出局触发按原帖的出局结算流程，不写「出局触发」",
}


def options(board_file: BoardFile) -> Options:
    """The board options a 须弥 file gives (the vote, the last words, the kill, the handoffs)."""
    words = board_file.last_words
    count = words if isinstance(words, int) else 0  # 遗言: 无 -> 0
    if words == LAST_WORDS_FIRST_NIGHT_AND_DAY:
        count = EVERY_EXIT
    return Options(
        sheriff_votes=board_file.sheriff_votes,
        last_words=count,
        wolf_group=True,
        lover_group=False,
        max_substitutes=board_file.max_substitutes,
        handoff_minutes=board_file.handoff_minutes,
        exile_tie=board_file.exile_tie,
        step_grace_minutes=GRACE_MINUTES,
        steps_wait_for_queue=True,
        first_night_kill=board_file.first_night_kill,
    )


def refusals(
    board_file: BoardFile, written: Collection[str], pool: Sequence[str], slots: Sequence[str]
) -> list[Refusal]:
    """What in the file the post's mechanism cannot take (`written`: the file's top-level keys;
    `pool`: the post's roles; `slots`: its night's slots in the post's order)."""
    found = _roster(board_file, pool) + _night(board_file, slots) + _fixed(board_file)
    if board_file.sheriff_votes is None or board_file.sheriff_votes < 1:
        found.append(
            Refusal(
                ("警长",),
                "须弥在竞选日选出警长，「警长」要写警长的票数：1到10的数（如1.5），不能写「无」或小于1",
            )
        )
    found += [Refusal((key,), why) for key, why in UNREAD.items() if key in written]
    return found


def _roster(board_file: BoardFile, pool: Sequence[str]) -> list[Refusal]:
    found = [
        Refusal(
            ("身份", entry.role),
            f"须弥的身份是整个身份池，每个身份1个：「{entry.role}」要写1，不能写{entry.count}",
        )
        for entry in board_file.roster
        if entry.count != 1
    ]
    missing = [role for role in pool if role not in {entry.role for entry in board_file.roster}]
    if missing:
        found.append(
            Refusal(
                ("身份",), f"须弥的身份要写全整个身份池（{len(pool)}个，每个1个），缺少：{listing(missing)}"
            )
        )
    return found


def _night(board_file: BoardFile, slots: Sequence[str]) -> list[Refusal]:
    order = f"须弥的夜晚要按原帖的顺序写这{len(slots)}个时段：{listing(slots)}"
    found = []
    for index, entry in enumerate(board_file.night):
        if index >= len(slots) or entry.name != slots[index]:
            if entry.name in slots:
                found.append(Refusal(("夜晚", index), f"{order}；这一行应当是「{_expected(slots, index)}」"))
            else:
                why = f"「{entry.name}」不是须弥的时段{suggestion(entry.name, slots)}"
                found.append(Refusal(("夜晚", index), f"{why}；{order}"))
        elif entry.deadline.minutes_after_close is None:
            found.append(
                Refusal(
                    ("夜晚", index),
                    f"须弥的时段从关门时算起：「{entry.name}」的时限要写时长（如「30分钟」），不能写「次日」的钟点",
                )
            )
    written = {entry.name for entry in board_file.night}
    missing = [slot for slot in slots if slot not in written]
    if missing:
        found.append(Refusal(("夜晚",), f"夜晚缺少：{listing(missing)}；{order}"))
    return found


def _expected(slots: Sequence[str], index: int) -> str:
    return slots[index] if index < len(slots) else "（没有了）"


def _fixed(board_file: BoardFile) -> list[Refusal]:
    found = []
    for field, (key, allowed, shown, why) in FIXED.items():
        if getattr(board_file, field) != allowed:
            found.append(Refusal((key,), f"{why}，「{key}」只能写：{shown}"))
    return found
