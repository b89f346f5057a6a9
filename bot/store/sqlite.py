"""SQLite storage for games, seats and the action log (sqlite-utils, WAL).

Every thread gets its own connection: the service runs each command's reads and writes
in a worker thread, inside one `transaction()`, so a command that waits for another
process's write lock never holds up the event loop, and a read in another channel (WAL
readers never wait for writers) is not queued behind it. Writes that follow a read also
carry the version column (optimistic concurrency), so two processes on one file cannot
both apply an action to the same state.
"""

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bot.store.errors import ChannelBusy, DatabaseBusy, StoreUnusable, VersionConflict
from bot.store.rows import ActionRow, GameRow, LiveRow, SeatRow, Status, action_row, game_row
from bot.store.schema import MIGRATIONS

DEFAULT_BUSY_SECONDS = 5.0

BUSY_WORDS = ("database is locked", "database is busy", "database table is locked")


def _is_busy(error: sqlite3.OperationalError) -> bool:
    return any(words in str(error) for words in BUSY_WORDS)


class SqliteStore:
    """The embedded default store: one file, one connection per thread."""

    backend = "sqlite"

    def __init__(self, path: Path | str, *, busy_seconds: float = DEFAULT_BUSY_SECONDS) -> None:
        self.path = Path(path)
        self.busy_seconds = busy_seconds
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self.migrate()

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
        Nested calls join the outer transaction."""
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if _is_busy(error):
                raise DatabaseBusy(str(error)) from error
            raise
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if _is_busy(error):
                raise DatabaseBusy(str(error)) from error
            raise

    # -- schema ------------------------------------------------------------------------

    def schema_version(self) -> int:
        if "schema_migrations" not in self.db.table_names():
            return 0
        row = self.conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    def migrate(self) -> list[int]:
        """Apply missing migrations; returns the numbers applied (empty on a re-run)."""
        known = max(MIGRATIONS)
        found = self.schema_version()
        if found > known:
            raise StoreUnusable(
                f"{self.path} was written by a newer Smithfield (schema {found}; this version "
                f"knows up to {known}). Run the newer version, or restore a backup made for "
                "this one."
            )
        applied: list[int] = []
        with self.transaction():
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations"
                " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
        for number in sorted(MIGRATIONS):
            with self.transaction():
                if number <= self.schema_version():
                    continue
                for statement in MIGRATIONS[number]:
                    self.conn.execute(statement)
                self.conn.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, datetime())",
                    (number,),
                )
                applied.append(number)
        return applied

    # -- games -------------------------------------------------------------------------

    def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        kind: str,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        now: datetime,
    ) -> GameRow:
        stamp = now.isoformat()
        try:
            with self.transaction():
                cursor = self.conn.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, status, host_id, options,"
                    " seed, version, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?,"
                    " 0, ?, ?)",
                    (guild_id, channel_id, kind, host_id, json.dumps(options), seed, stamp, stamp),
                )
        except sqlite3.IntegrityError as error:
            raise ChannelBusy(str(error)) from error
        game_id = cursor.lastrowid
        assert game_id is not None
        return self.game(game_id)

    def game(self, game_id: int) -> GameRow:
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise KeyError(f"no game {game_id}")
        return game_row(rows[0])

    def open_game(self, channel_id: int) -> GameRow | None:
        rows = list(
            self.db.query(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                [channel_id],
            )
        )
        return game_row(rows[0]) if rows else None

    def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent finished game (shown until a new table opens)."""
        rows = list(
            self.db.query(
                "SELECT * FROM games WHERE channel_id = ? AND status = 'finished'"
                " ORDER BY id DESC LIMIT 1",
                [channel_id],
            )
        )
        return game_row(rows[0]) if rows else None

    def games_with_status(self, *statuses: Status) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id"
        return [game_row(row) for row in self.db.query(sql, list(statuses))]

    def games_of_user(self, user_id: int) -> list[GameRow]:
        """The running games a user is seated in."""
        sql = (
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE seats.user_id = ? AND games.status = 'active' ORDER BY games.id"
        )
        return [game_row(row) for row in self.db.query(sql, [user_id])]

    def timed_games(self) -> list[GameRow]:
        """Running games with a deadline (the scheduler's work list)."""
        sql = (
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL"
            " AND paused_at IS NULL ORDER BY deadline"
        )
        return [game_row(row) for row in self.db.query(sql)]

    def count_games(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    UPDATABLE = frozenset(
        {
            "state",
            "status",
            "host_id",
            "deadline",
            "timer_hours",
            "remind_hours",
            "reminded",
            "paused_at",
        }
    )

    def update_game(self, game: GameRow, *, now: datetime, **changes: Any) -> GameRow:
        """Write a new version of `game`; refuses if someone else wrote in between.

        `changes` names columns (see UPDATABLE) or `options` (a dict, stored as JSON).
        """
        columns: dict[str, Any] = {"version": game.version + 1, "updated_at": now.isoformat()}
        for key, value in changes.items():
            if key == "options":
                columns["options"] = json.dumps(value)
            elif key in self.UPDATABLE:
                columns[key] = value
            else:
                raise KeyError(f"games.{key} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in columns)
        with self.transaction():
            cursor = self.conn.execute(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                [*columns.values(), game.id, game.version],
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
        return game.model_copy(update={**columns, **changes})

    # -- seats -------------------------------------------------------------------------

    def seats(self, game_id: int) -> list[SeatRow]:
        rows = self.db.query("SELECT * FROM seats WHERE game_id = ? ORDER BY position", [game_id])
        return [SeatRow(**row) for row in rows]

    def add_seat(self, game_id: int, user_id: int, display_name: str, now: datetime) -> None:
        with self.transaction():
            row = self.conn.execute(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM seats WHERE game_id = ?", (game_id,)
            ).fetchone()
            self.conn.execute(
                "INSERT INTO seats (game_id, position, user_id, display_name, joined_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, row[0], user_id, display_name, now.isoformat()),
            )

    def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and close the gap so positions stay 0..n-1."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT position FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ).fetchone()
            if row is None:
                return
            self.conn.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            later = self.conn.execute(
                "SELECT position FROM seats WHERE game_id = ? AND position > ? ORDER BY position",
                (game_id, row[0]),
            ).fetchall()
            for (position,) in later:
                self.conn.execute(
                    "UPDATE seats SET position = ? WHERE game_id = ? AND position = ?",
                    (position - 1, game_id, position),
                )

    def update_seat(self, game_id: int, position: int, **changes: Any) -> None:
        """Change who holds a seat or whether it is on autopilot."""
        allowed = {"user_id", "display_name", "autopilot"}
        if not set(changes) <= allowed:
            raise KeyError(f"seats columns {sorted(set(changes) - allowed)} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in changes)
        with self.transaction():
            self.conn.execute(
                f"UPDATE seats SET {assignments} WHERE game_id = ? AND position = ?",
                [*changes.values(), game_id, position],
            )

    # -- action log --------------------------------------------------------------------

    def append_action(
        self,
        game_id: int,
        *,
        user_id: int | None,
        seat: int | None,
        action: dict[str, Any],
        now: datetime,
        command: int | None = None,
    ) -> int:
        """Append a log row; `command`: the seq of the first row of the same command
        (None: this row starts one)."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT COALESCE(MAX(seq) + 1, 1) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            seq = int(row[0])
            self.conn.execute(
                "INSERT INTO actions (game_id, seq, user_id, seat, action, created_at, command)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    user_id,
                    seat,
                    json.dumps(action),
                    now.isoformat(),
                    seq if command is None else command,
                ),
            )
        return seq

    def actions(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        if last:
            sql = (
                "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? ORDER BY seq DESC"
                " LIMIT ?) ORDER BY seq"
            )
            return [action_row(row) for row in self.db.query(sql, [game_id, last])]
        sql = "SELECT * FROM actions WHERE game_id = ? ORDER BY seq"
        return [action_row(row) for row in self.db.query(sql, [game_id])]

    # -- messages kept up to date -------------------------------------------------------

    def live_message(self, game_id: int, slot: str, user_id: int = 0) -> LiveRow | None:
        rows = list(
            self.db.query(
                "SELECT * FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
                [game_id, slot, user_id],
            )
        )
        return LiveRow(**rows[0]) if rows else None

    def save_live_message(self, row: LiveRow) -> None:
        with self.transaction():
            self.conn.execute(
                "INSERT INTO live_messages (game_id, slot, user_id, channel_id, message_id,"
                " step, version) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, slot,"
                " user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id ="
                " excluded.message_id, step = excluded.step, version = excluded.version",
                (
                    row.game_id,
                    row.slot,
                    row.user_id,
                    row.channel_id,
                    row.message_id,
                    row.step,
                    row.version,
                ),
            )

    def forget_live_message(self, game_id: int, slot: str, user_id: int = 0) -> None:
        with self.transaction():
            self.conn.execute(
                "DELETE FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
                (game_id, slot, user_id),
            )

    # -- bot metadata ------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM bot_meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self.conn.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- operations --------------------------------------------------------------------

    def backup(self, target: Path) -> None:
        """A consistent copy while the bot runs (SQLite's online backup API): unlike
        copying the file, it includes what is still in the `-wal` file."""
        destination = sqlite3.connect(str(target))
        try:
            self.conn.backup(destination)
        finally:
            destination.close()
