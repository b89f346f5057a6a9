"""The SQLite store: versions, durability across processes, migrations, one game a channel."""

import multiprocessing
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import ChannelBusy, Store, VersionConflict
from bot.store.schema import MIGRATIONS

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def new_game(store: Store, channel: int = 100) -> int:
    game = store.create_game(
        channel_id=channel, guild_id=1, kind="fagins-gang", host_id=5, options={}, seed=1, now=NOW
    )
    return game.id


def test_a_write_based_on_a_stale_version_is_rejected(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    game = store.game(new_game(store))
    store.update_game(game, now=NOW, state='{"a": 1}', status="active")
    with pytest.raises(VersionConflict):
        store.update_game(game, now=NOW, state='{"a": 2}')
    assert store.game(game.id).state == '{"a": 1}'
    assert store.game(game.id).version == 1


def test_a_new_process_on_the_same_file_sees_everything(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    game_id = new_game(store)
    store.add_seat(game_id, 5, "alice", NOW)
    store.update_game(store.game(game_id), now=NOW, state="{}", status="active")
    store.append_action(game_id, user_id=5, seat=0, action={"type": "skip"}, now=NOW)

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        seen = pool.apply(_read_back, (str(path), game_id))
    assert seen == ("active", 1, ["alice"], [{"type": "skip"}])


def _read_back(path: str, game_id: int) -> tuple[str, int, list[str], list[dict[str, str]]]:
    store = Store(path)
    game = store.game(game_id)
    return (
        game.status,
        game.version,
        [seat.display_name for seat in store.seats(game_id)],
        [row.action for row in store.actions(game_id)],
    )


def test_migrations_run_from_empty_and_rerun_as_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = Store(path)
    assert store.schema_version() == max(MIGRATIONS)
    assert store.migrate() == []
    store.close()
    again = Store(path)
    assert again.migrate() == []
    assert again.schema_version() == max(MIGRATIONS)
    tables = set(again.db.table_names())
    assert {"games", "seats", "actions", "bot_meta", "schema_migrations"} <= tables


def test_the_database_itself_allows_one_open_game_per_channel(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    new_game(store)
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute(
            "INSERT INTO games (channel_id, kind, status, host_id, seed, created_at, updated_at)"
            " VALUES (100, 'x', 'active', 1, 1, 'now', 'now')"
        )
    # A finished game does not hold the channel.
    game = store.open_game(100)
    assert game is not None
    store.update_game(game, now=NOW, status="finished")
    new_game(store)


def _race(path: str, barrier: object) -> str:
    store = Store(path)
    barrier.wait()  # type: ignore[attr-defined]
    try:
        new_game(store)
        return "created"
    except ChannelBusy:
        return "busy"


def test_racing_creates_in_separate_processes_give_exactly_one_game(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(4)
        with ctx.Pool(4) as pool:
            results = pool.starmap(_race, [(str(path), barrier)] * 4)
    assert sorted(results) == ["busy", "busy", "busy", "created"]
    assert Store(path).count_games() == 1


def test_lobby_seats_close_gaps_when_someone_leaves(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    game_id = new_game(store)
    for user, name in [(1, "a"), (2, "b"), (3, "c")]:
        store.add_seat(game_id, user, name, NOW)
    store.remove_seat(game_id, 2)
    assert [(s.position, s.display_name) for s in store.seats(game_id)] == [(0, "a"), (1, "c")]
