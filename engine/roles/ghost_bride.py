"""鬼魂新娘 and her 证婚人 (common-boards.md 3.3, 5.3.9; 补充裁定 16, 17, 18).

- 鬼魂新娘: 鬼魂新娘阵营 (a third party), category 其他; a camp check of her answers 村民阵营.
- Night 1, forced (`夜晚` writes 鬼魂新娘): `/新郎 N号`, another living seat; at the deadline one at
  random.  The night's 狼人 step opens once this step (and 证婚) closed: the groom may be a wolf.
- When her step closes the groom is told 「你成为M号鬼魂新娘的新郎；你们是情侣，一方离场，另一方随之殉情」
  and 「你现在属于鬼魂新娘阵营」 (2.10.7): he leaves his camp for hers, category 其他, keeps his skills
  and answers checks by his card; a member of the wolf group leaves it (the directors are told; his
  `/刀` there is refused).  She learns his seat, not his role; he learns hers (补充裁定 18).
- 证婚 (night 1, after 鬼魂新娘, forced; `夜晚` writes 证婚): the bride names a living seat other than
  the lovers, `/证婚 N号` (at the deadline one at random).  The witness learns 「你是鬼魂新娘阵营的
  证婚人；新娘M号，新郎N号」 and joins the camp as the groom did; he is not a card (`身份` does not list
  him) and does not die with the lovers.  The lovers may talk in the lovers' group (/情侣群).
- The bride and the groom leave together (殉情).
- 接刀: once every seat of 狼人阵营 (outside her camp) is out, from the next night the living lovers
  hold a 刀杀 in the 狼人 step (`/刀 N号` privately; either may send it, the last one stands), never on
  a seat of her camp; once both lovers are out too, the witness holds it (engine/pack.py takeover).
- 5.3.9: 鬼魂新娘阵营 is one of the camps counted until one is left (屠城 for it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha_engine import checks, library, pack
from bansha_engine import night as nights
from bansha_engine.library import (
    OTHER,
    KillTakeover,
    Mechanism,
    NightPart,
    RoleDef,
    WinRule,
    game_state,
    peek_game_state,
    register,
    register_mechanism,
)
from bansha_engine.model import LOVE_SUICIDE, WOLVES, Deadline, Skill, StepSpec
from bansha_engine.night_choice import NightChoice

if TYPE_CHECKING:
    from bansha_engine.game import Game

NAME = "鬼魂新娘"
CAMP = "鬼魂新娘阵营"
STEP = "ghost_bride"
WITNESS_NAME = "证婚"  # the 夜晚 word of the witness's step
WITNESS_STEP = "witness"
LOVERS = "鬼魂新娘的情侣"  # the mechanism that gives the board its lovers' group
WOLF_KILL = "狼人"  # the 夜晚 word of the wolves' kill, which waits for the wedding on night 1


@dataclass
class Wedding:
    """The bride's choices, and the first night from which her camp holds the kill (接刀)."""

    groom: dict[int, int] | None = None  # bride -> groom
    witness: dict[int, int] | None = None  # bride -> witness
    holds_kill_from: int = 0


def _wedding(game: Game) -> Wedding:
    return peek_game_state(game, Wedding)


def groom_of(game: Game, bride: int) -> int | None:
    return (_wedding(game).groom or {}).get(bride)


def witness_of(game: Game, bride: int) -> int | None:
    return (_wedding(game).witness or {}).get(bride)


def partner(game: Game, seat: int) -> int | None:
    """The other lover of a bride or a groom."""
    for bride, groom in (_wedding(game).groom or {}).items():
        if seat == bride:
            return groom
        if seat == groom:
            return bride
    return None


def bride_of(game: Game, seat: int) -> int | None:
    """The bride whose groom or witness the seat is."""
    wedding = _wedding(game)
    for bride in {**(wedding.groom or {}), **(wedding.witness or {})}:
        if seat in (groom_of(game, bride), witness_of(game, bride)):
            return bride
    return None


# ---------------------------------------------------------------- the steps


def _not_the_groom(game: Game, seat: int, target: int) -> str | None:
    return "证婚人不能是新郎：请选择情侣以外的存活玩家。" if target == groom_of(game, seat) else None


GROOM = NightChoice(NAME, STEP, "新郎", what="新郎", ack="已记录：你的新郎是{}号（本步骤结束时生效）。")
WITNESS = NightChoice(
    NAME,
    WITNESS_STEP,
    "证婚",
    what="证婚人",
    refuse=_not_the_groom,
    ack="已记录：证婚人是{}号（本步骤结束时生效）。",
)


def _bride_step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return GROOM.night_step(
        deadline,
        after,
        title="鬼魂新娘选新郎",
        prompt="请选择你的新郎：/新郎 N号（必须选择，超时随机）",
        on_close=_close_bride,
        only_night=1,
        forced_with="随机选择新郎",
    )


def _witness_step(deadline: Deadline, after: tuple[str, ...], options: dict[str, str]) -> StepSpec:
    return WITNESS.night_step(
        deadline,
        after,
        prompt="请选择证婚人：/证婚 N号（必须选择，超时随机）",
        roles=(WITNESS_NAME, NAME),
        actors=lambda game: [seat for seat in game.with_role(NAME) if groom_of(game, seat) is not None],
        on_close=_close_witness,
        only_night=1,
        forced_with="随机选择证婚人",
    )


def _chosen_or_random(game: Game, step_id: str, seat: int, allowed: list[int]) -> int | None:
    chosen = nights.acts(game, step_id).get(seat)
    if chosen is None and allowed:
        chosen = game.rng.choice(allowed)
        game.tell_directors(f"{seat}号（鬼魂新娘）超时，随机选择{chosen}号。")
    return chosen


def _close_bride(game: Game, timed_out: bool) -> None:
    for bride in nights.actors(game, STEP):
        others = [n for n in game.alive() if n != bride]
        groom = _chosen_or_random(game, STEP, bride, others)
        if groom is not None:
            _wed(game, bride, groom)


def _close_witness(game: Game, timed_out: bool) -> None:
    for bride in nights.actors(game, WITNESS_STEP):
        groom = groom_of(game, bride)
        others = [n for n in game.alive() if n not in (bride, groom)]
        witness = _chosen_or_random(game, WITNESS_STEP, bride, others)
        if witness is not None:
            _witness(game, bride, witness)


def _join_camp(game: Game, seat: int) -> None:
    """2.10.7: the seat joins 鬼魂新娘阵营 (category 其他), keeps its skills and answers checks by its
    card; a member of the wolf group leaves it."""
    checks.set_answers(game, seat, camp=checks.camp_of(game, seat))
    game.seats[seat].camp = CAMP
    library.set_category(game, seat, OTHER)
    if pack.in_pack(game, seat):
        pack.set_in_pack(game, seat, False)
        game.tell_directors(
            f"{seat}号加入鬼魂新娘阵营，离开狼群：请把他移出狼群（他在狼群里的 /刀 不再算数）。"
        )
    game.tell(seat, f"你现在属于{CAMP}。")


def _wed(game: Game, bride: int, groom: int) -> None:
    wedding = game_state(game, Wedding)
    wedding.groom = {**(wedding.groom or {}), bride: groom}
    game.tell(groom, f"你成为{bride}号鬼魂新娘的新郎；你们是情侣，一方离场，另一方随之殉情。")
    _join_camp(game, groom)
    game.tell(bride, f"你的新郎是{groom}号；你们是情侣，一方离场，另一方随之殉情。")
    game.tell_group("lovers", f"鬼魂新娘{bride}号与新郎{groom}号结为情侣。")
    _note(game, f"{bride}号（鬼魂新娘）选{groom}号为新郎")


def _witness(game: Game, bride: int, witness: int) -> None:
    wedding = game_state(game, Wedding)
    wedding.witness = {**(wedding.witness or {}), bride: witness}
    game.tell(witness, f"你是{CAMP}的证婚人；新娘{bride}号，新郎{groom_of(game, bride)}号。")
    _join_camp(game, witness)
    game.tell(bride, f"{witness}号是你的证婚人。")
    _note(game, f"{bride}号（鬼魂新娘）选{witness}号为证婚人")


def _note(game: Game, text: str) -> None:
    if game.night is not None:
        game.night.notes.append(text)


# ---------------------------------------------------------------- exits, the kill, texts


def _love_suicide(game: Game, seat: int, cause: str) -> list[Callable[[], None]]:
    other = partner(game, seat)
    if other is None or not game.seats[other].alive:
        return []
    return [game.exit_effect(other, LOVE_SUICIDE)]


def _note_takeover(game: Game) -> None:
    """At each night's start: from the first night that begins with no seat of 狼人阵营 alive, her
    camp holds the kill (「从下一夜起」)."""
    wedding = _wedding(game)
    if wedding.groom is None or wedding.holds_kill_from or game.night is None:
        return
    if not any(game.seats[seat].camp == WOLVES for seat in game.alive()):
        game_state(game, Wedding).holds_kill_from = game.night.no


def _kill_holders(game: Game) -> list[int]:
    wedding = _wedding(game)
    if not wedding.holds_kill_from or game.night is None or game.night.no < wedding.holds_kill_from:
        return []
    lovers = [seat for pair in (wedding.groom or {}).items() for seat in pair if game.seats[seat].alive]
    if lovers:
        return lovers
    return [seat for seat in (wedding.witness or {}).values() if game.seats[seat].alive]


def _refuse_own_camp(game: Game, voter: int, target: int) -> str | None:
    return f"不能刀{CAMP}的人。" if game.seats[target].camp == CAMP else None


def describe(game: Game, seat: int) -> list[str]:
    groom, witness = groom_of(game, seat), witness_of(game, seat)
    lines = [
        f"新郎 —— {f'你的新郎是{groom}号' if groom else '第1夜选择一名其他玩家成为新郎（/新郎 N号，必须）'}；"
        "你们是情侣，一方离场，另一方随之殉情",
        f"证婚 —— {f'证婚人是{witness}号' if witness else '第1夜在选新郎之后选择证婚人（/证婚 N号，必须）'}",
    ]
    return lines + _camp_lines(game, seat)


def _camp_lines(game: Game, seat: int) -> list[str]:
    lines = []
    if seat in _kill_holders(game):
        lines.append(
            "接刀 —— 狼人阵营已经没有存活的人：夜里在狼人那一步私聊 /刀 N号（不能刀鬼魂新娘阵营的人）"
        )
    lines.append("胜利 —— 只剩鬼魂新娘阵营时获胜")
    return lines


def _describe_wedding(game: Game, seat: int) -> list[str]:
    """The groom's and the witness's lines, after their own role's."""
    if game.seats[seat].role == NAME:
        return []
    bride = bride_of(game, seat)
    if bride is None:
        return []
    if seat == groom_of(game, bride):
        lines = [f"新郎 —— 你是{bride}号鬼魂新娘的新郎；你们是情侣，一方离场，另一方随之殉情"]
    else:
        lines = [f"证婚人 —— 新娘{bride}号，新郎{groom_of(game, bride)}号"]
    return lines + _camp_lines(game, seat)


def _status_marks(game: Game, seat: int) -> list[str]:
    bride = bride_of(game, seat)
    if bride is None:
        return []
    return [f"{bride}号的新郎"] if seat == groom_of(game, bride) else [f"{bride}号的证婚人"]


register_mechanism(Mechanism(name=LOVERS, describe=_describe_wedding, lover_group=True))

ROLE = register(
    RoleDef(
        name=NAME,
        camp=CAMP,
        category=OTHER,
        summary="第三方：第1夜选新郎（结为情侣，拉入鬼魂新娘阵营）和证婚人；只剩鬼魂新娘阵营时获胜（/新郎 N号、/证婚 N号）",
        night=lambda options: (
            NightPart(NAME, STEP, _bride_step, before=(WOLF_KILL,)),
            NightPart(WITNESS_NAME, WITNESS_STEP, _witness_step, needs=(NAME,), before=(WOLF_KILL,)),
        ),
        skills=lambda options: [
            Skill("新郎", ("新郎",), GROOM.choose, passes=STEP),
            Skill("证婚", ("证婚",), WITNESS.choose, passes=WITNESS_STEP),
        ],
        describe=describe,
        camp_check=lambda game, seat: checks.VILLAGE_ANSWER,
        triggers={"殉情": _love_suicide},
        status_marks=_status_marks,
        mechanisms=(LOVERS,),
        camp_changes=True,
        on_night_start=_note_takeover,
        takeover=KillTakeover(
            seats=_kill_holders,
            refuse=_refuse_own_camp,
            shared=True,
            told="鬼魂新娘阵营以外的狼人阵营已经全部离场，今晚起由你们刀人",
        ),
        win=WinRule(CAMP, standing=True),
    )
)
