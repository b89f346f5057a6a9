"""Sandbox scenes played with the players' own commands, for pictures, tests and timings.

Each scene is what people would have done at the table, so the page draws the bot's real
messages: `auction_scene` is the README's picture, `long_table` a #table that has been
played and talked in for a while (the case that used to make the page slow).
"""

import discord

from bot.sandbox import Sandbox

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


async def started_fantasy_business(sandbox: Sandbox) -> None:
    """alice, bob and carol at a started Fantasy Business game."""
    world = sandbox.world
    alice, bob, carol = world.players[:3]
    await alice.slash(world.table, "game new", game="fantasy-business")
    await bob.slash(world.table, "game join")
    await carol.slash(world.table, "game join")
    await alice.slash(world.table, "game start")


async def auction_scene(sandbox: Sandbox) -> discord.Message:
    """A started game where the first buyer has offered card 1; that auction message."""
    await started_fantasy_business(sandbox)
    world = sandbox.world
    game = sandbox.bot.service.table(world.table.id)
    assert game is not None
    first_buyer = world.players[game.state.first_buyer]
    await first_buyer.slash(world.table, "auction", card=1)
    return last_seen_by(sandbox, 0)


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
                await player.slash(world.table, "game status")
            else:
                line = CHATTER[step % len(CHATTER)].format(other=other.id)
                await player.send(world.table, f"{line} ({step})")
            step += 1


def last_seen_by(sandbox: Sandbox, player: int) -> discord.Message:
    """The newest #table message that this player's page shows."""
    world = sandbox.world
    return world.table.history(viewer=world.players[player])[-1]
