"""A strong search that stalls is stopped in bounded time and does not hold later moves:
its worker process is killed and a fresh one takes the next search."""

import os
import signal
import time

import pytest

from bot.service import Actor, GameService, Place
from bot.service.runtime.strong_worker import StrongWorker
from bot.store import open_store
from rules.fagins_gang import RULES as FAGINS_GANG
from rules.fantasy_business import RULES as FANTASY_BUSINESS

GAMES = {"fagins-gang": FAGINS_GANG, "fantasy-business": FANTASY_BUSINESS}


def stall(seconds: float) -> str:
    time.sleep(seconds)
    return "late"


def echo(value: int) -> int:
    return value


async def test_a_stalled_worker_is_replaced_and_does_not_hold_later_moves() -> None:
    worker = StrongWorker()
    try:
        assert await worker.run(60, echo, 1) == 1  # the worker has started
        stalled = worker.processes()
        assert len(stalled) == 1 and stalled[0].is_alive()
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            await worker.run(0.5, stall, 120)
        # Generous on a busy machine, and still far below the stalled search's 120 s.
        assert time.monotonic() - started < 60
        assert not stalled[0].is_alive()  # stopped, not left searching
        started = time.monotonic()
        assert await worker.run(60, echo, 7) == 7  # a new worker, not behind the stall
        assert time.monotonic() - started < 60
        fresh = worker.processes()
        assert fresh and fresh[0].pid != stalled[0].pid
    finally:
        worker.close()


async def test_a_worker_leaves_ctrl_c_to_the_bots_own_process() -> None:
    """A terminal's Ctrl-C reaches every process of its group: a worker that took it died
    mid-search and printed a traceback (after a hint, stopping the sandbox did). The bot's
    own process stops the worker cleanly."""
    worker = StrongWorker()
    try:
        pid = await worker.run(60, os.getpid)
        os.kill(pid, signal.SIGINT)
        assert await worker.run(60, os.getpid) == pid  # the same worker, still answering
    finally:
        worker.close()


async def test_warming_starts_the_worker_before_the_first_search() -> None:
    worker = StrongWorker()
    try:
        assert worker.processes() == []
        worker.warm()
        [process] = worker.processes()
        worker.warm()  # once per worker
        assert worker.processes() == [process]
        assert await worker.run(60, os.getpid) == process.pid
    finally:
        worker.close()


async def test_a_table_that_will_ask_the_strong_ai_starts_its_workers(store_location: str) -> None:
    """Opening a `hints:true` table or seating a strong AI starts the workers in the
    background, so the first hint is as quick as the others (it took 3 s: the process's
    start and imports)."""
    from bot.service.commands import ai_seats, coach

    service = GameService(open_store(store_location), GAMES, seed=1)
    host = Actor(user_id=1, display_name="alice")
    warmed: list[str] = []
    service.runner.strong_worker.warm = lambda: warmed.append("seats")  # type: ignore[method-assign]
    original = coach.WORKER.warm
    coach.WORKER.warm = lambda: warmed.append("hints")  # type: ignore[method-assign]
    try:
        await service.new_game(Place(guild_id=1, channel_id=5), host, "fagins-gang", {})
        assert warmed == []  # a table with no AI and no hints needs no worker
        await service.new_game(
            Place(guild_id=1, channel_id=6), host, "fantasy-business", {}, hints=True
        )
        assert warmed == ["seats", "hints"]
        await ai_seats.add_bot(service.engine, Place(guild_id=1, channel_id=5), host, "standard")
        assert warmed == ["seats", "hints"]
        await ai_seats.add_bot(service.engine, Place(guild_id=1, channel_id=5), host, "strong")
        assert warmed == ["seats", "hints"] * 2
    finally:
        coach.WORKER.warm = original  # type: ignore[method-assign]
        await service.aclose()
