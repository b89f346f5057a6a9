"""Building the bot: the one factory every entry point and test uses."""

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock, system_clock
from bot.edge.buttons import (
    ButtonHandler,
    GameButton,
    GameSelect,
    ModalHandler,
    SelectHandler,
    route_modal,
)
from bot.edge.courier import Courier
from bot.edge.failures import report_failure
from bot.edge.live import REPOST_AFTER
from bot.edge.sync import sync_commands
from bot.edge.translator import CommandTranslator
from bot.render.presenters import PRESENTERS, Presenter
from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from rules.protocol import GameRules

log = logging.getLogger(__name__)

INTERACTIONS_KEPT = timedelta(days=7)
"""How long an accepted interaction is remembered, to answer it again if it comes twice."""

EXTENSIONS = (
    "cogs.lobby",
    "cogs.rulebook",
    "cogs.fantasy_business",
    "cogs.fb_clicks",
    "cogs.fagins_gang",
    "cogs.clockwork",
    "cogs.records",
    "cogs.robots",
    "cogs.coach",
)


class SmithfieldTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        """Any command's unexpected error still gets an (ephemeral) answer."""
        await report_failure(interaction, error)


class SmithfieldBot(commands.AutoShardedBot):
    """The bot: one process runs all shards (automatic sharding, the default) or the share
    `SMITHFIELD_SHARDS` names; several processes then share one PostgreSQL database."""

    def __init__(self, settings: Settings, service: GameService) -> None:
        # Slash commands and DMs need no privileged intents.
        intents = discord.Intents.default()
        shards: dict[str, Any] = {}
        if settings.shard_ids is not None:
            shards = {"shard_ids": settings.shard_ids, "shard_count": settings.shard_count}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=SmithfieldTree,
            # Where commands are listed (each may narrow it, `@app_commands.guild_only`):
            # servers and the bot's own DMs, where a player's moves, private sheet and
            # hand find their running game. Installed to servers only: a user install
            # would list the commands in servers and group DMs the bot is not part of,
            # where none of them can work.
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
        self.service = service
        self.courier = Courier(self, service)
        """Delivers what committed commands owe Discord (bot.edge.courier)."""
        service.engine.on_owed = self.courier.owed_by
        self.button_routes: dict[str, ButtonHandler] = {}
        self.modal_routes: dict[str, ModalHandler] = {}
        self.select_routes: dict[str, SelectHandler] = {}
        self.sync_result = ""

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Every message and every interaction is an event, and discord.py makes a task
        for each `on_…` handler, though almost none of them has work (a message is only
        counted, an interaction needs the bot only when it is a modal's). Those two are
        judged here, and a task is made only for the few with work: a table message to
        move down, a modal to route. In a burst that is two tasks fewer per command.
        Anything else waiting on these events still gets them."""
        if event_name == "message":
            self._count_message(args[0])
            if not (self._listeners.get("message") or self.extra_events.get("on_message")):
                return  # else discord.py would make a task for `on_message`, which is empty
        elif event_name == "interaction" and args[0].type is discord.InteractionType.modal_submit:
            self._schedule_event(self._route_modal, "on_interaction", args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def on_message(self, message: discord.Message) -> None:
        """No prefix commands: a message is counted by `dispatch`, and nothing else is
        done with it (this replaces commands.Bot's prefix-command handler)."""

    def _count_message(self, message: discord.Message) -> None:
        """A message counts towards moving a table message down, which happens as soon as
        it is a screen up (chat alone moves it, not only the next move), so the state
        and its buttons stay in view."""
        channel = message.channel.id
        self.service.activity.seen(channel, message.id)
        shown = self.service.activity.reached(channel, REPOST_AFTER)
        if shown is not None:
            self._schedule_event(self._move_down, "on_message", channel, shown)

    async def _move_down(self, channel: int, shown: int) -> None:
        store = self.service.store
        row = await self.service.read(store.live_message_at, channel, shown)
        if row is not None and row.user_id == 0:
            await self.courier.refresh(row.game_id, slots=[(row.slot, 0)])

    async def _route_modal(self, interaction: discord.Interaction[Any]) -> None:
        await route_modal(interaction, self.modal_routes)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(GameButton, GameSelect)
        # Interactions accepted long ago can no longer arrive again: keep the table small.
        await self.service.call(self.service.store.forget_interactions, self._long_ago())
        self.courier.start()  # what is still owed (a restart) goes out now
        if not self.settings.syncs_commands:
            # The process running shard 0 registers the commands; N processes syncing at
            # once would only spend Discord's rate limit.
            self.sync_result = "not this process"
            return
        self.sync_result = await sync_commands(
            self.tree,
            self.service.store,
            dev_guild=self.settings.dev_guild_id,
            force=self.settings.force_sync,
        )

    def _long_ago(self) -> datetime:
        return self.service.engine.clock() - INTERACTIONS_KEPT

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A live message deleted (by a moderator, say) is posted again at once."""
        await self.courier.message_deleted(payload.channel_id, payload.message_id)

    async def close(self) -> None:
        await self.courier.stop()
        await super().close()
        await self.service.aclose()


def create_bot(
    settings: Settings,
    *,
    clock: Clock = system_clock,
    games: Mapping[str, GameRules] | None = None,
    presenters: Mapping[str, Presenter] | None = None,
) -> SmithfieldBot:
    """A bot ready to start: store opened, checked and migrated, service wired, cogs on
    setup. Raises `StoreUnusable` (one line naming the file or URL) for a database it cannot
    use."""
    if games is None:
        from rules.registry import GAMES

        games = GAMES
    store = open_store(settings.database_path, busy_seconds=settings.db_busy_seconds)
    service = GameService(
        store, games, clock=clock, seed=settings.seed, presenters=presenters or PRESENTERS
    )
    service.engine.ai_seconds = settings.ai_seconds
    service.engine.ai_pace = settings.ai_pace_seconds
    return SmithfieldBot(settings, service)


def simulated_shard_count(bot: discord.AutoShardedClient) -> int | None:
    """The shard count to give a simulated Discord (simcord): with automatic sharding the
    real gateway recommends a count, which a simulation cannot, so one shard is used;
    with `SMITHFIELD_SHARDS` set the bot already knows its count (None: use it)."""
    return 1 if bot.shard_count is None else None
