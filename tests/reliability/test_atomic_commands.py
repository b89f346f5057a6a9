"""A crash in the middle of a multi-step command leaves all of it or none of it.

Each command runs in a worker process that is SIGKILLed right after one of its store
writes; the database must then equal either the position before the command or the
position after it (never a lobby without seats, a departed host, a seat on autopilot
whose move was never played, a timer without a deadline...). Every command on SQLite,
two of them on PostgreSQL (`ON_POSTGRES`).
"""

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.store import open_store
from tests.reliability.torn_worker import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
MOST_WRITES = 12


def run(location: str, command: str, kill_after: int) -> tuple[int, str]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.reliability.torn_worker",
            location,
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


def snapshot(location: str) -> list[dict[str, Any]]:
    store = open_store(location)
    try:
        return [row for table in ("games", "seats", "actions") for row in store.rows(table)]
    finally:
        store.close()


ON_POSTGRES = ("kick", "new")
"""PostgreSQL's transactions are checked with the command that writes most (a kick plays
the seat's move at once) and the one that creates rows; every command runs on SQLite."""


@pytest.mark.parametrize(
    ("new_database", "command"),
    [("sqlite", command) for command in sorted(COMMANDS)]
    + [("postgres", command) for command in ON_POSTGRES],
    indirect=["new_database"],
)
def test_a_crash_between_a_commands_writes_leaves_all_or_nothing(
    new_database: Callable[[], str], command: str
) -> None:
    first = new_database()
    code, said = run(first, command, 0)
    assert code == 0 and "SETUP" in said, said
    before = snapshot(first)
    done = new_database()
    code, said = run(done, command, MOST_WRITES + 1)
    assert code == 0 and "DONE" in said, said
    after = snapshot(done)
    assert after != before

    kills = 0
    for kill_after in range(1, MOST_WRITES + 1):
        killed = new_database()
        code, said = run(killed, command, kill_after)
        if code == 0:
            assert "DONE" in said, said
            break  # the command makes fewer writes than this
        assert code == -signal.SIGKILL, said
        kills += 1
        assert snapshot(killed) in (before, after), f"torn after write {kill_after}"
    assert kills >= 1, f"{command} made no write at all"
