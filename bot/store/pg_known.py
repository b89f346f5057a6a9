"""PostgreSQL: a command's first read without a round trip, when this process wrote last.

Why: a command's first read (its game row, locked, its seats and its last log row) is
one of its two waits for the server, and on a busy table it almost always reads back what
this process's previous command on that game just committed. So the store keeps what
each of its transactions left of the games it held (`Known`: the row, re-read inside
that transaction just before its COMMIT with a print the server computed there, or
returned by the game's UPDATE when that was the transaction's last write of the row and
it wrote no seats, and the seats and the last log row as the transaction left them), and
the next command on that game takes it from memory and sends, without waiting for an
answer, a *hold*: lock the row as `FOR UPDATE` would, then compare the print the server
computes now with the kept one. If another process (or anything else) changed the game
in between, the hold fails the transaction as a serialization failure (SQLSTATE 40001),
which the store reports as `VersionConflict`: the service runs the command again on
fresh reads (bot.service.runtime.commit), as for any lost race, and the memory of that
game is dropped first. So a stale memory can only
cost a re-run, never a wrong answer: nothing the command decided from it commits.

The print is made of the row versions' creating transactions (`xmin`) of the game row
and of each seat row, and the last log row: any UPDATE, INSERT or DELETE of them by any
transaction changes it, whichever column it touched, without the server reading (and
decompressing) the stored state to see.

The hold is a function in `pg_temp`, the session's own schema, created when a pooled
connection opens: no migration, nothing shared between processes or versions. A server
that refuses it (no TEMP privilege) leaves the store on plain first reads.
"""

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.store.rows import GameRow, SeatRow, game_row
from bot.store.sql_base import LockedGame, SqlBase

log = logging.getLogger(__name__)

KNOWN_GAMES = 512
"""Games whose last written state a store remembers (the most recently written)."""

SEATS_PRINT = (
    "COALESCE((SELECT string_agg(s.position || ':' || s.xmin::text, ',' ORDER BY s.position)"
    " FROM seats s WHERE s.game_id = g.id), '')"
)
PRINT = (
    f"g.xmin::text || '|' || {SEATS_PRINT} || '|' ||"
    " COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id), 0)"
)
"""A game's print (see the module docstring), of the game row `g`."""


def print_of(xmin: str, seats_print: str, last_seq: int) -> str:
    """A print from its parts, as `PRINT` makes it on the server."""
    return f"{xmin}|{seats_print}|{last_seq}"


FUNCTIONS = (
    f"""
    CREATE OR REPLACE FUNCTION pg_temp.smithfield_hold(game BIGINT, expected TEXT)
    RETURNS VOID LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM 1 FROM games WHERE id = game FOR UPDATE;
        IF (SELECT {PRINT} FROM games g WHERE g.id = game) IS DISTINCT FROM expected THEN
            RAISE EXCEPTION 'game % changed since this process last wrote it', game
                USING ERRCODE = 'serialization_failure';
        END IF;
    END
    $$
    """,
)
"""Created on every pooled connection (see the module docstring). PL/pgSQL, as plain SQL
cannot fail a transaction on a condition."""

HOLD = "SELECT pg_temp.smithfield_hold(?, ?)"
"""Lock a remembered game's row, and fail the transaction if it is not as remembered."""


def returning(columns: list[str]) -> str:
    """What a game's UPDATE returns, to remember instead of a re-read (see
    `Remembering._update_locked`): the row as `reread` reads it, but with its print's
    first two parts, as the log's last row is the transaction's to know."""
    names = ", ".join(f"g.{name}" for name in columns if name != "state")
    return f" RETURNING {names}, g.xmin::text AS known_xmin, {SEATS_PRINT} AS known_seats_print"


def reread(columns: list[str], *, seats: bool) -> str:
    """What a transaction left of a game it held, read just before its COMMIT: every
    column but the state (which the transaction knows, and which would cost the server
    its decompression and the wire its bytes), the print, and the seats when the
    transaction wrote them (otherwise the ones it read are still true)."""
    names = ", ".join(f"g.{name}" for name in columns if name != "state")
    with_seats = (
        ", (SELECT json_agg(s ORDER BY s.position) FROM seats s WHERE s.game_id = g.id)"
        " AS known_seats"
        if seats
        else ""
    )
    return f"SELECT {names}, {PRINT} AS known_print{with_seats} FROM games g WHERE g.id = ?"


@dataclass(frozen=True)
class Known:
    """A game as a committed transaction of this process left it."""

    game: GameRow
    seats: tuple[SeatRow, ...]
    last_seq: int
    print: str


def known_of(
    row: dict[str, Any], state: str | None, seats: Sequence[SeatRow], last_seq: int
) -> Known:
    """A re-read row (see `reread`), with what the transaction knows it left (the state,
    the log's last row, the seats unless they were re-read), as the memory keeps it."""
    columns = {**row, "state": state}
    print_ = str(columns.pop("known_print"))
    if "known_seats" in columns:
        seats = [SeatRow(**seat) for seat in columns.pop("known_seats") or []]
    return Known(game_row(columns), tuple(seats), last_seq, print_)


class KnownGames:
    """The remembered games of one store, shared by its writer threads."""

    def __init__(self, size: int = KNOWN_GAMES) -> None:
        self.enabled = True
        """False once the server refused the functions: plain first reads only."""
        self._size = size
        self._games: OrderedDict[int, Known] = OrderedDict()
        self._open: dict[int, int] = {}
        """Channel -> the remembered game open in it (lobby or active)."""
        self._guard = threading.Lock()

    def by_id(self, game_id: int) -> Known | None:
        with self._guard:
            return self._games.get(game_id)

    def open_in(self, channel_id: int) -> Known | None:
        with self._guard:
            game_id = self._open.get(channel_id)
            return None if game_id is None else self._games.get(game_id)

    def keep(self, known: Known) -> None:
        """Remember a committed state (unless a newer one of the game is already kept:
        two threads' commits may report in either order)."""
        game = known.game
        with self._guard:
            kept = self._games.get(game.id)
            if kept is not None and kept.game.version > game.version:
                return
            self._games[game.id] = known
            self._games.move_to_end(game.id)
            if game.status in ("lobby", "active"):
                self._open[game.channel_id] = game.id
            elif self._open.get(game.channel_id) == game.id:
                del self._open[game.channel_id]
            while len(self._games) > self._size:
                _, dropped = self._games.popitem(last=False)
                self._unlist(dropped.game)

    def forget(self, game_ids: Iterable[int]) -> None:
        """The games may no longer be as remembered (a transaction on them failed)."""
        with self._guard:
            for game_id in game_ids:
                dropped = self._games.pop(game_id, None)
                if dropped is not None:
                    self._unlist(dropped.game)

    def _unlist(self, game: GameRow) -> None:
        if self._open.get(game.channel_id) == game.id:
            del self._open[game.channel_id]

    def __len__(self) -> int:
        return len(self._games)


class Remembering(SqlBase):
    """The store's side of the memory: holds instead of first reads, re-reads with the
    COMMIT (PostgresStore mixes it in; `_local` is its per-thread transaction state)."""

    known: KnownGames
    _reread: tuple[str, str]
    """`reread` without and with the seats."""
    _returning: str
    """`returning`, for the games' columns."""
    _local: threading.local

    def _with_commit(
        self, sql: str, params: Sequence[Any], then: Callable[[list[dict[str, Any]]], None]
    ) -> None:
        """Send `sql` with the COMMIT; `then` gets its rows once it committed."""
        raise NotImplementedError

    def _hold_known(
        self, *, game_id: int | None = None, channel_id: int | None = None
    ) -> GameRow | None:
        """The game as this process's last transaction on it left it, locked by a hold
        sent without waiting (see the module docstring), or None to read it. Not for a game
        this transaction holds already: what it wrote since is not in the memory."""
        if not self.known.enabled or not self._in_transaction():
            return None
        if game_id is not None:
            known = self.known.by_id(game_id)
        else:
            assert channel_id is not None
            known = self.known.open_in(channel_id)
        locked = self._locked_games()
        if known is None or known.game.id in locked:
            return None
        self._write(HOLD, (known.game.id, known.print))
        locked[known.game.id] = LockedGame(
            known.game.version, known.last_seq, list(known.seats), state=known.game.state
        )
        self._local.held.add(known.game.id)
        return known.game

    def _send_returning(self, sql: str, params: Sequence[Any]) -> Any:
        """Send `sql` and return its cursor, whose rows are read once committed."""
        raise NotImplementedError

    def _update_locked(self, game_id: int, sql: str, params: Sequence[Any]) -> None:
        """Send the UPDATE with `returning`: what the re-read before the COMMIT would
        read of the row, without that statement, as long as the UPDATE stays the
        transaction's last write of the row and it writes no seats (`_reread_held`)."""
        locked = self._locked_games().get(game_id)
        if not self.known.enabled or locked is None:
            super()._update_locked(game_id, sql, params)
            return
        aliased = sql.replace("UPDATE games SET", "UPDATE games AS g SET", 1)
        cursor = self._send_returning(aliased + self._returning, params)
        self._local.returned[game_id] = (cursor, locked.row_writes, locked.seats_written)

    def _reread_held(self) -> None:
        """Before the COMMIT: re-read, with it, each game this transaction held and wrote
        (or read fresh), to remember once it committed; a game whose last write was its
        UPDATE (and no seats) is remembered from what that returned. A game held from
        memory and left alone is still as remembered."""
        if not self.known.enabled:
            return
        held: set[int] = self._local.held
        returned: dict[int, tuple[Any, int, bool]] = self._local.returned
        for game_id, locked in self._locked_games().items():
            if game_id in held and not locked.written:
                continue
            seats = list(locked.seats)
            then = partial(self._remember, locked.state, seats, locked.last_seq)
            update = returned.get(game_id)
            if update is not None and update[1:] == (locked.row_writes, False):
                remember = partial(self._remember_returned, update[0], locked.last_seq, then)
                self._local.after_commit.append(remember)
                continue
            self._with_commit(self._reread[locked.seats_written], (game_id,), then)

    def _remember_returned(
        self, cursor: Any, last_seq: int, remember: Callable[[list[dict[str, Any]]], None]
    ) -> None:
        """After the COMMIT: a returned row made into a re-read one (its print whole).
        Never raises, like `_remember`: a row that cannot be read costs a read later."""
        try:
            rows: list[dict[str, Any]] = [dict(row) for row in cursor.fetchall()]
            for row in rows:
                row["known_print"] = print_of(
                    str(row.pop("known_xmin")), str(row.pop("known_seats_print")), last_seq
                )
        except Exception as error:
            log.warning("Could not remember a game's committed state: %s", error)
            return
        remember(rows)

    def _remember(
        self, state: str | None, seats: list[SeatRow], last_seq: int, rows: list[dict[str, Any]]
    ) -> None:
        """After the COMMIT: keep what a re-read found. Never raises: the command has
        committed, and a memory that cannot be kept only costs the next one a read."""
        try:
            if rows:
                self.known.keep(known_of(rows[0], state, seats, last_seq))
        except Exception as error:
            log.warning("Could not remember a game's committed state: %s", error)
            self.known.forget([int(rows[0]["id"])])
