"""SQLite storage for games, seats and the action log (sqlite-utils, WAL).

The queries are the shared ones (bot.store.sql); this module adds the connections and
transactions. Every thread gets its own connection: the service runs each command's
reads and writes in a worker thread, inside one `transaction()`, so a command that waits
for another process's write lock never holds up the event loop, and a read in another
channel (WAL readers never wait for writers) is not queued behind it. `BEGIN IMMEDIATE`
takes the file's one write lock up front, which is all the row locking SQLite needs
(`for_update` reads and leases are plain reads here). Writes that follow a read also
carry the version column (optimistic concurrency), so two processes on one file cannot
both apply an action to the same state.
"""

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bot.store.errors import (
    DatabaseBusy,
    DuplicateInteraction,
    NotSaved,
    StorageFull,
    StoreError,
)
from bot.store.sql import SqlStore

DEFAULT_BUSY_SECONDS = 5.0

BUSY_WORDS = ("database is locked", "database is busy", "database table is locked")


FULL_WORDS = "database or disk is full"
"""SQLITE_FULL: the disk (or the database's page limit) has no room for the write."""


def _is_busy(error: sqlite3.Error) -> bool:
    return any(words in str(error) for words in BUSY_WORDS)


def _refusal(error: sqlite3.Error) -> StoreError:
    """The store's refusal for an SQLite error that ended a transaction: a lock held too
    long, a full disk, or any other failure to store it (rolled back: `NotSaved`)."""
    if _is_busy(error):
        return DatabaseBusy(str(error))
    if FULL_WORDS in str(error):
        return StorageFull(str(error))
    return NotSaved(str(error))


INTERACTIONS_KEY = "interactions.interaction_id, interactions.part"
"""How SQLite names the key a second recording of one Discord interaction breaks."""

BUGS = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.DataError, sqlite3.InterfaceError)
"""Errors of what a statement asked (a broken constraint, a bad parameter): the code's
mistake, raised as it is. Every other SQLite error is the database failing to store."""


def _store_error(error: sqlite3.Error) -> StoreError | None:
    """The store's refusal for a statement's error, or None for one of the code's own."""
    return None if isinstance(error, BUGS) else _refusal(error)


class SqliteStore(SqlStore):
    """The embedded default store: one file, one connection per thread."""

    backend = "sqlite"

    def __init__(self, path: Path | str, *, busy_seconds: float = DEFAULT_BUSY_SECONDS) -> None:
        self.path = Path(path)
        self.busy_seconds = busy_seconds
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self.migrate()

    @property
    def location(self) -> str:
        return str(self.path)

    # -- connections -------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout={int(self.busy_seconds * 1000)}")
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: an acknowledged action survives a power cut, not only a process kill.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        with self._guard:
            self._connections.append(conn)
        return conn

    @property
    def conn(self) -> sqlite3.Connection:
        """This thread's connection (opened on first use)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
            self._local.db = sqlite_utils.Database(conn)
        return conn

    @property
    def db(self) -> sqlite_utils.Database:
        self.conn  # noqa: B018  (opens this thread's connection)
        database: sqlite_utils.Database = self._local.db
        return database

    def close(self) -> None:
        with self._guard:
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()
        self._local = threading.local()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: BEGIN IMMEDIATE takes the write lock up front, so the
        checks a command makes cannot be overtaken by another writer before it writes.
        Nested calls join the outer transaction.

        It ends committed or rolled back, never left open: a COMMIT that fails (any
        `sqlite3.Error`: a failing disk, a damaged file) is rolled back and raised as the
        store's refusal (`NotSaved` when it is not a lock or a full disk), and a
        connection whose rollback fails too is closed and replaced, so the next
        transaction does not join a half-finished one."""
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        self._forget_kept()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _refusal(error) from error
        try:
            yield
        except BaseException as error:
            self._roll_back(conn)
            # A statement run past `_run` (a library's own write) is answered the same way.
            refusal = _store_error(error) if isinstance(error, sqlite3.Error) else None
            if refusal is not None:
                raise refusal from error
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            self._roll_back(conn)
            raise _refusal(error) from error

    def _roll_back(self, conn: sqlite3.Connection) -> None:
        """End the transaction (SQLite may already have rolled back, e.g. after a full
        disk); a connection that cannot is discarded, and this thread opens a new one."""
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:
            with self._guard:
                if conn in self._connections:
                    self._connections.remove(conn)
            with contextlib.suppress(sqlite3.Error):
                conn.close()
            self._local.conn = None
            self._local.db = None

    # -- what the shared queries need (bot.store.sql) -----------------------------------

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cursor = self._run(sql, params)
        names = [column[0] for column in cursor.description or ()]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._run(sql, params).rowcount

    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.conn.executemany(sql, rows)
        except sqlite3.Error as error:
            refusal = _store_error(error)
            if refusal is not None:
                raise refusal from error
            raise

    def _run(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        try:
            return self.conn.execute(sql, params)
        except sqlite3.Error as error:
            refusal = _store_error(error)
            if refusal is not None:
                raise refusal from error
            raise

    def record_interaction(
        self, interaction_id: int, part: str, channel_id: int, answer: str, now: datetime
    ) -> None:
        """As the shared query, with a second recording of the interaction (which breaks
        the table's key at once here, not at the COMMIT) told as `DuplicateInteraction`."""
        try:
            super().record_interaction(interaction_id, part, channel_id, answer, now)
        except sqlite3.IntegrityError as error:
            if INTERACTIONS_KEY not in str(error):
                raise
            raise DuplicateInteraction(str(error)) from error

    def _in_transaction(self) -> bool:
        return self.conn.in_transaction

    def _lock(self, *, skip_locked: bool = False) -> str:
        # BEGIN IMMEDIATE already holds the database's one write lock for the whole
        # transaction: no other process can change the row until it ends.
        return ""

    def _lock_schema(self) -> None:
        pass  # the write transaction keeps other processes out

    def _advisory_lock(self, key: int) -> None:
        pass  # the write transaction already keeps every other writer out

    def _table_names(self) -> list[str]:
        rows = self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY rowid"
        ).fetchall()
        return [str(row[0]) for row in rows]

    def _parents(self, table: str) -> set[str]:
        rows = self.conn.execute(f"PRAGMA foreign_key_list({table})").fetchall()
        return {str(row[2]) for row in rows}

    def _primary_key(self, table: str) -> list[str]:
        rows = self.conn.execute(f"PRAGMA table_info({table})").fetchall()
        keyed = sorted((int(row[5]), str(row[1])) for row in rows if row[5])
        return [name for _, name in keyed]

    def _after_insert_rows(self, table: str) -> None:
        pass  # an INTEGER PRIMARY KEY always continues after the largest id

    # -- operations --------------------------------------------------------------------

    def backup(self, target: Path) -> None:
        """A consistent copy while the bot runs (SQLite's online backup API): unlike
        copying the file, it includes what is still in the `-wal` file."""
        destination = sqlite3.connect(str(target))
        try:
            self.conn.backup(destination)
        finally:
            destination.close()
