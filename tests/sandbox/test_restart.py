"""Stopping and starting the sandbox again continues the same game at the same table."""

from pathlib import Path

import aiohttp

from bot.sandbox import Sandbox
from bot.settings import Settings
from tests.sandbox.preview_client import PreviewPage, open_room


async def test_every_run_gives_the_server_table_and_players_the_same_ids(
    settings: Settings,
) -> None:
    async with Sandbox(settings, players=3, port=0, tick=False) as first:
        ids = (first.world.guild.id, first.world.table.id)
        players = [player.id for player in first.world.players]
    async with Sandbox(settings, players=5, port=0, tick=False) as second:
        assert (second.world.guild.id, second.world.table.id) == ids
        # More players keep the first ones' ids.
        assert [player.id for player in second.world.players][:3] == players
        assert [player.user.name for player in second.world.players] == [
            "alice",
            "bob",
            "carol",
            "dave",
            "erin",
        ]


async def test_a_restarted_sandbox_continues_the_game_with_the_same_players(
    settings: Settings,
) -> None:
    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()
        await page.run("game new", game="fantasy-business")
        for player in sandbox.world.players[1:]:
            await page.act_as(player.id)
            await page.run("game join")
        await page.act_as(sandbox.world.players[0].id)
        await page.run("game start")
        assert any("begins" in m.content for m in sandbox.world.table.history())

    async with (
        Sandbox(settings, players=3, port=0, tick=False) as sandbox,
        aiohttp.ClientSession() as http,
    ):
        [welcome] = sandbox.world.table.history()
        assert "restarted" in welcome.content and "/game status" in welcome.content
        page = await PreviewPage(http, await open_room(http, sandbox, "table")).open()

        result = await page.run("game status")

        await page.state()
        status = page.message(result["outcomes"][0]["messageId"])
        shown = str(status)
        assert "Fantasy Business" in shown
        assert all(name in shown for name in ("alice", "bob", "carol"))
        # The same people can go on playing: the lobby refuses a second game here.
        refused = await page.run("game new", game="fagins-gang")
        await page.state()
        assert "❌" in page.message(refused["outcomes"][0]["messageId"])["content"]


async def test_a_restart_with_fewer_players_says_who_is_missing(settings: Settings) -> None:
    async with Sandbox(settings, players=3, port=0, tick=False) as sandbox:
        world = sandbox.world
        await world.players[0].slash(world.table, "game new", game="fagins-gang")
        await world.players[2].slash(world.table, "game join")

    async with Sandbox(settings, players=2, port=0, tick=False) as sandbox:
        [welcome] = sandbox.world.table.history()
        assert "Not in this run: carol" in welcome.content


async def test_the_sandbox_keeps_its_games_apart_from_the_real_database(
    settings: Settings,
) -> None:
    async with Sandbox(settings, players=1, port=0, tick=False) as sandbox:
        await sandbox.world.players[0].slash(sandbox.world.table, "game new", game="fagins-gang")
    assert Path(settings.sandbox_database_path).exists()
    assert not Path(settings.database_path).exists()


async def test_the_sandbox_runs_and_restarts_on_postgresql(settings: Settings, pg_url: str) -> None:
    """SMITHFIELD_SANDBOX_DB (like SMITHFIELD_DB) may be a postgresql:// URL."""
    on_postgres = settings.model_copy(
        update={"sandbox_database_path": pg_url, "database_path": pg_url}
    )
    await test_a_restarted_sandbox_continues_the_game_with_the_same_players(on_postgres)
