"""PostgreSQL storage (psycopg 3 with a connection pool), for several bot processes.

The queries are the shared ones (bot.store.sql); this module adds the connections,
transactions and row locks. A thread that runs transactions (the service's one writer)
keeps one pooled connection for all of them, so it takes nothing from the pool per
command and its statements stay prepared on the server (`prepare_threshold` 0: every
statement is prepared at its first use, and later only its parameters travel); a read
outside a transaction borrows a connection for a single statement (autocommit). A
transaction runs in pipeline mode (see `transaction`): a command costs two round trips,
its first read and its commit, or only the commit when this process wrote its game last
(bot.store.pg_known). The service runs commands of different games side by side
in a few writer threads (bot.service.runtime.lanes), each keeping its own connection.

A COMMIT whose answer never came (the connection broke after it was sent) is
`OutcomeUnknown`: the server may have stored it. An error the server answered at the
COMMIT means it rolled the transaction back: `NotSaved`, or `DuplicateInteraction` when
the transaction recorded a Discord interaction another one recorded first.

Commands on one game are serialised across processes by `SELECT … FOR UPDATE` on the
game row at the start of their transaction (the service's
`for_update` reads), as the one writer serialises them inside one process; a write
that starts from a version read under that lock needs no version check (see
bot.store.sql_base.LockedGame), any other keeps it. Waiting for a lock is bounded by
`lock_timeout` (SMITHFIELD_DB_BUSY_SECONDS), after which the command is refused as busy,
exactly like SQLite's busy timeout. Deadlocks and serialization failures are reported as
`VersionConflict`, which the service retries.
"""

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from bot.store.errors import (
    DatabaseBusy,
    DatabaseUnavailable,
    DuplicateInteraction,
    NotSaved,
    OutcomeUnknown,
    StorageFull,
    StoreError,
    StoreUnusable,
    VersionConflict,
)
from bot.store.pg_kept import Kept, hung_up, let_go, roll_back, rows_of
from bot.store.pg_known import FUNCTIONS, KnownGames, Remembering, reread, returning
from bot.store.schema import MIGRATIONS
from bot.store.sql import SqlStore

log = logging.getLogger(__name__)

Ending = tuple[str, Sequence[Any], Callable[[list[dict[str, Any]]], None]]
"""A statement sent with the COMMIT, and what to do with its rows once committed."""


SCHEMES = ("postgresql", "postgres")
POOL_SIZE = 10
"""The writer threads' kept connections (bot.service.runtime.lanes), the reader threads,
the event loop's few direct reads, and spares."""
INTERACTIONS_KEY = "interactions_pkey"
"""The constraint a second recording of one Discord interaction breaks."""
CONNECT_SECONDS = 10.0
RETURNING_SLOTS = 1000
"""The first cursor slot of the games' UPDATEs whose rows are read after the COMMIT (far
above those of the statements answered together: see `Kept`)."""
SCHEMA_LOCK = 0x536D697468  # any fixed number: the advisory lock migrations take


def shown_url(url: str) -> str:
    """The URL fit to print: the password (if any) replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def scrub(text: str, url: str) -> str:
    """An error text with the URL's password removed, should libpq ever quote it."""
    password = urlsplit(url).password
    return text.replace(password, "***") if password else text


@lru_cache(maxsize=512)
def _placeholders(sql: str) -> bytes:
    """The shared queries' `?` placeholders as psycopg's `%s` (and `%` doubled), as bytes:
    psycopg encodes a text query again on every run, looking up the connection's
    encoding each time (our SQL is ASCII, the same in every encoding)."""
    return sql.replace("%", "%%").replace("?", "%s").encode("ascii")


def _translate(error: psycopg.Error) -> Exception:
    """A psycopg error as the store's refusal the service knows how to answer (before a
    COMMIT was sent; see `_at_commit` for the COMMIT's own). A second recording of one
    interaction may surface at any wait, or while later statements are sent."""
    if isinstance(error, errors.UniqueViolation) and error.diag.constraint_name == (
        INTERACTIONS_KEY
    ):
        return DuplicateInteraction(str(error))
    if isinstance(error, errors.LockNotAvailable | errors.QueryCanceled):
        return DatabaseBusy(str(error))
    if isinstance(error, errors.DiskFull):
        # Before OperationalError, which it is a kind of: the server is up, its disk is not.
        return StorageFull(str(error))
    if isinstance(error, errors.SerializationFailure | errors.DeadlockDetected):
        return VersionConflict(str(error))
    if isinstance(error, psycopg.OperationalError):
        return DatabaseUnavailable(str(error))
    return error


def _at_commit(error: psycopg.Error, conn: psycopg.Connection[Any]) -> Exception:
    """An error while the COMMIT (and the writes sent with it) waited for its answer.

    A broken connection means the answer was lost: the server may have committed
    (`OutcomeUnknown`). Otherwise the server answered, and an error answer means it
    rolled the transaction back: a lost race or a lock as usual, the interaction already
    recorded (`DuplicateInteraction`), and anything else `NotSaved`."""
    if conn.broken or conn.closed:
        return OutcomeUnknown(str(error))
    translated = _translate(error)
    if isinstance(translated, StoreError):
        return translated
    return NotSaved(f"{type(error).__name__}: {error}")


class PostgresStore(Remembering, SqlStore):
    """A database server shared by any number of bot processes."""

    backend = "postgres"

    def __init__(self, url: str, *, busy_seconds: float = 5.0, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.busy_seconds = busy_seconds
        self._local = threading.local()
        self._kept: list[Kept] = []
        self._kept_guard = threading.Lock()
        self.known = KnownGames()
        """What this process's transactions left of the games they held (pg_known)."""
        self.pool: ConnectionPool[psycopg.Connection[dict[str, Any]]] = ConnectionPool(
            url,
            kwargs={"autocommit": True, "row_factory": dict_row, "prepare_threshold": 0},
            configure=self._configure,
            min_size=1,
            max_size=pool_size,
            timeout=max(busy_seconds, CONNECT_SECONDS),
            open=False,
            name="smithfield",
        )
        try:
            self.pool.open(wait=True, timeout=CONNECT_SECONDS)
            self.migrate()
            columns = self._columns("games")
            self._reread = (reread(columns, seats=False), reread(columns, seats=True))
            self._returning = returning(columns)
        except BaseException:
            self.pool.close()
            raise

    def _configure(self, conn: psycopg.Connection[Any]) -> None:
        milliseconds = int(self.busy_seconds * 1000)
        conn.execute(f"SET lock_timeout = {milliseconds}")
        conn.execute("SET application_name = 'smithfield'")
        if self.known.enabled:
            try:
                # The tables may not exist yet (a new database, before its migrations).
                conn.execute("SET check_function_bodies = off")
                for statement in FUNCTIONS:
                    conn.execute(statement)
                conn.execute("RESET check_function_bodies")
            except psycopg.Error as error:
                self.known.enabled = False
                log.warning(
                    "PostgreSQL refused this session's functions, so every command reads "
                    "its game first (a round trip more): %s",
                    error,
                )

    @property
    def location(self) -> str:
        return shown_url(self.url)

    def close(self) -> None:
        with self._kept_guard:
            kept, self._kept = self._kept, []
        for each in kept:
            let_go(each.held)
            each.conn.close()
        self.pool.close()

    # -- connections and transactions -----------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[dict[str, Any]]]:
        """This thread's transaction's connection, or one borrowed for a statement."""
        current = self._current()
        if current is not None:
            yield current.conn
            return
        try:
            with self.pool.connection() as conn:
                yield conn
        except PoolTimeout as error:
            raise DatabaseUnavailable(str(error)) from error

    def _kept_connection(self) -> Kept:
        """This thread's own connection for its transactions, kept in pipeline mode (taken
        from the pool once; a broken one is given back, and the pool replaces it). It
        stays in pipeline mode between transactions: leaving it costs a round trip."""
        kept: Kept | None = getattr(self._local, "kept", None)
        if kept is not None and (kept.conn.closed or kept.conn.broken or hung_up(kept.conn)):
            with self._kept_guard:
                if kept in self._kept:
                    self._kept.remove(kept)
            let_go(kept.held)
            self.pool.putconn(kept.conn)
            kept = None
        if kept is None:
            try:
                conn = self.pool.getconn()
            except PoolTimeout as error:
                raise DatabaseUnavailable(str(error)) from error
            if getattr(self._local, "migrating", False):
                conn.prepare_threshold = None  # see migrate
            held = contextlib.ExitStack()
            try:
                pipeline = held.enter_context(conn.pipeline())
            except BaseException:
                self.pool.putconn(conn)
                raise
            kept = Kept(conn, pipeline, held)
            with self._kept_guard:
                self._kept.append(kept)
            self._local.kept = kept
        return kept

    def migrate(self) -> list[int]:
        """The migrations, with prepared statements off on this thread's connection.

        Why: psycopg forgets its prepared statements after a DDL statement (ALTER, DROP)
        and deallocates them on the server with the command after it; in pipeline mode it
        learns of the DDL only at the next wait, after it has prepared the statements
        that follow, so the deallocation drops those too ("prepared statement … does not
        exist" for the next migration). Nothing prepared during migrations, nothing lost,
        also on a kept connection taken in their middle (the server ended the first)."""
        threshold = self._kept_connection().conn.prepare_threshold
        self._local.migrating = True
        try:
            self._kept_connection().conn.prepare_threshold = None
            return super().migrate()
        finally:
            self._local.migrating = False
            kept: Kept | None = getattr(self._local, "kept", None)
            if kept is not None:
                kept.conn.prepare_threshold = threshold

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction on this thread's connection (READ COMMITTED: each statement
        sees what committed before it; rows read `for_update` cannot change until the
        end). Nested calls join the outer transaction.

        It runs in pipeline mode: statements are sent as they come, and the thread waits
        for the server only when it needs an answer (a read, a count of changed rows) and
        at the commit. So the writes whose answer nobody reads (`_write`) are answered
        with the next read, and the command's last writes with the commit: a move costs
        two round trips (one with its game from memory), not one per statement. A
        transaction that waits only at its end needs no BEGIN or COMMIT statement: the
        Sync that ends it commits what was sent (see `Kept.wait`). An error in any
        statement (it surfaces at the next wait) undoes the whole transaction."""
        if self._in_transaction():
            yield
            return
        kept = self._kept_connection()
        conn = kept.conn
        self._local.in_use = kept
        self._local.with_commit = []
        self._local.held = set()
        self._local.returned = {}
        self._local.after_commit = []
        self._forget_kept()
        kept.begun = False
        try:
            try:
                yield
                self._reread_held()
                ending: list[Ending]
                ending, self._local.with_commit = self._local.with_commit, []
                cursors = [
                    kept.send(_placeholders(sql), args, slot)
                    for slot, (sql, args, _) in enumerate(ending, start=1)
                ]
            except BaseException:
                roll_back(kept)
                raise
            explicit = kept.begun
            try:
                kept.commit()
            except psycopg.Error as error:
                outcome = _at_commit(error, conn)
                if explicit or conn.broken:
                    roll_back(kept, ended=True)
                else:
                    # An error answered to the Sync that commits (a deferred check that
                    # failed): the server rolled back, but psycopg's pipeline is left a
                    # result behind, so the connection is not used again.
                    kept.begun = False
                    conn.close()
                if isinstance(outcome, OutcomeUnknown) and self._not_stored():
                    outcome = DatabaseUnavailable(f"the connection broke; nothing stored: {error}")
                raise outcome from error
            except BaseException:
                roll_back(kept)
                raise
            for cursor, (_, _, then) in zip(cursors, ending, strict=True):
                then(cursor.fetchall())
            for after in self._local.after_commit:
                after()
        except BaseException as error:
            # The games it held may not be as remembered (a hold that failed, a COMMIT
            # whose answer was lost): the next command reads them.
            self.known.forget(list(self._locked_games()))
            if isinstance(error, psycopg.Error):
                raise _translate(error) from error
            raise
        finally:
            self._local.in_use = None
            self._local.with_commit = []
            self._local.returned = {}
            self._local.after_commit = []

    def _not_stored(self) -> bool:
        """After a COMMIT whose answer was lost: whether the database shows for sure that
        it did not store it. Asked on another connection, which waits for the game rows'
        locks (so for the lost transaction to end, if the server still runs it): every
        game the transaction wrote still at the version it read means nothing of it was
        stored, and the command can run again as if never sent. Why it matters: the
        first read used to find a connection the server had ended; now that a command
        may send everything at once (bot.store.pg_known), the COMMIT is the first to find
        it. Anything else, or a question that fails, leaves the outcome unknown."""
        written = {
            game_id: locked.read_version
            for game_id, locked in self._locked_games().items()
            if locked.version != locked.read_version
        }
        if not written:
            return False
        try:
            with self.pool.connection(timeout=CONNECT_SECONDS) as conn:
                rows = conn.execute(
                    "SELECT id, version FROM games WHERE id = ANY(%s) FOR UPDATE",
                    (list(written),),
                ).fetchall()
        except (psycopg.Error, PoolTimeout):
            return False
        found = {int(row["id"]): int(row["version"]) for row in rows}
        return all(found.get(game_id) == version for game_id, version in written.items())

    def _with_commit(
        self, sql: str, params: Sequence[Any], then: Callable[[list[dict[str, Any]]], None]
    ) -> None:
        if self._current() is None:
            then(self._query(sql, params))
            return
        self._local.with_commit.append((sql, params, then))

    # -- what the shared queries need (bot.store.sql) -------------------------------------

    def _answered(self, conn: psycopg.Connection[dict[str, Any]]) -> None:
        """Inside a transaction: wait for the answers to everything sent so far (outside
        one, each statement is answered as it runs)."""
        kept = self._current()
        if kept is not None and conn is kept.conn:
            kept.wait()

    def _send(
        self,
        conn: psycopg.Connection[dict[str, Any]],
        sql: str,
        params: Sequence[Any],
        slot: int = 0,
    ) -> psycopg.Cursor[dict[str, Any]]:
        """Send a statement: inside a transaction on one of its kept cursors (see `Kept`;
        `slot` 0 for a statement whose rows nobody reads)."""
        kept = self._current()
        if kept is not None and conn is kept.conn:
            cursor: psycopg.Cursor[dict[str, Any]] = kept.send(_placeholders(sql), params, slot)
            return cursor
        return conn.execute(_placeholders(sql), params)

    def _send_returning(self, sql: str, params: Sequence[Any]) -> Any:
        kept = self._current()
        assert kept is not None
        slot = RETURNING_SLOTS + len(self._local.returned)  # a cursor of its own per game
        return self._send(kept.conn, sql, params, slot)

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._connection() as conn:
            try:
                cursor = self._send(conn, sql, params, slot=1)
                self._answered(conn)
                return rows_of(cursor)
            except psycopg.Error as error:
                raise _translate(error) from error

    def _queries(self, *statements: tuple[str, Sequence[Any]]) -> list[list[dict[str, Any]]]:
        kept = self._current()
        if kept is None:
            return super()._queries(*statements)
        conn = kept.conn
        try:
            cursors = [
                self._send(conn, sql, params, slot)
                for slot, (sql, params) in enumerate(statements, start=1)
            ]
            self._answered(conn)
            return [rows_of(cursor) for cursor in cursors]
        except psycopg.Error as error:
            raise _translate(error) from error

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._connection() as conn:
            try:
                cursor = self._send(conn, sql, params)
                self._answered(conn)
                return cursor.rowcount
            except psycopg.Error as error:
                raise _translate(error) from error

    def _write(self, sql: str, params: Sequence[Any] = ()) -> None:
        kept = self._current()
        if kept is None:
            self._execute(sql, params)
            return
        try:
            self._send(kept.conn, sql, params)  # answered at the next wait
        except psycopg.Error as error:
            raise _translate(error) from error

    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connection() as conn:
            try:
                with conn.cursor() as cursor:
                    cursor.executemany(_placeholders(sql), rows)
                self._answered(conn)
            except psycopg.Error as error:
                raise _translate(error) from error

    def _in_transaction(self) -> bool:
        return self._current() is not None

    def _current(self) -> Kept | None:
        """This thread's transaction's kept connection, if a transaction is running."""
        kept: Kept | None = getattr(self._local, "in_use", None)
        return kept

    def _lock(self, *, skip_locked: bool = False) -> str:
        if not self._in_transaction():
            # Outside a transaction a lock would end with the statement: a plain read
            # (e.g. a confirmation's preview), which never waits for a running command.
            return ""
        return " FOR UPDATE SKIP LOCKED" if skip_locked else " FOR UPDATE"

    def _lock_schema(self) -> None:
        # Several processes starting at once must not run the same migration twice.
        self._advisory_lock(SCHEMA_LOCK)

    def _advisory_lock(self, key: int) -> None:
        # No answer to wait for: what the transaction sends next runs once it is held.
        self._write("SELECT pg_advisory_xact_lock(?)", (key,))

    def _columns(self, table: str) -> list[str]:
        rows = self._query(
            "SELECT column_name AS name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [str(row["name"]) for row in rows]

    def _table_names(self) -> list[str]:
        rows = self._query(
            "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n"
            " ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"
            " AND c.relkind IN ('r', 'p') ORDER BY c.oid"
        )
        return [str(row["name"]) for row in rows]

    def _parents(self, table: str) -> set[str]:
        rows = self._query(
            "SELECT DISTINCT confrelid::regclass::text AS parent FROM pg_constraint"
            " WHERE contype = 'f' AND conrelid = ?::regclass",
            (table,),
        )
        return {str(row["parent"]) for row in rows}

    def _primary_key(self, table: str) -> list[str]:
        rows = self._query(
            "SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a"
            " ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
            " WHERE i.indrelid = ?::regclass AND i.indisprimary"
            " ORDER BY array_position(i.indkey::int2[], a.attnum)",
            (table,),
        )
        return [str(row["name"]) for row in rows]

    def _after_insert_rows(self, table: str) -> None:
        identities = self._query(
            "SELECT attname AS name FROM pg_attribute WHERE attrelid = ?::regclass"
            " AND attidentity <> ''",
            (table,),
        )
        for row in identities:
            column = str(row["name"])
            self._query(
                f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({column}), 0) + 1,"
                f" false) FROM {table}",
                (table, column),
            )


def check_server(url: str) -> None:
    """At startup: the server answers, the login works, and the schema is not newer than
    this version knows; otherwise one line (no password) saying what to fix."""
    shown = shown_url(url)
    try:
        conn = psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS), autocommit=True)
    except psycopg.Error as error:
        reason = " ".join(scrub(str(error), url).split()) or type(error).__name__
        raise StoreUnusable(
            f"cannot connect to {shown} ({reason[:300]}); check SMITHFIELD_DB and that the "
            "PostgreSQL server is running and accepts this user."
        ) from None
    except Exception as error:  # a malformed URL: libpq's parser raises before connecting
        reason = " ".join(scrub(str(error), url).split())
        raise StoreUnusable(
            f"SMITHFIELD_DB={shown} is not a usable PostgreSQL URL ({reason[:300]})."
        ) from None
    try:
        with conn.cursor() as cursor:
            cursor.execute("SELECT to_regclass('schema_migrations') IS NOT NULL")
            row = cursor.fetchone()
            found = 0
            if row is not None and row[0]:
                cursor.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
                version = cursor.fetchone()
                found = int(version[0]) if version is not None else 0
    except psycopg.Error as error:
        reason = " ".join(scrub(str(error), url).split())
        raise StoreUnusable(f"cannot read the schema of {shown} ({reason[:300]}).") from None
    finally:
        conn.close()
    known = max(MIGRATIONS)
    if found > known:
        raise StoreUnusable(
            f"{shown} was written by a newer Smithfield (schema {found}; this version knows up "
            f"to {known}). Run the newer version, or restore a backup made for this one."
        )


def open_postgres(url: str, *, busy_seconds: float) -> PostgresStore:
    """The checked, migrated store at `url`, or `StoreUnusable` in one line (no password):
    the server cannot be reached, the schema is newer, or this user may not create the
    tables (a migration failed, and rolled back)."""
    check_server(url)
    try:
        return PostgresStore(url, busy_seconds=busy_seconds)
    except StoreUnusable:
        raise
    except (psycopg.Error, PoolTimeout, StoreError) as error:
        reason = " ".join(scrub(str(error), url).split()) or type(error).__name__
        raise StoreUnusable(
            f"cannot prepare the database {shown_url(url)} ({reason[:300]}); the bot's "
            "user must be able to create and change its tables (e.g. own the database)."
        ) from None
