"""SQLite storage for games, seats and the action log (sqlite-utils, WAL).

The store knows nothing about any game's rules: a state is an opaque JSON string and an
action an opaque JSON document. Writes that follow a read use the version column
(optimistic concurrency), so two processes on one file cannot both apply an action to
the same state.
"""

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import sqlite_utils
from pydantic import BaseModel, ConfigDict

from bot.migrations import MIGRATIONS

Status = Literal["lobby", "active", "finished", "aborted"]


class StoreError(Exception):
    """Base for storage refusals the service turns into player-facing replies."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or a running game."""


class VersionConflict(StoreError):
    """The game changed since it was read; the caller must reload and retry."""


class GameRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: Status
    host_id: int
    options: dict[str, Any]
    seed: int
    state: str | None
    version: int
    created_at: str
    updated_at: str
    deadline: str | None
    timer_hours: float = 0
    remind_hours: float | None = None
    reminded: bool = False
    paused_at: str | None = None


class SeatRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: int
    position: int
    user_id: int
    display_name: str
    joined_at: str
    autopilot: bool = False


class ActionRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: int
    seq: int
    user_id: int | None
    seat: int | None
    action: dict[str, Any]
    created_at: str


def _game(row: dict[str, Any]) -> GameRow:
    return GameRow(**{**row, "options": json.loads(row["options"])})


class Store:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: an acknowledged action survives a power cut, not only a process kill.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self.migrate()

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE so a read-then-write cannot interleave with another writer."""
        if self.conn.in_transaction:
            yield
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # -- schema ----------------------------------------------------------------------

    def schema_version(self) -> int:
        if "schema_migrations" not in self.db.table_names():
            return 0
        row = self.conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    def migrate(self) -> list[int]:
        """Apply missing migrations; returns the numbers applied (empty on a re-run)."""
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations"
            " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        applied: list[int] = []
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

    # -- games -----------------------------------------------------------------------

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
        return _game(rows[0])

    def open_game(self, channel_id: int) -> GameRow | None:
        rows = list(
            self.db.query(
                "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                [channel_id],
            )
        )
        return _game(rows[0]) if rows else None

    def games_with_status(self, *statuses: Status) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id"
        return [_game(row) for row in self.db.query(sql, list(statuses))]

    def timed_games(self) -> list[GameRow]:
        """Running games with a deadline (the scheduler's work list)."""
        sql = (
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL"
            " AND paused_at IS NULL ORDER BY deadline"
        )
        return [_game(row) for row in self.db.query(sql)]

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

    # -- seats -----------------------------------------------------------------------

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

    # -- action log ------------------------------------------------------------------

    def append_action(
        self,
        game_id: int,
        *,
        user_id: int | None,
        seat: int | None,
        action: dict[str, Any],
        now: datetime,
    ) -> int:
        with self.transaction():
            row = self.conn.execute(
                "SELECT COALESCE(MAX(seq) + 1, 1) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            self.conn.execute(
                "INSERT INTO actions (game_id, seq, user_id, seat, action, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, row[0], user_id, seat, json.dumps(action), now.isoformat()),
            )
        return int(row[0])

    def actions(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        sql = "SELECT * FROM actions WHERE game_id = ? ORDER BY seq"
        rows = [
            ActionRow(**{**row, "action": json.loads(row["action"])})
            for row in self.db.query(sql, [game_id])
        ]
        return rows[-last:] if last else rows

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
