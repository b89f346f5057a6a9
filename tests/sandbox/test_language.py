"""The sandbox as a German server: `--language de`."""

from bot.sandbox import Sandbox
from bot.sandbox.scenes import auction_scene
from bot.settings import Settings


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
