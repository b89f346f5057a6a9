"""Sandbox scenes played with the players' own commands, for pictures, tests and timings.

Each scene is what people would have done at the table, so the page draws the bot's real
messages: `auction_scene` is the README's picture, `long_table` a #table that has been
played and talked in for a while (the case that used to make the page slow).
"""

from typing import Any

import discord

from ai import decide, decision_seed, seat_view
from bot.render.coach.typed import read_back, typed
from bot.sandbox.world import Sandbox
from bot.service.commands import robots
from rules.fantasy_business import deck

# A table's chatter between moves: plain lines, markdown and a mention, as people write.
CHATTER = (
    "my turn already?",
    "**no way** — that was my card",
    "<@{other}> you owe me one for that",
    "brb, coffee",
    "is the special card worth it? `/rules` says minimum 1",
)
# One player's `/game status` (shared: an embed; private: their sheet) every this many.
STATUS_EVERY = 4


async def started_fantasy_business(sandbox: Sandbox, **options: object) -> None:
    """alice, bob and carol at a started Fantasy Business game."""
    world = sandbox.world
    alice, bob, carol = world.players[:3]
    await alice.slash(world.table, "game new", game="fantasy-business", **options)
    await bob.slash(world.table, "game join")
    await carol.slash(world.table, "game join")
    await alice.slash(world.table, "game start")


def _live_message(sandbox: Sandbox) -> discord.Message:
    """The newest #table message with controls: the step's table message."""
    return next(m for m in reversed(sandbox.world.table.history()) if m.components)


async def lobby_scene(sandbox: Sandbox) -> discord.Message:
    """A Fantasy Business lobby that bob joined by its Join button: the lobby card with
    its controls (Join, Leave, Start and the Add AI menu)."""
    world = sandbox.world
    alice, bob = world.players[:2]
    await alice.slash(world.table, "game new", game="fantasy-business", hints=True)
    lobby = _live_message(sandbox)
    join = next(
        str(item.custom_id)
        for row in lobby.components
        for item in getattr(row, "children", [])
        if str(getattr(item, "custom_id", "")).startswith("sf:lobby-join:")
    )
    await bob.click(lobby, custom_id=join)
    return _live_message(sandbox)


async def designate_scene(sandbox: Sandbox) -> discord.Message:
    """A started game at a hints table, waiting on the First Buyer: the table message
    with the menu of the centre cards and the 💡 button."""
    await started_fantasy_business(sandbox, hints=True)
    return _live_message(sandbox)


async def auction_scene(sandbox: Sandbox) -> discord.Message:
    """A started game where the first buyer has offered card 1; the auction's table
    message (the one message with the bid buttons)."""
    await started_fantasy_business(sandbox)
    world = sandbox.world
    game = sandbox.bot.service.table(world.table.id)
    assert game is not None
    first_buyer = world.players[game.state.first_buyer]
    await first_buyer.slash(world.table, "auction", card=1)
    return next(m for m in reversed(world.table.history()) if m.components)


async def started_fagins_gang(sandbox: Sandbox, **options: object) -> None:
    """alice, bob and carol at a started Fagin's Gang game; alice acts first."""
    world = sandbox.world
    alice, bob, carol = world.players[:3]
    await alice.slash(world.table, "game new", game="fagins-gang", **options)
    await bob.slash(world.table, "game join")
    await carol.slash(world.table, "game join")
    await alice.slash(world.table, "game start", first=alice)


async def market_scene(sandbox: Sandbox) -> discord.Message:
    """Fagin's Gang with Smithfield Market open and one trade made: the market's table."""
    await started_fagins_gang(sandbox)
    world = sandbox.world
    alice = world.players[0]
    await alice.slash(world.table, "market open")
    await alice.slash(world.table, "market sell", colours="red")
    return next(m for m in reversed(world.table.history()) if m.components)


async def planner_scene(sandbox: Sandbox) -> Any:
    """Fagin's Gang, alice's first turn: the private move builder opened from the table
    message's button, one step chosen (entering at River Thames, the first location) and
    the next location picked, so the plan, its cost and the steps offered there show.
    Buttons are found by their routes, so the scene plays the same in every language."""
    await started_fagins_gang(sandbox)
    world = sandbox.world
    alice = world.players[0]
    table = next(m for m in reversed(world.table.history()) if m.components)
    builder = (await alice.click(table, custom_id=_first_id(table, "fg-build"))).response
    for _ in range(3):  # a location, its first step, the next location
        assert builder is not None, "a builder's click redraws it"
        builder = (await alice.click(builder, custom_id=_first_id(builder, "fg-draft"))).response
    return builder


async def submitted_scene(sandbox: Sandbox) -> Any:
    """The move builder of `planner_scene` after its Submit counted: closed in place,
    with the move's answer and no buttons left (the public line is in the channel)."""
    builder = await planner_scene(sandbox)
    alice = sandbox.world.players[0]
    closed = (await alice.click(builder, custom_id=_first_id(builder, "fg-submit"))).response
    assert closed is not None, "a Submit that counted closes the builder in place"
    return closed


def _first_id(message: Any, route: str) -> str:
    """The custom id of a message's first button of this route."""
    for row in message.components:
        items = row.get("components", []) if isinstance(row, dict) else row.children
        for item in items:
            custom = str(item.get("custom_id", "") if isinstance(item, dict) else item.custom_id)
            if custom.startswith(f"sf:{route}:"):
                return custom
    raise LookupError(route)


async def board_scene(sandbox: Sandbox) -> discord.Message:
    """Fagin's Gang after a few moves, with `/board share:true`: the picture, full width."""
    await started_fagins_gang(sandbox)
    world = sandbox.world
    alice, bob, carol = world.players[:3]
    await alice.slash(world.table, "move", plan="thames enter; covent enter")
    await bob.slash(world.table, "move", plan="bow enter")
    await carol.slash(world.table, "board", share=True)
    return world.table.history()[-1]


async def standings_scene(sandbox: Sandbox) -> discord.Message:
    """A one-round Fagin's Gang game played to its end: the final standings."""
    await started_fagins_gang(sandbox, round_limit=1)
    world = sandbox.world
    alice, bob, carol = world.players[:3]
    await alice.slash(world.table, "move", plan="thames enter; covent enter")
    await bob.slash(world.table, "move", plan="thames enter")
    await carol.slash(world.table, "skip")
    return world.table.history()[-1]


async def sheet_scene(sandbox: Sandbox) -> tuple[int, discord.Message]:
    """Fantasy Business after the auctions, a player's price set: (their seat, the DM
    sheet as it is after the edit)."""
    await started_fantasy_business(sandbox)
    world = sandbox.world
    service = sandbox.bot.service
    while (table := service.table(world.table.id)) is not None and table.state.phase == "auction":
        state = table.state
        seat = table.rules.waiting_on(state)[0]
        member = world.players[seat]
        if state.auction is None:
            await member.slash(world.table, "auction", card=state.label(state.centre[0]))
        elif state.auction.high_bidder is None and state.gold[seat] >= (
            minimum := deck.minimum_bid(state.auction.card)
        ):
            await member.slash(world.table, "bid", amount=minimum)
        else:
            await member.slash(world.table, "pass")
    table = service.table(world.table.id)
    assert table is not None
    seat = next(s for s in range(3) if table.state.articles[s])
    member = world.players[seat]
    article = next(iter(table.state.articles[seat]))
    await member.user.slash("price", article=article, amount=9)
    sheet = next(m for m in reversed(member.user.dm_channel.history()) if m.embeds)
    return seat, sheet


NUMBERS = {"amount", "card", "price", "gold"}


async def played_by_the_standard_ai(sandbox: Sandbox) -> None:
    """The game in #table played to its end: each seat types the command for the move
    the `standard` AI makes from its view (written by `bot.render.coach.typed`, as `/hint`
    writes it), so the channel shows a real game's messages."""
    world = sandbox.world
    service = sandbox.bot.service
    while (table := service.table(world.table.id)) is not None:
        kind = table.game.kind
        seat = table.rules.waiting_on(table.state)[0]
        history = service.engine.replayed(table.game).public_history()
        known = history if robots.history_needed(kind) else []
        view = seat_view(table.rules.view(table.state, seat))
        action = decide(kind, "standard", view, known, decision_seed(7, len(history), seat))
        path, options = read_back(typed(table, action))
        values: dict[str, Any] = {}
        for name, value in options.items():
            if value.startswith("@"):
                values[name] = next(p for p in world.players if p.user.name == value[1:])
            elif name in NUMBERS and value.isdigit():
                values[name] = int(value)
            else:
                values[name] = value
        await world.players[seat].slash(world.table, path, **values)


async def business_chart_scene(sandbox: Sandbox) -> discord.Message:
    """A five-turn Fantasy Business game played to its end, then `/game chart
    share:true`: the chart as the channel sees it."""
    await started_fantasy_business(sandbox, turns=5)
    await played_by_the_standard_ai(sandbox)
    world = sandbox.world
    await world.players[0].slash(world.table, "game chart", share=True)
    return world.table.history()[-1]


async def gang_chart_scene(sandbox: Sandbox) -> discord.Message:
    """A Fagin's Gang game played to its end, then `/game chart share:true`."""
    await started_fagins_gang(sandbox)
    await played_by_the_standard_ai(sandbox)
    world = sandbox.world
    await world.players[0].slash(world.table, "game chart", share=True)
    return world.table.history()[-1]


async def long_table(sandbox: Sandbox, public_messages: int) -> None:
    """A started game, then chatter and `/game status` until #table has this many messages.

    Counted as a non-player sees the channel (the private answers come on top).
    """
    await started_fantasy_business(sandbox)
    world = sandbox.world
    players = world.players[:3]
    step = 0
    # Counting the channel reads all of it, so it is counted once per round of moves.
    while len(world.table.history()) < public_messages:
        for _ in range(STATUS_EVERY):
            player, other = players[step % 3], players[(step + 1) % 3]
            if step % STATUS_EVERY == 0:
                await player.slash(world.table, "game status", share=True)
            else:
                line = CHATTER[step % len(CHATTER)].format(other=other.id)
                await player.send(world.table, f"{line} ({step})")
            step += 1


def last_seen_by(sandbox: Sandbox, player: int) -> discord.Message:
    """The newest #table message that this player's page shows."""
    world = sandbox.world
    return world.table.history(viewer=world.players[player])[-1]
