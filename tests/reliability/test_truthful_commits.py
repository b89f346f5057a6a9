"""Told is true under database faults: a move is called accepted only once its
transaction committed, an outcome the bot could not confirm is said to be unknown, and
the same interaction arriving twice is applied once.

The faults are real ones, injected where the database meets the bot: on SQLite a COMMIT
that fails (a connection class whose COMMIT raises what SQLite raises for a failing disk
or a damaged file); on PostgreSQL a COMMIT the server itself refuses (a deferred
constraint trigger, fired at COMMIT), a connection cut after the server committed and
before the bot heard it (a TCP proxy, tests/reliability/pg_proxy.py), and a game row
another connection keeps locked.
"""

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.messages import Outcome
from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.store import open_store
from tests.fakes import FAKE_GAMES, Add
from tests.pg_server import PgServer
from tests.reliability.pg_proxy import Proxy

GENERIC = dict.fromkeys(FAKE_GAMES, EventPresenter())
ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
PLACES = [Place(channel_id=100 + n, guild_id=1) for n in range(3)]


def add(amount: int) -> Any:
    return lambda table, seat: Add(amount=amount)


async def started(service: GameService, place: Place) -> None:
    assert (await service.new_game(place, ALICE, "fagins-gang", {"turns": 9999})).accepted
    assert (await service.join(place, BOB)).accepted
    assert (await service.start(place, ALICE, first_user=ALICE.user_id)).accepted


def said(outcome: Any) -> str:
    return outcome.reply.content if outcome.reply is not None else ""


def check_stored(service: GameService, place: Place, accepted: list[int]) -> None:
    """The log holds exactly the moves answered as accepted (by amount), in order, with
    consecutive positions, and the game's version counts them."""
    game = service.store.open_game(place.channel_id)
    assert game is not None
    log = service.store.actions(game.id)
    assert [row.action["amount"] for row in log] == accepted
    assert [row.seq for row in log] == list(range(1, len(log) + 1))
    assert game.version == 2 + len(log)  # joined, started, then one version a move
    rules = FAKE_GAMES[game.kind]
    assert rules.dump_state(service.replay(game.id)) == game.state


# -- SQLite: a COMMIT that fails ----------------------------------------------------------


class CommitFaults:
    """COMMITs to fail, in order: each raises its error where SQLite would, leaving the
    transaction open as SQLite does after a failed COMMIT. Records how many commands
    (savepoints) the failed transaction held."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, BaseException]] = []
        """(COMMITs to let pass first, the error for the next one)."""
        self.commits = 0
        self.failed: list[int] = []
        self.lock = threading.Lock()

    def fail(self, error: BaseException, *, after: int = 0) -> None:
        with self.lock:
            self.pending.append((self.commits + after, error))

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        faults = self
        connect = sqlite3.connect

        class Faulty(sqlite3.Connection):
            released = 0

            def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
                words = sql.strip().upper()
                if words.startswith("RELEASE SAVEPOINT"):
                    self.released += 1
                if words == "BEGIN IMMEDIATE":
                    self.released = 0
                if words == "COMMIT":
                    with faults.lock:
                        due = faults.pending and faults.pending[0][0] <= faults.commits
                        faults.commits += 1
                        error = faults.pending.pop(0)[1] if due else None
                    if error is not None:
                        faults.failed.append(self.released)
                        raise error
                return super().execute(sql, *args)

        def faulty_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            kwargs.setdefault("factory", Faulty)
            return connect(*args, **kwargs)

        monkeypatch.setattr(sqlite3, "connect", faulty_connect)


COMMIT_ERRORS = [
    pytest.param(sqlite3.OperationalError("disk I/O error"), id="disk-io-error"),
    pytest.param(sqlite3.DatabaseError("database disk image is malformed"), id="malformed"),
]


@pytest.fixture
def commit_faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[CommitFaults]:
    faults = CommitFaults()
    faults.install(monkeypatch)
    yield faults


@contextlib.asynccontextmanager
async def writer_held(service: GameService) -> Any:
    """Keep the SQLite writer busy, so the commands handed over meanwhile queue up and
    then run as one group (one transaction)."""
    entered, gate = threading.Event(), threading.Event()

    def hold() -> None:
        entered.set()
        gate.wait(60)

    held = asyncio.ensure_future(service.call(hold))
    while not entered.is_set():
        await asyncio.sleep(0.01)
    try:
        yield
    finally:
        gate.set()
        await held


@pytest.mark.parametrize("error", COMMIT_ERRORS)
async def test_a_grouped_commit_that_fails_acknowledges_nothing_it_did_not_store(
    tmp_path: Path, commit_faults: CommitFaults, error: BaseException
) -> None:
    service = GameService(open_store(tmp_path / "g.db"), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        for place in PLACES:
            await started(service, place)
        async with writer_held(service):
            moves = [asyncio.ensure_future(service.act(place, ALICE, add(2))) for place in PLACES]
            await asyncio.sleep(0.05)  # all three are handed to the writer
            commit_faults.fail(error)
        outcomes = await asyncio.gather(*moves)
        assert commit_faults.failed == [3], "the three moves shared the failing COMMIT"
        for place, outcome in zip(PLACES, outcomes, strict=True):
            if outcome.accepted:
                check_stored(service, place, [2])
            else:
                assert said(outcome).startswith("❌") and "Nothing changed" in said(outcome)
                check_stored(service, place, [])
        # The connection is not left inside a transaction, and the next move is stored.
        assert not await service.call(lambda: service.store.conn.in_transaction)  # type: ignore[attr-defined]
        later = await service.act(PLACES[0], BOB if outcomes[0].accepted else ALICE, add(3))
        assert later.accepted, said(later)
        check_stored(service, PLACES[0], [2, 3] if outcomes[0].accepted else [3])
    finally:
        await service.aclose()


@pytest.mark.parametrize("error", COMMIT_ERRORS)
async def test_a_lone_commit_that_fails_is_refused_and_the_next_move_is_stored(
    tmp_path: Path, commit_faults: CommitFaults, error: BaseException
) -> None:
    service = GameService(open_store(tmp_path / "g.db"), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        await started(service, PLACES[0])
        commit_faults.fail(error)
        commit_faults.fail(error)  # the retry fails too: the move is refused
        outcome = await service.act(PLACES[0], ALICE, add(2))
        assert not outcome.accepted
        assert said(outcome).startswith("❌") and "Nothing changed" in said(outcome)
        check_stored(service, PLACES[0], [])
        assert not await service.call(lambda: service.store.conn.in_transaction)  # type: ignore[attr-defined]
        assert (await service.act(PLACES[0], ALICE, add(3))).accepted
        check_stored(service, PLACES[0], [3])
    finally:
        await service.aclose()


# -- a burst with one failing COMMIT, on both backends ------------------------------------

PG_FAULT = """
CREATE SEQUENCE commit_faults;
CREATE FUNCTION fail_one_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.game_id = {game} AND NEW.seq = {seq} THEN
        IF nextval('commit_faults') <= 2 THEN
            RAISE EXCEPTION 'injected: the server refused this COMMIT';
        END IF;
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER fail_one_commit AFTER INSERT ON actions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_one_commit();
"""
"""The COMMIT of one move (the given game's log position) fails, and so does its retry."""


async def test_a_burst_with_one_failing_commit_stores_exactly_what_it_acknowledged(
    store_location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30 moves across 3 channels at once (each channel alternating its two players);
    a COMMIT in the middle fails, and so does its retry (on SQLite the COMMIT is a
    group's, whose commands then run alone: the first fails twice more)."""
    sqlite = "://" not in store_location
    faults = CommitFaults()
    if sqlite:
        faults.install(monkeypatch)
    service = GameService(open_store(store_location), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        for place in PLACES:
            await started(service, place)
        if sqlite:
            for _ in range(3):  # the group's, then both tries of its first command alone
                faults.fail(sqlite3.OperationalError("disk I/O error"))
        else:
            middle = service.store.open_game(PLACES[1].channel_id)
            assert middle is not None
            with psycopg.connect(store_location, autocommit=True) as conn:
                conn.execute(PG_FAULT.format(game=middle.id, seq=5))
        moves: list[tuple[Place, int, Any]] = []
        for turn in range(10):
            for n, place in enumerate(PLACES):
                amount = 1 + (turn + n) % 3
                actor = (ALICE, BOB)[turn % 2]
                moves.append((place, amount, service.act(place, actor, add(amount))))
        outcomes = await asyncio.gather(*(move for _, _, move in moves))
        if sqlite:
            assert len(faults.failed) == 3, "the faults fired"
        else:
            with psycopg.connect(store_location, autocommit=True) as conn:
                fired = conn.execute("SELECT last_value FROM commit_faults").fetchone()
            assert fired is not None and fired[0] >= 2, "the fault fired twice"
        for outcome in outcomes:
            assert outcome.accepted or said(outcome).startswith("❌"), said(outcome)
        assert not all(outcome.accepted for outcome in outcomes), "the fault refused a move"
        for place in PLACES:
            accepted = [
                amount
                for (where, amount, _), outcome in zip(moves, outcomes, strict=True)
                if where == place and outcome.accepted
            ]
            check_stored(service, place, accepted)
    finally:
        await service.aclose()


# -- PostgreSQL: an answer lost after the server committed --------------------------------


@pytest.fixture
def proxy(pg_server: PgServer) -> Iterator[Proxy]:
    found = Proxy(pg_server.socket_dir)
    yield found
    found.close()


@pytest.mark.parametrize("seed", [3, None], ids=["seeded", "unseeded"])
async def test_a_commit_whose_answer_is_lost_is_said_unknown_and_a_retry_applies_once(
    pg_url: str, proxy: Proxy, seed: int | None
) -> None:
    service = GameService(open_store(proxy.url(pg_url)), FAKE_GAMES, seed=seed, presenters=GENERIC)
    try:
        place = PLACES[0]
        await started(service, place)
        proxy.drop_next_commit()
        outcome = await service.act(place, ALICE, add(2), interaction_id=4242)
        assert proxy.dropped.is_set(), "the proxy cut the connection at the COMMIT"
        text = said(outcome)
        assert not outcome.accepted
        assert not text.startswith("❌"), "an unknown outcome is not a refusal"
        assert "could not confirm" in text and "/game status" in text, text
        assert "Nothing changed" not in text
        check_stored(service, place, [2])  # the server did commit it
        # The same interaction again (a retry, a replayed event): answered, not applied.
        again = await service.act(place, ALICE, add(2), interaction_id=4242)
        assert again.accepted and not again.public, again
        assert "adds 2" in said(again)
        check_stored(service, place, [2])
        # Other interactions go on as usual on a new connection.
        assert (await service.act(place, BOB, add(3), interaction_id=4243)).accepted
        check_stored(service, place, [2, 3])
    finally:
        await service.aclose()


async def test_the_same_interaction_twice_is_applied_once_on_both_backends(
    store_location: str,
) -> None:
    service = GameService(open_store(store_location), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        place = PLACES[0]
        await started(service, place)
        first, second = await asyncio.gather(
            service.act(place, ALICE, add(2), interaction_id=77),
            service.act(place, ALICE, add(2), interaction_id=77),
        )
        assert first.accepted and second.accepted
        assert first.public and not second.public  # said once, in the channel
        check_stored(service, place, [2])
        # A refused interaction is not remembered: the same id decides afresh later.
        refused = await service.act(place, ALICE, add(1), interaction_id=78)
        assert not refused.accepted
        assert (await service.act(place, BOB, add(1), interaction_id=78)).accepted
        check_stored(service, place, [2, 1])
    finally:
        await service.aclose()


# -- PostgreSQL: a row another process holds delays only its own game ---------------------


@pytest.mark.parametrize("seed", [3, None], ids=["seeded", "unseeded"])
async def test_a_game_locked_elsewhere_does_not_hold_up_another_game(
    pg_url: str, seed: int | None
) -> None:
    store = open_store(pg_url, busy_seconds=60)  # A waits for the row, however slow the host
    service = GameService(store, FAKE_GAMES, seed=seed, presenters=GENERIC)
    try:
        game_a, game_b = PLACES[0], PLACES[1]
        await started(service, game_a)
        await started(service, game_b)
        row = service.store.open_game(game_a.channel_id)
        assert row is not None
        other = psycopg.connect(pg_url)
        try:
            other.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (row.id,))
            move_a = asyncio.ensure_future(service.act(game_a, ALICE, add(2)))
            await asyncio.sleep(0.2)  # A is queued and waits for the row
            move_b = await asyncio.wait_for(service.act(game_b, ALICE, add(3)), 60)
            assert move_b.accepted
            assert not move_a.done(), "A waits for the row the other connection holds"
        finally:
            other.rollback()
            other.close()
        assert (await asyncio.wait_for(move_a, 60)).accepted
        check_stored(service, game_a, [2])
        check_stored(service, game_b, [3])
    finally:
        await service.aclose()


def rename_once(place: Place) -> Any:
    """A command the rules accept however often it comes: each run adds a + to the first
    seat's name, so the name says how often it was applied."""

    def work(tx: Any) -> Outcome:
        game = tx.store.open_game(place.channel_id, for_update=True)
        seat = tx.store.seats(game.id)[0]
        tx.store.update_seat(game.id, 0, display_name=seat.display_name + "+")
        return Outcome.tell("renamed")

    return work


async def test_a_copy_the_rules_would_accept_again_is_applied_once_on_both_backends(
    store_location: str,
) -> None:
    """Copies one after the other, and copies queued together (on SQLite they share one
    transaction, each in its savepoint): each copy breaks the recording's key, keeps
    nothing, and gets the first answer."""
    service = GameService(open_store(store_location), FAKE_GAMES, seed=3, presenters=GENERIC)
    try:
        place = PLACES[0]
        await started(service, place)
        first = await service.command(place.channel_id, rename_once(place), interaction_id=90)
        again = await service.command(place.channel_id, rename_once(place), interaction_id=90)
        together = await asyncio.gather(
            *(
                service.command(place.channel_id, rename_once(place), interaction_id=91)
                for _ in range(3)
            )
        )
        for outcome in (first, again, *together):
            assert outcome.accepted and said(outcome) == "renamed", said(outcome)
        game = service.store.open_game(place.channel_id)
        assert game is not None
        assert service.store.seats(game.id)[0].display_name == "alice++"
    finally:
        await service.aclose()
