"""The engine under every command: who runs a command's transaction, in which order.

A command's work is a plain function of a transaction (`work(tx) -> Outcome`, see
bot.service.runtime.transaction), run once, in a writer thread, never on the event loop
(so a slow or locked database, and a command's own heavy work — an AI's decision, a
replay of the log, a chart's series, the ratings — never hold up other channels), and
answered only once its transaction committed (bot.service.runtime.commit).

Who writes, by backend:
- SQLite has one write lock per file: one writer thread takes it without waiting, runs
  commands in the order they arrived, and commits the ones that queued meanwhile
  together (bot.service.runtime.writer).
- PostgreSQL locks rows: commands of different games run side by side in a few writer
  threads, each channel's in arrival order (bot.service.runtime.lanes), so a game whose
  row another process holds delays only itself.

Reads that change nothing (status, the log, autocomplete, the tables, the records) run
in a small pool of reader threads (`read`), so they never queue behind a burst of
writes: WAL readers (and PostgreSQL's) see the last commit without waiting for a writer.
"""

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from bot.clock import Clock, system_clock
from bot.messages import Activity, Outcome
from bot.render.generic import EventPresenter
from bot.render.presenters import PRESENTERS, Presenter
from bot.replay import Replayed, replay
from bot.service.runtime.cache import States
from bot.service.runtime.commit import Command, Result, Transactions
from bot.service.runtime.lanes import Lanes
from bot.service.runtime.transaction import Tx
from bot.service.runtime.writer import Writer
from bot.store import GameRow, Store
from bot.table import Table
from bot.timing import UNTIMED_STEP_HOURS
from rules.protocol import GameRules

T = TypeVar("T")
log = logging.getLogger(__name__)

READER_THREADS = 3
"""Threads for reads that change nothing."""

Work = Callable[[Tx], Outcome]


class Engine:
    """The writers and readers, one transaction per command, the state cache: what every
    command of the service runs on."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameRules],
        *,
        clock: Clock = system_clock,
        seed: int | None = None,
        presenters: Mapping[str, Presenter] = PRESENTERS,
        owner: str = "bot",
    ) -> None:
        self.store = store
        self.games = games
        self.presenters = presenters
        self.clock = clock
        self.seed = seed
        self.states = States()
        self.owner = owner
        """This process's name in the outbox: it delivers the rows its commands owe."""
        self.transactions = Transactions(store, games, self.states, self._now, seed, owner)
        self.activity = Activity()
        """Messages seen in each channel since its table message (see bot.edge.live)."""
        self.dm_refused: set[tuple[int, int, str]] = set()
        """(game, user, step) whose DM could not be delivered: the channel was told once."""
        self._writer = Writer(self._run_group) if store.backend == "sqlite" else None
        self._lanes = Lanes() if self._writer is None else None
        self._busy: dict[int, int] = {}
        """Commands of each channel handed over and not answered yet."""
        self._quiet: dict[int, asyncio.Event] = {}
        self._readers = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="smithfield-reader")
        self.on_deadlines_changed: Callable[[], None] | None = None
        """Called (on the event loop) after a command that may have moved a deadline."""
        self.on_owed: Callable[[Outcome], None] | None = None
        """Called (on the event loop) after a command that owes Discord something (the
        courier delivers it: bot.edge.courier)."""
        self.on_ai_due: Callable[[int], None] | None = None
        """Called (on the event loop) with a game's id when a command leaves it waiting
        on an AI seat that the runner plays (cogs/robots.py)."""
        self.on_search_ahead: Callable[[], None] | None = None
        """Called (on the event loop) when a table opens that will ask the strong AI (a
        `hints:true` table, a strong seat): its worker process starts in the background,
        so the first hint or strong move does not wait for it (GameService)."""
        self.ai_seconds = 2.0
        """`strong`'s time budget per decision (the SMITHFIELD_AI_SECONDS setting)."""
        self.ai_pace = 5.0
        """Seconds between the moves of a game of AIs alone (SMITHFIELD_AI_PACE)."""

    def search_ahead(self, outcome: Outcome) -> Outcome:
        """`outcome`, after starting the strong AI's workers if it was accepted."""
        if outcome.accepted and self.on_search_ahead is not None:
            self.on_search_ahead()
        return outcome

    def _now(self) -> Any:
        return self.clock()

    def presenter(self, kind: str) -> Presenter:
        return self.presenters.get(kind) or EventPresenter()

    # -- running work ------------------------------------------------------------------------

    async def command(
        self,
        channel_id: int,
        work: Work,
        *,
        interaction_id: int | None = None,
        part: str = "",
    ) -> Outcome:
        """Run a command's work as one transaction, after the commands of its channel
        that came before it, and answer only once it committed (see the module
        docstring). `interaction_id`: the Discord interaction it answers, if any: the same
        interaction arriving again gets the first answer and changes nothing (`part`:
        which of its commands, when one interaction makes several)."""
        command = Command(work, channel_id, interaction_id, part)
        self._busy[channel_id] = self._busy.get(channel_id, 0) + 1
        try:
            if self._writer is not None:
                outcome, moved = await self._writer.command(command)
            else:
                assert self._lanes is not None
                job = partial(self.transactions.alone, command)
                outcome, moved = await self._lanes.run(channel_id, job)
        finally:
            self._busy[channel_id] -= 1
            if not self._busy[channel_id]:
                del self._busy[channel_id]
                quiet = self._quiet.pop(channel_id, None)
                if quiet is not None:
                    quiet.set()
        if moved and self.on_deadlines_changed is not None:
            self.on_deadlines_changed()
        if outcome.owed and self.on_owed is not None:
            self.on_owed(outcome)
        if outcome.accepted and outcome.ai_due is not None and self.on_ai_due is not None:
            self.on_ai_due(outcome.ai_due)
        return outcome

    def _run_group(self, commands: list[Command]) -> list[Result | BaseException]:
        """In SQLite's writer thread: a lone command is its own transaction (retried
        whole); several share one (see `Transactions.group`)."""
        if len(commands) > 1:
            return self.transactions.group(commands)
        try:
            return [self.transactions.alone(commands[0])]
        except Exception as error:  # the command's own failure, for its caller
            return [error]

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work`, which may write (in transactions of its own), in a writer thread:
        the event loop keeps serving other channels. It runs in a copy of the caller's
        context, so it speaks the caller's language."""
        job = partial(contextvars.copy_context().run, work, *args)
        if self._writer is not None:
            return await self._writer.submit(job)
        assert self._lanes is not None
        return await self._lanes.run(None, job)

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work`, which must not write, in a reader thread: it does not queue behind
        the writers' backlog, and sees what the last commit left."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        return await loop.run_in_executor(self._readers, partial(context.run, work, *args))

    async def channel_quiet(self, channel_id: int, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until no command of the channel is queued or
        running: a live message waits for the burst it is part of, then shows its end."""
        if channel_id not in self._busy:
            return
        quiet = self._quiet.setdefault(channel_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):  # a steady stream: show what there is now
            await asyncio.wait_for(quiet.wait(), timeout)

    @property
    def commands_in_flight(self) -> int:
        """Commands handed over and not yet answered (queued or running)."""
        return sum(self._busy.values())

    def expected_wait(self) -> float:
        """Seconds a command handed over now is expected to wait before it runs (cogs
        defer an interaction at once when this is long, instead of arming a timer per
        interaction)."""
        if self._writer is not None:
            return self._writer.expected_wait()
        assert self._lanes is not None
        return self._lanes.expected_wait()

    def close(self) -> None:
        self._readers.shutdown(wait=True)
        if self._writer is not None:
            self._writer.close()
        if self._lanes is not None:
            self._lanes.close()
        self.store.close()

    async def aclose(self) -> None:
        """`close` on the event loop: the commands handed over end first."""
        if self._lanes is not None:
            await self._lanes.drain()
        await asyncio.to_thread(self.close)

    # -- reading games outside a command -----------------------------------------------------

    def table_for(self, game: GameRow) -> Table:
        """A game with its seats and parsed state, as last committed (for reads; a
        command's work asks its transaction, `Tx.table_for`)."""
        state: Any = None
        memo: dict[str, Any] = {}
        if game.state is not None:
            cached = self.states.get(game.id, game.version)
            if cached is None:
                state = self.games[game.kind].load_state(game.state)
                self.states.keep(game.id, game.version, state, memo)
            else:
                state, memo = cached
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
