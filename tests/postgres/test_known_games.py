"""A command's first read from memory on PostgreSQL (bot.store.pg_known): one round trip a
move when this process wrote the game last, and never a wrong answer when someone else
did — the hold sent with the command fails its transaction, and it runs again on what
the database holds."""

import os
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from bot.service import GameService
from bot.store import open_store, pg_kept
from bot.store import postgres as pg
from tests.fakes import FAKE_GAMES
from tests.reliability.pg_proxy import Proxy
from tests.reliability.test_truthful_commits import (
    ALICE,
    BOB,
    GENERIC,
    PLACES,
    add,
    check_stored,
    proxy,
    started,
)

__all__ = ["proxy"]  # the fixture, used here too


class Waits:
    """How often the store waited for the server (each a round trip)."""

    def __init__(self) -> None:
        self.count = 0


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> Iterator[Waits]:
    counted = Waits()
    sync = psycopg.Pipeline.sync

    def counting(self: psycopg.Pipeline) -> Any:
        counted.count += 1
        return sync(self)

    monkeypatch.setattr(psycopg.Pipeline, "sync", counting)
    yield counted


def service_on(url: str) -> GameService:
    return GameService(open_store(url), FAKE_GAMES, seed=3, presenters=GENERIC)


async def test_a_move_on_a_game_this_process_wrote_last_waits_once(
    pg_url: str, waits: Waits
) -> None:
    service = service_on(pg_url)
    try:
        place = PLACES[0]
        await started(service, place)
        for number, (actor, amount) in enumerate([(ALICE, 2), (BOB, 3), (ALICE, 1)]):
            before = waits.count
            outcome = await service.act(place, actor, add(amount), interaction_id=500 + number)
            assert outcome.accepted, outcome.reply
            assert waits.count - before == 1, "the COMMIT only: no first read, no lookup"
        check_stored(service, place, [2, 3, 1])
    finally:
        await service.aclose()


async def test_a_game_another_process_changed_is_read_again_not_answered_from_memory(
    pg_url: str,
) -> None:
    here, there = service_on(pg_url), service_on(pg_url)
    try:
        place = PLACES[0]
        await started(here, place)
        assert (await here.act(place, ALICE, add(2))).accepted  # remembered here
        assert (await there.act(place, BOB, add(3))).accepted  # now Alice's turn again
        # From memory it would still be Bob's turn; the hold fails, and the move is
        # decided again on what the database holds.
        again = await here.act(place, ALICE, add(1), interaction_id=601)
        assert again.accepted, again.reply
        refused = await here.act(place, ALICE, add(2))
        assert not refused.accepted  # Bob's turn: nothing stored
        check_stored(here, place, [2, 3, 1])
        check_stored(there, place, [2, 3, 1])

        # A seat changed elsewhere without a new version of the game is seen too.
        game = here.store.open_game(place.channel_id)
        assert game is not None
        there.store.update_seat(game.id, 1, locale="de")
        assert (await here.act(place, BOB, add(3))).accepted
        store = here.store
        assert isinstance(store, pg.PostgresStore)
        known = store.known.by_id(game.id)
        assert known is not None and known.seats[1].locale == "de"
        check_stored(here, place, [2, 3, 1, 3])
    finally:
        await here.aclose()
        await there.aclose()


async def test_a_server_that_refuses_the_functions_leaves_plain_first_reads(
    pg_url: str, waits: Waits, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pg, "FUNCTIONS", ("CREATE FUNCTION pg_temp.broken(",))
    service = service_on(pg_url)
    try:
        store = service.store
        assert isinstance(store, pg.PostgresStore) and not store.known.enabled
        place = PLACES[0]
        await started(service, place)
        before = waits.count
        assert (await service.act(place, ALICE, add(2))).accepted
        assert waits.count - before == 2  # its first read, then its COMMIT
        assert (await service.act(place, BOB, add(3))).accepted
        check_stored(service, place, [2, 3])
        assert len(store.known) == 0
    finally:
        await service.aclose()


async def test_a_command_whose_connection_broke_before_the_server_saw_it_runs_again(
    pg_url: str, proxy: Proxy
) -> None:
    """Sent all at once, a command learns only at its COMMIT that its connection broke
    (a server restarting, a network cut). When the database then shows that nothing of
    it was stored, it is not "unknown": it runs once more, on a new connection, and
    counts once."""
    service = GameService(open_store(proxy.url(pg_url)), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        place = PLACES[0]
        await started(service, place)
        assert (await service.act(place, ALICE, add(2))).accepted
        proxy.drop_next_send()
        outcome = await service.act(place, BOB, add(3), interaction_id=700)
        assert proxy.dropped.is_set(), "the proxy cut the connection at the command's send"
        assert outcome.accepted, outcome.reply
        check_stored(service, place, [2, 3])
    finally:
        await service.aclose()


def test_an_idle_connection_is_seen_ended_whatever_its_descriptor_number(pg_url: str) -> None:
    """A long-running process holds many descriptors; a healthy connection numbered past
    select()'s 1024 must not look ended (each command would drop its connection), and an
    ended one must."""
    spare = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            assert conn.fileno() > 1024
            assert not pg_kept.hung_up(conn)
            with psycopg.connect(pg_url, autocommit=True) as admin:
                pid = conn.info.backend_pid
                admin.execute("SELECT pg_terminate_backend(%s, 60000)", (pid,))
            assert pg_kept.hung_up(conn)
    finally:
        for fd in spare:
            os.close(fd)


def test_a_kept_connection_taken_in_the_middle_of_the_migrations_prepares_nothing_either(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server ends the kept connection between two migrations (as a restart would):
    the one taken in its place runs the rest with prepared statements off too, and the
    store's connection prepares again once the migrations are done."""
    calls = {"hung_up": 0}

    def ended_once(conn: psycopg.Connection[Any]) -> bool:
        calls["hung_up"] += 1
        return calls["hung_up"] == 3

    thresholds: list[tuple[int, int | None]] = []
    send = pg_kept.Kept.send

    def recording(self: pg_kept.Kept, query: bytes, params: Any = (), slot: int = 0) -> Any:
        if query.lstrip().upper().startswith((b"CREATE", b"ALTER", b"DROP")):
            thresholds.append((id(self.conn), self.conn.prepare_threshold))
        return send(self, query, params, slot)

    monkeypatch.setattr(pg, "hung_up", ended_once)
    monkeypatch.setattr(pg_kept.Kept, "send", recording)
    store = open_store(pg_url)
    try:
        assert calls["hung_up"] >= 3, "the kept connection was replaced during the migrations"
        assert len({conn for conn, _ in thresholds}) == 2
        assert {threshold for _, threshold in thresholds} == {None}
        kept = store._kept_connection()  # type: ignore[attr-defined]
        assert kept.conn.prepare_threshold == 0
    finally:
        store.close()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """The statements the kept connections send, as sent."""
    queries: list[bytes] = []
    send = pg_kept.Kept.send

    def recording(self: pg_kept.Kept, query: bytes, params: Any = (), slot: int = 0) -> Any:
        queries.append(query)
        return send(self, query, params, slot)

    monkeypatch.setattr(pg_kept.Kept, "send", recording)
    yield queries


async def test_a_move_from_memory_sends_neither_begin_nor_commit_nor_a_reread(
    pg_url: str, sent: list[bytes]
) -> None:
    """Its statements go out before the one Sync, which commits them as one transaction,
    and its UPDATE returns what the store remembers of the game."""
    service = service_on(pg_url)
    try:
        place = PLACES[0]
        await started(service, place)
        sent.clear()
        outcome = await service.act(place, ALICE, add(2), interaction_id=700)
        assert outcome.accepted, outcome.reply
        assert sent and b"BEGIN" not in sent and b"COMMIT" not in sent, sent
        assert not [query for query in sent if b"known_print" in query], "no re-read either"
        check_stored(service, place, [2])
        # What the UPDATE returned is remembered right: the next move is held from it.
        outcome = await service.act(place, BOB, add(3), interaction_id=701)
        assert outcome.accepted, outcome.reply
        assert not [query for query in sent if query.startswith(b"SELECT * FROM")], sent
        check_stored(service, place, [2, 3])
    finally:
        await service.aclose()


async def test_a_command_that_fails_after_writing_from_memory_stores_nothing(
    pg_url: str, sent: list[bytes]
) -> None:
    """The writes went out without a BEGIN; the failure's wait sends one first, so the
    Sync that waits out what was sent does not commit it, and the ROLLBACK undoes it."""
    service = service_on(pg_url)
    try:
        place = PLACES[0]
        await started(service, place)
        store = service.store

        def writes_then_fails(tx: Any) -> Any:
            game = tx.store.open_game(place.channel_id, for_update=True)  # from memory
            tx.store.update_seat(game.id, 0, locale="de")
            raise RuntimeError("the command's own bug")

        sent.clear()
        with pytest.raises(RuntimeError, match="own bug"):
            await service.engine.command(place.channel_id, writes_then_fails)
        game = store.open_game(place.channel_id)
        assert game is not None
        assert store.seats(game.id)[0].locale != "de", "the write was committed"
        assert b"BEGIN" in sent and sent.index(b"BEGIN") > 1, "the hold and write went first"
        outcome = await service.act(place, ALICE, add(2))
        assert outcome.accepted, outcome.reply
        check_stored(service, place, [2])
    finally:
        await service.aclose()


async def test_what_is_remembered_of_a_game_is_what_is_stored_after_every_move(
    pg_url: str,
) -> None:
    """To the finishing move, whose results are recorded after its UPDATE (so that
    UPDATE's returned row is not the last word): the memory equals a fresh read, row,
    seats and the log's last row."""
    service = service_on(pg_url)
    store = service.store
    assert isinstance(store, pg.PostgresStore)
    try:
        place = PLACES[0]
        assert (await service.new_game(place, ALICE, "fagins-gang", {"turns": 6})).accepted
        assert (await service.join(place, BOB)).accepted
        assert (await service.start(place, ALICE, first_user=ALICE.user_id)).accepted
        game = store.open_game(place.channel_id)
        assert game is not None
        for number in range(6):
            actor = (ALICE, BOB)[number % 2]
            outcome = await service.act(place, actor, add(1), interaction_id=800 + number)
            assert outcome.accepted, outcome.reply
            known = store.known.by_id(game.id)
            assert known is not None
            assert known.game == store.game(game.id)
            assert list(known.seats) == store.seats(game.id)
            assert known.last_seq == number + 1
        assert store.game(game.id).status == "finished" and store.game(game.id).recorded
    finally:
        await service.aclose()
