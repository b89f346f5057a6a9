"""How long a command takes to show in the sandbox's page with 200 messages in #table.

The sandbox runs as `make run` runs it (real clock, ticking), on a #table played and talked
in until it holds 200 messages. Three figures, each over several commands:

- the acting tab: from sending `/game status` through the page's API until the page's own
  read of `/api/state` (which it makes right after an action) has the answer;
- another tab on the same room: until its `/api/state` has it (a real page polls every
  0.5 s, so it shows it at its next poll after that);
- in Chromium: `/game status` typed into the page's composer (Tab picks the command,
  Enter runs it) until the page has drawn the answer with its embed and painted it,
  timed by the page's own clock (a key listener and a DOM observer in the page).
  Skipped without Chromium.
"""

import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox.browser import BrowserError, Chromium, find_chromium
from bot.sandbox.scenes import last_seen_by, long_table
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room, poll_until

MESSAGES = 200
SAMPLES = 8
BROWSER_SAMPLES = 5
PAUSE_SECONDS = 1.3  # between commands, so that ticks fall anywhere in them
COMMAND = "game status"
# Installed in the page once: `timing.enter` when Enter goes down, `timing.drawn` at the
# first frame painted after a new newest message with an embed is in the conversation.
STOPWATCH = """(() => {
  const newest = () => [...document.querySelectorAll("article[data-message-id]")].pop();
  window.timing = { enter: null, drawn: null, before: newest()?.dataset.messageId };
  addEventListener("keydown", (event) => {
    if (event.key === "Enter") window.timing.enter = performance.now();
  }, true);
  new MutationObserver(() => {
    const timing = window.timing, message = newest();
    if (timing.enter === null || timing.drawn !== null || !message) return;
    if (message.dataset.messageId === timing.before) return;
    if (!message.querySelector(".embed-card")) return;
    timing.drawn = 0;
    requestAnimationFrame(() => { timing.drawn = performance.now(); });
  }).observe(document.body, { childList: true, subtree: true });
})()"""
RESET = """(() => {
  const drawn = [...document.querySelectorAll("article[data-message-id]")].pop();
  window.timing = { enter: null, drawn: null, before: drawn?.dataset.messageId };
})()"""


def summary(samples: Sequence[float]) -> str:
    return (
        f"median {statistics.median(samples) * 1000:.0f} ms, "
        f"max {max(samples) * 1000:.0f} ms ({len(samples)} commands)"
    )


async def through_the_api(sandbox: Sandbox, http: aiohttp.ClientSession) -> None:
    alice = sandbox.world.players[0]
    url = await open_room(http, sandbox, "table")
    acting = await PreviewPage(http, url).open(alice.id)
    other = await PreviewPage(http, url).open(alice.id)
    acted: list[float] = []
    watched: list[float] = []
    for _ in range(SAMPLES):
        await asyncio.sleep(PAUSE_SECONDS)
        started = time.perf_counter()
        result = await acting.run(COMMAND)
        sent = {outcome["messageId"] for outcome in result["outcomes"]}
        assert sent <= set((await acting.state())["messages"])
        acted.append(time.perf_counter() - started)
        await poll_until(other, lambda state, sent=sent: sent <= set(state["messages"]))
        watched.append(time.perf_counter() - started)
    for page in (acting, other):
        await page.close()
    print(f"  acting tab's own read after its command: {summary(acted)}")
    print(f"  another tab's read (it polls every 0.5 s): {summary(watched)}")


async def in_chromium(sandbox: Sandbox) -> None:
    async with Chromium() as browser:
        tab = browser.tab
        await tab.open(await sandbox.rooms.open("table"))
        newest = last_seen_by(sandbox, 0)
        await tab.wait_for_message(newest.id, embed=bool(newest.embeds))
        await tab.evaluate(STOPWATCH)
        drawn: list[float] = []
        for _ in range(BROWSER_SAMPLES):
            await asyncio.sleep(PAUSE_SECONDS)
            await tab.evaluate(RESET)
            await tab.run_command(COMMAND)
            await tab.wait_until("window.timing.drawn > 0", "the command's answer")
            timing = await tab.evaluate("window.timing")
            drawn.append((timing["drawn"] - timing["enter"]) / 1000)
    print(f"  in Chromium, Enter in the composer until painted: {summary(drawn)}")


async def measure() -> None:
    with tempfile.TemporaryDirectory(prefix="smithfield-bench-") as folder:
        settings = Settings().model_copy(
            update={"sandbox_database_path": Path(folder) / "sandbox.db", "seed": 7}
        )
        async with Sandbox(settings, players=3, port=0) as sandbox:
            await long_table(sandbox, MESSAGES)
            print(
                f"sandbox page, {len(sandbox.world.table.history())} messages in #table, "
                f"`/{COMMAND}` as alice:"
            )
            async with aiohttp.ClientSession() as http:
                await through_the_api(sandbox, http)
            if find_chromium() is None:
                print("  in Chromium: skipped (chromium is not installed)")
                return
            try:
                await in_chromium(sandbox)
            except BrowserError as error:
                print(f"  in Chromium: failed ({error})")


def main() -> None:
    asyncio.run(measure())
