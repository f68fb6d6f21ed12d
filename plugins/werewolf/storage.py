"""Persistence: games, their event logs, the outbox, armed timers, seen message ids and focus.

Everything a handled message changes is written in one transaction (`Repository.commit`);
the shell sends nothing before that transaction has committed.  Ids of new games and outbox
rows are assigned here, in process, so a step needs no round trip to learn them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import BigInteger, bindparam, delete, event, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine
from sqlmodel import Field, SQLModel

from engine import Event, Outgoing

SEEN_KEPT_S = 7 * 24 * 3600  # seen message ids older than this are pruned at start-up


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: int = Field(primary_key=True, sa_type=BigInteger)
    board: str
    seed: int = Field(sa_type=BigInteger)
    timezone: str
    created_at: float
    ended: bool = False


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

    id: int = Field(primary_key=True, sa_type=BigInteger)
    game_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    kind: str
    target: int = Field(sa_type=BigInteger)
    text: str
    created_at: float
    attempts: int = 0
    next_try_at: float
    sent_at: float | None = Field(default=None, index=True)
    last_error: str = ""


class TimerRow(SQLModel, table=True):
    __tablename__ = "timers"

    game_id: int = Field(primary_key=True, sa_type=BigInteger)
    key: str = Field(primary_key=True)
    due: float


class SeenRow(SQLModel, table=True):
    __tablename__ = "seen_messages"

    self_id: int = Field(primary_key=True, sa_type=BigInteger)
    message_id: int = Field(primary_key=True, sa_type=BigInteger)
    at: float = Field(index=True)


class FocusRow(SQLModel, table=True):
    __tablename__ = "focus"

    qq: int = Field(primary_key=True, sa_type=BigInteger)
    game_id: int = Field(sa_type=BigInteger)


TABLES = [
    model.__table__
    for model in (GameRow, LogRow, OutboxRow, TimerRow, SeenRow, FocusRow)  # type: ignore[attr-defined]
]
GAMES, LOG, OUTBOX, TIMERS, SEEN, FOCUS = TABLES

MARK_SENT = update(OUTBOX).where(OUTBOX.c.id == bindparam("row_id")).values(sent_at=bindparam("sent"))
MARK_FAILED = (
    update(OUTBOX)
    .where(OUTBOX.c.id == bindparam("row_id"))
    .values(attempts=bindparam("tries"), next_try_at=bindparam("retry_at"), last_error=bindparam("error"))
)


@dataclass
class OutboxItem:
    """One message to deliver, as kept in memory by the outbox."""

    id: int
    game_id: int | None
    kind: str
    target: int
    text: str
    created_at: float
    next_try_at: float
    attempts: int = 0
    last_error: str = ""

    @property
    def recipient(self) -> tuple[str, int]:
        return self.kind, self.target


@dataclass(frozen=True)
class GameSpec:
    """What a game is created from; stored in its `games` row."""

    id: int
    board: str
    seed: int
    timezone: str


@dataclass
class Step:
    """What one handled message or timer changes, written in one transaction."""

    at: float
    game_id: int | None = None
    seen: tuple[int, int] | None = None  # (self_id, message_id)
    new_game: GameSpec | None = None
    log: tuple[int, Event] | None = None  # (seq, event)
    messages: list[Outgoing] = field(default_factory=list)
    timers: dict[str, float] | None = None  # the game's complete timer set, when it changed
    ended: bool = False
    focus: tuple[int, int] | None = None  # (qq, game_id)


@dataclass
class StoredGame:
    spec: GameSpec
    events: list[Event] = field(default_factory=list)
    timers: dict[str, float] = field(default_factory=dict)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _event_of(row: Any) -> Event:
    return Event(kind=row.kind, at=row.at, qq=row.qq, text=row.text, group=row.group_id, key=row.key)


class Repository:
    """Async access to the database through one long-lived connection, writes serialised."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self._engine = create_async_engine(self.url)
        if self.url.get_backend_name() == "sqlite":
            event.listen(self._engine.sync_engine, "connect", _sqlite_pragmas)
        self._conn: AsyncConnection | None = None
        self._insert_seen = _insert_ignore(self.url.get_backend_name(), SEEN)
        self._lock = asyncio.Lock()
        self._next_game_id = 1
        self._next_outbox_id = 1

    @property
    def conn(self) -> AsyncConnection:
        if self._conn is None:
            raise RuntimeError("Repository.open() has not been called")
        return self._conn

    async def open(self) -> None:
        database = self.url.database
        if self.url.get_backend_name() == "sqlite" and database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await self._engine.connect()
        async with self.conn.begin():
            await self.conn.run_sync(SQLModel.metadata.create_all, tables=TABLES)
            max_game = await self.conn.scalar(select(func.max(GAMES.c.id)))
            max_outbox = await self.conn.scalar(select(func.max(OUTBOX.c.id)))
        self._next_game_id = (max_game or 0) + 1
        self._next_outbox_id = (max_outbox or 0) + 1

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
        await self._engine.dispose()

    def allocate_game_id(self) -> int:
        game_id = self._next_game_id
        self._next_game_id += 1
        return game_id

    # ------------------------------------------------------------ start-up reads

    async def load_active_games(self) -> list[StoredGame]:
        async with self._lock, self.conn.begin():
            query = select(GAMES).where(GAMES.c.ended.is_(False)).order_by(GAMES.c.id)
            rows = (await self.conn.execute(query)).all()
            ids = [row.id for row in rows]
            log = (
                await self.conn.execute(
                    select(LOG).where(LOG.c.game_id.in_(ids)).order_by(LOG.c.game_id, LOG.c.seq)
                )
            ).all()
            timers = (await self.conn.execute(select(TIMERS).where(TIMERS.c.game_id.in_(ids)))).all()
        games = {row.id: StoredGame(GameSpec(row.id, row.board, row.seed, row.timezone)) for row in rows}
        for entry in log:
            games[entry.game_id].events.append(_event_of(entry))
        for timer in timers:
            games[timer.game_id].timers[timer.key] = timer.due
        return list(games.values())

    async def load_pending_outbox(self) -> list[OutboxItem]:
        query = select(OUTBOX).where(OUTBOX.c.sent_at.is_(None)).order_by(OUTBOX.c.id)
        async with self._lock, self.conn.begin():
            rows = (await self.conn.execute(query)).all()
        return [
            OutboxItem(
                id=row.id,
                game_id=row.game_id,
                kind=row.kind,
                target=row.target,
                text=row.text,
                created_at=row.created_at,
                next_try_at=row.next_try_at,
                attempts=row.attempts,
                last_error=row.last_error,
            )
            for row in rows
        ]

    async def load_focus(self) -> dict[int, int]:
        async with self._lock, self.conn.begin():
            rows = (await self.conn.execute(select(FOCUS))).all()
        return {row.qq: row.game_id for row in rows}

    async def load_recent_seen(self, now: float, limit: int) -> list[tuple[int, int]]:
        """Prune old seen message ids and return the newest `limit` of the rest, oldest first."""
        query = select(SEEN).order_by(SEEN.c.at.desc()).limit(limit)
        async with self._lock, self.conn.begin():
            await self.conn.execute(delete(SEEN).where(SEEN.c.at < now - SEEN_KEPT_S))
            rows = (await self.conn.execute(query)).all()
        return [(row.self_id, row.message_id) for row in reversed(rows)]

    # ------------------------------------------------------------ writes

    async def commit(self, step: Step) -> list[OutboxItem]:
        """Write one step in one transaction; return its outbox rows, ready for delivery."""
        async with self._lock:
            items = self._outbox_items(step)
            async with self.conn.begin():
                await self._write(step, items)
            self._next_outbox_id += len(items)
        return items

    def _outbox_items(self, step: Step) -> list[OutboxItem]:
        return [
            OutboxItem(self._next_outbox_id + i, step.game_id, m.kind, m.target, m.text, step.at, step.at)
            for i, m in enumerate(step.messages)
        ]

    async def _write(self, step: Step, items: list[OutboxItem]) -> None:
        conn = self.conn
        if step.seen is not None:
            self_id, message_id = step.seen
            await conn.execute(
                self._insert_seen, {"self_id": self_id, "message_id": message_id, "at": step.at}
            )
        if step.new_game is not None:
            game = step.new_game
            await conn.execute(
                insert(GAMES),
                {
                    "id": game.id,
                    "board": game.board,
                    "seed": game.seed,
                    "timezone": game.timezone,
                    "created_at": step.at,
                    "ended": False,
                },
            )
        if step.log is not None:
            seq, ev = step.log
            await conn.execute(
                insert(LOG),
                {
                    "game_id": step.game_id,
                    "seq": seq,
                    "kind": ev.kind,
                    "at": ev.at,
                    "qq": ev.qq,
                    "text": ev.text,
                    "group_id": ev.group,
                    "key": ev.key,
                },
            )
        if items:
            await conn.execute(insert(OUTBOX), [_outbox_params(item) for item in items])
        if step.timers is not None:
            await conn.execute(delete(TIMERS).where(TIMERS.c.game_id == step.game_id))
            if step.timers:
                rows = [{"game_id": step.game_id, "key": k, "due": due} for k, due in step.timers.items()]
                await conn.execute(insert(TIMERS), rows)
        if step.ended:
            await conn.execute(update(GAMES).where(GAMES.c.id == step.game_id).values(ended=True))
        if step.focus is not None:
            qq, game_id = step.focus
            await conn.execute(delete(FOCUS).where(FOCUS.c.qq == qq))
            await conn.execute(insert(FOCUS), {"qq": qq, "game_id": game_id})

    async def record_delivery(self, sent: list[tuple[int, float]], failed: list[OutboxItem]) -> None:
        """Store which outbox rows went out and which failed (with their retry time)."""
        if not sent and not failed:
            return
        async with self._lock, self.conn.begin():
            if sent:
                await self.conn.execute(MARK_SENT, [{"row_id": i, "sent": at} for i, at in sent])
            if failed:
                params = [
                    {
                        "row_id": it.id,
                        "tries": it.attempts,
                        "retry_at": it.next_try_at,
                        "error": it.last_error,
                    }
                    for it in failed
                ]
                await self.conn.execute(MARK_FAILED, params)


def _insert_ignore(backend: str, table: Any) -> Any:
    """An INSERT that skips rows whose primary key is already there."""
    if backend == "sqlite":
        return sqlite_insert(table).on_conflict_do_nothing()
    if backend == "postgresql":
        return postgresql_insert(table).on_conflict_do_nothing()
    return insert(table).prefix_with("IGNORE")


def _outbox_params(item: OutboxItem) -> dict[str, Any]:
    return {
        "id": item.id,
        "game_id": item.game_id,
        "kind": item.kind,
        "target": item.target,
        "text": item.text,
        "created_at": item.created_at,
        "attempts": item.attempts,
        "next_try_at": item.next_try_at,
        "sent_at": None,
        "last_error": item.last_error,
    }
