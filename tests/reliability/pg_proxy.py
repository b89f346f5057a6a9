"""A TCP proxy on loopback in front of the throwaway PostgreSQL server, which can drop a
connection at the worst moment: after the server committed, before the bot hears so.

The test server listens only on a unix socket; the proxy accepts TCP on 127.0.0.1 and
passes bytes both ways unchanged (without SSL, so the server's messages can be read).
Armed (`drop_next_commit`), it reads the server's answers and, at the first commit of a
transaction that wrote (a `CommandComplete` whose tag is COMMIT, or the `ReadyForQuery`
that answers the Sync ending a pipeline of writes, which commits them), forwards nothing
more and closes both sides: the transaction is stored, and the client's connection
breaks while it waits for the answer. psycopg is not touched; this is what a network
cut or a server failover looks like from the bot. Armed the other way
(`drop_next_send`), it cuts the connection on the next bytes a client sends, forwarding
none of them: a command sent down a connection the server has just ended (a restart),
which the server never sees.
"""

import contextlib
import socket
import struct
import threading
from pathlib import Path
from urllib.parse import urlsplit


class Proxy:
    def __init__(self, socket_dir: Path, port: int = 5432) -> None:
        self.target = str(socket_dir / f".s.PGSQL.{port}")
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._armed = threading.Event()
        self._sends_armed = threading.Event()
        self.dropped = threading.Event()
        self._closing = False
        self._threads: list[threading.Thread] = []
        self._sockets: list[socket.socket] = []
        accept = threading.Thread(target=self._accept, name="pg-proxy", daemon=True)
        accept.start()
        self._threads.append(accept)

    def url(self, database_url: str) -> str:
        """`database_url` (a unix-socket URL of the test server) through the proxy."""
        parts = urlsplit(database_url)
        name, user = parts.path.lstrip("/"), parts.username
        return f"postgresql://{user}@127.0.0.1:{self.port}/{name}?sslmode=disable"

    def drop_next_commit(self) -> None:
        self.dropped.clear()
        self._armed.set()

    def drop_next_send(self) -> None:
        self.dropped.clear()
        self._sends_armed.set()

    def close(self) -> None:
        self._closing = True
        with contextlib.suppress(OSError):
            self.listener.close()
        for sock in list(self._sockets):
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self._closing:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                server.connect(self.target)
            except OSError:
                client.close()
                continue
            self._sockets += [client, server]
            pair = (client, server)
            for target in (self._upstream, self._downstream):
                thread = threading.Thread(target=target, args=pair, daemon=True)
                thread.start()
                self._threads.append(thread)

    def _upstream(self, client: socket.socket, server: socket.socket) -> None:
        """Client to server, unchanged, unless armed to drop the next send."""
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                if self._sends_armed.is_set():
                    self._sends_armed.clear()
                    self.dropped.set()
                    _cut(client)
                    _cut(server)
                    return
                server.sendall(data)
        _shut(server)

    def _downstream(self, client: socket.socket, server: socket.socket) -> None:
        """Server to client, message by message, watching for the armed COMMIT."""
        buffer = b""
        wrote = [False]
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                buffer += data
                forward, buffer, commit = _split(buffer, wrote)
                if commit and self._armed.is_set():
                    self._armed.clear()
                    self.dropped.set()
                    _cut(client)
                    _cut(server)
                    return
                if forward:
                    client.sendall(forward)
        _shut(client)


WRITES = (b"INSERT", b"UPDATE", b"DELETE")


def _split(buffer: bytes, wrote: list[bool]) -> tuple[bytes, bytes, bool]:
    """Whole messages at the front of `buffer`, the rest, and whether one of them tells
    the client a transaction that wrote committed. `wrote[0]`: whether a write completed
    since the connection's last ReadyForQuery (kept between calls)."""
    at = 0
    commit = False
    while len(buffer) - at >= 5:
        kind = buffer[at : at + 1]
        (length,) = struct.unpack("!I", buffer[at + 1 : at + 5])
        end = at + 1 + length
        if len(buffer) < end:
            break
        body = buffer[at + 5 : end]
        if kind == b"C":
            tag = body.rstrip(b"\x00")
            commit = commit or tag == b"COMMIT"
            wrote[0] = wrote[0] or tag.startswith(WRITES)
        elif kind == b"E":  # an error: the transaction will not commit
            wrote[0] = False
        elif kind == b"Z":  # ReadyForQuery; its status b"I": no transaction left open
            commit = commit or (wrote[0] and body == b"I")
            wrote[0] = False
        at = end
    return buffer[:at], buffer[at:], commit


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)


def _cut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
