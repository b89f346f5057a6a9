"""`/hint`: the coach, at tables opened with `hints:true` (bot/service/commands/coach.py)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.render.coach import HINT
from bot.service.commands.coach import hint
from cogs.context import actor_of, place_of, respond


class Coach(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        bot.button_routes[HINT] = self.hint_button

    @app_commands.command(
        name="hint", description="Ask what the strong AI would do in your seat (tables with hints)"
    )
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await self._hint(interaction)

    async def _hint(self, interaction: discord.Interaction[Any]) -> None:
        await respond(
            interaction, hint(self.bot.service.engine, place_of(interaction), actor_of(interaction))
        )

    async def hint_button(
        self, interaction: discord.Interaction[Any], game_id: int, arg: str
    ) -> None:
        """The 💡 button on a table message: the same private answer as `/hint`."""
        await self._hint(interaction)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Coach(bot))
