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
from bot.store.rows import (
    ActionRow,
    GameRow,
    LiveRow,
    RatingRow,
    ResultRow,
    SeatRow,
    Status,
    action_row,
    game_row,
)
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
        rules_hash: str | None = None,
    ) -> GameRow:
        stamp = now.isoformat()
        try:
            with self.transaction():
                cursor = self.conn.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, status, host_id, options,"
                    " seed, version, created_at, updated_at, rules_hash) VALUES (?, ?, ?,"
                    " 'lobby', ?, ?, ?, 0, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        kind,
                        host_id,
                        json.dumps(options),
                        seed,
                        stamp,
                        stamp,
                        rules_hash,
                    ),
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

    def games_with_robots(self) -> list[GameRow]:
        """Running games with a seat an AI plays (added as one, or on autopilot)."""
        sql = (
            "SELECT * FROM games WHERE status = 'active' AND id IN (SELECT game_id FROM seats"
            " WHERE ai_level IS NOT NULL OR autopilot = 1) ORDER BY id"
        )
        return [game_row(row) for row in self.db.query(sql)]

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
            "started_at",
            "autopilot_level",
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

    def add_seat(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        now: datetime,
        ai_level: str | None = None,
    ) -> None:
        """Seat a player at the next position (`ai_level`: an AI's seat)."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM seats WHERE game_id = ?", (game_id,)
            ).fetchone()
            self.conn.execute(
                "INSERT INTO seats (game_id, position, user_id, display_name, joined_at,"
                " ai_level) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, row[0], user_id, display_name, now.isoformat(), ai_level),
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
        allowed = {"user_id", "display_name", "autopilot", "ai_level"}
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
        cause: str | None = None,
    ) -> int:
        """Append a log row; `command`: the seq of the first row of the same command
        (None: this row starts one); `cause`: why the bot made the move (see ActionRow)."""
        with self.transaction():
            row = self.conn.execute(
                "SELECT COALESCE(MAX(seq) + 1, 1) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            seq = int(row[0])
            self.conn.execute(
                "INSERT INTO actions (game_id, seq, user_id, seat, action, created_at, command,"
                " cause) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    user_id,
                    seat,
                    json.dumps(action),
                    now.isoformat(),
                    seq if command is None else command,
                    cause,
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

    # -- records: past games, results and ratings ---------------------------------------

    def past_games(
        self,
        limit: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[GameRow]:
        """Games that started and then finished or were aborted, newest first: in a
        channel, in a server, or with `user_id` seated (any of them that are given)."""
        where = ["games.status IN ('finished', 'aborted')", "games.state IS NOT NULL"]
        params: list[Any] = []
        if channel_id is not None:
            where.append("games.channel_id = ?")
            params.append(channel_id)
        if guild_id is not None:
            where.append("games.guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append(
                "EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = ?)"
            )
            params.append(user_id)
        sql = f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY games.id DESC LIMIT ?"
        return [game_row(row) for row in self.db.query(sql, [*params, limit])]

    def unrecorded_games(self, limit: int) -> list[GameRow]:
        """Finished games whose results are not recorded yet (finished before records)."""
        sql = "SELECT * FROM games WHERE status = 'finished' AND recorded = 0 ORDER BY id LIMIT ?"
        return [game_row(row) for row in self.db.query(sql, [limit])]

    def record_results(self, game_id: int, rows: list[ResultRow]) -> None:
        """A finished game's results, and the mark that they are recorded (bookkeeping,
        not a new version of the game: its version and times stay as they ended)."""
        with self.transaction():
            for row in rows:
                columns = row.model_dump()
                names = ", ".join(columns)
                marks = ", ".join("?" for _ in columns)
                self.conn.execute(
                    f"INSERT INTO results ({names}) VALUES ({marks})",
                    [int(v) if isinstance(v, bool) else v for v in columns.values()],
                )
            self.conn.execute("UPDATE games SET recorded = 1 WHERE id = ?", (game_id,))

    def results_of_games(self, game_ids: list[int]) -> list[ResultRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        sql = f"SELECT * FROM results WHERE game_id IN ({marks}) ORDER BY game_id, position"
        return [ResultRow(**row) for row in self.db.query(sql, game_ids)]

    def results_of_member(self, guild_id: int, user_id: int) -> list[ResultRow]:
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at, game_id"
        )
        return [ResultRow(**row) for row in self.db.query(sql, [guild_id, user_id])]

    def results_in_order(self, guild_id: int, kind: str) -> list[ResultRow]:
        """A server's results of one game, in the order ratings take them."""
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND kind = ?"
            " ORDER BY finished_at, game_id, position"
        )
        return [ResultRow(**row) for row in self.db.query(sql, [guild_id, kind])]

    def results_after(self, guild_id: int, kind: str, finished_at: str, game_id: int) -> bool:
        """Whether some recorded game comes after (finished_at, game_id) in rating order."""
        row = self.conn.execute(
            "SELECT 1 FROM results WHERE guild_id = ? AND kind = ? AND (finished_at > ?"
            " OR (finished_at = ? AND game_id > ?)) LIMIT 1",
            (guild_id, kind, finished_at, finished_at, game_id),
        ).fetchone()
        return row is not None

    def ratings(self, guild_id: int, kind: str) -> list[RatingRow]:
        sql = "SELECT * FROM ratings WHERE guild_id = ? AND kind = ? ORDER BY user_id"
        return [RatingRow(**row) for row in self.db.query(sql, [guild_id, kind])]

    def save_ratings(self, rows: list[RatingRow]) -> None:
        with self.transaction():
            for row in rows:
                self.conn.execute(
                    "INSERT INTO ratings (guild_id, kind, user_id, display_name, mu, sigma,"
                    " games) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id)"
                    " DO UPDATE SET display_name = excluded.display_name, mu = excluded.mu,"
                    " sigma = excluded.sigma, games = excluded.games",
                    (
                        row.guild_id,
                        row.kind,
                        row.user_id,
                        row.display_name,
                        row.mu,
                        row.sigma,
                        row.games,
                    ),
                )

    def clear_ratings(self, guild_id: int, kind: str) -> None:
        with self.transaction():
            self.conn.execute(
                "DELETE FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind)
            )

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
