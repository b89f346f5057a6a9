"""Smithfield Market on Discord: the open market, anticlockwise trading turns with buttons,
the token holder's two-cube trades, the closing summary, and a restart mid-market."""

import discord

from bot.settings import Settings
from rules.fagins_gang import RULES
from tests.discord.fg_support import game_id, set_state, start_game, state_of
from tests.discord.harness import pinged, public, refused, world


def labels(message: discord.Message) -> list[str]:
    return [
        item.label or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for item in row.children
        if isinstance(item, discord.Button)
    ]


async def test_market_trades_pass_anticlockwise_and_survive_a_restart(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await start_game(w)
        gid = game_id(w)
        opened = await alice.slash(w.channel, "market open")
        old = opened.response.message
        text = public(opened)
        assert "market open" in text and "Trading order: alice (token) → carol → bob" in text
        assert "/market buy" in text  # how the token holder trades two cubes
        assert pinged(w, old) == set()  # alice just acted: named, not pinged
        green = RULES.view(state_of(w), None).prices["green"]
        assert f"Buy green · {green}s" in labels(old) and "Pass (leave the market)" in labels(old)

        # Not carol's turn yet: the rules' refusal, privately.
        text = refused(await carol.click(old, custom_id=f"sf:fg-buy:{gid}:green"))
        assert "It is **alice**'s turn to trade, not yours." in text

        two = await alice.slash(w.channel, "market buy", colours="green, red")
        assert "alice** buys 1 green, 1 red" in public(two)
        assert pinged(w, two.response.message) == {carol.id}
        sold = await carol.click(two.response.message, custom_id=f"sf:fg-sell:{gid}:black")
        assert "carol** sells 1 black" in public(sold)
        assert pinged(w, sold.response.message) == {bob.id}

        await w.restart()

        # After the restart the first market message's buttons still work, for bob only.
        text = refused(await carol.click(old, custom_id=f"sf:fg-pass:{gid}:"))
        assert "It is **bob**'s turn to trade" in text
        bought = await bob.click(old, custom_id=f"sf:fg-buy:{gid}:yellow")
        assert "bob** buys 1 yellow" in public(bought)
        assert pinged(w, bought.response.message) == {alice.id}

        # Everyone passes; once passed, trading is refused; the market closes with a summary.
        public(await alice.slash(w.channel, "market pass"))
        text = refused(await alice.click(old, custom_id=f"sf:fg-buy:{gid}:green"))
        assert "You have passed and left the market" in text
        public(await carol.click(old, custom_id=f"sf:fg-pass:{gid}:"))
        # Bob is the last trader left and keeps trading until he passes.
        again = await bob.click(old, custom_id=f"sf:fg-sell:{gid}:blue")
        assert "bob** sells 1 blue" in public(again)
        assert pinged(w, again.response.message) == set()  # still bob: no second ping
        closed = await bob.click(again.response.message, custom_id=f"sf:fg-pass:{gid}:")
        text = public(closed)
        assert "market closes" in text and "Stalls after the market" in text
        assert "Holdings: **alice**" in text
        # Phase 1 continues with the player to the left of the token holder: bob.
        assert f"➡️ {bob.mention} to act" in text
        assert not closed.response.message.components
        state = state_of(w)
        assert state.phase == "actions" and state.turn == 1 and state.market is None


async def test_buttons_offer_only_possible_stalls(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice = w.players[0]
        await start_game(w)
        set_state(w, lambda s: s.stalls.update(red=0, blue=6))
        opened = (await alice.slash(w.channel, "market open")).response.message
        shown = labels(opened)
        assert not any(label.startswith("Buy red") for label in shown)
        assert not any(label.startswith("Sell blue") for label in shown)
        assert any(label.startswith("Sell red") for label in shown)
        assert any(label.startswith("Buy blue") for label in shown)
