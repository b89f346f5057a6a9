"""Smithfield Market on Discord: the open market, anticlockwise trading turns with buttons,
the token holder's two-cube trades, the closing summary, and a restart mid-market."""

from typing import Any

import discord

from bot.settings import Settings
from rules.fagins_gang import RULES
from tests.discord.fg_support import game_id, set_state, start_game, state_of
from tests.discord.harness import pinged, public, refused, table_message, world


def labels(message: discord.Message) -> list[str]:
    return [
        item.label or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for item in row.children
        if isinstance(item, discord.Button)
    ]


def market_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_market_trades_pass_anticlockwise_and_survive_a_restart(
    settings: Settings,
) -> None:
    async with world(settings, 3) as w:
        alice, bob, carol = w.players
        await start_game(w)
        gid = game_id(w)
        opened = await alice.slash(w.channel, "market open")
        text = public(opened)
        assert "market open" in text and "/market buy" in text  # how the holder trades two
        assert pinged(w, opened.response.message) == set()  # alice just acted: not pinged
        market = table_message(w)  # the market's table message, with its buttons
        assert "Trading order: **alice (token)** → carol → bob" in market_text(market)
        green = RULES.view(state_of(w), None).prices["green"]
        assert f"Buy green · {green}s" in labels(market) and "Pass (leave the market)" in labels(
            market
        )

        # Not carol's turn yet: the rules' refusal, privately.
        text = refused(await carol.click(market, custom_id=f"sf:fg-buy:{gid}:green"))
        assert "It is **alice**'s turn to trade, not yours." in text

        two = await alice.slash(w.channel, "market buy", colours="green, red")
        assert "alice** buys 1 green, 1 red" in public(two)
        assert pinged(w, two.response.message) == {carol.id}
        assert table_message(w).id == market.id  # edited in place, not posted again
        assert "**carol**" in market_text(table_message(w))
        sold = await carol.click(market, custom_id=f"sf:fg-sell:{gid}:black")
        assert "carol** sells 1 black" in public(sold)
        assert pinged(w, sold.response.message) == {bob.id}

        await w.restart()

        # After the restart the market's buttons still work, for bob only, and the same
        # message goes on being edited.
        text = refused(await carol.click(market, custom_id=f"sf:fg-pass:{gid}:"))
        assert "It is **bob**'s turn to trade" in text
        bought = await bob.click(market, custom_id=f"sf:fg-buy:{gid}:yellow")
        assert "bob** buys 1 yellow" in public(bought)
        assert pinged(w, bought.response.message) == {alice.id}
        assert table_message(w).id == market.id

        # Everyone passes; once passed, trading is refused; the market closes.
        public(await alice.slash(w.channel, "market pass"))
        text = refused(await alice.click(market, custom_id=f"sf:fg-buy:{gid}:green"))
        assert "You have passed and left the market" in text
        public(await carol.click(market, custom_id=f"sf:fg-pass:{gid}:"))
        # Bob is the last trader left and keeps trading until he passes.
        again = await bob.click(market, custom_id=f"sf:fg-sell:{gid}:blue")
        assert "bob** sells 1 blue" in public(again)
        assert pinged(w, again.response.message) == set()  # still bob: no second ping
        closed = await bob.click(market, custom_id=f"sf:fg-pass:{gid}:")
        text = public(closed)
        assert "market closes" in text
        # Phase 1 continues with the player to the left of the token holder: bob.
        assert f"➡️ {bob.mention} to act" in text
        # The market's message is closed: one line, no buttons; only Phase 1's new table
        # message, below it, has any.
        closed_market = next(m for m in w.channel.history() if m.id == market.id)
        assert "Smithfield Market is closed" in closed_market.content
        assert not closed_market.components and not closed_market.embeds
        phase_one = table_message(w)
        assert phase_one.id > market.id and "actions" in (phase_one.embeds[0].title or "")
        state = state_of(w)
        assert state.phase == "actions" and state.turn == 1 and state.market is None


async def test_buttons_offer_only_trades_the_trader_can_make(settings: Settings) -> None:
    async with world(settings, 2) as w:
        alice = w.players[0]
        await start_game(w)

        def stock(state: Any) -> None:
            state.stalls.update(red=0, blue=6)
            state.cubes[0].update(green=0)  # nothing green to sell
            state.shillings[0] = RULES.view(state, None).prices["blue"] - 1  # blue too dear

        set_state(w, stock)
        public(await alice.slash(w.channel, "market open"))
        shown = labels(table_message(w))
        assert not any(label.startswith("Buy red") for label in shown)  # the stall is empty
        assert not any(label.startswith("Sell blue") for label in shown)  # the stall is full
        assert not any(label.startswith("Sell green") for label in shown)  # holds no green
        assert not any(label.startswith("Buy blue") for label in shown)  # cannot afford it
        assert any(label.startswith("Sell red") for label in shown)
        assert any(label.startswith("Buy yellow") for label in shown)
