"""The Discord calls the courier makes: a message as discord.py's arguments, posted in a
channel or a DM (what their failures mean: bot.edge.discord_errors)."""

import asyncio
import contextlib
import io
from typing import Any

import discord

from bot.edge.buttons import view_of
from bot.limits import fit
from bot.messages import Message
from bot.render.pictures import contents


async def fields(message: Message, *, editing: bool = False) -> dict[str, Any]:
    """A message as discord.py's send/edit arguments, within Discord's limits; pictures
    are drawn here, in a worker thread."""
    message = fit(message)
    out: dict[str, Any] = {
        "content": message.content or None,
        "embeds": message.embeds,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in message.mentions]
        ),
    }
    if message.files:
        out["files" if not editing else "attachments"] = [
            discord.File(io.BytesIO(await asyncio.to_thread(contents, a)), filename=a.filename)
            for a in message.files
        ]
    view = view_of(message.buttons, message.selects)
    if view is not None or editing:
        out["view"] = view
    return out


async def post(
    client: discord.Client, channel_id: int, message: Message, *, nonce: int | None = None
) -> discord.Message:
    """Post in a channel; with a nonce, Discord returns the earlier message instead of
    posting again when the same send is retried (its answer lost)."""
    channel = client.get_partial_messageable(channel_id)
    kwargs = await fields(message)
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await channel.send(**kwargs)


async def dm_channel(client: discord.Client, user_id: int) -> discord.abc.Messageable:
    user = client.get_user(user_id) or await client.fetch_user(user_id)
    return user.dm_channel or await user.create_dm()


async def post_dm(
    client: discord.Client, user_id: int, message: Message, *, nonce: int | None = None
) -> discord.Message:
    target = await dm_channel(client, user_id)
    kwargs = await fields(message)
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await target.send(**kwargs)


async def edit(client: discord.Client, channel_id: int, message_id: int, message: Message) -> None:
    """Edit a message in place (its live buttons follow the new message)."""
    target = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    kwargs = await fields(message, editing=True)
    kwargs["allowed_mentions"] = discord.AllowedMentions.none()
    await target.edit(**kwargs)


async def strip(client: discord.Client, channel_id: int, message_id: int, note: str) -> None:
    """Close a message down to one line, with no button left: a message already gone has
    nothing left to close."""
    target = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    with contextlib.suppress(discord.NotFound):
        await target.edit(content=note, embeds=[], view=None)
