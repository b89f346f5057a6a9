"""Reading who acted and where from an interaction, and answering it."""

from typing import Any

import discord

from bot.delivery import deliver
from bot.messages import Outcome
from bot.service import Actor, Place


def place_of(interaction: discord.Interaction[Any]) -> Place:
    assert interaction.channel_id is not None
    return Place(interaction.channel_id, interaction.guild_id)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    may_manage = False
    if isinstance(user, discord.Member):
        channel = interaction.channel
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            may_manage = channel.permissions_for(user).manage_channels
        else:
            may_manage = user.guild_permissions.manage_channels
    return Actor(user.id, user.display_name, may_manage)


async def answer(
    interaction: discord.Interaction[Any], outcome: Outcome, channel_id: int | None = None
) -> None:
    """Deliver an outcome for a command used in the game's own channel (the default)."""
    await deliver(interaction, outcome, channel_id if channel_id else interaction.channel_id)
