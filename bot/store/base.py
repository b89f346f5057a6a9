"""The store's interface: everything the bot asks of a database, and nothing more.

The service, the scheduler, the live messages, the command sync, the sandbox, the bench
and `migrate-to` are written against `Store`; `SqliteStore` (one file, the embedded
default) and `PostgresStore` (a server, for several processes) implement it, so a
deployment changes backends with a setting and nothing around the store issues SQL of
its own. Both backends give the same guarantees:

- at most one lobby/active game per channel, enforced by the database (a partial unique
  index), so racing `/game new`s in any number of processes give one table;
- optimistic versions: `update_game` writes only if the row is still at the version
  that was read (`VersionConflict` otherwise);
- an append-only action log, numbered per game;
- one `transaction()` per command, with `for_update` reads that serialise commands on
  one game across processes, and `lease_game` for the scheduler, which skips a game
  another process is already handling;
- deadlines stored in the game row, so any process's scheduler can pick them up.
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from bot.store.rows import (
    ActionRow,
    GameRow,
    LiveRow,
    Owed,
    OwedRow,
    RatingRow,
    ResultRow,
    SeatRow,
    Status,
)


class Store(Protocol):
    """The database behind the game service (see the module docstring)."""

    @property
    def backend(self) -> str:
        """ "sqlite" or "postgres": the SQL dialect, also for messages and tests."""
        ...

    @property
    def location(self) -> str:
        """Where the data lives, fit to print (a file path, or a URL without password)."""
        ...

    def close(self) -> None: ...

    async def aclose(self) -> None:
        """`close`, on the event loop: what the store holds there is closed cleanly first."""
        ...

    def transaction(self) -> AbstractContextManager[None]:
        """One atomic unit of work for the calling thread; nested calls join the outer one.
        Raises `DatabaseBusy` when the database's locks stay taken for longer than the busy
        timeout, `VersionConflict` when another transaction made this one impossible."""
        ...

    def savepoint(self) -> AbstractContextManager[None]:
        """Inside a transaction, a part that an exception undoes alone (the rest of the
        transaction goes on): one command of a group the writer commits together."""
        ...

    # -- schema ---------------------------------------------------------------------------

    def schema_version(self) -> int: ...

    def migrate(self) -> list[int]:
        """Apply the missing numbered migrations (bot.store.schema); returns the numbers
        applied. Safe when several processes start at once."""
        ...

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
        """A new lobby; `ChannelBusy` if the channel already has a lobby or running game.
        `rules_hash`: the fingerprint of the rules data it is played with."""
        ...

    def game(self, game_id: int, *, for_update: bool = False) -> GameRow:
        """A game by id (KeyError if there is none). `for_update`: lock the row until the
        transaction ends, so no other process acts on the game in between."""
        ...

    def open_game(self, channel_id: int, *, for_update: bool = False) -> GameRow | None:
        """The channel's lobby or running game, if any (`for_update` as in `game`)."""
        ...

    def lease_game(self, game_id: int) -> GameRow | None:
        """The game locked for this transaction, or None when another transaction holds
        it: the scheduler's claim on due work, so two schedulers never handle one game at
        the same time (the second moves on instead of waiting)."""
        ...

    def last_finished_game(self, channel_id: int) -> GameRow | None: ...

    def games_with_status(self, *statuses: Status) -> list[GameRow]: ...

    def games_with_robots(self) -> list[GameRow]: ...

    def games_of_user(self, user_id: int) -> list[GameRow]: ...

    def timed_games(self) -> list[GameRow]:
        """Running, unpaused games with a deadline, soonest first."""
        ...

    def count_games(self) -> int: ...

    def update_game(self, game: GameRow, *, now: datetime, **changes: Any) -> GameRow:
        """Write the next version of `game`; `VersionConflict` if it is no longer the
        version that was read."""
        ...

    # -- seats ----------------------------------------------------------------------------

    def seats(self, game_id: int) -> list[SeatRow]: ...

    def add_seat(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        now: datetime,
        ai_level: str | None = None,
        locale: str = "",
        ai_seed: int | None = None,
    ) -> None: ...

    def remove_seat(self, game_id: int, user_id: int) -> None: ...

    def update_seat(self, game_id: int, position: int, **changes: Any) -> None: ...

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
        """Append a log row and return its seq; `command` is the seq of the first row the
        same command wrote (None: this row starts one), so a take-back takes them together;
        `cause`: why the bot made the move ("deadline", "autopilot"; None: a player's)."""
        ...

    def actions(self, game_id: int, last: int | None = None) -> list[ActionRow]: ...

    # -- records: past games, results and ratings -----------------------------------------

    def past_games(
        self,
        limit: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[GameRow]:
        """Started games that finished or were aborted, newest first, filtered by any of
        channel, server and seated member."""
        ...

    def unrecorded_games(self, limit: int) -> list[GameRow]: ...

    def record_results(self, game_id: int, rows: list[ResultRow]) -> None:
        """A finished game's results and the mark that they are recorded."""
        ...

    def results_of_games(self, game_ids: list[int]) -> list[ResultRow]: ...

    def results_of_member(self, guild_id: int, user_id: int) -> list[ResultRow]: ...

    def results_in_order(self, guild_id: int, kind: str) -> list[ResultRow]: ...

    def results_after(self, guild_id: int, kind: str, finished_at: str, game_id: int) -> bool: ...

    def lock_ratings(self, guild_id: int, kind: str) -> None:
        """Inside a transaction that rewrites a server's ratings of a game: no other process
        does so until it ends (the ratings are read, then written back)."""
        ...

    def ratings(self, guild_id: int, kind: str) -> list[RatingRow]: ...

    def save_ratings(self, rows: list[RatingRow]) -> None: ...

    def clear_ratings(self, guild_id: int, kind: str) -> None: ...

    # -- messages kept up to date ---------------------------------------------------------

    def live_message(self, game_id: int, slot: str, user_id: int = 0) -> LiveRow | None: ...

    def save_live_message(self, row: LiveRow) -> None:
        """Remember a live message; a row drawn from an older game version than the one
        stored is ignored (another process may have drawn a newer picture meanwhile)."""
        ...

    def live_messages_of(self, game_id: int) -> list[LiveRow]:
        """Every message kept up to date for a game."""
        ...

    def live_message_at(self, channel_id: int, message_id: int) -> LiveRow | None:
        """The live message that is Discord's message `message_id`, if one is."""
        ...

    def forget_live_message(self, game_id: int, slot: str, user_id: int = 0) -> None: ...

    # -- interactions already accepted ----------------------------------------------------

    def interaction_answer(self, interaction_id: int, part: str = "") -> str | None:
        """What the actor of an accepted Discord interaction was told (None: none was);
        `part`: which of its commands, when one interaction makes several."""
        ...

    def record_interaction(
        self, interaction_id: int, part: str, channel_id: int, answer: str, now: datetime
    ) -> None:
        """Inside a command's transaction: its interaction (`part`) was accepted, and its
        actor is told `answer`. Recording one already recorded breaks the table's key and fails
        the transaction as `DuplicateInteraction` (on PostgreSQL at its commit)."""
        ...

    def forget_interactions(self, before: datetime) -> int:
        """Forget the interactions accepted before `before`; returns how many."""
        ...

    # -- the outbox: what committed commands owe Discord -----------------------------------

    def owe(
        self,
        owed: Sequence[Owed],
        *,
        owner: str,
        now: datetime,
        held_until: datetime | None = None,
        then: Callable[[list[int]], None] | None = None,
    ) -> None:
        """Inside a command's transaction: what it owes Discord, in order (`held_until`:
        the first row is kept back until then for the interaction's answer; `then` gets
        the rows' ids once the transaction committed)."""
        ...

    def destinations(self, owner: str) -> list[str]:
        """The destinations (a channel "c:…", a user's DMs "u:…") `owner` owes something."""
        ...

    def owed(self, owner: str, destination: str, limit: int = 200) -> list[OwedRow]:
        """The oldest rows `owner` owes `destination`, in order."""
        ...

    def adopt_owed(self, owner: str, before: datetime) -> int:
        """Take over rows other processes wrote before `before`; returns how many."""
        ...

    def delivered(self, ids: Sequence[int]) -> None: ...

    def settle_outbox(self, delivered: Sequence[int], shown: Sequence[LiveRow]) -> None:
        """In one transaction: rows delivered, and what live messages show now."""
        ...

    def release(self, row_id: int) -> None:
        """A held row the interaction's answer did not carry: it is due now."""
        ...

    def postpone(self, ids: Sequence[int], due: datetime) -> None: ...

    def batched(self, ids: Sequence[int], batch: int) -> None:
        """Lines that go out as one message, with `batch` as its nonce."""
        ...

    def reowe(self, row_id: int, owed: Owed) -> None:
        """Replace a row by what is owed instead, in its place in the queue."""
        ...

    # -- bot metadata ---------------------------------------------------------------------

    def meta(self, key: str) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...

    # -- operations: whole tables, for copying between backends and for tests --------------

    def data_tables(self) -> list[str]:
        """Every table that holds the bot's data, parents before the tables that refer to
        them (schema bookkeeping excluded)."""
        ...

    def rows(self, table: str) -> Iterator[dict[str, Any]]:
        """Every row of a data table, in primary-key order."""
        ...

    def insert_rows(self, table: str, rows: Iterable[dict[str, Any]]) -> int:
        """Insert rows as they are (ids included; identity counters move past them);
        returns how many."""
        ...

    def count_rows(self, table: str) -> int: ...
