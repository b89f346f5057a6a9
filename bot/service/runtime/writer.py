"""The store's one writer: a thread that runs every write, in the order it was asked for.

Why one thread: SQLite has one write lock per file, so several writing threads only
queue for it (a burst spent most of its store time waiting in `BEGIN IMMEDIATE`), and
one writer in order keeps each channel's moves in order without a lock per channel.
Why groups: commands that queued while the writer was busy run together in one
transaction, each in a savepoint of its own (`Engine.run_group`), so a burst pays one
commit (one fsync) per group instead of one per command, and the event loop is woken
once per group rather than once per command. A command is acknowledged only after its
group committed, so a crash at any point loses only unacknowledged work.

On PostgreSQL commands run on the event loop instead (bot.store.pg_loop), one at a time
in `Turns`; the thread remains for the work the loop cannot run.
"""

import asyncio
import contextlib
import contextvars
import queue
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")

MOST_IN_A_GROUP = 64
"""Commands run in one transaction at most: a group holds the write lock (and delays its
first acknowledgement) for as long as all of them take.

Only SQLite groups: its one write lock is held by the writer anyway, so a group keeps
nobody waiting longer. On PostgreSQL a group would hold the row locks of many games at
once, and two processes' groups taking them in different orders would deadlock; there
each command stays its own transaction (the server's own group commit merges their
fsyncs)."""


class Job:
    """One piece of work for the writer and, once it ran, its result or error."""

    __slots__ = ("context", "error", "future", "grouped", "loop", "result", "work")

    def __init__(
        self, work: Callable[[], Any], grouped: bool, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.work = work
        self.grouped = grouped
        """A command, which may share a transaction with its neighbours; other work
        (which opens its own transaction, if any) always runs alone."""
        self.context = contextvars.copy_context()
        self.loop = loop
        self.future: asyncio.Future[Any] = loop.create_future()
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> Any:
        """The work, in the caller's context (it speaks the caller's language)."""
        return self.context.run(self.work)


class Writer:
    """The thread and its queue. `run_group` runs a list of grouped jobs (setting each
    one's result or error); lone jobs are run here."""

    def __init__(self, run_group: Callable[[list[Job]], None], *, most: int) -> None:
        self._run_group = run_group
        self._most = most
        self._inbox: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        """Jobs handed over (None: stop once the ones before it are done)."""
        self._closed = False
        self.queued = 0
        """Jobs handed over and not yet answered (read and written on the event loop)."""
        self.job_seconds = 0.002
        """The writer's recent time per job, a moving average (see `expected_wait`)."""
        self._thread = threading.Thread(target=self._serve, name="smithfield-writer", daemon=True)
        self._thread.start()

    async def submit(self, work: Callable[[], Any], *, grouped: bool) -> Any:
        if self._closed:
            raise RuntimeError("the store's writer is closed")
        job = Job(work, grouped, asyncio.get_running_loop())
        self.queued += 1
        self._inbox.put(job)
        try:
            return await job.future
        finally:
            self.queued -= 1

    def expected_wait(self) -> float:
        return self.queued * self.job_seconds

    def close(self) -> None:
        """Finish what was handed over, then stop."""
        if self._closed:
            return
        self._closed = True
        self._inbox.put(None)
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _serve(self) -> None:
        waiting: deque[Job] = deque()
        stopping = False
        while True:
            if not waiting:
                if stopping:
                    return
                first = self._inbox.get()
                if first is None:
                    return
                waiting.append(first)
            while True:  # everything handed over meanwhile, in order
                try:
                    more = self._inbox.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                waiting.append(more)
            jobs = [waiting.popleft()]
            if jobs[0].grouped:
                while waiting and waiting[0].grouped and len(jobs) < self._most:
                    jobs.append(waiting.popleft())
            started = time.perf_counter()
            if jobs[0].grouped:
                try:
                    self._run_group(jobs)
                except BaseException as error:  # the group runner must answer every job
                    for job in jobs:
                        if job.error is None and job.result is None:
                            job.error = error
            else:
                try:
                    jobs[0].result = jobs[0].run()
                except BaseException as error:
                    jobs[0].error = error
            spent = (time.perf_counter() - started) / len(jobs)
            self.job_seconds = 0.8 * self.job_seconds + 0.2 * spent
            self._answer(jobs)

    @staticmethod
    def _answer(jobs: list[Job]) -> None:
        """Hand the results to the event loop: one wake-up for the whole group."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Job]] = {}
        for job in jobs:
            by_loop.setdefault(job.loop, []).append(job)
        for loop, mine in by_loop.items():
            # A closed loop: nobody waits for these any more.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, mine)


def _settle(jobs: list[Job]) -> None:
    for job in jobs:
        if job.future.done():
            continue  # the caller was cancelled
        if job.error is not None:
            job.future.set_exception(job.error)
        else:
            job.future.set_result(job.result)


class Turns:
    """The writer's order on the event loop, for a store that runs commands there
    (`Store.inline`, PostgreSQL): one command at a time, in the order they arrived, each
    in a task of its own, so a caller that is cancelled (an interaction given up) never
    cuts a transaction in half, and the next command starts only once it ended."""

    def __init__(self) -> None:
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.queued = 0
        """Commands handed over and not yet answered."""
        self.job_seconds = 0.002
        """Recent time per command, a moving average (see `Writer.expected_wait`)."""

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """`work()` once every command handed over before it has ended."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._lock, self._loop = asyncio.Lock(), loop
        lock = self._lock
        assert lock is not None

        async def turn() -> T:
            async with lock:  # asyncio's lock wakes its waiters first in, first out
                started = time.perf_counter()
                try:
                    return await work()
                finally:
                    spent = time.perf_counter() - started
                    self.job_seconds = 0.8 * self.job_seconds + 0.2 * spent

        task = loop.create_task(turn())
        task.add_done_callback(_retrieved)
        self.queued += 1
        try:
            return await asyncio.shield(task)
        finally:
            self.queued -= 1

    def expected_wait(self) -> float:
        return self.queued * self.job_seconds

    async def drain(self) -> None:
        """Wait until every command handed over has ended."""
        if self._lock is not None and self._loop is asyncio.get_running_loop():
            async with self._lock:
                pass


def _retrieved(task: "asyncio.Task[Any]") -> None:
    """A command whose caller gave up still ends; its error, if any, was the caller's to
    see, and is not reported again as never retrieved."""
    if not task.cancelled():
        task.exception()
