"""`/game start age_order:…`: the host gives Fantasy Business's age order for ties (§4
[ed]); without it the order is drawn and announced where the start says who begins. A
refused start leaves the lobby exactly as it was."""

from bot.settings import Settings
from rules.fantasy_business.state import GameState
from tests.discord.harness import World, public, refused, world


async def lobby(w: World, game: str = "fantasy-business") -> None:
    alice, bob, carol, dave = w.players
    assert "opened" in public(await alice.slash(w.channel, "game new", game=game))
    for player in (bob, carol, dave):
        public(await player.slash(w.channel, "game join"))


def started_state(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


async def test_the_host_gives_the_age_order_by_mention_and_lobby_number(
    settings: Settings,
) -> None:
    async with world(settings, 4) as w:
        alice, carol = w.players[0], w.players[2]
        await lobby(w)
        text = public(await alice.slash(w.channel, "game start", age_order=f"{carol.mention} 2"))
        state = started_state(w)
        assert state.ages is not None and state.ages[:2] == (2, 1)
        assert state.first_buyer == 2  # the youngest takes the First Buyer card
        assert "Age order for ties, youngest first: **carol**, **bob** as the host gave it" in text
        game = w.store.open_game(w.channel.id)
        assert game is not None and game.options["age_order"] == [2, 1]
        # The order is part of the game's record: replaying it sets up the same game.
        assert w.bot.service.engine.replayed(game).state == state


async def test_without_an_age_order_it_is_drawn_and_said_with_who_starts(
    settings: Settings,
) -> None:
    async with world(settings, 4) as w:
        await lobby(w)
        text = public(await w.players[0].slash(w.channel, "game start"))
        state = started_state(w)
        assert state.ages is not None and sorted(state.ages) == [0, 1, 2, 3]
        youngest = w.players[state.ages[0]].user.name
        assert f"**{youngest}** is drawn at random as the youngest player" in text
        assert "Age order for ties, youngest first (drawn at random): " in text


async def test_a_refused_age_order_changes_nothing(settings: Settings) -> None:
    async with world(settings, 4) as w:
        alice, bob, _carol, dave = w.players
        await lobby(w)
        before = w.snapshot()
        text = refused(await alice.slash(w.channel, "game start", age_order="bob, zelda"))
        assert "“zelda” is not a player at this table" in text
        text = refused(await alice.slash(w.channel, "game start", age_order="bob 2"))
        assert "**bob** is named twice in the age order" in text
        text = refused(
            await alice.slash(w.channel, "game start", age_order="carol bob", first=dave)
        )
        assert (
            "The age order starts with **carol**, but `/game start first:` names **dave**" in text
        )
        text = refused(await bob.slash(w.channel, "game start", age_order="carol"))
        assert "Only the host" in text
        assert w.snapshot() == before


async def test_a_start_refused_after_the_order_was_read_rolls_the_order_back(
    settings: Settings,
) -> None:
    """A valid order is written, then the start itself is refused (too few players): the
    lobby keeps no trace of it."""
    async with world(settings, 2) as w:
        alice, bob = w.players
        public(await alice.slash(w.channel, "game new", game="fantasy-business"))
        public(await bob.slash(w.channel, "game join"))
        before = w.snapshot()
        text = refused(await alice.slash(w.channel, "game start", age_order="bob alice"))
        assert "needs at least 3 players" in text
        assert w.snapshot() == before
        game = w.store.open_game(w.channel.id)
        assert game is not None and "age_order" not in game.options


async def test_fagins_gang_has_no_age_order(settings: Settings) -> None:
    async with world(settings, 4) as w:
        await lobby(w, "fagins-gang")
        before = w.snapshot()
        text = refused(await w.players[0].slash(w.channel, "game start", age_order="bob"))
        assert "Only Fantasy Business breaks ties by age" in text
        assert w.snapshot() == before
