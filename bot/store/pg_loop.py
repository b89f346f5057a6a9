"""PostgreSQL transactions run on the event loop: a command's work, with no thread.

Why: handing a command to the writer thread and back costs two thread wake-ups, and the
work then runs on a core whose caches hold nothing of it; on PostgreSQL (where a
command also waits for the server twice) that was a third of a move's time. Yet the
work is plain, synchronous code written against the store, and the event loop must
never wait for the database. So the work runs as a script of statements:

- it runs on the event loop until it needs an answer from the server (a read, a count
  of changed rows); that statement and everything it wrote before it are sent, in one
  pipeline, and the loop serves other channels while the server answers;
- then the work runs again from the start, and every statement it already sent is
  answered from what the server said (a statement that differs from the one sent, or
  one left out, means the work is not the same any more: the transaction is rolled back
  and the work runs in the writer thread instead, `NeedsThread`);
- once it returns, what it wrote since its last answer goes out with the COMMIT.

A move sends its locked read once and its writes with the commit: two round trips, as
in the writer thread, and its Python runs twice only up to its first read. Work that
needs a statement the script cannot send (a bulk insert, a savepoint) runs in the
writer thread. Work already re-runs whole on a lost race, so it is written to be run
again. The pause is an exception (`_Suspend`) that is not an `Exception`, so no
`except Exception` in the work can swallow it, and why the work cannot stay on the loop
is kept in the script, where the work cannot lose it.
"""

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import psycopg
from psycopg.rows import dict_row

from bot.store.errors import DatabaseUnavailable, NeedsThread

T = TypeVar("T")

Rows = list[dict[str, Any]]
Said = tuple[str, tuple[Any, ...]]
"""A statement as sent: its SQL (with psycopg's placeholders) and its parameters."""
Then = Callable[[Rows], None]

CONNECT_SECONDS = 10
MOST_RUNS = 8
"""Runs of one work before it is handed to the writer thread: each run after the first
follows one more answer, and a work that asks for more one by one is not a command's."""


class _Suspend(BaseException):
    """The work needs answers the server has not given yet (see the module docstring)."""


class Script:
    """One transaction's statements: those sent, with their answers, and those the
    current run of the work added since."""

    def __init__(self) -> None:
        self.sent: list[Said] = []
        self.answers: list[tuple[Rows, int] | None] = []
        self.at = 0
        self.new: list[tuple[Said, bool]] = []
        self.ending: list[tuple[Said, Then]] = []
        self.waiting = False
        self.unfit: str | None = None
        """Why the work must run in the writer thread instead, once it is known."""

    def rewind(self) -> None:
        self.at, self.new, self.ending, self.waiting = 0, [], [], False

    def refuse(self, why: str) -> NoReturn:
        """Stop the work: it cannot run on the loop (see `unfit`)."""
        self.unfit = self.unfit or why
        raise _Suspend

    def check(self, *, ended: bool) -> None:
        """After a run: raise `NeedsThread` if the work turned out unfit, or if it ended
        without saying everything it sent on its earlier runs, or without an answer it
        asked for (it caught the pause)."""
        if self.unfit is None and ended and (self.waiting or self.at < len(self.sent)):
            self.unfit = "the work ended without what it sent or asked for"
        if self.unfit is not None:
            raise NeedsThread(self.unfit)

    def say(self, sql: str, params: Sequence[Any], *, answer: bool) -> tuple[Rows, int] | None:
        """The answer to a statement, if the server gave it; otherwise the statement is
        queued and, when it wants an answer, marked for the wait (`ask` raises)."""
        said = (sql, tuple(params))
        if not self.new and self.at < len(self.sent):
            if self.sent[self.at] != said:
                self.refuse("the work asked something else on its run again")
            found = self.answers[self.at]
            self.at += 1
            return found
        self.new.append((said, answer))
        self.waiting = self.waiting or answer
        return None

    def ask(self) -> None:
        """Pause the run when a statement it queued wants an answer."""
        if self.waiting:
            raise _Suspend


@dataclass
class _Held:
    loop: asyncio.AbstractEventLoop
    conn: psycopg.AsyncConnection[Any]
    pipeline: psycopg.AsyncPipeline
    in_pipeline: contextlib.AsyncExitStack
    """What holds the connection in pipeline mode until it is closed."""


class LoopConnection:
    """The event loop's own connection for its transactions, kept in pipeline mode (as
    the writer thread's is), made again on the loop that asks when it broke or the loop
    changed."""

    def __init__(self, url: str, lock_milliseconds: int) -> None:
        self.url = url
        self.lock_milliseconds = lock_milliseconds
        self._held: _Held | None = None

    async def get(self) -> tuple[psycopg.AsyncConnection[Any], psycopg.AsyncPipeline]:
        loop = asyncio.get_running_loop()
        held = self._held
        if held is not None and (held.loop is not loop or held.conn.closed or held.conn.broken):
            self.close()
            held = None
        if held is None:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url,
                    autocommit=True,
                    row_factory=dict_row,
                    prepare_threshold=0,
                    connect_timeout=CONNECT_SECONDS,
                )
            except psycopg.OperationalError as error:
                raise DatabaseUnavailable(str(error)) from error
            try:
                await conn.execute(f"SET lock_timeout = {self.lock_milliseconds}")
                await conn.execute("SET application_name = 'smithfield'")
                in_pipeline = contextlib.AsyncExitStack()
                pipeline = await in_pipeline.enter_async_context(conn.pipeline())
            except psycopg.OperationalError as error:
                await conn.close()
                raise DatabaseUnavailable(str(error)) from error
            held = self._held = _Held(loop, conn, pipeline, in_pipeline)
        return held.conn, held.pipeline

    async def aclose(self) -> None:
        """Leave pipeline mode and close, on the loop that holds the connection."""
        held = self._held
        if held is None or held.loop is not asyncio.get_running_loop():
            self.close()
            return
        self._held = None
        with contextlib.suppress(psycopg.Error):
            await held.in_pipeline.aclose()
        await held.conn.close()

    def close(self) -> None:
        """Close the connection from any thread, with or without a running loop (a
        command still running on it is cut off; `aclose` waits for it). The socket goes
        first, so psycopg's exit from pipeline mode finds nothing to send and ends at
        once, instead of being left to the garbage collector, which reports it as an
        error ignored."""
        held, self._held = self._held, None
        if held is None:
            return
        with contextlib.suppress(psycopg.Error):
            held.conn.pgconn.finish()
        leaving = held.in_pipeline.aclose()
        try:
            leaving.send(None)
        except (StopIteration, psycopg.Error):
            pass
        else:  # it waits for the command running on the connection: leave it
            leaving.close()


async def run_script(
    connection: LoopConnection,
    run: Callable[[Script], T],
    translate: Callable[[psycopg.Error], Exception],
) -> T:
    """Run `run` (the work, under a script) as one transaction on the event loop (see the
    module docstring). Raises the store's refusals as the writer thread would, and
    `NeedsThread` (with the transaction rolled back) for work that must run there."""
    conn, pipeline = await connection.get()
    script = Script()
    begun = False
    try:
        for _ in range(MOST_RUNS):
            script.rewind()
            try:
                result = run(script)
            except _Suspend:
                script.check(ended=False)
            else:
                script.check(ended=True)
                ending = [said for said, _ in script.ending]
                await _send(conn, [said for said, _ in script.new], begin=not begun)
                begun = True
                endings = await _send(conn, ending, begin=False)
                await conn.execute("COMMIT")
                await pipeline.sync()
                for cursor, (_, then) in zip(endings, script.ending, strict=True):
                    then(await _rows(cursor))
                return result
            cursors = await _send(conn, [said for said, _ in script.new], begin=not begun)
            begun = True
            await pipeline.sync()
            for cursor, (said, answer) in zip(cursors, script.new, strict=True):
                script.sent.append(said)
                script.answers.append((await _rows(cursor), cursor.rowcount) if answer else None)
        raise NeedsThread(f"the work still asked for answers after {MOST_RUNS} runs")
    except psycopg.Error as error:
        await _roll_back(conn, pipeline, begun)
        raise translate(error) from error
    except BaseException:
        await _roll_back(conn, pipeline, begun)
        raise


async def _send(
    conn: psycopg.AsyncConnection[Any], statements: list[Said], *, begin: bool
) -> list[psycopg.AsyncCursor[Any]]:
    if begin:
        await conn.execute("BEGIN")
    return [await conn.execute(sql, params) for sql, params in statements]


async def _rows(cursor: psycopg.AsyncCursor[Any]) -> Rows:
    """An answered statement's rows (see bot.store.postgres._rows)."""
    result = cursor.pgresult
    return await cursor.fetchall() if result is not None and result.nfields else []


async def _roll_back(
    conn: psycopg.AsyncConnection[Any], pipeline: psycopg.AsyncPipeline, begun: bool
) -> None:
    """Undo the transaction (see bot.store.postgres._roll_back); a broken connection has
    ended it on the server already, and is made again for the next command."""
    if not begun or conn.closed or conn.broken:
        return
    with contextlib.suppress(psycopg.Error):
        await pipeline.sync()
    with contextlib.suppress(psycopg.Error):
        await conn.rollback()
