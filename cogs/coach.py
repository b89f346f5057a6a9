"""`/hint`: the coach, at tables opened with `hints:true` (bot/service/commands/coach.py)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.service.commands.coach import hint
from cogs.context import actor_of, place_of, respond


class Coach(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="hint", description="Ask what the strong AI would do in your seat (tables with hints)"
    )
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction, hint(self.bot.service.engine, place_of(interaction), actor_of(interaction))
        )


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Coach(bot))
