"""A writing thread's kept PostgreSQL connection: held in pipeline mode between
transactions, with its cursors kept, and the ways it is checked, undone and let go
(bot.store.postgres runs the transactions on it)."""

import contextlib
import select
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.rows import dict_row, tuple_row


@dataclass
class Kept:
    """A writing thread's own connection, what holds it in pipeline mode, and its cursors.

    A cursor is kept for each statement (and slot): psycopg builds a new cursor's
    adapters, and a kept cursor's whenever the statement it runs differs from its last
    one; that costs about as much client time as the rest of sending the statement. Slot
    0 carries statements whose rows nobody reads (writes, locks, BEGIN, COMMIT), with
    rows as plain tuples; slots 1 and up, statements whose rows are read (as dicts), one
    slot for each statement answered together with others. (The connection stays in
    autocommit with BEGIN sent as a statement: psycopg's own BEGIN waits for the server
    in pipeline mode, to learn whether a transaction is open.)"""

    conn: psycopg.Connection[dict[str, Any]]
    pipeline: psycopg.Pipeline
    held: contextlib.ExitStack
    cursors: dict[tuple[bytes, int], psycopg.Cursor[Any]] = field(default_factory=dict)
    begun: bool = False
    """Whether the running transaction has sent its BEGIN (see `wait`)."""

    def wait(self) -> None:
        """Wait for the answers to everything sent so far, inside a transaction that goes
        on. Why BEGIN is sent only here, and only once: the statements a pipeline sends
        before its first wait (a Sync) are one transaction already, which the Sync
        commits; a BEGIN before that Sync makes them the start of a transaction block
        that stays open. So a command that waits only at its end sends neither BEGIN nor
        COMMIT (`commit`), two statements fewer; one that reads on the way sends them as
        before."""
        if not self.begun:
            self.send(b"BEGIN")
            self.begun = True
        self.pipeline.sync()

    def commit(self) -> None:
        """End the transaction and wait for its answer: a COMMIT if a BEGIN went out,
        otherwise the Sync alone, which commits what was sent since the last one."""
        begun, self.begun = self.begun, False
        if begun:
            self.send(b"COMMIT")
        self.pipeline.sync()

    def send(self, query: bytes, params: Sequence[Any] = (), slot: int = 0) -> Any:
        """Send `query` on its cursor (in pipeline mode: answered at the next wait)."""
        cursor = self.cursors.get((query, slot))
        if cursor is None:
            rows = tuple_row if slot == 0 else dict_row
            cursor = self.conn.cursor(row_factory=rows)
            if len(self.cursors) < KEPT_CURSORS:
                self.cursors[query, slot] = self.held.enter_context(cursor)
        return cursor.execute(query, params)


KEPT_CURSORS = 256
"""More statements than the bot has: a bound, not a budget."""


def rows_of(cursor: psycopg.Cursor[dict[str, Any]]) -> list[dict[str, Any]]:
    """An answered statement's rows. Read from the result's status, not `description`
    (which builds a Column object per field on every call): rows came back or they did
    not."""
    result = cursor.pgresult
    return cursor.fetchall() if result is not None and result.nfields else []


def hung_up(conn: psycopg.Connection[Any]) -> bool:
    """Whether the server ended an idle kept connection (a restart, an administrator's
    `pg_terminate_backend`): it says so on the socket before it closes it, and between
    transactions nothing else arrives there, so anything to read means it is over.
    Looked at without a round trip (a poll of the socket), so that a command is not sent
    down a connection already gone, where its COMMIT would fail with no answer."""
    try:
        # poll, not select: a long-running process's descriptors pass select's 1024.
        poller = select.poll()
        poller.register(conn.fileno(), select.POLLIN)
        if not poller.poll(0):
            return False
    except (OSError, ValueError):
        return False  # cannot tell: the COMMIT will
    return True  # an idle connection is sent nothing but its end (it listens to nothing)


def let_go(held: contextlib.ExitStack) -> None:
    """Take a kept connection out of pipeline mode (a broken one cannot say so)."""
    with contextlib.suppress(psycopg.Error):
        held.close()


def roll_back(kept: Kept, *, ended: bool = False) -> None:
    """Undo the transaction: wait out what was sent (after a statement fails, the server
    skips the rest of the batch and the transaction stays aborted), then ROLLBACK. A
    connection that broke meanwhile has ended the transaction on the server already.
    The wait sends the BEGIN if none went out yet, so that it does not commit what was
    sent (see `Kept.wait`); `ended`: the transaction's last wait failed, so the server
    has ended it already (an error answer rolled it back), and nothing more is begun.

    The ROLLBACK is psycopg's own (`rollback()`), not a statement: after one, psycopg
    forgets its prepared statements and deallocates them on the server, and only its own
    rollback does that before the next statement is prepared (sent as a statement in a
    pipeline, the DEALLOCATE ALL went out after the next command's first statements and
    dropped them: "prepared statement … does not exist")."""
    with contextlib.suppress(psycopg.Error):
        if ended:
            kept.pipeline.sync()
        else:
            kept.wait()
    kept.begun = False
    with contextlib.suppress(psycopg.Error):
        kept.conn.rollback()
