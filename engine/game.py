"""A game: its state, rebuilt deterministically from its log, and the commands it takes."""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable
from typing import Literal

from bansha_engine import day as forum_day
from bansha_engine import deck, exile, self_destruct, vote
from bansha_engine import night as nights
from bansha_engine.api import Event, Outgoing, Rejected, ReplayMismatch, Result, Timer
from bansha_engine.boards import BOARDS, board_from_text
from bansha_engine.damage import Damage
from bansha_engine.day import ballots as day_ballots
from bansha_engine.help import deadline_roles
from bansha_engine.help import help_for as help_text
from bansha_engine.library import board_roles, canonical
from bansha_engine.mechanisms import sheriff, wolf_head
from bansha_engine.model import (
    EXIT_PHRASES,
    KILL,
    KILLERS,
    LAST_WORDS_FIRST_NIGHT_AND_DAY,
    LAST_WORDS_NOTICE,
    NO_LAST_WORDS,
    OTHER_POISONERS,
    POISON,
    RED_CARD,
    VOTE,
    Board,
    Exit,
    Night,
    Prompt,
    Seat,
    Skill,
)
from bansha_engine.parse import (
    GROUP_DIGITS,
    clean,
    clock_of,
    did_you_mean,
    format_clock,
    format_duration,
    no_arguments,
    normalize,
    parse_clock,
    parse_duration,
    parse_name,
    parse_number,
    parse_qq,
    parse_seat,
    quote,
    split_command,
    unreadable,
)
from bansha_engine.redirect import aimed
from bansha_engine.version import VERSION
from bansha_engine.vote import Ballot

BOARD_NAMES: tuple[str, ...] = tuple(BOARDS)
REMIND_LEAD_MAX = 600.0  # remind at most ten minutes before a deadline
MAX_LAST_WORDS = 500  # characters: five last words still fit the dawn's 公示 in one QQ message

Thunk = Callable[[], None]


class Game:
    def __init__(
        self,
        game_id: int,
        board: str,
        seed: int,
        timezone: str,
        board_text: str | None = None,
        opened_by: str | None = VERSION,
    ) -> None:
        """A game of the built-in board `board`, or, with `board_text`, of the board that file
        describes (a director's saved board; BoardError when the text no longer checks).
        `opened_by`: the version that opened it (version.opened_since tells which rules it plays by)."""
        if board_text is None and board not in BOARDS:
            raise KeyError(board)
        self.game_id = game_id
        self.board_name = board
        self.board_text = board_text
        self.opened_by = opened_by
        self.board: Board = BOARDS[board] if board_text is None else board_from_text(board_text)
        self.seed = seed
        self.timezone = timezone
        self.directors: list[int] = []
        self.seats: dict[int, Seat] = {n: Seat(n) for n in range(1, self.board.size + 1)}
        self.phase = "setup"  # setup | opening | day | night | ended
        self.part = ""  # boards with day parts and night slots (须弥): see engine.timeline
        self.day = 0
        self.night_no = 0
        self.night: Night | None = None
        self.last_night: Night | None = None
        self.past_nights: list[Night] = []  # every night that reached its dawn, for the record
        self.sheriff: int | None = None
        self.groups_bound: dict[str, int] = {}  # "wolves" / "lovers" -> QQ group
        self.exits: list[Exit] = []
        self.last_words_offered: list[int] = []
        self.last_words: dict[int, str] = {}
        self.last_words_until: dict[int, int] = {}  # seat -> the night whose start closes its last words
        self.voted_day = 0  # the last day whose vote is settled (or that a day skill ended)
        self.day_ended_by: dict[int, str] = {}  # game day -> what ended it before its vote (自爆, 决斗)
        self.ballots: dict[int, list[Ballot]] = {}  # game day -> ballots as the director entered them
        self.queue: deque[Thunk] = deque()
        self.prompts: list[Prompt] = []
        self.prompt_serial = 0
        self.decided: dict[tuple[int, str], bool] = {}  # (seat, prompt kind) -> answered (True) or passed
        self.flags: dict[str, object] = {}  # board-wide state: wolf head, lost camps, used once-a-game skills
        self.winner: str | None = None
        self.ended = False
        self.accepted = 0
        # Rebuilding from the log (`replay`): nothing is sent, so no message is made, no prompt written.
        self.replaying = False
        self.now = 0.0
        self._rng: random.Random | None = random.Random(0)
        self._rng_event = 0  # the accepted count this event's generator is seeded with
        self.out: list[Outgoing] = []
        self.speaker: Event | None = None
        self.words = command_words(self.board)

    # ------------------------------------------------------------------ the boundary

    @classmethod
    def replay(
        cls,
        game_id: int,
        board: str,
        seed: int,
        timezone: str,
        events: list[Event],
        board_text: str | None = None,
        opened_by: str | None = VERSION,
    ) -> Game:
        """Rebuild a game from its log.  Every logged event was taken when it happened; one the game
        refuses now would make the rebuilt state differ from the stored game's, so it is an error."""
        game = cls(game_id, board, seed, timezone, board_text, opened_by)
        game.replaying = True
        try:
            for index, event in enumerate(events):
                if not game.handle(event).changed:
                    raise ReplayMismatch(index, event)
        finally:
            game.replaying = False
        return game

    def handle(self, event: Event) -> Result:
        self.out = []
        self.now = event.at
        self.speaker = event
        self._rng, self._rng_event = None, self.accepted  # seeded when the event first draws
        was = forum_day.moment(self)
        try:
            changed = self._timer(event.key) if event.kind == "timer" else self._say(event)
        except Rejected as refusal:
            self.reply(str(refusal))
            changed = False
        if changed:
            self.accepted += 1
            forum_day.after_event(self, was)  # the day's course: its close, the dawn, the next day
        return Result(changed, self.out)

    @property
    def rng(self) -> random.Random:
        """The event's random generator, seeded with the game's seed and the count of events accepted
        before it, so that a replay draws what the live game drew; most events draw nothing."""
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}:{self._rng_event}")
        return self._rng

    def timers(self) -> list[Timer]:
        if self.ended:
            return []
        found: list[Timer] = []
        night = self.night
        if night is not None:
            for step_id, state in night.state.items():
                if state != "open":
                    continue
                due = night.due[step_id]
                found.append(Timer(f"step:{night.no}:{step_id}", due))
                if step_id not in night.reminded:
                    found.append(
                        Timer(f"remind:{night.no}:{step_id}", self._remind_at(night.opened[step_id], due))
                    )
        for prompt in self.prompts:
            found.append(Timer(f"prompt:{prompt.id}", prompt.due))
            if not prompt.reminded:
                found.append(Timer(f"premind:{prompt.id}", self._remind_at(prompt.opened, prompt.due)))
        found += forum_day.timers(self)
        board_timers = self.board.hooks.timers
        if board_timers is not None:
            found += board_timers(self)
        return found

    def is_director(self, qq: int) -> bool:
        return qq in self.directors

    def is_player(self, qq: int) -> bool:
        return self.seat_of(qq) is not None

    def groups(self) -> set[int]:
        return set(self.groups_bound.values())

    def group_kind(self, group: int | None) -> str | None:
        """Which bound group `group` is ("wolves" / "lovers"), or None."""
        return next((kind for kind, bound in self.groups_bound.items() if bound == group), None)

    def label(self) -> str:
        return f"{self.game_id}号局（{self.board_name}）"

    def help_for(self, qq: int) -> str | None:
        """/帮助 for `qq`: this board's director commands, or the player's own skills; None for
        someone who neither directs nor plays here."""
        return help_text(self, qq)

    # ------------------------------------------------------------------ sending

    def _send(self, kind: Literal["private", "group"], target: int, text: str) -> None:
        if not self.replaying:  # a replay's messages are dropped: not even made
            self.out.append(Outgoing(kind, target, text))

    def send_qq(self, qq: int | None, text: str) -> None:
        if qq is not None:
            self._send("private", qq, text)

    def tell(self, seat: int, text: str) -> None:
        self.send_qq(self.seats[seat].qq, text)

    def tell_directors(self, text: str) -> None:
        for qq in self.directors:
            self.send_qq(qq, f"【{self.label()}】{text}")

    def tell_group(self, kind: str, text: str) -> bool:
        """Say something in a bound group; False when no group is bound."""
        group = self.groups_bound.get(kind)
        if group is None:
            return False
        self._send("group", group, text)
        return True

    def reply(self, text: str) -> None:
        event = self.speaker
        if event is None or event.kind != "say":
            return
        if event.group is not None:
            self._send("group", event.group, text)
        else:
            self.send_qq(event.qq, text)

    # ------------------------------------------------------------------ lookups

    def seat_of(self, qq: int) -> int | None:
        for seat in self.seats.values():
            if seat.qq == qq:
                return seat.no
        return None

    def alive(self) -> list[int]:
        return [n for n, seat in self.seats.items() if seat.alive]

    def with_role(self, *roles: str, alive: bool = True) -> list[int]:
        return [n for n, s in self.seats.items() if s.role in roles and (s.alive or not alive)]

    def seat_named(self, word: str) -> int:
        """A seat of this board, living or not, as a user wrote it; refused when there is none."""
        number = parse_seat(word)
        if number not in self.seats:
            raise Rejected(f"没有{number}号这个座位（本局是1-{self.board.size}号）")
        return number

    def living_target(self, word: str, *, not_self: int | None = None, what: str = "目标") -> int:
        number = self.seat_named(word)
        if not self.seats[number].alive:
            raise Rejected(f"{number}号已出局，不能作为{what}")
        if not_self is not None and number == not_self:
            raise Rejected(f"不能选择自己作为{what}。")
        return number

    def when(self) -> str:
        if self.part.startswith("黄昏"):  # boards whose night sequence starts with 黄昏 (须弥)
            return f"第{self.day}天黄昏"
        return f"第{self.night.no}夜" if self.night is not None else f"第{self.day}天"

    def clock(self, moment: float) -> str:
        return format_clock(moment, self.timezone)

    # ------------------------------------------------------------------ the resolution queue

    def push_front(self, thunks: list[Thunk]) -> None:
        self.queue.extendleft(reversed(thunks))

    def push_back(self, thunks: list[Thunk]) -> None:
        self.queue.extend(thunks)

    def drain(self) -> None:
        """Run queued effects in order until done, waiting on a decision, or the game is over."""
        while self.queue and not self.prompts and not self.ended:
            self.queue.popleft()()

    def busy(self) -> bool:
        return bool(self.queue or self.prompts)

    def exit_effect(self, seat: int, cause: str) -> Thunk:
        return lambda: self.leave(seat, cause)

    def leave(
        self, seat: int, cause: str, *, damages: tuple[Damage, ...] = (), last_words: bool = True
    ) -> None:
        """Seat `seat` leaves the game: record, tell, judge, then queue its triggers first.
        `last_words=False`: an exit with none whatever the board's 遗言 (a wounded 蒙面人's, 5.2.4)."""
        if not self.seats[seat].alive or self.ended:
            return
        substitute = self.board.before_exit(self, seat, cause)
        if substitute is None:
            return
        seat, cause = substitute
        if not self.seats[seat].alive:
            return
        self.seats[seat].alive = False
        exit = Exit(seat, cause, self.when(), damages)
        self.exits.append(exit)
        offered = last_words and self._offer_last_words(seat, cause)
        announce = self.board.hooks.announce_exit
        if announce is not None:  # the board tells the exit (and the last words) when its post says
            announce(self, exit)
        else:  # that he is out and when, not how: the 公示 gives no cause (docs/rulings-board-files.md 10)
            told = f"你在{exit.when}出局。"
            self.tell(seat, told + (f"\n{LAST_WORDS_NOTICE}" if offered else ""))
        self.board.on_exit(self, seat, cause)
        winner = self.board.judge(self)
        if winner is not None:
            self.finish(winner)
            return
        self.push_front(self.board.after_exit(self, seat, cause))

    def revive(self, seat: int) -> None:
        """A seat that left comes back (「若被复活将重新回到游戏」): alive again with the statuses and
        skills it holds; its last words, not yet published, are withdrawn."""
        info = self.seats[seat]
        if info.alive or self.ended:
            return
        info.alive = True
        if seat in self.last_words_offered:
            self.last_words_offered.remove(seat)
        self.last_words.pop(seat, None)
        self.last_words_until.pop(seat, None)
        self.tell(seat, "你已复活，重新回到游戏。")

    def offer_last_words(self, seat: int, cause: str) -> bool:
        """Offer last words now to a seat the vote sent out whose exit a role puts off (血月使徒, the
        last wolf: 「他的遗言在被放逐时给」); its later exit offers none.  Whether they were offered."""
        return self._offer_last_words(seat, cause)

    def _offer_last_words(self, seat: int, cause: str) -> bool:
        """Whether the seat that just left may leave last words (the first few exits but red cards;
        a seat offered them once is not offered them again)."""
        if seat in self.last_words_offered:
            return False
        rule = self.board.hooks.has_last_words
        if rule is not None and not rule(self, seat, cause):
            return False
        if not all(role.last_words(self, seat, cause) for role in board_roles(self) if role.last_words):
            return False  # a role's rule denies them (白狼王 被带走遗言: 不可以)
        options = self.board.options
        if cause in NO_LAST_WORDS or len(self.last_words_offered) >= options.last_words:
            return False
        if options.last_words_rule == LAST_WORDS_FIRST_NIGHT_AND_DAY and not self._first_night_or_day():
            return False
        self.last_words_offered.append(seat)
        # Published at the next day's start; taken until the night after that begins.
        self.last_words_until[seat] = self.night_no + (1 if self.night is not None else 2)
        return True

    def _first_night_or_day(self) -> bool:
        """「第一夜出局的玩家和白天被投票放逐的玩家有遗言；其他夜晚出局的玩家没有遗言」, and 「被带走的
        玩家有遗言」: an exit of the first night or of a day (the exiled and whoever they take along)."""
        return self.night is None or self.night.no == 1

    def finish(self, winner: str) -> None:
        self.winner = winner
        self.ended = True
        self.phase = "ended"
        self.queue.clear()
        self.prompts.clear()
        cut_short = nights.report_cut_short(self)
        if cut_short:
            self.tell_directors("\n".join(cut_short))
        reveal = "、".join(f"{s.no}号{s.role}" for s in self.seats.values())
        self.tell_directors(f"游戏结束：{winner}胜利！\n出局顺序：{self.exit_list() or '无'}\n身份：{reveal}")
        for seat in self.seats.values():
            self.send_qq(seat.qq, f"游戏结束：{winner}胜利！")

    def cause_phrase(self, cause: str) -> str:
        """How a seat left by `cause`, in the posts' words (被投票放逐, 被女巫毒杀 …).  A poison is
        named after the 女巫 only where no other role of the board poisons, after that role where
        it alone does, else it is 被毒杀."""
        if cause != POISON:
            return EXIT_PHRASES.get(cause, cause)
        poisoners = [role for role in ("女巫", *OTHER_POISONERS) if role in self.board.roster]
        if len(poisoners) > 1:
            return "被毒杀"
        return f"被{poisoners[0]}毒杀" if poisoners else EXIT_PHRASES[POISON]

    def exit_phrase(self, exit: Exit, *, for_directors: bool = False) -> str:
        """How `exit` happened, in the post's words; directors also learn who made a kill."""
        if exit.cause != KILL or not for_directors:
            return self.cause_phrase(exit.cause)
        kills = self.night.kills if self.night is not None else []
        killers = [
            KILLERS[src] for seat, src in kills if aimed(self, None, seat) == exit.seat and src in KILLERS
        ]
        return f"被{'、'.join(dict.fromkeys(killers))}指杀"

    def exit_lines(self, exits: list[Exit]) -> list[str]:
        """One line a seat for the directors: '7号（村民）被狼人指杀'."""
        return [
            f"{e.seat}号（{self.seats[e.seat].role}）{self.exit_phrase(e, for_directors=True)}" for e in exits
        ]

    def exit_list(self, since: int = 0) -> str:
        return "、".join(f"{e.seat}号" for e in self.exits[since:])

    # ------------------------------------------------------------------ the day

    def vote_open(self) -> bool:
        """Whether today's exile vote is still to be settled (a day from the second on)."""
        return self.phase == "day" and self.night_no > 0 and self.voted_day != self.day

    def end_day(self, why: str) -> None:
        """A day skill ended the day before its vote (自爆, a 决斗 that found a wolf): no further
        ballot or exile today; what the roles do when the day's talk is over happens now (a wounded
        蒙面人 leaves); the directors are told at once to open the night."""
        self.voted_day = self.day
        self.day_ended_by[self.day] = why
        closing = [] if self.ended else self.board.day_closes(self)
        if closing:
            self.settle_by_day(closing, f"第{self.day}天发言结束时")
        if not self.ended:
            self.tell_directors(f"{why}，第{self.day}天白天结束，今天不再放逐投票：请发送 /入夜 进入夜晚。")

    def settle_by_day(self, effects: list[Thunk], title: str) -> None:
        """Run a day skill's effects at once (exits and what they trigger), then tell the directors
        who left, with the 公示 draft."""
        since = len(self.exits)
        self.push_back([*effects, lambda: report_exits(self, since, title)])
        self.drain()

    # ------------------------------------------------------------------ prompts

    def open_prompt(self, kind: str, seat: int, text: str, minutes: float | None = None) -> None:
        """Wait for `seat` to decide (`text` tells them how); the queue pauses meanwhile."""
        self.prompt_serial += 1
        span = 60 * (minutes if minutes is not None else self.board.options.handoff_minutes)
        prompt = Prompt(self.prompt_serial, kind, seat, self.now, self.now + span)
        self.prompts.append(prompt)
        self.tell(seat, f"{text}（{self.clock(prompt.due)}截止）")
        self.tell_directors(f"等待{seat}号{self.board.prompt_words[kind]}（{self.clock(prompt.due)}截止）。")

    def answer(self, prompt: Prompt, args: list[str] | None) -> None:
        """Settle a prompt (args None: timed out or passed), then let the queue go on."""
        self.board.answer_prompt[prompt.kind](self, prompt, args)
        self.prompts.remove(prompt)
        self.drain()
        nights.after_queue(self)

    def prompt_for(self, seat: int, kind: str) -> Prompt | None:
        return next((p for p in self.prompts if p.seat == seat and p.kind == kind), None)

    # ------------------------------------------------------------------ timers

    def _remind_at(self, opened: float, due: float) -> float:
        return due - min(REMIND_LEAD_MAX, max(0.0, due - opened) / 3)

    def _timer(self, key: str) -> bool:
        if self.ended:
            return False
        kind, _, rest = key.partition(":")
        if kind == forum_day.TIMER_KIND:
            return forum_day.on_timer(self, rest)
        on_board_timer = self.board.hooks.on_timer
        if on_board_timer is not None and kind in self.board.hooks.timer_kinds:
            return on_board_timer(self, kind, rest)
        if kind in ("step", "remind"):
            return nights.on_timer(self, kind, rest)
        prompt = next((p for p in self.prompts if str(p.id) == rest), None)
        if prompt is None:
            return False
        if kind == "premind":
            if prompt.reminded:
                return False
            prompt.reminded = True
            if self.now < prompt.due:  # fired late (a restart, a 0-second deadline): no reminder
                word = self.board.prompt_words[prompt.kind]
                self.tell(prompt.seat, f"提醒：请在{self.clock(prompt.due)}前{word}，超时按放弃/随机处理。")
            return True
        if self.now < prompt.due - 0.001:
            return False
        self.tell_directors(f"{prompt.seat}号{self.board.prompt_words[prompt.kind]}超时，按规则处理。")
        self.note_late(prompt)
        self.answer(prompt, None)
        return True

    def note_late(self, prompt: Prompt, *, pushed: bool = False) -> None:
        """A decision left to its deadline (or to /推进: `pushed`) at night: the dawn summary names it."""
        if self.night is not None:
            late = (f"prompt:{self.board.prompt_words[prompt.kind]}", prompt.seat)
            self.night.timed_out.append(late)
            if pushed:
                self.night.pushed.append(late)
        elif not pushed and prompt.kind not in self.board.polls:  # a poll's deadline is no one's fault
            forum_day.note_late(self, prompt)

    # ------------------------------------------------------------------ chat

    def _say(self, event: Event) -> bool:
        if event.group is not None and event.group not in self.groups():
            return False  # not a group of this game: none of its business
        problem = unreadable(event.text, forum_day.message_limit(event.text))
        if problem is not None:
            raise Rejected(problem)
        word, args = split_command(event.text, self.words)
        if not word:
            raise Rejected("请输入命令，例如 /身份")
        if word == "开局" and not self.directors:
            self.directors.append(event.qq)
            self.reply(
                f"已开局：{self.label()}，共{self.board.size}个座位。接下来用 /座位、/身份 或 /发牌、/开始。"
            )
            return True
        if self.ended:
            raise Rejected(f"{self.label()}已经结束。")
        commands = director_commands(self.board)
        if event.qq in self.directors and event.group is None and word in commands:
            if word == "身份" and not args and self.is_player(event.qq):
                return self._player(event, word, args)
            start = len(self.out)
            changed = commands[word](self, args)
            if changed:
                self._copy_to_other_directors(event.qq, word, start)
            return changed
        if event.qq in self.directors and not self.is_player(event.qq):
            if event.group is not None and word in commands:
                raise Rejected(f"这个命令请私聊我发送：/{word} 是导演命令，只在私聊里收。")
            if event.group is None:
                self._refuse_other_boards_command(word)
                self._refuse_a_players_command(word)
        return self._player(event, word, args)

    def _refuse_other_boards_command(self, word: str) -> None:
        """A director's command of another board (须弥's /开门 on 竞技12) is named as such, not taken
        for a player's command from someone outside the game."""
        boards = [name for name, board in BOARDS.items() if word in board.hooks.director_commands]
        if boards:
            raise Rejected(
                f"{self.board_name}没有 /{word} 这个导演命令（它是{'、'.join(boards)}的命令）。发送 /帮助 查看本局的导演命令。"
            )

    def _refuse_a_players_command(self, word: str) -> None:
        """A director who does not play sends what is no director command: an unknown word is
        answered as a player's is, a player's command is said to be one."""
        if word in CONTRACT_SKILL_WORDS and word not in skills_by_word(self.board):
            raise Rejected(
                f"{self.board_name}没有「{word}」这个技能（它属于其他板子）。发送 /帮助 查看本局的导演命令。"
            )
        if word not in self.words:
            raise Rejected(f"没有「{quote(word)}」这个命令。发送 /帮助 查看本局的导演命令。")
        raise Rejected(
            f"/{word}是玩家的命令，你是本局的导演，不是本局的玩家。发送 /帮助 查看本局的导演命令。"
        )

    def _copy_to_other_directors(self, sender: int, word: str, start: int) -> None:
        """Co-directors see the replies to each other's commands (they get every director message)."""
        header = f"【{self.label()}】"
        replies = [m.text for m in self.out[start:] if m.kind == "private" and m.target == sender]
        for text in replies:
            if text.startswith(header):
                continue  # already sent to every director
            for qq in self.directors:
                if qq != sender:
                    self.send_qq(qq, f"{header}导演（QQ{sender}）执行 /{word}：{text}")

    def _group_hint(self, kind: str) -> str:
        """The commands a group takes on this board (/投降 only where the board has it)."""
        surrender = any("投降" in skill.words for skill in self.board.skills)
        return GROUP_HINTS[kind] if kind != "wolves" or surrender else " /刀"

    def _player(self, event: Event, word: str, args: list[str]) -> bool:
        seat = self.seat_of(event.qq)
        if seat is None:
            raise Rejected("你不是本局的玩家。")
        kind = self.group_kind(event.group)
        if kind is not None and word not in GROUP_WORDS[kind]:
            raise Rejected(f"这个命令请私聊我发送（{GROUP_NAMES[kind]}里只收{self._group_hint(kind)}）。")
        if self.phase == "setup":
            raise Rejected("游戏还没开始，请等导演发送 /开始。")
        if word == "身份":
            self.reply(self.board.describe(self, seat))
            return False
        if word == "放弃":
            return self._pass(seat, args)
        if word == "遗言":
            return self._last_words(seat, args)
        if word in forum_day.PLAYER_WORDS:
            return forum_day.player_command(self, seat, word, args)
        decision = self._prompt_kind(word)
        prompt = self._prompt_named(seat, word)
        if prompt is not None:
            self.answer(prompt, args)
            self.decided[(seat, prompt.kind)] = True
            return True
        skill = skills_by_word(self.board).get(word)
        if skill is None:
            if decision is not None:
                raise Rejected(self._no_decision_text(seat, decision))
            if word in CONTRACT_SKILL_WORDS:
                raise Rejected(
                    f"{self.board_name}没有「{word}」这个技能（它属于其他板子）。发送 /身份 查看你能做什么。"
                )
            if word in director_commands(self.board):
                raise Rejected(f"/{word}是导演的命令，只有本局导演可以使用。")
            raise Rejected(f"没有「{quote(word)}」这个命令。发送 /身份 查看你能做什么，/帮助 查看命令。")
        skill.handler(self, seat, args)
        return True

    def _pass(self, seat: int, args: list[str]) -> bool:
        if len(args) > 1:
            raise Rejected("用法：/放弃 或 /放弃 技能名（一次放弃一个）")
        if args:
            named = clean(args[0])
            kind = self._prompt_kind(named)
            if kind is not None:
                prompt = self._prompt_named(seat, named)
                if prompt is None:
                    raise Rejected(f"没有可以放弃的「{quote(named)}」：{self._no_decision_text(seat, kind)}")
                return self._pass_prompt(prompt)
            skill = next((s for s in self.board.skills if named in s.words or named == s.name), None)
            if skill is None or not skill.passes:
                raise Rejected(f"没有可以放弃的技能「{quote(named)}」。")
            if skill.pass_one is not None and skill.pass_one(self, seat):
                return True
            steps = (skill.passes,) if isinstance(skill.passes, str) else skill.passes
            nights.pass_step(
                self, seat, next((s for s in steps if nights.waits_for(self, s, seat)), steps[0])
            )
            return True
        prompts = [p for p in self.prompts if p.seat == seat and p.kind not in self.board.polls]
        if prompts:
            return self._pass_prompt(prompts[0])
        nights.pass_all(self, seat)
        return True

    def _no_decision_text(self, seat: int, kind: str) -> str:
        """Why a decision word is refused: made already (final), or never asked of this seat — it is
        not the 狼头 (猎人, 警长) the decision is for, is still in the game, or left without it."""
        word = self.board.prompt_words[kind]
        kinds = self._prompt_kinds(word) or [kind]  # 开枪: the 猎人's shot and the 狼王's
        made = next((m for k in kinds if (m := self.decided.get((seat, k))) is not None), None)
        if made is not None:
            return f"你已{'提交' if made else '放弃'}{word}，不能更改。"
        kind = next((k for k in kinds if self._holds_title(seat, self.board.prompt_roles[k])), kind)
        title = self.board.prompt_roles[kind]
        waiting = f"现在没有等待你{word}。"
        if not self._holds_title(seat, title):
            who = "你不是" if self.seats[seat].alive else "你已出局，也不是现任"
            return f"{who}{title}：只有{title}出局时才需要{word}，{waiting}"
        if self.seats[seat].alive:
            return f"你还没有出局：{title}出局时才需要{word}，{waiting}"
        own = next((p for p in self.prompts if p.seat == seat), None)
        if own is not None:
            other = self.board.prompt_words[own.kind]
            return f"现在等待你的是{other}（/{other} N号），不是{word}；{waiting}"
        if self.prompts or self.queue:
            return f"{waiting}还有别的决定在先，轮到你{word}时会通知你。"
        return f"你已出局，但这次出局没有{word}的机会（例如被红牌罚下），{waiting}"

    def _holds_title(self, seat: int, title: str) -> bool:
        """The seat is what a decision is for: the sheriff, the wolf head, or the role (猎人)."""
        if title == "警长":
            return self.sheriff == seat
        if title == wolf_head.TITLE:
            return wolf_head.head(self) == seat
        return self.seats[seat].role == title

    def _prompt_kind(self, word: str) -> str | None:
        """The decision a word names (开枪, 最后一枪, 移交 ...), or None."""
        return next(iter(self._prompt_kinds(word)), None)

    def _prompt_kinds(self, word: str) -> list[str]:
        """Every decision a word names: 开枪 answers the 猎人's shot and the 狼王's alike (a poll's word
        answers none: its seat does not decide it)."""
        return [
            kind
            for kind, prompt_word in self.board.prompt_words.items()
            if (word == prompt_word or word in PROMPT_ALIASES.get(prompt_word, ()))
            and kind not in self.board.polls
        ]

    def _prompt_named(self, seat: int, word: str) -> Prompt | None:
        """The decision waiting for `seat` that `word` answers."""
        kinds = self._prompt_kinds(word)
        return next((p for p in self.prompts if p.seat == seat and p.kind in kinds), None)

    def _pass_prompt(self, prompt: Prompt) -> bool:
        word = self.board.prompt_words[prompt.kind]
        if prompt.kind in self.board.hooks.forced_prompts:
            raise Rejected(f"{word}是强制技能，不能放弃：请发送 /{word} N号（超时将随机处理）。")
        self.reply(f"已放弃{word}。")
        if self.night is not None:  # an action of the night: its summary lists it
            self.night.notes.append(f"{prompt.seat}号放弃{word}")
        self.answer(prompt, None)
        self.decided[(prompt.seat, prompt.kind)] = False
        return True

    def _last_words(self, seat: int, args: list[str]) -> bool:
        if seat not in self.last_words_offered:
            raise Rejected("你没有遗言权利。")
        if self.night_no >= self.last_words_until[seat]:
            raise Rejected("遗言时间已过（应在下一个白天开始前提交），视为放弃遗言。")
        if not args:
            raise Rejected("请在 /遗言 后面写上遗言内容。")
        text = " ".join(args)
        if len(text) > MAX_LAST_WORDS:
            raise Rejected(f"遗言最多{MAX_LAST_WORDS}字，你写了{len(text)}字，未收到，请删减后重新发送。")
        self.last_words[seat] = text
        self.reply("遗言已收到，将在下一个白天公示。")
        self.tell_directors(f"{seat}号的遗言：{self.last_words[seat]}")
        return True


# ---------------------------------------------------------------------- director commands


def _require_setup(game: Game) -> None:
    if game.phase != "setup":
        raise Rejected("游戏已经开始，不能再改配置。")


def cmd_director(game: Game, args: list[str]) -> bool:
    if len(args) != 1:
        raise Rejected("用法：/导演 QQ号")
    qq = parse_qq(args[0], "/导演 QQ号")
    if qq in game.directors:
        raise Rejected(f"QQ{qq}已经是本局导演。")
    game.directors.append(qq)
    game.reply(f"已添加导演：QQ{qq}。")
    game.send_qq(qq, f"你已成为{game.label()}的导演，会收到本局所有导演消息。")
    return True


def cmd_seat(game: Game, args: list[str]) -> bool:
    """`/座位 N号 QQ号 [昵称]`; a message of several lines binds one seat a line, each line on its own
    (its `/座位` may be repeated or left out), as if each were sent alone."""
    lines = _seat_lines(game)
    if len(lines) <= 1:
        game.reply(_bind_seat(game, args))
        return True
    if len(lines) > game.board.size:
        raise Rejected(
            f"一条消息最多绑定{game.board.size}个座位（一行一个），这条有{len(lines)}行，都未执行。"
        )
    results, bound = [], 0
    for number, (line, words) in enumerate(lines, 1):
        try:
            results.append(_bind_seat(game, words))
            bound += 1
        except Rejected as why:
            results.append(f"第{number}行「{quote(line)}」未执行：{why}")
    if not bound:
        raise Rejected("\n".join(results))
    game.reply("\n".join(results))
    return True


SEAT_COMMAND = re.compile(r"^/?座位(?=\s|\d|#|$)")


def _seat_lines(game: Game) -> list[tuple[str, list[str]]]:
    """The lines of a `/座位` message that bind a seat, each with its words after the command."""
    text = normalize(game.speaker.text if game.speaker else "")
    lines = []
    for number, line in enumerate(text.split("\n")):
        line = line.strip()
        words = split_command(line, game.words)[1] if number == 0 else SEAT_COMMAND.sub("", line).split()
        if number == 0 or words:
            lines.append((line, words))
    return lines if lines[0][1] or len(lines) == 1 else lines[1:]


def _bind_seat(game: Game, args: list[str]) -> str:
    """Bind one seat; the reply.  A word of a command (/身份 …) is no 昵称: another command's line."""
    if args and args[0].startswith("/"):
        raise Rejected("这一行是别的命令：一条消息里每行绑定一个座位，其他命令请分开发送。")
    if len(args) < 2:
        raise Rejected("用法：/座位 N号 QQ号 [昵称]")
    number = parse_seat(args[0])
    if number not in game.seats:
        raise Rejected(f"没有{number}号这个座位（本局是1-{game.board.size}号）")
    if any(word.startswith("/") for word in args[2:]):
        raise Rejected("昵称里不能有以 / 开头的命令：一条消息绑定几个座位时，请每行写一个 /座位。")
    qq, nick = parse_qq(args[1], "/座位 N号 QQ号 [昵称]"), parse_name(args[2:], "昵称")
    other = game.seat_of(qq)
    if other is not None and other != number:
        raise Rejected(f"QQ{qq}已经坐在{other}号。")
    seat = game.seats[number]
    if game.phase != "setup" and seat.qq == qq:
        raise Rejected(f"{number}号已经是QQ{qq}；替补请写新玩家的QQ号。")
    if game.phase == "setup" or seat.qq is None:
        seat.qq, seat.nick = qq, nick
        return f"{number}号绑定QQ{qq}{('（' + nick + '）') if nick else ''}。"
    return _substitute(game, seat, qq, nick)


def _substitute(game: Game, seat: Seat, qq: int, nick: str) -> str:
    limit = game.board.options.max_substitutes
    if limit is not None and seat.substitutes >= limit:
        raise Rejected(f"{seat.no}号已经换过{seat.substitutes}次替补，规则规定每名角色仅限更换{limit}次。")
    old = seat.qq
    seat.qq, seat.nick = qq, nick
    seat.substitutes += 1
    game.send_qq(old, f"你在{game.label()}的{seat.no}号已由替补接手。")
    game.tell(seat.no, "你作为替补接手本局。\n" + game.board.describe(game, seat.no))
    return f"{seat.no}号由QQ{qq}替补（原QQ{old}）。"


def cmd_role(game: Game, args: list[str]) -> bool:
    _require_setup(game)
    if len(args) != 2:
        raise Rejected("用法：/身份 N号 身份")
    number = parse_seat(args[0])
    if number not in game.seats:
        raise Rejected(f"没有{number}号这个座位（本局是1-{game.board.size}号）")
    role = clean(args[1])
    if role not in game.board.roster:
        role = canonical(role)  # 平民 → 村民 (common-boards.md 1.6)
    if role not in game.board.roster:
        raise Rejected(
            f"{game.board_name}没有「{quote(role)}」这个身份。{did_you_mean(role, game.board.roster)}"
            f"可选：{'、'.join(game.board.roster)}"
        )
    taken = sum(1 for s in game.seats.values() if s.role == role and s.no != number)
    if taken + deck.taken_aside(game, role) >= game.board.roster[role]:
        aside = "（底牌留出了其余的）" if deck.taken_aside(game, role) else ""
        raise Rejected(f"{role}只有{game.board.roster[role]}个，已经发完{aside}。")
    game.seats[number].role = role
    game.reply(f"{number}号的身份设为{role}。")
    return True


def cmd_deal(game: Game, args: list[str]) -> bool:
    _require_setup(game)
    no_arguments(args, "发牌")
    empty = [s for s in game.seats.values() if s.role is None]
    if not empty:
        raise Rejected("所有座位都已经有身份了。")
    remaining = deck.to_deal(game)  # the bottom cards kept aside first (common-boards.md 2.10.8)
    game.rng.shuffle(remaining)
    for seat, role in zip(empty, remaining, strict=True):
        seat.role = role
    bottom = f"\n底牌：{'、'.join(deck.cards(game))}" if deck.cards(game) else ""
    game.reply("已发牌：" + "、".join(f"{s.no}号{s.role}" for s in empty) + bottom)
    return True


GROUP_NAMES = {"wolves": "狼群", "lovers": "情侣群"}


def _bind_group(game: Game, args: list[str], kind: str, allowed: bool, what: str) -> bool:
    if not allowed:
        raise Rejected(f"{game.board_name}没有{what}。")
    group = parse_number(args[0], GROUP_DIGITS) if len(args) == 1 else None
    if not group:
        raise Rejected(f"用法：/{what} 群号（至多{GROUP_DIGITS}位数字）")
    other = next((k for k, bound in game.groups_bound.items() if bound == group and k != kind), None)
    if other is not None:
        raise Rejected(
            f"群{group}已经是本局的{GROUP_NAMES[other]}：{what}必须是另一个群，"
            f"否则{GROUP_NAMES[other]}里的人会看到{what}的消息。"
        )
    game.groups_bound[kind] = group
    game.reply(f"{what}已绑定：群{group}。")
    return True


def cmd_wolf_group(game: Game, args: list[str]) -> bool:
    return _bind_group(game, args, "wolves", game.board.options.wolf_group, "狼群")


def cmd_lover_group(game: Game, args: list[str]) -> bool:
    return _bind_group(game, args, "lovers", game.board.options.lover_group, "情侣群")


def cmd_start(game: Game, args: list[str]) -> bool:
    _require_setup(game)
    no_arguments(args, "开始")
    unbound = [f"{s.no}号" for s in game.seats.values() if s.qq is None]
    if unbound:
        raise Rejected("还有座位没有绑定QQ：" + "、".join(unbound))
    no_role = [f"{s.no}号" for s in game.seats.values() if s.role is None]
    if no_role:
        raise Rejected("还有座位没有身份：" + "、".join(no_role) + "（可用 /发牌 随机补齐）")
    if game.board.options.wolf_group and "wolves" not in game.groups_bound:
        raise Rejected("还没有绑定狼群：请先 /狼群 群号。")
    check_board = game.board.hooks.check_board
    if check_board is not None:
        check_board(game)
    deck.settle_at_start(game)
    for seat in game.seats.values():
        seat.camp = game.board.camps[seat.role or ""]
    game.day = 1
    game.phase = "opening"
    game.board.on_start(game)
    if game.board.start_done(game):
        game.phase = "day"
    election = "（警长竞选日）" if game.board.options.sheriff_votes is not None else ""
    bottom = f"底牌：{'、'.join(deck.cards(game))}。" if deck.cards(game) else ""
    game.reply(f"游戏开始，身份已私聊发给每名玩家。{bottom}现在是第1天{election}。")
    return True


def cmd_sheriff(game: Game, args: list[str]) -> bool:
    """`/警长 N号` records the election; `/警长` alone counts the 竞选日's ballots (「最先获得投票数最多的
    角色当选警长」: among the tied, the first to reach the top count)."""
    if game.phase in ("setup",):
        raise Rejected("游戏还没开始。")
    if game.board.options.sheriff_votes is None:
        raise Rejected(f"{game.board_name}没有警长（板子设置 警长: 无）。")
    refusal = self_destruct.sheriff_refusal(game)  # the badge lost, the election moved (自爆)
    if refusal is not None:
        raise Rejected(refusal)
    if len(args) > 1:
        raise Rejected("用法：/警长 N号、/警长 无，或只发 /警长 按录入的选票统计")
    if args and clean(args[0]) in ("无", "空"):
        if game.sheriff is not None:
            raise Rejected(f"本局已有警长（{game.sheriff}号），不能改为没有警长。")
        self_destruct.sheriff_recorded(game)
        game.reply("已记录：本局没有警长。")
        return True
    if args:
        number = game.living_target(args[0], what="警长")
        if not sheriff.may_hold(game, number):
            raise Rejected(f"{number}号不能持有警徽。")
    else:
        if game.day != 1 or not vote.effective(game, 1):
            raise Rejected("没有可统计的竞选日选票：请先用 /投票 录入，或直接 /警长 N号。")
        elected = vote.first_to_top(game, 1)
        if elected is None or not game.seats[elected].alive:
            raise Rejected("选票里没有能当选的角色，请直接 /警长 N号。")
        number = elected
        game.reply(vote.report(game, 1))
    weight = game.board.options.sheriff_votes
    assert weight is not None
    old = game.sheriff if game.sheriff != number else None
    if old is not None:  # recorded again: the old one is told
        game.tell(old, f"导演重新记录了警长竞选结果：你不再是警长，警长是{number}号。")
    game.sheriff = number
    self_destruct.sheriff_recorded(game)
    game.tell(number, f"你当选警长：投票时你的票计为{weight:g}票；离场时须移交警徽（/移交 N号）。")
    game.reply(
        f"已记录：{number}号当选警长。" + (f"已私聊告诉{old}号他不再是警长。" if old is not None else "")
    )
    return True


def cmd_night(game: Game, args: list[str]) -> bool:
    if game.phase == "setup":
        raise Rejected("游戏还没开始。")
    if game.phase == "night":
        raise Rejected("现在已经是夜晚。")
    if game.busy():
        raise Rejected("还有待处理的决定：" + _pending_prompts(game) + "。可用 /推进 按超时处理。")
    if game.phase == "day" and game.board.day_closes(game):
        raise Rejected(
            "今天发言结束时还有要结算的事（负伤的蒙面人离场）：请先 /放逐 结算今天的放逐"
            "（没有人被放逐就发 /放逐 无），再 /入夜。"
        )
    if len(args) > 1:
        raise Rejected("用法：/入夜 或 /入夜 HH:MM（关门时间）")
    door_close = parse_clock(args[0], game.now, game.timezone) if args else game.now
    if args:
        refuse_a_door_close_already_over(game, args[0], door_close)
    if game.phase == "opening":
        game.board.finish_start(game)
        game.phase = "day"
    nights.start(game, door_close)
    return True


def refuse_a_door_close_already_over(game: Game, typed: str, door_close: float) -> None:
    """A door-close time whose first deadline has passed would settle the whole night at once:
    every step times out.  Say what was understood and what was likely meant."""
    due, step = nights.first_deadline(game, door_close)
    if due > game.now:
        return
    hour, minute = clock_of(door_close, game.timezone)
    hint = "现在关门请发送 /入夜。"
    if hour < 12:
        evening = parse_clock(f"{hour + 12}:{minute:02d}", game.now, game.timezone)
        if nights.first_deadline(game, evening)[0] > game.now:
            hint = f"是不是想写 /入夜 {hour + 12}:{minute:02d}（{game.clock(evening)}）？" + hint
    raise Rejected(
        f"「/入夜 {quote(typed)}」理解为{game.clock(door_close)}关门，"
        f"{step.title}的截止时间{game.clock(due)}已经过了：整夜会立刻结算，所有人都算超时。"
        f"未入夜。{hint}"
    )


def _pending_prompts(game: Game) -> str:
    return "、".join(f"{p.seat}号{game.board.prompt_words[p.kind]}" for p in game.prompts) or "结算中"


def _no_deadline_text(game: Game, name: str) -> str:
    """Why `/时限 <name>` changed nothing: no such role or 时段 on this board (a typo: 巫婆), or none of
    its steps is open or still to come."""
    known = [*deadline_roles(game.board), *game.board.roster]
    if name in known:
        return f"「{quote(name)}」现在没有进行中或未开始的步骤。"
    return f"{game.board_name}没有「{quote(name)}」这个身份或时段。{did_you_mean(name, known)}发送 /帮助 查看可用的名字。"


def cmd_deadline(game: Game, args: list[str]) -> bool:
    if len(args) == 3:  # 「30 秒」: the amount and its unit apart
        args = [args[0], args[1] + args[2]]
    if len(args) != 2:
        raise Rejected("用法：/时限 身份或时段 时长（如 /时限 女巫 10分钟）")
    role, seconds = clean(args[0]), parse_duration(args[1])
    due = game.now + seconds
    changed = nights.set_deadline(game, role, seconds)
    for prompt in game.prompts:
        if game.board.prompt_roles.get(prompt.kind) == role or game.seats[prompt.seat].role == role:
            prompt.opened, prompt.due, prompt.reminded = game.now, due, False
            word = game.board.prompt_words[prompt.kind]
            changed.append(f"{prompt.seat}号{word}在{format_duration(seconds)}后（{game.clock(due)}）截止")
    if not changed:
        raise Rejected(_no_deadline_text(game, role))
    game.reply("已设置时限：" + "；".join(changed) + "。")
    return True


def cmd_advance(game: Game, args: list[str]) -> bool:
    if args:
        return _advance_named(game, args)
    if game.phase == "opening":
        game.board.finish_start(game)
        game.phase = "day"
        game.reply("开局选择已结束（导演推进），未选择的强制技能已随机处理。")
        return True
    if game.prompts:
        for prompt in list(game.prompts):
            if prompt in game.prompts:
                game.tell_directors(
                    f"导演推进{prompt.seat}号的{game.board.prompt_words[prompt.kind]}：按超时处理。"
                )
                game.note_late(prompt, pushed=True)
                game.answer(prompt, None)
        return True
    if game.night is None or game.night.resolving:
        raise Rejected("现在没有可以推进的步骤。")
    nights.advance_by_director(game, all_steps=False)
    game.reply("已推进。")
    return True


def _advance_named(game: Game, args: list[str]) -> bool:
    """`/推进 <身份或步骤>`: close now only the open steps `/时限` addresses by that name (交易, 证婚:
    common-boards.md 补充裁定 17)."""
    if len(args) != 1:
        raise Rejected("用法：/推进（关闭所有进行中的步骤）或 /推进 身份或步骤名（如 /推进 交易）")
    name = clean(args[0])
    if game.night is None or game.night.resolving:
        raise Rejected("现在没有可以推进的步骤。")
    closed = nights.advance_named(game, name)
    if not closed:
        known = name in deadline_roles(game.board) or name in game.board.roster
        raise Rejected(f"「{quote(name)}」现在没有进行中的步骤。" if known else _no_deadline_text(game, name))
    game.reply(f"已推进：{'、'.join(closed)}。")
    return True


def cmd_dawn(game: Game, args: list[str]) -> bool:
    no_arguments(args, "天亮")
    if game.night is None:
        raise Rejected("现在不是夜晚。")
    if game.night.resolving:
        # Only decisions (last shot, badge …) hold the dawn up: settle them, and those they lead
        # to (a 猎人警长's badge after his shot), until the night is over.
        night = game.night
        cmd_advance(game, [])
        while game.night is night and game.prompts and not game.ended:
            cmd_advance(game, [])
        return True
    nights.advance_by_director(game, all_steps=True)
    return True


def cmd_exile(game: Game, args: list[str]) -> bool:
    if game.phase != "day" or game.night_no == 0:
        raise Rejected("只有第二天及以后的白天才能记录放逐结果（第一天的投票用 /警长 记录）。")
    if game.busy():
        raise Rejected("还有待处理的决定：" + _pending_prompts(game) + "。")
    if game.day in game.day_ended_by:
        raise Rejected(
            f"第{game.day}天白天已经结束（{game.day_ended_by[game.day]}），今天不再放逐：请发送 /入夜。"
        )
    if game.voted_day == game.day:
        raise Rejected(f"第{game.day}天的放逐结果已经记录过了。")
    holding = exile.held(game)
    if holding is not None:
        raise Rejected(f"今天的放逐结果（{holding.result}）正在等待决定，还没有生效。")
    refusal = self_destruct.exile_refusal(game)  # the election a 自爆 moved to today comes first
    if refusal is not None:
        raise Rejected(refusal)
    if len(args) > 1:
        raise Rejected("用法：/放逐 N号、/放逐 无，或只发 /放逐 按录入的选票结算")
    settle = _exile_settlement(game, args)
    if settle is not None:
        _close_the_day_then(game, settle)
    return True


def _settle(game: Game, verdict: exile.Verdict, effect: Thunk, report: str = "") -> None:
    """The verdict takes effect now, unless a role holds the day's first one (定序王子)."""
    if not exile.hold(game, verdict, effect, report):
        effect()


def _exile_nobody(game: Game, *, tie: bool) -> None:
    game.voted_day = game.day
    if tie:
        vote.mark_tie(game)
    game.tell_directors(f"第{game.day}天投票：{'平票，' if vote.tied(game, game.day) else ''}无人出局。")


def settle_by_ballots(game: Game) -> bool:
    """The day's vote settled from its ballots without asking (the bot's own 关门: 自动入夜)."""
    _require_ballots(game)
    _close_the_day_then(game, lambda: _exile_by_ballots(game))
    return True


def _close_the_day_then(game: Game, settle: Thunk) -> None:
    """The day's talk is over: what the roles do then comes first (a wounded 蒙面人 leaves), then the
    exile's settlement, counted without the ballots of a seat that left so."""
    closing = game.board.day_closes(game)
    if not closing:
        settle()
        return
    since = len(game.exits)
    game.push_back([*closing, lambda: report_exits(game, since, f"第{game.day}天发言结束时"), settle])
    game.drain()


def _exile_settlement(game: Game, args: list[str]) -> Thunk | None:
    """What `/放逐` settles, once checked: the ballots' count, nobody, or the seat named; None when
    the forum day asked first whether every vote post is in (`ask`: the game changed)."""
    if not args:
        _require_ballots(game)
        if day_ballots.asks_to_confirm(game):
            return None
        return lambda: _exile_by_ballots(game)
    word = clean(args[0])
    if word in ("无", "空", "平票"):
        tie = word == "平票"
        return lambda: _settle(
            game, exile.recorded(game, None, tie=tie), lambda: _exile_nobody(game, tie=tie)
        )
    number = game.living_target(args[0], what="放逐对象")
    only = vote.candidates(game)
    if only and number not in only:
        raise Rejected(f"今天是平票后的第二轮（PK），只能放逐{exile.seats_text(only)}，或 /放逐 无。")
    if not vote.votable(game, number):
        raise Rejected(f"{vote.why_not_votable(game, number)}。")
    return lambda: _settle(game, exile.recorded(game, number), lambda: _exile(game, number))


def _require_ballots(game: Game) -> None:
    if not vote.effective(game):
        which = "第二轮（PK）" if vote.in_runoff(game) else "今天"
        raise Rejected(f"{which}还没有录入选票：请先用 /投票 录入，或直接 /放逐 N号 或 /放逐 无。")


def _exile_by_ballots(game: Game) -> None:
    """`/放逐`: the verdict of the weighted count (engine/exile.py: a tie and 弃票过半 by the board's
    rules) takes effect, unless a role holds it (定序王子)."""
    verdict = exile.by_ballots(game)
    report = vote.report(game)
    if not exile.hold(game, verdict, lambda: _take_count(game, verdict, ""), report):
        _take_count(game, verdict, f"{report}\n")


def _take_count(game: Game, verdict: exile.Verdict, report: str) -> None:
    """The count's verdict takes effect: the top seat leaves; a tie or 弃票过半 sends nobody out, or
    (再投一轮) starts the second round; a top seat that is out already (red-carded that day) sends
    nobody out (「最高票在当天白天罚下则无人出局」).  `report`: the 票型 to tell with it, if not told."""
    if verdict.runoff:
        exile.start_runoff(game, verdict, report)
        return
    game.voted_day = game.day
    chosen = verdict.leaves
    if chosen is None:
        if verdict.tied:
            vote.mark_tie(game)
        game.tell_directors(f"{report}第{game.day}天投票结算：{verdict.nobody_how}无人出局。")
        return
    if not game.seats[chosen].alive:
        game.tell_directors(f"{report}第{game.day}天投票结算：无人出局。")
        return
    if game.board.on_exiled(game, chosen):  # a role takes the exile instead (白痴 翻牌) and says so
        kept = verdict.how or f"{chosen}号得票最多，"
        game.tell_directors(f"{report}第{game.day}天投票结算：{kept}但没有出局（见上）。")
        return
    game.tell_directors(f"{report}第{game.day}天投票结算：{verdict.how}{chosen}号出局。")
    _vote_out(game, chosen)


def _exile(game: Game, number: int) -> None:
    game.voted_day = game.day
    if not game.seats[number].alive:  # it left meanwhile (a red card, a wounded 蒙面人): nobody is exiled
        game.tell_directors(f"第{game.day}天放逐：{number}号已经离场，无人被放逐。")
        return
    if game.board.on_exiled(game, number):
        return  # a role took the exile instead (白痴 翻牌): the seat stays
    _vote_out(game, number)


def _vote_out(game: Game, number: int) -> None:
    since = len(game.exits)
    game.push_back([game.exit_effect(number, VOTE), lambda: report_exits(game, since, f"第{game.day}天放逐")])
    game.drain()


def cmd_ballot(game: Game, args: list[str]) -> bool:
    """`/投票 A号 B号` (one ballot a line): the director copies the forum's ballots."""
    if game.day in game.day_ended_by and game.phase == "day":
        raise Rejected(
            f"第{game.day}天白天已经结束（{game.day_ended_by[game.day]}），不再收选票：请发送 /入夜。"
        )
    if game.phase not in ("day", "opening") or game.voted_day == game.day:
        raise Rejected("现在不收选票：只有白天、投票结算之前才能录入选票。")
    holding = exile.held(game)
    if holding is not None:
        raise Rejected(f"现在不收选票：今天的放逐结果（{holding.result}）正在等待决定。")
    if game.day == 1 and game.sheriff is not None:
        raise Rejected("竞选日的警长已经选出，不再收选票。")
    speaker = game.speaker
    if forum_day.books.active(game):  # vote posts, transcriptions and 代投, entry by entry
        return day_ballots.cmd_ballot(game, speaker.text if speaker else "")
    added = vote.record(game, speaker.text if speaker else "")
    listing = "；".join(b.text() for b in added)
    game.reply(f"已录入{len(added)}票：{listing}")
    return True


def cmd_tally(game: Game, args: list[str]) -> bool:
    """`/票型`: the day's ballots and the weighted count (directors only).  On a day run from the forum
    thread, the non-voters it lists count as shown (a /放逐 then settles without asking), which
    the log keeps."""
    game.reply(vote.report(game))
    return day_ballots.mark_shown(game)


def cmd_red_card(game: Game, args: list[str]) -> bool:
    if game.phase in ("setup",):
        raise Rejected("游戏还没开始。")
    if len(args) != 1:
        raise Rejected("用法：/罚下 N号")
    number = game.living_target(args[0], what="罚下对象")
    since = len(game.exits)
    effects = [game.exit_effect(number, RED_CARD), lambda: report_exits(game, since, "红牌罚下")]
    if game.prompts:
        # A decision (last shot, badge ...) holds the queue: the red card and what it triggers
        # (殉情, a random badge or head ...) still take effect now, ahead of what was waiting.
        held, rest = game.prompts, game.queue
        game.prompts, game.queue = [], deque(effects)
        game.drain()
        if not game.ended:
            game.prompts = held + game.prompts
            game.queue.extend(rest)
        return True
    game.push_front(effects)
    game.drain()
    nights.after_queue(game)
    return True


def report_exits(game: Game, since: int, title: str) -> None:
    left = game.exits[since:]
    if not left:
        return
    lines = "\n".join(game.exit_lines(left))
    game.tell_directors(
        f"{title}结算完毕。\n出局：{game.exit_list(since)}\n{lines}\n公示草稿：{public_draft(game, since)}"
    )


def public_draft(game: Game, since: int) -> str:
    """What may be posted publicly: who left in order, the sheriff, who is alive — no roles."""
    left = game.exit_list(since) or "无"
    sheriff = f"{game.sheriff}号" if game.sheriff and game.seats[game.sheriff].alive else "无"
    living = "、".join(f"{n}号" for n in game.alive())
    return f"出局：{left}；警长：{sheriff}；存活：{living}"


def cmd_status(game: Game, args: list[str]) -> bool:
    lines = [
        f"{game.label()}，阶段：{_phase_text(game)}，导演：{'、'.join(f'QQ{qq}' for qq in game.directors)}"
    ]
    for seat in game.seats.values():
        marks = [] if seat.alive else ["出局"]
        if game.sheriff == seat.no:
            marks.append("警长")
        board_marks = game.board.hooks.status_marks
        marks += [str(m) for m in board_marks(game, seat.no)] if board_marks is not None else []
        who = f"QQ{seat.qq}" if seat.qq else "未绑定"
        nick = f"（{seat.nick}）" if seat.nick else ""
        fields = [f"{who}{nick}", seat.role or "未定身份", seat.camp, *marks]
        lines.append(f"{seat.no}号：" + "，".join(field for field in fields if field))
    lines += forum_day.status_lines(game)
    lines += nights.pending_lines(game)
    lines += [
        f"等待：{p.seat}号{game.board.prompt_words[p.kind]}（{game.clock(p.due)}截止）" for p in game.prompts
    ]
    game.reply("\n".join(lines))
    return False


def _phase_text(game: Game) -> str:
    if game.phase == "night" and game.night is not None:
        return f"第{game.night.no}夜"
    if game.phase == "day" and game.day in game.day_ended_by:
        return f"第{game.day}天（白天已结束：{game.day_ended_by[game.day]}，等待 /入夜）"
    return {"setup": "准备中", "opening": "开局选择", "day": f"第{game.day}天", "ended": "已结束"}[game.phase]


def cmd_end(game: Game, args: list[str]) -> bool:
    """`/结束` only asks; `/结束 确认` ends the game early."""
    if not args:
        game.reply(f"确定要提前结束{game.label()}吗？结束后不能恢复。确定请发送 /结束 确认")
        return False
    if len(args) != 1 or clean(args[0]) != "确认":
        raise Rejected("用法：/结束 确认（提前结束本局）")
    game.ended = True
    game.phase = "ended"
    game.queue.clear()
    game.prompts.clear()
    game.tell_directors("导演结束了本局。")
    for seat in game.seats.values():
        game.send_qq(seat.qq, f"{game.label()}已由导演结束。")
    return True


DIRECTOR_COMMANDS: dict[str, Callable[[Game, list[str]], bool]] = {
    "导演": cmd_director,
    "座位": cmd_seat,
    "身份": cmd_role,
    "发牌": cmd_deal,
    "底牌": deck.cmd_bottom,
    "狼群": cmd_wolf_group,
    "情侣群": cmd_lover_group,
    "开始": cmd_start,
    "警长": cmd_sheriff,
    "入夜": cmd_night,
    "时限": cmd_deadline,
    "推进": cmd_advance,
    "天亮": cmd_dawn,
    "放逐": cmd_exile,
    "罚下": cmd_red_card,
    "投票": cmd_ballot,
    "票型": cmd_tally,
    "状态": cmd_status,
    "结束": cmd_end,
    **forum_day.DIRECTOR_COMMANDS,  # 论坛白天: /关门, /加速, /延时, cards, /撤销, /判负
}

# The only commands taken in a bound group: the shared kills, and the wolves' surrender vote.
KILL_WORDS = frozenset({"刀", "杀", "杀人", "寡妇刀"})
GROUP_WORDS = {"wolves": KILL_WORDS | {"投降", "同意", "反对"}, "lovers": KILL_WORDS}
GROUP_HINTS = {"wolves": " /刀 和 /投降", "lovers": " /刀"}


def director_commands(board: Board) -> dict[str, Callable[[Game, list[str]], bool]]:
    """The director commands on `board` by word: the common ones and the board's own."""
    if not board.commands_by_word:
        board.commands_by_word.update({**DIRECTOR_COMMANDS, **board.hooks.director_commands})
        forum_day.wrap_commands(board.commands_by_word, cmd_sheriff)
    return board.commands_by_word


def skills_by_word(board: Board) -> dict[str, Skill]:
    """The player command each word names on `board`: the first skill listing it."""
    if not board.skills_by_word:
        for skill in board.skills:
            for word in skill.words:
                board.skills_by_word.setdefault(word, skill)
    return board.skills_by_word


def command_words(board: Board) -> frozenset[str]:
    """Every command word a game on `board` takes, from anyone (one set per board, not per game)."""
    if not board.command_words:
        words = {*DIRECTOR_COMMANDS, "开局", "身份", "放弃", "遗言", *GROUP_WORDS["wolves"]}
        words |= {word for skill in board.skills for word in skill.words}
        for prompt_word in board.prompt_words.values():
            words |= {prompt_word, *PROMPT_ALIASES.get(prompt_word, ())}
        board.command_words = frozenset(words)
    return board.command_words


# The skill aliases COMMANDS.md lists for every board: a board without the skill says so (not 「没有这个命令」).
CONTRACT_SKILL_WORDS = frozenset(
    {
        "预言",
        "救",
        "毒",
        "开枪",
        "移交",
        "刀",
        "冲锋",
        "牺牲",
        "救治",
        "爱慕",
        "连",
        "认亲",
        "认主",
        "选狼头",
        "传话",
        "传位",
        "决战",
    }
)

# Short words that answer a prompt besides the skill's own name.
PROMPT_ALIASES: dict[str, tuple[str, ...]] = {
    "开枪": ("最后一枪", "枪"),
    "移交": ("殉职", "移交警徽"),
    "传位": (),
}
