"""The chat shell around the engine: routing, persistence, timers and delivery, without NoneBot.

Every handled message or fired timer follows one path: feed the event to the game under its lock,
write seen key + log entry + outbox rows + timer set in one transaction, and only then hand the
outbox rows to delivery and re-arm the timers.  A step that cannot be written changes nothing:
the sender is told at once, the message is not marked seen, a timer is tried again.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Protocol

from nonebot.log import logger

from bansha_engine import BOARD_NAMES, VERSION, Event, Game, Outgoing
from bansha_engine.boardfile import problems_text
from bansha_engine.boards import COMMON, SEEDS, STANDARD, builtin_name, builtin_text
from bansha_engine.day import message_limit
from bansha_engine.parse import did_you_mean, normalize
from bansha_engine.record import game_record

from . import boardfiles
from .boardfiles import MAX_FILE_MESSAGE_CHARS, NOT_A_DIRECTOR, is_file_command
from .commands import BOARD_WORDS, SHELL_WORDS
from .inbound import (
    MAX_INPUT_CHARS,
    MessageKey,
    NumberIndex,
    ReplyLimiter,
    SeenMessages,
    clean_text,
    first_number,
    message_key,
    small_numbers,
    valid_id,
)
from .outbox import MAX_SEND_CHARS, Clock, Outbox, Pacer, Send, describe_failure, split_text
from .storage import (
    BoardVersionTaken,
    Ending,
    FinishedGame,
    GameSpec,
    OutboxItem,
    Repository,
    SavedBoard,
    Step,
    StoredGame,
)

SEEN_IN_MEMORY = 20_000  # recent message keys kept for de-duplication
SHELL_COMMAND = re.compile(rf"^/?({'|'.join(sorted(SHELL_WORDS, key=len, reverse=True))})\s*(.*)$", re.S)
SLASHES = ("/", "／")
TIMER_RETRY_S = (1, 2, 5, 10, 20)  # a timer whose step could not be stored fires again after these
TIMER_SWEEP_S = 10  # how often due timers are looked for, whatever the scheduler did with them
REBUILD_PAUSE_S = 0.005  # between two games rebuilt in the background: commands come first
SAVE_ATTEMPTS = 5  # a board name others keep saving at the same moment: give up after this many tries
FINISHED_LISTED = 10  # /对局 lists this many of the newest finished games
UNDELIVERED_LISTED = 20
HELD_MARK = "【未送达】"  # starts every notice about a held row (a held notice is not reported again)
UNDELIVERED_SHOWN = 5  # /未送达 <编号…> shows the contents of at most this many rows
CONTENT_SHOWN = 200  # characters of a row's text shown to the directors
CONTENT_APART = "内容另发一条；若收不到，多半是QQ拒收了内容里的字词。"

INTERNAL_ERROR = "内部错误，操作未生效，已通知导演。"
STORAGE_DOWN = "暂时无法记录，请稍后重发。"
NOT_IN_GAME = "你不在任何进行中的对局里。发送 /帮助 查看命令；导演可用 /开局 <板子> 开一局。"
TOO_FAST = "你发送得太快了，部分回复已省略（命令照常处理）。请稍后再发，或发送 /身份 查看现在的状态。"
HELP_TEXT = """狼人杀（版杀）助手命令，私聊时可省略开头的 /。
【导演】
/开局 <板子>：开一局（内置的有{boards}等，/板子 查看全部；也可以是导演保存的板子）
/板子：可以开局的所有板子　/板子 <名字>：查看板子文件（可复制修改）
/新板子 加换行加板子文件：检查并保存（同名再存是新版本）　/检查板子 加换行加文件：只检查
/删板子 <名字>：删除自己保存的板子　/身份库 [身份]：板子文件可用的身份及选项
/导演 <QQ号>：添加副导演
/座位 N号 <QQ号> [昵称]：绑定座位（重新绑定即替补）
/身份 N号 <身份>　/发牌：指定或随机发放身份
/狼群 <群号>：绑定狼人群
/开始：检查配置并私发身份
/警长 N号　/入夜 [HH:MM]　/时限 <身份> <时长>　/推进　/天亮
/投票 A号 B号|弃权　/票型　/放逐 [N号|无]　/罚下 N号　/状态　/结束 [确认]
/未送达 [编号]：查看发送失败、仍在重试的消息（写编号另发它的内容）
/重发 <编号>|全部　/丢弃 <编号>|全部：处理被搁置的消息
/复盘 <编号>：一局的完整记录（进行中的也可以）
【玩家】
/身份：查看自己的身份与可用技能
/<技能> <目标>：使用技能，例如 /预言 3号、/刀 5号
/放弃 [技能]：放弃当前（或指定）的技能
【通用】
/对局 [编号]：同时参与多局时，选择私聊命令发往哪一局
/帮助：显示本帮助"""


DIRECTOR_SHELL_HELP = (
    "/未送达 [编号]：查看发送失败、仍在重试的消息（写编号另发它的内容）\n/重发 <编号>|全部　/丢弃 <编号>|全部：处理被搁置的消息\n"
    "/复盘 <编号>：一局的完整记录（进行中的也可以）\n"
    "/板子 [名字]　/新板子　/检查板子　/删板子 <名字>　/身份库 [身份]：查看、保存、检查、删除板子文件，查看身份\n"
)
GAME_HELP_FOOTER = "/对局 [编号]：同时参与多局时，选择私聊命令发往哪一局\n/帮助：显示本帮助"


class Scheduler(Protocol):
    """Runs `callback` once at epoch time `due`; arming an armed `job_id` again replaces it."""

    def arm(self, job_id: str, due: float, callback: Callable[[], Awaitable[None]]) -> None: ...

    def cancel(self, job_id: str) -> None: ...


@dataclass
class LiveGame:
    """A loaded game with what the shell keeps beside it.  Its log is not kept: it is read back
    from the database when the game must be rebuilt (an event failed or could not be stored)."""

    spec: GameSpec
    game: Game
    opener: int  # who opened it (0: unknown): told of its internal errors
    logged: int = 0  # entries in its stored log: the number of the next one
    timers: dict[str, float] = field(default_factory=dict)  # armed timers, as stored
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    stale: bool = False  # took an event the database does not have, and its log could not be read since

    @property
    def id(self) -> int:
        return self.spec.id

    def involves(self, qq: int) -> bool:
        return self.game.is_director(qq) or self.game.is_player(qq)


@dataclass
class BrokenGame:
    """A running game whose log could not be rebuilt: stopped, listed, its directors told."""

    spec: GameSpec
    game: Game | None  # the state before the event that failed, when the board could be set up
    failed_at: int  # index of the log entry that failed
    directors: tuple[int, ...]

    def label(self) -> str:
        return f"{self.spec.id}号局（{self.spec.board}）"

    def involves(self, qq: int) -> bool:
        return qq in self.directors or (self.game is not None and self.game.is_player(qq))


@dataclass(frozen=True)
class Origin:
    """Where a message came from: who said it, in which chat, under which de-duplication key."""

    qq: int
    group: int | None
    key: MessageKey

    @property
    def account(self) -> int:
        """The bot account the message reached."""
        return self.key[0]

    def answer(self, text: str) -> Outgoing:
        if self.group is not None:
            return Outgoing("group", self.group, text)
        return _dm(self.qq, text)

    def is_reply(self, message: Outgoing) -> bool:
        place = ("private", self.qq) if self.group is None else ("group", self.group)
        return (message.kind, message.target) == place


def normalize_command(text: str, command_starts: Iterable[str]) -> str:
    """Strip surrounding blanks and write a leading command prefix (any configured one) as "/"."""
    text = text.strip()
    for prefix in sorted({*command_starts, *SLASHES}, key=len, reverse=True):
        if prefix and text.startswith(prefix):
            return "/" + text[len(prefix) :]
    return text


def random_seed() -> int:
    return random.randrange(1, 2**31)


def job_id(game_id: int, key: str) -> str:
    return f"werewolf:{game_id}:{key}"


def outcome_of(game: Game) -> str:
    return f"{game.winner}胜利" if game.winner else "导演提前结束"


class WerewolfService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        sender: Send,
        scheduler: Scheduler,
        directors_allowed: set[int],
        timezone: str,
        *,
        superusers: Iterable[int] = (),
        game_cls: type[Game] = Game,
        command_starts: Iterable[str] = ("/",),
        new_seed: Callable[[], int] = random_seed,
        pacing: Callable[[], Pacer] | None = None,
        accounts: Iterable[int] = (),
        reply_limiter: ReplyLimiter | None = None,
        max_send_chars: int = MAX_SEND_CHARS,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.scheduler = scheduler
        self.superusers = set(superusers)
        self.directors_allowed = directors_allowed | self.superusers
        self.timezone = timezone
        self.game_cls = game_cls
        self.command_starts = tuple(command_starts)
        self.new_seed = new_seed
        self.max_send_chars = max_send_chars
        self.accounts = frozenset(accounts)  # the QQ accounts this process serves; empty: every one
        self.outbox = Outbox(repo, clock, sender, pacing=pacing, on_hold=self._report_held)
        self.limiter = reply_limiter or ReplyLimiter(clock)
        self.games: dict[int, LiveGame] = {}
        self._unbuilt: dict[int, StoredGame] = {}  # running games loaded but not rebuilt yet
        self._rebuilding: asyncio.Task[None] | None = None
        self._reports: set[asyncio.Task[None]] = set()
        self._started = False
        self._finished_directors: set[int] = set()  # directors of the finished games
        self.broken: dict[int, BrokenGame] = {}
        self.finished: dict[int, FinishedGame] = {}
        self._focus: dict[int, int] = {}
        self._mentioned = NumberIndex()  # qq or group -> games whose log shows that number
        self._seen = SeenMessages(SEEN_IN_MEMORY)
        self._firing: set[tuple[int, str, float]] = set()  # (game, timer, due) being fired now
        self._timer_retries: dict[tuple[int, str, float], tuple[int, float]] = {}  # failed: (count, retry at)
        self._sweeper: asyncio.Task[None] | None = None
        self._unstored_ids = itertools.count(
            -(2**62)
        )  # replies kept in memory only: below every stored id, in order

    # ------------------------------------------------------------ life cycle

    async def start(self, *, background_delivery: bool = True) -> None:
        """Open the database, load every running game, re-arm its timers and fire overdue ones.

        A running game is rebuilt from its log when something first needs it (a message of one of
        its players, its group or its timer), and the others one by one in the background, so that
        start-up does not grow with the number of games.  `background_delivery`: deliver the outbox
        and sweep due timers in background tasks; without it (tests drive delivery and time by hand,
        calling `outbox.pump()` and `sweep_timers()`) every game is rebuilt before this returns."""
        await self.repo.open()
        if self.repo.migrated is not None:
            before, after = self.repo.migrated
            logger.info(f"werewolf: database schema upgraded from revision {before or '(empty)'} to {after}")
        now = self.clock()
        for key in await self.repo.load_recent_seen(now, SEEN_IN_MEMORY):
            self._seen.add(key)
        self._focus = await self.repo.load_focus()
        for finished in await self.repo.load_finished_games():
            self._note_finished(finished)
        for stored in await self.repo.load_active_games():
            if self.serves(stored.spec.account):
                self._unbuilt[stored.spec.id] = stored
                for qq in stored.numbers_shown():
                    self._mentioned.add(qq, stored.spec.id)
        if not background_delivery:
            for game_id in list(self._unbuilt):
                self._running(game_id)
        self.outbox.add([item for item in await self.repo.load_pending_outbox() if self.serves(item.account)])
        for broken in self.broken.values():
            await self._report_broken(broken)
        self._started = True
        if background_delivery:
            self.outbox.start()
            self._sweeper = asyncio.create_task(self._sweep_timers_forever(), name="werewolf-timer-sweep")
        overdue = []
        stored_timers = [(live.id, live.timers) for live in self.games.values()]
        for game_id, timers in stored_timers + [(i, g.timers) for i, g in self._unbuilt.items()]:
            for key, due in timers.items():
                if due <= now:
                    overdue.append((due, game_id, key))
                else:
                    self._arm(game_id, key, due)
        for due, game_id, key in sorted(overdue):
            await self.fire_timer(game_id, key, due)
        logger.info(
            f"werewolf: {len(self.games) + len(self._unbuilt)} running game(s), "
            f"{len(self.broken)} that cannot be rebuilt, {len(self.outbox.pending)} undelivered"
        )
        if background_delivery:
            self._rebuilding = asyncio.create_task(self._rebuild_the_rest())

    async def _rebuild_the_rest(self) -> None:
        """Rebuild the running games nothing has needed yet, one at a time between other work."""
        while self._unbuilt:
            self._running(next(iter(self._unbuilt)))
            await asyncio.sleep(REBUILD_PAUSE_S)

    async def rebuilt(self) -> None:
        """Wait until every running game loaded at start-up is rebuilt (and those that cannot be,
        reported to their directors)."""
        if self._rebuilding is not None:
            await self._rebuilding
        while self._reports:
            await asyncio.gather(*self._reports)

    async def stop(self) -> None:
        if self._rebuilding is not None:
            self._rebuilding.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        await self.outbox.stop()
        await self.repo.close()

    def set_online(self, account: int, online: bool) -> None:
        """A QQ account connected or went away."""
        self.outbox.set_online(account, online)

    def serves(self, account: int | None) -> bool:
        """Whether this process serves the account: its games, and messages reaching it.  Games and
        rows that name no account (opened before 0.2.0) belong to a process that serves every one."""
        return not self.accounts or account in self.accounts

    def _running(self, game_id: int) -> LiveGame | None:
        """The running game `game_id`, rebuilt from its log if nothing needed it since start-up."""
        live = self.games.get(game_id)
        if live is None and (stored := self._unbuilt.pop(game_id, None)) is not None:
            live = self._restore(stored)
        return live

    def _restore(self, stored: StoredGame) -> LiveGame | None:
        spec, events = stored.spec, stored.events
        try:
            game = self.game_cls.replay(
                spec.id, spec.board, spec.seed, spec.timezone, events, **built_as_opened(spec)
            )
        except Exception:
            logger.exception(f"werewolf: cannot rebuild game {spec.id}; it stays stopped")
            broken = self.broken[spec.id] = self._broken(spec, events)
            if self._started:  # start-up tells of those it found; later ones are told now
                report = asyncio.create_task(self._report_broken(broken))
                self._reports.add(report)
                report.add_done_callback(self._reports.discard)
            return None
        opener = events[0].qq if events else 0
        live = LiveGame(spec, game, opener, len(events), dict(stored.timers))
        self.games[spec.id] = live
        return live

    def _broken(self, spec: GameSpec, events: list[Event]) -> BrokenGame:
        """What can be known of a game whose log fails: its state up to the failing entry."""
        opener = (events[0].qq,) if events else ()
        try:
            game = self.game_cls(spec.id, spec.board, spec.seed, spec.timezone, **built_as_opened(spec))
        except Exception:
            return BrokenGame(spec, None, 0, opener or tuple(self.superusers))
        for index, event in enumerate(events):
            try:
                taken = game.handle(event).changed
            except Exception:
                taken = False
            if not taken:
                return BrokenGame(spec, game, index, tuple(game.directors) or opener)
        return BrokenGame(spec, game, len(events), tuple(game.directors) or opener)

    async def _report_broken(self, broken: BrokenGame) -> None:
        spec = broken.spec
        opened_by = spec.engine_version or "0.2.0之前的版本"
        if broken.game is None and spec.board_version is not None:
            what = f"它开局时用的板子「{spec.board}」第{spec.board_version}版现在无法载入"
        else:
            what = f"第{broken.failed_at + 1}条记录出错"
        text = (
            f"【{broken.label()}】无法从记录恢复（{what}，详情见机器人日志），"
            f"本局已暂停，其他对局照常进行。本局由{opened_by}开局，现在运行的是{VERSION}；"
            "若是升级后出现的，可退回原来的版本。每次启动都会重试；请联系机器人维护者。"
        )
        step = Step(self.clock(), game_id=broken.spec.id, messages=[_dm(qq, text) for qq in broken.directors])
        await self._commit(None, step)

    # ------------------------------------------------------------ incoming messages

    async def handle_message(
        self, self_id: int, message_id: int, user_id: int, group_id: int | None, text: str
    ) -> None:
        if not (valid_id(self_id) and valid_id(user_id) and (group_id is None or valid_id(group_id))):
            logger.warning(
                f"werewolf: ignored a message with impossible ids ({self_id}, {user_id}, {group_id})"
            )
            return
        if not self.serves(self_id):
            return
        text = normalize_command(clean_text(text), self.command_starts)
        if not text or (group_id is not None and not text.startswith("/")):
            return
        origin = Origin(user_id, group_id, message_key(self_id, message_id, user_id, group_id))
        if origin.key in self._seen:
            return
        live = self._game_of_group(group_id) if group_id is not None else None
        if group_id is not None and (live is None or live.spec.account not in (None, self_id)):
            return  # not our group, or one the game's own account is in too and hears
        self._seen.add(origin.key)
        limit = MAX_FILE_MESSAGE_CHARS if group_id is None and is_file_command(text) else MAX_INPUT_CHARS
        if group_id is None:  # a day's vote posts pasted after /投票 (the engine keeps its own limit)
            limit = max(limit, message_limit(text) or 0)
        if len(text) > limit:
            reply = f"消息太长（{len(text)}字），最多{limit}字，没有处理。"
            await self._commit(
                None, Step(self.clock(), seen=origin.key, messages=[origin.answer(reply)]), origin
            )
        elif live is not None and (word := _private_word(text)) is not None:
            reply = f"这个命令请私聊我发送：/{word} 只在私聊里收。"
            await self._commit(
                None, Step(self.clock(), seen=origin.key, messages=[origin.answer(reply)]), origin
            )
        elif live is not None:
            await self._play(live, origin, text)
        else:
            await self._handle_private(origin, text)

    async def _handle_private(self, origin: Origin, text: str) -> None:
        match = SHELL_COMMAND.match(text)
        command, arg = (match.group(1), match.group(2).strip()) if match else ("", "")
        qq, seen = origin.qq, origin
        if command == "开局":
            await self._open(origin, arg, text)
        elif command == "帮助":
            await self._reply(qq, self._help(qq), seen)
        elif command == "未送达":
            await self._show_undelivered(origin, arg)
        elif command in ("重发", "丢弃"):
            await self._reply(qq, self._retry_or_drop(qq, command, arg), seen, urgent=True)
        elif command == "对局":
            await self._choose_game(origin, arg)
        elif command == "复盘":
            await self._reply(qq, await self._record_of(qq, arg), seen)
        elif command in BOARD_WORDS:
            await self._board_command(origin, command, arg, text)
        else:
            await self._route_private(origin, text)

    async def _route_private(self, origin: Origin, text: str) -> None:
        qq = origin.qq
        mine = self._games_of(qq)
        if not mine:
            broken = [b for b in self.broken.values() if b.involves(qq)]
            what = f"你所在的{broken[0].label()}暂时无法恢复，已通知导演。" if broken else NOT_IN_GAME
            await self._reply(origin.qq, what, origin)
            return
        live = mine[0] if len(mine) == 1 else self.games.get(self._focus.get(qq, 0))
        if live is None or live not in mine:
            await self._reply(origin.qq, "你同时在多局里，请先选择：\n" + self._games_listing(qq), origin)
            return
        await self._play(live, origin, text)

    def is_ours(self, qq: int, group_id: int | None) -> bool:
        """Whether a message from `qq` (in `group_id`, if any) belongs to one of our games: the
        group is bound to a running game, or, in private chat, the sender is in a running game or
        one that cannot be rebuilt."""
        if group_id is not None:
            return self._game_of_group(group_id) is not None
        return bool(self._games_of(qq)) or any(broken.involves(qq) for broken in self.broken.values())

    def _games_of(self, qq: int) -> list[LiveGame]:
        candidates = sorted(self._mentioned.games(qq))
        return [live for game_id in candidates if (live := self._running(game_id)) and live.involves(qq)]

    def _index(self, game_id: int, event: Event) -> None:
        """Note the QQ numbers a logged event shows its game: the sender and any number in the text.

        A game can only know the accounts its events told it about, so these are the only games
        where a QQ can be a director or player; routing asks only them.
        """
        for qq in {event.qq, *small_numbers(event.text)}:
            self._mentioned.add(qq, game_id)

    def _game_of_group(self, group_id: int) -> LiveGame | None:
        """The running game the group is bound to: a group is bound by a command naming its number,
        so only the games whose log shows that number are asked."""
        return next(iter(self._games_bound_to(group_id)), None)

    def _games_bound_to(self, group_id: int) -> list[LiveGame]:
        """The running games bound to `group_id`, the newest first."""
        candidates = sorted(self._mentioned.games(group_id), reverse=True)
        return [
            live
            for game_id in candidates
            if (live := self._running(game_id)) is not None and group_id in live.game.groups()
        ]

    # ------------------------------------------------------------ shell commands

    async def _open(self, origin: Origin, arg: str, text: str) -> None:
        qq = origin.qq
        if qq not in self.directors_allowed:
            await self._reply(origin.qq, NOT_A_DIRECTOR.format(what="开局"), origin)
            return
        arg = builtin_name(normalize(arg))
        if (problem := boardfiles.name_problem(arg)) is not None:
            await self._reply(origin.qq, problem, origin)
            return
        board = arg if arg in BOARD_NAMES else (arg.split()[0] if arg else "")
        saved = None
        if board not in BOARD_NAMES and arg:
            try:
                saved = await self._saved_board_named(arg)
            except Exception:
                logger.exception("werewolf: the saved boards could not be read")
                await self._storage_down(origin)
                return
            board = saved.name if saved is not None else board
        if board not in BOARD_NAMES and saved is None:
            what = f"没有叫「{board}」的板子。" if board else "请写明板子。"
            near = did_you_mean(board, BOARD_NAMES) if board else ""
            seeds = "、".join((*SEEDS, *STANDARD))
            reply = (
                f"{what}{near}内置板子：{seeds}，另有常见板子{len(COMMON)}个；"
                "发送 /板子 查看全部（包括导演保存的）。用法：/开局 <板子>"
            )
            await self._reply(origin.qq, reply, origin)
            return
        await self._open_board(origin, board, saved, text)

    async def _saved_board_named(self, arg: str) -> SavedBoard | None:
        """The saved board a command names: the whole argument, else its first word."""
        saved, _ = await self.repo.saved_board(arg)
        if saved is None and len(words := arg.split()) > 1:
            saved, _ = await self.repo.saved_board(words[0])
        return saved

    async def _storage_down(self, origin: Origin) -> None:
        self._seen.forget(origin.key)
        self._send_unstored([origin.answer(STORAGE_DOWN)], origin.account)

    async def _open_board(self, origin: Origin, board: str, saved: SavedBoard | None, text: str) -> None:
        qq = origin.qq
        now = self.clock()
        try:
            game_id = await self.repo.new_game_id(now)
        except Exception:
            logger.exception("werewolf: no game id could be had from the database")
            await self._storage_down(origin)
            return
        spec = GameSpec(
            game_id,
            board,
            self.new_seed(),
            self.timezone,
            account=origin.account,
            board_text=saved.text if saved is not None else None,
            board_version=saved.version if saved is not None else None,
        )
        event = Event(kind="say", at=now, qq=qq, text=text)
        try:
            live = LiveGame(spec, await self._new_game(spec), qq)
            result = live.game.handle(event)
        except Exception:
            logger.exception(f"werewolf: opening a game of {board} failed")
            await self._reply(origin.qq, await self._unusable(saved), origin)
            return
        step = Step(at=now, seen=origin.key, messages=list(result.messages))
        if result.changed:
            step.game_id = spec.id
            step.new_game = spec
            step.focus = (qq, spec.id)
            self._record(live, event, step)
        if await self._commit(live, step, origin) and result.changed and not live.game.ended:
            self.games[spec.id] = live
            self._focus[qq] = spec.id

    async def _new_game(self, spec: GameSpec) -> Game:
        """A new game of the spec's board; a saved board's file is read and composed off the event loop."""
        if spec.board_text is None:
            return self.game_cls(spec.id, spec.board, spec.seed, spec.timezone, **built_as_opened(spec))
        return await asyncio.to_thread(
            self.game_cls, spec.id, spec.board, spec.seed, spec.timezone, **built_as_opened(spec)
        )

    @staticmethod
    async def _unusable(saved: SavedBoard | None) -> str:
        """Why a game could not be opened: a saved board that no longer passes the checks (the bot
        was updated since it was saved) says what is wrong; anything else is an internal error."""
        if saved is None:
            return INTERNAL_ERROR
        result = await asyncio.to_thread(boardfiles.checked, saved.text)
        if result.board is not None:
            return INTERNAL_ERROR
        return (
            f"板子「{saved.name}」第{saved.version}版现在无法开局（机器人更新后它通不过检查了）：\n"
            f"{problems_text(result.problems)}\n请修改后用 /新板子 重新保存。"
        )

    # ------------------------------------------------------------ board files

    async def _board_command(self, origin: Origin, command: str, arg: str, text: str) -> None:
        qq = origin.qq
        if qq not in self.directors_allowed:
            what = "使用身份库" if command == "身份库" else "查看和保存板子"
            await self._reply(qq, NOT_A_DIRECTOR.format(what=what), origin)
            return
        arg = normalize(arg)  # 竞技１２ names 竞技12, as a saved name is stored
        try:
            if command == "板子":
                await self._show_board(origin, arg)
            elif command == "身份库":
                await self._reply(qq, boardfiles.role_library(arg), origin)
            elif command == "删板子":
                await self._remove_board(origin, arg)
            elif boardfiles.on_command_line(text, command):
                reply = boardfiles.same_line_reply(command, saving=command == "新板子")
                await self._reply(qq, reply, origin)
            else:
                await self._board_file(origin, command, boardfiles.file_in(text, command))
        except Exception:
            logger.exception(f"werewolf: /{command} failed")
            await self._storage_down(origin)

    async def _show_board(self, origin: Origin, arg: str) -> None:
        qq = origin.qq
        if not arg:
            await self._reply(qq, boardfiles.listing(await self.repo.saved_boards()), origin)
            return
        arg = builtin_name(arg)
        saved = None if arg in BOARD_NAMES else await self._saved_board_named(arg)
        if saved is None and (problem := boardfiles.name_problem(arg)) is not None:
            await self._reply(qq, problem, origin)
            return
        if arg not in BOARD_NAMES and saved is None:
            listing = boardfiles.listing(await self.repo.saved_boards())
            await self._reply(qq, f"没有叫「{arg}」的板子。\n{listing}", origin)
            return
        name = saved.name if saved is not None else arg
        file = saved.text if saved is not None else builtin_text(name)
        pieces = boardfiles.file_pieces(file, self.max_send_chars)
        messages = [_dm(qq, boardfiles.file_header(name, saved)), *(_dm(qq, piece) for piece in pieces)]
        await self._commit(None, Step(self.clock(), seen=origin.key, messages=messages), origin)

    async def _board_file(self, origin: Origin, command: str, file: str) -> None:
        qq = origin.qq
        if not file.strip():
            await self._reply(qq, boardfiles.FILE_USAGE.format(word=command), origin)
            return
        result = await asyncio.to_thread(boardfiles.checked, file)
        saving = command == "新板子"
        if result.board is None or result.problems:
            await self._reply(qq, boardfiles.problems_reply(result, saving), origin)
        elif not saving:
            await self._reply(qq, boardfiles.checked_reply(result.board.name, result.board.size), origin)
        else:
            await self._save_board(origin, result.board.name, result.board.size, file)

    async def _save_board(self, origin: Origin, name: str, seats: int, file: str) -> None:
        """Save the file as the name's next version, or say why it cannot be.  Two directors may
        save one name at once (through two bot processes too): the database takes one version
        number once, and the message that finds its number taken is decided again, as if it had
        come second."""
        qq = origin.qq
        if builtin_name(name) in BOARD_NAMES:
            await self._reply(qq, boardfiles.BUILTIN_NAME_TAKEN.format(name=name), origin)
            return
        for _ in range(SAVE_ATTEMPTS):
            latest, highest = await self.repo.saved_board(name)
            if latest is not None and not self._may_change(qq, latest):
                reply = boardfiles.NOT_YOURS_TO_SAVE.format(name=name, owner=latest.owner)
                await self._reply(qq, reply, origin)
                return
            now = self.clock()
            owner = latest.owner if latest is not None else qq
            board = SavedBoard(name, highest + 1, file, seats, owner, qq, now)
            reply = boardfiles.saved_reply(board)
            step = Step(now, seen=origin.key, messages=[_dm(qq, reply)], saved_board=board)
            try:
                await self._commit(None, step, origin)
            except BoardVersionTaken:
                logger.info(
                    f"werewolf: board {name} version {board.version} was saved meanwhile; deciding again"
                )
                continue
            return
        logger.warning(f"werewolf: board {name} kept being saved by others; QQ{qq} is asked to send again")
        await self._storage_down(origin)

    async def _remove_board(self, origin: Origin, arg: str) -> None:
        qq = origin.qq
        if not arg:
            await self._reply(qq, "用法：/删板子 <名字>（/板子 查看全部板子）", origin)
            return
        if arg in BOARD_NAMES:
            await self._reply(qq, f"「{arg}」是内置板子，不能删除。", origin)
            return
        saved, _ = await self.repo.saved_board(arg)
        if saved is None and (problem := boardfiles.name_problem(arg)) is not None:
            await self._reply(qq, problem, origin)
            return
        if saved is None:
            await self._reply(qq, f"没有叫「{arg}」的已保存板子（/板子 查看全部板子）。", origin)
            return
        if not self._may_change(qq, saved):
            await self._reply(qq, boardfiles.NOT_YOURS_TO_REMOVE.format(name=arg, owner=saved.owner), origin)
            return
        reply = f"已删除板子「{arg}」。已经用它开的对局照常进行，不受影响；这个名字可以重新使用。"
        step = Step(self.clock(), seen=origin.key, messages=[_dm(qq, reply)], removed_board=arg)
        await self._commit(None, step, origin)

    def _may_change(self, qq: int, board: SavedBoard) -> bool:
        """Only the director who saved a board, or a superuser, saves new versions of it or removes it."""
        return qq == board.owner or qq in self.superusers

    async def _choose_game(self, origin: Origin, arg: str) -> None:
        qq = origin.qq
        mine = self._games_of(qq)
        number = first_number(arg)
        chosen = next((live for live in mine if live.id == number), None)
        if chosen is not None:
            reply = f"好的，之后你的私聊命令发往{chosen.game.label()}。"
            step = Step(self.clock(), seen=origin.key, messages=[_dm(qq, reply)], focus=(qq, chosen.id))
            if await self._commit(None, step, origin):
                self._focus[qq] = chosen.id
            return
        listing = self._games_listing(qq)
        if number is not None and number in self.finished and self._may_read(qq, number):
            head = f"{number}号局已经结束，发送 /复盘 {number} 查看完整记录。"
        elif number is not None and number in self.broken and self.broken[number].involves(qq):
            head = f"{self.broken[number].label()}无法从记录恢复，暂停中。"
        elif number is not None:
            head = f"你不在{number}号局里。"
        elif arg:
            head = f"看不懂「{arg[:20]}」：请写对局编号，例如 /对局 1。"
        else:
            head = "你参与的对局：" if listing else NOT_IN_GAME
        await self._reply(origin.qq, "\n".join(filter(None, [head, listing])), origin)

    def _help(self, qq: int) -> str:
        """/帮助: in a game, that game's help for the sender (its director commands or their own
        skills); otherwise the general help."""
        mine = self._games_of(qq)
        live = mine[0] if len(mine) == 1 else self.games.get(self._focus.get(qq, 0))
        in_game = live.game.help_for(qq) if live is not None and live in mine else None
        if in_game is None:
            return HELP_TEXT.format(boards="、".join((*SEEDS, *STANDARD)))
        shell = DIRECTOR_SHELL_HELP if live.game.is_director(qq) else ""
        return f"{in_game}\n\n【通用】\n{shell}{GAME_HELP_FOOTER}"

    def _games_listing(self, qq: int) -> str:
        """The running games `qq` is in, those that cannot be rebuilt, and the finished ones they may read."""
        lines = []
        for live in self._games_of(qq):
            role = "导演" if live.game.is_director(qq) else "玩家"
            current = "（当前）" if self._focus.get(qq) == live.id else ""
            lines.append(f"{live.id}：{live.game.label()}，你是{role}{current}")
        lines += [
            f"{b.spec.id}：{b.label()}，无法从记录恢复，暂停中"
            for b in self.broken.values()
            if b.involves(qq)
        ]
        choose = "发送 /对局 <编号> 选择。" if lines else ""
        readable = [game for game in self.finished.values() if self._may_read(qq, game.spec.id)]
        finished = [
            f"{game.spec.id}：{game.spec.id}号局（{game.spec.board}），已结束：{game.outcome or '已结束'}"
            for game in readable[-FINISHED_LISTED:]
        ]
        if finished:
            finished.append("发送 /复盘 <编号> 查看已结束对局的完整记录。")
        return "\n".join(filter(None, [*lines, choose, *finished]))

    def _may_read(self, qq: int, game_id: int) -> bool:
        """Only directors of a game (and superusers) may read its record or manage its messages."""
        if qq in self.superusers:
            return True
        if (live := self._running(game_id)) is not None:
            return live.game.is_director(qq)
        if (broken := self.broken.get(game_id)) is not None:
            return qq in broken.directors
        finished = self.finished.get(game_id)
        return finished is not None and qq in (finished.directors or ())

    async def _record_of(self, qq: int, arg: str) -> str:
        game_id = first_number(arg)
        if game_id is None:
            return "用法：/复盘 <对局编号>\n" + (self._games_listing(qq) or NOT_IN_GAME)
        if (live := self._running(game_id)) is not None:
            return game_record(live.game) if self._may_read(qq, game_id) else self._not_yours(game_id)
        finished = self.finished.get(game_id)
        if finished is None or (finished.directors is not None and not self._may_read(qq, game_id)):
            return self._not_yours(game_id)
        game = await self._load_finished(finished)
        if game is None:
            return f"{game_id}号局无法从记录恢复，详情见机器人日志。"
        return game_record(game) if self._may_read(qq, game_id) else self._not_yours(game_id)

    @staticmethod
    def _not_yours(game_id: int) -> str:
        return f"只有{game_id}号局的导演可以查看它的记录。"

    async def _load_finished(self, finished: FinishedGame) -> Game | None:
        """A finished game rebuilt from its log; learns its directors if they were not stored (0.1.0)."""
        stored = await self.repo.load_game(finished.spec.id)
        spec = stored.spec if stored is not None else finished.spec  # with its board file, if any
        try:
            game = self.game_cls.replay(
                spec.id,
                spec.board,
                spec.seed,
                spec.timezone,
                stored.events if stored else [],
                **built_as_opened(spec),
            )
        except Exception:
            logger.exception(f"werewolf: cannot rebuild finished game {spec.id} for its record")
            return None
        if finished.directors is None:
            self._note_finished(replace(finished, directors=tuple(game.directors)))
        return game

    def _visible_rows(self, qq: int) -> list[OutboxItem]:
        """The undelivered rows `qq` may see and manage: those of games they direct (superusers and
        configured directors also see replies that belong to no game)."""
        return [
            item
            for item in self.outbox.pending
            if item.stored
            and (
                (item.game_id is not None and self._may_read(qq, item.game_id))
                or (item.game_id is None and qq in self.directors_allowed)
            )
        ]

    def _directs_something(self, qq: int) -> bool:
        """A configured director, or a director of a running, stopped or finished game."""
        return (
            qq in self.directors_allowed
            or any(live.game.is_director(qq) for live in self._games_of(qq))
            or any(qq in broken.directors for broken in self.broken.values())
            or qq in self._finished_directors
        )

    def _note_finished(self, finished: FinishedGame) -> None:
        self.finished[finished.spec.id] = finished
        self._finished_directors.update(finished.directors or ())

    async def _show_undelivered(self, origin: Origin, arg: str) -> None:
        """/未送达: the undelivered rows, named by number and recipient but never quoted (QQ may be
        refusing exactly that text); /未送达 <编号…>: those rows, each text in a message of its own."""
        qq, wanted = origin.qq, small_numbers(arg)[:UNDELIVERED_SHOWN]
        if wanted and self._directs_something(qq):
            text, contents = self._undelivered_contents(qq, wanted)
        else:
            text, contents = self._undelivered_report(qq), []
        step = Step(self.clock(), seen=origin.key, messages=[_dm(qq, text)], urgent=True)
        await self._commit(None, step, origin, copies=contents)

    def _undelivered_report(self, qq: int) -> str:
        if not self._directs_something(qq):
            return "只有导演可以查看未送达的消息。"
        rows = self._visible_rows(qq)
        if not rows:
            return "没有未送达的消息。"
        lines = [f"未送达的消息共{len(rows)}条："]
        lines += [self._row_line(item) for item in rows[:UNDELIVERED_LISTED]]
        if len(rows) > UNDELIVERED_LISTED:
            lines.append(f"……另有{len(rows) - UNDELIVERED_LISTED}条")
        lines.append(
            "发送 /未送达 <编号> 查看内容，/重发 <编号> 立即再试，/丢弃 <编号> 不再发送"
            "（编号可写多个，或写「全部」）。"
        )
        return "\n".join(lines)

    def _undelivered_contents(self, qq: int, wanted: list[int]) -> tuple[str, list[Outgoing]]:
        visible = {item.id: item for item in self._visible_rows(qq)}
        shown = [visible[row_id] for row_id in dict.fromkeys(wanted) if row_id in visible]
        unknown = [f"#{row_id}" for row_id in wanted if row_id not in visible]
        lines = [self._row_line(item) for item in shown]
        if shown:
            lines.append(f"每条的{CONTENT_APART}可用 /丢弃 <编号> 不再发送。")
        if unknown:
            lines.append(f"{'、'.join(unknown)}不在你的未送达消息里（可能已经发出）。")
        return "\n".join(lines), [_dm(qq, self._content_of(item)) for item in shown]

    def _row_line(self, item: OutboxItem) -> str:
        where = self._label_of(item.game_id)
        state = "，已暂停（后面的消息照常发送）" if item.held_at is not None else ""
        failure = describe_failure(item.last_error)
        return f"#{item.id} {where}→{_recipient(item)}：已试{item.attempts}次{state}；{failure}"

    @staticmethod
    def _content_of(item: OutboxItem) -> str:
        cut = "……" if len(item.text) > CONTENT_SHOWN else ""
        return f"#{item.id}的内容：{item.text[:CONTENT_SHOWN]}{cut}"

    def _label_of(self, game_id: int | None) -> str:
        if game_id is None:
            return "（不属于对局）"
        if (live := self._running(game_id)) is not None:
            return live.game.label()
        if (broken := self.broken.get(game_id)) is not None:
            return broken.label()
        finished = self.finished.get(game_id)
        return f"{game_id}号局（{finished.spec.board}）" if finished else f"{game_id}号局"

    def _retry_or_drop(self, qq: int, command: str, arg: str) -> str:
        if not self._directs_something(qq):
            return f"只有导演可以{command}未送达的消息。"
        visible = {item.id: item for item in self._visible_rows(qq)}
        if arg == "全部" and not visible:
            return f"没有未送达的消息，没有要{command}的。"
        wanted = list(visible) if arg == "全部" else small_numbers(arg)
        if not wanted:
            return f"用法：/{command} <编号>（编号见 /未送达，可写多个，或写「全部」）"
        done = [visible[row_id] for row_id in wanted if row_id in visible]
        unknown = [f"#{row_id}" for row_id in wanted if row_id not in visible]
        for item in done:
            if command == "重发":
                self.outbox.retry_now(item)
            else:
                self.outbox.drop(item)
        verb = "已重新发送" if command == "重发" else "已丢弃，不再发送"
        lines = [f"{verb}：{'、'.join(f'#{item.id}' for item in done)}。"] if done else []
        if unknown:
            lines.append(f"{'、'.join(unknown)}不在你的未送达消息里（可能已经发出）。")
        return "\n".join(lines)

    async def _report_held(self, items: list[OutboxItem]) -> None:
        """Tell the directors about rows QQ keeps refusing (called by the outbox; raises if not stored).
        The notice names the row and its recipient; the text goes in a message of its own, which
        QQ may refuse as it refused the row."""
        for item in items:
            if item.text.startswith(HELD_MARK):
                continue
            text = (
                f"{HELD_MARK}{self._label_of(item.game_id)}发给{_recipient(item)}的消息#{item.id}"
                f"被拒绝了{item.attempts}次（{describe_failure(item.last_error)}），已暂停，后面的消息照常发送。\n"
                f"发送 /重发 {item.id} 再试，或 /丢弃 {item.id} 不再发送；/未送达 查看全部。\n{CONTENT_APART}"
            )
            directors = sorted(self._responsible_for(item.game_id))
            step = Step(self.clock(), game_id=item.game_id, urgent=True)
            step.messages = [_dm(qq, text) for qq in directors]
            contents = [_dm(qq, self._content_of(item)) for qq in directors]
            if not await self._commit(None, step, copies=contents):
                raise RuntimeError("the notice about a held message could not be stored")

    def _responsible_for(self, game_id: int | None) -> set[int]:
        """Who hears about a game's delivery problems: its directors, else the bot's operators."""
        if game_id is not None and (live := self._running(game_id)) is not None:
            return set(live.game.directors)
        if game_id is not None and (finished := self.finished.get(game_id)) and finished.directors:
            return set(finished.directors)
        if game_id is not None and (broken := self.broken.get(game_id)) is not None:
            return set(broken.directors)
        return self.superusers or self.directors_allowed

    # ------------------------------------------------------------ game events

    async def _play(self, live: LiveGame, origin: Origin, text: str) -> None:
        async with live.lock:
            if not await self._up_to_date(live):
                await self._storage_down(origin)
                return
            if live.id not in self.games:  # ended (or stopped) while this message waited for the lock
                step = Step(self.clock(), seen=origin.key, messages=[origin.answer(NOT_IN_GAME)])
                await self._commit(None, step, origin)
                return
            now = self.clock()
            event = Event(kind="say", at=now, qq=origin.qq, text=text, group=origin.group)
            await self._apply(live, event, Step(at=now, game_id=live.id, seen=origin.key), origin)

    async def fire_timer(self, game_id: int, key: str, due: float) -> None:
        """Feed a due timer to its game, unless the game ended or re-armed that timer since; if the
        result cannot be stored, try again later (the game is as if the timer had not fired)."""
        live = self._running(game_id)
        firing = (game_id, key, due)
        if live is None or firing in self._firing:
            return
        self._firing.add(firing)
        try:
            async with live.lock:
                if live.id not in self.games or live.timers.get(key) != due:
                    self._timer_retries.pop(firing, None)
                    return
                now = self.clock()
                event = Event(kind="timer", at=now, key=key)
                up_to_date = await self._up_to_date(live) and live.id in self.games
                stored = up_to_date and await self._apply(live, event, Step(now, game_id))
        finally:
            self._firing.discard(firing)
        failures, _ = self._timer_retries.pop(firing, (0, 0.0))
        if not stored and live.id in self.games:
            retry_at = self.clock() + TIMER_RETRY_S[min(failures, len(TIMER_RETRY_S) - 1)]
            self._timer_retries[firing] = (failures + 1, retry_at)
            logger.warning(
                f"werewolf: timer {key} of game {game_id} not stored; firing it again at {retry_at}"
            )
            self.scheduler.arm(job_id(game_id, key), retry_at, partial(self.fire_timer, game_id, key, due))

    async def sweep_timers(self) -> None:
        """Fire every timer that is due and neither firing nor waiting for its retry: the deadlines
        never depend on the scheduler alone, whatever became of a job (skipped, lost, failed)."""
        now = self.clock()
        due = sorted(
            (when, live.id, key)
            for live in list(self.games.values())
            for key, when in live.timers.items()
            if when <= now
            and (live.id, key, when) not in self._firing
            and self._timer_retries.get((live.id, key, when), (0, now))[1] <= now
        )
        for when, game_id, key in due:
            await self.fire_timer(game_id, key, when)

    async def _sweep_timers_forever(self) -> None:
        while True:
            await asyncio.sleep(TIMER_SWEEP_S)
            try:
                await self.sweep_timers()
            except Exception:
                logger.exception("werewolf: the sweep of due timers failed; it runs again")

    async def _apply(self, live: LiveGame, event: Event, step: Step, origin: Origin | None = None) -> bool:
        groups_before = live.game.groups()
        try:
            result = live.game.handle(event)
        except Exception:
            logger.exception(f"werewolf: game {live.id} failed on {event}")
            await self._rebuild(live)
            step.messages = self._error_messages(live, event)
            return await self._commit(live, step, origin)
        step.messages = list(result.messages)
        taken = self._groups_of_other_games(live, live.game.groups() - groups_before)
        if result.changed and taken and origin is not None:
            await self._rebuild(live)  # undo the binding: one group belongs to one running game
            group, other = taken[0]
            step.messages = [
                origin.answer(
                    f"群{group}已经绑定在进行中的{other.game.label()}，一个群同时只能属于一局。"
                    "请换一个群，或等那一局结束。"
                )
            ]
        elif result.changed:
            self._record(live, event, step)
        return await self._commit(live, step, origin)

    def _groups_of_other_games(self, live: LiveGame, groups: set[int]) -> list[tuple[int, LiveGame]]:
        return [
            (group, other)
            for group in sorted(groups)
            for other in reversed(self._games_bound_to(group))
            if other is not live
        ]

    def _record(self, live: LiveGame, event: Event, step: Step) -> None:
        """Add the event and its consequences (timer set, end of game) to the step."""
        step.log = (live.logged, event)
        if live.game.ended:
            step.ending = Ending(tuple(live.game.directors), outcome_of(live.game))
        timers = {} if live.game.ended else {t.key: t.due for t in live.game.timers()}
        if timers != live.timers:
            step.timers = timers

    def _error_messages(self, live: LiveGame, event: Event) -> list[Outgoing]:
        directors = {live.opener} | {qq for qq in self.directors_allowed if live.game.is_director(qq)}
        # The command word only: QQ may be refusing the rest of the text (a word its risk control bans).
        word = event.text.split(maxsplit=1)[0][:12] if event.text.strip() else ""
        what = f"QQ{event.qq} 的 {word} 命令" if event.kind == "say" else f"定时器 {event.key}"
        notice = f"内部错误：{live.game.label()} 处理{what}时出错，操作未生效，详情见机器人日志。"
        messages = [_dm(event.qq, INTERNAL_ERROR)] if event.kind == "say" else []
        return messages + [_dm(qq, notice) for qq in sorted(directors - {event.qq, 0})]

    async def _rebuild(self, live: LiveGame) -> None:
        """Bring the game back to the state its stored log gives, read back from the database; while
        the log cannot be read, the game is stale, and is rebuilt before it takes another event."""
        spec = live.spec
        try:
            stored = await self.repo.load_game(spec.id)
        except Exception:
            logger.exception(f"werewolf: cannot read the log of game {spec.id}; rebuilt when next needed")
            live.stale = True
            return
        events = stored.events if stored is not None else []
        live.stale = False
        try:
            live.game = self.game_cls.replay(
                spec.id, spec.board, spec.seed, spec.timezone, events, **built_as_opened(spec)
            )
            live.logged = len(events)
        except Exception:
            logger.exception(f"werewolf: cannot rebuild game {spec.id}; it stays stopped until a restart")
            self._drop(live)
            self.broken[spec.id] = self._broken(spec, events)

    async def _up_to_date(self, live: LiveGame) -> bool:
        """Whether the game is as its stored log gives: a stale one is rebuilt first."""
        if live.stale:
            await self._rebuild(live)
        return not live.stale

    # ------------------------------------------------------------ storing and side effects

    async def _reply(self, qq: int, text: str, origin: Origin, *, urgent: bool = False) -> None:
        """Answer a private message with `text`, to `qq` (its sender)."""
        step = Step(self.clock(), seen=origin.key, messages=[_dm(qq, text)], urgent=urgent)
        await self._commit(None, step, origin)

    async def _commit(
        self,
        live: LiveGame | None,
        step: Step,
        origin: Origin | None = None,
        *,
        copies: Iterable[Outgoing] = (),
    ) -> bool:
        """Store the step; then (never before) deliver its messages and apply it to memory.

        False when it could not be stored: then nothing changed, and the sender of a message
        (`origin`) is told so at once, outside the database; their message is not marked seen.
        `copies`: texts a stored row holds, shown to the directors: each goes, in memory only and
        given up if refused, right after the step's last message to its recipient.
        """
        step.messages = self._sendable(step.messages, step.game_id)
        answer, notice = self._may_answer(origin) if origin is not None else (True, False)
        if origin is not None and not answer:
            step.messages = [m for m in step.messages if not origin.is_reply(m)]
            step.messages += [origin.answer(TOO_FAST)] if notice else []
        step.accounts = self._accounts(step, live, origin)
        try:
            items = await self.repo.commit(step)
        except BoardVersionTaken:
            raise  # nothing was stored: the saver decides again (_save_board)
        except Exception:
            logger.exception(f"werewolf: could not store a step (game {step.game_id})")
            if live is not None and step.log is not None:
                await self._rebuild(live)  # the game took an event the database does not have
            if origin is not None:
                self._seen.forget(origin.key)
                changes = (
                    step.log
                    or step.new_game
                    or step.focus
                    or step.timers is not None
                    or step.ending
                    or step.saved_board
                    or step.removed_board
                )
                unstored = [origin.answer(STORAGE_DOWN if answer else TOO_FAST)] if answer or notice else []
                self._send_unstored(unstored if changes else step.messages, origin.account)
            return False
        self.outbox.add(items)
        self.outbox.add(_copies_after(items, copies))
        if live is None:
            return True
        if step.log is not None:
            live.logged += 1
            self._index(live.id, step.log[1])
        if step.timers is not None:
            self._rearm(live, step.timers)
        if step.ending is not None:
            self._note_finished(FinishedGame(live.spec, step.at, step.ending.directors, step.ending.outcome))
            self._drop(live)
        return True

    def _accounts(self, step: Step, live: LiveGame | None, origin: Origin | None) -> list[int | None]:
        """The QQ account each message goes out through: an answer goes back through the account
        it was sent to; everything else of a game through the game's account."""
        game = live.spec.account if live is not None else self._account_of(step.game_id)
        here = origin.account if origin is not None else None
        return [
            here if here is not None and (game is None or origin.is_reply(m)) else game for m in step.messages
        ]

    def _account_of(self, game_id: int | None) -> int | None:
        if (live := self._running(game_id or 0)) is not None:
            return live.spec.account
        if (broken := self.broken.get(game_id or 0)) is not None:
            return broken.spec.account
        finished = self.finished.get(game_id or 0)
        return finished.spec.account if finished is not None else None

    def _may_answer(self, origin: Origin) -> tuple[bool, bool]:
        """Whether the sender's message is answered (directors always are), and if not, whether
        the over-limit notice goes instead; the command itself is handled either way."""
        if self._directs_something(origin.qq):
            return True, False
        answer, notice = self.limiter.allow(origin.qq)
        if not answer:
            logger.warning(f"werewolf: QQ{origin.qq} sends too fast; a reply is dropped")
        return answer, notice

    def _sendable(self, messages: list[Outgoing], game_id: int | None) -> list[Outgoing]:
        """The messages cut to what QQ takes, without those to impossible targets (a game must
        never name such a QQ or group; if one does, its messages could not even be stored)."""
        impossible = [m for m in messages if not valid_id(m.target)]
        if impossible:
            logger.error(
                f"werewolf: dropped {len(impossible)} message(s) to impossible targets (game {game_id})"
            )
        return [
            Outgoing(m.kind, m.target, piece)
            for m in messages
            if valid_id(m.target)
            for piece in split_text(m.text, self.max_send_chars)
        ]

    def _send_unstored(self, messages: list[Outgoing], account: int) -> None:
        now = self.clock()
        self.outbox.add(
            [
                OutboxItem(
                    next(self._unstored_ids),
                    None,
                    m.kind,
                    m.target,
                    m.text,
                    now,
                    now,
                    urgent=True,
                    stored=False,
                    account=account,
                )
                for m in messages
            ]
        )

    def _rearm(self, live: LiveGame, timers: dict[str, float]) -> None:
        for key in live.timers.keys() - timers.keys():
            self.scheduler.cancel(job_id(live.id, key))
        for key, due in timers.items():
            if live.timers.get(key) != due:
                self._arm(live.id, key, due)
        live.timers = timers

    def _arm(self, game_id: int, key: str, due: float) -> None:
        self.scheduler.arm(job_id(game_id, key), due, partial(self.fire_timer, game_id, key, due))

    def _drop(self, live: LiveGame) -> None:
        self._rearm(live, {})
        self.games.pop(live.id, None)


def _private_word(text: str) -> str | None:
    """The shell command a message is (/开局, /板子, /复盘 …), which a group does not take; /帮助 is
    answered wherever it is asked."""
    match = SHELL_COMMAND.match(text)
    word = match.group(1) if match else None
    return word if word != "帮助" else None


def built_as_opened(spec: GameSpec) -> dict[str, str | None]:
    """The keywords a stored game is built with: the file it opened with (a saved board's) and
    the version that opened it, whose rules it keeps."""
    return {"board_text": spec.board_text, "opened_by": spec.engine_version}


def _dm(qq: int, text: str) -> Outgoing:
    return Outgoing(kind="private", target=qq, text=text)


def _recipient(item: OutboxItem) -> str:
    return f"群{item.target}" if item.kind == "group" else f"QQ{item.target}"


def _copies_after(items: list[OutboxItem], copies: Iterable[Outgoing]) -> list[OutboxItem]:
    """Best-effort rows for `copies`, each right after the last of `items` to its recipient."""
    placed = []
    for copy in copies:
        after = next((it for it in reversed(items) if (it.kind, it.target) == (copy.kind, copy.target)), None)
        if after is not None:
            placed.append(replace(after, text=copy.text, attempts=0, stored=False, best_effort=True))
    return placed
