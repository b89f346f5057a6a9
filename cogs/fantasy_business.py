"""Fantasy Business's commands, buttons and modals."""

from discord.ext import commands

from bot.app import SmithfieldBot


class FantasyBusiness(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(FantasyBusiness(bot))
