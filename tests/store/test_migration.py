"""A database written by the bot before records (schema 5, `schema5.db`, made by
`make_schema5_db.py`) migrates with its games intact, and the records commands work on its
old games: their results are recorded on demand, from their final position and log."""

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from simcord.builders import ChannelHandle

from bot.__main__ import main
from bot.replay import replay
from bot.settings import Settings
from bot.store import SqliteStore
from bot.store.schema import MIGRATIONS
from rules.registry import GAMES
from tests.discord.harness import World, public, refused, world

FIXTURE = Path(__file__).with_name("schema5.db")


def raw(path: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    path = tmp_path / "smithfield.db"
    shutil.copyfile(FIXTURE, path)
    return path


GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, host_id, options, seed, state, version,"
    " created_at, updated_at, deadline"
)


def test_the_old_database_migrates_with_its_games_intact(old_db: Path) -> None:
    assert raw(old_db, "SELECT MAX(version) FROM schema_migrations") == [(5,)]
    games = raw(old_db, f"SELECT {GAME_COLUMNS} FROM games ORDER BY id")
    seats = raw(old_db, "SELECT * FROM seats ORDER BY game_id, position")
    log = raw(old_db, "SELECT * FROM actions ORDER BY game_id, seq")
    statuses = [row[4] for row in games]
    assert statuses == ["finished", "finished", "aborted", "active", "lobby"]

    store = SqliteStore(old_db)
    try:
        assert store.schema_version() == max(MIGRATIONS)
        assert raw(old_db, f"SELECT {GAME_COLUMNS} FROM games ORDER BY id") == games
        # Seats keep every column they had; the new `locale` (migration 7) starts empty.
        assert [
            row[: len(seats[0])]
            for row in raw(old_db, "SELECT * FROM seats ORDER BY game_id, position")
        ] == seats
        assert {row[0] for row in raw(old_db, "SELECT locale FROM seats")} == {""}
        # ... and `ai_seed` (migration 9) starts unset: no AI has taken a seat over yet.
        assert {row[0] for row in raw(old_db, "SELECT ai_seed FROM seats")} == {None}
        assert [row[:7] for row in raw(old_db, "SELECT * FROM actions ORDER BY game_id, seq")] == [
            row[:7] for row in log
        ]
        for game in store.games_with_status("finished", "active"):
            assert game.rules_hash is None and not game.recorded
            rows = store.actions(game.id)
            assert all(row.cause is None for row in rows)
            # The old logs still replay to the stored positions.
            rules = GAMES[game.kind]
            state = replay(rules, len(store.seats(game.id)), game.options, game.seed, rows).state
            assert rules.dump_state(state) == game.state
        assert store.migrate() == []  # a second start changes nothing
    finally:
        store.close()


def same_server(w: World, path: Path, second: ChannelHandle) -> None:
    """Put the old games in this world's server, channels and members (the fixture was made
    in a simulated server too; its ids match unless simcord numbers things differently)."""
    guild, channel = raw(path, "SELECT guild_id, channel_id FROM games WHERE id = 1")[0]
    (other,) = raw(path, "SELECT channel_id FROM games WHERE id = 4")[0]
    conn = w.store.conn
    conn.execute("UPDATE games SET guild_id = ? WHERE guild_id = ?", (w.guild.id, guild))
    conn.execute("UPDATE games SET channel_id = ? WHERE channel_id = ?", (w.channel.id, channel))
    conn.execute("UPDATE games SET channel_id = ? WHERE channel_id = ?", (second.id, other))
    moves = []
    for member in w.players:
        name = member.user.name
        old = raw(path, "SELECT DISTINCT user_id FROM seats WHERE display_name = ?", name)
        moves += [(user_id, member.id) for (user_id,) in old]
    # Through a stand-in first: an old id may be a new id of someone else.
    for step in ([(old, -old) for old, _ in moves], [(-old, new) for old, new in moves]):
        for before, after in step:
            conn.execute("UPDATE seats SET user_id = ? WHERE user_id = ?", (after, before))
            conn.execute("UPDATE games SET host_id = ? WHERE host_id = ?", (after, before))
            conn.execute("UPDATE actions SET user_id = ? WHERE user_id = ?", (after, before))


async def test_the_records_commands_work_on_the_old_games(
    old_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(SMITHFIELD_DB=old_db, SMITHFIELD_SEED=7, DISCORD_TOKEN="")
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        second = w.guild.create_text_channel("second-table")
        same_server(w, old_db, second)

        history = await bob.slash(w.channel, "game history")
        text = history.response.content
        assert history.ephemeral and "**#1**" in text and "**#2**" in text and "**#3**" in text
        assert "Fantasy Business · 🏆" in text and "Fagin's Gang · 🏆" in text
        assert "aborted · alice, bob, carol" in text

        # carol let every deadline pass: the old log's bot moves count as missed.
        stats = (await alice.slash(w.channel, "stats", member=carol)).response.content
        assert "**Fantasy Business** — played 1, won 0" in stats
        assert "time to act not measured" in stats and "deadlines missed 0" not in stats
        board = await alice.slash(w.channel, "leaderboard", game="fantasy-business")
        assert all(f"**{name}**" in board.response.content for name in ("alice", "bob", "carol"))

        shown = await bob.slash(w.channel, "game show", game=2)
        assert "Fagin's Gang #2" in shown.response.content and shown.response.embeds
        aborted = await bob.slash(w.channel, "game show", game=3)
        assert "— aborted" in aborted.response.content and aborted.response.embeds
        assert not aborted.response.components  # the table as it was left, without buttons
        assert "is still running" in refused(await bob.slash(w.channel, "game show", game=4))
        assert "is still open" in refused(await bob.slash(w.channel, "game show", game=5))

        exported = await alice.slash(w.channel, "game export", game=1)
        (attachment,) = exported.response.attachments
        path = tmp_path / attachment.filename
        path.write_bytes(await attachment.read())
        assert json.loads(path.read_text())["rules_data"]["sha256"] is None
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "does not say which rules data" in out and "reaches the recorded result" in out

        # The running game plays on where it was left: bob answers alice's auction.
        assert "passes" in public(await bob.slash(second, "pass"))
        assert w.store.game(4).status == "active" and w.store.game(4).version == 5
