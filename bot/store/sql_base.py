"""The half of the store's SQL every query group stands on: the backend's primitives,
the helpers over them, the schema's migrations and the operator's table copying.

`SqlBase` is what a backend (bot.store.sqlite, bot.store.postgres) fills in: four
primitives — `transaction()`, `_query` (rows as dicts), `_execute` (the number of rows
changed) and `_lock` (how a read locks a row: nothing on SQLite, whose transactions
already hold the one write lock, `FOR UPDATE` on PostgreSQL) — and may refine a fifth,
`_write` (a statement whose answer nobody reads, which a backend may send together with
the next statement that needs one). Statements are written with `?` placeholders; a
backend may rewrite them (psycopg wants `%s`).
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar

from bot.store.errors import StoreUnusable
from bot.store.rows import GameRow, SeatRow
from bot.store.schema import MIGRATIONS, for_dialect

BOOKKEEPING = "schema_migrations"


def db_value(value: Any) -> Any:
    """Booleans are stored as 0/1 on both backends (PostgreSQL will not cast them)."""
    return int(value) if isinstance(value, bool) else value


@dataclass
class LockedGame:
    """A game row this transaction read locked (`for_update`), as this transaction left
    it: nobody else can write the row, its seats or its log before the commit, so a
    write that starts from this version, or appends after this log row, cannot lose a
    race and needs no answer to check (see `SqlStore.update_game`, `append_action`), and
    the seats read with it stay true as long as this transaction's own seat writes keep
    them up to date."""

    version: int
    last_seq: int
    seats: list[SeatRow]
    written: bool = False
    """Whether this transaction wrote the row, its seats or its log."""
    state: str | None = None
    """The stored state as this transaction left it."""
    seats_written: bool = False
    """Whether this transaction wrote the seats (so `seats` is its own account of them)."""
    row_writes: int = 0
    """How often this transaction wrote the game's row (bot.store.pg_known)."""
    read_version: int = field(init=False)
    """The version it read (`version` as constructed)."""

    def __post_init__(self) -> None:
        self.read_version = self.version


class SqlBase(ABC):
    """What every query group stands on (see the module docstring)."""

    backend: ClassVar[str]
    UPDATABLE: ClassVar[frozenset[str]] = frozenset(
        {
            "state",
            "status",
            "host_id",
            "deadline",
            "timer_hours",
            "remind_hours",
            "reminded",
            "paused_at",
            "started_at",
            "autopilot_level",
        }
    )
    SEAT_COLUMNS: ClassVar[frozenset[str]] = frozenset(
        {"user_id", "display_name", "autopilot", "ai_level", "locale", "ai_seed"}
    )

    # -- what a backend provides ----------------------------------------------------------

    @property
    @abstractmethod
    def location(self) -> str: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def transaction(self) -> AbstractContextManager[None]: ...

    async def aclose(self) -> None:
        self.close()

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the current transaction an exception undoes alone (see `Store`)."""
        self._execute("SAVEPOINT command")
        try:
            yield
        except BaseException:
            self._forget_kept()
            self._execute("ROLLBACK TO SAVEPOINT command")
            self._execute("RELEASE SAVEPOINT command")
            raise
        self._execute("RELEASE SAVEPOINT command")

    def _in_transaction(self) -> bool:
        """Whether this thread is inside `transaction()` (backends say how they know)."""
        return False

    def _locked_games(self) -> dict[int, LockedGame]:
        """Games this thread's transaction read locked, as it left them (see LockedGame)."""
        local = self.__dict__.get("_local")
        locked: dict[int, LockedGame] | None = getattr(local, "locked", None)
        if locked is None:
            locked = {}
            if local is not None:
                local.locked = locked
        return locked

    def _hold_known(
        self, *, game_id: int | None = None, channel_id: int | None = None
    ) -> GameRow | None:
        """Inside a transaction: the game (by id, or open in the channel) locked from
        what this process remembers of it, without a round trip, or None to read it
        (PostgreSQL remembers: bot.store.pg_known)."""
        return None

    def _wrote(self, game_id: int) -> None:
        """This transaction wrote the game's row (outside `update_game`): what a process
        remembers of it is re-read before the COMMIT (bot.store.pg_known)."""
        locked = self._locked_games().get(game_id) if self._in_transaction() else None
        if locked is not None:
            locked.written = True
            locked.row_writes += 1

    def _update_locked(self, game_id: int, sql: str, params: Sequence[Any]) -> None:
        """Send the UPDATE of a game row this transaction holds locked at the version it
        updates (no answer needed: it will match; PostgreSQL also has it return what it
        remembers of the row, bot.store.pg_known)."""
        self._write(sql, params)

    def _forget_kept(self) -> None:
        """A transaction began, or a savepoint was undone: what was kept from the reads
        before may no longer be what the database holds."""
        self._locked_games().clear()

    @abstractmethod
    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one statement, as dicts keyed by column name."""

    @abstractmethod
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    def _queries(self, *statements: tuple[str, Sequence[Any]]) -> list[list[dict[str, Any]]]:
        """The rows of several statements, run in order, each seeing what the ones before
        it did. A backend may send them together and wait for the server once."""
        return [self._query(sql, params) for sql, params in statements]

    def _write(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run a statement whose answer nobody reads. A backend may send it later, with
        the next statement that needs an answer or with the commit, in order; its error,
        if any, then surfaces there, and the transaction is still undone whole."""
        self._execute(sql, params)

    def _with_commit(
        self, sql: str, params: Sequence[Any], then: Callable[[list[dict[str, Any]]], None]
    ) -> None:
        """A statement a command ends with: `then` gets its rows. A backend may send it
        together with the commit (PostgreSQL: one round trip for both), so `then` may run
        only once the transaction committed, and not at all if it did not."""
        then(self._query(sql, params))

    @abstractmethod
    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    def _lock(self, *, skip_locked: bool = False) -> str:
        """The clause that makes a SELECT lock its rows for the transaction."""

    @abstractmethod
    def _table_names(self) -> list[str]:
        """Tables in the database, in the order they were created."""

    @abstractmethod
    def _lock_schema(self) -> None:
        """Keep other processes out of the schema while this transaction migrates it."""

    @abstractmethod
    def _advisory_lock(self, key: int) -> None:
        """Hold a lock named by `key` (a signed 64-bit number) until the transaction ends."""

    @abstractmethod
    def _parents(self, table: str) -> set[str]:
        """The tables `table` refers to with foreign keys."""

    @abstractmethod
    def _primary_key(self, table: str) -> list[str]: ...

    @abstractmethod
    def _after_insert_rows(self, table: str) -> None:
        """Move identity counters past ids inserted as they were."""

    def _one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        rows = self._query(sql, params)
        return rows[0] if rows else None

    def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = self._one(sql, params)
        return None if row is None else next(iter(row.values()))

    # -- schema ---------------------------------------------------------------------------

    def schema_version(self) -> int:
        if BOOKKEEPING not in self._table_names():
            return 0
        return int(self._scalar(f"SELECT MAX(version) AS v FROM {BOOKKEEPING}") or 0)

    def _refuse_newer(self, found: int) -> None:
        known = max(MIGRATIONS)
        if found > known:
            raise StoreUnusable(
                f"{self.location} was written by a newer Smithfield (schema {found}; this "
                f"version knows up to {known}). Run the newer version, or restore a backup "
                "made for this one."
            )

    def migrate(self) -> list[int]:
        """Apply missing migrations; returns the numbers applied (empty on a re-run)."""
        self._refuse_newer(self.schema_version())
        applied: list[int] = []
        with self.transaction():
            self._lock_schema()
            self._execute(
                f"CREATE TABLE IF NOT EXISTS {BOOKKEEPING}"
                " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
        for number in sorted(MIGRATIONS):
            with self.transaction():
                self._lock_schema()
                found = self.schema_version()
                self._refuse_newer(found)
                if number <= found:
                    continue
                for statement in MIGRATIONS[number]:
                    self._execute(for_dialect(statement, self.backend))
                self._execute(
                    f"INSERT INTO {BOOKKEEPING} (version, applied_at) VALUES (?, ?)",
                    (number, datetime.now().astimezone().isoformat()),
                )
                applied.append(number)
        return applied

    # -- operations -----------------------------------------------------------------------

    def data_tables(self) -> list[str]:
        tables = [name for name in self._table_names() if name != BOOKKEEPING]
        ordered: list[str] = []
        waiting = {name: self._parents(name) & set(tables) - {name} for name in tables}
        while waiting:
            ready = [name for name in tables if name in waiting and waiting[name] <= set(ordered)]
            if not ready:  # a cycle of foreign keys: keep creation order for the rest
                ready = [name for name in tables if name in waiting]
            for name in ready:
                ordered.append(name)
                del waiting[name]
        return ordered

    def _known_table(self, table: str) -> str:
        if table not in self.data_tables():
            raise KeyError(f"no data table {table!r}")
        return table

    def rows(self, table: str) -> Iterator[dict[str, Any]]:
        name = self._known_table(table)
        order = ", ".join(self._primary_key(name)) or "1"
        yield from self._query(f"SELECT * FROM {name} ORDER BY {order}")

    def insert_rows(self, table: str, rows: Iterable[dict[str, Any]]) -> int:
        name = self._known_table(table)
        batch = list(rows)
        if not batch:
            return 0
        columns = list(batch[0])
        marks = ", ".join("?" for _ in columns)
        sql = f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})"
        with self.transaction():
            self._execute_many(sql, [[db_value(row[c]) for c in columns] for row in batch])
            self._after_insert_rows(name)
        return len(batch)

    def count_rows(self, table: str) -> int:
        return int(self._scalar(f"SELECT COUNT(*) AS n FROM {self._known_table(table)}"))
