"""`python -m bot sandbox` as a person runs it: one line to open, Ctrl-C to stop."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot import sandbox

ROOT = Path(__file__).resolve().parents[2]


def command(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "sandbox", *args],
        cwd=tmp_path,  # no .env here
        env={**clean, "PYTHONPATH": str(ROOT), "SMITHFIELD_SANDBOX_DB": str(tmp_path / "s.db")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_sandbox_prints_one_line_with_its_loopback_url_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    process = command(tmp_path, "--port", "0", "--players", "2")
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("Smithfield sandbox: open http://127.0.0.1:"), line
        assert "/#" in line and "Ctrl-C" in line
        process.send_signal(signal.SIGINT)
        out, errors = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, errors
    assert out == "" and errors == ""
    assert (tmp_path / "s.db").exists()


def test_a_player_count_outside_one_to_eight_is_one_clear_error(tmp_path: Path) -> None:
    for bad in ("0", "9", "many"):
        process = command(tmp_path, "--players", bad)
        out, errors = process.communicate(timeout=60)
        assert process.returncode == 2
        assert out == ""
        assert "--players" in errors and "Traceback" not in errors


def test_the_command_line_and_the_sandbox_agree_on_the_limits() -> None:
    assert entry.MAX_SANDBOX_PLAYERS == sandbox.MAX_PLAYERS
    assert entry.DEFAULT_SANDBOX_PORT == sandbox.DEFAULT_PORT
    args = entry.parser().parse_args(["sandbox"])
    assert (args.players, args.port) == (sandbox.DEFAULT_PLAYERS, sandbox.DEFAULT_PORT)


def make(*args: str, token: str = "") -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), *args],
        env={**clean, "DISCORD_TOKEN": token},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_make_run_passes_args_to_the_sandbox() -> None:
    planned = make("-n", "run", "ARGS=--players 6 --port 0").stdout
    assert "-m bot sandbox --players 6 --port 0" in planned
    assert "-m bot sandbox --players 6" in make("-n", "sandbox", "ARGS=--players 6").stdout
    assert "-m bot sandbox;" in make("-n", "run").stdout.replace(" ;", ";")


def test_make_run_without_a_token_reaches_the_sandboxs_options() -> None:
    if make("-q", ".venv/.installed").returncode != 0:
        pytest.skip("the project's .venv is missing or stale (`make test` builds it)")
    ran = make("-s", "run", "ARGS=--help")
    assert ran.returncode == 0, ran.stderr
    assert "No DISCORD_TOKEN set" in ran.stdout
    assert "--players N" in ran.stdout and "--port P" in ran.stdout
