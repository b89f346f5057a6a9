"""A real headless browser (Debian's chromium) draws the sandbox's pages on a started game.

Pictures are taken only once the page has drawn the newest message with its embed (the
mechanism `python -m bot.sandbox.screenshot` uses for the README's picture); they are kept
under artifacts/ for people to look at. CI sets SMITHFIELD_REQUIRE_BROWSER=1 so a missing
browser fails there instead of skipping.
"""

import asyncio
import os
from pathlib import Path

import aiohttp
import pytest
from PIL import Image, ImageStat

from bot.sandbox import Sandbox
from bot.sandbox.browser import DESKTOP, PHONE, Chromium, find_chromium
from bot.sandbox.scenes import auction_scene, last_seen_by, started_fantasy_business
from bot.sandbox.screenshot import picture_of_room
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
IDLE = "document.getElementById('preview-app')?.getAttribute('aria-busy') === 'false'"
ROOM_BUTTONS = "document.querySelectorAll('button[data-room]').length === 4"


def chromium() -> str:
    found = find_chromium()
    if found is None:
        if os.environ.get("SMITHFIELD_REQUIRE_BROWSER") == "1":
            pytest.fail("chromium is required (SMITHFIELD_REQUIRE_BROWSER=1) but not installed")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


def assert_a_real_picture(path: Path, size: tuple[int, int]) -> None:
    assert path.stat().st_size > 10_000
    with Image.open(path) as image:
        assert image.size == size
        grey = image.convert("L")
        assert ImageStat.Stat(grey).stddev[0] > 10  # not a blank page
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
        assert colours is not None and len(colours) > 100


async def test_a_browser_draws_a_started_game(settings: Settings) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        Chromium(chromium()) as browser,
    ):
        auction = await auction_scene(sandbox)

        tab = browser.tab
        await tab.open(sandbox.url)
        await tab.wait_until(ROOM_BUTTONS, "the rooms")
        rooms = ARTIFACTS / "sandbox-rooms.png"
        await tab.screenshot(rooms)
        assert_a_real_picture(rooms, DESKTOP)

        desktop = ARTIFACTS / "sandbox-desktop.png"
        await picture_of_room(sandbox, tab, "table", auction, desktop)
        assert_a_real_picture(desktop, DESKTOP)
        # What a person reads there: the auction's line and its embed, buttons and all.
        drawn = await tab.evaluate(
            f"document.querySelector('article[data-message-id=\"{auction.id}\"]').innerText"
        )
        assert "Under the hammer: card 1" in drawn and "Fantasy Business" in drawn
        assert "Pass" in drawn

        phone = ARTIFACTS / "sandbox-phone.png"
        await picture_of_room(sandbox, tab, "table", auction, phone, PHONE)
        assert_a_real_picture(phone, PHONE)

        # On the room list, each room opens in a tab of its own and the list stays.
        await tab.open(sandbox.url)
        await tab.wait_until(ROOM_BUTTONS, "the rooms")
        await tab.click('button[data-room="table"]')
        await tab.click('button[data-room="dm-bob"]')

        rooms_open = {f"{sandbox.rooms.base}/room/{key}#" for key in ("table", "dm-bob")}

        async def both_opened() -> list[str]:
            while True:
                urls = await browser.page_urls()
                if all(any(url.startswith(room) for url in urls) for room in rooms_open):
                    return urls
                await asyncio.sleep(0.05)

        assert sandbox.url in await asyncio.wait_for(both_opened(), 60)


async def test_a_table_tab_and_a_dm_tab_keep_up_side_by_side(settings: Settings) -> None:
    """Two tabs of one browser: #table and dave's DMs, each showing and acting."""
    async with (
        Sandbox(settings, players=4, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
        Chromium(chromium()) as browser,
    ):
        world = sandbox.world
        alice, _bob, carol, dave = world.players
        await started_fantasy_business(sandbox)
        table, dms = browser.tab, await browser.new_tab()
        await table.open(await sandbox.rooms.open("table"))
        await table.wait_for_message(last_seen_by(sandbox, 0).id, embed=False)
        await dms.open(await sandbox.rooms.open("dm-dave"))
        await dms.wait_until(IDLE, "dave's DMs")

        # A move in #table (from a third page) that DMs dave shows in both tabs.
        host = await PreviewPage(http, await open_room(http, sandbox, "table")).open(alice.id)
        await host.run("game replace", old=str(carol.id), new=str(dave.id))
        welcome = dave.user.dm_channel.last_message
        assert welcome is not None
        await dms.wait_for_message(welcome.id, embed=bool(welcome.embeds))
        await table.wait_for_message(last_seen_by(sandbox, 0).id, embed=False)

        # Each tab acts through its own composer; the other stays connected.
        await dms.run_command("hand")
        await dms.wait_for_newer(welcome.id)
        hand = dave.user.dm_channel.history(viewer=dave.user)[-1]
        assert "special cards" in str(hand.embeds[0].title)
        await dms.wait_for_message(hand.id, embed=True)
        before = last_seen_by(sandbox, 0)
        await table.run_command("rules")
        await table.wait_for_newer(before.id)
        rules = last_seen_by(sandbox, 0)
        await table.wait_for_message(rules.id, embed=bool(rules.embeds))
        for tab in (table, dms):
            status = await tab.evaluate("document.getElementById('action-status').textContent")
            assert "interrupted" not in status and "unavailable" not in status, status
