"""On PostgreSQL a command's work runs on the event loop (bot.store.pg_loop): two round
trips a move and no thread, the same order and the same all-or-nothing as the writer
thread, and work that cannot run there goes to the writer thread with nothing kept."""

import asyncio
import gc
import logging
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest

from bot.messages import Outcome
from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.service.runtime.writer import Writer
from bot.store import open_store
from tests.fakes import FAKE_GAMES, Add

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
HERE = Place(10, 1)


def add(amount: int) -> Callable[[Any, int], Add]:
    return lambda _table, _seat: Add(amount=amount)


async def new_table(url: str, *, busy_seconds: float = 5.0) -> GameService:
    store = open_store(url, busy_seconds=busy_seconds)
    service = GameService(
        store, FAKE_GAMES, seed=1, presenters=dict.fromkeys(FAKE_GAMES, EventPresenter())
    )
    await service.new_game(HERE, ALICE, "fagins-gang", {"turns": 99})
    await service.join(HERE, BOB)
    assert (await service.start(HERE, ALICE, ALICE.user_id)).accepted
    return service


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How often the event loop waited for the server, and how many jobs the writer
    thread ran."""
    seen = {"waits": 0, "writer jobs": 0}
    sync = psycopg.AsyncPipeline.sync
    submit = Writer.submit

    async def counting_sync(self: psycopg.AsyncPipeline) -> None:
        seen["waits"] += 1
        await sync(self)

    async def counting_submit(self: Writer, work: Callable[[], Any], *, grouped: bool) -> Any:
        seen["writer jobs"] += 1
        return await submit(self, work, grouped=grouped)

    monkeypatch.setattr(psycopg.AsyncPipeline, "sync", counting_sync)
    monkeypatch.setattr(Writer, "submit", counting_submit)
    yield seen


def the_log(service: GameService) -> list[int]:
    game = service.store.open_game(HERE.channel_id)
    assert game is not None
    return [row.action["amount"] for row in service.store.actions(game.id)]


async def test_a_lobby_and_moves_run_on_the_event_loop_in_two_round_trips_each(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening, joining, starting and moving need no thread. Those that stamp the time
    before a later read (opening a table) get the same time on each run, so they too
    stay on the loop."""
    with counted(monkeypatch) as seen:
        service = await new_table(pg_url)
        assert seen["writer jobs"] == 0
        before = seen["waits"]
        assert (await service.act(HERE, ALICE, add(3))).accepted
        assert seen["waits"] - before == 2  # the locked read, then the writes with COMMIT
        assert (await service.act(HERE, BOB, add(2))).accepted
        assert seen["writer jobs"] == 0
    assert the_log(service) == [3, 2]
    await service.aclose()


async def test_the_move_that_ends_a_game_records_and_rates_it_on_the_loop_too(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last move also reads the log, the later results and the ratings: each read
    is one more wait, and the results and ratings it writes go with the COMMIT."""
    service = await new_table(pg_url)
    with counted(monkeypatch) as seen:
        for turn in range(33):  # 3 a move: the target of 99 is reached on the 33rd
            assert (await service.act(HERE, (ALICE, BOB)[turn % 2], add(3))).accepted
        assert seen["writer jobs"] == 0
    game = service.store.last_finished_game(HERE.channel_id)
    assert game is not None
    results = service.store.results_of_games([game.id])
    assert [(row.user_id, row.position) for row in results] == [(1, 0), (2, 1)]
    assert {row.user_id for row in service.store.ratings(1, "fagins-gang")} == {1, 2}
    await service.aclose()


async def test_commands_keep_the_order_they_arrived_in_with_other_work_between(
    pg_url: str,
) -> None:
    """Twenty moves handed over at once, alternating players, all accepted (each is
    legal only after the one before it), and work handed to the writer thread between
    them sees exactly the moves before it."""
    service = await new_table(pg_url)
    amounts = [1 + i % 3 for i in range(20)]
    moves = [service.act(HERE, (ALICE, BOB)[i % 2], add(amounts[i])) for i in range(20)]
    between = service.call(lambda: len(the_log(service)))
    outcomes = await asyncio.gather(*moves[:10], between, *moves[10:])
    assert outcomes[10] == 10
    assert all(outcome.accepted for outcome in outcomes[:10] + outcomes[11:])
    assert the_log(service) == amounts
    await service.aclose()


async def test_work_that_asks_something_else_when_run_again_runs_once_in_the_writer_thread(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A work whose writes change from run to run (here a random amount written before a
    later read) cannot be followed on the loop: what it sent is rolled back, and it runs
    once more in the writer thread, where it is kept once."""
    service = await new_table(pg_url)
    engine = service
    threads: list[str] = []

    def work() -> Outcome:
        threads.append(threading.current_thread().name)
        game = engine.store.open_game(HERE.channel_id, for_update=True)
        assert game is not None
        amount = random.randrange(1_000_000)
        engine.store.append_action(
            game.id, user_id=1, seat=0, action={"amount": amount}, now=engine.clock()
        )
        engine.store.actions(game.id)  # a read after the write
        return Outcome(lines=[f"{amount}"])

    with counted(monkeypatch) as seen:
        outcome = await engine.command(HERE.channel_id, work)
    assert seen["writer jobs"] == 1
    assert threads[-1] == "smithfield-writer"
    assert threading.main_thread().name in threads[:-1]
    assert the_log(service) == [int(outcome.lines[0])]
    await service.aclose()


async def test_work_that_leaves_out_a_write_it_sent_keeps_nothing_of_it(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write sent with an earlier run's read is in the transaction already: a last run
    that no longer makes it (and swallows every exception on the way) must not commit
    it. The work goes to the writer thread, where it runs from nothing."""
    service = await new_table(pg_url)
    runs = {"count": 0}

    def work() -> Outcome:
        runs["count"] += 1
        try:
            game = service.store.open_game(HERE.channel_id, for_update=True)
            assert game is not None
            if runs["count"] == 2:  # only the second run writes, then reads again
                now = service.clock()
                service.store.append_action(
                    game.id, user_id=1, seat=0, action={"amount": 99}, now=now
                )
                service.store.actions(game.id)
        except Exception:  # a broad handler in the work changes nothing of the above
            return Outcome(lines=["swallowed"])
        return Outcome(lines=[f"run {runs['count']}"])

    with counted(monkeypatch) as seen:
        outcome = await service.command(HERE.channel_id, work)
    assert seen["writer jobs"] == 1
    assert outcome.lines == ["run 4"]  # three on the loop, the last in the writer thread
    assert the_log(service) == []
    await service.aclose()


async def test_a_failing_work_keeps_nothing_and_the_next_commands_run_as_before(
    pg_url: str,
) -> None:
    service = await new_table(pg_url)
    engine = service

    def failing() -> Outcome:
        game = engine.store.open_game(HERE.channel_id, for_update=True)
        assert game is not None
        engine.save(game, now=engine.clock(), status="finished")
        raise RuntimeError("a bug in the command")

    with pytest.raises(RuntimeError, match="a bug"):
        await engine.command(HERE.channel_id, failing)
    for turn in range(4):
        assert (await service.act(HERE, (ALICE, BOB)[turn % 2], add(1 + turn % 3))).accepted
    game = service.store.open_game(HERE.channel_id)
    assert game is not None and game.status == "active"
    assert the_log(service) == [1, 2, 3, 1]
    await service.aclose()


async def test_a_caller_that_gives_up_does_not_cut_its_command_in_half(pg_url: str) -> None:
    """A command handed over runs to its end, as in the writer thread, even when its
    caller is cancelled while the command waits for the server (here for a row lock
    another process holds); the next command runs after it."""
    service = await new_table(pg_url)
    with psycopg.connect(pg_url) as other:
        other.execute("SELECT id FROM games WHERE channel_id = %s FOR UPDATE", (HERE.channel_id,))
        waiting = asyncio.ensure_future(service.act(HERE, ALICE, add(3)))
        with psycopg.connect(pg_url, autocommit=True) as watcher:
            for _ in range(500):
                rows = watcher.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name ="
                    " 'smithfield' AND wait_event_type = 'Lock'"
                ).fetchone()
                if rows is not None and rows[0]:
                    break
                await asyncio.sleep(0.02)
            else:
                pytest.fail("the command never waited for the lock")
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        other.rollback()
    assert (await service.act(HERE, BOB, add(2))).accepted
    assert the_log(service) == [3, 2]
    await service.aclose()


@pytest.mark.parametrize("closing", ["aclose", "close"])
async def test_closing_leaves_the_loops_pipeline_mode_cleanly(
    pg_url: str, caplog: pytest.LogCaptureFixture, closing: str
) -> None:
    """psycopg reports a connection closed in pipeline mode as an error it ignored; an
    idle one leaves it first, closed on the loop or not."""
    service = await new_table(pg_url)
    assert (await service.act(HERE, ALICE, add(1))).accepted
    with caplog.at_level(logging.WARNING, logger="psycopg"):
        if closing == "aclose":
            await service.aclose()
        else:
            service.close()
        gc.collect()
        for _ in range(5):  # a pipeline left open is closed by a task the loop makes
            await asyncio.sleep(0)
    assert not [record for record in caplog.records if record.name.startswith("psycopg")]
