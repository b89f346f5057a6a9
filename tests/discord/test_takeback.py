"""`/game undo` through the bot: your own last move while nobody moved since; never a
move that revealed something; the host further back, after a confirmation."""

from typing import Any

from bot.service.commands.takeback import REVEALED
from bot.settings import Settings
from rules.fantasy_business import deck
from rules.fantasy_business.state import GameState
from tests.discord.fg_support import start_game, state_of
from tests.discord.harness import World, confirm, public, refused, said, table_message, world
from tests.discord.test_fb_play import Driver, labels
from tests.discord.test_fb_refusals import game_at
from tests.rules.fantasy_business.fb_builders import position


def fb_state(w: World) -> GameState:
    table = w.bot.service.table(w.channel.id)
    assert table is not None and isinstance(table.state, GameState)
    return table.state


def stored(w: World) -> str:
    game = w.store.open_game(w.channel.id)
    assert game is not None and game.state is not None
    return game.state


def replays(w: World) -> bool:
    game = w.store.open_game(w.channel.id)
    assert game is not None
    rules = w.bot.service.games[game.kind]
    return rules.dump_state(w.bot.service.replay(game.id)) == game.state


async def fb_table(w: World, **options: Any) -> None:
    host, *others = w.players[:3]
    public(await host.slash(w.channel, "game new", game="fantasy-business", **options))
    for member in others:
        public(await member.slash(w.channel, "game join"))
    public(await host.slash(w.channel, "game start", first=host))


async def test_a_player_takes_back_their_own_bid(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, _carol = w.players
        await fb_table(w)
        public(await alice.slash(w.channel, "auction", card=1))  # no price: bob opens
        before = stored(w)
        table = table_message(w)
        bid = labels(table)[0]  # "Bid <minimum>"
        public(await bob.click(table, label=bid))
        assert stored(w) != before
        text = public(await bob.slash(w.channel, "game undo"))
        amount = bid.split()[-1]  # "Bid 6"
        assert text.startswith(f"↩️ **bob** took back their bid of {amount} gold.")
        assert f"➡️ {bob.mention} to bid or pass" in text
        assert stored(w) == before  # exactly the position before the bid
        assert table_message(w).id == table.id and bid in labels(table_message(w))
        assert replays(w)
        log = (await alice.slash(w.channel, "game log")).response
        assert log is not None and "(taken back)" in log.content
        assert f"↩️ **bob** took back their bid of {amount} gold." in log.content
        assert "~~**bob** bids" in log.content  # the bid itself, struck through


async def test_a_take_back_is_refused_once_someone_else_has_moved(settings: Settings) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await fb_table(w)
        public(await alice.slash(w.channel, "auction", card=1))
        public(await bob.slash(w.channel, "pass"))
        public(await carol.slash(w.channel, "pass"))
        before = w.snapshot()
        text = refused(await bob.slash(w.channel, "game undo"))
        assert "Only the player who made the last move" in text and "**carol**'s" in text
        assert w.snapshot() == before


async def test_a_price_set_is_taken_back_and_the_dm_sheet_follows(settings: Settings) -> None:
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        await driver.play_auctions()
        seat = next(s for s in range(3) if driver.state.articles[s])
        member = w.players[seat]
        key = next(iter(driver.state.articles[seat]))
        priced = await member.slash(w.channel, "price", article=key, amount=deck.article(key).base)
        assert priced.ephemeral
        sheet = [m for m in member.user.dm_channel.history() if m.embeds][-1]
        assert "Price: **" in (sheet.embeds[0].fields[0].value or "")
        text = public(await member.slash(w.channel, "game undo"))
        assert f"took back their price for {deck.article(key).name}." in text
        assert key not in fb_state(w).sheets[seat].prices
        sheet = next(m for m in member.user.dm_channel.history() if m.id == sheet.id)
        assert "Price: *not set*" in (sheet.embeds[0].fields[0].value or "")
        assert replays(w)


async def test_a_move_plan_is_taken_back_but_not_one_that_ended_the_round(
    settings: Settings,
) -> None:
    async with world(settings, 2) as w:
        alice, bob = w.players
        await start_game(w)
        before = stored(w)
        public(await alice.slash(w.channel, "move", plan="thames enter"))
        text = public(await alice.slash(w.channel, "game undo"))
        assert "took back their move “thames enter”." in text
        assert stored(w) == before and replays(w)
        public(await alice.slash(w.channel, "move", plan="thames enter"))
        public(await bob.slash(w.channel, "skip"))  # the round ends: the dice roll
        assert state_of(w).round == 2
        assert refused(await bob.slash(w.channel, "game undo")) == f"❌ {REVEALED}"


async def test_a_prepared_position_has_no_log_to_take_back_in(settings: Settings) -> None:
    state = position(3, phase="pricing", articles={0: {"swords": 1}})
    async with game_at(settings, state) as w:
        assert "set up by hand" in refused(await w.players[2].slash(w.channel, "game undo"))


async def test_the_reveal_cannot_be_taken_back(settings: Settings) -> None:
    async with world(settings, 3) as w:
        driver = Driver(w)
        await driver.start(turns=2)
        await driver.play_auctions()
        for seat in range(3):
            await driver.set_prices(seat, 1, way=2)  # the last submit reveals the sheets
        assert driver.state.turn == 2
        last = w.players[2]
        assert refused(await last.slash(w.channel, "game undo")) == f"❌ {REVEALED}"


async def test_the_host_takes_back_others_moves_one_at_a_time_after_confirming(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await fb_table(w)
        public(await alice.slash(w.channel, "auction", card=1))
        start = stored(w)
        public(await bob.slash(w.channel, "pass"))
        public(await carol.slash(w.channel, "pass"))
        asked = await alice.slash(w.channel, "game undo")
        assert "Take back **carol**'s last move (pass)" in (asked.response.content or "")
        done = await confirm(alice, asked, "Take it back")
        assert done.response is not None and not done.response.components
        assert "↩️ **alice** took back **carol**'s pass." in said(w.channel)[-1].content
        asked = await alice.slash(w.channel, "game undo")
        assert "**bob**'s last move" in (asked.response.content or "")
        await confirm(alice, asked, "Take it back")
        assert stored(w) == start and replays(w)
        # A player who is not the host may not.
        public(await bob.slash(w.channel, "pass"))
        assert "Only the player who made the last move" in refused(
            await carol.slash(w.channel, "game undo")
        )
