"""A database the bot cannot use stops `python -m bot` (and the sandbox) at startup with
one line that names the file (or the URL, without its password) and what to do: exit
code 2, no traceback."""

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import open_store
from bot.store.schema import MIGRATIONS
from tests import raw

ROOT = Path(__file__).resolve().parents[2]


def run_bot(
    cwd: Path,
    database: Path | str,
    *args: str,
    unprivileged: bool = False,
    expect_in_line: str | None = None,
) -> str:
    """Run the bot (with a token, so it goes as far as opening the database); its one line
    must name the database (`expect_in_line`: how, when not as given)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "SMITHFIELD"))}
    command = [sys.executable, "-m", "bot", *args]
    if unprivileged and os.geteuid() == 0:
        # root ignores file modes; without these capabilities it obeys them like anyone
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", *command]
    result = subprocess.run(
        command,
        cwd=cwd,
        env={
            **clean,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "not-a-real-token",
            "SMITHFIELD_DB": str(database),
            "SMITHFIELD_SANDBOX_DB": str(database),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert (expect_in_line or str(database)) in lines[0], lines[0]
    return lines[0]


def working_database(path: Path) -> Path:
    open_store(path).close()
    return path


def test_a_folder_as_the_database_path(tmp_path: Path) -> None:
    folder = tmp_path / "smithfield.db"
    folder.mkdir()
    line = run_bot(tmp_path, folder)
    assert "is a folder" in line and "SMITHFIELD_DB" in line


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    garbage = tmp_path / "smithfield.db"
    garbage.write_bytes(b"these are not the bytes of a database\n" * 200)
    line = run_bot(tmp_path, garbage)
    assert "not a Smithfield database or it is damaged" in line and "backup" in line


def test_a_database_with_a_damaged_header(tmp_path: Path) -> None:
    path = working_database(tmp_path / "smithfield.db")
    data = bytearray(path.read_bytes())
    data[:16] = b"NOT SQLITE AT AL"
    path.write_bytes(bytes(data))
    assert "damaged" in run_bot(tmp_path, path)


def test_a_truncated_database(tmp_path: Path) -> None:
    path = working_database(tmp_path / "smithfield.db")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=DELETE")  # everything in the main file
    conn.executemany(
        "INSERT INTO bot_meta VALUES (?, ?)", [(f"k{i}", "v" * 500) for i in range(200)]
    )
    conn.commit()
    conn.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "damaged" in run_bot(tmp_path, path)


def test_a_database_with_a_damaged_page(tmp_path: Path) -> None:
    path = working_database(tmp_path / "smithfield.db")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.executemany(
        "INSERT INTO bot_meta VALUES (?, ?)", [(f"k{i}", "v" * 500) for i in range(200)]
    )
    conn.commit()
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    middle = (len(data) // page_size // 2) * page_size
    data[middle : middle + page_size] = b"\xff" * page_size
    path.write_bytes(bytes(data))
    assert "damaged" in run_bot(tmp_path, path)


def test_a_read_only_database(tmp_path: Path) -> None:
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be enforced")
    folder = tmp_path / "data"
    folder.mkdir()
    path = working_database(folder / "smithfield.db")
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        line = run_bot(tmp_path, path, unprivileged=True)
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "cannot be written" in line


def test_a_database_from_a_newer_version(tmp_path: Path) -> None:
    path = working_database(tmp_path / "smithfield.db")
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'later')",
        (max(MIGRATIONS) + 5,),
    )
    conn.commit()
    conn.close()
    line = run_bot(tmp_path, path)
    assert "newer Smithfield" in line and f"schema {max(MIGRATIONS) + 5}" in line


def test_an_unsupported_url(tmp_path: Path) -> None:
    line = run_bot(tmp_path, "mysql://db.example/smithfield")
    assert "does not support" in line
    assert not (tmp_path / "mysql:").exists()


def test_the_sandbox_refuses_a_bad_database_the_same_way(tmp_path: Path) -> None:
    folder = tmp_path / "sandbox.db"
    folder.mkdir()
    line = run_bot(tmp_path, folder, "sandbox", "--port", "0")
    assert "is a folder" in line


def test_an_unreachable_postgresql_server_is_one_line_without_the_password(
    tmp_path: Path,
) -> None:
    url = f"postgresql://smithfield:hunter2-secret@/smithfield?host={tmp_path / 'no-server'}"
    line = run_bot(tmp_path, url, expect_in_line="postgresql://smithfield:***@")
    assert "cannot connect" in line and "hunter2-secret" not in line


def test_a_postgresql_database_from_a_newer_version(tmp_path: Path, pg_url: str) -> None:
    open_store(pg_url).close()
    raw.execute(
        pg_url,
        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'later')",
        (max(MIGRATIONS) + 5,),
    )
    line = run_bot(tmp_path, pg_url, expect_in_line=pg_url)
    assert "newer Smithfield" in line and f"schema {max(MIGRATIONS) + 5}" in line


def test_postgres_and_postgresql_urls_both_open_a_postgresql_store(pg_url: str) -> None:
    for url in (pg_url, pg_url.replace("postgresql://", "postgres://", 1)):
        store = open_store(url)
        assert store.backend == "postgres" and store.schema_version() == max(MIGRATIONS)
        store.close()


def test_a_postgresql_user_who_may_not_create_the_tables(tmp_path: Path, pg_url: str) -> None:
    raw.execute(pg_url, "CREATE ROLE visitor LOGIN")
    raw.execute(pg_url, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # as 15+ does anyway
    try:
        url = pg_url.replace("//smithfield@", "//visitor@")
        line = run_bot(tmp_path, url)
        assert "cannot prepare the database" in line and "create" in line
    finally:
        raw.execute(pg_url, "DROP OWNED BY visitor")
        raw.execute(pg_url, "DROP ROLE visitor")
