"""竞技12 (竞技马甲杀通用, rules/002): 4 狼人, 预言家, 女巫, 猎人, 5 村民.

Night order, as the post lists it (游戏流程 3):
  (1) first night: the wolves elect their 狼头          — step `election`, 20 minutes
  (2) the 狼头 chooses the kill                          — step `wolves`, 30 minutes
  (3) 女巫: 通灵, 救药, 毒药 (needs the kill)            — step `witch`, 1 hour
  (4) 预言家                                              — step `seer`, 30 minutes
  (5) kill resolution: a kill on the 救药 target does not take
  (6) poison resolution
  and whenever the 猎人 leaves he shoots at once.
All deadlines count from the door-close time (行动时限).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from werewolf_engine import night as nights
from werewolf_engine.model import KILL, VILLAGE, WOLVES, Board, Deadline, Options
from werewolf_engine.roles import hunter, seer, sheriff, vest_guess, villager, witch, wolf_head
from werewolf_engine.roles.common import identity_text

if TYPE_CHECKING:
    from werewolf_engine.game import Game

ROSTER = {"狼人": 4, "预言家": 1, "女巫": 1, "猎人": 1, "村民": 5}
CAMPS = {"狼人": WOLVES, "预言家": VILLAGE, "女巫": VILLAGE, "猎人": VILLAGE, "村民": VILLAGE}
GODS = ("预言家", "女巫", "猎人")

NIGHT_STEPS = [
    wolf_head.election_step(Deadline(minutes_after_close=20)),
    wolf_head.kill_step(Deadline(minutes_after_close=30)),
    witch.step(Deadline(minutes_after_close=60), after=(wolf_head.KILL_STEP,)),
    seer.step(Deadline(minutes_after_close=30)),
]


def resolution(game: Game) -> list[Callable[[], None]]:
    return [
        lambda: seer.results(game),
        lambda: kill_deaths(game),  # (5)
        lambda: witch.poison_deaths(game),  # (6)
    ]


def kill_deaths(game: Game) -> None:
    """(5) 指杀结算: a kill on tonight's 救药 target does not take; the others leave."""
    saved = witch.saved_tonight(game)
    night = game.night
    assert night is not None
    leaving = []
    for target, _source in night.kills:
        if target in saved:
            night.notes.append(f"{target}号被指杀，女巫救药生效")
        elif target not in leaving:
            leaving.append(target)
    game.push_front([game.exit_effect(seat, KILL) for seat in leaving])


def on_start(game: Game) -> None:
    for seat in game.seats.values():
        if seat.role == witch.NAME:
            witch.setup(game, seat.no)
        game.tell(seat.no, "游戏开始。\n" + describe(game, seat.no))


def before_exit(game: Game, seat: int, cause: str) -> tuple[int, str] | None:
    return seat, cause


def after_exit(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    """Triggers in the post's order: 最后一枪, then 殉职 (猎人警长), then 传位."""
    triggers = []
    if game.seats[seat].role == hunter.NAME:
        triggers += hunter.triggers(game, seat, cause)
    triggers += sheriff.triggers(game, seat, cause)
    triggers += wolf_head.triggers(game, seat, cause)
    triggers.append(lambda: nights.advance(game))
    return triggers


def judge(game: Game) -> str | None:
    """胜负判定: checked after every exit."""
    living = [game.seats[n].role for n in game.alive()]
    wolves = living.count("狼人")
    if wolves == 0:
        return VILLAGE
    if wolves * 2 >= len(living):
        return WOLVES
    if not any(role in living for role in GODS):
        return WOLVES
    if "村民" not in living:
        return WOLVES
    return None


ROLE_TEXT = {
    "狼人": wolf_head.describe,
    "预言家": seer.describe,
    "女巫": witch.describe,
    "猎人": hunter.describe,
    "村民": villager.describe,
}


def describe(game: Game, seat: int) -> str:
    role = game.seats[seat].role or ""
    return identity_text(game, seat, ROLE_TEXT[role](game, seat) + vest_guess.describe(game, seat))


BOARD = Board(
    name="竞技12",
    size=12,
    roster=ROSTER,
    camps=CAMPS,
    options=Options(
        sheriff_votes=1.5,
        last_words=3,
        wolf_group=False,
        lover_group=False,
        max_substitutes=1,
        handoff_minutes=10,
        exile_tie="sheriff_choice",  # 「平票则按以下顺序：警长投票的角色出局、无人出局」
    ),
    night_steps=NIGHT_STEPS,
    resolution=resolution,
    skills=[seer.SKILL, *witch.SKILLS, *wolf_head.SKILLS, vest_guess.SKILL],
    on_start=on_start,
    start_done=lambda game: True,
    finish_start=lambda game: None,
    before_exit=before_exit,
    after_exit=after_exit,
    judge=judge,
    describe=describe,
    answer_prompt={
        hunter.PROMPT: hunter.answer,
        sheriff.PROMPT: sheriff.answer,
        wolf_head.PROMPT: wolf_head.answer,
    },
    prompt_words={hunter.PROMPT: hunter.WORD, sheriff.PROMPT: sheriff.WORD, wolf_head.PROMPT: wolf_head.WORD},
    prompt_roles={hunter.PROMPT: "猎人", sheriff.PROMPT: "警长", wolf_head.PROMPT: "狼头"},
    # 传位<强制> and 殉职<强制>: /放弃 is refused (a timeout still hands the title on at random).
    extra={"status_marks": wolf_head.status_marks, "forced_prompts": (wolf_head.PROMPT, sheriff.PROMPT)},
)
