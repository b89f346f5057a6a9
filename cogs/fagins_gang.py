"""Fagin's Gang's commands, buttons and modals."""

from discord.ext import commands

from bot.app import SmithfieldBot


class FaginsGang(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(FaginsGang(bot))
