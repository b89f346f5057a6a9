"""Restarts on the same database, and syncing commands only when they changed."""

from bot.edge.sync import HASH_KEY
from bot.settings import Settings
from tests.discord.harness import public, world
from tests.fakes import FAKE_GAMES


async def test_a_lobby_survives_a_restart(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang"))
        public(await bob.slash(w.channel, "game join"))
        await w.restart()
        status = await bob.slash(w.channel, "game status")
        assert "alice (host)" in status.response.embeds[0].fields[0].value
        assert "begins" in public(await alice.slash(w.channel, "game start"))


async def test_commands_sync_on_first_start_and_not_again_when_unchanged(
    settings: Settings,
) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        assert w.bot.sync_result == "global"
        stored = w.store.meta(HASH_KEY)
        assert stored
        await w.restart()
        assert w.bot.sync_result == "unchanged"
        # Commands still work: the earlier sync is what Discord knows.
        public(await w.players[0].slash(w.channel, "game new", game="fagins-gang"))


async def test_a_changed_command_tree_syncs_again(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        w.store.set_meta(HASH_KEY, "an older tree")
        await w.restart()
        assert w.bot.sync_result == "global"


async def test_a_dev_guild_gets_an_instant_guild_sync(settings: Settings) -> None:
    async with world(settings, 1, games=FAKE_GAMES) as w:
        guild_settings = settings.model_copy(update={"dev_guild_id": w.guild.id})
        w.settings = guild_settings
        await w.restart()
        assert w.bot.sync_result == "guild"
        public(await w.players[0].slash(w.channel, "game new", game="fagins-gang"))


async def test_startup_loads_no_game_into_memory(settings: Settings) -> None:
    async with world(settings, 2, games=FAKE_GAMES) as w:
        alice, bob = w.players
        for channel in (w.channel, w.thread("another")):
            public(await alice.slash(channel, "game new", game="fagins-gang"))
            public(await bob.slash(channel, "game join"))
            public(await alice.slash(channel, "game start"))
        await w.restart()
        assert len(w.bot.service.engine.states) == 0  # nothing parsed until someone asks
        await bob.slash(w.channel, "game status")
        assert w.bot.service.engine.states.games() == [w.store.open_game(w.channel.id).id]  # type: ignore[union-attr]
