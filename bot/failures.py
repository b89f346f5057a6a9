"""When a command, button or modal breaks: log it, and still answer the player.

Without this, an unexpected exception leaves the interaction unanswered and Discord shows
"The application did not respond", which reads like a lost move. A bug is not a rule
refusal, so the answer does not start with ❌; it cannot promise that nothing changed
(the failure may come after the move was stored), so it points to where to check.
"""

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

FAILURE_TEXT = (
    "⚠️ Something went wrong on my side while handling that; it has been logged. "
    "Check the game's channel or `/game status` to see whether your move counted "
    "before trying again."
)


async def report_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log the error and tell the person who acted, privately, whatever stage it broke at."""
    log.error(
        "Unexpected error handling an interaction from user %s in channel %s",
        interaction.user.id,
        interaction.channel_id,
        exc_info=error,
    )
    if interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        if interaction.response.is_done():
            await interaction.followup.send(FAILURE_TEXT, ephemeral=True)
        else:
            await interaction.response.send_message(FAILURE_TEXT, ephemeral=True)
    except discord.HTTPException:
        log.exception("Could not tell user %s about the failure", interaction.user.id)
