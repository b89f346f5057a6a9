"""Shared test setup: settings on a temporary database, on either backend.

`store_location` / `backend_settings` / `new_database` run a test once on SQLite and
once on PostgreSQL; `pg_url` / `pg_settings` on PostgreSQL only. The PostgreSQL server is
a throwaway one (tests/pg_server.py) started once per test session, when the first test
needs it, and stopped at the end; each test gets a fresh database, dropped after it.
Without server binaries those tests are left out and the run says so in one line, unless
SMITHFIELD_REQUIRE_POSTGRES=1 (as CI sets), which makes each of them fail instead.
"""

import contextlib
import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.store.postgres import PostgresStore
from tests.pg_server import REQUIRE_ENV, PgServer, find_bindir, start_server

BACKENDS = ["sqlite", "postgres"]
BACKEND_FIXTURES = ("store_location", "new_database")
LEFT_OUT = pytest.StashKey[int]()


def _needs_postgres(item: pytest.Item) -> bool:
    if "pg_server" in getattr(item, "fixturenames", ()):
        return True
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    return any(params.get(name) == "postgres" for name in BACKEND_FIXTURES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """No server binaries and not required: leave the PostgreSQL tests out (one line in
    the summary says so, instead of a skip line per test)."""
    if find_bindir() is not None or os.environ.get(REQUIRE_ENV) == "1":
        return
    left_out = [item for item in items if _needs_postgres(item)]
    if left_out:
        items[:] = [item for item in items if not _needs_postgres(item)]
        config.hook.pytest_deselected(items=left_out)
        config.stash[LEFT_OUT] = len(left_out)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    left_out = config.stash.get(LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(
            f"PostgreSQL: no server binaries (initdb, pg_ctl) on this machine: {left_out} "
            f"PostgreSQL tests skipped (Debian: apt-get install postgresql; "
            f"{REQUIRE_ENV}=1 requires them)"
        )


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(SMITHFIELD_DB=tmp_path / "smithfield.db", SMITHFIELD_SEED=7, DISCORD_TOKEN="")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server = start_server()
    if server is None:
        missing = "no PostgreSQL server binaries (initdb, pg_ctl) on this machine"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{missing}, but {REQUIRE_ENV}=1 requires the PostgreSQL tests")
        pytest.skip(f"{missing}: the PostgreSQL tests are skipped")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh, empty database on the throwaway server. Stores a test opened and left open
    are closed after it (their pools' threads would otherwise outlive the database)."""
    opened: list[PostgresStore] = []
    real_init = PostgresStore.__init__

    def recording_init(self: PostgresStore, *args: Any, **kwargs: Any) -> None:
        opened.append(self)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(PostgresStore, "__init__", recording_init)
    url = pg_server.database()
    try:
        yield url
    finally:
        for store in opened:
            with contextlib.suppress(Exception):
                store.close()
        pg_server.drop(url)


@pytest.fixture(params=BACKENDS)
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database on each backend: a SQLite file path, then a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "smithfield.db")
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture(params=BACKENDS)
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """Makes as many fresh databases as a test needs, on each backend in turn."""
    if request.param == "sqlite":
        names = itertools.count(1)
        yield lambda: str(tmp_path / f"db-{next(names)}.db")
        return
    server: PgServer = request.getfixturevalue("pg_server")
    made: list[str] = []

    def make() -> str:
        made.append(server.database())
        return made[-1]

    yield make
    for url in made:
        server.drop(url)


@pytest.fixture
def backend_settings(store_location: str) -> Settings:
    """`settings` on each backend in turn."""
    return Settings(SMITHFIELD_DB=store_location, SMITHFIELD_SEED=7, DISCORD_TOKEN="")


@pytest.fixture
def pg_settings(pg_url: str) -> Settings:
    return Settings(SMITHFIELD_DB=pg_url, SMITHFIELD_SEED=7, DISCORD_TOKEN="")
