"""PostgreSQL: commands of different games side by side, each game's in the order they came.

Why several writers: on PostgreSQL a command may wait for a game's row lock that another
process holds (up to `SMITHFIELD_DB_BUSY_SECONDS`); with one writer, a move in every
other channel of this process would wait too, and the bot's processes would queue
behind each other's games, which defeats the reason to run several. Why per-channel
order: one channel's moves must apply in the order its players made them (the row lock
orders them across processes; here the lane does). So each channel is a lane: its
commands run one after the other, in arrival order, in one of a few writer threads, each
with its own connection; lanes do not wait for each other, unless every thread is busy.

A lane's commands are handed from thread to thread without the event loop: the command
that ends hands its lane to the pool again while more are queued, so the loop is woken
once per command, to answer it (not also to start it and to pass the lane on). A lane
goes to the back of the pool's queue after each command, so a busy channel does not
keep a thread from the others. A caller that gives up (an interaction abandoned) never
cuts a transaction in half: its command still runs, in its turn, and only its answer
is dropped.
"""

import asyncio
import contextlib
import contextvars
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

T = TypeVar("T")

WRITER_THREADS = 4
"""Commands running at once: enough that a few games waiting for locks elsewhere leave
the others going; each thread keeps one of the store's pooled connections."""


class _Job(Generic[T]):
    """One command handed over: its work in the caller's context, and where its answer
    goes (a future of the caller's loop)."""

    __slots__ = ("context", "future", "job", "loop")

    def __init__(self, job: Callable[[], T], loop: asyncio.AbstractEventLoop) -> None:
        self.job = job
        self.context = contextvars.copy_context()
        self.loop = loop
        self.future: asyncio.Future[T] = loop.create_future()


class _Lane:
    """A channel's queued commands; `running` while a thread has the lane."""

    __slots__ = ("jobs", "key", "running")

    def __init__(self, key: int | None) -> None:
        self.key = key
        self.jobs: deque[_Job[Any]] = deque()
        self.running = False


class Lanes:
    """The writer threads and each channel's order (see the module docstring)."""

    def __init__(self, threads: int = WRITER_THREADS) -> None:
        self.threads = threads
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="smithfield-writer")
        self._lanes: dict[int, _Lane] = {}
        self._guard = threading.Lock()
        """Guards the lanes and their queues (the loop adds, the threads take)."""
        self._unfinished = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.queued = 0
        """Commands handed over and not yet answered (read and written on the event loop)."""
        self.job_seconds = 0.002
        """Recent time per command, a moving average (see `expected_wait`)."""

    async def run(self, lane: int | None, job: Callable[[], T]) -> T:
        """`job()` in a writer thread, after the commands of its lane handed over before
        it (`lane` None: no order to keep, e.g. work that is not a game's command)."""
        item = _Job(job, asyncio.get_running_loop())
        self._unfinished += 1
        self._idle.clear()
        self.queued += 1
        try:
            with self._guard:
                queue = _Lane(None) if lane is None else self._lanes.setdefault(lane, _Lane(lane))
                queue.jobs.append(item)
                start = not queue.running
                queue.running = True
            if start:
                try:
                    self._pool.submit(self._serve, queue)
                except RuntimeError:  # closed: the command never runs
                    self._serve_nothing(queue)
                    raise
            return await item.future
        finally:
            self.queued -= 1

    def _serve_nothing(self, lane: _Lane) -> None:
        """After `close`: the lane's queued commands are dropped, and their callers told."""
        with self._guard:
            dropped = list(lane.jobs)
            lane.jobs.clear()
            self._unfinished -= len(dropped)
            lane.running = False
            if lane.key is not None:
                self._lanes.pop(lane.key, None)
        if not self._unfinished:
            self._idle.set()
        for item in dropped:  # the caller that found the pool closed raises its error
            if not item.future.done():
                item.future.set_exception(RuntimeError("the writer threads are closed"))

    def _serve(self, lane: _Lane) -> None:
        """In a writer thread: the lane's next command, then the lane back to the pool
        while it has more (or on in this thread once the pool takes no more work)."""
        while True:
            with self._guard:
                if not lane.jobs:
                    lane.running = False
                    if lane.key is not None:
                        del self._lanes[lane.key]
                    return
                item = lane.jobs.popleft()
            started = time.perf_counter()
            result: Any = None
            error: BaseException | None = None
            try:
                result = item.context.run(item.job)
            except BaseException as raised:  # the caller's to see, on its loop
                error = raised
            spent = time.perf_counter() - started
            with contextlib.suppress(RuntimeError):  # a loop closed meanwhile: nobody to tell
                item.loop.call_soon_threadsafe(self._answer, item, result, error, spent)
            with self._guard:
                more = bool(lane.jobs)
            if more:
                try:
                    self._pool.submit(self._serve, lane)
                    return
                except RuntimeError:  # shutting down: finish the lane here
                    continue

    def _answer(
        self, item: _Job[Any], result: Any, error: BaseException | None, spent: float
    ) -> None:
        """On the loop: a command ended; its caller gets the answer, unless it gave up."""
        self.job_seconds = 0.8 * self.job_seconds + 0.2 * spent
        self._unfinished -= 1
        if not self._unfinished:
            self._idle.set()
        if item.future.cancelled():
            return
        if error is not None:
            item.future.set_exception(error)
        else:
            item.future.set_result(result)

    def expected_wait(self) -> float:
        """Seconds a command handed over now is expected to wait before it runs."""
        return self.queued * self.job_seconds / self.threads

    async def drain(self) -> None:
        """Wait until every command handed over has ended."""
        await self._idle.wait()

    def close(self) -> None:
        """Finish what the threads were given, then stop them."""
        self._pool.shutdown(wait=True)
