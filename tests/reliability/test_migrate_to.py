"""`python -m bot migrate-to URL`: SQLite into an empty PostgreSQL database, verified."""

import asyncio
import os
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.messages import TABLE
from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.store import LiveRow, open_store
from rules.registry import GAMES
from tests import raw

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [Actor(user, f"p{user}") for user in (1, 2, 3)]


async def play(service: GameService, channel: int, kind: str, moves: int) -> None:
    place = Place(channel, 1)
    await service.new_game(place, PLAYERS[0], kind, {})
    for actor in PLAYERS[1:]:
        await service.join(place, actor)
    await service.start(place, PLAYERS[0], None)
    chooser = random.Random(channel)
    for _ in range(moves):
        table = service.table(channel)
        if table is None:
            return
        rules, state = table.rules, table.state
        seat = rules.waiting_on(state)[0]
        legal = [a for a in rules.legal_actions(state, seat) if a.type != "give"]
        action = chooser.choice(legal) if legal else rules.default_action(state, seat)
        actor = PLAYERS[table.user_id(seat) - 1]
        await service.act(place, actor, lambda _t, _s, a=action: a)


def a_played_database(path: Path) -> None:
    """Running games of both kinds, a game played to its end, an aborted one, a lobby,
    live messages and metadata."""
    service = GameService(open_store(path), GAMES, seed=4, presenters=_quiet())

    async def fill() -> None:
        await play(service, 10, "fantasy-business", 40)
        await play(service, 11, "fagins-gang", 25)
        await play(service, 12, "fantasy-business", 10_000)  # to its end
        await play(service, 13, "fagins-gang", 3)
        await service.abort(Place(13, 1), PLAYERS[0])
        await service.new_game(Place(14, 1), PLAYERS[0], "fagins-gang", {})

    asyncio.run(fill())
    store = service.store
    store.set_meta("command_tree_hash", "abc")
    game = store.open_game(10)
    assert game is not None
    live = LiveRow(
        game_id=game.id,
        slot=TABLE,
        user_id=0,
        channel_id=10,
        message_id=99,
        step="auction:1",
        version=game.version,
    )
    store.save_live_message(live)
    assert store.games_with_status("finished"), "the long game did not finish"
    service.close()


def _quiet() -> dict[str, EventPresenter]:
    return dict.fromkeys(GAMES, EventPresenter())


def migrate(source: Path | str, url: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate-to", url],
        cwd=ROOT,
        env={**clean, "PYTHONPATH": str(ROOT), "SMITHFIELD_DB": str(source)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def everything(location: str) -> dict[str, list[dict[str, object]]]:
    store = open_store(location)
    try:
        return {table: list(store.rows(table)) for table in store.data_tables()}
    finally:
        store.close()


def test_migrate_to_copies_everything_and_checks_it(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "smithfield.db"
    a_played_database(source)
    done = migrate(source, pg_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and "every count matches" in done.stdout
    assert "replay to their stored state" in done.stdout
    copied, original = everything(pg_url), everything(str(source))
    assert copied == original
    filled = {table for table, rows in copied.items() if rows}
    assert filled >= {
        "games",
        "seats",
        "actions",
        "live_messages",
        "bot_meta",
        "results",
        "ratings",
    }
    # The bot goes on on PostgreSQL: new games get new ids.
    store = open_store(pg_url)
    now = datetime.now(UTC)
    created = store.create_game(
        channel_id=99, guild_id=1, kind="fagins-gang", host_id=1, options={}, seed=1, now=now
    )
    assert created.id == max(int(str(row["id"])) for row in original["games"]) + 1
    store.close()


def test_migrate_to_refuses_a_database_that_is_not_empty(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "smithfield.db"
    a_played_database(source)
    assert migrate(source, pg_url).returncode == 0
    before = everything(pg_url)
    again = migrate(source, pg_url)
    assert again.returncode == 2 and "Traceback" not in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1
    assert "is not empty" in again.stderr
    assert everything(pg_url) == before


def test_a_log_that_does_not_replay_stops_the_copy_and_leaves_the_target_empty(
    tmp_path: Path, pg_url: str
) -> None:
    source = tmp_path / "smithfield.db"
    a_played_database(source)
    tampered = raw.execute(
        str(source), "UPDATE games SET state = state || ' ' WHERE channel_id = 10"
    )
    assert tampered == 1
    done = migrate(source, pg_url)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "nothing was copied" in done.stderr
    assert all(not rows for rows in everything(pg_url).values())


def test_migrate_to_needs_a_sqlite_source_and_a_postgresql_target(
    tmp_path: Path, pg_url: str
) -> None:
    source = tmp_path / "smithfield.db"
    a_played_database(source)
    for target, words in [
        ("mysql://db/x", "not a postgresql:// URL"),
        (str(tmp_path / "x.db"), "not a postgresql:// URL"),
    ]:
        done = migrate(source, target)
        assert done.returncode == 2 and words in done.stderr, done.stderr
    done = migrate(pg_url, pg_url)
    assert done.returncode == 2 and "copies from a SQLite file" in done.stderr
    done = migrate(tmp_path / "missing.db", pg_url)
    assert done.returncode == 2 and "no database file" in done.stderr
