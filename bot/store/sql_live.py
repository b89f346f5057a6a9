"""The SQL of what is kept beside the games: messages kept up to date, the bot's metadata."""

from bot.store.rows import (
    LiveRow,
)
from bot.store.sql_base import SqlBase


class LiveQueries(SqlBase):
    """Live messages (bot.edge.live) and the bot's own key-value metadata."""

    # -- messages kept up to date ---------------------------------------------------------

    def live_message(self, game_id: int, slot: str, user_id: int = 0) -> LiveRow | None:
        row = self._one(
            "SELECT * FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
            (game_id, slot, user_id),
        )
        return None if row is None else LiveRow(**row)

    def save_live_message(self, row: LiveRow) -> None:
        with self.transaction():
            self._write(
                "INSERT INTO live_messages (game_id, slot, user_id, channel_id, message_id,"
                " step, version) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, slot,"
                " user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id ="
                " excluded.message_id, step = excluded.step, version = excluded.version"
                " WHERE live_messages.version <= excluded.version",
                (
                    row.game_id,
                    row.slot,
                    row.user_id,
                    row.channel_id,
                    row.message_id,
                    row.step,
                    row.version,
                ),
            )

    def live_messages_of(self, game_id: int) -> list[LiveRow]:
        """Every message kept up to date for a game (its table message, players' DMs)."""
        rows = self._query(
            "SELECT * FROM live_messages WHERE game_id = ? ORDER BY slot, user_id", (game_id,)
        )
        return [LiveRow(**row) for row in rows]

    def live_message_at(self, channel_id: int, message_id: int) -> LiveRow | None:
        """The live message that is Discord's message `message_id`, if one is."""
        row = self._one(
            "SELECT * FROM live_messages WHERE channel_id = ? AND message_id = ?",
            (channel_id, message_id),
        )
        return None if row is None else LiveRow(**row)

    def forget_live_message(self, game_id: int, slot: str, user_id: int = 0) -> None:
        with self.transaction():
            self._write(
                "DELETE FROM live_messages WHERE game_id = ? AND slot = ? AND user_id = ?",
                (game_id, slot, user_id),
            )

    # -- bot metadata ---------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        value = self._scalar("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._write(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
