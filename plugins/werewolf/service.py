"""The chat shell around the engine: routing, persistence, timers and delivery, without NoneBot.

Every handled message or fired timer follows one path: feed the event to the game under its lock,
write seen id + log entry + outbox rows + timer set in one transaction, and only then hand the
outbox rows to delivery and re-arm the timers.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from loguru import logger

from werewolf_engine import BOARD_NAMES, Event, Game, Outgoing

from .outbox import Clock, Outbox, Send
from .storage import GameSpec, Repository, Step, StoredGame

PLANNED_BOARDS = ("须弥",)  # rule posts the bot knows of but does not run yet
SEEN_IN_MEMORY = 20_000  # recent (self_id, message_id) pairs kept for de-duplication
SHELL_COMMAND = re.compile(r"^/?(开局|帮助|未送达|对局)\s*(.*)$", re.S)
SLASHES = ("/", "／")
NUMBER = re.compile(r"\d+")

INTERNAL_ERROR = "内部错误，操作未生效，已通知导演。"
NOT_IN_GAME = "你不在任何进行中的对局里。发送 /帮助 查看命令；导演可用 /开局 <板子> 开一局。"
HELP_TEXT = """狼人杀（版杀）助手命令，私聊时可省略开头的 /。
【导演】
/开局 <板子>：开一局（{boards}）
/导演 <QQ号>：添加副导演
/座位 N号 <QQ号> [昵称]：绑定座位（重新绑定即替补）
/身份 N号 <身份>　/发牌：指定或随机发放身份
/狼群 <群号>：绑定狼人群
/开始：检查配置并私发身份
/警长 N号　/入夜 [HH:MM]　/时限 <身份> <时长>　/推进　/天亮
/放逐 N号|无　/罚下 N号　/状态　/结束
/未送达：查看发送失败、仍在重试的消息
【玩家】
/身份：查看自己的身份与可用技能
/<技能> <目标>：使用技能，例如 /预言 3号、/刀 5号
/放弃 [技能]：放弃当前（或指定）的技能
【通用】
/对局 [编号]：同时参与多局时，选择私聊命令发往哪一局
/帮助：显示本帮助"""


GAME_HELP_FOOTER = "/对局 [编号]：同时参与多局时，选择私聊命令发往哪一局\n/帮助：显示本帮助"


class Scheduler(Protocol):
    """Runs `callback` once at epoch time `due`; arming an armed `job_id` again replaces it."""

    def arm(self, job_id: str, due: float, callback: Callable[[], Awaitable[None]]) -> None: ...

    def cancel(self, job_id: str) -> None: ...


@dataclass
class LiveGame:
    """A loaded game with what the shell keeps beside it."""

    spec: GameSpec
    game: Game
    events: list[Event] = field(default_factory=list)  # the stored log, in order
    timers: dict[str, float] = field(default_factory=dict)  # armed timers, as stored
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> int:
        return self.spec.id

    @property
    def opener(self) -> int:
        return self.events[0].qq if self.events else 0

    def involves(self, qq: int) -> bool:
        return self.game.is_director(qq) or self.game.is_player(qq)


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
        game_cls: type[Game] = Game,
        command_starts: Iterable[str] = ("/",),
        new_seed: Callable[[], int] = random_seed,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.scheduler = scheduler
        self.directors_allowed = directors_allowed
        self.timezone = timezone
        self.game_cls = game_cls
        self.command_starts = tuple(command_starts)
        self.new_seed = new_seed
        self.outbox = Outbox(repo, clock, sender)
        self.games: dict[int, LiveGame] = {}
        self._focus: dict[int, int] = {}
        self._mentioned: dict[int, set[int]] = {}  # qq -> games whose log shows that number
        self._seen: set[tuple[int, int]] = set()
        self._seen_order: deque[tuple[int, int]] = deque()

    # ------------------------------------------------------------ life cycle

    async def start(self, *, background_delivery: bool = True) -> None:
        """Open the database, rebuild every running game, re-arm its timers and fire overdue ones."""
        await self.repo.open()
        now = self.clock()
        for key in await self.repo.load_recent_seen(now, SEEN_IN_MEMORY):
            self._remember(key)
        self._focus = await self.repo.load_focus()
        for stored in await self.repo.load_active_games():
            self._restore(stored)
        self.outbox.add(await self.repo.load_pending_outbox())
        if background_delivery:
            self.outbox.start()
        overdue = []
        for live in self.games.values():
            for key, due in live.timers.items():
                if due <= now:
                    overdue.append((due, live.id, key))
                else:
                    self._arm(live.id, key, due)
        for due, game_id, key in sorted(overdue):
            await self.fire_timer(game_id, key, due)
        logger.info(f"werewolf: {len(self.games)} running game(s), {len(self.outbox.pending)} undelivered")

    async def stop(self) -> None:
        await self.outbox.stop()
        await self.repo.close()

    def set_online(self, online: bool) -> None:
        self.outbox.set_online(online)

    def _restore(self, stored: StoredGame) -> None:
        spec = stored.spec
        try:
            game = self.game_cls.replay(spec.id, spec.board, spec.seed, spec.timezone, stored.events)
        except Exception:
            logger.exception(f"werewolf: cannot rebuild game {spec.id}; it stays stopped")
            return
        self.games[spec.id] = LiveGame(spec, game, list(stored.events), dict(stored.timers))
        for event in stored.events:
            self._index(spec.id, event)

    # ------------------------------------------------------------ incoming messages

    async def handle_message(
        self, self_id: int, message_id: int, user_id: int, group_id: int | None, text: str
    ) -> None:
        text = normalize_command(text, self.command_starts)
        if not text or (group_id is not None and not text.startswith("/")):
            return
        seen = (self_id, message_id)
        if seen in self._seen:
            return
        if group_id is not None:
            live = self._game_of_group(group_id)
            if live is not None:
                self._remember(seen)
                await self._play(live, user_id, group_id, text, seen)
            return
        self._remember(seen)
        await self._handle_private(user_id, text, seen)

    async def _handle_private(self, qq: int, text: str, seen: tuple[int, int]) -> None:
        match = SHELL_COMMAND.match(text)
        command, arg = (match.group(1), match.group(2).strip()) if match else ("", "")
        if command == "开局":
            await self._open(qq, arg, text, seen)
        elif command == "帮助":
            await self._reply(qq, self._help(qq), seen)
        elif command == "未送达":
            await self._reply(qq, self._undelivered_report(qq), seen)
        elif command == "对局":
            await self._choose_game(qq, arg, seen)
        else:
            await self._route_private(qq, text, seen)

    async def _route_private(self, qq: int, text: str, seen: tuple[int, int]) -> None:
        mine = self._games_of(qq)
        if not mine:
            await self._reply(qq, NOT_IN_GAME, seen)
            return
        live = mine[0] if len(mine) == 1 else self.games.get(self._focus.get(qq, 0))
        if live is None or live not in mine:
            await self._reply(qq, "你同时在多局里，请先选择：\n" + self._games_listing(qq, mine), seen)
            return
        await self._play(live, qq, None, text, seen)

    def _games_of(self, qq: int) -> list[LiveGame]:
        candidates = sorted(self._mentioned.get(qq, ()))
        return [live for game_id in candidates if (live := self.games.get(game_id)) and live.involves(qq)]

    def _index(self, game_id: int, event: Event) -> None:
        """Note the QQ numbers a logged event shows its game: the sender and any number in the text.

        A game can only know the accounts its events told it about, so these are the only games
        where a QQ can be a director or player; routing asks only them.
        """
        for qq in {event.qq, *map(int, NUMBER.findall(event.text))}:
            self._mentioned.setdefault(qq, set()).add(game_id)

    def _game_of_group(self, group_id: int) -> LiveGame | None:
        bound = [live for live in self.games.values() if group_id in live.game.groups()]
        return max(bound, key=lambda live: live.id, default=None)

    # ------------------------------------------------------------ shell commands

    async def _open(self, qq: int, arg: str, text: str, seen: tuple[int, int]) -> None:
        board = arg.split()[0] if arg else ""
        boards = "、".join(BOARD_NAMES)
        if qq not in self.directors_allowed:
            await self._reply(qq, "只有超级用户或 WEREWOLF_DIRECTORS 里的导演才能开局。", seen)
            return
        if board in PLANNED_BOARDS:
            await self._reply(qq, f"「{board}」板子还没有实现，暂时不能开局。可选板子：{boards}。", seen)
            return
        if board not in BOARD_NAMES:
            what = f"没有叫「{board}」的板子。" if board else "请写明板子。"
            await self._reply(qq, f"{what}可选板子：{boards}。用法：/开局 <板子>", seen)
            return
        spec = GameSpec(self.repo.allocate_game_id(), board, self.new_seed(), self.timezone)
        now = self.clock()
        event = Event(kind="say", at=now, qq=qq, text=text)
        try:
            live = LiveGame(spec, self.game_cls(spec.id, board, spec.seed, spec.timezone))
            result = live.game.handle(event)
        except Exception:
            logger.exception(f"werewolf: opening a game of {board} failed")
            await self._reply(qq, INTERNAL_ERROR, seen)
            return
        step = Step(at=now, seen=seen, messages=list(result.messages))
        if result.changed:
            step.game_id = spec.id
            step.new_game = spec
            step.focus = (qq, spec.id)
            self._record(live, event, step)
        await self._commit(live, step)
        if result.changed and not live.game.ended:
            self.games[spec.id] = live
            self._focus[qq] = spec.id

    async def _choose_game(self, qq: int, arg: str, seen: tuple[int, int]) -> None:
        mine = self._games_of(qq)
        if not mine:
            await self._reply(qq, NOT_IN_GAME, seen)
            return
        digits = re.search(r"\d+", arg)
        chosen = next((live for live in mine if digits and live.id == int(digits.group())), None)
        if chosen is None:
            head = f"你不在 {arg} 这一局里。" if arg else "你参与的对局："
            await self._reply(qq, head + "\n" + self._games_listing(qq, mine), seen)
            return
        self._focus[qq] = chosen.id
        reply = f"好的，之后你的私聊命令发往{chosen.game.label()}。"
        await self._commit(
            None, Step(self.clock(), seen=seen, messages=[_dm(qq, reply)], focus=(qq, chosen.id))
        )

    def _help(self, qq: int) -> str:
        """/帮助: in a game, that game's help for the sender (its director commands or their own
        skills); otherwise the general help."""
        mine = self._games_of(qq)
        live = mine[0] if len(mine) == 1 else self.games.get(self._focus.get(qq, 0))
        in_game = live.game.help_for(qq) if live is not None and live in mine else None
        if in_game is None:
            return HELP_TEXT.format(boards="、".join(BOARD_NAMES))
        shell = "/未送达：查看发送失败、仍在重试的消息\n" if live.game.is_director(qq) else ""
        return f"{in_game}\n\n【通用】\n{shell}{GAME_HELP_FOOTER}"

    def _games_listing(self, qq: int, mine: list[LiveGame]) -> str:
        lines = []
        for live in mine:
            role = "导演" if live.game.is_director(qq) else "玩家"
            current = "（当前）" if self._focus.get(qq) == live.id else ""
            lines.append(f"{live.id}：{live.game.label()}，你是{role}{current}")
        return "\n".join(lines) + "\n发送 /对局 <编号> 选择。"

    def _undelivered_report(self, qq: int) -> str:
        directed = {live.id: live.game.label() for live in self.games.values() if live.game.is_director(qq)}
        if not directed and qq not in self.directors_allowed:
            return "只有导演可以查看未送达的消息。"
        rows = [
            item
            for item in self.outbox.pending
            if item.game_id in directed or (item.game_id is None and qq in self.directors_allowed)
        ]
        if not rows:
            return "没有未送达的消息。"
        lines = [f"未送达的消息共 {len(rows)} 条："]
        for item in rows[:20]:
            where = directed.get(item.game_id, "") if item.game_id is not None else "（不属于对局）"
            to = f"群{item.target}" if item.kind == "group" else f"QQ{item.target}"
            error = item.last_error or "还没有发出"
            lines.append(f"#{item.id} {where}→{to}：已试 {item.attempts} 次，{error}｜{item.text[:30]}")
        if len(rows) > 20:
            lines.append(f"……另有 {len(rows) - 20} 条")
        return "\n".join(lines)

    # ------------------------------------------------------------ game events

    async def _play(
        self, live: LiveGame, qq: int, group: int | None, text: str, seen: tuple[int, int]
    ) -> None:
        async with live.lock:
            if live.id not in self.games:  # ended while this message waited for the lock
                await self._reply(qq, NOT_IN_GAME, seen)
                return
            now = self.clock()
            event = Event(kind="say", at=now, qq=qq, text=text, group=group)
            await self._apply(live, event, Step(at=now, game_id=live.id, seen=seen))

    async def fire_timer(self, game_id: int, key: str, due: float) -> None:
        """Feed a due timer to its game, unless the game ended or re-armed that timer since."""
        live = self.games.get(game_id)
        if live is None:
            return
        async with live.lock:
            if live.id not in self.games or live.timers.get(key) != due:
                return
            now = self.clock()
            await self._apply(live, Event(kind="timer", at=now, key=key), Step(at=now, game_id=game_id))

    async def _apply(self, live: LiveGame, event: Event, step: Step) -> None:
        try:
            result = live.game.handle(event)
        except Exception:
            logger.exception(f"werewolf: game {live.id} failed on {event}")
            self._rebuild(live)
            step.messages = self._error_messages(live, event)
        else:
            step.messages = list(result.messages)
            if result.changed:
                self._record(live, event, step)
        await self._commit(live, step)

    def _record(self, live: LiveGame, event: Event, step: Step) -> None:
        """Add the event and its consequences (timer set, end of game) to the step."""
        step.log = (len(live.events), event)
        step.ended = live.game.ended
        timers = {} if live.game.ended else {t.key: t.due for t in live.game.timers()}
        if timers != live.timers:
            step.timers = timers

    def _error_messages(self, live: LiveGame, event: Event) -> list[Outgoing]:
        directors = {live.opener} | {qq for qq in self.directors_allowed if live.game.is_director(qq)}
        what = f"QQ{event.qq} 的「{event.text}」" if event.kind == "say" else f"定时器 {event.key}"
        notice = f"内部错误：{live.game.label()} 处理{what}时出错，操作未生效，详情见机器人日志。"
        messages = [_dm(event.qq, INTERNAL_ERROR)] if event.kind == "say" else []
        return messages + [_dm(qq, notice) for qq in sorted(directors - {event.qq, 0})]

    def _rebuild(self, live: LiveGame) -> None:
        spec = live.spec
        try:
            live.game = self.game_cls.replay(spec.id, spec.board, spec.seed, spec.timezone, live.events)
        except Exception:
            logger.exception(f"werewolf: cannot rebuild game {spec.id}; it stays stopped until a restart")
            self._drop(live)

    # ------------------------------------------------------------ storing and side effects

    async def _reply(self, qq: int, text: str, seen: tuple[int, int]) -> None:
        await self._commit(None, Step(self.clock(), seen=seen, messages=[_dm(qq, text)]))

    async def _commit(self, live: LiveGame | None, step: Step) -> None:
        """Store the step; then (never before) deliver its messages and apply it to memory."""
        try:
            items = await self.repo.commit(step)
        except Exception:
            if live is not None and step.log is not None:
                self._rebuild(live)  # the game took an event the database does not have
            raise
        self.outbox.add(items)
        if live is None:
            return
        if step.log is not None:
            live.events.append(step.log[1])
            self._index(live.id, step.log[1])
        if step.timers is not None:
            self._rearm(live, step.timers)
        if step.ended:
            self._drop(live)

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

    def _remember(self, seen: tuple[int, int]) -> None:
        if len(self._seen_order) >= SEEN_IN_MEMORY:
            self._seen.discard(self._seen_order.popleft())
        self._seen_order.append(seen)
        self._seen.add(seen)


def _dm(qq: int, text: str) -> Outgoing:
    return Outgoing(kind="private", target=qq, text=text)
