"""The records' SQL: past games, results and ratings (bot.records)."""

import hashlib
from typing import Any

from bot.store.rows import (
    GameRow,
    RatingRow,
    ResultRow,
    game_row,
)
from bot.store.sql_base import SqlBase, db_value


class RecordQueries(SqlBase):
    """Results and ratings, and the games they come from."""

    # -- records: past games, results and ratings -----------------------------------------

    def past_games(
        self,
        limit: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[GameRow]:
        """Games that started and then finished or were aborted, newest first: in a
        channel, in a server, or with `user_id` seated (any of them that are given)."""
        where = ["games.status IN ('finished', 'aborted')", "games.state IS NOT NULL"]
        params: list[Any] = []
        if channel_id is not None:
            where.append("games.channel_id = ?")
            params.append(channel_id)
        if guild_id is not None:
            where.append("games.guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append(
                "EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = ?)"
            )
            params.append(user_id)
        sql = f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY games.id DESC LIMIT ?"
        return [game_row(row) for row in self._query(sql, [*params, limit])]

    def unrecorded_games(self, limit: int) -> list[GameRow]:
        """Finished games whose results are not recorded yet (finished before records).
        Inside a transaction they are leased (`SKIP LOCKED`): another process recording
        some at the same moment gets the others, so no game is recorded twice."""
        sql = (
            "SELECT * FROM games WHERE status = 'finished' AND recorded = 0 ORDER BY id LIMIT ?"
            + self._lock(skip_locked=True)
        )
        return [game_row(row) for row in self._query(sql, (limit,))]

    def record_results(self, game_id: int, rows: list[ResultRow]) -> None:
        """A finished game's results, and the mark that they are recorded (bookkeeping,
        not a new version of the game: its version and times stay as they ended)."""
        with self.transaction():
            for row in rows:
                columns = row.model_dump()
                names = ", ".join(columns)
                marks = ", ".join("?" for _ in columns)
                self._write(
                    f"INSERT INTO results ({names}) VALUES ({marks})",
                    [db_value(value) for value in columns.values()],
                )
            self._write("UPDATE games SET recorded = 1 WHERE id = ?", (game_id,))
            self._wrote(game_id)

    def results_of_games(self, game_ids: list[int]) -> list[ResultRow]:
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        sql = f"SELECT * FROM results WHERE game_id IN ({marks}) ORDER BY game_id, position"
        return [ResultRow(**row) for row in self._query(sql, game_ids)]

    def results_of_member(self, guild_id: int, user_id: int) -> list[ResultRow]:
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at, game_id"
        )
        return [ResultRow(**row) for row in self._query(sql, (guild_id, user_id))]

    def results_in_order(self, guild_id: int, kind: str) -> list[ResultRow]:
        """A server's results of one game, in the order ratings take them."""
        sql = (
            "SELECT * FROM results WHERE guild_id = ? AND kind = ?"
            " ORDER BY finished_at, game_id, position"
        )
        return [ResultRow(**row) for row in self._query(sql, (guild_id, kind))]

    def results_after(self, guild_id: int, kind: str, finished_at: str, game_id: int) -> bool:
        """Whether some recorded game comes after (finished_at, game_id) in rating order."""
        row = self._one(
            "SELECT 1 AS found FROM results WHERE guild_id = ? AND kind = ? AND (finished_at > ?"
            " OR (finished_at = ? AND game_id > ?)) LIMIT 1",
            (guild_id, kind, finished_at, finished_at, game_id),
        )
        return row is not None

    def lock_ratings(self, guild_id: int, kind: str) -> None:
        """Until the transaction ends, no other process updates this server's ratings of
        this game: ratings are read, then rewritten, and two games finishing at once in two
        processes must not both start from the same ratings."""
        name = f"smithfield ratings {guild_id} {kind}".encode()
        self._advisory_lock(int.from_bytes(hashlib.sha256(name).digest()[:8], "big", signed=True))

    def ratings(self, guild_id: int, kind: str) -> list[RatingRow]:
        sql = "SELECT * FROM ratings WHERE guild_id = ? AND kind = ? ORDER BY user_id"
        return [RatingRow(**row) for row in self._query(sql, (guild_id, kind))]

    def save_ratings(self, rows: list[RatingRow]) -> None:
        with self.transaction():
            for row in rows:
                self._write(
                    "INSERT INTO ratings (guild_id, kind, user_id, display_name, mu, sigma,"
                    " games) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id)"
                    " DO UPDATE SET display_name = excluded.display_name, mu = excluded.mu,"
                    " sigma = excluded.sigma, games = excluded.games",
                    (
                        row.guild_id,
                        row.kind,
                        row.user_id,
                        row.display_name,
                        row.mu,
                        row.sigma,
                        row.games,
                    ),
                )

    def clear_ratings(self, guild_id: int, kind: str) -> None:
        with self.transaction():
            self._write("DELETE FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind))
