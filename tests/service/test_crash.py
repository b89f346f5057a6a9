"""Killing the process at random points loses no acknowledged action (both backends)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import open_store
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kill_after", [1, 7, 23, 61])
def test_a_killed_process_loses_nothing_it_acknowledged(
    store_location: str, kill_after: int
) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_worker", store_location, str(kill_after)],
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
    assert len(acknowledged) == kill_after, "the worker finished before it could be killed"

    store = open_store(store_location)
    game_id, last_version = acknowledged[-1]
    game = store.game(game_id)
    assert game.version >= last_version
    # Every acknowledged action is in the log, and the log replays to the stored state.
    moves = store.actions(game_id)
    assert len(moves) >= kill_after
    service = GameService(store, GAMES)
    assert GAMES[game.kind].dump_state(service.replay(game_id)) == game.state
