"""`/rules [topic]`: rule summaries, answered privately.

Where a table is set up or running, the game's topics describe that table (its turns,
variants, Fagin target, round limit), and `/rules` without a topic shows its game. The
answer speaks the player's Discord language.
"""

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import rulebook
from bot.edge.app import SmithfieldBot
from bot.messages import Message, Outcome
from bot.render.generic import COLOUR
from cogs.context import answer, place_of, speak_to


class Rulebook(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot

    def _table(self, channel_id: int) -> rulebook.TableRules | None:
        """The lobby or running game where the command was used, if any (a store read: run
        in a reader thread)."""
        game = self.bot.service.store.open_game(channel_id)
        if game is None:
            return None
        players = None
        if game.status == "active":
            players = len(self.bot.service.table_for(game).seats)
        return rulebook.TableRules(kind=game.kind, options=dict(game.options), players=players)

    @app_commands.command(name="rules", description="Read a summary of the rules")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(
        topic=[app_commands.Choice(name=title, value=key) for key, title in rulebook.TITLES.items()]
    )
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        speak_to(interaction)
        table = await self.bot.service.read(self._table, place_of(interaction).channel_id)
        texts = rulebook.topics(rulebook.rules_data(), table)
        title, text = texts[topic or rulebook.default_topic(table)]
        embed = discord.Embed(title=title, description=text, colour=COLOUR)
        await answer(interaction, Outcome(reply=Message(embeds=[embed])))  # tried again on 5xx


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Rulebook(bot))
