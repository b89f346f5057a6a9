"""`python -m bot backup PATH` while moves are being written: the copy opens, passes
SQLite's integrity check and holds every move acknowledged before it started. (Copying
the .db file alone would miss the moves still in its -wal file.)"""

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}


def test_a_backup_taken_during_play_holds_every_acknowledged_move(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_worker", str(live), "5"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**ENV, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    try:
        acknowledged = []
        for line in worker.stdout:
            _, game_id, version = line.split()
            acknowledged.append((int(game_id), int(version)))
            if len(acknowledged) == 40:
                break
        game_id, version = acknowledged[-1]
        copy = tmp_path / "backup.db"
        made = subprocess.run(
            [sys.executable, "-m", "bot", "backup", str(copy)],
            cwd=tmp_path,
            env={**ENV, "PYTHONPATH": str(ROOT), "SMITHFIELD_DB": str(live)},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert made.returncode == 0, made.stderr
        assert "backed up" in made.stdout
        more = [worker.stdout.readline() for _ in range(5)]
        assert all(line.startswith("ACK") for line in more), "play went on after the backup"
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)

    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    logged = conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
    assert stored >= version
    assert logged[0] >= len(acknowledged)
    assert not Path(f"{copy}-wal").exists() or Path(f"{copy}-wal").stat().st_size == 0


def test_a_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    existing = tmp_path / "keep.db"
    existing.write_text("precious")
    made = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(existing)],
        cwd=tmp_path,
        env={**ENV, "PYTHONPATH": str(ROOT), "SMITHFIELD_DB": str(tmp_path / "live.db")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 2 and "already exists" in made.stderr
    assert existing.read_text() == "precious"
