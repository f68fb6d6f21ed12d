"""`/投票` on games opened since 0.5.0: vote posts pasted from the forum, the director's `A号 B号`
transcriptions and `代投`, each taken by the posts' vote rules and answered one by one.

- 「改票只允许进行一次」: a voter's second ballot is the 改票, a third is refused.
- 「关门前一小时不允许改票或代投」 (竞技12, 须弥) / 「白天结束前一个小时不得改票，时间以论坛发帖时间为准」
  (百变小樱): a change is judged by its post's time, a 代投 by the moment it is entered; a
  transcription (`A号 B号`) has no time and no lock.
- 「执行加速时不允许改票」 / 「进程加速后不允许改票」: no change while 加速 is in force.
- 「投票格式或投票对象有误的票无效」 / 「投票格式有误的投票将算作废票」: a post in the wrong format, or
  for a seat that is out, is a 废票; it records nothing (「无效票须通过重新发帖来更正」).
- 「投票截止时间是当天白天结束」: a post timed at or after the day's 关门 is not counted.

Each reply line starts with the seat and one of 已录入 / 改票 / 废票 / 未录入, and why.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bansha_engine import vote
from bansha_engine.api import Rejected
from bansha_engine.day import book as books
from bansha_engine.day import posts
from bansha_engine.day.times import Span, read_time
from bansha_engine.parse import MAX_NAME, clean, quote
from bansha_engine.vote import Ballot

if TYPE_CHECKING:
    from bansha_engine.game import Game

MAX_MESSAGE = 30_000  # characters of one /投票: a whole day's thread of a 30-seat game
MUTE = "寡言"  # 须弥: 「若投票，不能写投票理由」
HASTE_WORDS = "执行加速时不允许改票"
ONCE_WORDS = "只能改票一次（「改票只允许进行一次」）"


@dataclass
class Verdict:
    """What one entry did: its line of the reply, and whether it changed anything."""

    line: str
    recorded: Ballot | None = None
    shown: bool = True  # a transcription recorded as typed needs no line of its own (the head lists it)
    void: tuple[int, str] | None = None  # (seat, why): a 废票 to keep
    key: tuple[object, ...] | None = None  # a post read now (not to be taken twice)


def cmd_ballot(game: Game, text: str) -> bool:
    """Take the /投票 message `text` (the command's own line included)."""
    body = text.replace("\r\n", "\n").replace("\r", "\n")
    seat_of = posts.names({n: s.nick for n, s in game.seats.items()}, game.board.size)
    reading = posts.read(body, seat_of)
    if not reading.entries:
        raise Rejected(
            "用法：/投票 之后换行，贴上投票帖（作者一行，然后「投票对象：X」「投票理由：…」），"
            "或一行一票写「A号 B号」「代投 A号 B号」（A投给B；弃权写 A号 弃权）。"
        )
    if len(reading.entries) > posts.MAX_ENTRIES:
        raise Rejected(f"一次最多{posts.MAX_ENTRIES}帖（这次有{len(reading.entries)}帖），请分几次发送。")
    taker = _Taker(game, seat_of)
    verdicts = [taker.take(entry) for entry in reading.entries]
    return _finish(game, reading.entries, verdicts, reading.ignored, taker.entries)


def _finish(
    game: Game, entries: list[posts.Entry], verdicts: list[Verdict], ignored: int, numbered: int
) -> bool:
    recorded = [v.recorded for v in verdicts if v.recorded is not None]
    voids = [v.void for v in verdicts if v.void is not None]
    keys = tuple(v.key for v in verdicts if v.key is not None)
    lines = [v.line for v in verdicts if v.shown]
    if ignored:
        lines.append(f"另有{ignored}行不属于任何一帖（标题、楼层信息等），已略过。")
    if not recorded and not voids:
        raise Rejected("没有录入任何选票：\n" + "\n".join(lines))
    typed = all(isinstance(entry, posts.Transcribed) for entry in entries)
    if typed and len(recorded) < len(verdicts):  # the director's own list: nothing half-entered
        raise Rejected("没有录入任何选票（一行有误，整条都没有录入，改好后重新发送）：\n" + "\n".join(lines))
    day_book = books.book(game)
    day_book.entries = numbered
    if any(
        isinstance(entry, posts.Post) or (isinstance(entry, posts.Transcribed) and entry.proxy)
        for entry in entries
    ):
        day_book.forum.add(game.day)  # a day run from the forum thread: /放逐 asks about non-voters
    game.ballots[game.day] = [*vote.day_ballots(game), *recorded]
    day_book.void.setdefault(game.day, []).extend(voids)
    day_book.seen.update(keys)
    listing = "；".join(b.text() for b in recorded)
    head = f"已录入{len(recorded)}票：{listing}" if recorded else "这次没有新的有效选票。"
    game.reply("\n".join([head, *lines]))
    what = f"/投票录入的{len(recorded)}票" + (f"和{len(voids)}张废票" if voids else "")
    books.remember(
        game,
        books.Record("ballots", what, ballots=tuple(b.entry for b in recorded), void=len(voids), seen=keys),
    )
    return True


class _Taker:
    """Takes the entries of one message in order; each sees the ballots the ones before it made."""

    def __init__(self, game: Game, seat_of: posts.Resolver) -> None:
        self.game = game
        self.seat_of = seat_of
        self.by_seat: dict[int, list[Ballot]] = {}  # each voter's ballots today, in order
        for ballot in vote.day_ballots(game):
            self.by_seat.setdefault(ballot.voter, []).append(ballot)
        self.close = books.close_of(game)
        self.seen = set(books.peek(game).seen)
        self.rules = books.rules(game).schedule
        self.entries = books.peek(game).entries  # the last entry number (stored only if taken)

    # --- what the bot knows ------------------------------------------------------------------
    def standing(self, seat: int) -> list[Ballot]:
        return list(self.by_seat.get(seat, ()))

    def record(self, ballot: Ballot) -> Ballot:
        self.entries += 1
        entry = replace(ballot, entry=self.entries)
        self.by_seat.setdefault(entry.voter, []).append(entry)
        return entry

    def take(self, entry: posts.Entry) -> Verdict:
        if isinstance(entry, posts.Transcribed):
            return self.transcribed(entry)
        return self.post(entry)

    # --- A号 B号, 代投 A号 B号 ----------------------------------------------------------------
    def transcribed(self, line: posts.Transcribed) -> Verdict:
        voter = self.seat_of(line.voter, False)
        assert voter is not None  # the reader took the line for a ballot because it names a seat
        where = f"第{line.line}行「{quote(line.text)}」"
        target = None if line.target in posts.ABSTAIN_WORDS else self.seat_of(line.target, False)
        why = self.cannot_vote(voter) or (self.target_out(target) if target is not None else None)
        if why is not None:
            return Verdict(f"{voter}号：未录入，{why}（{where}）。")
        standing = self.standing(voter)
        change = bool(standing)
        if len(standing) >= 2:
            return Verdict(f"{voter}号：未录入，已经改过票了，{ONCE_WORDS}（{where}）。")
        if change and books.hasted(self.game):
            return Verdict(f"{voter}号：未录入，{HASTE_WORDS}（{where}）。")
        if line.proxy:
            late = self.proxy_late(change)
            if late is not None:
                return Verdict(f"{voter}号：代投未录入，{late}（{where}）。")
        ballot = self.record(Ballot(voter, target, change=change, proxy=line.proxy))
        return Verdict(_said(ballot, standing), recorded=ballot, shown=False)

    def proxy_late(self, change: bool) -> str | None:
        """「关门前一小时不允许改票或代投」: a 代投 is timed when it is entered (a 代投 that changes the
        vote is a change too: 「白天结束前一个小时不得改票」)."""
        if self.close is None:
            return None
        now, clock = self.game.now, self.game.clock(self.close)
        if now >= self.close:
            return f"已经过了关门时间（{clock}）"
        for lock, what in (
            (self.rules.proxy_lock, "代投"),
            (self.rules.change_lock if change else 0.0, "改票"),
        ):
            if lock and now >= self.close - lock:
                return f"关门前{_span(lock)}不允许{what}（关门{clock}）"
        return None

    # --- a vote post ---------------------------------------------------------------------------
    def post(self, post: posts.Post) -> Verdict:
        name = (
            f"{post.author}号" if post.author is not None else f"「{quote(post.author_text or '作者不明')}」"
        )
        if post.author is None:
            return Verdict(
                f"第{post.line}行{name}：不是本局的座位号或昵称，这一帖未录入（可先用 /座位 绑定昵称）。"
            )
        seat = post.author
        key = (self.game.day, seat, post.kind, post.target_text, post.reason, post.time, tuple(post.body))
        if key in self.seen:
            return Verdict(f"{name}：这一帖已经读过，跳过。")
        self.seen.add(key)
        why = self.cannot_vote(seat)
        if why is not None:
            return Verdict(f"{name}：未录入，{why}。", key=key)
        problem = self.format_problem(post, seat)
        if problem is not None:
            return Verdict(f"{name}：废票，{problem}。", void=(seat, problem), key=key)
        target = self.target_of(post)
        if isinstance(target, str):
            return Verdict(f"{name}：废票，{target}。", void=(seat, target), key=key)
        span = self.span(post)
        if isinstance(span, str):
            return Verdict(f"{name}：未录入，{span}。", key=key)
        if span is not None and self.close is not None and span.earliest >= self.close:
            when = f"发帖时间{self.game.clock(span.earliest)}，关门{self.game.clock(self.close)}"
            return Verdict(f"{name}：未录入，关门后的帖子不计票（{when}）。", key=key)
        earlier = self.earlier_round(span)
        if earlier is not None:
            return Verdict(f"{name}：未录入，{earlier}。", key=key)
        return self.vote(post, seat, target, span, key)

    def earlier_round(self, span: Span | None) -> str | None:
        """A post timed before today's current round began (a 再投一轮 second round, a round voided by
        定序) belongs to an earlier round."""
        done = vote.rounds(self.game)
        if span is None or not done:
            return None
        start = done[-1].started
        when = f"发帖时间{self.game.clock(span.earliest)}，本轮{self.game.clock(start)}开始"
        if span.latest < start:
            return f"这是上一轮的帖子（{when}），本轮要重新投票"
        if span.earliest < start:
            return f"发帖时间不够精确，无法判断是不是本轮的帖子（{when}），请写出确切时间后重新贴这一帖"
        return None

    def vote(
        self, post: posts.Post, seat: int, target: int | None, span: Span | None, key: tuple[object, ...]
    ) -> Verdict:
        standing = self.standing(seat)
        latest = standing[-1] if standing else None
        if post.kind == posts.VOTE and latest is not None:
            if latest.target == target:
                return Verdict(f"{name_of(seat)}：与已录入的票相同（{_aim(target)}），跳过。", key=key)
            why = "已经投过票，改票须用改票格式（改票对象/改票理由）"
            return Verdict(f"{name_of(seat)}：废票，{why}。", void=(seat, why), key=key)
        if latest is not None:
            refused = self.change_refused(standing, span)
            if refused is not None:
                return Verdict(
                    f"{name_of(seat)}：改票不成立，{refused}；仍按原票{_aim(latest.target)}。", key=key
                )
        at = span.earliest if span is not None else None
        ballot = self.record(
            Ballot(seat, target, change=latest is not None, at=at, reason=(post.reason or "")[:100])
        )
        note = "（没有原投票，按投票录入）" if post.kind == posts.CHANGE and latest is None else ""
        return Verdict(_said(ballot, standing) + note, recorded=ballot, key=key)

    def change_refused(self, standing: list[Ballot], span: Span | None) -> str | None:
        if len(standing) >= 2:
            return f"已经改过票了，{ONCE_WORDS}"
        if books.hasted(self.game):
            return HASTE_WORDS
        lock = self.rules.change_lock
        if span is None or self.close is None or not lock:
            return None
        start = self.close - lock
        when = f"发帖时间{self.game.clock(span.earliest)}，关门{self.game.clock(self.close)}"
        if span.earliest >= start:
            return f"关门前{_span(lock)}不允许改票（{when}）"
        if span.latest >= start:
            return f"发帖时间不够精确，无法判断是否在关门前{_span(lock)}内，请写出确切时间后重新贴这一帖"
        return None

    # --- checks --------------------------------------------------------------------------------
    def cannot_vote(self, seat: int) -> str | None:
        if not self.game.seats[seat].alive:
            return f"{seat}号已出局，不能投票"
        if not self.game.board.votes(self.game, seat):
            return f"{seat}号已失去投票权，不能投票"
        if seat in vote.candidates(self.game):
            return f"{seat}号是平票进入PK的人，第二轮不投票"
        return None

    def target_out(self, target: int) -> str | None:
        if not self.game.seats[target].alive:
            return f"{target}号已出局，不能被投票"
        return not_a_candidate(self.game, target) or (
            None if vote.votable(self.game, target) else vote.why_not_votable(self.game, target)
        )

    def format_problem(self, post: posts.Post, seat: int) -> str | None:
        problem = post.problem()
        if problem is not None:
            return problem
        if post.reason is None and not _mute(self.game, seat):
            return f"没有「{post.kind}理由：」这一行"
        return None

    def target_of(self, post: posts.Post) -> int | None | str:
        """The object's seat, None for 弃权, or why it is not one (「投票对象有误」)."""
        written = clean(post.target_text)
        if written in posts.ABSTAIN_WORDS:
            return None
        seat = self.seat_of(posts.fold(written), False)
        if seat is None:
            return f"投票对象有误：「{quote(written[:MAX_NAME])}」不是座位号或本局的昵称"
        if not self.game.seats[seat].alive:
            return f"投票对象有误：{seat}号已出局"
        other = not_a_candidate(self.game, seat)
        if other is None and not vote.votable(self.game, seat):  # a flipped 白痴 under 翻牌后被投票: 不可以
            other = vote.why_not_votable(self.game, seat)
        return f"投票对象有误：{other}" if other is not None else seat

    def span(self, post: posts.Post) -> Span | None | str:
        if post.time is None:
            return None
        span = read_time(post.time, self.game.now, self.close, self.game.timezone)
        return span if span is not None else f"看不懂发帖时间「{quote(post.time)}」"


def not_a_candidate(game: Game, target: int) -> str | None:
    """Why a ballot may not name `target` in a 再投一轮 second round (only the tied seats), or None."""
    only = vote.candidates(game)
    if not only or target in only:
        return None
    return f"第二轮只能投平票的{'、'.join(f'{s}号' for s in only)}"


def name_of(seat: int) -> str:
    return f"{seat}号"


def _aim(target: int | None) -> str:
    return "弃权" if target is None else f"投{target}号"


def _said(ballot: Ballot, standing: list[Ballot]) -> str:
    proxy = "（代投）" if ballot.proxy else ""
    if ballot.change:
        return f"{ballot.voter}号：改票{proxy}，改为{_aim(ballot.target)}（原{_aim(standing[-1].target)}）"
    return f"{ballot.voter}号：已录入{proxy}，{_aim(ballot.target)}"


def _span(seconds: float) -> str:
    if seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return "一小时" if hours == 1 else f"{hours}小时"
    return f"{seconds / 60:g}分钟"


def _mute(game: Game, seat: int) -> bool:
    return any(status.name == MUTE for status in game.seats[seat].statuses)


# ---------------------------------------------------------------- non-voters, /票型, /放逐


def non_voters(game: Game, day: int | None = None, living: tuple[int, ...] | None = None) -> list[int]:
    """The living seats (or `living`) that may vote and have no ballot that day (in its current
    round: a 再投一轮 second round's tied seats do not vote)."""
    day = game.day if day is None else day
    voted = {b.voter for b in vote.day_ballots(game, day)}
    seats = living if living is not None else tuple(game.alive())
    return [n for n in seats if n not in voted and vote.may_vote(game, n, day)]


def mark_shown(game: Game) -> bool:
    """The directors have seen today's non-voters (/票型): a /放逐 now settles without asking.
    True when that is news (the game changed)."""
    if (
        not books.active(game)
        or game.day not in books.peek(game).forum
        or game.phase not in ("day", "opening")
    ):
        return False
    missing = tuple(non_voters(game))
    if books.peek(game).shown.get(game.day) == missing:
        return False
    books.book(game).shown[game.day] = missing
    return True


def asks_to_confirm(game: Game) -> bool:
    """`/放逐` with seats that have not voted, on a day run from the forum thread, asks once (the
    directors may not have pasted every post): True when it asked (the game changed: a second
    /放逐 settles)."""
    if not books.active(game) or game.day not in books.peek(game).forum:
        return False
    missing = non_voters(game)
    if not missing or not mark_shown(game):
        return False
    game.reply(
        f"{vote.report(game)}\n还有{len(missing)}人未投票，尚未结算。"
        "如果投票帖都已贴完，再发一次 /放逐 按现有选票结算；还有帖子就先 /投票 贴上。"
    )
    return True


def undo(game: Game, record: books.Record) -> list[str]:
    """/撤销 of a /投票: its ballots and 废票 go, and its posts may be pasted again."""
    entries = set(record.ballots)
    removed = [b for b in vote.day_ballots(game) if b.entry in entries]
    game.ballots[game.day] = [b for b in vote.day_ballots(game) if b.entry not in entries]
    day_book = books.book(game)
    voids = day_book.void.get(game.day, [])
    if record.void:
        del voids[len(voids) - record.void :]
    day_book.seen.difference_update(record.seen)
    day_book.shown.pop(game.day, None)
    return [b.text() for b in removed] + ([f"废票{record.void}张"] if record.void else [])


def report_lines(game: Game, day: int) -> list[str]:
    """The 票型's last lines: who has not voted (at the day's close, for a day gone by), the 废票,
    and the changes 加速 voided."""
    day_book = books.peek(game)
    if day in day_book.closed:
        missing: list[int] | None = list(day_book.closed[day])
    elif day == game.day and game.phase in ("day", "opening") and day not in game.day_ended_by:
        missing = non_voters(game, day)
    else:
        missing = None  # a day before 0.5.0's records: not known
    lines = []
    if missing is not None:
        lines.append("未投票：" + ("、".join(f"{n}号" for n in missing) or "无"))
    voids = day_book.void.get(day)
    if voids:
        lines.append("废票：" + "；".join(f"{seat}号（{why}）" for seat, why in voids))
    voided = day_book.voided_changes.get(day)
    if voided:
        lines.append("加速后作废的改票：" + "、".join(voided))
    return lines


def new_round(game: Game) -> None:
    """Today's vote goes on in a new round (vote.next_round): its non-voters are asked about again at
    /放逐, and the /投票 records of the round over are no longer taken back by /撤销."""
    if not books.active(game):
        return
    day_book = books.book(game)
    day_book.shown.pop(game.day, None)
    day_book.records[:] = [record for record in day_book.records if record.kind != "ballots"]
