"""The sandbox's page: a room list, and every open room's preview behind the same address.

simcord's preview shows one channel (a guild channel with a viewer switch, or one user's
DM channel) and serves it on a port of its own. The sandbox opens a preview for a room the
first time someone picks it and keeps it open (`bot.sandbox.preview.open_preview` lets
several be open at once), so #table and a player's DMs can be watched side by side. All of
them are served behind the sandbox's own address: `/` lists the rooms, `/room/<key>` is a
room's page, and the page's requests (`/api/...`, each carrying its preview's capability)
are passed on to the preview they belong to. The page's files (scripts, styles, fonts)
are the same for every preview and are passed on from any open one.

Passing everything through one server lets the sandbox run the simulation one piece of
work at a time. simcord refuses an operation while another is running (a page action
during a tick of the clock, or during another room's action); the page then takes the
action's outcome as uncertain and stops acting until it is reloaded. So page actions, the
clock's ticks, room openings and refreshes all take `RoomServer.lock`. Before a page
action's answer goes back, the other rooms whose channel saw events are republished: a DM
sent by a move in #table shows in the DM room at its next poll, without waiting for a
tick.

Security as in simcord's own preview: the server binds 127.0.0.1 only, accepts only a
loopback Host header (no DNS rebinding) and only requests from its own origin. Opening a
room needs the secret in the printed URL's fragment (which browsers never send to a
server); a room's page acts with that preview's capability, in the room URL's fragment.
"""

import asyncio
import contextlib
import html
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Any

import aiohttp
import simcord
from aiohttp import web
from simcord.builders import ChannelHandle, UserHandle

from bot.i18n import _, speaking
from bot.sandbox.command_names import leaf_of, registered_options
from bot.sandbox.preview import (
    REPUBLISHES_EVERY_PAGE,
    channels_touched,
    events_so_far,
    open_preview,
    speed_up_previews,
)

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Sandbox-Secret"
CAPABILITY_HEADER = "X-Simcord-Capability"
ACTION_PATH = "/api/action"
PAGES_PATH = "/api/pages"
COMMAND_ACTIONS = frozenset({"run_command", "autocomplete_command"})
# simcord accepts uploads of up to 25 MiB in one action.
MAX_REQUEST_BYTES = 27 * 1024 * 1024
PASSED_REQUEST_HEADERS = frozenset(
    {"accept", "content-type", "range", "if-range", "x-simcord-capability", "x-simcord-context"}
)
DROPPED_RESPONSE_HEADERS = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "date",
        "server",
        "content-length",
    }
)
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

    def resolve_channel(self) -> ChannelHandle:
        if self.channel is not None:
            return self.channel
        owner = self.viewers[0]
        assert isinstance(owner, UserHandle)
        return owner.dm_channel


@dataclass
class OpenRoom:
    """A room with its preview entered, and where that preview's own server listens."""

    room: Room
    preview: Any
    channel_id: int
    capability: str
    upstream: str
    seen: int  # how many of the world's events its pages have been published with
    viewer_id: str | None = None
    """Who the person last chose under *Viewing as*: a reloaded page opens as them, not
    as the room's first player (whose move the next click would then make)."""


def _json(body: bytes | None) -> dict[str, Any]:
    try:
        value = json.loads(body or b"{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def rejected_as_stale(response: web.Response) -> bool:
    """Whether the preview refused an action only because the page had not yet shown
    its newest publication (the clock or another room's action published in between)."""
    result = _json(response.body if isinstance(response.body, bytes) else None)
    codes = {d.get("code") for d in result.get("diagnostics") or [] if isinstance(d, dict)}
    return result.get("rejected") is True and "stale-revision" in codes


def republished_every_page(action: bytes, response: web.Response) -> bool:
    """Whether simcord republished every page of the preview after this page action."""
    try:
        kind = json.loads(action).get("kind")
        result = json.loads(response.body) if isinstance(response.body, bytes) else {}
    except (ValueError, AttributeError):
        return False
    return (
        response.status == 200
        and kind in REPUBLISHES_EVERY_PAGE
        and result.get("rejected") is False
        and result.get("settlement") == "settled"
    )


class RoomServer:
    """Serves the room list, opens rooms, and passes each page's requests to its preview."""

    def __init__(
        self, env: simcord.Env, rooms: list[Room], port: int, language: str = "en"
    ) -> None:
        self.env = env
        self.language = language
        """The players' client language: a German page lists the German command names."""
        self.rooms = {room.key: room for room in rooms}
        self.requested_port = port
        self.secret = secrets.token_urlsafe(24)
        self.port: int | None = None
        self.lock = asyncio.Lock()
        self._open: dict[str, OpenRoom] = {}
        self._runner: web.AppRunner | None = None
        self._client: aiohttp.ClientSession | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        """The room list: loopback address plus the secret in the fragment."""
        return f"{self.base}/#{self.secret}"

    @property
    def base(self) -> str:
        assert self.port is not None, "the room list is not served"
        return f"http://127.0.0.1:{self.port}"

    @property
    def open_rooms(self) -> list[str]:
        return list(self._open)

    def preview(self, key: str) -> Any:
        """The open simcord Preview of a room (KeyError when it is not open)."""
        return self._open[key].preview

    async def start(self) -> None:
        speed_up_previews()
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.router.add_get("/", self._index)
        app.router.add_get("/sandbox/rooms.js", self._script)
        app.router.add_post("/sandbox/rooms/{key}", self._open_room)
        app.router.add_get("/room/{key}", self._room_page)
        app.router.add_route("*", "/api/{tail:.*}", self._api)
        app.router.add_get("/{tail:.*}", self._page_file)
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
        self._client = aiohttp.ClientSession(auto_decompress=False)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for opened in list(self._open.values()):
            await opened.preview.close()
        self._open.clear()
        if self._client is not None:
            await self._client.close()
            self._client = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def open(self, key: str) -> str:
        """The page URL of a room (with its capability), opening its preview when needed."""
        async with self.lock:
            opened = self._open.get(key)
            if opened is None:
                opened = await self._enter(self.rooms[key])
        return f"{self.base}/room/{key}#{opened.capability}"

    async def _enter(self, room: Room) -> OpenRoom:
        channel = room.resolve_channel()
        preview = await open_preview(self.env, channel, room.viewers)
        upstream, capability = str(preview.url).split("/#", 1)
        opened = OpenRoom(room, preview, channel.id, capability, upstream, events_so_far(self.env))
        self._open[room.key] = opened
        task = asyncio.create_task(self._forget_when_closed(opened))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return opened

    async def _forget_when_closed(self, opened: OpenRoom) -> None:
        # The page's "End preview session" closes its preview; the next pick opens a new one.
        await opened.preview.wait_closed()
        if self._open.get(opened.room.key) is opened:
            del self._open[opened.room.key]

    async def publish_changes(self, *, acted_in: str | None = None) -> None:
        """Republish the open rooms whose channel saw events since they were last published.

        The caller holds `lock`. `acted_in` is the room whose page has just acted: simcord
        has republished that page (after a command, every page of the room), so it is not
        refreshed here, before the page's answer; the clock's next tick refreshes it if
        simcord did not republish its other pages.
        """
        for opened in list(self._open.values()):
            end = events_so_far(self.env)
            if opened.room.key == acted_in or opened.seen >= end:
                continue
            channels = channels_touched(self.env, opened.seen, end)
            if channels is None or opened.channel_id in channels:
                try:
                    await opened.preview.refresh()
                except simcord.SetupError:
                    log.debug("room %s closed while refreshing", opened.room.key)
            opened.seen = end

    # --- HTTP -------------------------------------------------------------------------

    def _loopback(self, request: web.Request) -> bool:
        return request.headers.get("Host", "") in {
            f"127.0.0.1:{self.port}",
            f"localhost:{self.port}",
        }

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin in {
            None,
            "null",
            f"http://127.0.0.1:{self.port}",
            f"http://localhost:{self.port}",
        }

    def _guard(self, request: web.Request) -> None:
        if not (self._loopback(request) and self._same_origin(request)):
            raise web.HTTPForbidden()

    async def _index(self, request: web.Request) -> web.Response:
        self._guard(request)
        return web.Response(text=self._page(), content_type="text/html", headers=HEADERS)

    async def _script(self, request: web.Request) -> web.Response:
        self._guard(request)
        return web.Response(text=SCRIPT, content_type="application/javascript", headers=HEADERS)

    async def _open_room(self, request: web.Request) -> web.Response:
        self._guard(request)
        supplied = request.headers.get(SECRET_HEADER, "")
        if not secrets.compare_digest(supplied.encode(), self.secret.encode()):
            raise web.HTTPUnauthorized()
        key = request.match_info["key"]
        if key not in self.rooms:
            raise web.HTTPNotFound()
        url = await self.open(key)
        return web.json_response({"room": key, "url": url}, headers=HEADERS)

    async def _room_page(self, request: web.Request) -> web.Response:
        self._guard(request)
        opened = self._open.get(request.match_info["key"])
        if opened is None:
            return web.Response(
                text=self._closed_page(), content_type="text/html", status=404, headers=HEADERS
            )
        return await self._forward(request, opened.upstream, "/")

    async def _api(self, request: web.Request) -> web.Response:
        self._guard(request)
        capability = request.headers.get(CAPABILITY_HEADER)
        opened = next((o for o in self._open.values() if o.capability == capability), None)
        if opened is None:
            raise web.HTTPUnauthorized()
        if request.method == "POST" and request.path == PAGES_PATH:
            return await self._open_page(request, opened)
        if request.method != "POST" or request.path != ACTION_PATH:
            return await self._forward(request, opened.upstream, request.path_qs)
        async with self.lock:
            action = self._registered_names(await request.read(), opened)
            response = await self._forward(request, opened.upstream, request.path_qs, body=action)
            if rejected_as_stale(response):
                response = await self._retry_on_the_newest(request, opened, action)
            self._note_viewer(action, response, opened)
            # Before the page hears back: what the action did elsewhere (a DM) is then
            # in every other open room, and nothing runs after the answer.
            await self.publish_changes(acted_in=opened.room.key)
            if republished_every_page(await request.read(), response):
                opened.seen = events_so_far(self.env)
        return response

    async def _open_page(self, request: web.Request, opened: OpenRoom) -> web.Response:
        """A page (re)opening: as the viewer last chosen in this room, unless it names one."""
        body = _json(await request.read())
        if opened.viewer_id is not None and "viewer_id" not in body:
            body["viewer_id"] = opened.viewer_id
        return await self._forward(
            request, opened.upstream, request.path_qs, body=json.dumps(body).encode()
        )

    def _registered_names(self, action: bytes, opened: OpenRoom) -> bytes:
        """A German page's command action with the registered option names (the page
        shows the German ones: `bot.sandbox.command_names`)."""
        if self.language != "de":
            return action
        body = _json(action)
        if body.get("kind") not in COMMAND_ACTIONS:
            return action
        viewer = opened.room.viewers[0]
        commands = self.env.backend.visible_commands(
            user_id=viewer.id, channel_id=opened.channel_id
        )
        leaf = leaf_of(commands, body)
        return action if leaf is None else json.dumps(registered_options(leaf, body)).encode()

    async def _retry_on_the_newest(
        self, request: web.Request, opened: OpenRoom, action: bytes
    ) -> web.Response:
        """Send a click refused as stale once more, at the revision the page now has.

        The person pressed a control they saw; the page was a publication behind (the
        clock ticked, or a move in another room published every page). Retrying at the
        newest revision is what the person meant, and is safe: a control that is gone is
        refused by the preview, and a move the table has moved past by the bot."""
        body = _json(action)
        page = opened.preview._get_page(request.headers.get("X-Simcord-Context"))
        body["published_revision"] = page.revision
        return await self._forward(
            request, opened.upstream, request.path_qs, body=json.dumps(body).encode()
        )

    @staticmethod
    def _note_viewer(action: bytes, response: web.Response, opened: OpenRoom) -> None:
        body = _json(action)
        result = _json(response.body if isinstance(response.body, bytes) else None)
        if body.get("kind") == "viewer" and result.get("rejected") is False:
            viewer = body.get("viewer_id")
            opened.viewer_id = str(viewer) if viewer is not None else None

    async def _page_file(self, request: web.Request) -> web.Response:
        self._guard(request)
        opened = next(iter(self._open.values()), None)
        if opened is None:
            raise web.HTTPNotFound()
        return await self._forward(request, opened.upstream, request.path_qs)

    async def _forward(
        self, request: web.Request, upstream: str, path: str, *, body: bytes | None = None
    ) -> web.Response:
        """Pass a request to a preview's server as if it were its own, and its answer back
        (with `body` instead of the request's own, when given)."""
        assert self._client is not None
        headers = {k: v for k, v in request.headers.items() if k.lower() in PASSED_REQUEST_HEADERS}
        origin = request.headers.get("Origin")
        if origin is not None:
            headers["Origin"] = "null" if origin == "null" else upstream
        if body is None:
            body = await request.read() if request.can_read_body else None
        try:
            async with self._client.request(
                request.method, upstream + path, headers=headers, data=body, allow_redirects=False
            ) as answer:
                content = await answer.read()
        except aiohttp.ClientError as error:
            log.warning("the preview of a room did not answer: %s", error)
            raise web.HTTPBadGateway() from error
        response = web.Response(status=answer.status, reason=answer.reason, body=content)
        for name, value in answer.headers.items():
            if name.lower() not in DROPPED_RESPONSE_HEADERS:
                response.headers.add(name, value)
        return response

    def _closed_page(self) -> str:
        with speaking(self.language):
            words = {
                "{lang}": self.language,
                "{title}": _("Room closed"),
                "{text}": _(
                    "This room's page was closed. Open it again from the room list (the "
                    "address the sandbox printed)."
                ),
            }
        return _filled(CLOSED_ROOM, words)

    def _page(self) -> str:
        """The room list, in the sandbox's language (the script's status lines too: it
        reads them from the page)."""
        with speaking(self.language):
            words = {
                "{lang}": self.language,
                "{title}": _("Smithfield sandbox"),
                "{intro}": _(
                    "The real bot in a simulated Discord server. Open #table to play; a "
                    "player's DMs hold what the bot sent them privately. Each room opens in a "
                    "tab of its own, so #table and DMs can be watched side by side."
                ),
                "{opening}": _("Opening {room}…"),
                "{no_secret}": _(
                    "This address lacks the sandbox's secret: use the exact URL the sandbox "
                    "printed."
                ),
                "{failed}": _("Could not open that room ({status})."),
            }
        page = _filled(PAGE, words)
        items = "\n".join(
            f'<li><button data-room="{html.escape(room.key)}">{html.escape(room.label)}</button>'
            f"<span>{html.escape(room.hint)}</span></li>"
            for room in self.rooms.values()
        )
        return page.replace("{items}", items)


def _filled(template: str, words: dict[str, str]) -> str:
    """A page template with its `{name}` places filled, each text escaped for HTML."""
    for key, value in words.items():
        template = template.replace(key, html.escape(value))
    return template


PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
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
<h1>{title}</h1>
<p>{intro}</p>
<ul>
{items}
</ul>
<div id="status" role="status" data-opening="{opening}" data-no-secret="{no_secret}"
     data-failed="{failed}"></div>
</main>
<script src="/sandbox/rooms.js"></script>
</body></html>
"""

CLOSED_ROOM = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head>
<body style="background:#313338;color:#dbdee1;font:16px/1.5 system-ui,sans-serif;padding:2rem">
<p>{text}</p></body></html>
"""

SCRIPT = """"use strict";
const secret = location.hash.slice(1);
const status = document.getElementById("status");
for (const button of document.querySelectorAll("button[data-room]")) {
  button.addEventListener("click", async () => {
    status.textContent = status.dataset.opening.replace("{room}", button.textContent);
    // Opened before the request, so the browser treats it as the click's own new tab.
    const tab = window.open("about:blank", "_blank");
    if (tab) tab.opener = null;
    const response = await fetch("/sandbox/rooms/" + encodeURIComponent(button.dataset.room), {
      method: "POST", headers: { "X-Sandbox-Secret": secret },
    });
    if (!response.ok) {
      if (tab) tab.close();
      status.textContent = response.status === 401
        ? status.dataset.noSecret
        : status.dataset.failed.replace("{status}", String(response.status));
      return;
    }
    const url = (await response.json()).url;
    if (tab) { tab.location.assign(url); status.textContent = ""; }
    else location.assign(url);
  });
}
"""
