"""The queries both backends run: one copy of the store's SQL, so they cannot drift apart.

`SqlStore` implements the `Store` interface (bot.store.base): games, seats and the action
log here, the records (`sql_records.py`) and live messages and metadata (`sql_live.py`)
beside it, all on the primitives and helpers of `sql_base.py`, which a backend fills in.
"""

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.errors import ChannelBusy, VersionConflict
from bot.store.rows import (
    ActionRow,
    GameRow,
    LiveRow,
    SeatRow,
    Status,
    action_row,
    game_row,
)
from bot.store.sql_base import LockedGame, SqlBase, db_value
from bot.store.sql_interactions import InteractionQueries
from bot.store.sql_live import LiveQueries
from bot.store.sql_outbox import OutboxQueries
from bot.store.sql_records import RecordQueries

SEAT_FIELDS = (
    "position",
    "user_id",
    "display_name",
    "joined_at",
    "autopilot",
    "ai_level",
    "locale",
    "ai_seed",
)


class SqlStore(RecordQueries, LiveQueries, InteractionQueries, OutboxQueries, SqlBase):
    """The shared half of every backend: the `Store` interface in SQL."""

    # -- delivery -------------------------------------------------------------------------

    def settle_outbox(self, delivered: Sequence[int], shown: Sequence[LiveRow]) -> None:
        """What the courier learned from Discord, in one transaction: rows delivered, and
        what live messages show now."""
        with self.transaction():
            self.delivered(delivered)
            for row in shown:
                self.save_live_message(row)

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
        if for_update:
            held = self._hold_known(game_id=game_id)
            if held is not None:
                return held
            found = self._game_and_seats("g.id = ?", (game_id,))
            if found is None:
                raise KeyError(f"no game {game_id}")
            return found
        row = self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise KeyError(f"no game {game_id}")
        return game_row(row)

    def open_game(self, channel_id: int, *, for_update: bool = False) -> GameRow | None:
        if for_update:
            held = self._hold_known(channel_id=channel_id)
            if held is not None:
                return held
            return self._game_and_seats(
                "g.channel_id = ? AND g.status IN ('lobby', 'active')", (channel_id,)
            )
        row = self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else game_row(row)

    def _game_and_seats(
        self, where: str, params: Sequence[Any], *, skip_locked: bool = False
    ) -> GameRow | None:
        """A command's first read: the game row, locked (`for_update`), then its seats and
        the number of its last log row, in one round trip where the backend can. All of it
        is kept for the rest of the transaction (see LockedGame): the `seats` reads that
        follow need no round trip, and the command's own writes go without waiting for
        answers.

        Two statements, not one join: a statement that waited for the lock reads the
        other tables as they were when it began, before the command it waited for
        committed; the second statement begins once the lock is held, so it reads the
        seats and the log that command left."""
        columns = ", ".join(f"s.{name} AS seat_{name}" for name in SEAT_FIELDS)
        found, rows = self._queries(
            (f"SELECT g.* FROM games g WHERE {where}{self._lock(skip_locked=skip_locked)}", params),
            (
                f"SELECT {columns}, (SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id)"
                " AS last_seq FROM games g LEFT JOIN seats s ON s.game_id = g.id"
                f" WHERE {where} ORDER BY s.position",
                params,
            ),
        )
        if not found:
            return None
        game = game_row(found[0])
        if self._in_transaction():
            seats = [
                SeatRow(game_id=game.id, **{name: row[f"seat_{name}"] for name in SEAT_FIELDS})
                for row in rows
                if row["seat_position"] is not None
            ]
            last_seq = int(rows[0]["last_seq"] or 0) if rows else 0
            locked = LockedGame(game.version, last_seq, seats, state=game.state)
            self._locked_games()[game.id] = locked
        return game

    def lease_game(self, game_id: int) -> GameRow | None:
        # Read like a command's first read (seats and log kept), as the scheduler's
        # command then plays a move in it.
        return self._game_and_seats("g.id = ?", (game_id,), skip_locked=True)

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
                columns[key] = db_value(value)
            else:
                raise KeyError(f"games.{key} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in columns)
        sql = f"UPDATE games SET {assignments} WHERE id = ? AND version = ?"
        params = [*columns.values(), game.id, game.version]
        with self.transaction():
            locked = self._locked(game.id)
            if locked is not None and locked.version == game.version:
                locked.version += 1
                locked.written = True
                locked.row_writes += 1
                self._update_locked(game.id, sql, params)
                if "state" in columns:
                    locked.state = columns["state"]
            elif self._execute(sql, params) != 1:
                raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
        return game.model_copy(update={**columns, **changes})

    # -- seats ----------------------------------------------------------------------------

    def seats(self, game_id: int) -> list[SeatRow]:
        locked = self._locked(game_id)
        if locked is not None:
            return list(locked.seats)
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
            seats = self.seats(game_id)
            seat = SeatRow(
                game_id=game_id,
                position=max((row.position for row in seats), default=-1) + 1,
                user_id=user_id,
                display_name=display_name,
                joined_at=now.isoformat(),
                ai_level=ai_level,
                locale=locale,
                ai_seed=ai_seed,
            )
            self._write(
                "INSERT INTO seats (game_id, position, user_id, display_name, joined_at,"
                " ai_level, locale, ai_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seat.position,
                    user_id,
                    display_name,
                    seat.joined_at,
                    ai_level,
                    locale,
                    ai_seed,
                ),
            )
            self._keep_seats(game_id, [*seats, seat])

    def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and close the gap so positions stay 0..n-1."""
        with self.transaction():
            seats = self.seats(game_id)
            gone = next((seat.position for seat in seats if seat.user_id == user_id), None)
            if gone is None:
                return
            self._write("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            for position in sorted(seat.position for seat in seats if seat.position > gone):
                self._write(
                    "UPDATE seats SET position = ? WHERE game_id = ? AND position = ?",
                    (position - 1, game_id, position),
                )
            self._keep_seats(
                game_id,
                [
                    seat.model_copy(update={"position": seat.position - 1})
                    if seat.position > gone
                    else seat
                    for seat in seats
                    if seat.position != gone
                ],
            )

    def update_seat(self, game_id: int, position: int, **changes: Any) -> None:
        """Change who holds a seat or whether it is on autopilot."""
        if not set(changes) <= self.SEAT_COLUMNS:
            unknown = sorted(set(changes) - self.SEAT_COLUMNS)
            raise KeyError(f"seats columns {unknown} cannot be updated")
        assignments = ", ".join(f"{column} = ?" for column in changes)
        with self.transaction():
            self._write(
                f"UPDATE seats SET {assignments} WHERE game_id = ? AND position = ?",
                [*(db_value(value) for value in changes.values()), game_id, position],
            )
            locked = self._locked(game_id)
            if locked is not None:
                locked.written = locked.seats_written = True
                locked.seats = [
                    seat.model_copy(update=changes) if seat.position == position else seat
                    for seat in locked.seats
                ]

    def _locked(self, game_id: int) -> LockedGame | None:
        """The game as this transaction holds it locked, if it does."""
        return self._locked_games().get(game_id) if self._in_transaction() else None

    def _keep_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        """The seats after this transaction's own write, kept while it holds the game."""
        locked = self._locked(game_id)
        if locked is not None:
            locked.seats = seats
            locked.written = locked.seats_written = True

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
            locked = self._locked(game_id)
            if locked is not None:
                # The game's row is locked, so no other command appends to its log.
                seq = locked.last_seq + 1
                self._write(
                    "INSERT INTO actions (game_id, seq, user_id, seat, action, created_at,"
                    " command, cause) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
                locked.last_seq = seq
                locked.written = True
                return seq
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
