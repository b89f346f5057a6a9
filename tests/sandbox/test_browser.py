"""A real headless browser (Debian's chromium) draws the sandbox's pages on a started game.

Pictures are taken only once the page has drawn the newest message with its embed (the
mechanism `python -m bot.sandbox_screenshot` uses for the README's picture); they are kept
under artifacts/ for people to look at. CI sets SMITHFIELD_REQUIRE_BROWSER=1 so a missing
browser fails there instead of skipping.
"""

import os
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from bot.sandbox import Sandbox
from bot.sandbox_browser import DESKTOP, PHONE, Chromium, find_chromium
from bot.sandbox_scenes import auction_scene
from bot.sandbox_screenshot import picture_of_room
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
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

        await browser.open(sandbox.url)
        await browser.wait_until(ROOM_BUTTONS, "the rooms")
        rooms = ARTIFACTS / "sandbox-rooms.png"
        await browser.screenshot(rooms)
        assert_a_real_picture(rooms, DESKTOP)

        desktop = ARTIFACTS / "sandbox-desktop.png"
        await picture_of_room(sandbox, browser, "table", auction, desktop)
        assert_a_real_picture(desktop, DESKTOP)
        # What a person reads there: the auction's line and its embed, buttons and all.
        drawn = await browser.evaluate(
            f"document.querySelector('article[data-message-id=\"{auction.id}\"]').innerText"
        )
        assert "designates card 1" in drawn and "Fantasy Business" in drawn
        assert "Pass" in drawn

        phone = ARTIFACTS / "sandbox-phone.png"
        await picture_of_room(sandbox, browser, "table", auction, phone, PHONE)
        assert_a_real_picture(phone, PHONE)
