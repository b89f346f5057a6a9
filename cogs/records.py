"""`/stats` and `/leaderboard`: records of finished games in this server (bot.records)."""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.service.commands import stats
from cogs.context import place_of, respond
from cogs.lobby import GAME_CHOICES


class Records(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    # Records are kept per server: in a DM there is nothing to show, so not listed there.
    @app_commands.command(name="stats", description="A member's record in this server")
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.describe(member="Whose record (default: yours)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        who = member or interaction.user
        asked = stats.Member(who.id, who.display_name)
        kind = game.value if game is not None else None
        work = stats.stats(self.bot.service.engine, place_of(interaction), asked, kind)
        await respond(interaction, work)

    @app_commands.command(name="leaderboard", description="This server's ratings for a game")
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.describe(game="Which game's ratings")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        work = stats.leaderboard(self.bot.service.engine, place_of(interaction), game.value)
        await respond(interaction, work)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Records(bot))
