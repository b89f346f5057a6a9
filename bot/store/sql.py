"""The queries both backends run: one copy of the store's SQL, so they cannot drift apart.

`SqlStore` implements the `Store` interface (bot.store.base) on top of four primitives
each backend provides: `transaction()`, `_query` (rows as dicts), `_execute` (the
number of rows changed) and `_lock` (how a read locks a row: nothing on SQLite, whose
transactions already hold the one write lock, `FOR UPDATE` on PostgreSQL). Statements
are written with `?` placeholders; a backend may rewrite them (psycopg wants `%s`).
"""

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, ClassVar

from bot.store.errors import ChannelBusy, StoreUnusable, VersionConflict
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
from bot.store.schema import MIGRATIONS, for_dialect

BOOKKEEPING = "schema_migrations"


def _value(value: Any) -> Any:
    """Booleans are stored as 0/1 on both backends (PostgreSQL will not cast them)."""
    return int(value) if isinstance(value, bool) else value


class SqlStore(ABC):
    """The shared half of every backend (see the module docstring)."""

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

    @abstractmethod
    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one statement, as dicts keyed by column name."""

    @abstractmethod
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

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

    # -- games ----------------------------------------------------------------------------

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
        # The partial unique index settles races between processes: a second lobby for
        # the channel is not inserted (it waits for a concurrent insert to commit first).
        with self.transaction():
            rows = self._query(
                "INSERT INTO games (guild_id, channel_id, kind, status, host_id, options,"
                " seed, version, created_at, updated_at, rules_hash) VALUES (?, ?, ?, 'lobby',"
                " ?, ?, ?, 0, ?, ?, ?) ON CONFLICT (channel_id) WHERE status IN ('lobby',"
                " 'active') DO NOTHING RETURNING id",
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
        if not rows:
            raise ChannelBusy(f"channel {channel_id} already has an open game")
        return self.game(int(rows[0]["id"]))

    def game(self, game_id: int, *, for_update: bool = False) -> GameRow:
        lock = self._lock() if for_update else ""
        row = self._one(f"SELECT * FROM games WHERE id = ?{lock}", (game_id,))
        if row is None:
            raise KeyError(f"no game {game_id}")
        return game_row(row)

    def open_game(self, channel_id: int, *, for_update: bool = False) -> GameRow | None:
        lock = self._lock() if for_update else ""
        row = self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')" + lock,
            (channel_id,),
        )
        return None if row is None else game_row(row)

    def lease_game(self, game_id: int) -> GameRow | None:
        row = self._one(
            f"SELECT * FROM games WHERE id = ?{self._lock(skip_locked=True)}", (game_id,)
        )
        return None if row is None else game_row(row)

    def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent finished game (shown until a new table opens)."""
        row = self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else game_row(row)

    def games_with_status(self, *statuses: Status) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        sql = f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id"
        return [game_row(row) for row in self._query(sql, statuses)]

    def games_with_robots(self) -> list[GameRow]:
        """Running games with a seat an AI plays (added as one, or on autopilot)."""
        sql = (
            "SELECT * FROM games WHERE status = 'active' AND id IN (SELECT game_id FROM seats"
            " WHERE ai_level IS NOT NULL OR autopilot = 1) ORDER BY id"
        )
        return [game_row(row) for row in self._query(sql)]

    def games_of_user(self, user_id: int) -> list[GameRow]:
        """The running games a user is seated in."""
        sql = (
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE seats.user_id = ? AND games.status = 'active' ORDER BY games.id"
        )
        return [game_row(row) for row in self._query(sql, (user_id,))]

    def timed_games(self) -> list[GameRow]:
        """Running games with a deadline (the scheduler's work list)."""
        sql = (
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL"
            " AND paused_at IS NULL ORDER BY deadline, id"
        )
        return [game_row(row) for row in self._query(sql)]

    def count_games(self) -> int:
        return int(self._scalar("SELECT COUNT(*) AS n FROM games"))

    def update_game(self, game: GameRow, *, now: datetime, **changes: Any) -> GameRow:
        """Write a new version of `game`; refuses if someone else wrote in between.

        `changes` names columns (see UPDATABLE) or `options` (a dict, stored as JSON).
        """
        columns: dict[str, Any] = {"version": game.version + 1, "updated_at": now.isoformat()}
        for key, value in changes.items():
            if key == "options":
                columns["options"] = json.dumps(value)
            elif key in self.UPDATABLE:
                columns[key] = _value(value)
            else:
                raise KeyError(f"games.{key} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in columns)
        with self.transaction():
            changed = self._execute(
                f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                [*columns.values(), game.id, game.version],
            )
            if changed != 1:
                raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
        return game.model_copy(update={**columns, **changes})

    # -- seats ----------------------------------------------------------------------------

    def seats(self, game_id: int) -> list[SeatRow]:
        rows = self._query("SELECT * FROM seats WHERE game_id = ? ORDER BY position", (game_id,))
        return [SeatRow(**row) for row in rows]

    def add_seat(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        now: datetime,
        ai_level: str | None = None,
        locale: str = "",
        ai_seed: int | None = None,
    ) -> None:
        """Seat a player at the next position (`ai_level` and `ai_seed`: an AI's seat)."""
        with self.transaction():
            self._execute(
                "INSERT INTO seats (game_id, position, user_id, display_name, joined_at,"
                " ai_level, locale, ai_seed) SELECT ?, COALESCE(MAX(position) + 1, 0), ?, ?,"
                " ?, ?, ?, ? FROM seats WHERE game_id = ?",
                (
                    game_id,
                    user_id,
                    display_name,
                    now.isoformat(),
                    ai_level,
                    locale,
                    ai_seed,
                    game_id,
                ),
            )

    def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and close the gap so positions stay 0..n-1."""
        with self.transaction():
            row = self._one(
                "SELECT position FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                return
            self._execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            later = self._query(
                "SELECT position FROM seats WHERE game_id = ? AND position > ? ORDER BY position",
                (game_id, row["position"]),
            )
            for seat in later:
                self._execute(
                    "UPDATE seats SET position = ? WHERE game_id = ? AND position = ?",
                    (seat["position"] - 1, game_id, seat["position"]),
                )

    def update_seat(self, game_id: int, position: int, **changes: Any) -> None:
        """Change who holds a seat or whether it is on autopilot."""
        if not set(changes) <= self.SEAT_COLUMNS:
            unknown = sorted(set(changes) - self.SEAT_COLUMNS)
            raise KeyError(f"seats columns {unknown} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in changes)
        with self.transaction():
            self._execute(
                f"UPDATE seats SET {assignments} WHERE game_id = ? AND position = ?",
                [*(_value(value) for value in changes.values()), game_id, position],
            )

    # -- action log -----------------------------------------------------------------------

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
            rows = self._query(
                "INSERT INTO actions (game_id, seq, user_id, seat, action, created_at, command,"
                " cause) SELECT ?, next.seq, ?, ?, ?, ?, COALESCE(?, next.seq), ? FROM"
                " (SELECT COALESCE(MAX(seq) + 1, 1) AS seq FROM actions WHERE game_id = ?)"
                " AS next RETURNING seq",
                (
                    game_id,
                    user_id,
                    seat,
                    json.dumps(action),
                    now.isoformat(),
                    command,
                    cause,
                    game_id,
                ),
            )
        return int(rows[0]["seq"])

    def actions(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        if last:
            sql = (
                "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? ORDER BY seq DESC"
                " LIMIT ?) AS newest ORDER BY seq"
            )
            return [action_row(row) for row in self._query(sql, (game_id, last))]
        sql = "SELECT * FROM actions WHERE game_id = ? ORDER BY seq"
        return [action_row(row) for row in self._query(sql, (game_id,))]

    # -- records: past games, results and ratings -----------------------------------------

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
        return [game_row(row) for row in self._query(sql, [*params, limit])]

    def unrecorded_games(self, limit: int) -> list[GameRow]:
        """Finished games whose results are not recorded yet (finished before records).
        Inside a transaction they are leased (`SKIP LOCKED`): another process recording
        some at the same moment gets the others, so no game is recorded twice."""
        sql = (
            "SELECT * FROM games WHERE status = 'finished' AND recorded = 0 ORDER BY id LIMIT ?"
            + self._lock(skip_locked=True)
        )
        return [game_row(row) for row in self._query(sql, (limit,))]

    def record_results(self, game_id: int, rows: list[ResultRow]) -> None:
        """A finished game's results, and the mark that they are recorded (bookkeeping,
        not a new version of the game: its version and times stay as they ended)."""
        with self.transaction():
            for row in rows:
                columns = row.model_dump()
                names = ", ".join(columns)
                marks = ", ".join("?" for _ in columns)
                self._execute(
                    f"INSERT INTO results ({names}) VALUES ({marks})",
                    [_value(value) for value in columns.values()],
                )
            self._execute("UPDATE games SET recorded = 1 WHERE id = ?", (game_id,))

    def results_of_games(self, game_ids: list[int]) -> list[ResultRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        sql = f"SELECT * FROM results WHERE game_id IN ({marks}) ORDER BY game_id, position"
        return [ResultRow(**row) for row in self._query(sql, game_ids)]

    def results_of_member(self, guild_id: int, user_id: int) -> list[ResultRow]:
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at, game_id"
        )
        return [ResultRow(**row) for row in self._query(sql, (guild_id, user_id))]

    def results_in_order(self, guild_id: int, kind: str) -> list[ResultRow]:
        """A server's results of one game, in the order ratings take them."""
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND kind = ?"
            " ORDER BY finished_at, game_id, position"
        )
        return [ResultRow(**row) for row in self._query(sql, (guild_id, kind))]

    def results_after(self, guild_id: int, kind: str, finished_at: str, game_id: int) -> bool:
        """Whether some recorded game comes after (finished_at, game_id) in rating order."""
        row = self._one(
            "SELECT 1 AS found FROM results WHERE guild_id = ? AND kind = ? AND (finished_at > ?"
            " OR (finished_at = ? AND game_id > ?)) LIMIT 1",
            (guild_id, kind, finished_at, finished_at, game_id),
        )
        return row is not None

    def lock_ratings(self, guild_id: int, kind: str) -> None:
        """Until the transaction ends, no other process updates this server's ratings of
        this game: ratings are read, then rewritten, and two games finishing at once in two
        processes must not both start from the same ratings."""
        name = f"smithfield ratings {guild_id} {kind}".encode()
        self._advisory_lock(int.from_bytes(hashlib.sha256(name).digest()[:8], "big", signed=True))

    def ratings(self, guild_id: int, kind: str) -> list[RatingRow]:
        sql = "SELECT * FROM ratings WHERE guild_id = ? AND kind = ? ORDER BY user_id"
        return [RatingRow(**row) for row in self._query(sql, (guild_id, kind))]

    def save_ratings(self, rows: list[RatingRow]) -> None:
        with self.transaction():
            for row in rows:
                self._execute(
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
            self._execute("DELETE FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind))

    # -- messages kept up to date ---------------------------------------------------------

    def live_message(self, game_id: int, slot: str, user_id: int = 0) -> LiveRow | None:
        row = self._one(
            "SELECT * FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
            (game_id, slot, user_id),
        )
        return None if row is None else LiveRow(**row)

    def save_live_message(self, row: LiveRow) -> None:
        with self.transaction():
            self._execute(
                "INSERT INTO live_messages (game_id, slot, user_id, channel_id, message_id,"
                " step, version) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, slot,"
                " user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id ="
                " excluded.message_id, step = excluded.step, version = excluded.version"
                " WHERE live_messages.version <= excluded.version",
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
            self._execute(
                "DELETE FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
                (game_id, slot, user_id),
            )

    # -- bot metadata ---------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        value = self._scalar("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

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
            self._execute_many(sql, [[_value(row[c]) for c in columns] for row in batch])
            self._after_insert_rows(name)
        return len(batch)

    def count_rows(self, table: str) -> int:
        return int(self._scalar(f"SELECT COUNT(*) AS n FROM {self._known_table(table)}"))
