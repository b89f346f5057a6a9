"""The scheduler: reminders and default moves when deadlines pass, and `/games`.

Every bot process runs this loop; on a shared PostgreSQL database the leases in
bot.service.commands.deadlines make each reminder and default happen once whichever
process gets there.
The loop sleeps until the next reminder or deadline is due (at most `LONGEST_SLEEP`, so
deadlines that another process set are seen too), not every minute: a quiet bot wakes a
few times an hour, and a test that moves simulated time by days needs a handful of
wake-ups instead of thousands. A command that moves a deadline earlier wakes it early.
"""

import asyncio
import logging
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.edge.app import SmithfieldBot
from bot.edge.delivery import announce
from bot.service.commands import deadlines, seats
from cogs.context import actor_of, respond

log = logging.getLogger(__name__)

LONGEST_SLEEP = timedelta(minutes=15)
SHORTEST_SLEEP = timedelta(seconds=1)
LATE_BY = timedelta(seconds=1)
"""Wake just after a moment is due, never just before it."""
BUSY_RETRY = timedelta(seconds=10)
"""How soon to look again at due work that was skipped because something held its game
(another process's scheduler, which will have done it, or a player's command)."""


class Clockwork(commands.Cog):
    def __init__(self, bot: SmithfieldBot) -> None:
        self.bot = bot
        self._replanning: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.service.engine.on_deadlines_changed = self.wake
        self.check_deadlines.start()

    async def cog_unload(self) -> None:
        self.bot.service.engine.on_deadlines_changed = None
        self.check_deadlines.cancel()

    @tasks.loop(seconds=LONGEST_SLEEP.total_seconds())
    async def check_deadlines(self) -> None:
        service = self.bot.service
        now = service.engine.clock()
        done = await deadlines.tick(service.engine, now)
        for channel_id, outcome in done.said:
            # One loop serves every game, and discord.py ends a loop for good on an
            # unexpected error: a channel the bot cannot post in must not stop the rest.
            try:
                await announce(self.bot, outcome, channel_id)
            except Exception:
                log.exception("Could not announce a deadline outcome in channel %s", channel_id)
        due = await deadlines.next_due(service.engine, now)
        if done.skipped:
            due = min(due or now + BUSY_RETRY, now + BUSY_RETRY)
        self.check_deadlines.change_interval(seconds=self._sleep_until(due).total_seconds())

    @check_deadlines.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    def _sleep_until(self, due: datetime | None) -> timedelta:
        if due is None:
            return LONGEST_SLEEP
        wait = due - self.bot.service.engine.clock() + LATE_BY
        return max(SHORTEST_SLEEP, min(LONGEST_SLEEP, wait))

    def wake(self) -> None:
        """A command moved a deadline: sleep less if it is now due sooner."""
        if self._replanning is None or self._replanning.done():
            self._replanning = asyncio.get_running_loop().create_task(self._replan())

    async def _replan(self) -> None:
        loop = self.check_deadlines
        upcoming = loop.next_iteration
        if not loop.is_running() or upcoming is None:
            return
        now = self.bot.service.engine.clock()
        due = await deadlines.next_due(self.bot.service.engine, now)
        if due is None:
            return
        wanted = now + self._sleep_until(due)
        if wanted >= upcoming:
            return
        # change_interval counts from the last wake-up, which was one interval ago.
        interval = timedelta(seconds=loop.seconds or 0, minutes=loop.minutes or 0)
        interval += timedelta(hours=loop.hours or 0)
        last = upcoming - interval
        loop.change_interval(seconds=max(0.0, (wanted - last).total_seconds()))

    @app_commands.command(name="games", description="List your running games in this server")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        work = seats.my_games(self.bot.service.engine, actor_of(interaction), interaction.guild_id)
        await respond(interaction, work)


async def setup(bot: SmithfieldBot) -> None:
    await bot.add_cog(Clockwork(bot))
