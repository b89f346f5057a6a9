"""`/game chart` on Discord: private unless shared, for running and finished games, in the
table's language when shared; refused before a game starts."""

from bot.settings import Settings
from tests.discord.harness import public, refused, world


async def test_the_chart_of_a_running_game_is_private_unless_shared(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        assert "no game" in refused(await alice.slash(w.channel, "game chart"))
        public(await alice.slash(w.channel, "game new", game="fagins-gang"))
        assert "not started" in refused(await alice.slash(w.channel, "game chart"))
        for member in (bob, carol):
            public(await member.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        public(await alice.slash(w.channel, "move", plan="thames enter"))

        seen = len(w.channel.history())
        private = await bob.slash(w.channel, "game chart")
        assert private.ephemeral
        assert [a.filename for a in private.response.attachments] == ["smithfield-chart.png"]
        assert len(w.channel.history()) == seen  # nothing was posted

        shared = await bob.slash(w.channel, "game chart", share=True)
        posted = w.channel.history()[-1]
        assert posted.content.startswith("📈") and "is going so far" in posted.content
        assert [a.filename for a in posted.attachments] == ["smithfield-chart.png"]
        assert shared.response is not None


async def test_a_shared_chart_speaks_the_tables_language(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fagins-gang", language="de"))
        public(await bob.slash(w.channel, "game join"))
        public(await alice.slash(w.channel, "game start", first=alice))
        await w.players[1].slash(w.channel, "game chart", share=True)
        posted = w.channel.history()[-1]
        assert posted.content.startswith("📈 So läuft **Fagin's Gang** bisher")
