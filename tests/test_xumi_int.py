"""须弥 with all its roles together: where the batches' roles meet (the exit told at the end of 黄昏
with its last words, 穷奇's reward through gifts.gain, the shared helpers)."""

from __future__ import annotations

from tests.xumi_helpers import board_with, xumi

# ---------------------------------------------------------------- 黄昏 exits


def test_a_seat_voted_out_hears_of_its_last_words_only_when_the_dusk_ends() -> None:
    """「在黄昏阶段…出局的角色出局信息，会在黄昏阶段结束后通知」: the last words would tell it sooner."""
    t = xumi(board_with({5: "定序王子", 9: "长老"}), sheriff=None)
    t.director("/入夜")
    t.director("/天亮")
    t.director("/开门")
    t.director("/投票 1号 9号")
    t.director("/入夜")  # 黄昏1: 9号 leaves; 黄昏2 waits for the prince
    assert not t.alive(9) and t.game.night is not None and t.game.night.state.get("黄昏2") == "open"
    assert not t.seat_got(9, "出局") and not t.seat_got(9, "遗言")
    t.say(5, "/放弃")
    assert t.seat_got(9, "你已出局（被放逐）") and t.seat_got(9, "遗言")
