"""A fault run: random kills, simultaneous bursts and a long fuzz, with the figures.

`python -m bench faults` (part of `make bench`). The test suite runs small versions of
each (tests/service/test_crash.py, tests/reliability/); this runs them long enough to
trust, and prints what it found:
- kills: a worker plays whole games through the service and is SIGKILLed at a random
  acknowledgement; every acknowledged action must be in the log and the log must replay
  to the stored state.
- bursts: every seat of several games sends its moves at once, many times over; the
  service's one writer must serialise them exactly (consecutive versions, one log row per
  accepted move, replay equals the stored state).
- fuzz: the hostile-command fuzz test with many more examples; any ⚠️ fails it.
- PostgreSQL (when the machine has the server binaries; a throwaway server): three
  processes acting on the same 50 games, three schedulers on 200 due defaults and 50
  reminders, and a process SIGKILLed under load (tests/postgres/campaign.py, whose
  small versions are in `make test`).
"""

import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.render.generic import EventPresenter
from bot.service import Actor, GameService, Place
from bot.store import open_store
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
KILLS = int(os.environ.get("SMITHFIELD_BENCH_KILLS", "50"))
BURST_GAMES = 6
BURSTS = int(os.environ.get("SMITHFIELD_BENCH_BURSTS", "60"))
FUZZ_EXAMPLES = int(os.environ.get("SMITHFIELD_BENCH_FUZZ", "60"))


def kill_campaign(kills: int, seed: int = 1) -> tuple[int, int]:
    """Returns (kills, acknowledged operations), raising if anything was lost."""
    chooser = random.Random(seed)
    acknowledged_total = 0
    with tempfile.TemporaryDirectory() as folder:
        for run in range(kills):
            path = Path(folder) / f"kill-{run}.db"
            kill_after = chooser.randint(1, 300)
            worker = subprocess.Popen(
                [sys.executable, "-m", "tests.service.crash_worker", str(path), str(run)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            assert worker.stdout is not None
            acknowledged: list[tuple[int, int]] = []
            for line in worker.stdout:
                _, game_id, version = line.split()
                acknowledged.append((int(game_id), int(version)))
                if len(acknowledged) == kill_after:
                    worker.send_signal(signal.SIGKILL)
                    break
            worker.wait(timeout=60)
            acknowledged_total += len(acknowledged)
            if not acknowledged:
                continue
            store = open_store(path)
            game_id, version = acknowledged[-1]
            game = store.game(game_id)
            moves = store.actions(game_id)
            assert game.version >= version, f"run {run}: version {game.version} < {version}"
            assert len(moves) >= len(acknowledged), f"run {run}: acknowledged moves lost"
            replayed = GameService(store, GAMES).replay(game_id)
            assert GAMES[game.kind].dump_state(replayed) == game.state, f"run {run}: replay"
            store.close()
    return kills, acknowledged_total


async def burst_campaign(games: int, bursts: int) -> tuple[int, int, int]:
    """Returns (interactions sent, accepted, refused), raising on any inconsistency."""
    sent = accepted = 0
    with tempfile.TemporaryDirectory() as folder:
        presenters = dict.fromkeys(GAMES, EventPresenter())
        service = GameService(
            open_store(Path(folder) / "burst.db"), GAMES, seed=3, presenters=presenters
        )
        places = [Place(500 + i, 1) for i in range(games)]
        players = [Actor(user, f"p{user}") for user in (1, 2, 3, 4)]
        for place in places:
            await service.new_game(place, players[0], "fantasy-business", {})
            for actor in players[1:]:
                await service.join(place, actor)
            await service.start(place, players[0], None)
        started = {place.channel_id: service.table(place.channel_id) for place in places}
        versions = {c: t.game.version for c, t in started.items() if t is not None}
        moved = dict.fromkeys(versions, 0)
        chooser = random.Random(9)
        for _ in range(bursts):
            calls = []
            where: list[int] = []
            for place in places:
                table = service.table(place.channel_id)
                if table is None:
                    continue
                rules, state = table.rules, table.state
                due = rules.waiting_on(state)[0]
                for seat, actor in enumerate(players):
                    # Everyone clicks at once, twice: the seats owing a move send one of
                    # theirs, the others send the due seat's (as if they hit its button).
                    mine = seat if seat in rules.waiting_on(state) else due
                    moves = [a for a in rules.legal_actions(state, mine) if a.type != "give"]
                    action = chooser.choice(moves or [rules.default_action(state, mine)])
                    for _ in range(2):
                        calls.append(service.act(place, actor, lambda _t, _s, a=action: a))
                        where.append(place.channel_id)
            results = await asyncio.gather(*calls)
            sent += len(results)
            accepted += sum(1 for outcome in results if outcome.accepted)
            for channel, outcome in zip(where, results, strict=True):
                moved[channel] += outcome.accepted
        for place in places:
            game = service.store.games_with_status("active", "finished")
            for row in game:
                if row.channel_id != place.channel_id:
                    continue
                log = service.store.actions(row.id)
                assert [r.seq for r in log] == list(range(1, len(log) + 1))
                # Each accepted command wrote one log row and one new version, no more.
                assert len(log) == moved[row.channel_id], (len(log), moved[row.channel_id])
                assert row.version == versions[row.channel_id] + len(log), (row.version, len(log))
                replayed = GAMES[row.kind].dump_state(service.replay(row.id))
                assert replayed == row.state
        service.close()
    return sent, accepted, sent - accepted


def fuzz(examples: int) -> int:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "tests/reliability/test_fuzz_commands.py"],
        cwd=ROOT,
        env={**os.environ, "SMITHFIELD_FUZZ_EXAMPLES": str(examples)},
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        print(done.stdout[-4000:])
        raise AssertionError("the fuzz run found a failure")
    from tests.reliability.test_fuzz_commands import COMMANDS_PER_EXAMPLE

    commands = examples * COMMANDS_PER_EXAMPLE
    print(
        f"faults: fuzz {commands} commands ({examples} games) with 0 ⚠️ "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return commands


PG_GAMES = int(os.environ.get("SMITHFIELD_BENCH_PG_GAMES", "50"))
PG_ROUNDS = int(os.environ.get("SMITHFIELD_BENCH_PG_ROUNDS", "20"))


def postgres_campaign() -> None:
    from tests.pg_server import start_server
    from tests.postgres import campaign

    server = start_server()
    if server is None:
        print("faults: no PostgreSQL server binaries on this machine; PostgreSQL part skipped")
        return
    try:
        started = time.perf_counter()
        done = campaign.hammer(server.database(), PG_GAMES, PG_ROUNDS, processes=3)
        print(
            f"faults: 3 processes on the same {PG_GAMES} PostgreSQL games, {PG_ROUNDS} rounds: "
            f"{done.total} acknowledged actions {done.per_process}, none lost or refused for "
            f"a race, versions consecutive, replays equal ({time.perf_counter() - started:.0f} s)"
        )
        started = time.perf_counter()
        due = campaign.schedulers(server.database(), due=200, reminded=50, processes=3)
        print(
            f"faults: 3 schedulers, 200 games due and 50 reminders due: {due.defaults} defaults "
            f"and {due.reminders} reminders, each once, announced {due.announced} "
            f"({time.perf_counter() - started:.0f} s)"
        )
        started = time.perf_counter()
        killed = campaign.kill_under_load(server.database(), PG_GAMES, PG_ROUNDS, kill_after=200)
        print(
            f"faults: SIGKILL of one of two PostgreSQL processes after {killed.victim} "
            f"acknowledged actions; the other went on to {killed.survivor}; none lost "
            f"({time.perf_counter() - started:.0f} s)"
        )
    finally:
        server.stop()


def main() -> int:
    started = time.perf_counter()
    kills, acknowledged = kill_campaign(KILLS)
    print(
        f"faults: {kills} SIGKILLs, {acknowledged} acknowledged operations, 0 lost, every log "
        f"replays ({time.perf_counter() - started:.0f} s)"
    )
    started = time.perf_counter()
    sent, accepted, refused = asyncio.run(burst_campaign(BURST_GAMES, BURSTS))
    print(
        f"faults: {sent} simultaneous interactions in {BURSTS} bursts on {BURST_GAMES} games: "
        f"{accepted} accepted, {refused} refused, versions consecutive, replays equal "
        f"({time.perf_counter() - started:.0f} s)"
    )
    fuzz(FUZZ_EXAMPLES)
    postgres_campaign()
    return 0
