"""Two bot processes on one PostgreSQL database: serialised commands, deadlines exactly
once, and a process killed under load.

The workers (tests/postgres/worker.py) are real processes with their own service and
connection pool, as two sharded bot processes are; nothing here depends on timing: the
checks are on what the database holds afterwards.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import IO

from bot.service import GameService
from bot.store import open_store
from rules.registry import GAMES
from tests.postgres import worker

ROOT = Path(__file__).resolve().parents[2]
GAMES_HAMMERED = 20
ROUNDS = 8
DUE_GAMES = 50
REMINDED_GAMES = 10
KILL_AFTER = 40
TIMEOUT = 300
MINUTE, HOUR = timedelta(minutes=1), timedelta(hours=1)


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


def acks(lines: list[str]) -> list[tuple[int, int, int, str]]:
    """(game, version applied to, seat, action JSON) of each ACK line."""
    found = []
    for line in lines:
        if line.startswith("ACK "):
            _, game, version, seat, action = line.rstrip("\n").split(" ", 4)
            found.append((int(game), int(version), int(seat), action))
    return found


def check_games(
    url: str, acknowledged: list[tuple[int, int, int, str]], start: dict[int, int]
) -> None:
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


def versions_now(url: str, ids: list[int]) -> dict[int, int]:
    store = open_store(url)
    try:
        return {game_id: store.game(game_id).version for game_id in ids}
    finally:
        store.close()


def test_two_processes_hammering_the_same_games_lose_no_update(pg_url: str) -> None:
    ids = asyncio.run(worker.set_up(pg_url, GAMES_HAMMERED))
    start = versions_now(pg_url, ids)
    workers = [spawn(pg_url, "hammer", str(n), str(ROUNDS)) for n in (0, 1)]
    outputs = [w.communicate(timeout=TIMEOUT) for w in workers]
    for w, (out, err) in zip(workers, outputs, strict=True):
        assert w.returncode == 0, err[-3000:]
        assert "LOST" not in out, out  # nobody was refused because the other was faster
    acknowledged = [ack for out, _ in outputs for ack in acks(out.splitlines())]
    # Both processes got moves in, on the same games.
    assert all(acks(out.splitlines()) for out, _ in outputs)
    assert len(acknowledged) >= GAMES_HAMMERED * ROUNDS  # at least one move a game a round
    check_games(pg_url, acknowledged, start)
    print(
        f"two processes, {GAMES_HAMMERED} games, {ROUNDS} rounds each: "
        f"{len(acknowledged)} acknowledged actions "
        f"({', '.join(str(len(acks(out.splitlines()))) for out, _ in outputs)}), none lost"
    )


def test_two_schedulers_apply_each_default_and_reminder_once(pg_url: str) -> None:
    due = asyncio.run(worker.set_up(pg_url, DUE_GAMES))
    reminded = asyncio.run(worker.set_up(pg_url, REMINDED_GAMES, first_channel=5000))
    store = open_store(pg_url)
    waiting: dict[int, list[int]] = {}
    service = GameService(store, GAMES)
    for game_id in due + reminded:
        game = store.game(game_id)
        # Due games passed their deadline a minute ago; the others are due in an hour
        # with a reminder two hours before: their reminder is due.
        deadline = worker.NOW + (-MINUTE if game_id in due else HOUR)
        store.update_game(
            game, now=worker.NOW, timer_hours=24, remind_hours=2, deadline=deadline.isoformat()
        )
        table = service.table_for(store.game(game_id))
        waiting[game_id] = list(table.rules.waiting_on(table.state))
    start = {game_id: store.game(game_id).version for game_id in due + reminded}
    service.close()

    schedulers = [spawn(pg_url, "schedule") for _ in range(2)]
    for scheduler in schedulers:
        assert scheduler.stdout is not None and scheduler.stdout.readline().strip() == "READY"
    for scheduler in schedulers:
        assert scheduler.stdin is not None
        scheduler.stdin.write("go\n")
        scheduler.stdin.flush()
    outputs = [s.communicate(timeout=TIMEOUT) for s in schedulers]
    for s, (_, err) in zip(schedulers, outputs, strict=True):
        assert s.returncode == 0, err[-3000:]
    said = Counter(
        int(line.split()[1])
        for out, _ in outputs
        for line in out.splitlines()
        if line.startswith("SAID ")
    )
    store = open_store(pg_url)
    for game_id in due:
        log = store.actions(game_id)
        # Each seat the expired step waited on got its default once, and nothing else.
        assert sorted(row.seat for row in log) == sorted(waiting[game_id]), game_id
        assert all(row.user_id is None for row in log)
        assert store.game(game_id).version == start[game_id] + len(log)
    for game_id in reminded:
        game = store.game(game_id)
        assert game.reminded and store.actions(game_id) == []
        assert game.version == start[game_id] + 1  # one reminder write
        assert said[game.channel_id] == 1, f"game {game_id} reminded {said[game.channel_id]}x"
    defaults = sum(len(store.actions(game_id)) for game_id in due)
    store.close()
    split = [sum(1 for line in out.splitlines() if line.startswith("SAID")) for out, _ in outputs]
    print(
        f"two schedulers, {DUE_GAMES} games due and {REMINDED_GAMES} reminders due: "
        f"{defaults} defaults and {REMINDED_GAMES} reminders, each once; announced {split}"
    )


def test_a_process_killed_under_load_loses_nothing_and_the_other_carries_on(
    pg_url: str, tmp_path: Path
) -> None:
    ids = asyncio.run(worker.set_up(pg_url, GAMES_HAMMERED))
    start = versions_now(pg_url, ids)
    survivor_log = (tmp_path / "survivor.txt").open("w+")
    victim = spawn(pg_url, "hammer", "0", str(ROUNDS * 4))
    survivor = spawn(pg_url, "hammer", "1", str(ROUNDS), stdout=survivor_log)
    assert victim.stdout is not None
    victim_lines: list[str] = []
    for line in victim.stdout:
        victim_lines.append(line)
        if len(acks(victim_lines)) == KILL_AFTER:
            victim.send_signal(signal.SIGKILL)
            break
    victim.wait(timeout=TIMEOUT)
    assert victim.returncode == -signal.SIGKILL, "the victim finished before it was killed"
    survivor.wait(timeout=TIMEOUT)
    assert survivor.returncode == 0, survivor.stderr.read()[-3000:] if survivor.stderr else ""
    survivor_log.seek(0)
    survivor_lines = survivor_log.readlines()
    assert not [line for line in survivor_lines if line.startswith("LOST")]
    assert f"ROUND {ROUNDS - 1}\n" in survivor_lines  # it carried on to the end
    acknowledged = acks(victim_lines) + acks(survivor_lines)
    check_games(pg_url, acknowledged, start)
    print(
        f"SIGKILL after {KILL_AFTER} acknowledged actions; the other process went on to "
        f"{len(acks(survivor_lines))}; none lost"
    )
