"""The page forgives what a browser does: a reload, and a click a publication behind."""

import uuid

import aiohttp

from bot.sandbox import Sandbox
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room


async def test_a_reloaded_page_opens_as_the_player_last_chosen(settings: Settings) -> None:
    """Reloading the tab used to open it as the first player again, so the next move
    went in as alice although the person was playing bob."""
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        url = await open_room(http, sandbox, "table")
        page = await PreviewPage(http, url).open()
        bob = sandbox.world.players[1]
        await page.act_as(bob.id)

        reloaded = await PreviewPage(http, url).open()

        assert (await reloaded.state())["viewerId"] == str(bob.id)
        await reloaded.act_as(sandbox.world.players[2].id)  # a new choice is kept too
        assert (await PreviewPage(http, url).open()).page["viewerId"] == str(
            sandbox.world.players[2].id
        )


async def test_a_command_sent_a_publication_behind_is_run_not_refused(
    settings: Settings,
) -> None:
    """The clock or a move in another room publishes every page; a click or command the
    person sent from the page as it was then used to fail with "Action was not
    completed". It is retried once at the newest revision."""
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        seen = await page.state()
        entry = next(e for e in await page.commands() if e["invocation"] == "game new")
        preview = sandbox.rooms.preview("table")
        await preview.refresh()  # what the clock's tick does between two polls of the page
        assert (await page.state())["publishedRevision"] != seen["publishedRevision"]

        body = {
            "protocol_version": 3,
            "sequence": 1,
            "request_id": uuid.uuid4().hex,
            "generation": seen["context"]["generation"],
            "bot_generation": seen["botGeneration"],
            "published_revision": seen["publishedRevision"],
            "kind": "run_command",
            "command_id": entry["commandId"],
            "path": entry["path"],
            "schema_fingerprint": entry["schemaFingerprint"],
            "options": {"game": "fagins-gang"},
        }
        async with http.post(f"{page.base}/api/action", json=body, headers=page.headers) as answer:
            result = await answer.json()

        assert result["rejected"] is False, result.get("diagnostics")
        assert "Fagin" in sandbox.world.table.last_message.embeds[0].title
