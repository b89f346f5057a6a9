"""A strong search that stalls is stopped in bounded time and does not hold later moves:
its worker process is killed and a fresh one takes the next search."""

import time

import pytest

from bot.service.runtime.strong_worker import StrongWorker


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
