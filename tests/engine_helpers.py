"""Driving the pure engine from tests: a table of seats, a settable clock, and what was said to whom.

Seat N is QQ 10000+N, the director QQ 20000 (a co-director 20001), the wolf group 30000, the
lovers' group 30001 — the same numbers the transcripts use.
"""

from __future__ import annotations

from collections.abc import Iterable

from bansha_engine import Event, Game, Outgoing

DIRECTOR = 20000
CO_DIRECTOR = 20001
WOLF_GROUP = 30000
LOVER_GROUP = 30001
START = 1_767_268_800.0  # 2026-01-01 20:00 in Asia/Shanghai
TIMEZONE = "Asia/Shanghai"

# The seating most tests use: the roster of rules/000, one role a seat.
BAIBIAN_SEATS: dict[int, str] = {
    1: "预言家", 2: "女巫", 3: "医生", 4: "长老", 5: "猎人", 6: "情痴", 7: "仆人", 8: "丘比特",
    9: "混血儿", **{n: "村民" for n in range(10, 17)}, 17: "狼王", 18: "幼狼", 19: "狼人",
    20: "狼人", 21: "狼人",
}  # fmt: skip
WOLF_SEATS = (17, 18, 19, 20, 21)


def qq(seat: int) -> int:
    return 10000 + seat


class Table:
    """One game and everything it sent; `last` holds the messages of the latest action."""

    def __init__(self, board: str = "百变小樱", *, seed: int = 0, board_text: str | None = None) -> None:
        self.game = Game(1, board, seed, TIMEZONE, board_text)
        self.events: list[Event] = []  # every event the game took, for a replay
        self.now = START
        self.sent: list[Outgoing] = []
        self.last: list[Outgoing] = []
        self.changed = False

    # ------------------------------------------------------------ speaking

    def _feed(self, event: Event) -> list[Outgoing]:
        result = self.game.handle(event)
        self.changed = result.changed
        if result.changed:
            self.events.append(event)
        self.last = list(result.messages)
        self.sent += self.last
        return self.last

    def say(self, who: int | str, text: str, *, group: int | None = None) -> list[Outgoing]:
        """`who`: a seat number, "导演", "副导演", or a raw QQ as "qq:N"."""
        sender = {"导演": DIRECTOR, "副导演": CO_DIRECTOR}.get(str(who))
        if sender is None:
            sender = int(str(who)[3:]) if str(who).startswith("qq:") else qq(int(who))
        self.now += 1
        return self._feed(Event("say", at=self.now, qq=sender, text=text, group=group))

    def director(self, text: str) -> list[Outgoing]:
        return self.say("导演", text)

    def wolf(self, seat: int, text: str) -> list[Outgoing]:
        """`seat` says `text` in the wolf group."""
        return self.say(seat, text, group=WOLF_GROUP)

    def wait(self, seconds: float) -> list[Outgoing]:
        """Let `seconds` pass, firing every timer that falls due, in time order."""
        until = self.now + seconds
        collected: list[Outgoing] = []
        fired: set[tuple[str, float]] = set()
        while True:
            due = sorted(
                (t for t in self.game.timers() if t.due <= until and (t.key, t.due) not in fired),
                key=lambda t: (t.due, t.key),
            )
            if not due:
                break
            timer = due[0]
            fired.add((timer.key, timer.due))
            self.now = max(self.now, timer.due)
            collected += self._feed(Event("timer", at=self.now, key=timer.key))
        self.now = until
        self.last = collected
        return collected

    # ------------------------------------------------------------ reading what was sent

    @staticmethod
    def _texts(messages: Iterable[Outgoing], kind: str, target: int) -> list[str]:
        return [m.text for m in messages if m.kind == kind and m.target == target]

    def to_seat(self, seat: int, *, ever: bool = False) -> list[str]:
        return self._texts(self.sent if ever else self.last, "private", qq(seat))

    def to_director(self, *, ever: bool = False, co: bool = False) -> list[str]:
        return self._texts(self.sent if ever else self.last, "private", CO_DIRECTOR if co else DIRECTOR)

    def to_group(self, *, ever: bool = False, group: int = WOLF_GROUP) -> list[str]:
        return self._texts(self.sent if ever else self.last, "group", group)

    def seat_got(self, seat: int, word: str, *, ever: bool = False) -> bool:
        return any(word in text for text in self.to_seat(seat, ever=ever))

    def director_got(self, word: str, *, ever: bool = False) -> bool:
        return any(word in text for text in self.to_director(ever=ever))

    def group_got(self, word: str, *, ever: bool = False) -> bool:
        return any(word in text for text in self.to_group(ever=ever))

    def reply(self) -> str:
        """Everything said in the latest action, one message a line (for assertion messages)."""
        return "\n".join(f"{m.kind}:{m.target}: {m.text}" for m in self.last)

    # ------------------------------------------------------------ the game's state

    def alive(self, seat: int) -> bool:
        return self.game.seats[seat].alive

    def exits(self) -> list[tuple[int, str]]:
        return [(e.seat, e.cause) for e in self.game.exits]

    def role(self, seat: int) -> str | None:
        return self.game.seats[seat].role

    def camp(self, seat: int) -> str:
        return self.game.seats[seat].camp

    # ------------------------------------------------------------ common sequences

    def night(self, door_close: str | None = None) -> list[Outgoing]:
        return self.director("/入夜" + (f" {door_close}" if door_close else ""))

    def dawn(self) -> list[Outgoing]:
        """Close every open step (whoever has not acted has passed) and resolve the night."""
        return self.director("/天亮")

    def pass_night(self) -> list[Outgoing]:
        """A night where nobody does anything."""
        self.night()
        return self.dawn()

    def exile(self, seat: int | None) -> list[Outgoing]:
        return self.director(f"/放逐 {seat}号" if seat else "/放逐 无")


def table(
    seats: dict[int, str] | None = None,
    *,
    lovers: tuple[int, int] | None = (13, 14),
    kin: int | None = 10,
    master: int | None = 11,
    co_director: bool = False,
    lover_group: bool = False,
    seed: int = 0,
) -> Table:
    """A 百变小樱 game, set up and started, with the start-of-game choices made.

    `lovers`, `kin` (混血儿 认亲) and `master` (仆人 认主) are made by whoever holds 丘比特, 混血儿
    and 仆人; None leaves that choice open (a lover 混血儿/仆人 makes none anyway).
    """
    roles = dict(BAIBIAN_SEATS if seats is None else seats)
    t = Table(seed=seed)
    t.director("/开局 百变小樱")
    if co_director:
        t.director(f"/导演 {CO_DIRECTOR}")
    for seat, role in sorted(roles.items()):
        t.director(f"/座位 {seat}号 {qq(seat)}")
        t.director(f"/身份 {seat}号 {role}")
    t.director(f"/狼群 {WOLF_GROUP}")
    if lover_group:
        t.director(f"/情侣群 {LOVER_GROUP}")
    t.director("/开始")
    assert t.game.phase == "opening", t.reply()

    def holder(role: str) -> int:
        return next(n for n, r in roles.items() if r == role)

    if lovers is not None:
        t.say(holder("丘比特"), f"/连 {lovers[0]}号 {lovers[1]}号")
        assert t.changed, t.reply()
    for role, word, target in (("混血儿", "认亲", kin), ("仆人", "认主", master)):
        seat = holder(role)
        if target is not None and lovers is not None and seat not in lovers:
            t.say(seat, f"/{word} {target}号")
            assert t.changed, t.reply()
    return t
