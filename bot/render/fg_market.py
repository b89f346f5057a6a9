"""Smithfield Market on Discord: the market's table message and the buttons that offer
the current trader only the trades they can make."""

import discord

from bot.i18n import _, term
from bot.messages import ButtonSpec
from bot.render.fg_words import SQUARES, cubes_squares
from bot.render.generic import COLOUR
from bot.table import Table
from bot.timing import stamp
from rules.fagins_gang import FaginView

ROUTE_BUY = "fg-buy"
ROUTE_SELL = "fg-sell"
ROUTE_PASS = "fg-pass"


def market_embed(table: Table, view: FaginView) -> discord.Embed:
    """The open market: stalls, the trading order, and what the trader has."""
    assert view.market is not None
    trader = view.seats[view.market.current_trader]
    held = {c: n for c, n in trader.cubes.items() if n}
    embed = discord.Embed(
        title=_("🏪 Smithfield Market — round {round}").format(round=view.round),
        description=_("**{name}** is trading: {shillings} shillings, {cubes}").format(
            name=table.name(trader.seat),
            shillings=trader.shillings,
            cubes=cubes_squares(held) or _("no cubes"),
        ),
        colour=COLOUR,
    )
    embed.add_field(
        name=_("Stalls (cubes/room · price)"),
        value=" ".join(
            _("{square} {count}/{room}·{price}s").format(
                square=SQUARES[s.colour], count=s.count, room=s.capacity, price=s.price
            )
            for s in view.stalls
        ),
        inline=False,
    )
    embed.add_field(name=_("Trading order"), value=trading_order(table, view), inline=False)
    if table.game.deadline and not table.game.paused_at:
        embed.add_field(name=_("Due"), value=stamp(table.game.deadline), inline=False)
    return embed


def trading_order(table: Table, view: FaginView) -> str:
    assert view.market is not None
    market = view.market
    order = []
    for s in market.order:
        name = table.name(s)
        if s in market.passed:
            name = f"~~{name}~~"
        if s == market.token_holder:
            name += " " + _("(token)")
        if s == market.current_trader:
            name = f"**{name}**"
        order.append(name)
    return " → ".join(order)


def market_buttons(table: Table, view: FaginView) -> list[ButtonSpec]:
    """Only the trades the current trader can make now: a buy needs cubes on the
    stall and the shillings, a sell a cube of that colour and room on the stall."""
    assert view.market is not None
    trader = view.seats[view.market.current_trader]
    game = table.game.id
    buttons: list[ButtonSpec] = []
    for buying in (True, False):
        route = ROUTE_BUY if buying else ROUTE_SELL
        label = _("Buy {colour} · {price}s") if buying else _("Sell {colour} · {price}s")
        possible = [
            stall
            for stall in view.stalls
            if (
                stall.count > 0 and trader.shillings >= stall.price
                if buying
                else trader.cubes.get(stall.colour, 0) > 0 and stall.count < stall.capacity
            )
        ]
        buttons += [
            ButtonSpec(
                label=label.format(colour=term(stall.colour), price=stall.price),
                route=route,
                game_id=game,
                arg=stall.colour,
                style="success" if buying else "primary",
                row=(0 if buying else 2) + i // 3,
            )
            for i, stall in enumerate(possible)
        ]
    buttons.append(
        ButtonSpec(label=_("Pass (leave the market)"), route=ROUTE_PASS, game_id=game, row=4)
    )
    return buttons
