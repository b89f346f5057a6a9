"""A database locked by another process freezes nothing: other channels are served while
a write waits, and a write that keeps waiting is refused clearly (❌, not ⚠️) — SQLite's
file lock, and on PostgreSQL a game's row lock."""

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import simcord

from bot.render.generic import EventPresenter
from bot.service import BUSY, UNREACHABLE, Actor, GameService, Place
from bot.settings import Settings
from bot.store import open_store
from tests.discord.harness import refused, world
from tests.fakes import FAKE_GAMES, Add

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
HERE, THERE = Place(10, 1), Place(20, 1)


@contextmanager
def write_lock_held_elsewhere(path: Path | str) -> Iterator[None]:
    """Another process's connection holding the write lock (as a long write would)."""
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def two_tables(path: Path | str, busy_seconds: float) -> GameService:
    store = open_store(path, busy_seconds=busy_seconds)
    generic = dict.fromkeys(FAKE_GAMES, EventPresenter())
    service = GameService(store, FAKE_GAMES, seed=1, presenters=generic)
    for place in (HERE, THERE):
        await service.new_game(place, ALICE, "fagins-gang", {"turns": 9})
        await service.join(place, BOB)
        assert (await service.start(place, ALICE, ALICE.user_id)).accepted
    return service


async def test_while_a_write_waits_for_the_lock_other_channels_are_served(tmp_path: Path) -> None:
    service = await two_tables(tmp_path / "g.db", busy_seconds=1.5)
    with write_lock_held_elsewhere(tmp_path / "g.db"):
        waiting = asyncio.ensure_future(service.act(HERE, ALICE, lambda t, s: Add(amount=1)))
        status = await service.status(THERE, ALICE)  # a read in another channel
        assert status.accepted and not waiting.done()
        outcome = await waiting
    assert not outcome.accepted and outcome.reply is not None
    assert outcome.reply.content == f"❌ {BUSY}"
    game = service.store.open_game(HERE.channel_id)
    assert game is not None and service.store.actions(game.id) == []
    # Once the lock is gone the same move goes through.
    assert (await service.act(HERE, ALICE, lambda t, s: Add(amount=1))).accepted


async def test_a_player_gets_a_clear_refusal_when_the_table_stays_locked(
    settings: Settings,
) -> None:
    quick = settings.model_copy(update={"db_busy_seconds": 0.3})
    async with world(quick, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        await alice.slash(w.channel, "game new", game="fagins-gang")
        await bob.slash(w.channel, "game join")
        await alice.slash(w.channel, "game start", first=alice)
        with write_lock_held_elsewhere(settings.database_path):
            result = await bob.slash(w.channel, "game join")
        assert BUSY in refused(result)
        simcord.assert_no_errors(w.env)


@contextmanager
def game_row_locked_elsewhere(url: str, channel_id: int) -> Iterator[None]:
    """Another process's transaction holding a game's row lock (a command in progress
    there that takes far too long)."""
    with psycopg.connect(url) as other:
        other.execute(
            "SELECT id FROM games WHERE channel_id = %s AND status = 'active' FOR UPDATE",
            (channel_id,),
        )
        try:
            yield
        finally:
            other.rollback()


async def test_on_postgresql_a_game_locked_too_long_is_a_clear_refusal_and_others_go_on(
    pg_url: str,
) -> None:
    service = await two_tables(pg_url, busy_seconds=1.0)
    with game_row_locked_elsewhere(pg_url, HERE.channel_id):
        # The other table is not held up by the lock on this one.
        assert (await service.act(THERE, ALICE, lambda t, s: Add(amount=1))).accepted
        outcome = await service.act(HERE, ALICE, lambda t, s: Add(amount=1))
    assert not outcome.accepted and outcome.reply is not None
    assert outcome.reply.content == f"❌ {BUSY}"
    game = service.store.open_game(HERE.channel_id)
    assert game is not None and service.store.actions(game.id) == []
    assert (await service.act(HERE, ALICE, lambda t, s: Add(amount=1))).accepted
    service.close()


async def test_on_postgresql_a_dropped_writer_connection_costs_one_clear_refusal_at_most(
    pg_url: str,
) -> None:
    """The writer keeps its connection (in pipeline mode) from command to command. When
    the server drops it (a restart, an administrator), the next command is refused as
    unreachable or goes through, never half-done, and the one after runs on a new one."""
    service = await two_tables(pg_url, busy_seconds=1.0)
    assert (await service.act(HERE, ALICE, lambda t, s: Add(amount=1))).accepted
    with psycopg.connect(pg_url, autocommit=True) as admin:
        dropped = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname ="
            " current_database() AND pid <> pg_backend_pid() AND application_name ="
            " 'smithfield' AND query = 'COMMIT'"
        ).fetchall()
    assert dropped, "no connection of the bot was dropped"
    first = await service.act(HERE, BOB, lambda t, s: Add(amount=1))
    assert first.accepted or (first.reply is not None and UNREACHABLE in first.reply.content)
    then = ALICE if first.accepted else BOB
    assert (await service.act(HERE, then, lambda t, s: Add(amount=1))).accepted
    game = service.store.open_game(HERE.channel_id)
    assert game is not None
    expected = 2 + int(first.accepted)
    assert len(service.store.actions(game.id)) == expected
    assert game.version == 2 + expected  # the join and the start, then one per move
    service.close()
