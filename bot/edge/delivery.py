"""Saying an `Outcome` on Discord, following the conventions in DESIGN.md.

What a committed command owes Discord — its public messages, DMs, live messages — is in
the outbox, written with the command's transaction (`Outcome.owed`), and the courier
delivers it (bot.edge.courier) through 429s, 5xx and restarts. The answer to the
interaction is a courtesy on top: when the move was made in the game's channel it
carries the move's first message (held back in the outbox for it), and if Discord
refuses the answer the courier posts that message in the channel all the same; the
player is never told "something went wrong" about a move that counted.

An outcome nothing owes (a refusal, a read such as `/game status`, an interaction that
already counted) is said directly: refusals are ephemeral and start with ❌; a shared
status goes to the channel.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.edge.courier import courier_of
from bot.edge.discord_errors import Retry, failure
from bot.edge.sending import fields, post, post_dm
from bot.i18n import _
from bot.messages import Message, Outcome

log = logging.getLogger(__name__)


async def deliver(
    interaction: discord.Interaction[Any],
    outcome: Outcome,
    game_channel_id: int | None,
    *,
    in_place: bool = False,
) -> None:
    """Answer the interaction, and have what the outcome owes delivered. `in_place`: the
    answer to a committed command replaces the private message it was clicked on."""
    if outcome.owed and in_place:
        await _answer_in_place(interaction, outcome, game_channel_id)
    elif outcome.owed:
        await _answer_owed(interaction, outcome, game_channel_id)
    else:
        await _answer(interaction, outcome, game_channel_id)


def _done(game_channel_id: int | None) -> str:
    if game_channel_id:
        return _("✅ Done — see {channel}.").format(channel=f"<#{game_channel_id}>")
    return _("✅ Done.")


ANSWER_TRIES = 3
"""Tries of an interaction's answer that Discord failed (a 5xx, a 429): its token lives
fifteen minutes, but the player is waiting."""


async def _respond(
    interaction: discord.Interaction[Any], message: Message, *, ephemeral: bool
) -> None:
    """The interaction's answer: its first response, else a follow-up; tried again a
    moment later when Discord fails it (an answer that did arrive is not sent twice:
    Discord refuses a second first response)."""
    kwargs = await fields(message)

    async def once() -> None:
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)

    await _tried(once)


async def _tried(once: Callable[[], Awaitable[None]]) -> None:
    """An answer, tried again a moment later when Discord fails it (a 5xx, a 429)."""
    for tries in range(ANSWER_TRIES):
        try:
            await once()
            return
        except discord.HTTPException as error:
            found = failure(error)
            if tries == ANSWER_TRIES - 1 or not isinstance(found, Retry):
                raise
            await asyncio.sleep(found.after or 0.5 * (tries + 1))


async def replace(interaction: discord.Interaction[Any], message: Message) -> None:
    """A private message's next question in place of the message clicked (a builder's
    step, a special's second menu), tried again when Discord fails it. Nothing was stored,
    so an answer Discord never takes is one WARNING line (the player clicks again)."""
    try:
        await _edit_clicked(interaction, message)
    except discord.HTTPException as error:
        _not_taken(interaction, error, "Could not show the next question", "nothing was stored")


def _not_taken(
    interaction: discord.Interaction[Any], error: discord.HTTPException, did: str, so: str
) -> None:
    """One WARNING line for an answer Discord did not take (no traceback: it is Discord's
    trouble, or an interaction gone), saying what that means for the player."""
    found = failure(error)
    why = found.why if found is not None else error
    log.warning("%s interaction %s (%s); %s", did, interaction.id, why, so)


async def _edit_clicked(interaction: discord.Interaction[Any], message: Message) -> None:
    """The message clicked on, redrawn as `message`: the interaction's answer, or an edit
    of it once deferred as an update of that message (cogs.context); tried again when
    Discord fails it."""
    kwargs = await fields(message, editing=True)

    async def once() -> None:
        if not interaction.response.is_done():
            await interaction.response.edit_message(**kwargs)
        else:
            await interaction.edit_original_response(**kwargs)

    await _tried(once)


async def _answer_owed(
    interaction: discord.Interaction[Any], outcome: Outcome, game_channel_id: int | None
) -> None:
    """A committed command: the answer may carry its first public message (held for it in
    the outbox); the courier delivers the rest, and that one too if the answer fails."""
    held = outcome.held
    carried = False
    in_channel = game_channel_id is not None and interaction.channel_id == game_channel_id
    try:
        if (
            held is not None
            and outcome.public
            and in_channel
            and not interaction.response.is_done()
        ):
            await _respond(interaction, outcome.public[0], ephemeral=False)
            carried = True
            if outcome.reply is not None:
                await _respond(interaction, outcome.reply, ephemeral=True)
        else:
            reply = outcome.reply or Message(content=_done(game_channel_id))
            await _respond(interaction, reply, ephemeral=True)
    except discord.HTTPException as error:
        # Discord did not take the answer: the move still counts, and what it owes the
        # channel goes there all the same. One line, no traceback.
        _not_taken(interaction, error, "Could not answer", "what it owes is delivered all the same")
    finally:
        handed_over(interaction.client, outcome, carried=carried)


async def _answer_in_place(
    interaction: discord.Interaction[Any], outcome: Outcome, game_channel_id: int | None
) -> None:
    """A private message's last step that counted (a builder's Submit, a special's last
    menu): the message is spent, so it becomes the answer, without buttons (a click on a
    stale one would only be refused); the courier posts the move's public lines in the
    channel."""
    reply = outcome.reply or Message(content=_done(game_channel_id))
    try:
        await _edit_clicked(interaction, reply)
    except discord.HTTPException as error:
        _not_taken(
            interaction,
            error,
            "Could not close the private message of",
            "the move counts all the same",
        )
    finally:
        handed_over(interaction.client, outcome)


def handed_over(client: discord.Client, outcome: Outcome, *, carried: bool = False) -> None:
    """Tell the courier what the answer did with the outcome's held row, and that there
    is something to deliver."""
    courier = courier_of(client)
    if courier is None:
        log.error("No courier: what a command owes Discord waits for the next start")
        return
    if outcome.held is not None:
        channel = outcome.channel_id or 0
        if carried:
            courier.carried(outcome.held, channel)
        else:
            courier.release(outcome.held, channel)
    courier.owed_by(outcome)


async def _answer(
    interaction: discord.Interaction[Any], outcome: Outcome, game_channel_id: int | None
) -> None:
    """An outcome nothing owes: answered directly."""
    public = list(outcome.public)
    in_channel = game_channel_id is not None and interaction.channel_id == game_channel_id
    deferred = interaction.response.is_done()
    if deferred:
        await _respond(
            interaction, outcome.reply or Message(content=_done(game_channel_id)), ephemeral=True
        )
    elif public and (in_channel or game_channel_id is None):
        await _respond(interaction, public.pop(0), ephemeral=False)
        if outcome.reply is not None:
            await _respond(interaction, outcome.reply, ephemeral=True)
    elif outcome.reply is not None:
        await _respond(interaction, outcome.reply, ephemeral=True)
    else:
        await _respond(interaction, Message(content=_done(game_channel_id)), ephemeral=True)
    await _said_directly(interaction.client, outcome, public, game_channel_id)


async def announce(client: discord.Client, outcome: Outcome, channel_id: int) -> None:
    """Say an outcome nobody's interaction answers (a deadline, a reminder, an AI's move,
    a confirmation's result) in the game's channel."""
    if outcome.owed:
        handed_over(client, outcome)
        return
    await _said_directly(client, outcome, list(outcome.public), channel_id)


async def _said_directly(
    client: discord.Client, outcome: Outcome, public: list[Message], channel_id: int | None
) -> None:
    """Public and private messages of an outcome nothing owes (a shared `/game status`)."""
    for message in public if channel_id else []:
        assert channel_id is not None
        await post(client, channel_id, message)
    for private in outcome.private:
        try:
            await post_dm(client, private.user_id, private.message)
        except discord.HTTPException as error:
            log.info("DM to %s failed: %s", private.user_id, error)
