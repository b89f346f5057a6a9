"""Time the service path for accepted actions against a bare sqlite-utils write.

Both sides run in one process, on one database file with 10,000 stored games, with the
same pragmas (WAL, synchronous=FULL), interleaved sample by sample so that disk and CPU
noise hits both alike. The baseline writes the same bytes the service writes (a game row
upsert plus an action row insert, one commit). Prints p50/p99 per side and, last, the
ratio of the medians.
"""

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.service import Actor, GameService, Place
from bot.store import Store
from rules.registry import GAMES

STORED_GAMES = 10_000
SAMPLES = 400
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def fill(store: Store, count: int) -> None:
    """Many finished and lobby games, as a long-lived server accumulates."""
    state = json.dumps({"filler": "x" * 2000})
    with store.transaction():
        for i in range(count):
            store.conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, status, host_id, options, seed,"
                " state, version, created_at, updated_at) VALUES (1, ?, 'fagins-gang', ?, 1,"
                " '{}', 1, ?, 3, ?, ?)",
                (1_000_000 + i, "finished" if i % 10 else "lobby", state, NOW, NOW),
            )


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def lobby_join_leave(service: GameService) -> Callable[[int], Awaitable[int]]:
    place = Place(42, 1)
    await service.new_game(place, Actor(1, "host"), "fantasy-business", {})
    guest = Actor(2, "guest")

    async def step(i: int) -> int:
        outcome = await (service.join if i % 2 == 0 else service.leave)(place, guest)
        assert outcome.accepted, outcome.reply
        game = service.store.open_game(place.channel_id)
        assert game is not None
        return len(game.state or "") + 200

    return step


async def measure(
    name: str, make: Callable[[GameService], Awaitable[Callable[[int], Awaitable[int]]]]
) -> float:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        fill(store, STORED_GAMES)
        service = GameService(store, GAMES, seed=1)
        step = await make(service)
        raw = store.db.table("raw_games")
        log = store.db.table("raw_actions")
        ours: list[float] = []
        bare: list[float] = []
        for i in range(SAMPLES):
            started = time.perf_counter()
            size = await step(i)
            ours.append(time.perf_counter() - started)
            payload = "y" * size
            started = time.perf_counter()
            with store.transaction():
                raw.upsert({"id": 1, "state": payload, "version": i}, pk="id")
                log.insert({"game_id": 1, "seq": i, "action": '{"type": "pass"}'})
            bare.append(time.perf_counter() - started)
        store.close()
    ms = 1000
    p50o, p99o = statistics.median(ours) * ms, percentile(ours, 0.99) * ms
    p50b, p99b = statistics.median(bare) * ms, percentile(bare, 0.99) * ms
    ratio = p50o / p50b
    print(
        f"{name}: service p50 {p50o:.2f} ms p99 {p99o:.2f} ms | bare sqlite p50 "
        f"{p50b:.2f} ms p99 {p99b:.2f} ms | ratio {ratio:.2f}"
    )
    return ratio


SCENARIOS: dict[str, Callable[[GameService], Awaitable[Callable[[int], Awaitable[int]]]]] = {
    "lobby join/leave": lobby_join_leave,
}


async def main() -> int:
    print(f"{STORED_GAMES} games stored, {SAMPLES} samples per scenario, interleaved")
    ratios = [await measure(name, make) for name, make in SCENARIOS.items()]
    print(f"ratio {max(ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
