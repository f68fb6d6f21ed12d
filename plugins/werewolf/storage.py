"""Persistence: games, their event logs, the outbox, armed timers, seen message ids, focus and the
boards directors saved.

Everything a handled message changes is written in one transaction (`Repository.commit`);
the shell sends nothing before that transaction has committed.  Ids of new games and outbox
rows come from the database (an autoincrement / identity column), so several bot processes can
share one database.  The schema is brought up to date by the migrations (`migrations/`) when
the repository opens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from importlib import import_module
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Integer,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, OperationalError
from sqlmodel import Field, SQLModel

from bansha_engine import VERSION, Event, Outgoing

from . import migrations
from .inbound import MessageKey, small_numbers

SEEN_KEPT_S = 7 * 24 * 3600  # seen message ids older than this are pruned at start-up
SYNC_DRIVERS = {
    "aiosqlite": "pysqlite",
    "asyncpg": "psycopg",
    "psycopg_async": "psycopg",
    "aiomysql": "pymysql",
    "asyncmy": "pymysql",
}

CONNECT_TIMEOUT_S = 10  # a PostgreSQL server that does not answer: give up connecting after this
URL_EXAMPLES = "例如 sqlite+aiosqlite:///data/werewolf.db 或 postgresql+psycopg://用户:密码@主机/库名"
# What a driver says when it cannot connect (every part, lower-cased) and what that means
CONNECT_FAILURES = (
    (("connection refused",), "连接被拒绝：数据库服务器没有运行，或主机、端口写错了"),
    (("resolve host",), "找不到这个主机：主机名写错了？"),
    (("name or service not known",), "找不到这个主机：主机名写错了？"),
    (("could not translate host name",), "找不到这个主机：主机名写错了？"),
    (("timeout",), "连接超时：主机不可达，或防火墙挡住了端口"),
    (("timed out",), "连接超时：主机不可达，或防火墙挡住了端口"),
    (("authentication failed",), "用户名或密码错误"),
    (("database", "does not exist"), "服务器上没有这个数据库：请先创建它"),
    (("role", "does not exist"), "服务器上没有这个用户"),
    (("unable to open database file",), "无法打开数据库文件：文件夹不存在或没有写权限"),
    (("invalid literal for int()",), "端口应为数字"),
)

T = TypeVar("T")
# An id the database numbers: BIGSERIAL on PostgreSQL, the rowid on SQLite.
ROW_ID = BigInteger().with_variant(Integer(), "sqlite")


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: int = Field(primary_key=True, sa_type=BigInteger)
    board: str
    seed: int = Field(sa_type=BigInteger)
    timezone: str
    created_at: float
    ended: bool = False
    # Written when the game ends, so finished games can be listed without rebuilding them:
    ended_at: float | None = None
    directors: str | None = None  # QQ numbers, comma-separated
    outcome: str | None = None  # the winning camp, or how it ended
    engine_version: str | None = None  # the version that opened it (None: opened before 0.2.0)
    account: int | None = Field(default=None, sa_type=BigInteger)  # the QQ account it speaks through
    # The saved board it opened with (None: a built-in board, or opened before boards could be saved):
    board_text: str | None = None
    board_version: int | None = None


class BoardRow(SQLModel, table=True):
    """One version of a board a director saved (/新板子).  Versions are never deleted: a game keeps
    the text it opened with in its own row, and /删板子 only marks every version removed."""

    __tablename__ = "boards"

    name: str = Field(primary_key=True)  # the file's 板子
    version: int = Field(primary_key=True)  # 1, 2, … per name, never handed out twice
    text: str  # the file as the director sent it
    seats: int
    owner: int = Field(sa_type=BigInteger)  # who may save new versions or remove it (and superusers)
    saved_by: int = Field(sa_type=BigInteger)  # who saved this version (the owner or a superuser)
    saved_at: float
    removed_at: float | None = None


class GameIdRow(SQLModel, table=True):
    """Game ids handed out, by the database: an id is taken before the game exists (its first
    replies name it) and never handed out twice, even to another bot process."""

    __tablename__ = "game_ids"
    __table_args__ = {"sqlite_autoincrement": True}

    id: int | None = Field(default=None, sa_column=Column(ROW_ID, primary_key=True))
    at: float


class LogRow(SQLModel, table=True):
    __tablename__ = "log_entries"

    game_id: int = Field(primary_key=True, sa_type=BigInteger)
    seq: int = Field(primary_key=True)
    kind: str
    at: float
    qq: int = Field(default=0, sa_type=BigInteger)
    text: str = ""
    group_id: int | None = Field(default=None, sa_type=BigInteger)
    key: str = ""


class OutboxRow(SQLModel, table=True):
    __tablename__ = "outbox"

    id: int | None = Field(default=None, sa_column=Column(ROW_ID, primary_key=True))
    game_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    kind: str
    target: int = Field(sa_type=BigInteger)
    text: str
    created_at: float
    attempts: int = 0
    next_try_at: float
    sent_at: float | None = Field(default=None, index=True)
    last_error: str = ""
    urgent: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    held_at: float | None = None  # refused while later rows went through: set aside for the directors
    dropped_at: float | None = None  # given up by a director (/丢弃); never sent
    account: int | None = Field(default=None, sa_type=BigInteger)  # the QQ account it goes out through


class TimerRow(SQLModel, table=True):
    __tablename__ = "timers"

    game_id: int = Field(primary_key=True, sa_type=BigInteger)
    key: str = Field(primary_key=True)
    due: float


class SeenRow(SQLModel, table=True):
    """Messages already handled, keyed by bot account, chat and message id (0.1.0 kept
    `seen_messages`, keyed by account and message id alone; migration 0003 drops it)."""

    __tablename__ = "seen_chat_messages"

    self_id: int = Field(primary_key=True, sa_type=BigInteger)
    chat: str = Field(primary_key=True)  # "private:<qq>" or "group:<group>"
    message_id: str = Field(primary_key=True)  # as text: OneBot ids come in any size
    at: float = Field(index=True)


class FocusRow(SQLModel, table=True):
    __tablename__ = "focus"

    qq: int = Field(primary_key=True, sa_type=BigInteger)
    game_id: int = Field(sa_type=BigInteger)


TABLES = [
    model.__table__  # type: ignore[attr-defined]
    for model in (GameRow, GameIdRow, LogRow, OutboxRow, TimerRow, SeenRow, FocusRow, BoardRow)
]
GAMES, GAME_IDS, LOG, OUTBOX, TIMERS, SEEN, FOCUS, BOARDS = TABLES
# A log entry's columns in the order of `Event`'s fields (read by position: 38,000 of them at start-up)
EVENT_COLUMNS = (LOG.c.kind, LOG.c.at, LOG.c.qq, LOG.c.text, LOG.c.group_id, LOG.c.key)
METADATA = SQLModel.metadata

INSERT_OUTBOX = insert(OUTBOX).returning(OUTBOX.c.id, sort_by_parameter_order=True)
MARK_SENT = update(OUTBOX).where(OUTBOX.c.id == bindparam("row_id")).values(sent_at=bindparam("sent"))
MARK_STATE = (
    update(OUTBOX)
    .where(OUTBOX.c.id == bindparam("row_id"))
    .values(
        attempts=bindparam("tries"),
        next_try_at=bindparam("retry_at"),
        last_error=bindparam("error"),
        held_at=bindparam("held"),
    )
)
MARK_DROPPED = update(OUTBOX).where(OUTBOX.c.id == bindparam("row_id")).values(dropped_at=bindparam("at"))
MARK_ENDED = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"))
    .values(
        ended=True,
        ended_at=bindparam("at"),
        directors=bindparam("directors_text"),
        outcome=bindparam("outcome_text"),
    )
)
MARK_BOARD_REMOVED = (
    update(BOARDS)
    .where(BOARDS.c.name == bindparam("board_name"), BOARDS.c.removed_at.is_(None))
    .values(removed_at=bindparam("at"))
)


@dataclass
class OutboxItem:
    """One message to deliver, as kept in memory by the outbox."""

    id: int  # 0 until the database has numbered it
    game_id: int | None
    kind: str
    target: int
    text: str
    created_at: float
    next_try_at: float
    attempts: int = 0
    last_error: str = ""
    urgent: bool = False  # a shell answer (/未送达 …): its own lane, not paced, never behind a jam
    held_at: float | None = None  # set aside: refused while later rows to its recipient went out
    stored: bool = True  # False: a reply sent while the database could not be written, kept in memory only
    account: int | None = None  # the QQ account it goes out through (None: any connected one)
    # A copy of part of a stored row's text for the directors (never stored itself): it shares the id
    # of the stored row it goes right after, and is given up, untold, when QQ keeps refusing it.
    best_effort: bool = False

    @property
    def order(self) -> tuple[int, bool]:
        """Where the row stands in its lane: by id, a best-effort copy right after its stored row."""
        return self.id, self.best_effort

    @property
    def lane(self) -> tuple[int | None, str, int, bool]:
        """Rows of one lane go out one after another, in id order."""
        return self.account, self.kind, self.target, self.urgent


@dataclass(frozen=True)
class GameSpec:
    """What a game is created from; stored in its `games` row."""

    id: int
    board: str
    seed: int
    timezone: str
    account: int | None = None  # the QQ account its director opened it through
    engine_version: str | None = VERSION  # None: opened before versions were stored
    board_text: str | None = None  # a saved board's file, as it was when the game opened
    board_version: int | None = None  # None: a built-in board


@dataclass(frozen=True)
class SavedBoard:
    """One version of a director's board, as stored in `boards`."""

    name: str
    version: int
    text: str
    seats: int
    owner: int
    saved_by: int
    saved_at: float


@dataclass(frozen=True)
class Ending:
    """How a game ended, stored in its `games` row so finished games can be listed."""

    directors: tuple[int, ...]
    outcome: str


@dataclass
class Step:
    """What one handled message or timer changes, written in one transaction."""

    at: float
    game_id: int | None = None
    seen: MessageKey | None = None
    new_game: GameSpec | None = None
    log: tuple[int, Event] | None = None  # (seq, event)
    messages: list[Outgoing] = field(default_factory=list)
    accounts: list[int | None] | None = None  # per message, the account it goes through (None: any)
    urgent: bool = False  # the messages are shell answers that must not wait behind a jam
    timers: dict[str, float] | None = None  # the game's complete timer set, when it changed
    ending: Ending | None = None  # the game ended with this step
    focus: tuple[int, int] | None = None  # (qq, game_id)
    saved_board: SavedBoard | None = None  # a new version of a board (/新板子)
    removed_board: str | None = None  # a board whose versions are all marked removed (/删板子)


# A log entry as read: `Event`'s fields in their order (kind, at, qq, text, group, key).
LogEntry = tuple[str, float, int, str, int | None, str]


@dataclass
class StoredGame:
    """A game as stored.  Its log entries are made `Event`s only when it is rebuilt: start-up reads
    38,000 of them with 1,000 running games, and a frozen dataclass costs 1-2 µs to make."""

    spec: GameSpec
    log: list[LogEntry] = field(default_factory=list)
    timers: dict[str, float] = field(default_factory=dict)

    @property
    def events(self) -> list[Event]:
        return [Event(*entry) for entry in self.log]

    def numbers_shown(self) -> set[int]:
        """The QQ numbers its log shows: its senders, and every number in what they said."""
        return {entry[2] for entry in self.log} | set(
            small_numbers("\n".join(entry[3] for entry in self.log))
        )


@dataclass(frozen=True)
class FinishedGame:
    spec: GameSpec
    ended_at: float | None
    directors: tuple[int, ...] | None  # None: ended before this was stored (0.1.0)
    outcome: str


@dataclass
class Batch:
    """Rows to write, per table; batches queued together are merged and written in one transaction."""

    games: list[dict[str, Any]] = field(default_factory=list)
    seen: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    outbox: list[OutboxItem] = field(default_factory=list)  # numbered when written
    timers: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # game id -> its complete set
    ended: list[dict[str, Any]] = field(default_factory=list)
    focus: dict[int, int] = field(default_factory=dict)  # qq -> game id
    sent: list[dict[str, Any]] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)  # outbox rows tried, held or released
    dropped: list[dict[str, Any]] = field(default_factory=list)
    boards: list[dict[str, Any]] = field(default_factory=list)
    removed_boards: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of_step(cls, step: Step, items: list[OutboxItem]) -> Batch:
        batch = cls(outbox=list(items))
        if step.seen is not None:
            self_id, chat, message_id = step.seen
            batch.seen.append({"self_id": self_id, "chat": chat, "message_id": message_id, "at": step.at})
        if (game := step.new_game) is not None:
            batch.games.append(
                {
                    "id": game.id,
                    "board": game.board,
                    "seed": game.seed,
                    "timezone": game.timezone,
                    "created_at": step.at,
                    "ended": False,
                    "engine_version": game.engine_version,
                    "account": game.account,
                    "board_text": game.board_text,
                    "board_version": game.board_version,
                }
            )
        if step.log is not None:
            seq, ev = step.log
            batch.log.append(
                {
                    "game_id": step.game_id,
                    "seq": seq,
                    "kind": ev.kind,
                    "at": ev.at,
                    "qq": ev.qq,
                    "text": ev.text,
                    "group_id": ev.group,
                    "key": ev.key,
                }
            )
        if step.game_id is not None and step.timers is not None:
            rows = [{"game_id": step.game_id, "key": key, "due": due} for key, due in step.timers.items()]
            batch.timers[step.game_id] = rows
        if step.game_id is not None and step.ending is not None:
            batch.ended.append(
                {
                    "game_id": step.game_id,
                    "at": step.at,
                    "directors_text": ",".join(map(str, step.ending.directors)),
                    "outcome_text": step.ending.outcome,
                }
            )
        if step.focus is not None:
            batch.focus[step.focus[0]] = step.focus[1]
        if step.saved_board is not None:
            batch.boards.append({**vars(step.saved_board), "removed_at": None})
        if step.removed_board is not None:
            batch.removed_boards.append({"board_name": step.removed_board, "at": step.at})
        return batch

    def merge(self, later: Batch) -> None:
        for name in (
            "games",
            "seen",
            "log",
            "outbox",
            "ended",
            "sent",
            "states",
            "dropped",
            "boards",
            "removed_boards",
        ):
            getattr(self, name).extend(getattr(later, name))
        self.timers.update(later.timers)
        self.focus.update(later.focus)

    def write(self, conn: Connection, insert_seen: Any) -> None:
        if self.outbox:
            numbered = conn.execute(INSERT_OUTBOX, [_outbox_params(item) for item in self.outbox])
            for item, row_id in zip(self.outbox, numbered.scalars(), strict=True):
                item.id = row_id
        for statement, rows in (
            (insert(GAMES), self.games),
            (insert_seen, self.seen),
            (insert(LOG), self.log),
            (MARK_SENT, self.sent),
            (MARK_STATE, self.states),
            (MARK_DROPPED, self.dropped),
            (MARK_ENDED, self.ended),
        ):
            if rows:
                conn.execute(statement, rows)
        if self.boards:
            try:
                conn.execute(insert(BOARDS), self.boards)
            except IntegrityError as taken:  # the version was saved since it was read
                raise BoardVersionTaken(", ".join(row["name"] for row in self.boards)) from taken
        if self.removed_boards:
            conn.execute(MARK_BOARD_REMOVED, self.removed_boards)
        if self.timers:
            conn.execute(delete(TIMERS).where(TIMERS.c.game_id.in_(list(self.timers))))
            if rows := [row for game_rows in self.timers.values() for row in game_rows]:
                conn.execute(insert(TIMERS), rows)
        if self.focus:
            conn.execute(delete(FOCUS).where(FOCUS.c.qq.in_(list(self.focus))))
            focus = [{"qq": qq, "game_id": game_id} for qq, game_id in self.focus.items()]
            conn.execute(insert(FOCUS), focus)


def _sqlite_pragmas(lock_timeout_ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", f"busy_timeout={lock_timeout_ms}"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    return on_connect


def _postgresql_settings(lock_timeout_ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"SET lock_timeout = {lock_timeout_ms}")
        cursor.close()
        dbapi_connection.commit()

    return on_connect


def _item_of(row: Any) -> OutboxItem:
    return OutboxItem(
        id=row.id,
        game_id=row.game_id,
        kind=row.kind,
        target=row.target,
        text=row.text,
        created_at=row.created_at,
        next_try_at=row.next_try_at,
        attempts=row.attempts,
        last_error=row.last_error,
        urgent=row.urgent,
        held_at=row.held_at,
        account=row.account,
    )


def _spec_of(row: Any) -> GameSpec:
    return GameSpec(
        row.id,
        row.board,
        row.seed,
        row.timezone,
        row.account,
        row.engine_version,
        board_text=row.board_text,
        board_version=row.board_version,
    )


def _board_of(row: Any) -> SavedBoard:
    return SavedBoard(row.name, row.version, row.text, row.seats, row.owner, row.saved_by, row.saved_at)


def _directors_of(text_value: str | None) -> tuple[int, ...] | None:
    if text_value is None:
        return None
    return tuple(int(qq) for qq in text_value.split(",") if qq.isdigit())


class Repository:
    """The database, used from one worker thread so that a write costs the event loop one hand-off.

    Writes queued while the thread is busy are committed together in the next transaction (group
    commit).  If such a batch fails for a reason that lies in the data (a duplicate key …), its
    writes are retried one by one so only the faulty one fails; if the database itself cannot be
    written (locked, read-only, full, gone), every write of the batch fails at once.
    """

    def __init__(self, url: str, *, lock_timeout_s: float = 2.0) -> None:
        self.url = sync_url(url)
        waits = (
            self.url.get_driver_name() in ("psycopg", "psycopg2") and "connect_timeout" not in self.url.query
        )
        self._engine = create_engine(
            self.url, connect_args={"connect_timeout": CONNECT_TIMEOUT_S} if waits else {}
        )
        # A lock held by someone else (a backup, a migration) is waited for this long, then the
        # write fails and the sender is told to send again; the bot itself holds none for long.
        if self.url.get_backend_name() == "sqlite":
            event.listen(self._engine, "connect", _sqlite_pragmas(int(lock_timeout_s * 1000)))
        elif self.url.get_backend_name() == "postgresql":
            event.listen(self._engine, "connect", _postgresql_settings(int(lock_timeout_s * 1000)))
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="werewolf-db")
        self._conn: Connection | None = None
        self._insert_seen = _insert_ignore(self.url.get_backend_name(), SEEN)
        self._queued: list[tuple[Batch, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.migrated: tuple[str | None, str] | None = None  # (from, to) revision, when open() upgraded

    @property
    def conn(self) -> Connection:
        if self._conn is None:
            raise RuntimeError("Repository.open() has not been called")
        return self._conn

    def _plain_rows(self, query: Any) -> list[Any]:
        """`query`'s rows as the driver gives them (tuples): SQLAlchemy's `Row` costs about 2 µs a
        row, and start-up reads tens of thousands (log entries, seen keys).  Only for columns whose
        values the driver gives as they are stored (numbers, text)."""
        result = self.conn.execute(query)
        try:
            return list(result.cursor.fetchall())
        finally:
            result.close()

    async def in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn` on the database thread (where the connection lives)."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def open(self) -> None:
        self._make_folder()
        await self.in_thread(self._open)

    def probe(self) -> None:
        """Connect once, now (blocking): raises DatabaseUnavailable saying why, in Chinese, when
        the database cannot be reached, so that a wrong setting is told before the bot starts."""
        try:
            self._make_folder()
            with self._engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
        except Exception as exc:
            raise DatabaseUnavailable(f"无法连接数据库：{_connect_failure(exc)}") from None
        finally:
            self._engine.dispose()

    def _make_folder(self) -> None:
        database = self.url.database
        if self.url.get_backend_name() == "sqlite" and database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)

    def _open(self) -> None:
        before, after = migrations.upgrade(self.url)
        if before != after:
            self.migrated = (before, after)
        self._conn = self._engine.connect()

    async def close(self) -> None:
        if self._writer is not None:
            await self._writer
        await self.in_thread(self._close)
        self._thread.shutdown()

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._engine.dispose()

    async def new_game_id(self, at: float) -> int:
        """An id for a game about to open, handed out by the database."""
        return await self.in_thread(self._new_game_id, at)

    def _new_game_id(self, at: float) -> int:
        with self.conn.begin():
            return self.conn.execute(insert(GAME_IDS).values(at=at).returning(GAME_IDS.c.id)).scalar_one()

    # ------------------------------------------------------------ reads

    async def load_active_games(self) -> list[StoredGame]:
        return await self.in_thread(self._load_games, GAMES.c.ended.is_(False))

    async def load_game(self, game_id: int) -> StoredGame | None:
        """One game (running or finished) with its log, or None if there is no such game."""
        games = await self.in_thread(self._load_games, GAMES.c.id == game_id)
        return games[0] if games else None

    def _load_games(self, which: Any) -> list[StoredGame]:
        with self.conn.begin():
            rows = self.conn.execute(select(GAMES).where(which).order_by(GAMES.c.id)).all()
            ids = [row.id for row in rows]
            log = self._plain_rows(
                select(LOG.c.game_id, *EVENT_COLUMNS)
                .join_from(LOG, GAMES, LOG.c.game_id == GAMES.c.id)
                .where(which)
                .order_by(LOG.c.game_id, LOG.c.seq)
            )
            timers = self.conn.execute(select(TIMERS).where(TIMERS.c.game_id.in_(ids))).all()
        games = {row.id: StoredGame(_spec_of(row)) for row in rows}
        for entry in log:
            games[entry[0]].log.append(entry[1:])
        for timer in timers:
            games[timer.game_id].timers[timer.key] = timer.due
        return list(games.values())

    async def load_finished_games(self) -> list[FinishedGame]:
        return await self.in_thread(self._load_finished_games)

    def _load_finished_games(self) -> list[FinishedGame]:
        query = select(GAMES).where(GAMES.c.ended.is_(True)).order_by(GAMES.c.id)
        with self.conn.begin():
            rows = self.conn.execute(query).all()
        return [
            FinishedGame(
                replace(_spec_of(row), board_text=None),  # read again with the log when it is needed
                row.ended_at,
                _directors_of(row.directors),
                row.outcome or "",
            )
            for row in rows
        ]

    async def load_pending_outbox(self) -> list[OutboxItem]:
        return await self.in_thread(self._load_pending_outbox)

    def _load_pending_outbox(self) -> list[OutboxItem]:
        query = (
            select(OUTBOX)
            .where(OUTBOX.c.sent_at.is_(None), OUTBOX.c.dropped_at.is_(None))
            .order_by(OUTBOX.c.id)
        )
        with self.conn.begin():
            rows = self.conn.execute(query).all()
        return [_item_of(row) for row in rows]

    async def load_focus(self) -> dict[int, int]:
        return await self.in_thread(self._load_focus)

    def _load_focus(self) -> dict[int, int]:
        with self.conn.begin():
            return {row.qq: row.game_id for row in self.conn.execute(select(FOCUS))}

    async def load_recent_seen(self, now: float, limit: int) -> list[MessageKey]:
        """Prune old seen message keys and return the newest `limit` of the rest, oldest first."""
        return await self.in_thread(self._load_recent_seen, now, limit)

    def _load_recent_seen(self, now: float, limit: int) -> list[MessageKey]:
        key = (SEEN.c.self_id, SEEN.c.chat, SEEN.c.message_id)
        query = select(*key).order_by(SEEN.c.at.desc()).limit(limit)
        with self.conn.begin():
            self.conn.execute(delete(SEEN).where(SEEN.c.at < now - SEEN_KEPT_S))
            rows = self._plain_rows(query)
        rows.reverse()
        return rows

    async def saved_boards(self) -> list[SavedBoard]:
        """The newest version of every board that is not removed, by name (their texts left out)."""
        return await self.in_thread(self._saved_boards)

    def _saved_boards(self) -> list[SavedBoard]:
        newest = (
            select(BOARDS.c.name, func.max(BOARDS.c.version).label("version"))
            .where(BOARDS.c.removed_at.is_(None))
            .group_by(BOARDS.c.name)
            .subquery()
        )
        query = (
            select(*(column for column in BOARDS.c if column.name != "text"), literal("").label("text"))
            .join(newest, (BOARDS.c.name == newest.c.name) & (BOARDS.c.version == newest.c.version))
            .order_by(BOARDS.c.name)
        )
        with self.conn.begin():
            return [_board_of(row) for row in self.conn.execute(query)]

    async def saved_board(self, name: str) -> tuple[SavedBoard | None, int]:
        """The newest version of the board `name` unless it is removed, and the highest version
        number the name ever had (0: never saved)."""
        return await self.in_thread(self._saved_board, name)

    def _saved_board(self, name: str) -> tuple[SavedBoard | None, int]:
        query = select(BOARDS).where(BOARDS.c.name == name).order_by(BOARDS.c.version.desc()).limit(1)
        with self.conn.begin():
            row = self.conn.execute(query).first()
        if row is None:
            return None, 0
        return (_board_of(row) if row.removed_at is None else None), row.version

    # ------------------------------------------------------------ writes

    async def commit(self, step: Step) -> list[OutboxItem]:
        """Store one step atomically; return its outbox rows (ids assigned), ready for delivery."""
        accounts = step.accounts or [None] * len(step.messages)
        items = [
            OutboxItem(
                0, step.game_id, m.kind, m.target, m.text, step.at, step.at, urgent=step.urgent, account=a
            )
            for m, a in zip(step.messages, accounts, strict=True)
        ]
        await self._write(Batch.of_step(step, items))
        return items

    async def record_delivery(
        self, sent: list[tuple[int, float]], changed: list[OutboxItem], dropped: list[tuple[int, float]]
    ) -> None:
        """Store which outbox rows went out, the retry state of those tried, held or released, and
        those a director dropped."""
        if sent or changed or dropped:
            batch = Batch(
                sent=[{"row_id": row_id, "sent": at} for row_id, at in sent],
                states=[
                    {
                        "row_id": it.id,
                        "tries": it.attempts,
                        "retry_at": it.next_try_at,
                        "error": it.last_error,
                        "held": it.held_at,
                    }
                    for it in changed
                ],
                dropped=[{"row_id": row_id, "at": at} for row_id, at in dropped],
            )
            await self._write(batch)

    async def _write(self, batch: Batch) -> None:
        done = asyncio.get_running_loop().create_future()
        self._queued.append((batch, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued())
        await done

    async def _write_queued(self) -> None:
        while self._queued:
            queued, self._queued = self._queued, []
            merged = Batch()
            for batch, _ in queued:
                merged.merge(batch)
            try:
                await self.in_thread(self._transaction, merged)
            except OperationalError as exc:  # the database, not the data: writing alone cannot help
                for _, done in queued:
                    _settle(done, exc)
            except Exception:  # find the faulty batch: write each alone
                for batch, done in queued:
                    await self._write_alone(batch, done)
            else:
                for _, done in queued:
                    _settle(done)

    async def _write_alone(self, batch: Batch, done: asyncio.Future[None]) -> None:
        try:
            await self.in_thread(self._transaction, batch)
        except Exception as exc:
            _settle(done, exc)
        else:
            _settle(done)

    def _transaction(self, batch: Batch) -> None:
        with self.conn.begin():
            batch.write(self.conn, self._insert_seen)


class BoardVersionTaken(Exception):
    """A saved board's new version was given out meanwhile (two directors saved the same name at
    once, maybe through two bot processes): nothing of the step was stored."""


class DatabaseUnavailable(Exception):
    """The database a URL names cannot be used; the message says why, in Chinese."""


def checked_repository(url: str) -> Repository:
    """A repository on `url` that has connected once; DatabaseUnavailable (why, in Chinese) when
    the URL is malformed, names a database type or driver that is not installed, or cannot connect."""
    try:
        repo = Repository(url)
    except NoSuchModuleError:
        kind = url.partition(":")[0]
        raise DatabaseUnavailable(f"无法使用：不认识数据库类型「{kind}」，{URL_EXAMPLES}") from None
    except ImportError as exc:
        driver = exc.name or str(exc)
        raise DatabaseUnavailable(f"无法使用：没有安装它的驱动 {driver}（pip install {driver}）") from None
    except (ArgumentError, ValueError):
        raise DatabaseUnavailable(f"无法使用：不是有效的数据库地址，{URL_EXAMPLES}") from None
    repo.probe()
    return repo


def shown_url(url: str) -> str:
    """`url` as it may be logged: with its password, if any, hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url


def _connect_failure(exc: BaseException) -> str:
    said = str(getattr(exc, "orig", None) or exc).strip()
    lowered = said.lower()
    meaning = next(
        (meaning for parts, meaning in CONNECT_FAILURES if all(part in lowered for part in parts)),
        "连接失败",
    )
    detail = said.splitlines()[0][:150] if said else type(exc).__name__
    return f"{meaning}（{detail}）"


def sync_url(url: str) -> URL:
    """The URL with its async driver (e.g. sqlite+aiosqlite) swapped for the matching blocking one."""
    parsed = make_url(url)
    sync_driver = SYNC_DRIVERS.get(parsed.get_driver_name())
    return parsed.set(drivername=f"{parsed.get_backend_name()}+{sync_driver}") if sync_driver else parsed


def _insert_ignore(backend: str, table: Any) -> Any:
    """An INSERT that skips rows whose primary key is already there.  The dialect's module is
    imported only for its own database (PostgreSQL's costs a SQLite bot 13 ms at start-up)."""
    if backend in ("sqlite", "postgresql"):
        return import_module(f"sqlalchemy.dialects.{backend}").insert(table).on_conflict_do_nothing()
    return insert(table).prefix_with("IGNORE")


def _outbox_params(item: OutboxItem) -> dict[str, Any]:
    return {
        "game_id": item.game_id,
        "kind": item.kind,
        "target": item.target,
        "text": item.text,
        "created_at": item.created_at,
        "attempts": item.attempts,
        "next_try_at": item.next_try_at,
        "sent_at": None,
        "last_error": item.last_error,
        "urgent": item.urgent,
        "held_at": item.held_at,
        "dropped_at": None,
        "account": item.account,
    }


def _settle(done: asyncio.Future[None], error: Exception | None = None) -> None:
    """Tell a writer how its batch went, unless it stopped waiting (cancelled at shutdown)."""
    if done.cancelled():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(None)
