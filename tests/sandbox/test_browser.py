"""A real headless browser (Debian's chromium) opens the sandbox's page on a started game.

The screenshots are kept under artifacts/ for people to look at; CI sets
SMITHFIELD_REQUIRE_BROWSER=1 so a missing browser fails there instead of skipping.
"""

import asyncio
import os
import shutil
from pathlib import Path

import aiohttp
import pytest
from PIL import Image, ImageStat

from bot.sandbox import Sandbox
from bot.settings import Settings
from tests.sandbox.preview_client import open_room
from tests.sandbox.test_page import start_fantasy_business

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
BROWSER_SECONDS = 120


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("SMITHFIELD_REQUIRE_BROWSER") == "1":
            pytest.fail("chromium is required (SMITHFIELD_REQUIRE_BROWSER=1) but not installed")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


async def screenshot(browser: str, url: str, out: Path, size: str, profile: Path) -> None:
    """Run the browser as its own process while this event loop keeps serving the page."""
    out.unlink(missing_ok=True)
    process = await asyncio.create_subprocess_exec(
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={size}",
        # Lets the page's scripts fetch and render before the picture is taken.
        "--virtual-time-budget=8000",
        f"--screenshot={out}",
        url,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, errors = await asyncio.wait_for(process.communicate(), BROWSER_SECONDS)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise
    assert process.returncode == 0, errors.decode(errors="replace")[-2000:]


def assert_a_real_picture(path: Path, width: int, height: int) -> None:
    assert path.stat().st_size > 10_000
    with Image.open(path) as image:
        assert image.size == (width, height)
        grey = image.convert("L")
        assert ImageStat.Stat(grey).stddev[0] > 10  # not a blank page
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
        assert colours is not None and len(colours) > 100


async def test_a_browser_shows_a_started_game(settings: Settings, tmp_path: Path) -> None:
    browser = chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        await start_fantasy_business(sandbox)
        rooms = ARTIFACTS / "sandbox-rooms.png"
        await screenshot(browser, sandbox.url, rooms, "1280,900", tmp_path / "profile-rooms")
        assert_a_real_picture(rooms, 1280, 900)

        url = await open_room(http, sandbox, "table")
        desktop = ARTIFACTS / "sandbox-desktop.png"
        await screenshot(browser, url, desktop, "1280,900", tmp_path / "profile-desktop")
        assert_a_real_picture(desktop, 1280, 900)
        phone = ARTIFACTS / "sandbox-phone.png"
        await screenshot(browser, url, phone, "412,915", tmp_path / "profile-phone")
        assert_a_real_picture(phone, 412, 915)

        # What the page was given to draw: the started game.
        shown = str(await sandbox.rooms.preview.snapshot())
        assert "Fantasy Business** begins" in shown
