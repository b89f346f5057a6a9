"""Saying an `Outcome` on Discord, following the conventions in DESIGN.md.

The answer to the person who acted comes first (ephemeral reply, or the first public
message when they acted in the game's channel); public messages go to the game's
channel; private ones go by DM, and when a DM bounces the channel is told to use the
private command — never what the message said.
"""

import asyncio
import io
import logging
from typing import Any

import discord

from bot.edge.buttons import view_of
from bot.edge.lines import PublicLines
from bot.edge.live import Coalescer
from bot.i18n import ENGLISH, LANGUAGES, _, speaking
from bot.limits import fit
from bot.messages import Message, Outcome

log = logging.getLogger(__name__)


async def _kwargs(message: Message) -> dict[str, Any]:
    message = fit(message)
    files = [
        discord.File(io.BytesIO(await asyncio.to_thread(a.bytes)), filename=a.filename)
        for a in message.files
    ]
    kwargs: dict[str, Any] = {
        "content": message.content or None,
        "embeds": message.embeds,
        "files": files,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in message.mentions]
        ),
    }
    view = view_of(message.buttons)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def send(channel: discord.abc.Messageable, message: Message) -> discord.Message:
    return await channel.send(**await _kwargs(message))


def lines_of(client: discord.Client) -> PublicLines:
    """The client's per-channel queues of public messages (bot.edge.lines)."""
    found: PublicLines | None = getattr(client, "public_lines", None)
    if found is None:
        found = PublicLines()
        setattr(client, "public_lines", found)  # noqa: B010  (a client without one)
    return found


def live_of(client: discord.Client) -> Coalescer:
    """The client's live-message updates (bot.edge.live)."""
    found: Coalescer | None = getattr(client, "live_updates", None)
    if found is None:
        found = Coalescer()
        setattr(client, "live_updates", found)  # noqa: B010  (a client without one)
    return found


async def say_public(client: discord.Client, channel_id: int, message: Message) -> None:
    """A public message in a game's channel, batched with the channel's other messages."""
    channel = client.get_partial_messageable(channel_id)
    await lines_of(client).say(channel, channel_id, message, send)


async def deliver(
    interaction: discord.Interaction[Any], outcome: Outcome, game_channel_id: int | None
) -> None:
    client = interaction.client
    public = list(outcome.public)
    in_game_channel = game_channel_id is not None and interaction.channel_id == game_channel_id
    channel = client.get_partial_messageable(game_channel_id) if game_channel_id else None
    deferred = interaction.response.is_done()
    responded = deferred

    async def answer(message: Message, *, ephemeral: bool) -> None:
        nonlocal responded
        kwargs = await _kwargs(message)
        if not responded:
            responded = True
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)

    if deferred:
        # A slow command was deferred privately ("thinking…" only the actor sees): the
        # actor's answer replaces it, and every public message goes to the channel.
        done = (
            _("✅ Done — see {channel}.").format(channel=f"<#{game_channel_id}>")
            if game_channel_id
            else _("✅ Done.")
        )
        await answer(outcome.reply or Message(content=done), ephemeral=True)
    elif outcome.reply is not None and not public:
        await answer(outcome.reply, ephemeral=True)
    elif public and (in_game_channel or game_channel_id is None):
        await answer(public.pop(0), ephemeral=False)
        if outcome.reply is not None:
            await answer(outcome.reply, ephemeral=True)
    elif outcome.reply is not None:
        await answer(outcome.reply, ephemeral=True)
    elif not responded:
        done = _("✅ Done — see {channel}.").format(channel=f"<#{game_channel_id}>")
        await answer(Message(content=done), ephemeral=True)

    if channel is not None and game_channel_id is not None:
        for message in public:
            await say_public(client, game_channel_id, message)
    await _private_and_live(client, outcome, channel, game_channel_id)


async def announce(client: discord.Client, outcome: Outcome, channel_id: int) -> None:
    """Say an outcome nobody asked for (a deadline, a reminder) in the game's channel."""
    channel = client.get_partial_messageable(channel_id)
    for message in outcome.public:
        await say_public(client, channel_id, message)
    await _private_and_live(client, outcome, channel, channel_id)


async def _private_and_live(
    client: discord.Client,
    outcome: Outcome,
    channel: discord.abc.Messageable | None,
    channel_id: int | None,
) -> None:
    for private in outcome.private:
        await deliver_private(client, channel, private.user_id, private.message, private.fallback)
    service = getattr(client, "service", None)
    if service is None or channel_id is None:
        return
    for live in outcome.live:
        if await live_of(client).show(client, service, live, channel_id) or channel is None:
            continue
        refused = (live.game_id, live.user_id, live.step or "")
        if refused in service.dm_refused:
            continue
        service.dm_refused.add(refused)
        await _dms_closed(client, channel, live.user_id, live.fallback)


async def deliver_private(
    client: discord.Client,
    channel: discord.abc.Messageable | None,
    user_id: int,
    message: Message,
    fallback: str,
) -> bool:
    """DM one user; on failure tell the channel where to look, revealing nothing."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(**await _kwargs(message))
        return True
    except (discord.Forbidden, discord.HTTPException) as error:
        log.info("DM to %s failed: %s", user_id, error)
        if channel is not None:
            await _dms_closed(client, channel, user_id, fallback)
        return False


async def _channel_language(client: discord.Client, channel: discord.abc.Messageable) -> str:
    """The language of the table in `channel` (its public messages speak it)."""
    service = getattr(client, "service", None)
    channel_id = getattr(channel, "id", None)
    if service is None or not isinstance(channel_id, int):
        return ENGLISH
    try:
        store = service.store
        game = await service.read(store.open_game, channel_id) or await service.read(
            store.last_finished_game, channel_id
        )
    except Exception:  # a note in the channel must not fail over its language
        log.exception("Could not read the language of channel %s", channel_id)
        return ENGLISH
    language = game.options.get("language", ENGLISH) if game is not None else ENGLISH
    return language if language in LANGUAGES else ENGLISH


async def _dms_closed(
    client: discord.Client, channel: discord.abc.Messageable, user_id: int, fallback: str
) -> None:
    """Tell the channel (in the table's language) that a DM bounced, and nothing more."""
    with speaking(await _channel_language(client, channel)):
        text = _(
            "<@{user}>, I could not send you a direct message (are your DMs closed?). "
            "Use {command} here to see your private information."
        ).format(user=user_id, command=fallback)
    await channel.send(
        text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
    )
