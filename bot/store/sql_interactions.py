"""The SQL of the interactions a command was accepted for (see migration 10).

Why: a Discord interaction can reach the bot twice (a retry after an answer was lost, a
replayed gateway event, a double click delivered twice), and a move applied twice is a
move the player never made. The first acceptance records the interaction and what its
actor was told, in the command's own transaction; a second arrival finds it and is told
the same, and changes nothing. The primary key keeps that true across processes.
"""

from datetime import datetime

from bot.store.sql_base import SqlBase


class InteractionQueries(SqlBase):
    """Interactions already accepted, and the answers their actors got."""

    def interaction_answer(self, interaction_id: int, part: str = "") -> str | None:
        """What the actor of an accepted interaction (or of one `part` of it, when it
        makes several commands) was told, or None if none was."""
        row = self._one(
            "SELECT answer FROM interactions WHERE interaction_id = ? AND part = ?",
            (interaction_id, part),
        )
        return None if row is None else str(row["answer"])

    def record_interaction(
        self, interaction_id: int, part: str, channel_id: int, answer: str, now: datetime
    ) -> None:
        """Inside a command's transaction: its interaction (`part`) was accepted. A second
        record of the same breaks the key, and its transaction is rolled back."""
        self._write(
            "INSERT INTO interactions (interaction_id, part, channel_id, answer, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (interaction_id, part, channel_id, answer, now.isoformat()),
        )

    def forget_interactions(self, before: datetime) -> int:
        """Forget interactions accepted before `before` (Discord retries and replays an
        interaction within minutes, never days later); returns how many."""
        with self.transaction():
            return self._execute(
                "DELETE FROM interactions WHERE created_at < ?", (before.isoformat(),)
            )
