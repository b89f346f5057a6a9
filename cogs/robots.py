"""The AI runner: plays the AI seats a command left the game waiting on.

Fast AIs play inside the move that made them due (bot/service/commands/autoplay.py); this plays
the rest (bot/service/commands/runner.py), one move at a time per game: `strong`'s searches (in a
worker process, so neither the event loop nor the database waits for them) and every move
of a game with no human left in it, when the scheduler finds its next move due
(`SMITHFIELD_AI_PACE` seconds after the last, so people can follow it). After a restart
it picks up every game that waits on such a seat.
"""

import asyncio
import logging

from discord.ext import commands

from bot.edge.app import SmithfieldBot
from bot.edge.delivery import announce

log = logging.getLogger(__name__)


class Robots(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        self._running: dict[int, asyncio.Task[None]] = {}
        self._resuming: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.service.engine.on_ai_due = self.wake
        self._resuming = asyncio.get_running_loop().create_task(self._resume())

    async def cog_unload(self) -> None:
        self.bot.service.engine.on_ai_due = None
        for task in [*self._running.values(), self._resuming]:
            if task is not None:
                task.cancel()

    async def _resume(self) -> None:
        """After a restart: every running game waiting on an AI the runner plays."""
        await self.bot.wait_until_ready()
        service = self.bot.service
        for game_id in await service.read(service.games_waiting_on_robots):
            self.wake(game_id)

    def wake(self, game_id: int) -> None:
        task = self._running.get(game_id)
        if task is None or task.done():
            self._running[game_id] = asyncio.get_running_loop().create_task(self._play(game_id))

    async def _play(self, game_id: int) -> None:
        service = self.bot.service
        try:
            while True:
                outcome = await service.play_robot(game_id)
                if outcome is None:
                    return
                if not outcome.accepted:  # cannot happen: AIs' moves are checked first
                    log.error("An AI move was refused in game %s: %s", game_id, outcome.reply)
                    return
                if outcome.channel_id is not None and (outcome.public or outcome.live):
                    await announce(self.bot, outcome, outcome.channel_id)
                if outcome.ai_due is None:
                    return  # a person's turn, or a game of AIs waiting for its pace
        except Exception:
            log.exception("The AI runner stopped for game %s", game_id)
        finally:
            self._running.pop(game_id, None)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Robots(bot))
