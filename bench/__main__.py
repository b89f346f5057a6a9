"""Time the service path for accepted actions against a bare sqlite-utils write.

Both sides run in one process, on one database file with 10,000 stored games, with the
same pragmas (WAL, synchronous=FULL), interleaved sample by sample so that disk and CPU
noise hits both alike. The baseline writes the same bytes the service writes (a game row
upsert plus an action row insert, one commit). Prints p50/p99 per side and, last, the
ratio of the medians.
"""

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from bench import faults, sandbox
from bot.service import Actor, GameService, Place
from bot.store import Store
from rules.registry import GAMES

STORED_GAMES = 10_000
SAMPLES = 400
NOW = datetime(2026, 1, 1, tzinfo=UTC)


Act = Callable[[], Awaitable[int]]
Scenario = Callable[["GameService"], Awaitable[Callable[[int], Awaitable[Act]]]]


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


async def lobby_join_leave(service: GameService) -> Callable[[int], Awaitable[Act]]:
    place = Place(42, 1)
    await service.new_game(place, Actor(1, "host"), "fantasy-business", {})
    guest = Actor(2, "guest")

    async def step(i: int) -> Act:
        async def act() -> int:
            outcome = await (service.join if i % 2 == 0 else service.leave)(place, guest)
            assert outcome.accepted, outcome.reply
            return 400

        return act

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
            act = await step(i)  # choosing the move is the players' work, not timed
            started = time.perf_counter()
            size = await act()
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


def game_actions(kind: str, players: int) -> Scenario:
    """A real game played by a seeded policy: mostly legal moves, some defaults."""

    async def make(service: GameService) -> Callable[[int], Awaitable[Act]]:
        chooser = random.Random(5)
        games = {"count": 0}

        async def begin() -> None:
            games["count"] += 1
            place = Place(9000 + games["count"], 1)
            host = Actor(1, "p1")
            await service.new_game(place, host, kind, {})
            for user in range(2, players + 1):
                await service.join(place, Actor(user, f"p{user}"))
            await service.start(place, host, None)
            games["place"] = place  # type: ignore[assignment]

        await begin()

        async def step(i: int) -> Act:
            place = games["place"]
            assert isinstance(place, Place)
            table = service.table(place.channel_id)
            if table is None:
                await begin()
                return await step(i)
            rules, state = table.rules, table.state
            seat = rules.waiting_on(state)[0]
            moves = [a for a in rules.legal_actions(state, seat) if a.type != "give"]
            action = chooser.choice(moves) if moves and chooser.random() < 0.8 else None
            action = action or rules.default_action(state, seat)
            actor = Actor(table.user_id(seat), table.name(seat))

            async def act() -> int:
                outcome = await service.act(place, actor, lambda _s, _seat: action)
                assert outcome.accepted, outcome.reply
                return len(table.game.state or "") + 200

            return act

        return step

    return make


SCENARIOS: dict[str, Scenario] = {
    "lobby join/leave": lobby_join_leave,
    "Fantasy Business, 5 players": game_actions("fantasy-business", 5),
    "Fagin's Gang, 4 players": game_actions("fagins-gang", 4),
}


RANDOM_GAME_SECONDS = 5.0


def random_games_per_minute(kind: str, players: int, options: dict[str, int]) -> None:
    """Whole random games in the rules core alone: legal moves, apply, until the end."""
    rules = GAMES[kind]
    started = time.perf_counter()
    games = moves = 0
    while time.perf_counter() - started < RANDOM_GAME_SECONDS:
        chooser = random.Random(games)
        state, _ = rules.setup(players, rules.validate_options(options), games, None)
        while rules.outcome(state) is None:
            seat = rules.waiting_on(state)[0]
            legal = [a for a in rules.legal_actions(state, seat) if a.type != "give"]
            state, _ = rules.apply(state, seat, chooser.choice(legal))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - started
    print(
        f"rules core, {rules.title}, {players} players: {games / elapsed * 60:.0f} random "
        f"games/minute on one core ({moves / games:.0f} moves a game)"
    )


async def service_path() -> float:
    random_games_per_minute("fantasy-business", 5, {})
    random_games_per_minute("fagins-gang", 4, {"round_limit": 20})
    print(f"{STORED_GAMES} games stored, {SAMPLES} samples per scenario, interleaved")
    ratios = [await measure(name, make) for name, make in SCENARIOS.items()]
    return max(ratios)


def main(parts: list[str]) -> int:
    """`python -m bench [service] [faults] [sandbox]`: the named parts, or all of them."""
    known = ("service", "faults", "sandbox")
    wanted = parts or list(known)
    unknown = [part for part in wanted if part not in known]
    if unknown:
        print(f"unknown bench part(s): {', '.join(unknown)}; choose from {', '.join(known)}")
        return 2
    ratio = None
    if "faults" in wanted:
        faults.main()
    if "sandbox" in wanted:
        sandbox.main()
    if "service" in wanted:
        ratio = asyncio.run(service_path())
    if ratio is not None:
        print(f"ratio {ratio:.2f}")  # the last line, as the README promises
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
