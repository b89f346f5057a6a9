"""The Discord calls the courier makes, and what their failures mean for what is owed.

Discord answers 429 (wait, then try again), 5xx and network errors (its trouble: try
again, a little later each time), and a few answers that no retry will change: the bot
lost access to a channel (403), a channel or message is gone (404), a user's DMs are
closed (50007), or Discord refused the payload itself (400). `failure` sorts an error
into one of those, so the courier retries only what a retry can fix and gives up, once
and out loud, on the rest.
"""

import asyncio
import contextlib
import io
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from bot.edge.buttons import view_of
from bot.limits import fit
from bot.messages import Message
from bot.render.pictures import contents

DMS_CLOSED = 50007
"""Discord's code for "Cannot send messages to this user" (DMs closed, or no shared server)."""
UNKNOWN_MESSAGE = 10008


@dataclass(frozen=True)
class Retry:
    """Try again, not before `after` seconds (None: the courier's own backoff)."""

    after: float | None
    why: str


@dataclass(frozen=True)
class Gone:
    """No retry will deliver it: give it up (`dms_closed`: a DM to someone who takes none)."""

    why: str
    dms_closed: bool = False
    message_gone: bool = False


Failure = Retry | Gone


def failure(error: BaseException) -> Failure | None:
    """What an error of a Discord call means for the row it was delivering (None: not a
    Discord or network error at all: a bug, raised as it is)."""
    if isinstance(error, discord.Forbidden):
        return Gone(f"403 {error.text or 'Forbidden'}", dms_closed=error.code == DMS_CLOSED)
    if isinstance(error, discord.NotFound):
        return Gone(f"404 {error.text or 'Not Found'}", message_gone=error.code == UNKNOWN_MESSAGE)
    if isinstance(error, discord.RateLimited):
        return Retry(error.retry_after, "429 rate limited")
    if isinstance(error, discord.HTTPException):
        if error.status == 429:
            return Retry(_retry_after(error), "429 rate limited")
        if error.status >= 500 or error.status == 0:
            return Retry(None, f"{error.status} {error.text or 'server error'}".strip())
        return Gone(f"{error.status} {error.text or 'refused'}")
    if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        return Retry(None, f"network: {type(error).__name__}")
    return None


def _retry_after(error: discord.HTTPException) -> float | None:
    """Discord's own wait for a 429, from its Retry-After header."""
    headers: Any = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After") or headers.get("retry-after"))
    except (TypeError, ValueError):
        return None


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
