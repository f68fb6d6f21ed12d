"""Words a forum player reads naturally: Chinese typography, exits in the posts' words, dates as
`12月1日 21:00`, and one message for one thing."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bansha_engine import Event, Game, Outgoing, Result
from bansha_engine.boardfile import check
from bansha_engine.boards import BOARDS
from bansha_engine.boards.composed import compose
from bansha_engine.model import EXIT_PHRASES
from bansha_engine.record import game_record
from tests.engine_helpers import Table, table
from tests.standard_helpers import act, kill, standard
from tests.test_jingji12 import started

COMMAND = re.compile(
    r"/[\u4e00-\u9fff]+(?: (?:[A-Z#0-9N]\S*|空|无|弃权|确认|内容|演员名|身份|时长|群号|QQ号|\[昵称\]))*"
)
DATE = re.compile(r"\d{1,2}月\d{1,2}日 \d\d:\d\d")
SPACED_NUMBER = re.compile(
    r"[\u4e00-\u9fff（）：，。、；] +\d|\d(?:号|票|个|次|天|秒)? +[\u4e00-\u9fff（）：，。、；]"
)


def typeset_badly(text: str) -> list[str]:
    """Places where an ASCII space stands next to a number inside Chinese text (commands and dates
    keep theirs: `/刀 7号`, `12月1日 21:00`)."""
    prose = DATE.sub("DATE", COMMAND.sub("CMD", text))
    return [match.group() for match in SPACED_NUMBER.finditer(prose)]


def jingji12_game() -> list[Outgoing]:
    """A 竞技12 game to its end: a kill, a save, a hunter's shot, a vote, a badge, last words."""
    t = started(sheriff=3)
    t.night(5, head=9, check=9)
    t.ok(5, "/遗言 我是村民")
    t.ok("导演", "/放逐 3号")
    t.ok(3, "/开枪 10号")
    t.ok(3, "/移交 1号")
    t.night(6, save=6, check=11)
    t.ok("导演", "/罚下 9号")
    t.ok("导演", "/放逐 11号")
    t.d("/状态")
    t.ok("导演", "/入夜")
    t.ok(12, "/刀 1号")
    return t.sent


def baibian_game() -> list[Outgoing]:
    """A 百变小樱 night with every kind of kill, a poison, a 殉情, then a vote and a red card."""
    t = table(lover_group=True, co_director=True)
    t.night()
    for wolf in (17, 18, 19, 20, 21):
        t.wolf(wolf, "/刀 12号")
    for seat, text in ((17, "/冲锋 15号"), (18, "/放弃 牺牲"), (3, "/救治 5号"), (6, "/放弃")):
        t.say(seat, text)
    t.say(2, "/毒 13号")
    t.say(1, "/预言 17号")
    t.director("/天亮")
    t.director("/放逐 18号")
    t.director("/状态")
    t.director("/罚下 16号")
    return t.sent


def test_no_space_stands_next_to_a_number_in_chinese_text() -> None:
    for sent in (jingji12_game(), baibian_game()):
        bad = {m.text: found for m in sent if (found := typeset_badly(m.text))}
        assert not bad, bad


def test_the_typography_check_catches_what_it_is_for() -> None:
    assert typeset_badly("9号 是非村民阵营") and typeset_badly("没有 15号 这个座位")
    assert typeset_badly("（截止 12-01 21:00）") and typeset_badly("投票计 2 票")
    assert not typeset_badly("请发送 /刀 7号 或 /刀 空（12月1日 21:00截止）")


def test_exits_are_said_as_the_posts_say_them() -> None:
    sent = jingji12_game()
    texts = [m.text for m in sent]
    assert not [t for t in texts if re.search(r"出局（|：(杀人|放逐|毒药|最后一枪)$", t, re.M)], texts
    to = {qq: "\n".join(m.text for m in sent if m.target == qq) for qq in {m.target for m in sent}}
    assert "你在第1夜出局。" in to[10005]  # the seat is told that and when, not how
    assert "你在第2天出局。" in to[10003] and "你在第2天出局。" in to[10010]
    assert "你在第3天出局。" in to[10009]
    directors = to[20000]
    assert "出局：5号\n5号（村民）被狼人指杀" in directors
    assert "3号（猎人）被投票放逐\n10号（狼人）被猎人开枪带走" in directors
    assert "9号（狼人）被红牌罚下" in directors


def test_a_kill_names_its_killer_to_the_directors_only() -> None:
    t = table(lovers=(9, 10), master=11)  # 混血儿 9 loves a 村民: a kill of its own at step (4)
    t.night()
    t.say(9, "/刀 12号")
    for wolf in (17, 18, 19, 20, 21):
        t.wolf(wolf, "/刀 15号")
    t.director("/天亮")
    summary = "\n".join(t.to_director())
    assert "12号（村民）被混血儿指杀" in summary and "15号（村民）被狼人指杀" in summary, summary
    assert t.to_seat(12)[0].startswith("你在第1夜出局。")  # the seat is not told who
    assert not any("混血儿" in text for text in t.to_seat(12))


def test_a_killed_witch_reads_被指杀_only_in_her_通灵() -> None:
    """COMMANDS.md: no message to the witch but her 通灵 contains 被指杀 — her own exit neither."""
    t = started()
    t.night(2, head=9)
    texts = [text for text in t.to(2, Result(False, t.sent)) if "被指杀" in text]
    assert len(texts) == 1 and texts[0].startswith("【第1夜】女巫行动"), texts
    assert any(text.startswith("你在第1夜出局。") for text in t.to(2, Result(False, t.sent)))


def test_every_exit_cause_has_words_and_the_stored_causes_stay() -> None:
    assert set(EXIT_PHRASES) == {
        "放逐", "杀人", "毒药", "最后一枪", "红牌罚下", "冲锋", "牺牲", "累计两次空救", "殉情", "爱慕替死",
        "同守同救", "狼王开枪", "自爆", "白狼王带走", "决斗", "以死谢罪",
        "梦亡", "反伤", "狩猎", "查验出局", "共舞", "交易", "刺杀", "袭击", "狼人自爆",
    }  # fmt: skip


def test_dates_are_written_month_day_time() -> None:
    t = started()
    t.ok("导演", "/入夜")
    assert "关门时间：3月1日 20:00" in t.text("导演")
    assert any("3月1日 20:20截止" in text for text in t.to(9))


def test_no_event_sends_the_same_message_twice_to_anyone(monkeypatch: pytest.MonkeyPatch) -> None:
    repeated: list[Outgoing] = []
    handle = Game.handle

    def handle_and_check(game: Game, event: Event) -> Result:
        result = handle(game, event)
        repeated.extend(m for m, count in Counter(result.messages).items() if count > 1)
        return result

    monkeypatch.setattr(Game, "handle", handle_and_check)
    jingji12_game()
    baibian_game()
    assert not repeated


def test_the_head_is_not_told_his_own_kill_twice() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    result = t.ok(9, "/刀 5号")
    assert t.to(9, result) == ["已确定：今晚指杀5号。"]
    assert t.to(10, result) == ["【第1夜】狼头指杀5号。"]


def test_a_night_starts_with_one_message_to_the_director() -> None:
    t = started()
    result = t.ok("导演", "/入夜")
    assert [text for text in t.to("导演", result) if "第1夜开始" in text] == [
        "【1号局（竞技12）】第1夜开始，关门时间：3月1日 20:00。"
    ]


# ---------------------------------------------------------------- issue 14 (8): the wording left over


def test_ballots_are_written_a_投_b_in_the_summary_the_record_and_the_ballot_listing() -> None:
    t = started()
    summary = t.night(5, head=9)
    assert "狼头选举（9号投9号、10号投9号、11号投9号、12号投9号）：9号当选" in summary
    assert "9号投9号、10号投9号" in game_record(t.game)
    assert "已录入2票：1号投9号；2号弃权" in t.text("导演", t.ok("导演", "/投票 1号 9号\n2号 弃权"))
    assert "1号投10号（改票）" in t.text("导演", t.ok("导演", "/投票 1号 10号"))
    listing = t.text("导演", t.say("导演", "/票型"))
    assert "1号投9号" in listing and "2号弃权" in listing and "1号投10号（改票）" in listing
    everything = "\n".join(m.text for m in t.sent)
    assert "←" not in everything and "→" not in everything


def test_a_refused_decision_says_why() -> None:
    t = started()
    t.night(5, head=9)
    assert "你还没有出局：狼头出局时才需要传位" in t.refused(9, "/传位 10号")
    assert "你不是狼头：只有狼头出局时才需要传位" in t.refused(10, "/传位 11号")
    assert "你已出局，也不是现任狼头" in t.refused(5, "/传位 11号")  # a dead villager
    assert "你不是猎人" in t.refused(4, "/开枪 9号")
    assert "你还没有出局：猎人出局时才需要开枪" in t.refused(3, "/开枪 9号")
    assert "你不是警长" in t.refused(4, "/放弃 移交")
    t.ok("导演", "/罚下 9号")  # the head red-carded: no 传位, a random successor
    assert "你已出局，也不是现任狼头" in t.refused(9, "/传位 10号")


def test_a_dead_wolf_is_told_he_is_not_the_head() -> None:
    t = started()
    t.night(10, head=9)  # the head kills a wolf of his own
    assert not t.game.seats[10].alive
    refusal = t.refused(10, "/传位 11号")
    assert "你已出局，也不是现任狼头：只有狼头出局时才需要传位，现在没有等待你传位" in refusal


def test_a_dead_hunter_without_a_shot_is_told_he_has_no_shot_this_time() -> None:
    t = started()
    t.ok("导演", "/罚下 3号")
    assert "这次出局没有开枪的机会" in t.refused(3, "/开枪 9号")


def test_a_decision_behind_another_is_said_to_come_later() -> None:
    t = started(sheriff=3)
    t.night(3, head=9)  # the hunter-sheriff: his shot first, then the badge
    assert "现在等待你的是开枪（/开枪 N号），不是移交" in t.refused(3, "/移交 5号")


@pytest.mark.parametrize(
    ("board", "text", "said"),
    [
        ("竞技12", "/身份 3号 巫婆", "竞技12没有「巫婆」这个身份。你是不是想写「女巫」？"),
        ("竞技12", "/时限 巫婆 10分钟", "竞技12没有「巫婆」这个身份或时段。你是不是想写「女巫」？"),
        ("百变小樱", "/时限 巫婆 10分钟", "百变小樱没有「巫婆」这个身份或时段。你是不是想写「女巫」？"),
        ("百变小樱", "/身份 3号 医师", "你是不是想写「医生」？"),
        ("竞技12", "/时限 狼 10分钟", "你是不是想写「狼头」或「狼人」？"),
        ("须弥", "/身份 3号 吹笛手", "须弥的身份池里没有「吹笛手」。你是不是想写「吹笛者」？"),
        ("须弥", "/时限 牧 10分钟", "须弥没有「牧」这个身份或时段。你是不是想写「牧师」？"),
    ],
)
def test_an_unknown_role_name_is_said_to_be_unknown_with_the_closest_names(
    board: str, text: str, said: str
) -> None:
    t = Table(board)
    t.director(f"/开局 {board}")
    t.director(text)
    assert not t.changed and said in t.reply(), t.reply()


def test_a_known_role_without_a_step_now_is_told_so_and_nonsense_gets_no_guess() -> None:
    t = Table("竞技12")
    t.director("/开局 竞技12")
    t.director("/时限 猎人 10分钟")
    assert not t.changed and "「猎人」现在没有进行中或未开始的步骤" in t.reply()
    t.director("/时限 火星人 10分钟")
    assert "竞技12没有「火星人」这个身份或时段。发送 /帮助 查看可用的名字" in t.reply()


def test_a_director_command_of_another_board_is_named_as_such() -> None:
    t = started()
    result = t.say("导演", "/开门")
    reply = " ".join(m.text for m in result.messages)
    assert "竞技12没有 /开门 这个导演命令" in reply and "须弥" in reply
    assert not result.changed


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("/撤回", "没有「撤回」这个命令。发送 /帮助 查看本局的导演命令。"),
        ("/冲锋 5号", "竞技12没有「冲锋」这个技能（它属于其他板子）。"),
        ("/预言 9号", "/预言是玩家的命令，你是本局的导演，不是本局的玩家。"),
    ],
)
def test_a_directors_command_that_is_no_director_command_is_answered_as_it_is(text: str, said: str) -> None:
    """Issue 21 (5): a director who does not play, in a running game, is told the word is no command
    (as a player is), a skill of another board, or a player's command — not only 「你不是本局的玩家」."""
    t = started()
    t.ok("导演", "/入夜")
    result = t.say("导演", text)
    reply = " ".join(m.text for m in result.messages)
    assert said in reply and not result.changed, reply


# ---------------------------------------------------------------- what a player is told of his exit

CAUSE_WORDS = tuple(EXIT_PHRASES.values()) + (
    "毒",
    "被杀",
    "指杀",
    "放逐",
    "红牌",
    "殉情",
    "同守同救",
    "开枪",
)


def _exit_notices(sent: list[Outgoing]) -> list[str]:
    return [m.text for m in sent if m.kind == "private" and m.target < 20000 and "出局。" in m.text]


def test_a_player_is_told_that_he_is_out_and_when_not_how() -> None:
    """Issue 21 (8) and docs/rulings-board-files.md 10: the 公示 gives no cause and a first-night exit
    has last words to post: the seat is told 「你在第1夜出局。」, never by whom or what."""
    for sent in (jingji12_game(), baibian_game()):
        notices = _exit_notices(sent)
        assert notices and all(re.match(r"你在第\d+[天夜]出局。", text) for text in notices), notices
        assert not [text for text in notices if any(word in text for word in CAUSE_WORDS)], notices


def test_the_directors_still_get_every_cause() -> None:
    sent = baibian_game()
    directors = "\n".join(m.text for m in sent if m.target == 20000)
    for line in ("被狼人指杀", "被女巫毒杀", "被狼王冲锋指杀", "殉情", "被投票放逐", "被红牌罚下"):
        assert line in directors, (line, directors)


@pytest.mark.parametrize("board", ["预女猎白", "狼王守卫"])
def test_a_poisoned_shooter_is_told_he_may_not_shoot_and_not_why(board: str) -> None:
    """A 猎人 or 狼王 who may not shoot is told that, no more: not 「毒」, and nothing with 开枪 (the word
    of a shot he may take)."""
    t = standard(board)
    shooter = 3 if board == "预女猎白" else 12
    t.night()
    if board == "狼王守卫":
        act(t, 4, "/守护 1号")
    kill(t, 5)
    act(t, 2, f"/毒 {shooter}号")
    t.dawn()
    told = t.to_seat(shooter)
    assert told == ["你在第1夜出局。\n你有遗言权利：请在下一个白天开始前私聊发送「/遗言 内容」，不发视为放弃。",
                    "你这次出局不能带走任何人。"], told  # fmt: skip
    assert t.director_got(f"{shooter}号（{t.role(shooter)}）被女巫毒杀，不能开枪", ever=True)


def test_a_red_carded_hunter_is_told_he_may_not_shoot() -> None:
    t = standard("预女猎白")
    t.director("/罚下 3号")
    assert t.to_seat(3) == ["你在第1天出局。", "你这次出局不能带走任何人。"]
    assert not t.game.prompts


# ---------------------------------------------------------------- issue 21 (9): the slips of wording

NO_SHERIFF_VEST_BOARD = """\
板子: 无警长马甲
身份:
  狼人: 2
  预言家: 1
  村民: 3
狼人: 狼群投票
夜晚:
  - 狼人: 30分钟
  - 预言家: 30分钟
警长: 无
马甲杀: 可以
"""
NO_SHERIFF_VEST_SEATS = {1: "预言家", 2: "村民", 3: "村民", 4: "村民", 5: "狼人", 6: "狼人"}


def test_a_board_without_a_sheriff_offers_no_mask_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    """「警长竞选日中，每名角色可猜测一名其他角色的具体演员」: no sheriff, no 竞选日, no 马甲杀; a game
    opened before 0.5.0 took it and rebuilds so."""
    checked = check(NO_SHERIFF_VEST_BOARD)
    assert checked.board is not None, checked.problems
    monkeypatch.setitem(BOARDS, checked.board.name, compose(checked.board))
    t = Table(checked.board.name)
    t.director(f"/开局 {checked.board.name}")
    for seat, role in NO_SHERIFF_VEST_SEATS.items():
        t.director(f"/座位 {seat}号 {10000 + seat} 演员{seat}")
        t.director(f"/身份 {seat}号 {role}")
    t.director("/狼群 30000")
    t.director("/开始")
    assert t.game.phase == "day", t.reply()
    assert not any("马甲杀" in text for seat in range(1, 7) for text in t.to_seat(seat, ever=True))
    t.say(2, "/身份")
    assert "马甲杀" not in t.reply()
    t.say(2, "/马甲杀 3号 某人")
    assert not t.changed and "没有警长竞选日" in t.reply(), t.reply()
    old = Game(1, t.game.board_name, 0, t.game.timezone, opened_by="0.4.0")
    for event in t.events:
        old.handle(event)
    guess = Event("say", at=t.now + 1, qq=10002, text="/马甲杀 3号 演员3")
    assert old.handle(guess).changed


def test_a_tie_is_said_as_a_tie_in_the_settlement_the_draft_and_the_record() -> None:
    t = standard("预女猎白")
    t.pass_night()
    t.director("/投票 2号 9号\n3号 10号")
    t.director("/放逐")
    assert t.director_got("第2天投票结算：平票，无人出局。")
    t.pass_night()
    summary = next(text for text in t.to_director() if "第2夜结算" in text)
    assert "第2天投票：平票，无人出局" in summary and "第2天白天出局：无" not in summary, summary
    assert "【第2天】\n放逐：平票，无人出局" in game_record(t.game)
    t.director("/放逐 平票")
    assert t.director_got("第3天投票：平票，无人出局。")
    t.pass_night()
    t.director("/放逐 无")
    assert t.director_got("第4天投票：无人出局。")


def test_the_old_sheriff_is_told_when_the_sheriff_is_recorded_again() -> None:
    t = started(sheriff=3)
    result = t.ok("导演", "/警长 4号")
    assert t.text(3, result) == "导演重新记录了警长竞选结果：你不再是警长，警长是4号。"
    assert "已私聊告诉3号他不再是警长" in t.text("导演", result)
    assert t.game.sheriff == 4
