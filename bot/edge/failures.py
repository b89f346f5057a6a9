"""When a command, button or modal breaks: log it, and still answer the player.

Without this, an unexpected exception leaves the interaction unanswered and Discord shows
"The application did not respond", which reads like a lost move. A bug is not a rule
refusal, so the answer does not start with ❌; it cannot promise that nothing changed
(the failure may come after the move was stored), so it points to where to check.
"""

import logging
from typing import Any

import discord
from discord import app_commands

from bot.edge.discord_errors import UNKNOWN_INTERACTION, Retry, failure
from bot.i18n import N_, _, language_of, speaking

log = logging.getLogger(__name__)

FAILURE_TEXT = N_(
    "⚠️ Something went wrong on my side while handling that; it has been logged. "
    "Check the game's channel or `/game status` to see whether your move counted "
    "before trying again."
)


def refusal_for(error: BaseException) -> str | None:
    """A command Discord delivered but discord.py could not run as typed (an option it
    cannot convert, a check that failed) is the player's input, not a bug: a ❌ answer
    (in the language being spoken)."""
    if isinstance(error, app_commands.TransformerError):
        return _(
            "❌ I could not make sense of “{typed}” for that option; pick one of the suggestions."
        ).format(typed=str(error.value)[:60])
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("❌ That command works only in a server channel, not in direct messages.")
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return _("❌ That command has changed since your Discord loaded it; please try again.")
    if isinstance(error, app_commands.CheckFailure):
        return _("❌ You cannot use that command here.")
    return None


async def report_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log the error and tell the person who acted, privately, whatever stage it broke at
    (in their Discord language)."""
    with speaking(language_of(interaction.locale)):
        refusal = refusal_for(error)
        apology = _(FAILURE_TEXT)
    if refusal is not None and interaction.type is not discord.InteractionType.autocomplete:
        log.info("Refused %s from user %s: %s", type(error).__name__, interaction.user.id, error)
        await _tell(interaction, refusal)
        return
    discords = discord_trouble(error)
    if discords is not None:
        # Discord (or the way to it) failed an answer: expected now and then, not a bug.
        log.warning(
            "Discord failed the answer to interaction %s from user %s (%s)",
            interaction.id,
            interaction.user.id,
            discords,
        )
    else:
        log.error(
            "Unexpected error handling an interaction from user %s in channel %s",
            interaction.user.id,
            interaction.channel_id,
            exc_info=error,
        )
    if interaction.type is discord.InteractionType.autocomplete:
        return
    await _tell(interaction, apology)


def discord_trouble(error: BaseException) -> str | None:
    """What went wrong, when it was Discord failing for a while (a 429, a 5xx, the network)
    or an interaction whose answer came too late (10062): one WARNING line each, no
    traceback. Anything else (a 400 for a message Discord refuses, say) is a bug."""
    found = getattr(error, "original", error)  # app_commands wraps the command's error
    if isinstance(found, discord.NotFound) and found.code == UNKNOWN_INTERACTION:
        return f"404 {found.text or 'Unknown interaction'}"
    trouble = failure(found) if isinstance(found, Exception) else None
    return trouble.why if isinstance(trouble, Retry) else None


async def _tell(interaction: discord.Interaction[Any], text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        trouble = discord_trouble(error)
        if trouble is None:
            log.exception("Could not answer user %s", interaction.user.id)
        else:
            log.warning("Could not answer user %s either (%s)", interaction.user.id, trouble)
