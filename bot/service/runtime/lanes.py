"""PostgreSQL: commands of different games side by side, each game's in the order they came.

Why several writers: on PostgreSQL a command may wait for a game's row lock that another
process holds (up to `SMITHFIELD_DB_BUSY_SECONDS`); with one writer, a move in every
other channel of this process would wait too, and the bot's processes would queue
behind each other's games, which defeats the reason to run several. Why per-channel
order: one channel's moves must apply in the order its players made them (the row lock
orders them across processes; here the lane does). So each channel is a lane: its
commands run one after the other, in arrival order, in one of a few writer threads, each
with its own connection; lanes do not wait for each other, unless every thread is busy.

Each command runs in a task of its own (shielded from its caller), so a caller that
gives up (an interaction abandoned) never cuts a transaction in half.
"""

import asyncio
import contextlib
import contextvars
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")

WRITER_THREADS = 4
"""Commands running at once: enough that a few games waiting for locks elsewhere leave
the others going; each thread keeps one of the store's pooled connections."""


class Lanes:
    """The writer threads and each channel's order (see the module docstring)."""

    def __init__(self, threads: int = WRITER_THREADS) -> None:
        self.threads = threads
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="smithfield-writer")
        self._lanes: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}
        self._running: set[asyncio.Task[Any]] = set()
        self.queued = 0
        """Commands handed over and not yet answered (read and written on the event loop)."""
        self.job_seconds = 0.002
        """Recent time per command, a moving average (see `expected_wait`)."""

    async def run(self, lane: int | None, job: Callable[[], T]) -> T:
        """`job()` in a writer thread, after the commands of its lane handed over before
        it (`lane` None: no order to keep, e.g. work that is not a game's command)."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()

        async def turn() -> T:
            async with self._lane(lane):
                started = time.perf_counter()
                try:
                    return await loop.run_in_executor(self._pool, partial(context.run, job))
                finally:
                    spent = time.perf_counter() - started
                    self.job_seconds = 0.8 * self.job_seconds + 0.2 * spent

        task = loop.create_task(turn())
        self._running.add(task)
        task.add_done_callback(self._ended)
        self.queued += 1
        try:
            return await asyncio.shield(task)
        finally:
            self.queued -= 1

    @contextlib.asynccontextmanager
    async def _lane(self, lane: int | None) -> Any:
        if lane is None:
            yield
            return
        lock = self._lanes.setdefault(lane, asyncio.Lock())
        self._users[lane] = self._users.get(lane, 0) + 1
        try:
            async with lock:  # asyncio's lock wakes its waiters first in, first out
                yield
        finally:
            self._users[lane] -= 1
            if not self._users[lane]:
                del self._users[lane]
                del self._lanes[lane]

    def _ended(self, task: "asyncio.Task[Any]") -> None:
        """A command whose caller gave up still ends; its error, if any, was the caller's
        to see, and is not reported again as never retrieved."""
        self._running.discard(task)
        if not task.cancelled():
            task.exception()

    def expected_wait(self) -> float:
        """Seconds a command handed over now is expected to wait before it runs."""
        return self.queued * self.job_seconds / self.threads

    async def drain(self) -> None:
        """Wait until every command handed over has ended."""
        while self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    def close(self) -> None:
        """Finish what the threads were given, then stop them."""
        self._pool.shutdown(wait=True)
