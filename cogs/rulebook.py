"""`/rules [topic]`: rule summaries, answered privately."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import SmithfieldBot
from bot.render.generic import COLOUR
from bot.rulebook import TOPICS


class Rulebook(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Read a summary of the rules")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(
        topic=[app_commands.Choice(name=title, value=key) for key, (title, _) in TOPICS.items()]
    )
    async def rules(self, interaction: discord.Interaction[Any], topic: str = "overview") -> None:
        title, text = TOPICS[topic]
        embed = discord.Embed(title=title, description=text, colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Rulebook(bot))
