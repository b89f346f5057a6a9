"""A throwaway PostgreSQL server for the tests and the bench: initdb + pg_ctl, no service.

The server lives in a fresh temporary folder (data directory, log, and its unix socket:
no TCP port, so parallel runs on one machine cannot collide) and is stopped and removed
afterwards. PostgreSQL refuses to run as root, and CI and these machines run as root:
then the server runs as an unprivileged system user (`smithfield-pg`, created with
useradd if missing, else `nobody`), which owns the folder; root still connects through
the socket. The binaries are found in SMITHFIELD_PG_BINDIR (only there, when it is set),
else Debian's /usr/lib/postgresql/<version>/bin (newest first), else on PATH.
"""

import atexit
import contextlib
import itertools
import os
import pwd
import re
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

SERVER_USER = "smithfield-pg"
SUPERUSER = "smithfield"
REQUIRE_ENV = "SMITHFIELD_REQUIRE_POSTGRES"
START_SECONDS = 120


def find_bindir() -> Path | None:
    """Where initdb and pg_ctl are, or None when this machine has no PostgreSQL server."""
    configured = os.environ.get("SMITHFIELD_PG_BINDIR")
    if configured:  # only there (a folder without them: as on a machine without a server)
        folder = Path(configured)
        found = (folder / "initdb").is_file() and (folder / "pg_ctl").is_file()
        return folder if found else None
    candidates: list[Path] = []

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))

    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _server_account() -> pwd.struct_passwd | None:
    """The unprivileged account to run the server as (None: run as ourselves)."""
    if os.geteuid() != 0:
        return None
    with contextlib.suppress(KeyError):
        return pwd.getpwnam(SERVER_USER)
    useradd = shutil.which("useradd") or "/usr/sbin/useradd"
    made = subprocess.run(
        [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER],
        capture_output=True,
        check=False,
    )
    with contextlib.suppress(KeyError):
        if made.returncode in (0, 9):  # 9: created meanwhile by a parallel run
            return pwd.getpwnam(SERVER_USER)
    return pwd.getpwnam("nobody")


@dataclass
class PgServer:
    """A running throwaway server; `database()` makes a fresh empty database."""

    bindir: Path
    root: Path
    account: pwd.struct_passwd | None
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def socket_dir(self) -> Path:
        return self.root

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        kwargs: dict[str, Any] = {}
        if self.account is not None:
            kwargs = {
                "user": self.account.pw_uid,
                "group": self.account.pw_gid,
                "extra_groups": [],
            }
        return subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            check=False,
            cwd=self.root,
            env={**os.environ, "LC_ALL": "C", "LANG": "C"},
            timeout=START_SECONDS,
            **kwargs,
        )

    def start(self, *, durable: bool) -> None:
        data = self.root / "data"
        made = self._run(
            "initdb", "-D", str(data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
            "--no-locale", *([] if durable else ["--no-sync"]),
        )  # fmt: skip
        if made.returncode != 0:
            raise RuntimeError(f"initdb failed: {(made.stderr or made.stdout)[-2000:]}")
        settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.socket_dir}'",
            "max_connections": "300",
            # Small buffers: a test server holds a few thousand rows at most, and
            # several run at once. No parallel queries: their workers share memory
            # through /dev/shm, which containers often keep small.
            "shared_buffers": "32MB",
            "max_parallel_workers_per_gather": "0",
        }
        if not durable:  # tests check logic, not the disk: skip the flushes
            settings.update(fsync="off", synchronous_commit="off", full_page_writes="off")
        with (data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{key} = {value}\n" for key, value in settings.items())
        log = self.root / "server.log"
        started = self._run(
            "pg_ctl", "-D", str(data), "-l", str(log), "-w", "-t", str(START_SECONDS), "start"
        )
        if started.returncode != 0:
            text = log.read_text(errors="replace")[-2000:] if log.exists() else started.stderr
            raise RuntimeError(f"pg_ctl start failed: {text}")

    def stop(self) -> None:
        if (self.root / "data" / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url("postgres"), autocommit=True)

    def database(self, prefix: str = "t") -> str:
        """A new, empty database; returns its URL."""
        name = f"{prefix}{os.getpid()}_{next(self._names)}"
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop a database made by `database`, closing whatever still uses it."""
        name = url.split("/")[-1].split("?")[0]
        with self.admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def start_server(*, durable: bool = False) -> PgServer | None:
    """Start a throwaway server (None when this machine has no PostgreSQL binaries)."""
    bindir = find_bindir()
    if bindir is None:
        return None
    account = _server_account()
    root = Path(tempfile.mkdtemp(prefix="smithfield-pg-"))
    if account is not None:
        os.chown(root, account.pw_uid, account.pw_gid)
    os.chmod(root, 0o700)
    server = PgServer(bindir, root, account)
    atexit.register(server.stop)  # also when a run ends without its teardown
    try:
        server.start(durable=durable)
    except BaseException:
        server.stop()
        raise
    _watch(server)
    return server


def _watch(server: PgServer) -> None:
    """Should this process be killed outright (no teardown, no atexit), a detached shell
    stops the server (SIGQUIT: immediate shutdown) and removes its folder a moment later,
    so no stray server outlives a run."""
    pid_file = shlex.quote(str(server.root / "data" / "postmaster.pid"))
    script = (
        f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 2; done; "
        f'pid=$(head -n 1 {pid_file} 2>/dev/null) && kill -QUIT "$pid"; '
        f"sleep 2; rm -rf {shlex.quote(str(server.root))}"
    )
    subprocess.Popen(
        ["sh", "-c", script],
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
