"""PostgreSQL's writer lanes on their own: each channel's commands in order, channels
taking turns for the threads, and a caller that gives up never cutting its command."""

import asyncio
import threading
from collections.abc import Callable

import pytest

from bot.service.runtime.lanes import Lanes

WAIT = 30.0  # generous: a busy machine may be slow to start a thread, never this slow


def recorder(ran: list[str], name: str, gate: threading.Event | None = None) -> Callable[[], str]:
    def job() -> str:
        if gate is not None:
            assert gate.wait(WAIT)
        ran.append(name)
        return name

    return job


async def test_a_channels_commands_run_in_the_order_they_came_on_any_thread() -> None:
    lanes = Lanes(threads=4)
    ran: list[str] = []
    try:
        answers = await asyncio.wait_for(
            asyncio.gather(*(lanes.run(7, recorder(ran, str(i))) for i in range(40))), WAIT
        )
    finally:
        lanes.close()
    assert answers == [str(i) for i in range(40)]
    assert ran == [str(i) for i in range(40)]


async def test_a_busy_channel_takes_turns_with_the_others_for_a_thread() -> None:
    """One thread: channel A has three commands queued behind its first, channel B one.
    B runs after A's first, not after all of A's (the lane goes back to the pool's
    queue after each command)."""
    lanes = Lanes(threads=1)
    ran: list[str] = []
    gate = threading.Event()
    try:
        first = asyncio.ensure_future(lanes.run(1, recorder(ran, "a1", gate)))
        await asyncio.sleep(0)
        rest = [asyncio.ensure_future(lanes.run(1, recorder(ran, f"a{i}"))) for i in (2, 3, 4)]
        other = asyncio.ensure_future(lanes.run(2, recorder(ran, "b1")))
        await asyncio.sleep(0)
        gate.set()
        await asyncio.wait_for(asyncio.gather(first, *rest, other), WAIT)
    finally:
        lanes.close()
    assert ran == ["a1", "b1", "a2", "a3", "a4"]


async def test_a_caller_that_gives_up_leaves_its_command_to_run_in_its_turn() -> None:
    lanes = Lanes(threads=2)
    ran: list[str] = []
    gate = threading.Event()
    try:
        abandoned = asyncio.ensure_future(lanes.run(5, recorder(ran, "first", gate)))
        later = asyncio.ensure_future(lanes.run(5, recorder(ran, "second")))
        await asyncio.sleep(0)
        abandoned.cancel()
        with pytest.raises(asyncio.CancelledError):
            await abandoned
        assert ran == []
        gate.set()
        assert await asyncio.wait_for(later, WAIT) == "second"
        await asyncio.wait_for(lanes.drain(), WAIT)
    finally:
        lanes.close()
    assert ran == ["first", "second"]


async def test_drain_waits_for_a_command_whose_caller_gave_up() -> None:
    lanes = Lanes(threads=1)
    ran: list[str] = []
    gate = threading.Event()
    try:
        abandoned = asyncio.ensure_future(lanes.run(None, recorder(ran, "work", gate)))
        await asyncio.sleep(0)
        abandoned.cancel()
        draining = asyncio.ensure_future(lanes.drain())
        await asyncio.sleep(0.05)
        assert not draining.done()
        gate.set()
        await asyncio.wait_for(draining, WAIT)
    finally:
        lanes.close()
    assert ran == ["work"]


async def test_an_error_reaches_its_caller_and_the_lane_goes_on() -> None:
    lanes = Lanes(threads=2)

    def fails() -> str:
        raise ValueError("the work's own")

    try:
        with pytest.raises(ValueError, match="the work's own"):
            await asyncio.wait_for(lanes.run(3, fails), WAIT)
        assert await asyncio.wait_for(lanes.run(3, lambda: "next"), WAIT) == "next"
    finally:
        lanes.close()


async def test_after_close_a_command_is_refused_not_left_waiting() -> None:
    lanes = Lanes(threads=1)
    lanes.close()
    with pytest.raises(RuntimeError):
        await asyncio.wait_for(lanes.run(4, lambda: "never"), WAIT)
    await asyncio.wait_for(lanes.drain(), WAIT)
