"""The engine under every command: one writer, one transaction, commands in order.

A command's work is a plain function run by the store's one writer, never waiting for
the database on the event loop (so a slow or locked database never freezes it), in the
order commands arrived (so one channel's moves keep their order), and it is one database
transaction: every read a command bases its checks on, and every write it makes, commits
together or not at all. A lost race runs the work again on fresh reads; a database that
stays locked is a clear refusal. Parsed states are cached per (game, version) once
committed, so hot games are not parsed again.

The writer is a thread (SQLite, whose calls block), or on PostgreSQL the event loop
itself: the work runs there as a script whose waits for the server are the loop's own
(bot.store.pg_loop), which spares each command two thread hand-offs; work the script
cannot follow runs in the writer thread, in its turn.

Why one writer: SQLite has one write lock per file, so several threads writing only
queue for it (a burst spent most of its store time in `BEGIN IMMEDIATE`); one thread
takes the lock without waiting, and PostgreSQL's row locks order one process's commands
the same way. Reads that change nothing (status, the log, autocomplete, the tables, the
records) run in a small pool of reader threads instead (`read`), so they never queue
behind a burst of writes: WAL readers see the last commit without waiting for a writer.
"""

import asyncio
import contextlib
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
from bot.messages import Activity, Live, Outcome
from bot.render.generic import EventPresenter
from bot.render.presenters import PRESENTERS, Presenter
from bot.replay import Replayed, replay
from bot.service.requests import BUSY, FULL, RACED, UNREACHABLE
from bot.service.runtime.writer import MOST_IN_A_GROUP, Job, Turns, Writer
from bot.store import (
    DatabaseBusy,
    DatabaseUnavailable,
    GameRow,
    LiveRow,
    NeedsThread,
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
READER_THREADS = 3
"""Threads for reads that change nothing; the writer is always one thread."""
RACE_RETRIES = 3
"""How often a command whose transaction lost a race (a version conflict, a deadlock) is
run again on fresh reads before the player is told to try again."""
SCHEDULING_COLUMNS = frozenset({"deadline", "reminded", "remind_hours", "paused_at", "status"})


class Engine:
    """The writer and reader threads, one transaction per command, the state cache: what
    every command of the service runs on."""

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
        self._clock = clock
        self.seed = seed
        self._live_locks: dict[tuple[int, str, int], asyncio.Lock] = {}
        self.activity = Activity()
        """Messages seen in each channel since its table message (see bot.edge.live)."""
        self.dm_refused: set[tuple[int, int, str]] = set()
        """(game, user, step) whose DM could not be delivered: the channel was told once."""
        self._states: OrderedDict[int, tuple[int, Any, dict[str, Any]]] = OrderedDict()
        self._states_guard = threading.Lock()
        grouping = MOST_IN_A_GROUP if store.backend == "sqlite" else 1
        self._writer = Writer(self.run_group, most=grouping)
        self._turns = Turns() if store.inline else None
        """On a store that runs commands on the event loop, the order they take there."""
        self._busy: dict[int, int] = {}
        """Commands of each channel handed to the writer and not answered yet."""
        self._quiet: dict[int, asyncio.Event] = {}
        self._readers = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="smithfield-reader")
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

    @property
    def clock(self) -> Clock:
        """The time; while a command's work runs again on the event loop (see
        `_inline_attempt`), the times its earlier runs were given, in the same order."""
        steady: _Steady | None = getattr(self._committed, "steady", None)
        return self._clock if steady is None else steady

    @clock.setter
    def clock(self, clock: Clock) -> None:
        self._clock = clock

    def presenter(self, kind: str) -> Presenter:
        return self.presenters.get(kind) or EventPresenter()

    def live_lock(self, key: tuple[int, str, int]) -> asyncio.Lock:
        """One update at a time per kept-up-to-date message (see bot.edge.live)."""
        return self._live_locks.setdefault(key, asyncio.Lock())

    def close(self) -> None:
        self._readers.shutdown(wait=True)
        self._writer.close()
        self.store.close()

    async def aclose(self) -> None:
        """`close` on the event loop: the commands handed over end first, then the
        store's connections there close cleanly."""
        if self._turns is not None:
            await self._turns.drain()
        self._readers.shutdown(wait=True)
        self._writer.close()
        await self.store.aclose()

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work` in the writer thread, alone: the event loop keeps serving other
        channels. The work runs in a copy of the caller's context, so it speaks the
        caller's language. Anything that may write goes here; `read` is for work that
        cannot."""
        if self._turns is not None:
            # After the commands before it, which run on the event loop.
            on_writer = partial(self._writer.submit, partial(work, *args), grouped=False)
            ran: T = await self._turns.run(on_writer)
            return ran
        result: T = await self._writer.submit(partial(work, *args), grouped=False)
        return result

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """Run `work`, which must not write, in a reader thread: it does not queue behind
        the writer's backlog, and sees what the last commit left."""
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

    def expected_wait(self) -> float:
        """Seconds a command handed to the writer now is expected to wait before it runs:
        the jobs ahead of it times the recent time per job (cogs defer an interaction at
        once when this is long, instead of arming a timer per interaction)."""
        if self._turns is not None:
            return self._turns.expected_wait()
        return self._writer.expected_wait()

    async def command(self, channel_id: int, work: Callable[[], Outcome]) -> Outcome:
        """A command's work: by the writer, in the order commands arrived (so one
        channel's moves keep their order), as one transaction (on SQLite shared with the
        commands queued beside it, each in a savepoint of its own: see
        bot.service.runtime.writer; on PostgreSQL run on the event loop, see `_inline_command`). Its
        first read of the game locks the game's row (`for_update`), so a command in
        another process waits for this one instead of racing it; a race lost all the
        same (a version conflict, a deadlock) runs the work again on fresh reads, a few
        times. A database that stays locked or cannot be reached, or a race lost every
        time, is a clear refusal and nothing of the command changed."""
        self._busy[channel_id] = self._busy.get(channel_id, 0) + 1
        try:
            if self._turns is not None:
                outcome, moved = await self._turns.run(partial(self._inline_command, work))
            else:
                outcome, moved = await self._writer.submit(work, grouped=True)
        finally:
            self._busy[channel_id] -= 1
            if not self._busy[channel_id]:
                del self._busy[channel_id]
                quiet = self._quiet.pop(channel_id, None)
                if quiet is not None:
                    quiet.set()
        if moved and self.on_deadlines_changed is not None:
            self.on_deadlines_changed()
        if outcome.accepted and outcome.ai_due is not None and self.on_ai_due is not None:
            self.on_ai_due(outcome.ai_due)
        assert isinstance(outcome, Outcome)
        return outcome

    def run_group(self, jobs: list[Job]) -> None:
        """In the writer thread: each job's command, all in one transaction. A lone
        command is its own transaction (retried whole on a lost race); several each get
        a savepoint, so one that fails or loses a race is undone alone (a full disk or a
        lost connection refuses the whole group: nothing of it is kept). States parsed or
        made by the group are kept in memory only once the group has committed."""
        if len(jobs) == 1:
            job = jobs[0]
            try:
                job.result = self._transaction(job.run)
            except BaseException as error:
                job.error = error
            return
        committed = self._committed
        fresh: dict[int, tuple[int, Any, dict[str, Any]]] = {}
        committed.fresh = fresh
        try:
            with self.store.transaction():
                for job in jobs:
                    self._in_savepoint(job, fresh)
        except (DatabaseBusy, VersionConflict, DatabaseUnavailable, StorageFull) as error:
            refusal = UNREACHABLE if isinstance(error, DatabaseUnavailable) else BUSY
            if isinstance(error, VersionConflict):
                refusal = RACED
            if isinstance(error, StorageFull):
                log.error(
                    "The database's storage is full; %d commands were refused: %s", len(jobs), error
                )
                refusal = FULL
            for job in jobs:
                job.error, job.result = None, (Outcome.refusal(refusal), False)
            return
        finally:
            committed.fresh = None
        self._keep_committed(fresh, [])

    def _in_savepoint(self, job: Job, fresh: dict[int, tuple[int, Any, dict[str, Any]]]) -> None:
        """One command of a group, undone alone if it fails. A lost race runs it again;
        a row lock held too long elsewhere refuses it; a lost connection fails the
        whole group (raised)."""
        committed = self._committed
        for attempt in range(RACE_RETRIES + 1):
            committed.states, committed.moved = [], False
            before = dict(fresh)
            try:
                with self.store.savepoint():
                    outcome = job.run()
                    self._advance_lives(outcome)
            except VersionConflict:
                fresh.clear()
                fresh.update(before)
                if attempt == RACE_RETRIES:
                    job.result = (Outcome.refusal(RACED), False)
                    return
                continue
            except DatabaseBusy:
                fresh.clear()
                fresh.update(before)
                job.result = (Outcome.refusal(BUSY), False)
                return
            except (DatabaseUnavailable, StorageFull):
                raise  # SQLite may have rolled the whole group back: refuse all of it
            except Exception as error:
                fresh.clear()
                fresh.update(before)
                job.error = error
                return
            finally:
                parsed, committed.states = committed.states, []
            for table in parsed:
                fresh[table.game.id] = (table.game.version, table.state, table.memo)
            job.result = (outcome, bool(committed.moved))
            return

    def _transaction(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        for attempt in range(RACE_RETRIES + 1):
            try:
                return self._attempt(work)
            except VersionConflict:
                if attempt == RACE_RETRIES:
                    return Outcome.refusal(RACED), False
            except (DatabaseBusy, DatabaseUnavailable, StorageFull) as error:
                return _refused(error), False
        raise AssertionError("unreachable")  # the loop always returns

    async def _inline_command(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        """A command on a store that runs it on the event loop (see bot.store.pg_loop),
        with the writer thread's retries and refusals; work that cannot run there runs in
        the writer thread, still in its turn."""
        try:
            for attempt in range(RACE_RETRIES + 1):
                try:
                    return await self._inline_attempt(work)
                except VersionConflict:
                    if attempt == RACE_RETRIES:
                        return Outcome.refusal(RACED), False
                except (DatabaseBusy, DatabaseUnavailable, StorageFull) as error:
                    return _refused(error), False
        except NeedsThread as why:
            name = getattr(getattr(work, "func", work), "__qualname__", repr(work))
            log.debug("A command (%s) runs in the writer thread: %s", name, why)
        result: tuple[Outcome, bool] = await self._writer.submit(work, grouped=True)
        return result

    async def _inline_attempt(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        """`_attempt` on the event loop: the store may run the work several times, each
        run from the start (see bot.store.pg_loop); only the last one's parsed states
        are kept, once committed."""
        committed = self._committed
        fresh: dict[int, tuple[int, Any, dict[str, Any]]] = {}
        context = contextvars.copy_context()
        steady = _Steady(self._clock)

        def run() -> tuple[Outcome, list[Table], bool]:
            committed.states, committed.moved, committed.fresh = [], False, fresh
            steady.at, committed.steady = 0, steady
            try:
                outcome = context.run(work)
                self._advance_lives(outcome)
                return outcome, committed.states, bool(committed.moved)
            finally:
                committed.states, committed.fresh, committed.steady = [], None, None

        outcome, parsed, moved = await self.store.run_inline(run)
        self._keep_committed(fresh, parsed)
        return outcome, moved

    def _attempt(self, work: Callable[[], Outcome]) -> tuple[Outcome, bool]:
        """Run a command once in one transaction (all of it commits, or none of it)."""
        committed = self._committed
        committed.states, committed.moved = [], False
        fresh: dict[int, tuple[int, Any, dict[str, Any]]] = {}
        committed.fresh = fresh
        try:
            with self.store.transaction():
                outcome = work()
                self._advance_lives(outcome)
        finally:
            parsed, committed.states, committed.fresh = committed.states, [], None
        self._keep_committed(fresh, parsed)
        return outcome, bool(committed.moved)

    def _keep_committed(
        self, fresh: dict[int, tuple[int, Any, dict[str, Any]]], parsed: list[Table]
    ) -> None:
        """Once a command committed: the states it parsed and made are served from
        memory (only states that reached the database may be)."""
        for game_id, (version, state, memo) in fresh.items():
            self._remember(game_id, version, state, memo)
        for table in parsed:
            self._remember(table.game.id, table.game.version, table.state, table.memo)

    def _advance_lives(self, outcome: Outcome) -> None:
        """In the command's own transaction: each live message that only needs an edit
        (it shows the same step) has its row moved to the new version, so the edge edits
        it without asking the store anything (bot.edge.live keeps the version shown)."""
        drawn: dict[tuple[int, int], list[Live]] = {}
        for live in outcome.live:
            if not live.closes:
                drawn.setdefault((live.game_id, live.version), []).append(live)
        for (game_id, version), lives in drawn.items():
            keys = [(live.slot, live.user_id, live.step or "") for live in lives]
            self.store.advance_live_messages(game_id, version, keys, partial(_shown, lives))

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
        fresh: dict[int, tuple[int, Any, dict[str, Any]]] | None = getattr(
            self._committed, "fresh", None
        )
        if fresh is not None:
            # Inside a group: a version an earlier command of the group wrote is not
            # committed yet, so it is kept for the group alone until the commit.
            mine = fresh.get(game.id)
            if mine is not None and mine[0] == game.version:
                return mine[1], mine[2]
        with self._states_guard:
            cached = self._states.get(game.id)
            if cached is not None and cached[0] == game.version:
                self._states.move_to_end(game.id)
                return cached[1], cached[2]
        state = self.games[game.kind].load_state(game.state)
        memo: dict[str, Any] = {}
        if fresh is not None:
            fresh[game.id] = (game.version, state, memo)
        else:
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


class _Steady:
    """A clock that gives a work run again the times it was given before: a command's
    writes stamped with the time must say the same on every run (see bot.store.pg_loop)."""

    __slots__ = ("at", "clock", "given")

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.given: list[datetime] = []
        self.at = 0

    def __call__(self) -> datetime:
        if self.at == len(self.given):
            self.given.append(self.clock())
        self.at += 1
        return self.given[self.at - 1]


def _refused(error: Exception) -> Outcome:
    """The player's answer when the database refused a command."""
    if isinstance(error, StorageFull):
        log.error("The database's storage is full; a command was refused: %s", error)
        return Outcome.refusal(FULL)
    return Outcome.refusal(UNREACHABLE if isinstance(error, DatabaseUnavailable) else BUSY)


def _shown(lives: list[Live], rows: list[LiveRow]) -> None:
    """Where each live message already shows its step (None: the edge decides)."""
    where = {(row.slot, row.user_id): (row.channel_id, row.message_id) for row in rows}
    for live in lives:
        live.shown = where.get((live.slot, live.user_id))
