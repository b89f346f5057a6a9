"""A crash in the middle of a multi-step command leaves all of it or none of it.

Each command runs in a worker process that is SIGKILLed right after one of its store
writes; the database must then equal either the position before the command or the
position after it (never a lobby without seats, a departed host, a seat on autopilot
whose move was never played, a timer without a deadline...).
"""

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.torn_worker import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
MOST_WRITES = 12


def run(path: Path, command: str, kill_after: int) -> tuple[int, str]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.reliability.torn_worker",
            str(path),
            command,
            str(kill_after),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return done.returncode, done.stdout + done.stderr


def snapshot(path: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    try:
        return [
            *conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
            *conn.execute("SELECT * FROM seats ORDER BY game_id, position").fetchall(),
            *conn.execute("SELECT * FROM actions ORDER BY game_id, seq").fetchall(),
        ]
    finally:
        conn.close()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_crash_between_a_commands_writes_leaves_all_or_nothing(
    tmp_path: Path, command: str
) -> None:
    code, said = run(tmp_path / "before.db", command, 0)
    assert code == 0 and "SETUP" in said, said
    before = snapshot(tmp_path / "before.db")
    code, said = run(tmp_path / "after.db", command, MOST_WRITES + 1)
    assert code == 0 and "DONE" in said, said
    after = snapshot(tmp_path / "after.db")
    assert after != before

    kills = 0
    for kill_after in range(1, MOST_WRITES + 1):
        path = tmp_path / f"killed-{kill_after}.db"
        code, said = run(path, command, kill_after)
        if code == 0:
            assert "DONE" in said, said
            break  # the command makes fewer writes than this
        assert code == -signal.SIGKILL, said
        kills += 1
        assert snapshot(path) in (before, after), f"torn after write {kill_after}"
    assert kills >= 1, f"{command} made no write at all"
