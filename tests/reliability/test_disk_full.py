"""A full disk is a clear refusal, not an "unexpected error": the player reads that the
bot's storage is full and nothing changed, the operator gets a log line saying so, and
every move saved before is still there.

SQLite's `max_page_count` caps the database file the way a full disk does: the write
that needs one more page fails with the very error a full disk gives ("database or disk
is full", SQLITE_FULL), so the game really is played into a full database here.
"""

import logging
import sqlite3
from pathlib import Path

import psycopg
import pytest
from psycopg import errors

from bot.render.generic import EventPresenter
from bot.service import FULL, Actor, GameService, Place
from bot.store import SqliteStore, StorageFull
from bot.store.postgres import _translate
from tests.fakes import FAKE_GAMES, Add

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
HERE = Place(10, 1)


class FillingStore(SqliteStore):
    """A store whose database can be declared full: no page beyond those it has now."""

    full = False

    def _connect(self) -> sqlite3.Connection:
        conn = super()._connect()
        if self.full:
            self._cap(conn)
        return conn

    @staticmethod
    def _cap(conn: sqlite3.Connection) -> None:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")

    def fill(self) -> None:
        self.full = True
        for conn in list(self._connections):
            self._cap(conn)


async def started(store: SqliteStore) -> GameService:
    generic = dict.fromkeys(FAKE_GAMES, EventPresenter())
    service = GameService(store, FAKE_GAMES, seed=1, presenters=generic)
    await service.new_game(HERE, ALICE, "fagins-gang", {"turns": 9999})
    await service.join(HERE, BOB)
    assert (await service.start(HERE, ALICE, ALICE.user_id)).accepted
    return service


async def test_moves_into_a_full_database_are_refused_clearly_and_nothing_is_lost(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = FillingStore(tmp_path / "g.db")
    service = await started(store)
    store.fill()
    accepted = 0
    refusal = None
    with caplog.at_level(logging.ERROR, logger="bot.service"):
        # The pages the database has still hold a few small rows; then it is full.
        for turn in range(500):
            player = (ALICE, BOB)[turn % 2]
            outcome = await service.act(HERE, player, lambda t, s: Add(amount=1))
            if not outcome.accepted:
                refusal = outcome
                break
            accepted += 1
    assert refusal is not None, "the capped database never filled up"
    assert refusal.reply is not None and refusal.reply.content == f"❌ {FULL}"
    assert any("storage is full" in record.getMessage() for record in caplog.records)
    # Every move acknowledged before is stored, and the refused one is not.
    game = store.open_game(HERE.channel_id)
    assert game is not None and len(store.actions(game.id)) == accepted
    # Reads go on, and once there is room again the same move goes through.
    assert (await service.status(HERE, ALICE)).accepted
    store.full = False
    for conn in list(store._connections):
        conn.execute("PRAGMA max_page_count = 1073741823")
    assert (await service.act(HERE, player, lambda t, s: Add(amount=1))).accepted
    assert len(store.actions(game.id)) == accepted + 1
    service.close()


def test_the_sqlite_store_names_a_full_disk_as_such(tmp_path: Path) -> None:
    store = FillingStore(tmp_path / "g.db")
    store.fill()
    with pytest.raises(StorageFull), store.transaction():
        store.conn.execute("CREATE TABLE filler (x BLOB)")
        for _ in range(50):
            store._execute("INSERT INTO filler VALUES (zeroblob(4096))")
    # Rolled back: the database is as it was and still usable.
    assert "filler" not in store._table_names()
    store.close()


def test_postgresql_disk_full_is_the_same_refusal() -> None:
    """SQLSTATE 53100 (`DiskFull`) is an OperationalError in psycopg; it must not be
    mistaken for an unreachable server."""
    mapped = _translate(errors.DiskFull("could not extend file: No space left on device"))
    assert isinstance(mapped, StorageFull)
    assert not isinstance(_translate(psycopg.OperationalError("gone")), StorageFull)
