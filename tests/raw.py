"""Backend-specific SQL for tests that must go around the store (to prove what the
database itself refuses, or to age a stored deadline): one helper for both backends."""

import sqlite3
from typing import Any

import psycopg

from bot.store import is_url

INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)


def execute(location: str, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one statement on the database at `location` in its own connection and commit;
    `?` placeholders on both backends. Returns the rows changed."""
    if is_url(location):
        with psycopg.connect(location, autocommit=True) as conn:
            return conn.execute(sql.replace("?", "%s"), params).rowcount
    conn = sqlite3.connect(location, isolation_level=None)
    try:
        return conn.execute(sql, params).rowcount
    finally:
        conn.close()
