"""The scheduler: reminders and default moves when deadlines pass, and `/games`."""

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import deadlines, seats
from bot.app import SmithfieldBot
from bot.delivery import announce
from cogs.context import actor_of, answer

log = logging.getLogger(__name__)


class Clockwork(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.check_deadlines.start()

    async def cog_unload(self) -> None:
        self.check_deadlines.cancel()

    @tasks.loop(minutes=1)
    async def check_deadlines(self) -> None:
        service = self.bot.service
        for channel_id, outcome in await deadlines.tick(service, service.clock()):
            # One loop serves every game, and discord.py ends a loop for good on an
            # unexpected error: a channel the bot cannot post in must not stop the rest.
            try:
                await announce(self.bot, outcome, channel_id)
            except Exception:
                log.exception("Could not announce a deadline outcome in channel %s", channel_id)

    @check_deadlines.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    @app_commands.command(name="games", description="List your running games in this server")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        outcome = seats.my_games(self.bot.service, actor_of(interaction), interaction.guild_id)
        await answer(interaction, outcome)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Clockwork(bot))
