"""The SQL of the outbox: what committed commands owe Discord (see migration 11).

Why a table: what a command owes Discord (its public lines, the new state of the live
table message, DMs) is written in the command's own transaction, so nothing is owed
that did not commit and nothing committed is forgotten by a crash or a restart; the
courier (bot.edge.courier) delivers the rows in order and deletes them once Discord has
them. Each process delivers the rows it owns, and adopts those a stopped one left.
"""

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from bot.store.rows import Owed, OwedRow, owed_row
from bot.store.sql_base import SqlBase

COLUMNS = "destination, kind, channel_id, user_id, game_id, body, owner, created_at, held_until"


class OutboxQueries(SqlBase):
    """The outbox's rows: owed, taken, postponed, delivered."""

    def owe(
        self,
        owed: Sequence[Owed],
        *,
        owner: str,
        now: datetime,
        held_until: datetime | None = None,
        then: Callable[[list[int]], None] | None = None,
    ) -> None:
        """Inside a command's transaction: what it owes, in order. `held_until`: the
        first row is kept back until then for the interaction's answer; `then` gets the
        rows' ids once the transaction committed (PostgreSQL sends this with the COMMIT)."""
        if not owed:
            if then is not None:
                then([])
            return
        marks = ", ".join("(?, ?, ?, ?, ?, ?, ?, ?, ?)" for _ in owed)
        params: list[Any] = []
        for index, row in enumerate(owed):
            hold = held_until.isoformat() if held_until is not None and index == 0 else None
            params += [
                row.destination,
                row.kind,
                row.channel_id,
                row.user_id,
                row.game_id,
                json.dumps(row.body),
                owner,
                now.isoformat(),
                hold,
            ]
        sql = f"INSERT INTO outbox ({COLUMNS}) VALUES {marks} RETURNING id"
        with self.transaction():
            if then is None:
                self._write(sql, params)
            else:
                self._with_commit(sql, params, lambda rows: then(sorted(r["id"] for r in rows)))

    def destinations(self, owner: str) -> list[str]:
        """The destinations this process owes something."""
        rows = self._query("SELECT DISTINCT destination FROM outbox WHERE owner = ?", (owner,))
        return [str(row["destination"]) for row in rows]

    def owed(self, owner: str, destination: str, limit: int = 200) -> list[OwedRow]:
        """The oldest rows this process owes one destination, in order."""
        rows = self._query(
            "SELECT * FROM outbox WHERE owner = ? AND destination = ? ORDER BY id LIMIT ?",
            (owner, destination, limit),
        )
        return [owed_row(row) for row in rows]

    def adopt_owed(self, owner: str, before: datetime) -> int:
        """Take over the rows other processes wrote before `before` and have not
        delivered (they stopped, or fell far behind); returns how many."""
        with self.transaction():
            return self._execute(
                "UPDATE outbox SET owner = ? WHERE owner <> ? AND created_at < ?",
                (owner, owner, before.isoformat()),
            )

    def delivered(self, ids: Sequence[int]) -> None:
        """Discord has these: forget them."""
        if not ids:
            return
        marks = ", ".join("?" for _ in ids)
        with self.transaction():
            self._write(f"DELETE FROM outbox WHERE id IN ({marks})", list(ids))

    def release(self, row_id: int) -> None:
        """The interaction's answer did not carry the row: the courier sends it now."""
        with self.transaction():
            self._write("UPDATE outbox SET held_until = NULL WHERE id = ?", (row_id,))

    def postpone(self, ids: Sequence[int], due: datetime) -> None:
        """Not before `due` (Discord asked to wait, or failed): one more try counted."""
        if not ids:
            return
        marks = ", ".join("?" for _ in ids)
        with self.transaction():
            self._write(
                f"UPDATE outbox SET due_at = ?, tries = tries + 1 WHERE id IN ({marks})",
                [due.isoformat(), *ids],
            )

    def batched(self, ids: Sequence[int], batch: int) -> None:
        """These lines go out together as one message, whose nonce is `batch`: a retry
        sends the same message again, which Discord recognises and does not post twice."""
        marks = ", ".join("?" for _ in ids)
        with self.transaction():
            self._write(f"UPDATE outbox SET batch = ? WHERE id IN ({marks})", [batch, *ids])

    def reowe(self, row_id: int, owed: Owed) -> None:
        """Replace a row by what is owed instead (a DM that cannot be delivered becomes
        a note in the game's channel), keeping its place in the queue."""
        with self.transaction():
            self._write(
                "UPDATE outbox SET destination = ?, kind = ?, channel_id = ?, user_id = ?,"
                " body = ?, held_until = NULL, batch = NULL WHERE id = ?",
                (
                    owed.destination,
                    owed.kind,
                    owed.channel_id,
                    owed.user_id,
                    json.dumps(owed.body),
                    row_id,
                ),
            )
