"""A command's transaction, as the command's work is given it.

A command's work (`work(tx) -> Outcome`) is a plain function run once inside one
database transaction. Everything it may only do there comes through `tx`: the store (its
reads and writes belong to the transaction), the time and the entropy drawn for it
before it began (so the work is a function of what it reads), the tables it parses
(their parsed states are kept in memory only once the transaction committed), and
whether it moved something the scheduler waits for. An object handed to the work, not
state hidden in the thread that runs it: a reader of a command sees what it depends on.
"""

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

from bot.service.runtime.cache import Parsed, States
from bot.store import GameRow, Store
from bot.table import Table
from rules.protocol import GameRules

SCHEDULING_COLUMNS = frozenset({"deadline", "reminded", "remind_hours", "paused_at", "status"})
"""A write to any of these may move when the scheduler must next wake."""

Fresh = dict[int, tuple[int, Any, dict[str, Any]]]
"""Parsed states of one transaction (or one group of commands sharing a transaction), by
game: (version, state, memo). Kept in memory once the transaction committed."""


class Reads(Protocol):
    """What a check shared by a command and a read-only preview reads with: a command's
    transaction (`Tx`), or outside one the engine (a confirmation's question)."""

    store: Store

    def table_for(self, game: GameRow) -> Table: ...


class Tx:
    """One command's view of its transaction (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        states: States,
        *,
        now: datetime,
        entropy: int,
        interaction_id: int | None = None,
        fresh: Fresh | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.now = now
        """The time of the command, drawn once before its work: every row it stamps says
        the same."""
        self.entropy = entropy
        """A number drawn for the command before its work (or the bot's fixed seed, in
        tests): what the work needs at random (an AI seat's seed) is derived from it."""
        self.interaction_id = interaction_id
        self.moved = False
        """Whether the work changed something the scheduler waits for."""
        self._states = states
        self._fresh: Fresh = {} if fresh is None else fresh
        self._made: list[Table] = []

    def table_for(self, game: GameRow) -> Table:
        """The game with its seats and parsed state, as this transaction sees them."""
        state, memo = self._parsed(game)
        return Table(game, self.store.seats(game.id), self.games[game.kind], state, memo)

    def save(self, game: GameRow, **changes: Any) -> GameRow:
        """Write the game's next version (`VersionConflict` if someone wrote first)."""
        if SCHEDULING_COLUMNS & changes.keys():
            self.moved = True
        return self.store.update_game(game, now=self.now, **changes)

    def remember(self, table: Table) -> None:
        """Keep a state this command made (and what it derived from it) for the next
        commands, once the transaction has committed."""
        self._made.append(table)

    def settle(self) -> None:
        """The work succeeded: what it made joins the transaction's parsed states (a
        later command of the same group reads them before the commit)."""
        for table in self._made:
            self._fresh[table.game.id] = (table.game.version, table.state, table.memo)
        self._made = []

    def keep_committed(self) -> None:
        """The transaction committed: its parsed states may be served from memory."""
        for game_id, (version, state, memo) in self._fresh.items():
            self._states.keep(game_id, version, state, memo)

    def _parsed(self, game: GameRow) -> Parsed:
        if game.state is None:
            return None, {}
        mine = self._fresh.get(game.id)
        if mine is not None and mine[0] == game.version:
            return mine[1], mine[2]
        cached = self._states.get(game.id, game.version)
        if cached is not None:
            return cached
        state = self.games[game.kind].load_state(game.state)
        memo: dict[str, Any] = {}
        self._fresh[game.id] = (game.version, state, memo)
        return state, memo
