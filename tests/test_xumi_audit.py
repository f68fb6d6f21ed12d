"""须弥 audited clause by clause against the post and COMMANDS.md: what an outside tester types and
must get back (each test fails on the version before its fix)."""

from __future__ import annotations

from tests.xumi_helpers import board_with, next_day, to_night_slot, xumi

# ---------------------------------------------------------------- 投票 and 出局


def test_ballots_of_and_for_seats_that_left_at_noon_do_not_count() -> None:
    """「角色出局后，不能继续参与讨论、投票」 and 「如果投票的角色在正午就已出局…可以进行一次改票」: a ballot
    for a seat that left at noon is void (its voter may change it), and so is the ballot of a seat that
    left."""
    t = xumi(board_with({2: "清晰者", 4: "猎魔人", 5: "流光伯爵"}), sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 5号")
    t.director("/投票 3号 5号")
    t.director("/投票 5号 4号")
    t.director("/投票 6号 4号")
    t.say(2, "/崩塌狙击 5号")
    assert not t.alive(5)
    t.director("/票型")
    assert "最高票：4号" in t.reply() and "平票" not in t.reply()
    assert "1号投5号（计0票）" in t.reply() and "5号投4号（计0票）" in t.reply()
    t.director("/入夜")
    assert (4, "放逐") in t.exits(), t.reply()


def test_the_hedgehogs_last_voter_is_the_last_one_still_in_the_game() -> None:
    """「最后一位投票给刺猬的角色」: the ballot of a seat that left at noon is void."""
    t = xumi(board_with({2: "清晰者", 7: "刺猬"}), sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 7号")
    t.director("/投票 3号 7号")
    t.say(2, "/崩塌狙击 3号")
    t.director("/入夜")
    assert (7, "放逐") in t.exits() and (1, "反伤甲") in t.exits(), t.exits()


# ---------------------------------------------------------------- 技能说明: [强制]


def test_a_forced_skill_left_open_is_told_as_chosen_at_random_not_passed() -> None:
    """「标明[强制]的技能不允许放弃发动」 and COMMANDS.md 「at the deadline the bot makes the choice at random」:
    the alchemist and the 摄梦人 who did not act are not told 「视为放弃」 but what was chosen for them."""
    t = xumi(board_with({2: "摄梦人", 9: "炼金术士"}))
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    t.director("/推进")
    assert not t.seat_got(9, "视为放弃") and t.seat_got(9, "不思议之炼金（强制）随机发动"), t.reply()
    assert t.seat_got(9, "已随机选择"), t.reply()
    assert t.director_got("9号未行动，不思议之炼金（强制）随机发动")
    to_night_slot(t, "午夜")
    t.director("/推进")
    assert not t.seat_got(2, "视为放弃") and t.seat_got(2, "已随机选择"), t.reply()


# ---------------------------------------------------------------- 游戏流程: /时限


def test_time_limit_takes_the_posts_parts_of_the_night_and_the_kill() -> None:
    """`/时限 <身份|时段> <时长>`: the post's 时段 (早夜, 深夜, 黄昏 — each two steps here) and the kill."""
    t = xumi(board_with({3: "流光伯爵"}))
    t.director("/入夜")
    t.director("/时限 深夜 1分钟")
    assert t.changed and "深夜1" in t.reply() and "深夜2" in t.reply(), t.reply()
    t.director("/时限 早夜 1分钟")
    assert t.changed and "早夜2" in t.reply(), t.reply()
    t.director("/时限 杀人 2分钟")
    assert t.changed and "深夜2" in t.reply() and "深夜1" not in t.reply(), t.reply()


# ---------------------------------------------------------------- what players type


def test_seats_listed_with_commas_or_glued_are_read_one_by_one() -> None:
    """`/超度 3号 5号` (COMMANDS.md) also written 「3号、5号」, 「3,5」 or 「3号5号」."""
    t = xumi(board_with({1: "高僧", 10: "吹笛者"}))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    for typed in ("/超度 3号、5号", "/超度 3,5", "/超度 3号5号", "/超度 ３号，５号"):
        t.say(1, typed)
        assert t.changed and "超度3号、5号" in t.reply(), (typed, t.reply())
    t.say(10, "/迷惑 3号、4号")
    assert t.changed and "迷惑3号、4号" in t.reply(), t.reply()


def test_the_extra_word_may_come_first() -> None:
    """`/诡辩 7号 牧师` as COMMANDS.md writes it, or role first as the post says it (「猜测一个身份并选择任意一名
    角色」); `/不思议之炼金 4号 42` or the number first."""
    for typed in ("/不思议之炼金 4号 42", "/不思议之炼金 42 4号", "/不思议之炼金 42 4", "/炼金 4 42"):
        t = xumi(board_with({9: "炼金术士"}))
        t.director("/入夜")
        to_night_slot(t, "早夜2")
        t.say(9, typed)
        assert t.changed and "不思议之炼金4号，数值42" in t.reply(), (typed, t.reply())
    t = xumi(board_with({12: "狼学者"}))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(12, "/诡辩 牧师 1号")
    assert t.changed and "诡辩1号，牧师" in t.reply(), t.reply()
    t.say(12, "/诡辩 1号 牧师")
    assert t.changed and "诡辩1号，牧师" in t.reply(), t.reply()


def test_slash_seer_is_the_monks_release_with_its_two_seats() -> None:
    """COMMANDS.md's `/预言 N号` on every board: the 高僧's 验人系 check is 超度, of two seats."""
    t = xumi(board_with({1: "高僧"}))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/预言 3号")
    assert not t.changed and "/超度 N号 N号" in t.reply(), t.reply()
    t.say(1, "/预言 3号 5号")
    assert t.changed and "超度3号、5号" in t.reply(), t.reply()


# ---------------------------------------------------------------- 公示/通知 in 黄昏


def test_the_dusk_publication_gathers_the_top_seat_and_the_cats_flip() -> None:
    """「每天的投票内容公开…将只宣布当天谁是最高票」 and 「在黄昏阶段…会在黄昏阶段结束后…公示[投票出局]和[其他原因]
    出局的名单分别有哪些，以及公示应当公示的信息」: the cat voted out flips and stays; the 公示 at the end of
    黄昏 names the top seat and the flip; the cat is told."""
    t = xumi(board_with({8: "白猫", 5: "定序王子"}), sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 8号")
    t.director("/入夜")  # 黄昏2 waits for the prince
    assert t.alive(8) and t.director_got("公示：第2天投票：最高票8号")
    assert t.seat_got(8, "猫有九命") and t.seat_got(8, "第3天黄昏1") and not t.seat_got(8, "出局")
    t.say(5, "/放弃")
    dusk = next(text for text in t.to_director() if "第2天黄昏：" in text)
    assert "投票出局：无" in dusk and "最高票8号" in dusk and "8号翻牌：白猫" in dusk, dusk


def test_the_wolf_group_is_not_told_of_a_surrender_this_board_does_not_have() -> None:
    t = xumi()
    t.wolf(11, "/吞食 3号")
    assert not t.changed and "请私聊" in t.reply() and "投降" not in t.reply(), t.reply()
    t.wolf(11, "/投降")
    assert not t.changed, t.reply()


# ---------------------------------------------------------------- 胜负判定


def test_the_village_is_lost_when_its_verifier_and_all_of_one_god_side_are_out() -> None:
    """「1 验人系+强神全部出局；2 验人系+弱神全部出局；3 验人系出局+强神或弱神判负数量减少4人」: with four of
    each side, 3 is 1 or 2 (four of one side out); the verifier alone, or gods alone, is not enough."""
    from bansha_engine.mechanisms.xumi.camps import CAMP_LOST

    lost = CAMP_LOST["村民阵营"]
    t = xumi()  # 牧师 1 | 摄梦人 2 灵鹿 3 猎魔人 4 炼金魔女 5 | 病人 6 刺猬 7 白猫 8 长老 9
    for seat in (2, 3, 4, 6, 7, 8):  # three of each side
        t.game.seats[seat].alive = False
    t.game.seats[1].alive = False
    assert not lost(t.game)
    t.game.seats[5].alive = False  # the fourth 强神
    assert lost(t.game)
    t.game.seats[1].alive = True  # the verifier back: not lost
    assert not lost(t.game)


def test_the_dawns_draft_carries_the_last_words_received_since_the_last_one() -> None:
    """「每个游戏日白天开始时，公示前一天出局角色名单及遗言」."""
    t = xumi()
    t.director("/入夜")
    next_day(t)
    t.director("/投票 1号 9号")
    t.director("/入夜")
    t.say(9, "/遗言 我是长老")
    assert t.changed, t.reply()
    t.director("/天亮")
    draft = next(text for text in t.to_director() if "公示草稿（第3天）" in text)
    assert "遗言：\n9号：我是长老" in draft, draft
    t.director("/开门")
    t.director("/入夜")
    t.director("/天亮")
    draft = next(text for text in t.to_director() if "公示草稿（第4天）" in text)
    assert "遗言" not in draft, draft


def test_slash_exile_alone_settles_the_princes_extra_vote_at_noon() -> None:
    """「发动该技能后，下一个[正午]阶段额外进行一次投票并公示」: COMMANDS.md's `/放逐` (settle the vote from the
    ballots) is, in that 正午, the extra vote; afterwards it shows the day's own count again."""
    t = xumi(board_with({2: "定序王子", 9: "病人"}), sheriff=None)
    t.director("/入夜")
    next_day(t)
    t.director("/入夜")
    t.say(2, "/重定时间")
    assert t.changed, t.reply()
    next_day(t)
    t.director("/投票 5号 9号\n6号 9号\n7号 4号")
    t.director("/放逐")
    assert t.changed and not t.alive(9) and t.director_got("公示：第3天额外投票：最高票9号"), t.reply()
    t.director("/放逐")
    assert not t.changed and "关门时按票型自动结算" in t.reply(), t.reply()


# ---------------------------------------------------------------- 技能说明: 「会得知[选择范围]名单」


def test_prompts_give_the_range_when_it_is_narrower_than_every_living_seat() -> None:
    """「标明[指定]的技能…该技能的持有者在可发动技能时会得知[选择范围]名单」 and 「每次技能可发动时，技能持有者会得到
    可发动技能的所有发动状态（剩余次数，可选目标等等）」: 流光庇护 the night after naming 3号, 光明湮灭 on the
    seat its 黑暗侦测 showed as a 验人系; the holders of 正午 skills are told at 开门."""
    t = xumi(board_with({1: "牧师", 5: "流光伯爵", 12: "狼巫", 2: "清晰者"}), sheriff=None)
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    assert t.seat_got(5, "可选：除自己外的存活角色"), t.reply()
    t.say(5, "/流光庇护 3号")
    to_night_slot(t, "深夜1")
    t.say(12, "/黑暗侦测 1号")
    t.director("/天亮")
    t.director("/开门")
    assert t.seat_got(2, "【第2天正午】现在可以发动") and t.seat_got(2, "/崩塌狙击 N号，剩余1次"), t.reply()
    t.director("/入夜")
    to_night_slot(t, "早夜2")
    shelter = next(text for text in t.to_seat(5, ever=True) if "第2夜早夜2" in text)
    assert "可选：" in shelter and "3号" not in shelter.split("可选：")[1].split("、"), shelter
    to_night_slot(t, "深夜2")
    annihilate = next(text for text in t.to_seat(12, ever=True) if "第2夜深夜2" in text)
    assert "光明湮灭：/光明湮灭 N号，可选：1号" in annihilate, annihilate


def test_a_player_typing_a_directors_command_is_told_it_is_the_directors() -> None:
    """COMMANDS.md: a command from the wrong person gets a reply saying why."""
    t = xumi()
    for typed in ("/入夜", "/开门", "/罚下 3号", "/投票 1号 2号", "/寡言违规 3号"):
        t.say(3, typed)
        assert not t.changed and "导演的命令" in t.reply(), (typed, t.reply())


def test_slash_identity_says_what_the_seat_can_do_now() -> None:
    """COMMANDS.md `/身份`: 「what I can do right now」 — the skills of the open slot, the 正午 skills, the kill."""
    t = xumi(board_with({1: "牧师", 2: "清晰者"}))
    t.director("/入夜")
    to_night_slot(t, "深夜1")
    t.say(1, "/身份")
    assert "现在可以（深夜1，" in t.reply() and "· 侦测：/侦测 N号" in t.reply(), t.reply()
    t.director("/天亮")
    t.director("/开门")
    t.say(2, "/身份")
    assert "现在可以（正午，至" in t.reply() and "· 崩塌狙击：/崩塌狙击 N号" in t.reply(), t.reply()


def test_time_limit_takes_the_amount_and_unit_apart() -> None:
    t = xumi()
    t.director("/入夜")
    t.director("/时限 摄梦人 30 秒")
    assert t.changed and "午夜在30秒后" in t.reply(), t.reply()


def test_the_offer_of_last_words_names_the_night_that_closes_them() -> None:
    """The offer names the night whose start closes the last words (a 正午 exit of day 2: night 3), as they
    are taken; 「下一个白天开始前」 said less, and for a first-night exit, told at the dawn, was already past."""
    t = xumi(board_with({2: "清晰者", 7: "刺猬"}))
    t.director("/入夜")
    next_day(t)
    t.say(2, "/崩塌狙击 7号")
    assert t.seat_got(7, "请在第3夜开始前私聊发送「/遗言 内容」"), t.reply()
    t.say(7, "/遗言 再见")
    assert t.changed, t.reply()


def test_director_help_lists_this_boards_commands() -> None:
    text = xumi().game.help_for(20000) or ""  # the director
    for word in ("/开门", "/投票 A号 B号", "/票型", "/判负", "/寡言违规", "/宣言", "/额外投票"):
        assert word in text, (word, text)


def test_the_piper_camp_is_judged_lost_by_any_of_its_names() -> None:
    """「吹笛人」 (the pool) and 「三方」 (「三方＞狼人＞村民」) name the 吹笛者阵营."""
    for word in ("吹笛人阵营", "三方"):
        t = xumi()
        t.director(f"/判负 {word}")
        assert t.changed and t.director_got("吹笛者阵营判负"), t.reply()
