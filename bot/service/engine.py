"""The engine under every command: a store thread, one transaction, one channel at a time.

A command's work is a plain function run in a store worker thread (so a slow or locked
database never freezes the event loop) under the channel's lock (so one channel's moves
keep their order), and it is one database transaction: every read a command bases its
checks on, and every write it makes, commits together or not at all. A lost race runs the
work again on fresh reads; a database that stays locked is a clear refusal. Parsed states
are cached per (game, version) once committed, so hot games are not parsed again.
"""

import asyncio
import contextvars
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from bot.clock import Clock, system_clock
from bot.messages import Activity, Outcome
from bot.render.generic import EventPresenter
from bot.render.presenters import PRESENTERS, Presenter
from bot.replay import Replayed, replay
from bot.service.requests import BUSY, FULL, RACED, UNREACHABLE
from bot.store import (
    DatabaseBusy,
    DatabaseUnavailable,
    GameRow,
    StorageFull,
    Store,
    VersionConflict,
)
from bot.table import Table
from bot.timing import UNTIMED_STEP_HOURS
from rules.protocol import GameRules

T = TypeVar("T")
log = logging.getLogger(__name__)

STATE_CACHE_SIZE = 256
STORE_THREADS = 4
RACE_RETRIES = 3
"""How often a command whose transaction lost a race (a version conflict, a deadlock) is
run again on fresh reads before the player is told to try again."""
SCHEDULING_COLUMNS = frozenset({"deadline", "reminded", "remind_hours", "paused_at", "status"})


class Engine:
    """The store thread, the per-channel locks, one transaction per command, the state
    cache: what every command of the service runs on."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        *,
        clock: Clock = system_clock,
        seed: int | None = None,
        presenters: Mapping[str, Presenter] = PRESENTERS,
    ) -> None:
        self.store = store
        self.games = games
        self.presenters = presenters
        self.clock = clock
        self.seed = seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._live_locks: dict[tuple[int, str, int], asyncio.Lock] = {}
        self.activity = Activity()
        """Messages seen in each channel since its table message (see bot.edge.live)."""
        self.dm_refused: set[tuple[int, int, str]] = set()
        """(game, user, step) whose DM could not be delivered: the channel was told once."""
        self._states: OrderedDict[int, tuple[int, Any, dict[str, Any]]] = OrderedDict()
        self._states_guard = threading.Lock()
        self._executor = ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="smithfield-store")
        self._committed = threading.local()
        self.on_deadlines_changed: Callable[[], None] | None = None
        """Called (on the event loop) after a command that may have moved a deadline."""
        self.on_ai_due: Callable[[int], None] | None = None
        """Called (on the event loop) with a game's id when a command leaves it waiting
        on an AI seat that the runner plays (cogs/robots.py)."""
        self.ai_seconds = 2.0
        """`strong`'s time budget per decision (the SMITHFIELD_AI_SECONDS setting)."""
        self.ai_pace = 5.0
        """Seconds between the moves of a game of AIs alone (SMITHFIELD_AI_PACE)."""

    def presenter(self, kind: str) -> Presenter:
        return self.presenters.get(kind) or EventPresenter()

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def live_lock(self, key: tuple[int, str, int]) -> asyncio.Lock:
        """One update at a time per kept-up-to-date message (see bot.edge.live)."""
        return self._live_locks.setdefault(key, asyncio.Lock())

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        self.store.close()

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work` in a store thread: the event loop keeps serving other channels. The
        work runs in a copy of the caller's context, so it speaks the caller's language."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        return await loop.run_in_executor(self._executor, partial(context.run, work, *args))

    async def command(self, channel_id: int, work: Callable[[], Outcome]) -> Outcome:
        """A command's work: in a store thread, under the channel's lock, as one
        transaction. Its first read of the game locks the game's row (`for_update`), so
        a command in another process waits for this one instead of racing it; a race
        lost all the same (a version conflict, a deadlock) runs the work again on fresh
        reads, a few times. A database that stays locked or cannot be reached, or a race
        lost every time, is a clear refusal and nothing changed."""
        async with self.lock(channel_id):
            outcome, moved = await self.call(self._transaction, work)
        if moved and self.on_deadlines_changed is not None:
            self.on_deadlines_changed()
        if outcome.accepted and outcome.ai_due is not None and self.on_ai_due is not None:
            self.on_ai_due(outcome.ai_due)
        return outcome

    def _transaction(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        for attempt in range(RACE_RETRIES + 1):
            try:
                return self._attempt(work)
            except VersionConflict:
                if attempt == RACE_RETRIES:
                    return Outcome.refusal(RACED), False
            except DatabaseBusy:
                return Outcome.refusal(BUSY), False
            except DatabaseUnavailable:
                return Outcome.refusal(UNREACHABLE), False
            except StorageFull as error:
                log.error("The database's storage is full; a command was refused: %s", error)
                return Outcome.refusal(FULL), False
        raise AssertionError("unreachable")  # the loop always returns

    def _attempt(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        """Run `work` once in one transaction (all of it commits, or none of it)."""
        committed = self._committed
        committed.states, committed.moved = [], False
        try:
            with self.store.transaction():
                outcome = work()
        finally:
            parsed, committed.states = committed.states, []
        # Only states that reached the database may be served from memory.
        for table in parsed:
            self._remember(table.game.id, table.game.version, table.state, table.memo)
        return outcome, bool(committed.moved)

    def save(self, game: GameRow, *, now: datetime, **changes: Any) -> GameRow:
        """Write a new version of a game inside the current command; a change to what the
        scheduler waits for (deadline, reminder, pause, end) wakes it after the commit."""
        if SCHEDULING_COLUMNS & changes.keys():
            self._committed.moved = True
        return self.store.update_game(game, now=now, **changes)

    def _parsed(self, game: GameRow) -> tuple[Any, dict[str, Any]]:
        """A stored state parsed once per version, with what is derived from it (its
        public view): hot games stay parsed in memory."""
        if game.state is None:
            return None, {}
        with self._states_guard:
            cached = self._states.get(game.id)
            if cached is not None and cached[0] == game.version:
                self._states.move_to_end(game.id)
                return cached[1], cached[2]
        state = self.games[game.kind].load_state(game.state)
        memo: dict[str, Any] = {}
        self._remember(game.id, game.version, state, memo)
        return state, memo

    def _remember(self, game_id: int, version: int, state: Any, memo: dict[str, Any]) -> None:
        with self._states_guard:
            self._states[game_id] = (version, state, memo)
            self._states.move_to_end(game_id)
            while len(self._states) > STATE_CACHE_SIZE:
                self._states.popitem(last=False)

    def remember_after_commit(self, table: Table) -> None:
        """Keep a table's parsed state (and what was derived from it) once the command's
        transaction commits: only states that reached the database are served."""
        pending: list[Table] | None = getattr(self._committed, "states", None)
        if pending is None:
            self._remember(table.game.id, table.game.version, table.state, table.memo)
        else:
            pending.append(table)

    def table_for(self, game: GameRow) -> Table:
        state, memo = self._parsed(game)
        return Table(game, self.store.seats(game.id), self.games[game.kind], state, memo)

    def table(self, channel_id: int) -> Table | None:
        """The channel's open game, for autocomplete and read-only views."""
        game = self.store.open_game(channel_id)
        return None if game is None else self.table_for(game)

    def phase_of(self, game: GameRow, rules: GameRules, state: Any) -> str | None:
        """The step's name, for steps with their own deadline in untimed games."""
        if game.timer_hours > 0 or not any(kind == game.kind for kind, _ in UNTIMED_STEP_HOURS):
            return None
        phase = getattr(state, "phase", None)
        return phase if isinstance(phase, str) else None

    def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its seed, options and action log."""
        return self.replayed(self.store.game(game_id)).state

    def replayed(self, game: GameRow) -> Replayed:
        """The game's log replayed: the state and every move that still counts."""
        rules = self.games[game.kind]
        seats = len(self.store.seats(game.id))
        return replay(rules, seats, game.options, game.seed, self.store.actions(game.id))
