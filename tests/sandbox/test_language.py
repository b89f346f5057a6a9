"""The sandbox as a German server: `--language de`."""

import aiohttp

from bot.sandbox import Sandbox
from bot.sandbox.scenes import auction_scene
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room, split


async def test_a_german_sandbox_opens_german_tables_for_german_players(
    settings: Settings,
) -> None:
    async with Sandbox(settings, players=3, port=0, tick=False, language="de") as sandbox:
        auction = await auction_scene(sandbox)  # `/game new` without a language option
        game = sandbox.bot.service.store.open_game(sandbox.world.table.id)
        assert game is not None and game.options["language"] == "de"
        labels = [item.label for row in auction.components for item in row.children]
        assert "Passen" in labels, labels
        # The players' clients are German too: a refusal comes back in German.
        alice = sandbox.world.players[0]
        refused = await alice.slash(sandbox.world.table, "game join")
        assert refused.response is not None
        assert (refused.response.content or "").startswith("❌ Dieses Spiel hat schon begonnen"), (
            refused
        )
    # Leaving the sandbox gives simcord its English clients back.
    async with Sandbox(settings, players=3, port=0, tick=False) as sandbox:
        alice = sandbox.world.players[0]
        refused = await alice.slash(sandbox.world.table, "game join")
        assert refused.response is not None
        assert "This game has already started" in (refused.response.content or ""), refused


async def test_a_german_sandboxs_page_offers_the_german_command_names(
    settings: Settings,
) -> None:
    """A German table tells its players to type `/spiel beitreten`; the page's command
    list used to offer only `/game join`. A German client lists the German names, and a
    command run from the page with German option names is the bot's own command."""
    async with (
        Sandbox(settings, players=3, port=0, tick=False, language="de") as sandbox,
        aiohttp.ClientSession() as http,
    ):
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        entries = {e["invocation"]: e for e in await page.commands()}
        assert "spiel beitreten" in entries and "game join" not in entries, sorted(entries)
        new = entries["spiel neu"]
        option = next(o for o in new["options"] if o["name"] == "spiel")
        assert option["description"] == "Welches Spiel gespielt wird"

        await page.run("spiel neu", spiel="fagins-gang")

        game = sandbox.bot.service.store.open_game(sandbox.world.table.id)
        assert game is not None and game.kind == "fagins-gang"
        german = {tuple(e["path"]): e["invocation"] for e in entries.values()}
        for player in sandbox.world.players[1:]:
            await page.act_as(player.id)
            await page.run(german[("game", "join")])
        await page.act_as(sandbox.world.players[0].id)
        await page.run(german[("game", "start")])
        game = sandbox.bot.service.store.open_game(sandbox.world.table.id)
        assert game is not None and game.status == "active"
        # Autocomplete is asked with the German option's registered name too: simcord
        # refuses a focused option the command does not declare, and the bot answers.
        assert german[("shillings",)] == "geld"
        await page.autocomplete("geld", "orte", "")


async def test_a_german_sandbox_welcomes_in_german_with_the_german_command_names(
    settings: Settings,
) -> None:
    """The note in #table was English in a German sandbox, and named `/game new`, which a
    German client does not list."""
    async with Sandbox(settings, players=3, port=0, tick=False, language="de") as sandbox:
        [welcome] = sandbox.world.table.history()
        assert welcome.content.startswith("Willkommen in der Smithfield-Sandbox"), welcome.content
        assert "`/spiel neu spiel:fantasy-business`" in welcome.content
        assert "/game" not in welcome.content
        world = sandbox.world
        await world.players[0].slash(world.table, "game new", game="fagins-gang")
        await world.players[1].slash(world.table, "game join")
        await world.players[2].slash(world.table, "game join")
    async with Sandbox(settings, players=2, port=0, tick=False, language="de") as sandbox:
        [welcome] = sandbox.world.table.history()
        text = welcome.content
        assert text.startswith("Die Sandbox wurde neu gestartet"), text
        assert "Fagin's Gang" in text and "`/spiel status`" in text
        assert "Diesmal nicht dabei: carol" in text


async def test_a_german_sandboxs_room_list_is_german(settings: Settings) -> None:
    """The room list (title, rooms, and the status lines its script shows) and the page of
    a closed room were English in a German sandbox."""
    async with (
        Sandbox(settings, players=3, port=0, tick=False, language="de") as sandbox,
        aiohttp.ClientSession() as http,
    ):
        base, _secret = split(sandbox.url)
        async with http.get(f"{base}/") as response:
            page = await response.text()
        assert '<html lang="de">' in page and "<h1>Smithfield-Sandbox</h1>" in page
        assert "Gespielt wird in #table" in page and "DMs von alice" in page
        assert 'data-opening="Öffne {room} …"' in page
        assert "Opening" not in page and "Could not open" not in page
        # A room never opened (or closed from its page) answers in German too.
        async with http.get(f"{base}/room/dm-bob") as response:
            closed = await response.text()
        assert response.status == 404 and '<html lang="de">' in closed
        assert "Die Seite dieses Raums wurde geschlossen" in closed
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        base, _secret = split(sandbox.url)
        async with http.get(f"{base}/") as response:
            page = await response.text()
        assert '<html lang="en">' in page and "alice&#x27;s DMs" in page
        assert 'data-opening="Opening {room}…"' in page
