"""Words a forum player reads naturally: Chinese typography, exits in the posts' words, dates as
`12月1日 21:00`, and one message for one thing."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bansha_engine import Event, Game, Outgoing, Result
from bansha_engine.model import EXIT_PHRASES
from bansha_engine.record import game_record
from tests.engine_helpers import Table, table
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
    assert "你在第1夜被杀，已出局。" in to[10005]
    assert "你在第2天被投票放逐，已出局。" in to[10003]
    assert "你在第2天被猎人开枪带走，已出局。" in to[10010]
    assert "你在第3天被红牌罚下，已出局。" in to[10009]
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
    assert t.to_seat(12)[0].startswith("你在第1夜被杀，已出局。")  # the seat is not told who
    assert not any("混血儿" in text for text in t.to_seat(12))


def test_a_killed_witch_reads_被指杀_only_in_her_通灵() -> None:
    """COMMANDS.md: no message to the witch but her 通灵 contains 被指杀 — her own exit neither."""
    t = started()
    t.night(2, head=9)
    texts = [text for text in t.to(2, Result(False, t.sent)) if "被指杀" in text]
    assert len(texts) == 1 and texts[0].startswith("【第1夜】女巫行动"), texts
    assert any(text.startswith("你在第1夜被杀，已出局。") for text in t.to(2, Result(False, t.sent)))


def test_every_exit_cause_has_words_and_the_stored_causes_stay() -> None:
    assert set(EXIT_PHRASES) == {
        "放逐", "杀人", "毒药", "最后一枪", "红牌罚下", "冲锋", "牺牲", "累计两次空救", "殉情", "爱慕替死",
        "同守同救", "狼王开枪", "自爆", "白狼王带走", "决斗", "以死谢罪",
        "梦亡", "反伤", "狩猎", "查验出局", "共舞", "交易", "刺杀", "袭击",
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
