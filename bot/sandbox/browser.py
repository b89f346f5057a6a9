"""Headless Chromium driven over the DevTools protocol, to look at the sandbox's page.

A screenshot taken after a fixed delay catches the page mid-render (the old
`docs/sandbox.png` shows "Updating viewport…" and an empty band where messages were still
being laid out). `Chromium.wait_for_message` instead waits for what a person waits for:
the page idle, the given message (and its embed) drawn, the fonts and images loaded, and
two animation frames painted. The same wait times how long an action takes to appear.

Only the standard library and aiohttp (the bot's own dependency) are used: Chromium is
started with `--remote-debugging-port=0`, its port is read from the profile's
`DevToolsActivePort` file, and each page (a `Tab`, in a window of its own so that all are
visible) is driven through a flattened target session.
"""

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
START_SECONDS = 60.0
COMMAND_SECONDS = 60.0
RENDER_SECONDS = 60.0
POLL_SECONDS = 0.05
DESKTOP = (1280, 900)
PHONE = (412, 915)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    # Tabs side by side all keep polling and drawing, as windows side by side would.
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--remote-debugging-port=0",
)

# The page has drawn a message when simcord's app is idle, the message's article is in the
# conversation (with its embed, when it has one), and nothing is still loading.
DRAWN = """(() => {
  const app = document.getElementById("preview-app");
  const message = document.querySelector(`article[data-message-id="${ID}"]`);
  return Boolean(app && app.getAttribute("aria-busy") === "false" && message
    && (!EMBED || message.querySelector(".embed-card"))
    && document.fonts.status === "loaded"
    && [...document.images].every((image) => image.complete));
})()"""
# simcord's composer: the command list offers `/name` first, then Tab has chosen it.
OFFERED = (
    'document.querySelector("#command-picker-listbox .command-entry-title strong")'
    "?.textContent === COMMAND"
)
CHOSEN = 'document.querySelector(".command-chip")?.textContent === COMMAND'
# The id of the newest message in the page's conversation (null when there is none).
NEWEST = """(() => {
  const drawn = document.querySelectorAll("article[data-message-id]");
  return drawn.length ? drawn[drawn.length - 1].dataset.messageId : null;
})()"""
PAINTED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(1))))"


class BrowserError(RuntimeError):
    """Chromium is missing, did not start, or refused a command."""


def find_chromium() -> str | None:
    return next((path for name in CHROMIUM_NAMES if (path := shutil.which(name))), None)


class Chromium:
    """One headless Chromium; `async with Chromium() as browser`, then `browser.tab`."""

    def __init__(self, executable: str | None = None) -> None:
        found = executable or find_chromium()
        if found is None:
            raise BrowserError("Chromium is not installed (apt-get install chromium)")
        self.executable = found
        # Chromium's helper processes may still be writing when it exits.
        self._profile = tempfile.TemporaryDirectory(
            prefix="smithfield-chromium-", ignore_cleanup_errors=True
        )
        self._process: asyncio.subprocess.Process | None = None
        self._http: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._tab: Tab | None = None

    async def __aenter__(self) -> "Chromium":
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _start(self) -> None:
        profile = Path(self._profile.name)
        self._process = await asyncio.create_subprocess_exec(
            self.executable,
            *FLAGS,
            f"--user-data-dir={profile}",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        port_file = profile / "DevToolsActivePort"
        loop = asyncio.get_running_loop()
        give_up = loop.time() + START_SECONDS
        while not port_file.exists() or len(port_file.read_text().splitlines()) < 2:
            if self._process.returncode is not None or loop.time() > give_up:
                raise BrowserError("Chromium did not start its DevTools endpoint")
            await asyncio.sleep(POLL_SECONDS)
        port, path = port_file.read_text().splitlines()[:2]
        self._http = aiohttp.ClientSession()
        self._socket = await self._http.ws_connect(
            f"ws://127.0.0.1:{port}{path}", max_msg_size=256 * 1024 * 1024
        )
        self._reader = asyncio.create_task(self._read())
        self._tab = await self.new_tab()

    @property
    def tab(self) -> "Tab":
        """The tab opened with the browser."""
        assert self._tab is not None, "Chromium is not running"
        return self._tab

    async def new_tab(self) -> "Tab":
        """Another page of the same browser (same profile), shown beside the others."""
        # In a window of its own: a background tab would stop drawing (the page waits for
        # animation frames), as a tab hidden behind another does in a person's browser.
        target = await self.send("Target.createTarget", {"url": "about:blank", "newWindow": True})
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}
        )
        tab = Tab(self, str(attached["sessionId"]))
        await tab.send("Page.enable")
        return tab

    async def close(self) -> None:
        if self._socket is not None and self._reader is not None and not self._reader.done():
            # Asked to quit, Chromium also ends its helper processes.
            with contextlib.suppress(BrowserError, TimeoutError, ConnectionError):
                await asyncio.wait_for(self.send("Browser.close"), 10)
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._socket is not None:
            await self._socket.close()
        if self._http is not None:
            await self._http.close()
        if self._process is not None and self._process.returncode is None:
            self._process.terminate()
            try:
                await asyncio.wait_for(self._process.wait(), 10)
            except TimeoutError:
                self._process.kill()
                await self._process.wait()
        self._profile.cleanup()

    async def page_urls(self) -> list[str]:
        """The address of every page open in the browser, as a person's tabs."""
        targets = await self.send("Target.getTargets")
        return [t["url"] for t in targets["targetInfos"] if t["type"] == "page"]

    async def _read(self) -> None:
        assert self._socket is not None
        async for frame in self._socket:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            waiting = self._waiting.pop(message.get("id", -1), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_exception(BrowserError("Chromium closed the DevTools connection"))

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None
    ) -> dict[str, Any]:
        """One DevTools command, to the browser or to a tab's session; its result."""
        assert self._socket is not None
        identity = next(self._ids)
        command: dict[str, Any] = {"id": identity, "method": method, "params": params or {}}
        if session is not None:
            command["sessionId"] = session
        answer = asyncio.get_running_loop().create_future()
        self._waiting[identity] = answer
        await self._socket.send_str(json.dumps(command))
        reply = await asyncio.wait_for(answer, COMMAND_SECONDS)
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error'].get('message')}")
        result: dict[str, Any] = reply.get("result", {})
        return result


class Tab:
    """One page of a `Chromium`, in a window of its own."""

    def __init__(self, browser: Chromium, session: str) -> None:
        self.browser = browser
        self.session = session

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """One DevTools command to this tab; its result."""
        return await self.browser.send(method, params, session=self.session)

    async def open(self, url: str, size: tuple[int, int] = DESKTOP) -> None:
        """Load a page in a viewport of this size (under 600 px wide: a phone)."""
        width, height = size
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        await self.send("Page.navigate", {"url": url})

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the tab (promises awaited)."""
        result = await self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"the page's script failed: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    async def wait_until(self, expression: str, what: str) -> None:
        """Return once a JavaScript expression is true in the tab, then painted."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + RENDER_SECONDS
        while not await self.evaluate(expression):
            if loop.time() > give_up:
                raise BrowserError(f"the page did not show {what}")
            await asyncio.sleep(POLL_SECONDS)
        await self.evaluate(PAINTED)

    async def wait_for_message(self, message_id: int, *, embed: bool) -> None:
        """Return once the page has drawn this message completely, and painted it."""
        expression = DRAWN.replace("${ID}", str(message_id)).replace(
            "EMBED", "true" if embed else "false"
        )
        await self.wait_until(expression, f"message {message_id}")

    async def wait_for_newer(self, message_id: int | None) -> None:
        """Return once the page shows a newer message than `message_id` (None: any)."""
        await self.wait_until(f"{NEWEST} !== {json.dumps(str(message_id))}", "a new message")

    async def click(self, selector: str) -> None:
        """Click the middle of an element with the mouse, as a person does (popups allowed)."""
        where = await self.evaluate(
            f"(() => {{ const box = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            await self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": where[0], "y": where[1], "button": "left", "clickCount": 1},
            )

    async def key(self, name: str, code: int) -> None:
        """Press and release a key (Enter, Tab...) in the focused element."""
        for kind in ("rawKeyDown", "keyUp"):
            await self.send(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": name, "code": name, "windowsVirtualKeyCode": code},
            )

    async def run_command(self, invocation: str) -> None:
        """Type `/invocation` in the page's composer, choose it with Tab and send it with Enter.

        As a person does, for commands without required options; Escape first closes the
        list of choices for an optional one, which Enter would pick instead of sending.
        """
        command = json.dumps(f"/{invocation}")
        await self.evaluate("document.getElementById('channel-composer-input').focus()")
        await self.send("Input.insertText", {"text": f"/{invocation}"})
        await self.wait_until(OFFERED.replace("COMMAND", command), f"/{invocation} offered")
        await self.key("Tab", 9)
        await self.wait_until(CHOSEN.replace("COMMAND", command), f"/{invocation} chosen")
        await self.key("Escape", 27)
        await self.key("Enter", 13)

    async def screenshot(self, path: Path) -> None:
        """The tab's viewport as a PNG file."""
        shot = await self.send("Page.captureScreenshot", {"format": "png"})
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
