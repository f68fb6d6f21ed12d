"""最后一枪 (common-boards.md 2.3) for 猎人 and 狼王: 殉情开枪, 被带走开枪 and the fixed rules (no shot after
梦亡, the shooter's own 自爆, a red card, or on a night he is sealed); a seat shot who can shoot shoots by
its own options.  The 梦亡, 冰冻 and 换位 cases are with their roles (test_role_dream_catcher.py,
test_role_penguin.py, test_role_magician.py)."""

from __future__ import annotations

from bansha_engine.model import (
    DREAM_DEATH,
    DUEL,
    KILL,
    LOVE_SUICIDE,
    PLAIN_SELF_DESTRUCT,
    POISON,
    SHOT,
    VOTE,
    WOLF_KING_SHOT,
)
from tests.common_helpers import board, started
from tests.engine_helpers import Table

ASKED = "/开枪 N号 带走"  # in the DM asking a seat for its shot, and nowhere else
SEATS = {1: "预言家", 2: "猎人", 3: "骑士", 4: "村民", 5: "村民", 6: "狼王", 7: "狼美人", 8: "狼人"}
NIGHT = [("狼人", "30分钟"), ("狼美人", "40分钟"), ("女巫", "60分钟"), ("预言家", "30分钟")]


def game(hunter_options: str = "", king_options: str = "") -> Table:
    roster = {
        "狼人": 1,
        "狼王": f"{{数量: 1{king_options}}}",
        "狼美人": 1,
        "预言家": 1,
        "女巫": 1,
        "猎人": f"{{数量: 1{hunter_options}}}",
        "骑士": 1,
        "村民": 1,
    }
    seats = {**SEATS, 4: "女巫"}
    return started(board(roster, NIGHT), seats)


def charm_the_hunter(t: Table) -> None:
    t.night()
    t.wolf(6, "/刀 空")
    t.wolf(7, "/刀 空")
    t.wolf(8, "/刀 空")
    t.say(7, "/魅惑 2号")
    t.dawn()


def test_a_hunter_leaving_by_love_shoots_by_default() -> None:
    t = game()
    charm_the_hunter(t)
    t.exile(7)
    assert t.exits() == [(7, VOTE), (2, LOVE_SUICIDE)]
    assert t.seat_got(2, ASKED), t.reply()


def test_love_shot_not_allowed_keeps_the_hunter_from_shooting() -> None:
    t = game(hunter_options=", 殉情开枪: 不可以")
    charm_the_hunter(t)
    t.exile(7)
    assert t.exits() == [(7, VOTE), (2, LOVE_SUICIDE)]
    assert not t.seat_got(2, ASKED) and not t.game.prompts
    assert t.seat_got(2, "你这次出局不能带走任何人。"), t.reply()  # told so, not why (ruling 10)
    assert t.director_got("2号（猎人）殉情，不能开枪"), t.reply()


def test_a_hunter_taken_by_the_wolf_king_shoots_by_default_a_chain() -> None:
    t = game()
    t.pass_night()
    t.exile(6)
    t.say(6, "/开枪 2号")
    assert t.seat_got(2, ASKED), t.reply()
    t.say(2, "/开枪 8号")
    assert t.exits() == [(6, VOTE), (2, WOLF_KING_SHOT), (8, SHOT)]


def test_taken_shot_not_allowed_keeps_the_hunter_from_shooting() -> None:
    t = game(hunter_options=", 被带走开枪: 不可以")
    t.pass_night()
    t.exile(6)
    t.say(6, "/开枪 2号")
    assert t.exits() == [(6, VOTE), (2, WOLF_KING_SHOT)]
    assert not t.seat_got(2, ASKED) and not t.game.prompts
    assert t.director_got("2号（猎人）被狼王开枪带走，不能开枪"), t.reply()


def test_the_wolf_king_shot_by_the_hunter_shoots_by_his_own_options() -> None:
    t = game(king_options=", 被带走开枪: 不可以")
    t.pass_night()
    t.exile(2)
    t.say(2, "/开枪 6号")
    assert t.exits() == [(2, VOTE), (6, SHOT)]
    assert not t.seat_got(6, ASKED) and not t.game.prompts, t.reply()
    t = game()
    t.pass_night()
    t.exile(2)
    t.say(2, "/开枪 6号")
    assert t.seat_got(6, ASKED), t.reply()


def test_a_duel_is_a_taking_too() -> None:
    t = game()
    t.pass_night()
    t.say(3, "/决斗 6号")
    assert t.exits() == [(6, DUEL)] and t.seat_got(6, ASKED), t.reply()
    t = game(king_options=", 被带走开枪: 不可以")
    t.pass_night()
    t.say(3, "/决斗 6号")
    assert t.exits() == [(6, DUEL)] and not t.game.prompts, t.reply()


def test_the_b_settings_shoot_only_after_the_kill_and_the_vote() -> None:
    options = ", 毒杀开枪: 不能, 殉情开枪: 不可以, 被带走开枪: 不可以"
    t = game(hunter_options=options)
    t.night()
    for wolf in (6, 7, 8):
        t.wolf(wolf, "/刀 2号")
    t.dawn()
    assert t.exits() == [(2, KILL)] and t.seat_got(2, ASKED), t.reply()
    t = game(hunter_options=options)
    t.night()
    for wolf in (6, 7, 8):
        t.wolf(wolf, "/刀 空")
    t.say(4, "/毒 2号")
    t.dawn()
    assert t.exits() == [(2, POISON)] and not t.game.prompts, t.reply()


def dream_of_the_king(t: Table) -> None:
    t.night()
    t.say(5, "/摄梦 6号")
    for wolf in (6, 7, 8):
        t.wolf(wolf, "/刀 空")
    t.dawn()


def test_no_shot_after_dream_death_whatever_the_options() -> None:
    """The real 摄梦人 makes the 狼王 (猎人: test_role_dream_catcher.py) his 梦游者 two nights running;
    the wolf king's 被带走开枪: 可以 does not let him shoot."""
    roster = {"狼人": 1, "狼王": "{数量: 1, 被带走开枪: 可以}", "狼美人": 1, "预言家": 1, "女巫": 1}
    roster |= {"猎人": 1, "骑士": 1, "摄梦人": "{数量: 1, 空摄: 可以}"}
    t = started(board(roster, [*NIGHT, ("摄梦人", "30分钟")]), {**SEATS, 4: "女巫", 5: "摄梦人"})
    dream_of_the_king(t)
    t.exile(None)
    dream_of_the_king(t)
    assert t.exits() == [(6, DREAM_DEATH)] and not t.game.prompts, t.reply()
    assert t.director_got("6号（狼王）梦亡，不能开枪", ever=True) and not t.seat_got(6, ASKED, ever=True)


def test_the_wolf_king_who_self_destructs_does_not_shoot() -> None:
    roster: dict[str, int | str] = {
        "狼人": 1,
        "狼王": 1,
        "狼美人": 1,
        "预言家": 1,
        "女巫": 1,
        "猎人": 1,
        "骑士": 1,
        "村民": 1,
    }
    t = started(board(roster, NIGHT, 自爆="双爆吞警徽"), {**SEATS, 4: "女巫"})
    t.pass_night()
    t.say(6, "/自爆")
    assert t.exits() == [(6, PLAIN_SELF_DESTRUCT)] and not t.game.prompts, t.reply()
    assert t.seat_got(6, "你这次出局不能带走任何人。") and not t.seat_got(6, ASKED), t.reply()
    assert t.director_got("6号（狼王）自爆，不能开枪"), t.reply()


def test_the_options_are_told_in_the_shooters_identity() -> None:
    t = game(hunter_options=", 殉情开枪: 不可以", king_options=", 被带走开枪: 不可以")
    t.say(2, "/身份")
    assert "殉情时不能开枪" in t.reply(), t.reply()
    t.say(6, "/身份")
    assert "被别人的技能带走时不能开枪" in t.reply(), t.reply()
