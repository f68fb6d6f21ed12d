"""竞技12 (rules/002, 竞技马甲杀通用): engine-level tests, clause by clause of the rule post.

Seats: 1 预言家, 2 女巫, 3 猎人, 4-8 村民, 9-12 狼人.  Seat N is QQ 10000+N, the director QQ 20000.
The clock starts at 2026-03-01 20:00 Asia/Shanghai and moves one second per chat line.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bansha_engine.api import Event, Outgoing, Result
from bansha_engine.game import Game
from bansha_engine.library import peek_game_state
from bansha_engine.mechanisms import wolf_head
from bansha_engine.roles import witch

TZ = "Asia/Shanghai"
T0 = datetime(2026, 3, 1, 20, 0, tzinfo=ZoneInfo(TZ)).timestamp()
DIRECTOR = 20000
STRANGER = 55555
SEER, WITCH, HUNTER = 1, 2, 3
VILLAGERS = (4, 5, 6, 7, 8)
WOLVES = (9, 10, 11, 12)
ROLES = (
    {SEER: "预言家", WITCH: "女巫", HUNTER: "猎人"}
    | dict.fromkeys(VILLAGERS, "村民")
    | dict.fromkeys(WOLVES, "狼人")
)
CJK = re.compile(r"[\u4e00-\u9fff]")

Who = int | str


def qq(who: Who) -> int:
    if who == "导演":
        return DIRECTOR
    assert isinstance(who, int)
    return 10000 + who if who <= 12 else who


def at(hour: int, minute: int) -> float:
    return datetime(2026, 3, 1, hour, minute, tzinfo=ZoneInfo(TZ)).timestamp()


class Table:
    """A game with a clock, the accepted-event log and every message sent."""

    def __init__(self, seed: int = 2) -> None:
        self.seed = seed
        self.game = Game(1, "竞技12", seed, TZ)
        self.now = T0
        self.accepted: list[Event] = []
        self.sent: list[Outgoing] = []
        self.result = Result(False)

    # -- driving

    def feed(self, event: Event) -> Result:
        result = self.game.handle(event)
        assert all(m.kind == "private" for m in result.messages), "竞技12 has no group: nothing goes to one"
        if result.changed:
            self.accepted.append(event)
        self.sent += result.messages
        return result

    def say(self, who: Who, text: str, *, group: int | None = None, advance: float = 1.0) -> Result:
        self.now += advance
        self.result = self.feed(Event("say", at=self.now, qq=qq(who), text=text, group=group))
        return self.result

    def d(self, text: str) -> Result:
        return self.say("导演", text)

    def ok(self, who: Who, text: str) -> Result:
        """Say something that must be accepted."""
        result = self.say(who, text)
        assert result.changed, f"{who}> {text} was refused: {[m.text for m in result.messages]}"
        return result

    def refused(self, who: Who, text: str) -> str:
        """Say something that must be refused with a Chinese reply and no change at all."""
        before = snapshot(self.game)
        result = self.say(who, text)
        assert not result.changed, f"{who}> {text} was accepted"
        replies = [m.text for m in result.messages if m.target == qq(who)]
        assert len(result.messages) == 1 and replies and CJK.search(replies[0]), result.messages
        assert snapshot(self.game) == before
        return replies[0]

    def wait(self, seconds: float) -> Result:
        """Let `seconds` pass, firing every timer that falls due, in order."""
        end = self.now + seconds
        merged = Result(False)
        while True:
            due = [t for t in self.game.timers() if t.due <= end]
            if not due:
                break
            timer = min(due, key=lambda t: t.due)
            self.now = max(self.now, timer.due)
            result = self.feed(Event("timer", at=self.now, key=timer.key))
            merged.changed |= result.changed
            merged.messages += result.messages
        self.now = end
        self.result = merged
        return merged

    # -- reading

    def to(self, who: Who, result: Result | None = None) -> list[str]:
        result = result or self.result
        return [m.text for m in result.messages if m.target == qq(who)]

    def text(self, who: Who, result: Result | None = None) -> str:
        return "\n".join(self.to(who, result))

    def mark(self) -> int:
        return len(self.sent)

    def since(self, mark: int, who: Who) -> str:
        return "\n".join(m.text for m in self.sent[mark:] if m.target == qq(who))

    def ever(self, who: Who) -> str:
        return self.since(0, who)

    # -- state

    @property
    def head(self) -> int | None:
        return wolf_head.head(self.game)

    def alive(self) -> list[int]:
        return self.game.alive()

    # -- set pieces

    def setup(self, roles: dict[int, str] = ROLES) -> Table:
        self.ok("导演", "/开局 竞技12")
        for seat in range(1, 13):
            self.ok("导演", f"/座位 {seat}号 {qq(seat)}")
        for seat, role in roles.items():
            self.ok("导演", f"/身份 {seat}号 {role}")
        return self

    def start(self, sheriff: int | None = None) -> Table:
        self.setup()
        self.ok("导演", "/开始")
        if sheriff is not None:
            self.ok("导演", f"/警长 {sheriff}号")
        return self

    def elect(self, head: int) -> None:
        for wolf in self.living(WOLVES):
            self.ok(wolf, f"/选狼头 {head}号")
        assert self.head == head

    def living(self, seats: tuple[int, ...]) -> list[int]:
        return [n for n in seats if self.game.seats[n].alive]

    def night(
        self,
        kill: int | None,
        *,
        head: int = 9,
        save: int | None = None,
        poison: int | None = None,
        check: int | None = None,
        door: str | None = None,
    ) -> str:
        """Play a whole night; returns what the directors were told meanwhile."""
        mark = self.mark()
        self.ok("导演", f"/入夜 {door}" if door else "/入夜")
        if self.game.night_no == 1:
            self.elect(head)
        boss = self.head
        assert boss is not None
        self.ok(boss, "/刀 空" if kill is None else f"/刀 {kill}号")
        if self.game.seats[SEER].alive:
            self.ok(SEER, f"/预言 {check}号" if check else "/放弃")
        if (
            self.game.seats[WITCH].alive
            and self.game.night is not None
            and self.game.night.state["witch"] == "open"
        ):
            if save is not None:
                self.ok(WITCH, f"/救 {save}号")
            elif poison is not None:
                self.ok(WITCH, f"/毒 {poison}号")
            else:
                self.ok(WITCH, "/放弃")
        return self.since(mark, "导演")


def snapshot(game: Game) -> str:
    """Everything a refused command must leave untouched."""
    return repr(
        (
            game.phase,
            game.day,
            game.night_no,
            game.seats,
            game.night,
            game.flags,
            game.prompts,
            game.sheriff,
            game.exits,
            game.last_words_offered,
            game.last_words,
            game.directors,
            game.winner,
            game.ended,
            game.accepted,
            game.timers(),
            len(game.queue),
        )
    )


def started(sheriff: int | None = None) -> Table:
    return Table().start(sheriff)


def exits(t: Table) -> list[tuple[int, str]]:
    return [(e.seat, e.cause) for e in t.game.exits]


# ====================================================================== 游戏流程 0-1: 分发身份, 狼人互知


def test_start_dms_every_player_their_role() -> None:
    t = Table().setup()
    result = t.ok("导演", "/开始")
    for seat, role in ROLES.items():
        text = t.text(seat, result)
        assert f"身份：{role}" in text
    assert "村民阵营" in t.text(SEER, result)
    assert "狼人阵营" in t.text(9, result)


def test_wolves_know_each_other_but_villagers_do_not() -> None:
    t = Table().setup()
    result = t.ok("导演", "/开始")
    for wolf in WOLVES:
        assert "9号、10号、11号、12号" in t.text(wolf, result)
    for seat in (SEER, WITCH, HUNTER, *VILLAGERS):
        assert "狼人同伴" not in t.text(seat, result)
        assert "9号、10号" not in t.text(seat, result)


def test_start_refused_until_every_seat_has_a_role() -> None:
    t = Table()
    t.ok("导演", "/开局 竞技12")
    for seat in range(1, 13):
        t.ok("导演", f"/座位 {seat}号 {qq(seat)}")
    assert "身份" in t.refused("导演", "/开始")


# ====================================================================== 狼头: 争权 <强制>


def test_election_most_votes_wins_and_every_wolf_is_told_at_once() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok(9, "/选狼头 10号")
    t.ok(10, "/选狼头 10号")
    t.ok(11, "/选狼头 10号")
    assert t.head is None
    result = t.ok(12, "/选狼头 9号")
    assert t.head == 10
    assert "狼头" in t.text(10, result)
    for wolf in (9, 11, 12):
        assert "10号" in t.text(wolf, result)
        assert "狼头" in t.text(wolf, result)
    for seat in (SEER, WITCH, HUNTER, *VILLAGERS):
        assert not any("狼头" in text for text in t.to(seat, result))


@pytest.mark.parametrize(
    ("ballots", "winner"),
    [
        # 9 reaches 2 votes with the third ballot, 10 only with the fourth: 9 was first.
        ([(9, 10), (10, 9), (11, 9), (12, 10)], 9),
        # 10 reaches 2 votes with the second ballot.
        ([(9, 10), (10, 10), (11, 9), (12, 9)], 10),
        # 1-1-1-1: the first ballot's candidate reached the top count first.
        ([(9, 12), (10, 11), (11, 10), (12, 9)], 12),
    ],
)
def test_election_tie_goes_to_who_reached_the_top_count_first(
    ballots: list[tuple[int, int]], winner: int
) -> None:
    t = started()
    t.ok("导演", "/入夜")
    for voter, candidate in ballots:
        t.ok(voter, f"/选狼头 {candidate}号")
    assert t.head == winner


def test_election_a_changed_vote_counts_from_when_it_was_changed() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok(9, "/选狼头 9号")
    t.ok(10, "/选狼头 10号")
    t.ok(9, "/选狼头 10号")  # 9 changes his mind: 10 reaches 2 now
    t.ok(11, "/选狼头 9号")
    t.ok(12, "/选狼头 9号")  # 9 reaches 2 only now
    assert t.head == 10


def test_election_deadline_nonvoters_not_counted_and_reported() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok(9, "/选狼头 11号")
    t.ok(10, "/选狼头 12号")
    result = t.wait(20 * 60)
    # 11 and 12 did not vote: their ballots are not counted (not even for themselves), 1-1 → 11 first.
    assert t.head == 11
    director = t.text("导演", result)
    assert re.search(r"未投狼头票.*11号、12号", director)
    assert "11号" in t.text(12, result) and "狼头" in t.text(11, result)
    # The night goes on: the head's step is open, and the summary names the late voters with 超时.
    t.ok(11, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    summary = t.text("导演")
    assert "超时：11号（选举狼头）、12号（选举狼头）" in summary


def test_election_closes_at_twenty_minutes_after_door_close() -> None:
    t = started()
    t.now = at(20, 10)
    t.ok("导演", "/入夜 20:00")
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:1:election"] == at(20, 20)


def test_election_nobody_votes_gives_a_random_head() -> None:
    heads = set()
    for seed in range(8):
        t = Table(seed).start()
        t.ok("导演", "/入夜")
        t.wait(20 * 60)
        assert t.head in WOLVES
        assert "随机" in "\n".join(t.game.night.notes)  # type: ignore[union-attr]
        heads.add(t.head)
    assert len(heads) > 1  # really random, not always the same seat


def test_election_is_forced_pass_refused() -> None:
    t = started()
    t.ok("导演", "/入夜")
    assert "强制" in t.refused(9, "/放弃")
    t.refused(9, "/放弃 争权")
    assert t.head is None


def test_election_only_wolves_vote_and_only_for_a_wolf() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.refused(4, "/选狼头 9号")
    assert "狼人" in t.refused(9, "/选狼头 4号")
    t.refused(9, "/选狼头")
    t.refused(9, "/选狼头 13号")


def test_election_refusals_do_not_tell_a_non_wolf_who_the_wolves_are() -> None:
    t = started()
    by_day = {t.refused(4, f"/选狼头 {seat}号").replace(f"{seat}号", "N号") for seat in (1, 9)}
    t.ok("导演", "/入夜")
    at_night = {t.refused(4, f"/选狼头 {seat}号").replace(f"{seat}号", "N号") for seat in (1, 9)}
    assert len(by_day) == 1 and len(at_night) == 1, (by_day, at_night)
    assert "狼人" not in "".join(by_day | at_night)


def test_election_only_on_the_first_night() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.refused(10, "/选狼头 10号")
    assert t.head == 9


def test_election_ignores_a_red_carded_wolf() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok(9, "/选狼头 12号")
    t.ok(12, "/选狼头 12号")
    t.ok("导演", "/罚下 12号")
    t.ok(10, "/选狼头 10号")
    t.ok(11, "/选狼头 11号")
    # 12 is out: neither his ballot nor the ballot for him counts; 10 and 11 have one each, 10 first.
    assert t.head == 10
    assert t.game.seats[t.head].alive


# ====================================================================== 狼人: 传话 (≤ 5 characters, to the head only)


def test_relay_reaches_the_head_only() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(10)
    result = t.ok(11, "/传话 刀五号")
    assert any("刀五号" in text and "11号" in text for text in t.to(10, result))
    for seat in range(1, 13):
        if seat not in (10, 11):
            assert not t.to(seat, result)
    assert not t.to("导演", result)


def test_relay_five_characters_accepted_six_refused() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(10)
    assert "5" in t.refused(9, "/传话 今晚刀五号吧")
    result = t.ok(9, "/传话 今晚刀五号")
    assert "今晚刀五号" in t.text(10, result)


def test_relay_blanks_do_not_count_digits_do() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(10)
    t.refused(9, "/传话 刀 12号 快点")  # 刀12号快点: six characters
    result = t.ok(9, "/传话 刀 12 号")  # 刀12号: four characters
    assert "刀 12 号" in t.text(10, result)


def test_relay_one_sentence_a_night() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(10)
    t.ok(9, "/传话 刀五")
    assert "一句" in t.refused(9, "/传话 刀六")
    t.ok(11, "/传话 刀六")  # every wolf has his own sentence
    t.ok(10, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    result = t.ok(9, "/传话 刀六")  # a new night, a new sentence
    assert "刀六" in t.text(10, result)


def test_relay_the_head_cannot_relay() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(10)
    t.refused(10, "/传话 你好")


def test_relay_refused_before_a_head_exists_and_after_the_kill() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.refused(9, "/传话 选我")
    t.elect(10)
    t.ok(10, "/刀 5号")
    t.refused(9, "/传话 晚了")


def test_relay_refused_to_non_wolves_and_by_day() -> None:
    t = started()
    t.refused(9, "/传话 白天")
    t.ok("导演", "/入夜")
    t.elect(10)
    t.refused(4, "/传话 我是狼")
    t.refused(SEER, "/传话 我是狼")


# ====================================================================== 狼头: the kill


def test_head_kill_is_final_and_every_wolf_learns_it_at_once() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    result = t.ok(9, "/刀 5号")
    for wolf in WOLVES:
        assert "5号" in t.text(wolf, result)
    for seat in (SEER, HUNTER, *VILLAGERS):
        assert "5号" not in t.text(seat, result)
    assert "已提交狼人指杀，不能更改" in t.refused(9, "/刀 6号")  # final: the step is closed
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    assert exits(t) == [(5, "杀人")]


def test_head_kill_nobody() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    result = t.ok(9, "/刀 空")
    for wolf in WOLVES:
        assert "空刀" in t.text(wolf, result)
    assert "无人被指杀" in t.text(WITCH, result)
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    assert "平安夜" in t.text("导演")
    assert exits(t) == []


def test_head_passing_the_kill_is_no_kill() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    result = t.ok(9, "/放弃")
    assert "无人被指杀" in t.text(WITCH, result)
    assert "超时" not in "\n".join(t.game.night.notes)  # type: ignore[union-attr]


def test_non_head_kill_refused() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.refused(9, "/刀 5号")  # no head yet
    t.elect(9)
    assert "狼头" in t.refused(10, "/刀 5号")
    t.refused(4, "/刀 5号")
    t.refused(SEER, "/刀 5号")


def test_wolves_step_closes_thirty_minutes_after_door_close() -> None:
    t = started()
    t.now = at(20, 10)
    t.ok("导演", "/入夜 20:00")
    t.elect(9)
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:1:wolves"] == at(20, 30)
    assert due["step:1:seer"] == at(20, 30)


# ====================================================================== 狼头: 传位 <强制>


def test_succession_after_the_head_is_voted_out() -> None:
    t = started()
    t.night(4, head=9)
    result = t.ok("导演", "/放逐 9号")
    assert "传位" in t.text(9, result)
    assert "出局" in t.text(9, result)
    assert "不是狼人" in t.refused(9, "/传位 5号")
    t.refused(9, "/传位 9号")  # out of the game
    t.refused(10, "/传位 11号")  # not his to choose
    assert "待处理" in t.refused("导演", "/入夜")
    result = t.ok(9, "/传位 11号")
    assert t.head == 11
    for wolf in (10, 12):
        assert "11号" in t.text(wolf, result)
    assert "成为狼头（9号传位）" in t.text(11, result)
    t.ok("导演", "/入夜")
    t.refused(9, "/刀 5号")
    t.ok(11, "/刀 5号")


def test_succession_is_forced_pass_refused() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 9号")
    assert "强制" in t.refused(9, "/放弃")
    assert t.head == 9


def test_succession_timeout_gives_a_random_wolf_after_ten_minutes() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 9号")
    prompt = t.game.prompts[0]
    assert prompt.due == pytest.approx(t.now + 600)
    t.wait(599)
    assert t.head == 9
    result = t.wait(1)
    assert t.head in (10, 11, 12)
    assert "超时" in t.text("导演", result)
    for wolf in (10, 11, 12):
        assert "狼头" in t.text(wolf, result)
        assert wolf == t.head or f"{t.head}号" in t.text(wolf, result)


def test_succession_red_card_gives_a_random_wolf_at_once() -> None:
    t = started()
    t.night(4, head=9)
    result = t.ok("导演", "/罚下 9号")
    assert not t.game.prompts
    assert t.head in (10, 11, 12)
    assert "传位" not in t.text(9, result)
    for wolf in (10, 11, 12):
        assert "狼头" in t.text(wolf, result)
        assert wolf == t.head or f"{t.head}号" in t.text(wolf, result)


def test_succession_at_night_when_the_head_is_poisoned() -> None:
    t = started()
    t.night(4, head=9, save=4)
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    result = t.ok(WITCH, "/毒 9号")
    assert "传位" in t.text(9, result)
    assert "第2夜结算" not in t.text("导演", result)
    assert t.game.night is not None  # the night waits for the successor
    result = t.ok(9, "/传位 12号")
    assert t.head == 12
    assert re.search(r"出局：5号、9号", t.text("导演", result))


def test_succession_red_card_during_the_night_lets_the_new_head_kill() -> None:
    t = started()
    t.night(4, head=9, save=4)
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.ok("导演", "/罚下 9号")
    boss = t.head
    assert boss in (10, 11, 12)
    t.ok(boss, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    assert exits(t) == [(9, "红牌罚下"), (5, "杀人")]


# ====================================================================== 狼头: 决战


def duel_table() -> Table:
    """Four nights in: 1 预言家, 2 女巫 (poison left), 3 猎人, 4 and 5 村民, 9 (head), 10, 11 狼人 alive.

    N1: 6 is knifed and saved; D2: 7 voted out; N2: 6 knifed; D3: 12 voted out; N3: 8 knifed;
    D4: nobody voted out.  Night 4 is open.
    """
    t = started()
    t.night(6, head=9, save=6)
    t.ok("导演", "/放逐 7号")
    t.night(6)
    t.ok("导演", "/放逐 12号")
    t.night(8)
    t.ok("导演", "/放逐 无")
    assert t.alive() == [1, 2, 3, 4, 5, 9, 10, 11]
    t.ok("导演", "/入夜")
    return t


def approve_duel(t: Table) -> None:
    result = t.ok(9, "/决战")
    for wolf in (10, 11):
        assert "决战" in t.text(wolf, result)
    t.ok(10, "/同意")
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel == "proposed"  # 1 of 2 is not more than half
    result = t.ok(11, "/同意")
    assert "/决战 A号 B号 C号" in t.text(9, result)


def test_duel_wolves_win_by_hand() -> None:
    # Worst case for 4号 5号 1号, from 1 2 3 4 5 | 9 10 11 (8 alive, 3 wolves), 女巫 holds her poison:
    #   night 1: 4 knifed → 7 alive, 3 wolves (6 < 7); the witch poisons a wolf → 6 alive, 2 wolves.
    #   day 2:   a wolf voted out → 5 alive, 1 wolf.
    #   night 2: 5 knifed → every 村民 is out → 狼人阵营 wins within the three kills.
    t = duel_table()
    approve_duel(t)
    result = t.ok(9, "/决战 4号 5号 1号")
    assert "狼人阵营胜利" in t.text("导演", result)
    assert t.game.ended and t.game.winner == "狼人阵营"
    assert t.game.timers() == []


def test_duel_wolves_lose_by_hand_the_hunter_shoots() -> None:
    # Worst case for 3号 4号 5号 from the same position:
    #   night 1: 3 (猎人) knifed → 7 alive, 3 wolves; he shoots a wolf → 6 alive, 2 wolves;
    #            the witch poisons a wolf → 5 alive, 1 wolf.
    #   day 2:   the last wolf voted out → 村民阵营 wins.
    t = duel_table()
    approve_duel(t)
    result = t.ok(9, "/决战 3号 4号 5号")
    assert "村民阵营胜利" in t.text("导演", result)
    assert t.game.winner == "村民阵营"


def test_duel_wolves_lose_by_hand_gods_first() -> None:
    # 1号 2号 4号: night 1: 1 knifed (7 alive, 3 wolves), poison → 6 alive, 2 wolves; day 2 → 5 alive, 1 wolf;
    # night 2: 2 knifed → 4 alive (3 4 5 + a wolf), nothing reached; day 3: the last wolf out → 村民阵营.
    t = duel_table()
    approve_duel(t)
    result = t.ok(9, "/决战 1号 2号 4号")
    assert "村民阵营胜利" in t.text("导演", result)


def test_duel_lost_when_the_witch_never_used_her_save() -> None:
    # Alive 1 2 3 4 5 8 9 10 11 12 after N1 (6 knifed, no save) and D2 (7 out).  With the save gone,
    # 4号 5号 8号 would win (4 → 9 alive, poison → 8/3, day → 7/2, 5 → 6/2, day → 5/1, 8 → all 村民 out);
    # but the witch still holds her save, so the wolves lose whatever the kills.
    t = started()
    t.night(6, head=9)
    t.ok("导演", "/放逐 7号")
    t.ok("导演", "/入夜")
    t.ok(9, "/决战")
    t.ok(10, "/同意")
    t.ok(11, "/同意")  # 2 of 3
    result = t.ok(9, "/决战 4号 5号 8号")
    assert "村民阵营胜利" in t.text("导演", result)
    assert "救药" in t.text("导演", result)


def test_duel_lost_when_a_dead_witch_never_used_her_save() -> None:
    t = started()
    t.night(WITCH, head=9)  # the witch cannot save herself
    assert not t.game.seats[WITCH].alive
    t.ok("导演", "/放逐 4号")
    t.ok("导演", "/入夜")
    t.ok(9, "/决战")
    t.ok(10, "/同意")
    t.ok(11, "/同意")  # 2 of 3
    result = t.ok(9, "/决战 5号 6号 7号")
    assert "村民阵营胜利" in t.text("导演", result)


def test_duel_rejected_does_not_use_it_up() -> None:
    t = duel_table()
    t.ok(9, "/决战")
    t.refused(9, "/决战 4号 5号 1号")  # not approved yet
    result = t.ok(10, "/反对")  # 1 of 2 against: more than half can no longer agree
    assert "未获" in t.text(9, result)
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel is None
    t.refused(11, "/同意")
    t.refused(9, "/决战 4号 5号 1号")
    approve_duel(t)  # proposing again is allowed
    result = t.ok(9, "/决战 4号 5号 1号")
    assert "狼人阵营胜利" in t.text("导演", result)


def test_duel_majority_of_three_other_wolves() -> None:
    t = started()
    t.night(6, head=9, save=6)
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.ok(9, "/决战")
    t.ok(10, "/同意")
    t.ok(11, "/反对")
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel == "proposed"  # 1 for, 1 against, 1 to go
    result = t.ok(12, "/同意")  # 2 of 3
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel == "approved"
    assert "决战" in t.text(9, result)


def test_duel_rejected_by_two_of_three() -> None:
    t = started()
    t.night(6, head=9, save=6)
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.ok(9, "/决战")
    t.ok(10, "/反对")
    result = t.ok(11, "/反对")
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel is None
    assert "未获" in t.text(9, result)
    t.refused(12, "/同意")  # nothing to vote on any more
    t.ok(9, "/刀 5号")  # the night goes on


def test_duel_passes_with_no_other_living_wolf() -> None:
    t = started()
    t.night(6, head=9, save=6)
    for wolf in (10, 11, 12):
        t.ok("导演", f"/罚下 {wolf}号")
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    result = t.ok(9, "/决战")
    assert peek_game_state(t.game, wolf_head.WolfHeadState).duel == "approved"
    assert "/决战 A号 B号 C号" in t.text(9, result)
    # One wolf among 9 alive: the first day's vote takes him → 村民阵营.
    result = t.ok(9, "/决战 4号 5号 7号")
    assert "村民阵营胜利" in t.text("导演", result)


def test_duel_proposal_expires_with_the_night() -> None:
    t = duel_table()
    t.ok(9, "/决战")
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.refused(10, "/同意")  # last night's proposal is gone
    t.refused(9, "/决战 4号 1号 2号")
    t.ok(9, "/决战")  # and a new one may be made


def test_duel_bad_input() -> None:
    t = duel_table()
    t.refused(10, "/决战")  # not the head
    t.refused(10, "/同意")  # nothing proposed
    t.ok(9, "/决战")
    t.refused(9, "/决战")  # already proposed
    t.refused(9, "/同意")  # the head does not vote
    t.refused(4, "/同意")
    t.ok(10, "/同意")
    t.ok(11, "/同意")
    t.refused(9, "/决战 4号 5号")  # three kills
    t.refused(9, "/决战 4号 4号 5号")  # three different seats
    t.refused(9, "/决战 4号 5号 12号")  # 12 is out
    t.refused(9, "/决战 4号 5号 x号")


def test_duel_votes_do_not_tell_a_non_wolf_whether_a_duel_is_proposed() -> None:
    t = duel_table()
    before = {word: t.refused(4, word) for word in ("/同意", "/反对")}
    t.ok(t.head, "/决战")
    assert {word: t.refused(4, word) for word in ("/同意", "/反对")} == before


def test_duel_refused_by_day() -> None:
    t = duel_table()
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    t.refused(9, "/决战")


# ====================================================================== 预言家


def test_seer_result_words_only_at_night_close() -> None:
    t = started()
    t.ok("导演", "/入夜")
    result = t.ok(SEER, "/预言 9号")
    assert "阵营" not in t.text(SEER, result)
    t.elect(9)
    result = t.ok(9, "/刀 4号")
    assert "阵营" not in t.text(SEER, result)
    result = t.ok(WITCH, "/放弃")
    assert re.search(r"9号.*非村民阵营", t.text(SEER, result))


def test_seer_village_result() -> None:
    t = started()
    mark = t.mark()
    t.night(4, head=9, check=5)
    text = t.since(mark, SEER)
    assert re.search(r"5号.*村民阵营", text)
    assert "非村民阵营" not in text


def test_seer_bad_targets() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.refused(SEER, "/预言 1号")  # herself
    t.refused(SEER, "/预言 13号")
    t.refused(SEER, "/预言")
    t.refused(4, "/预言 9号")


def test_seer_timeout_after_thirty_minutes_is_a_pass() -> None:
    t = started()
    t.now = at(20, 0)
    t.ok("导演", "/入夜 20:00")
    t.elect(9)
    t.ok(9, "/刀 4号")
    t.ok(WITCH, "/放弃")
    assert t.game.night is not None
    result = t.wait(30 * 60)
    summary = t.text("导演", result)
    assert "预言已截止：1号超时，视为放弃" in summary and "超时：1号（预言）" in summary
    assert "出局：4号" in summary
    assert "阵营" not in t.text(SEER, result)


# ====================================================================== 女巫


def test_witch_spirit_names_the_target() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    result = t.ok(9, "/刀 5号")
    text = t.text(WITCH, result)
    assert "被指杀" in text and "5号" in text


def test_witch_save_works() -> None:
    t = started()
    summary = t.night(5, head=9, save=5)
    assert "平安夜" in summary
    assert exits(t) == []
    assert "出局" not in t.ever(5)


def test_witch_cannot_save_herself() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 2号")
    assert "自己" in t.refused(WITCH, "/救 2号")
    t.ok(WITCH, "/毒 10号")
    t.ok(SEER, "/放弃")
    assert exits(t) == [(2, "杀人"), (10, "毒药")]


def test_witch_one_potion_a_night() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 5号")
    t.ok(WITCH, "/救 5号")
    t.refused(WITCH, "/毒 9号")
    t.ok(SEER, "/放弃")
    assert exits(t) == []
    # the poison is still there the next night
    t.ok("导演", "/放逐 无")
    t.ok("导演", "/入夜")
    t.ok(9, "/刀 6号")
    t.ok(WITCH, "/毒 10号")
    t.ok(SEER, "/放弃")
    assert exits(t) == [(6, "杀人"), (10, "毒药")]


def test_witch_after_the_save_no_more_spirit() -> None:
    t = started()
    t.night(5, head=9, save=5)
    t.ok("导演", "/放逐 无")
    mark = t.mark()
    t.ok("导演", "/入夜")
    t.ok(9, "/刀 6号")
    text = t.since(mark, WITCH)
    assert "毒" in text  # her step opened for the poison
    assert "6号" not in text
    t.refused(WITCH, "/救 6号")
    t.ok(WITCH, "/放弃")
    t.ok(SEER, "/放弃")
    assert "被指杀" not in t.since(mark, WITCH)
    t.ok("导演", "/放逐 无")
    t.say(WITCH, "/身份")
    assert "被指杀" not in t.since(mark, WITCH)


def test_witch_no_message_mentions_kills_except_the_spirit() -> None:
    t = started()
    t.night(5, head=9, save=5)
    t.say(WITCH, "/身份")
    spirit = [m.text for m in t.sent if m.target == qq(WITCH) and "被指杀" in m.text]
    assert len(spirit) == 1 and spirit[0].startswith("【第1夜】女巫行动")


def test_witch_poison_after_the_kill() -> None:
    t = started()
    summary = t.night(5, head=9, poison=10)
    assert exits(t) == [(5, "杀人"), (10, "毒药")]
    assert "出局：5号、10号" in summary


def test_witch_deadline_one_hour_from_door_close() -> None:
    t = started()
    t.now = at(20, 5)
    t.ok("导演", "/入夜 20:00")
    t.elect(9)
    t.ok(9, "/刀 5号")
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:1:witch"] == at(21, 0)


def test_witch_bad_input() -> None:
    t = started()
    t.refused(WITCH, "/救 5号")  # by day
    t.ok("导演", "/入夜")
    t.elect(9)
    t.refused(WITCH, "/毒 x")
    t.ok(9, "/刀 5号")
    t.refused(4, "/救 5号")
    t.refused(WITCH, "/毒 13号")


# ====================================================================== 猎人: 最后一枪


def test_hunter_knifed_at_night_shoots_and_the_victim_leaves_right_after_him() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 3号")
    t.ok(SEER, "/放弃")
    result = t.ok(WITCH, "/毒 10号")
    assert "开枪" in t.text(HUNTER, result) and "出局" in t.text(HUNTER, result)
    assert t.game.night is not None  # the night waits for him
    t.refused(HUNTER, "/开枪 3号")  # not himself
    result = t.ok(HUNTER, "/开枪 11号")
    assert "出局" in t.text(11, result)
    assert exits(t) == [(3, "杀人"), (11, "最后一枪"), (10, "毒药")]
    assert "出局：3号、11号、10号" in t.text("导演", result)


def test_hunter_voted_out_shoots_by_day() -> None:
    t = started()
    t.night(4, head=9)
    result = t.ok("导演", "/放逐 3号")
    assert "开枪" in t.text(HUNTER, result)
    result = t.ok(HUNTER, "/开枪 10号")
    assert "出局" in t.text(10, result)
    assert exits(t)[-2:] == [(3, "放逐"), (10, "最后一枪")]
    assert "10号" in t.text("导演", result)


def test_hunter_poisoned_shoots() -> None:
    t = started()
    t.night(4, head=9, poison=HUNTER)
    assert t.game.prompts and t.game.prompts[0].seat == HUNTER
    t.ok(HUNTER, "/开枪 12号")
    assert exits(t) == [(4, "杀人"), (3, "毒药"), (12, "最后一枪")]


def test_hunter_may_pass_and_times_out_after_ten_minutes() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 3号")
    t.ok(HUNTER, "/放弃")
    assert exits(t)[-1] == (3, "放逐") and not t.game.prompts

    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 3号")
    t.wait(599)
    assert t.game.prompts
    result = t.wait(1)
    assert not t.game.prompts and exits(t)[-1] == (3, "放逐")
    assert "超时" in t.text("导演", result)


def test_hunter_red_card_no_shot() -> None:
    t = started()
    result = t.ok("导演", "/罚下 3号")
    assert "开枪" not in t.text(HUNTER, result)
    assert not t.game.prompts
    t.refused(HUNTER, "/开枪 9号")


def test_hunter_cannot_shoot_without_leaving() -> None:
    t = started()
    assert "没有等待" in t.refused(HUNTER, "/开枪 9号")


def test_hunter_sheriff_shoots_then_hands_the_badge() -> None:
    t = started(sheriff=HUNTER)
    t.night(4, head=9)
    result = t.ok("导演", "/放逐 3号")
    assert "开枪" in t.text(HUNTER, result)
    assert "移交" not in t.text(HUNTER, result)  # the badge comes second
    t.refused(HUNTER, "/移交 5号")
    result = t.ok(HUNTER, "/开枪 10号")
    assert "出局" in t.text(10, result)
    assert "移交" in t.text(HUNTER, result)
    t.refused(HUNTER, "/移交 10号")  # 10 just left
    result = t.ok(HUNTER, "/移交 5号")
    assert t.game.sheriff == 5
    assert "警长" in t.text(5, result)


# ====================================================================== 警长


def test_sheriff_dm() -> None:
    t = started()
    result = t.ok("导演", "/警长 4号")
    assert "警长" in t.text(4, result)
    assert t.game.sheriff == 4
    t.say(4, "/身份")
    assert "警长" in t.text(4)


def test_sheriff_voted_out_hands_the_badge() -> None:
    t = started(sheriff=4)
    t.night(5, head=9)
    result = t.ok("导演", "/放逐 4号")
    assert "移交" in t.text(4, result)
    t.refused(4, "/移交 4号")
    t.refused(4, "/移交 5号")  # out
    t.refused(6, "/移交 7号")
    assert "强制" in t.refused(4, "/放弃")
    result = t.ok(4, "/移交 7号")
    assert t.game.sheriff == 7 and "警长" in t.text(7, result)


def test_sheriff_timeout_hands_the_badge_at_random() -> None:
    chosen = set()
    for seed in range(6):
        t = Table(seed).start(sheriff=4)
        t.night(5, head=9)
        t.ok("导演", "/放逐 4号")
        result = t.wait(600)
        assert t.game.sheriff in t.alive()
        assert "警长" in t.text(t.game.sheriff, result)
        chosen.add(t.game.sheriff)
    assert len(chosen) > 1


def test_sheriff_is_reminded_before_the_handoff_deadline() -> None:
    t = started(sheriff=4)
    t.night(5, head=9)
    t.ok("导演", "/放逐 4号")
    result = t.wait(599)
    assert "提醒" in t.text(4, result) and t.game.sheriff == 4
    t.ok(4, "/移交 6号")
    assert t.game.sheriff == 6


def test_sheriff_red_card_hands_the_badge_at_random_at_once() -> None:
    t = started(sheriff=4)
    result = t.ok("导演", "/罚下 4号")
    assert not t.game.prompts
    assert t.game.sheriff in t.alive()
    assert "警长" in t.text(t.game.sheriff, result)
    assert "移交" not in t.text(4, result)


def test_sheriff_knifed_hands_the_badge_at_night() -> None:
    t = started(sheriff=4)
    t.night(4, head=9)
    assert t.game.prompts and t.game.prompts[0].seat == 4
    result = t.ok(4, "/移交 6号")
    assert t.game.sheriff == 6
    assert "出局：4号" in t.text("导演", result)


# ====================================================================== 红牌, 遗言


def test_red_card_no_last_words() -> None:
    t = started()
    result = t.ok("导演", "/罚下 5号")
    assert "出局" in t.text(5, result)
    assert "遗言" not in t.text(5, result)
    t.refused(5, "/遗言 冤枉")


def test_red_card_out_plays_no_more() -> None:
    t = started()
    t.ok("导演", "/罚下 1号")
    t.ok("导演", "/入夜")
    assert "出局" in t.refused(SEER, "/预言 9号")
    t.refused("导演", "/罚下 1号")


def test_last_words_for_the_first_three_non_red_card_exits_only() -> None:
    t = started()
    t.ok("导演", "/罚下 8号")  # red card: no last words, and no slot used
    t.night(4, head=9)  # 1st
    t.ok("导演", "/放逐 12号")  # 2nd
    t.night(6)  # 3rd
    t.ok("导演", "/放逐 7号")  # 4th: none left
    assert "遗言" in t.ever(4) and "遗言" in t.ever(12) and "遗言" in t.ever(6)
    assert "遗言" not in t.ever(7) and "遗言" not in t.ever(8)
    t.ok(12, "/遗言 我是好人")  # voted out on day 2: published on day 3, taken until night 3
    assert "我是好人" in t.text("导演")
    t.refused(7, "/遗言 我也是")
    t.refused(4, "/遗言 太晚了")  # left on night 1: its day (day 2) is over


# ====================================================================== 胜负判定


def assert_won(t: Table, result: Result, camp: str) -> None:
    assert f"{camp}胜利" in t.text("导演", result)
    assert t.game.ended and t.game.winner == camp
    assert t.game.timers() == []
    assert not t.game.prompts


def test_win_wolves_at_half_of_the_living() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 5号")
    t.night(6)
    result = t.ok("导演", "/放逐 7号")  # 8 alive, 4 wolves
    assert_won(t, result, "狼人阵营")
    t.refused("导演", "/入夜")


def test_win_wolves_when_seer_witch_hunter_are_out_no_last_shot() -> None:
    t = started()
    t.night(SEER, head=9)
    t.ok("导演", "/放逐 2号")
    t.ok("导演", "/入夜")
    result = t.ok(9, "/刀 3号")  # seer and witch are out: nobody else acts tonight, the night resolves
    assert_won(t, result, "狼人阵营")
    assert "开枪" not in t.text(HUNTER, result)
    assert len(t.alive()) == 9  # 4 wolves of 9: not by numbers


def test_win_wolves_when_every_villager_is_out() -> None:
    t = started()
    t.ok("导演", "/罚下 11号")
    t.ok("导演", "/罚下 12号")
    for seat in (4, 5, 6, 7):
        t.ok("导演", f"/罚下 {seat}号")
    assert not t.game.ended
    result = t.ok("导演", "/罚下 8号")  # 1 2 3 9 10: 2 wolves of 5
    assert_won(t, result, "狼人阵营")


def test_win_village_when_every_wolf_is_out() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/罚下 10号")
    t.ok("导演", "/罚下 11号")
    t.ok("导演", "/放逐 3号")
    result = t.ok(HUNTER, "/开枪 12号")
    assert not t.game.ended
    t.ok("导演", "/入夜")
    result = t.ok(9, "/刀 5号")
    result = t.ok(SEER, "/放弃")
    result = t.ok(WITCH, "/毒 9号")
    assert_won(t, result, "村民阵营")
    assert exits(t)[-2:] == [(5, "杀人"), (9, "毒药")]


def test_win_stops_the_resolution_at_once() -> None:
    # 9 alive with 4 wolves; the kill makes it 8/4: the game ends before the poison resolves.
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 5号")
    t.night(6)
    t.ok("导演", "/放逐 无")
    mark = t.mark()
    t.ok("导演", "/入夜")
    t.ok(9, "/刀 3号")  # the hunter: no shot either
    t.ok(SEER, "/放弃")
    result = t.ok(WITCH, "/毒 10号")
    assert_won(t, result, "狼人阵营")
    assert t.game.seats[10].alive
    assert "出局" not in t.ever(10)
    assert "开枪" not in t.since(mark, HUNTER)
    assert "第3夜结算" not in t.text("导演", result)


def test_win_by_the_hunters_shot_ends_the_game_before_the_badge() -> None:
    t = started(sheriff=HUNTER)
    t.night(4, head=9)
    for wolf in (10, 11, 12):
        t.ok("导演", f"/罚下 {wolf}号")
    t.ok("导演", "/放逐 3号")
    result = t.ok(HUNTER, "/开枪 9号")
    assert_won(t, result, "村民阵营")
    assert "移交" not in t.text(HUNTER, result)


def test_after_the_end_everything_is_refused() -> None:
    t = started()
    for wolf in WOLVES:
        t.ok("导演", f"/罚下 {wolf}号")
    assert t.game.winner == "村民阵营"
    t.refused("导演", "/入夜")
    t.refused(SEER, "/预言 5号")


# ====================================================================== 行动时限, /时限, /推进, /天亮


def test_reminder_goes_only_to_those_who_have_not_acted() -> None:
    t = started()
    t.now = at(20, 0)
    t.ok("导演", "/入夜 20:00")
    t.elect(9)
    t.ok(SEER, "/预言 9号")
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["remind:1:wolves"] < due["step:1:wolves"]
    result = t.wait(due["remind:1:wolves"] - t.now)
    assert "提醒" in t.text(9, result)
    assert "提醒" not in t.text(SEER, result)
    assert all("提醒" not in text for seat in (10, 11, 12, WITCH) for text in t.to(seat, result))


def test_timeouts_pass_and_the_summary_names_them() -> None:
    t = started()
    t.now = at(20, 0)
    t.ok("导演", "/入夜 20:00")
    t.elect(9)
    result = t.wait(30 * 60)  # the head and the seer time out; the witch's step opens with no kill
    assert "无人被指杀" in t.text(WITCH, result)
    assert "截止" in t.text(9, result)
    result = t.wait(30 * 60)
    summary = t.text("导演", result)
    assert "平安夜" in summary
    assert "超时：9号（狼人指杀）、1号（预言）、2号（女巫用药）" in summary
    assert t.game.night is None and t.game.day == 2


def test_deadline_override() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 5号")
    result = t.ok("导演", "/时限 女巫 10分钟")
    assert "女巫用药" in t.text("导演", result)
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:1:witch"] == pytest.approx(t.now + 600)
    t.ok(SEER, "/放弃")
    result = t.wait(600)
    assert "超时：2号（女巫用药）" in t.text("导演", result)
    assert exits(t) == [(5, "杀人")]


def test_deadline_override_for_a_handoff() -> None:
    t = started(sheriff=4)
    t.night(5, head=9)
    t.ok("导演", "/放逐 4号")
    t.ok("导演", "/时限 警长 30秒")
    assert t.game.prompts[0].due == pytest.approx(t.now + 30)
    t.wait(30)
    assert t.game.sheriff != 4 and t.game.sheriff in t.alive()


def test_deadline_bad_input() -> None:
    t = started()
    t.refused("导演", "/时限 女巫 10分钟")  # nothing open
    t.ok("导演", "/入夜")
    t.refused("导演", "/时限 女巫 十分钟")
    t.refused("导演", "/时限 法官 10分钟")
    t.refused("导演", "/时限 女巫")


def test_advance_closes_the_open_steps() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok("导演", "/推进")  # election and seer close: nobody voted → random head
    assert t.head in WOLVES
    assert t.game.night is not None and t.game.night.state["wolves"] == "open"
    t.ok("导演", "/推进")  # the head passed: the witch opens
    assert t.game.night.state["witch"] == "open"
    result = t.ok("导演", "/推进")
    summary = t.text("导演", result)
    assert "导演推进女巫用药：2号未行动，视为放弃" in summary
    assert "平安夜" in summary and "导演推进时未行动：" in summary and "超时" not in summary
    t.refused("导演", "/推进")


def test_dawn_closes_everything_and_resolves() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 5号")
    result = t.ok("导演", "/天亮")
    summary = t.text("导演", result)
    assert "出局：5号" in summary
    assert "导演推进时未行动：2号（女巫用药）、1号（预言）" in summary and "超时" not in summary
    assert t.game.day == 2 and t.game.night is None
    t.refused("导演", "/天亮")


def test_dawn_settles_a_waiting_last_shot() -> None:
    t = started()
    t.night(HUNTER, head=9)
    assert t.game.prompts and t.game.night is not None
    result = t.ok("导演", "/天亮")
    assert not t.game.prompts and t.game.night is None
    assert exits(t) == [(3, "杀人")]
    assert "出局：3号" in t.text("导演", result)


def test_door_close_clock_time() -> None:
    t = started()
    t.now = at(21, 3)
    result = t.ok("导演", "/入夜 21:00")
    assert "21:00" in t.text("导演", result)
    assert t.game.night is not None and t.game.night.door_close == at(21, 0)


# ====================================================================== bad input


def test_bad_input_is_refused_in_chinese_and_changes_nothing() -> None:
    t = started(sheriff=4)
    t.refused(STRANGER, "/预言 5号")
    t.refused(STRANGER, "/开始")
    t.refused(4, "/预言 5号")  # wrong role (and by day)
    t.refused("导演", "/开始")  # already started
    t.refused("导演", "/身份 1号 村民")
    t.refused("导演", "/放逐 5号")  # day 1 elects the sheriff
    t.refused("导演", "/警长 x号")
    assert "没有狼群" in t.refused("导演", "/狼群 30000")  # 狼人互知，但不共群
    t.refused("导演", "/入夜 25:00")
    t.ok("导演", "/入夜")
    t.refused("导演", "/入夜")
    t.refused(4, "/预言 5号")
    t.refused(SEER, "/预言 五号")  # malformed seat
    t.refused(SEER, "/预言 0号")
    t.refused(SEER, "/毒 5号")
    t.refused(9, "/预言 5号")
    t.refused(9, "/刀 5号")
    t.refused(4, "/开枪 5号")
    t.refused(4, "/移交 5号")
    t.refused(4, "/传位 9号")
    t.refused(4, "/飞天 5号")
    t.refused(4, "")
    t.refused("导演", "/放逐 5号")  # at night
    t.elect(9)
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    t.refused(5, "/预言 4号")
    t.refused("导演", "/罚下 5号")  # already out
    t.ok("导演", "/放逐 6号")
    t.refused("导演", "/放逐 7号")  # once a day


def test_a_dead_wolf_cannot_act() -> None:
    t = started()
    t.night(4, head=9)
    t.ok("导演", "/放逐 10号")
    t.ok("导演", "/入夜")
    t.refused(10, "/传话 刀五")
    t.refused(10, "/同意")


def test_group_messages_are_ignored() -> None:
    t = started()
    t.ok("导演", "/入夜")
    result = t.say(9, "/选狼头 9号", group=30000)
    assert not result.changed and not result.messages
    assert t.game.night is not None and not t.game.night.acts["election"]


def test_status_for_the_director_only() -> None:
    t = started(sheriff=4)
    t.night(5, head=9)
    result = t.say("导演", "/状态")
    text = t.text("导演", result)
    assert not result.changed
    assert "狼头" in text and "警长" in text and "出局" in text
    result = t.say(4, "/状态")
    assert not result.changed and "狼人" not in t.text(4, result).replace("狼人阵营", "")


# ====================================================================== replay


def test_replay_rebuilds_identical_state() -> None:
    t = started(sheriff=HUNTER)
    t.night(4, head=9, save=4, check=10)
    assert not t.say(11, "/身份").changed  # not stored: changes nothing
    t.ok("导演", "/放逐 9号")
    t.ok(9, "/传位 12号")
    t.ok("导演", "/入夜")
    t.ok(10, "/传话 刀三")
    t.ok(12, "/刀 3号")
    t.ok(SEER, "/预言 11号")
    t.ok(WITCH, "/放弃")
    assert t.game.prompts  # the hunter-sheriff is deciding, deadlines pending

    copy = Game.replay(1, "竞技12", t.seed, TZ, t.accepted)
    assert copy.timers() == t.game.timers()
    assert repr(copy.seats) == repr(t.game.seats)
    assert snapshot(copy) == snapshot(t.game)
    follow = Event("say", at=t.now + 5, qq=qq(HUNTER), text="/开枪 11号")
    assert copy.handle(follow) == t.game.handle(follow)
    status = Event("say", at=t.now + 6, qq=DIRECTOR, text="/状态")
    assert copy.handle(status) == t.game.handle(status)
    timeout = Event("timer", at=t.now + 3600, key=copy.timers()[0].key)
    assert copy.handle(timeout) == t.game.handle(timeout)
    assert snapshot(copy) == snapshot(t.game)


def test_replay_with_random_choices() -> None:
    t = Table(7).start(sheriff=4)
    t.ok("导演", "/入夜")
    t.wait(20 * 60)  # random head
    t.ok(t.head, "/刀 4号")  # type: ignore[arg-type]
    t.ok("导演", "/天亮")
    t.wait(600)  # random badge
    copy = Game.replay(1, "竞技12", 7, TZ, t.accepted)
    assert snapshot(copy) == snapshot(t.game)
    assert wolf_head.head(copy) == t.head and copy.sheriff == t.game.sheriff


# ====================================================================== not implemented


# ====================================================================== 马甲杀 (翻牌附加规则)


def test_mask_guess_right_makes_the_role_public_once() -> None:
    """警长竞选日中，每名角色可猜测一名其他角色的具体演员，如果猜对则公示其具体身份，仅可使用一次。"""
    t = Table()
    t.ok("导演", "/开局 竞技12")
    for seat in range(1, 13):
        t.ok("导演", f"/座位 {seat}号 {qq(seat)} 演员{seat}")
    for seat, role in ROLES.items():
        t.ok("导演", f"/身份 {seat}号 {role}")
    t.ok("导演", "/开始")
    result = t.ok(1, "/马甲杀 9号 演员9")
    assert "狼人" in t.text("导演", result) and "9号" in t.text("导演", result)
    assert "猜中" in t.text(9, result)
    t.refused(1, "/马甲杀 10号 演员10")  # once a game
    result = t.ok(2, "/马甲杀 10号 演员11")
    assert "猜错" in t.text(2, result)
    assert "狼人" not in t.text("导演", result)
    t.refused(3, "/马甲杀 3号 演员3")  # not himself


def test_mask_guess_only_on_the_sheriff_day() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.refused(1, "/马甲杀 9号 10009")
    t.elect(9)
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    t.ok(WITCH, "/放弃")
    t.refused(1, "/马甲杀 9号 10009")


def test_deadline_override_for_the_election_alone() -> None:
    t = started()
    t.now = at(20, 0)
    t.ok("导演", "/入夜 20:00")
    t.ok("导演", "/时限 争权 30秒")
    t.ok(9, "/选狼头 9号")
    t.wait(30)
    assert t.head == 9
    due = {timer.key: timer.due for timer in t.game.timers()}
    assert due["step:1:wolves"] == at(20, 30)  # the head's kill keeps its own deadline


def test_no_reminder_once_the_deadline_has_passed() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.ok("导演", "/时限 预言家 0秒")
    result = t.wait(1)
    assert "提醒" not in t.text(SEER, result) and "截止" in t.text(SEER, result)
    # a restart after a long outage fires the reminder and the deadline together, late
    t = started()
    t.ok("导演", "/入夜")
    t.now += 3 * 3600
    for timer in sorted(t.game.timers(), key=lambda timer: (timer.due, timer.key)):
        if timer.key.endswith(":seer"):
            result = t.feed(Event("timer", at=t.now, key=timer.key))
            assert "提醒" not in t.text(SEER, result)
    assert t.game.night is not None and t.game.night.state["seer"] == "closed"


def test_no_handoff_reminder_once_its_deadline_has_passed() -> None:
    t = started(sheriff=4)
    t.night(5, head=9)
    t.ok("导演", "/放逐 4号")
    t.ok("导演", "/时限 警长 0秒")
    t.now += 1
    for key in sorted(timer.key for timer in t.game.timers()):  # "premind:…" before "prompt:…"
        result = t.feed(Event("timer", at=t.now, key=key))
        assert "提醒" not in t.text(4, result)
    assert t.game.sheriff not in (None, 4)


def test_the_dawn_summary_names_a_last_shot_that_timed_out() -> None:
    t = started()
    t.night(HUNTER, head=9)
    assert t.game.prompts
    result = t.wait(10 * 60)
    summary = next(text for text in t.to("导演", result) if "第1夜结算" in text)
    assert "出局：3号" in summary and "超时：3号（开枪）" in summary


def test_dawn_settles_a_hunter_sheriffs_shot_and_badge_in_one_go() -> None:
    t = started(sheriff=HUNTER)
    t.night(HUNTER, head=9)
    assert [p.kind for p in t.game.prompts] == ["last_shot"]
    result = t.ok("导演", "/天亮")
    assert t.game.night is None and not t.game.prompts
    assert t.game.sheriff not in (None, HUNTER)
    assert "出局：3号" in t.text("导演", result)


def test_witch_passing_one_potion_keeps_the_other() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 5号")
    t.ok(SEER, "/放弃")
    result = t.ok(WITCH, "/放弃 救药")
    assert "毒药仍可使用" in t.text(WITCH, result)
    assert t.game.night is not None and t.game.night.state["witch"] == "open"
    assert "放弃了救药" in t.refused(WITCH, "/救 5号")
    assert "放弃了救药" in t.refused(WITCH, "/放弃 救药")
    t.ok(WITCH, "/毒 10号")
    assert t.game.night is None  # every step closed: the night resolved
    assert exits(t) == [(5, "杀人"), (10, "毒药")]


def test_witch_passing_both_potions_one_by_one_closes_her_step() -> None:
    t = started()
    t.ok("导演", "/入夜")
    t.elect(9)
    t.ok(9, "/刀 5号")
    t.ok(WITCH, "/放弃 毒")
    t.ok(WITCH, "/放弃 救")
    assert t.game.night is not None and t.game.night.state["witch"] == "closed"
    assert t.game.seats[WITCH].data == {"Potions": witch.Potions(save=True, poison=True)}
