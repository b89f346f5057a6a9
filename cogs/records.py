"""`/stats` and `/leaderboard`: records of finished games in this server (bot.records)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.service import stats
from cogs.context import place_of, respond
from cogs.lobby import GameName


class Records(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="A member's record in this server")
    @app_commands.describe(member="Whose record (default: yours)", game="Only this game")
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        game: GameName | None = None,
    ) -> None:
        who = member or interaction.user
        asked = stats.Member(who.id, who.display_name)
        work = stats.stats(self.bot.service, place_of(interaction), asked, game)
        await respond(interaction, work)

    @app_commands.command(name="leaderboard", description="This server's ratings for a game")
    @app_commands.describe(game="Which game's ratings")
    async def leaderboard(self, interaction: discord.Interaction[Any], game: GameName) -> None:
        await respond(interaction, stats.leaderboard(self.bot.service, place_of(interaction), game))


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Records(bot))
