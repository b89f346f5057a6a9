"""Reading who acted and where from an interaction, and answering it in time."""

import asyncio
from collections.abc import Awaitable
from typing import Any

import discord

from bot.edge.delivery import deliver
from bot.i18n import _speaking as _SPOKEN
from bot.i18n import language_of
from bot.messages import Outcome
from bot.service import Actor, Place
from bot.service.archive import Viewer

DEFER_AFTER = 2.0
"""Seconds of work after which the interaction is deferred: Discord drops an
interaction that is not answered within three seconds."""


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
    language = speak_to(interaction)
    return Actor(user.id, user.display_name, may_manage, language)


def speak_to(interaction: discord.Interaction[Any]) -> str:
    """Answer this interaction in the player's Discord language: sets the language being
    spoken for the rest of the interaction's task (and the service work it starts)."""
    language = language_of(interaction.locale)
    _SPOKEN.set(language)
    return language


def viewer_of(interaction: discord.Interaction[Any]) -> Viewer:
    """Who asks for past games and where, with the server's channels and threads they
    cannot view (games played there stay hidden from them)."""
    assert interaction.channel_id is not None
    hidden: set[int] = set()
    guild, user = interaction.guild, interaction.user
    if guild is not None and isinstance(user, discord.Member):
        for channel in [*guild.channels, *guild.threads]:
            if not channel.permissions_for(user).view_channel:
                hidden.add(channel.id)
    return Viewer(user.id, interaction.guild_id, interaction.channel_id, frozenset(hidden))


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[Outcome]) -> Outcome:
    """Await the service; if it is slow (a locked database), defer the interaction first
    so the player sees "thinking…" instead of "the application did not respond"."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    return await task


async def respond(
    interaction: discord.Interaction[Any],
    work: Awaitable[Outcome],
    channel_id: int | None = None,
) -> None:
    """Run a command's service call and deliver its outcome. Public messages go to the
    game's channel (the outcome's, else `channel_id`, else where the command was used)."""
    speak_to(interaction)
    outcome = await in_time(interaction, work)
    where = outcome.channel_id or channel_id or interaction.channel_id
    await deliver(interaction, outcome, where)


async def answer(
    interaction: discord.Interaction[Any], outcome: Outcome, channel_id: int | None = None
) -> None:
    """Deliver an outcome for a command used in the game's own channel (the default)."""
    await deliver(interaction, outcome, channel_id if channel_id else interaction.channel_id)
