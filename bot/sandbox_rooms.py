"""The sandbox's room list: one loopback page that opens #table or a player's DMs.

simcord's preview shows one channel at a time (a guild channel with a viewer switch, or
one user's DM channel) and allows one preview per simulated Discord. This page lists the
rooms and, when one is picked, closes the open preview, opens one on that room and sends
the browser there. Like the preview it binds 127.0.0.1 only, accepts only a loopback
Host header (no DNS rebinding), and acts only for a request carrying the secret that is
in the printed URL's fragment (which browsers never send to a server).
"""

import asyncio
import contextlib
import html
import secrets
from dataclasses import dataclass
from typing import Any

import simcord
from aiohttp import web
from simcord.builders import ChannelHandle, UserHandle

SECRET_HEADER = "X-Sandbox-Secret"
BUSY_RETRIES = 50
BUSY_WAIT_SECONDS = 0.05
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; "
        "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
}


@dataclass(frozen=True)
class Room:
    """A channel a person can open, and who they may act as there."""

    key: str
    label: str
    hint: str
    channel: ChannelHandle | None  # None: the DM channel of the only viewer
    viewers: tuple[simcord.MemberActor | UserHandle, ...]
    env: simcord.Env

    def resolve_channel(self) -> ChannelHandle:
        if self.channel is not None:
            return self.channel
        owner = self.viewers[0]
        assert isinstance(owner, UserHandle)
        return owner.dm_channel


class RoomServer:
    """Serves the room list and keeps the one preview on the room last asked for."""

    def __init__(self, rooms: list[Room], port: int) -> None:
        self.rooms = {room.key: room for room in rooms}
        self.requested_port = port
        self.secret = secrets.token_urlsafe(24)
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._lock = asyncio.Lock()
        self._preview: Any = None
        self._preview_stack: contextlib.AsyncExitStack | None = None
        self._room: str | None = None
        self._watch: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        assert self.port is not None, "the room list is not served"
        return f"http://127.0.0.1:{self.port}/#{self.secret}"

    @property
    def preview(self) -> Any:
        """The open simcord Preview, or None."""
        return self._preview

    @property
    def room(self) -> str | None:
        return self._room

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_get("/rooms.js", self._script)
        app.router.add_post("/api/rooms/{key}", self._open)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", self.requested_port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None)
        assert sockets
        self.port = int(sockets[0].getsockname()[1])

    async def close(self) -> None:
        await self._close_preview()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def open(self, key: str) -> str:
        """The preview URL of a room, opening it (and closing another) when needed."""
        room = self.rooms[key]
        async with self._lock:
            if self._preview is not None and self._room == key:
                return str(self._preview.url)
            await self._close_preview()
            stack = contextlib.AsyncExitStack()
            preview = await self._new_preview(room)
            await stack.enter_async_context(preview)
            self._preview, self._preview_stack, self._room = preview, stack, key
            self._watch = asyncio.create_task(self._forget_when_closed(preview))
            return str(preview.url)

    async def _new_preview(self, room: Room) -> Any:
        for _ in range(BUSY_RETRIES):
            try:
                return room.env.preview(
                    room.resolve_channel(), viewers=list(room.viewers), layout="channel", port=0
                )
            except simcord.SetupError as error:
                # The clock ticker holds the simulation for a moment; wait for it.
                if "overlaps" not in str(error):
                    raise
                await asyncio.sleep(BUSY_WAIT_SECONDS)
        raise RuntimeError("the simulated Discord stayed busy; try again")

    async def refresh(self) -> None:
        """Show open pages what happened outside them (the scheduler's messages)."""
        if self._preview is not None:
            await self._preview.refresh()

    async def _forget_when_closed(self, preview: Any) -> None:
        # The page's own Close button ends the preview; the next pick opens a new one.
        await preview.wait_closed()
        if self._preview is preview:
            self._preview, self._preview_stack, self._room = None, None, None

    async def _close_preview(self) -> None:
        stack, self._preview_stack = self._preview_stack, None
        self._preview, self._room = None, None
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        if stack is not None:
            await stack.aclose()

    def _loopback(self, request: web.Request) -> bool:
        return request.headers.get("Host", "") in {
            f"127.0.0.1:{self.port}",
            f"localhost:{self.port}",
        }

    def _authorized(self, request: web.Request) -> bool:
        supplied = request.headers.get(SECRET_HEADER, "")
        origin = request.headers.get("Origin")
        return (
            self._loopback(request)
            and secrets.compare_digest(supplied.encode(), self.secret.encode())
            and origin in {None, f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"}
        )

    async def _index(self, request: web.Request) -> web.Response:
        if not self._loopback(request):
            raise web.HTTPForbidden()
        return web.Response(text=self._page(), content_type="text/html", headers=HEADERS)

    async def _script(self, request: web.Request) -> web.Response:
        if not self._loopback(request):
            raise web.HTTPForbidden()
        return web.Response(text=SCRIPT, content_type="application/javascript", headers=HEADERS)

    async def _open(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            raise web.HTTPUnauthorized()
        key = request.match_info["key"]
        if key not in self.rooms:
            raise web.HTTPNotFound()
        url = await self.open(key)
        return web.json_response({"room": key, "url": url}, headers=HEADERS)

    def _page(self) -> str:
        items = "\n".join(
            f'<li><button data-room="{html.escape(room.key)}">{html.escape(room.label)}</button>'
            f"<span>{html.escape(room.hint)}</span></li>"
            for room in self.rooms.values()
        )
        return PAGE.replace("{items}", items)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Smithfield sandbox</title>
<style>
body { background: #313338; color: #dbdee1; font: 16px/1.5 system-ui, sans-serif;
       margin: 0; padding: 2rem 1rem; }
main { max-width: 40rem; margin: 0 auto; }
h1 { color: #f2f3f5; font-size: 1.5rem; margin: 0 0 .25rem; }
p { color: #b5bac1; margin: 0 0 1.5rem; }
ul { list-style: none; padding: 0; margin: 0; }
li { display: flex; gap: 1rem; align-items: center; padding: .5rem 0;
     border-bottom: 1px solid #3f4147; }
button { background: #5865f2; color: #fff; border: 0; border-radius: 4px; padding: .5rem 1rem;
         font: inherit; min-width: 10rem; text-align: left; cursor: pointer; }
button:hover { background: #4752c4; }
span { color: #b5bac1; font-size: .9rem; }
#status { color: #f0b232; min-height: 1.5rem; margin-top: 1rem; }
</style></head>
<body><main>
<h1>Smithfield sandbox</h1>
<p>The real bot in a simulated Discord server. Open #table to play; a player's DMs hold
what the bot sent them privately. Come back here (browser Back) to change room.</p>
<ul>
{items}
</ul>
<div id="status" role="status"></div>
</main>
<script src="/rooms.js"></script>
</body></html>
"""

SCRIPT = """"use strict";
const secret = location.hash.slice(1);
const status = document.getElementById("status");
for (const button of document.querySelectorAll("button[data-room]")) {
  button.addEventListener("click", async () => {
    status.textContent = "Opening " + button.textContent + "…";
    const response = await fetch("/api/rooms/" + encodeURIComponent(button.dataset.room), {
      method: "POST", headers: { "X-Sandbox-Secret": secret },
    });
    if (!response.ok) {
      status.textContent = response.status === 401
        ? "This address lacks the sandbox's secret: use the exact URL the sandbox printed."
        : "Could not open that room (" + response.status + ").";
      return;
    }
    location.assign((await response.json()).url);
  });
}
"""
