"""`python -m bot` as a person runs it on a fresh machine."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_it_exits_with_one_clear_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_blank_token_in_dotenv_counts_as_unset(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    result = run_bot(tmp_path)
    assert result.returncode != 0 and "DISCORD_TOKEN is not set" in result.stderr


def test_a_bad_setting_is_one_line_too(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", SMITHFIELD_SEED="not-a-number")
    assert result.returncode != 0
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_the_example_env_file_is_accepted_as_it_is(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    result = run_bot(tmp_path)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        "smithfield: DISCORD_TOKEN is not set. Put DISCORD_TOKEN=<your bot token> in .env "
        "(see .env.example) or export it."
    ]
