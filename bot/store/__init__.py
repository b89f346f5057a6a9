"""Storage for games, seats and the action log: one interface, two backends.

`Store` (bot.store.base) is what the rest of the bot is written against; `SqliteStore`
(a file, the default) and `PostgresStore` (a `postgresql://` URL, for several processes)
implement it with the same schema, migrations and queries (bot.store.schema, .sql).
`open_store` turns the `SMITHFIELD_DB` setting into a checked, migrated store, or raises
`StoreUnusable` with one line that names the database and what to do, so that a bad
database stops the bot at startup instead of failing players' moves later.
"""

import os
import sqlite3
from pathlib import Path

from bot.store.base import Store
from bot.store.errors import (
    ChannelBusy,
    DatabaseBusy,
    DatabaseUnavailable,
    DuplicateInteraction,
    NotSaved,
    OutcomeUnknown,
    StorageFull,
    StoreError,
    StoreUnusable,
    VersionConflict,
)
from bot.store.rows import (
    ActionRow,
    GameRow,
    LiveRow,
    Owed,
    OwedRow,
    RatingRow,
    ResultRow,
    SeatRow,
    Status,
)
from bot.store.sqlite import DEFAULT_BUSY_SECONDS, SqliteStore

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "DatabaseBusy",
    "DatabaseUnavailable",
    "DuplicateInteraction",
    "GameRow",
    "LiveRow",
    "NotSaved",
    "OutcomeUnknown",
    "Owed",
    "OwedRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SqliteStore",
    "Status",
    "StorageFull",
    "Store",
    "StoreError",
    "StoreUnusable",
    "VersionConflict",
    "is_url",
    "open_store",
]

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_url(location: str | Path) -> bool:
    """A `scheme://…` setting rather than a file path."""
    return "://" in str(location)


def open_store(location: str | Path, *, busy_seconds: float = DEFAULT_BUSY_SECONDS) -> Store:
    """Open the configured database after checking it can be used: a `postgresql://` (or
    `postgres://`) URL is a PostgreSQL server, any other URL is refused in one line, and
    anything else is a SQLite file path."""
    text = str(location)
    if is_url(text):
        scheme, rest = text.split("://", 1)
        if scheme.lower() in POSTGRES_SCHEMES:
            from bot.store.postgres import open_postgres

            return open_postgres(text, busy_seconds=busy_seconds)
        shown = f"{scheme}://{rest.rsplit('@', 1)[-1]}"  # never print a password
        raise StoreUnusable(
            f"SMITHFIELD_DB={shown} is a {scheme}:// URL, which this bot does not support; "
            "set it to a file path for SQLite (e.g. data/smithfield.db) or a postgresql:// URL."
        )
    path = Path(location)
    check_sqlite_file(path)
    return SqliteStore(path, busy_seconds=busy_seconds)


def check_sqlite_file(path: Path) -> None:
    """Refuse what would fail later: a folder, a file that is not (or no longer) a SQLite
    database, a file this user may not write."""
    if path.is_dir():
        raise StoreUnusable(
            f"{path} is a folder, not a database file; set SMITHFIELD_DB to a file path "
            "such as data/smithfield.db."
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreUnusable(
            f"cannot create the folder {path.parent} for the database ({error.strerror})."
        ) from error
    if path.exists() and not os.access(path, os.R_OK):
        raise StoreUnusable(f"{path} cannot be read by this user; check its permissions.")
    unwritable = [
        str(part)
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
        if part.exists() and not os.access(part, os.W_OK)
    ]
    if not os.access(path.parent, os.W_OK):
        unwritable.append(f"its folder {path.parent}")
    if unwritable:
        raise StoreUnusable(
            f"{path} cannot be written by this user ({', '.join(unwritable)} read-only); "
            "the bot needs write access to the file, its -wal and -shm files and their folder."
        )
    try:
        conn = sqlite3.connect(str(path), isolation_level=None)
    except sqlite3.Error as error:
        raise StoreUnusable(f"cannot open {path} as a database ({error}).") from error
    try:
        _check_contents(conn, path)
        _check_writable(conn, path)
    finally:
        conn.close()


def _check_contents(conn: sqlite3.Connection, path: Path) -> None:
    damaged = (
        f"{path} is not a Smithfield database or it is damaged ({{problem}}). Restore it from "
        "a backup (`python -m bot backup` makes them), or move it away to start with an "
        "empty database."
    )
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        raise StoreUnusable(damaged.format(problem=error)) from error
    problems = [" ".join(str(row[0]).split()) for row in rows if row[0] != "ok"]
    if problems:  # SQLite's report may span lines: the operator reads one
        raise StoreUnusable(damaged.format(problem=problems[0][:200]))


def _check_writable(conn: sqlite3.Connection, path: Path) -> None:
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE smithfield_write_check (x INTEGER)")
        conn.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        text = str(error)
        if "locked" in text or "busy" in text:
            return  # another process is writing to it: the file itself is writable
        raise StoreUnusable(
            f"{path} cannot be written ({text}); the bot needs write access to the file, "
            "to its -wal and -shm files and to their folder."
        ) from error
