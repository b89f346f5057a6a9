"""`python -m bot.sandbox.screenshot`: retake the README's picture of the sandbox.

It runs the sandbox on a temporary database (the real bot, three players), plays to a
Fantasy Business auction with the players' own commands, opens #table in headless
Chromium (viewed as alice, the page's first viewer), waits until the page has drawn the
auction message with its embed (`Chromium.wait_for_message`, never a fixed delay), and
saves the picture at desktop size; `--phone` saves a 412 px wide one too, to look at.
Rerun it whenever the bot's messages or simcord's page change.
"""

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

import discord

from bot.sandbox.browser import DESKTOP, PHONE, BrowserError, Chromium, Tab
from bot.sandbox.scenes import (
    auction_scene,
    board_scene,
    business_chart_scene,
    designate_scene,
    gang_chart_scene,
    lobby_scene,
    market_scene,
    planner_scene,
    sheet_scene,
    standings_scene,
    submitted_scene,
)
from bot.sandbox.world import Sandbox
from bot.settings import Settings

DEFAULT_OUT = Path("docs/sandbox.png")
SEED = 7


async def picture_of_room(
    sandbox: Sandbox,
    tab: Tab,
    room: str,
    last: discord.Message,
    out: Path,
    size: tuple[int, int] = DESKTOP,
) -> None:
    """Open a room's page at this size and save it once `last` is drawn completely."""
    await tab.open(await sandbox.rooms.open(room), size)
    await tab.wait_for_message(last.id, embed=bool(last.embeds))
    await tab.screenshot(out)


async def take(out: Path, phone: Path | None, language: str = "en") -> None:
    with tempfile.TemporaryDirectory(prefix="smithfield-screenshot-") as folder:
        settings = Settings().model_copy(
            update={"sandbox_database_path": Path(folder) / "sandbox.db", "seed": SEED}
        )
        async with (
            Sandbox(settings, players=3, port=0, tick=False, language=language) as sandbox,
            Chromium() as browser,
        ):
            auction = await auction_scene(sandbox)
            await picture_of_room(sandbox, browser.tab, "table", auction, out)
            if phone is not None:
                await picture_of_room(sandbox, browser.tab, "table", auction, phone, PHONE)


async def take_all(folder: Path, language: str = "en", only: list[str] | None = None) -> None:
    """Every picture the calm-table and clicking work is judged by, at desktop and
    phone width: the lobby card, the First Buyer's centre-card menu, the auction, the
    market, Fagin's Gang's move builder (and after its Submit), a DM sheet after an edit,
    the standings, `/board` shared, and each game's `/game chart` shared."""
    folder.mkdir(parents=True, exist_ok=True)
    scenes = {
        "lobby": lobby_scene,
        "designate": designate_scene,
        "auction": auction_scene,
        "market": market_scene,
        "planner": planner_scene,
        "submitted": submitted_scene,
        "board": board_scene,
        "standings": standings_scene,
        "chart-fantasy-business": business_chart_scene,
        "chart-fagins-gang": gang_chart_scene,
    }
    for name, scene in [*scenes.items(), ("sheet", None)]:
        if only and name not in only:
            continue
        with tempfile.TemporaryDirectory(prefix="smithfield-screenshot-") as temporary:
            settings = Settings().model_copy(
                update={"sandbox_database_path": Path(temporary) / "sandbox.db", "seed": SEED}
            )
            async with (
                Sandbox(settings, players=3, port=0, tick=False, language=language) as sandbox,
                Chromium() as browser,
            ):
                room = "table"
                if scene is None:
                    seat, last = await sheet_scene(sandbox)
                    room = f"dm-{sandbox.world.players[seat].user.name}"
                else:
                    last = await scene(sandbox)
                for suffix, size in (("desktop", DESKTOP), ("phone", PHONE)):
                    out = folder / f"{name}-{suffix}.png"
                    await picture_of_room(sandbox, browser.tab, room, last, out, size)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.sandbox.screenshot",
        description="Picture the sandbox's #table at an auction, once the page has drawn it.",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="desktop PNG to write")
    parser.add_argument("--phone", type=Path, help="also write a 412 px wide PNG here")
    parser.add_argument(
        "--all", type=Path, metavar="FOLDER", help="every scene at both widths, into FOLDER"
    )
    parser.add_argument(
        "--only", action="append", metavar="SCENE", help="with --all: just this scene (repeat)"
    )
    parser.add_argument(
        "--language", choices=("en", "de"), default="en", help="de: a German server and players"
    )
    args = parser.parse_args(argv)
    try:
        if args.all is not None:
            asyncio.run(take_all(args.all, args.language, args.only))
            print(f"wrote the scenes into {args.all}")
            return 0
        asyncio.run(take(args.out, args.phone, args.language))
    except BrowserError as error:
        print(f"smithfield: {error}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}" + (f" and {args.phone}" if args.phone else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
