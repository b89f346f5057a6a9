"""The worker process `strong` searches in, and what happens when one fails or overruns.

A search runs in a process of its own so it holds neither the event loop nor the
database. If it raises, returns a move the rules refuse, or is still thinking when its
limit has passed, the move is made by `standard` instead (a few milliseconds), and the
log says which of these happened. A search past its limit is not left running: its
process is killed and the pool replaced, so the next strong move starts at once in a
fresh worker instead of queueing behind the stalled one.
"""

import asyncio
import logging
import multiprocessing
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.service.commands import robots
from bot.table import Table
from rules.events import Event

log = logging.getLogger(__name__)

STOP_SECONDS = 5.0
"""How long a killed worker is waited for before the pool is left to reap it."""


def limit_for(seconds: float) -> float:
    """How long a search may take, all told, before its worker is stopped: its budget
    plus room for the last playout and, the first time, the worker's start."""
    return seconds * 2 + 5


def _worker_started() -> None:
    """In each new worker: leave Ctrl-C to the bot's own process, which stops the worker
    cleanly (a terminal's Ctrl-C reaches every process of its group, and a worker that
    takes it dies mid-search with a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ready() -> bool:
    """The imports every search needs, done once in a fresh worker (`warm`)."""
    import ai  # noqa: F401  (the AI and the rules cores it loads)

    return True


class StrongWorker:
    """One worker process at a time, replaced when a call overruns its limit."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._warmed: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            spawn = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=spawn, initializer=_worker_started
            )
        return self._pool

    def warm(self) -> None:
        """Start the worker and its imports in the background, once per pool: the first
        search then starts at once instead of after the process's start."""
        pool = self.pool()
        if self._warmed is not pool:
            self._warmed = pool
            pool.submit(_ready)

    async def run(self, limit: float, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` in the worker; raises TimeoutError (after stopping and
        replacing the worker) when it has not finished within `limit` seconds."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool(), function, *args)
        try:
            return await asyncio.wait_for(future, timeout=limit)
        except TimeoutError:
            self.replace()
            raise

    def replace(self) -> None:
        """Kill the worker process (a search cannot be interrupted otherwise) and drop
        the pool; the next call starts a new one."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = dict(getattr(pool, "_processes", None) or {})
        for process in processes.values():
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            process.join(timeout=STOP_SECONDS)
            # The pool's own thread may reap the process first; until it has noted the
            # exit code, the process still looks alive here.
            deadline = time.monotonic() + STOP_SECONDS
            while process.is_alive() and time.monotonic() < deadline:
                time.sleep(0.01)

    def processes(self) -> list[Any]:
        """The live worker processes (for tests and diagnostics)."""
        if self._pool is None:
            return []
        return list((getattr(self._pool, "_processes", None) or {}).values())

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def decide(
        self,
        table: Table,
        seat: int,
        view: Any,
        history: Sequence[Event],
        seed: int,
        seconds: float,
    ) -> Any:
        """`strong`'s move for the seat, or None when it failed, overran or was illegal
        (logged: the caller then plays `standard`)."""
        game = table.game.id
        limit = limit_for(seconds)
        try:
            action = await self.run(
                limit,
                robots.decide_in_worker,
                table.game.kind,
                "strong",
                view,
                list(history),
                seed,
                seconds,
            )
        except TimeoutError:
            log.warning(
                "The strong AI for seat %s of game %s was still searching after %.0f s: its "
                "worker was stopped and replaced; playing standard",
                seat,
                game,
                limit,
            )
            return None
        except Exception:
            log.exception(
                "The strong AI failed for seat %s of game %s; playing standard", seat, game
            )
            return None
        try:
            table.rules.apply(table.state, seat, action)
        except Exception:
            log.exception(
                "The strong AI chose a move the rules refuse for seat %s of game %s; "
                "playing standard",
                seat,
                game,
            )
            return None
        return action
