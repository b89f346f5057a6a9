"""Several bot processes on one PostgreSQL database, and what the database must hold after.

Used at a modest size by tests/postgres/test_two_processes.py (in `make test`) and at a
larger one by `make bench` (bench/faults.py). The processes are tests/postgres/worker.py:
real processes, each with its own service and connection pool, as sharded bot processes
are. Every check is on what the database holds afterwards, never on timing.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import IO

from bot.service import GameService
from bot.store import open_store
from rules.registry import GAMES
from tests.postgres import worker

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 600
MINUTE, HOUR = timedelta(minutes=1), timedelta(hours=1)

Ack = tuple[int, int, int, str]
"""(game, version the action was applied to, seat, action JSON)."""


def spawn(url: str, *args: str, stdout: int | IO[str] = subprocess.PIPE) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.postgres.worker", url, *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def acks(lines: list[str]) -> list[Ack]:
    found = []
    for line in lines:
        if line.startswith("ACK "):
            _, game, version, seat, action = line.rstrip("\n").split(" ", 4)
            found.append((int(game), int(version), int(seat), action))
    return found


def lost(lines: list[str]) -> list[str]:
    """Refusals a player would have seen because another process was faster."""
    return [line for line in lines if line.startswith("LOST ")]


def versions_now(url: str, ids: list[int]) -> dict[int, int]:
    store = open_store(url)
    try:
        return {game_id: store.game(game_id).version for game_id in ids}
    finally:
        store.close()


def check_games(url: str, acknowledged: list[Ack], start: dict[int, int]) -> None:
    """No lost update: each game's versions run on from where they started, one per log
    row; every acknowledged action sits in the log at the version it was applied to; the
    log replays to the stored state."""
    store = open_store(url)
    service = GameService(store, GAMES)
    by_game: dict[int, list[tuple[int, int, str]]] = {}
    for game, version, seat, action in acknowledged:
        by_game.setdefault(game, []).append((version, seat, action))
    for game_id, first in start.items():
        game = store.game(game_id)
        log = store.actions(game_id)
        assert [row.seq for row in log] == list(range(1, len(log) + 1))
        assert game.version == first + len(log), (game_id, game.version, first, len(log))
        versions = [version for version, _, _ in by_game.get(game_id, [])]
        assert len(versions) == len(set(versions)), f"game {game_id}: a version applied twice"
        for version, seat, action in by_game.get(game_id, []):
            row = log[version - first]
            assert row.seat == seat and json.dumps(row.action, sort_keys=True) == action
        assert GAMES[game.kind].dump_state(service.replay(game_id)) == game.state
    service.close()


@dataclass(frozen=True)
class Hammered:
    per_process: list[int]
    """Acknowledged actions per process."""

    @property
    def total(self) -> int:
        return sum(self.per_process)


def hammer(url: str, games: int, rounds: int, processes: int = 2) -> Hammered:
    """`processes` processes act on the same `games` games, `rounds` times each."""
    ids = asyncio.run(worker.set_up(url, games))
    start = versions_now(url, ids)
    running = [spawn(url, "hammer", str(n), str(rounds)) for n in range(processes)]
    outputs = [process.communicate(timeout=TIMEOUT) for process in running]
    lines = []
    for process, (out, err) in zip(running, outputs, strict=True):
        assert process.returncode == 0, err[-3000:]
        lines.append(out.splitlines())
        assert not lost(lines[-1]), lost(lines[-1])[:3]  # nobody lost to the other process
    assert all(acks(some) for some in lines), "a process got no move in"
    acknowledged = [ack for some in lines for ack in acks(some)]
    assert len(acknowledged) >= games * rounds  # every game moved at least once a round
    check_games(url, acknowledged, start)
    return Hammered([len(acks(some)) for some in lines])


@dataclass(frozen=True)
class Scheduled:
    defaults: int
    reminders: int
    announced: list[int]
    """Reminders and defaults announced per scheduler."""


def schedulers(url: str, due: int, reminded: int, processes: int = 2) -> Scheduled:
    """`due` games past their deadline and `reminded` games with a reminder due, and
    `processes` schedulers started together: each default and reminder happens once."""
    due_ids = asyncio.run(worker.set_up(url, due))
    reminded_ids = asyncio.run(worker.set_up(url, reminded, first_channel=10_000_000))
    store = open_store(url)
    service = GameService(store, GAMES)
    waiting: dict[int, list[int]] = {}
    for game_id in due_ids + reminded_ids:
        # Due games passed their deadline a minute ago; the others are due in an hour
        # with a reminder two hours before: their reminder is due.
        deadline = worker.NOW + (-MINUTE if game_id in due_ids else HOUR)
        game = store.game(game_id)
        store.update_game(
            game, now=worker.NOW, timer_hours=24, remind_hours=2, deadline=deadline.isoformat()
        )
        table = service.table_for(store.game(game_id))
        waiting[game_id] = list(table.rules.waiting_on(table.state))
    start = {game_id: store.game(game_id).version for game_id in due_ids + reminded_ids}
    service.close()

    running = [spawn(url, "schedule") for _ in range(processes)]
    for process in running:
        assert process.stdout is not None and process.stdout.readline().strip() == "READY"
    for process in running:  # all at once
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    outputs = [process.communicate(timeout=TIMEOUT) for process in running]
    for process, (_, err) in zip(running, outputs, strict=True):
        assert process.returncode == 0, err[-3000:]
    said = Counter(
        int(line.split()[1])
        for out, _ in outputs
        for line in out.splitlines()
        if line.startswith("SAID ")
    )
    store = open_store(url)
    defaults = 0
    for game_id in due_ids:
        log = store.actions(game_id)
        # Each seat the expired step waited on got its default once, and nothing else.
        assert sorted(row.seat for row in log) == sorted(waiting[game_id]), game_id
        assert all(row.user_id is None for row in log)
        assert store.game(game_id).version == start[game_id] + len(log)
        defaults += len(log)
    for game_id in reminded_ids:
        game = store.game(game_id)
        assert game.reminded and store.actions(game_id) == []
        assert game.version == start[game_id] + 1  # one reminder write
        assert said[game.channel_id] == 1, f"game {game_id} reminded {said[game.channel_id]}x"
    store.close()
    announced = [
        sum(1 for line in out.splitlines() if line.startswith("SAID")) for out, _ in outputs
    ]
    return Scheduled(defaults, reminded, announced)


@dataclass(frozen=True)
class Killed:
    victim: int
    survivor: int


def kill_under_load(url: str, games: int, rounds: int, kill_after: int) -> Killed:
    """Two processes act on the same games; one is SIGKILLed after `kill_after`
    acknowledged actions: nothing acknowledged is lost and the other finishes its rounds."""
    ids = asyncio.run(worker.set_up(url, games))
    start = versions_now(url, ids)
    with tempfile.TemporaryFile("w+") as survivor_out:
        victim = spawn(url, "hammer", "0", str(rounds * 4))
        survivor = spawn(url, "hammer", "1", str(rounds), stdout=survivor_out)
        assert victim.stdout is not None
        victim_lines: list[str] = []
        for line in victim.stdout:
            victim_lines.append(line)
            if len(acks(victim_lines)) == kill_after:
                victim.send_signal(signal.SIGKILL)
                break
        victim.wait(timeout=TIMEOUT)
        assert victim.returncode == -signal.SIGKILL, "the victim finished before it was killed"
        survivor.wait(timeout=TIMEOUT)
        errors = survivor.stderr.read()[-3000:] if survivor.stderr else ""
        assert survivor.returncode == 0, errors
        survivor_out.seek(0)
        survivor_lines = survivor_out.readlines()
    assert f"ROUND {rounds - 1}\n" in survivor_lines  # it carried on to the end
    assert not lost(survivor_lines), lost(survivor_lines)[:3]
    check_games(url, acks(victim_lines) + acks(survivor_lines), start)
    return Killed(len(acks(victim_lines)), len(acks(survivor_lines)))
