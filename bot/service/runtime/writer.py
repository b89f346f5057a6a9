"""SQLite's one writer: a thread that runs every write, in the order it was asked for.

Why one thread: SQLite has one write lock per file, so several writing threads only
queue for it (a burst spent most of its store time waiting in `BEGIN IMMEDIATE`), and
one writer in order keeps each channel's moves in order without a lock per channel.
Why groups: commands that queued while the writer was busy run together in one
transaction, each in a savepoint of its own (`Transactions.group`), so a burst pays one
commit (one fsync) per group instead of one per command, and the event loop is woken
once per group rather than once per command. A command is answered only after its
group committed (or was refused as a whole), so a crash at any point loses only
unanswered work, and no answer claims what the database does not hold.

PostgreSQL runs commands of different games side by side instead (bot.service.runtime.lanes).
"""

import asyncio
import contextlib
import contextvars
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from bot.service.runtime.commit import Command, Result

T = TypeVar("T")

MOST_IN_A_GROUP = 64
"""Commands run in one transaction at most: a group holds the write lock (and delays its
first acknowledgement) for as long as all of them take."""


class Job:
    """One piece of work for the writer: a command (which may share a transaction with
    its neighbours) or other work (which runs alone), and, once it ran, its result."""

    __slots__ = ("command", "context", "error", "future", "loop", "result", "work")

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        *,
        command: Command | None = None,
        work: Callable[[], Any] | None = None,
    ) -> None:
        self.command = command
        self.work = work
        self.context = contextvars.copy_context()
        self.loop = loop
        self.future: asyncio.Future[Any] = loop.create_future()
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> Any:
        """Other work, in the caller's context (it speaks the caller's language)."""
        assert self.work is not None
        return self.context.run(self.work)


RunGroup = Callable[[list[Command]], list[Result | BaseException]]


class Writer:
    """The thread and its queue: commands are run by `run_group` (a list in one
    transaction), other work alone."""

    def __init__(self, run_group: RunGroup, *, most: int = MOST_IN_A_GROUP) -> None:
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

    def command(self, command: Command) -> "asyncio.Future[Result]":
        """A command's outcome, once the transaction it ran in has ended."""
        return self._submit(Job(asyncio.get_running_loop(), command=command))

    def submit(self, work: Callable[[], T]) -> "asyncio.Future[T]":
        """Other work (its own transactions, if any), alone, in its turn."""
        return self._submit(Job(asyncio.get_running_loop(), work=work))

    def _submit(self, job: Job) -> "asyncio.Future[Any]":
        """The job's future, to await directly: a burst of a thousand commands waits
        with a thousand stacks, and every frame less in each is less for whatever walks
        them (asyncio's own task dumps, a test harness)."""
        if self._closed:
            raise RuntimeError("the store's writer is closed")
        self.queued += 1
        self._inbox.put(job)
        job.future.add_done_callback(self._answered)
        return job.future

    def _answered(self, _future: "asyncio.Future[Any]") -> None:
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
            if jobs[0].command is not None:
                while waiting and waiting[0].command is not None and len(jobs) < self._most:
                    jobs.append(waiting.popleft())
            started = time.perf_counter()
            self._run(jobs)
            spent = (time.perf_counter() - started) / len(jobs)
            self.job_seconds = 0.8 * self.job_seconds + 0.2 * spent
            self._answer(jobs)

    def _run(self, jobs: list[Job]) -> None:
        """Run the jobs, giving each its result or error; every job is answered."""
        if jobs[0].command is None:
            try:
                jobs[0].result = jobs[0].run()
            except BaseException as error:
                jobs[0].error = error
            return
        commands = [job.command for job in jobs if job.command is not None]
        try:
            results = self._run_group(commands)
        except BaseException as error:  # nothing of the group was answered: none counts
            for job in jobs:
                job.error = error
            return
        for job, result in zip(jobs, results, strict=True):
            if isinstance(result, BaseException):
                job.error = result
            else:
                job.result = result

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
