"""A simulated server with a game channel and named players, driving the real bot.

Tests build the bot with `create_bot` exactly as `python -m bot` does and act through
simcord's actors (slash commands, clicks, modals), so what they check is what a player
would see. At the end of every world, every request the bot made is checked against what
real Discord accepts (tests/discord/payloads.py): the simulated Discord takes more.
"""

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.builders import ChannelHandle, GuildHandle

from bot.clock import Clock, system_clock
from bot.edge.app import SmithfieldBot, create_bot, simulated_shard_count
from bot.render.generic import EventPresenter
from bot.settings import Settings
from bot.store import Store
from rules.protocol import GameRules
from tests.discord.payloads import request_problems

SETTLE_SECONDS = 120.0
"""simcord's settle timeout, which also bounds a whole `advance_time`: generous, because a
busy 2-core host may be slow, and a bot that settles never waits for it."""

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"]


@dataclass
class World:
    env: simcord.Env
    guild: GuildHandle
    channel: ChannelHandle
    players: list[simcord.MemberActor]
    settings: Settings
    games: Mapping[str, GameRules] | None
    clock: Clock
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def bot(self) -> SmithfieldBot:
        bot = self.env.bot
        assert isinstance(bot, SmithfieldBot)
        return bot

    @property
    def store(self) -> Store:
        return self.bot.service.store

    def new_bot(self) -> SmithfieldBot:
        return make_bot(self.settings, self.clock, self.games)

    async def restart(self) -> None:
        """Stop the bot and start a new one on the same database, as a redeploy would."""
        await self.env.restart_bot(self.new_bot())

    def thread(self, name: str = "game-thread") -> ChannelHandle:
        channel = self.env.backend.create_thread(self.channel.id, name, self.players[0].id)
        return ChannelHandle(self.env, self.guild, channel)

    def member_with_manage_channels(self, name: str = "mod") -> simcord.MemberActor:
        role = self.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        return self.guild.add_member(self.env.create_user(name), roles=[role])

    def snapshot(self) -> list[tuple[Any, ...]]:
        """Everything stored, to prove a refused command changed nothing."""
        store = self.store
        return [
            tuple(row.values())
            for table in ("games", "seats", "actions")
            for row in store.rows(table)
        ]


def make_bot(
    settings: Settings, clock: Clock, games: Mapping[str, GameRules] | None
) -> SmithfieldBot:
    """The real bot; with fake games it renders through the shared presenter."""
    if games is None:
        return create_bot(settings, clock=clock)
    generic = EventPresenter()
    return create_bot(settings, clock=clock, games=games, presenters=dict.fromkeys(games, generic))


@asynccontextmanager
async def world(
    settings: Settings,
    players: int = 4,
    *,
    games: Mapping[str, GameRules] | None = None,
    clock: Clock = system_clock,
) -> AsyncIterator[World]:
    bot = make_bot(settings, clock, games)
    shards = simulated_shard_count(bot)
    async with simcord.run(bot, settle_timeout=SETTLE_SECONDS, shard_count=shards) as env:
        guild = env.create_guild(name="Smithfield")
        channel = guild.create_text_channel("table")
        members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
        yield World(env, guild, channel, members, settings, games, clock)
        # Everything the bot asked of Discord, as real Discord would take it (the
        # simulated one takes more): the published schemas and the documented limits.
        problems = [
            problem
            for entry in env.http_requests
            for problem in request_problems(entry.method, entry.path, entry.json)
        ]
        assert problems == [], sorted(set(problems))[:10]


def pinged(w: World, message: discord.Message) -> set[int]:
    """Who a message really notified (its allowed mentions), not just who it names."""
    stored = w.env.backend.get_message(message.channel.id, message.id)
    return set(stored.ping_user_ids)


def refused(result: simcord.InteractionResult) -> str:
    """The refusal text, after checking it follows the convention."""
    assert result.ephemeral, f"refusal must be ephemeral: {result.response.content!r}"
    content = result.response.content or ""
    assert content.startswith("❌ "), content
    return content


def public(result: simcord.InteractionResult) -> str:
    assert not result.ephemeral, result.response.content
    return result.response.content or ""


async def confirm(
    member: simcord.MemberActor, asked: simcord.InteractionResult, label: str
) -> simcord.InteractionResult:
    """Answer an irreversible command's private question (abort, resign, kick)."""
    assert asked.ephemeral and asked.response is not None, asked.response
    assert asked.response.content.startswith("❓"), asked.response.content
    return await member.click(asked.response, label=label)


def said(channel: ChannelHandle) -> list[discord.Message]:
    """The channel's messages that say something (the live table message, being all
    embed, says nothing until it is closed)."""
    return [message for message in channel.history() if message.content]


def last_said(channel: ChannelHandle) -> str:
    """The newest message in a channel that says something: where a move is announced."""
    messages = said(channel)
    assert messages, "nothing was said in the channel"
    return messages[-1].content or ""


YES = {
    "game abort": "Yes, abort the game",
    "game kick": "Put on autopilot",
    "game resign": "Resign",
}
"""The Confirm button of each command that asks first."""


async def confirmed(
    member: simcord.MemberActor, channel: ChannelHandle, command: str, /, **options: Any
) -> str:
    """Run a command that asks first and confirm it; returns what the channel was told."""
    asked = await member.slash(channel, command, **options)
    done = await confirm(member, asked, YES[command])
    assert done.response is not None and not done.response.content.startswith("❌"), (
        done.response.content
    )
    return last_said(channel)


def table_message(w: World, channel: ChannelHandle | None = None) -> discord.Message:
    """The step's table message: the one message in the channel with live buttons."""
    live = [
        message
        for message in (channel or w.channel).history()
        if any(
            isinstance(item, discord.Button | discord.SelectMenu) and not item.disabled
            for row in message.components
            for item in getattr(row, "children", [])
        )
    ]
    assert len(live) == 1, f"{len(live)} messages carry live buttons"
    return live[0]


async def redraw(w: World, channel: ChannelHandle | None = None) -> discord.Message | None:
    """Bring the step's table message up to date after a test wrote a prepared position
    straight into the game row; returns the message if it has live buttons."""
    where = channel or w.channel
    table = w.bot.service.table(where.id)
    assert table is not None
    await w.bot.courier.refresh(table.game.id)
    await w.bot.courier.idle()  # started from the test, not from the bot's own work
    for message in reversed(where.history()):
        if any(
            isinstance(item, discord.Button | discord.SelectMenu) and not item.disabled
            for row in message.components
            for item in getattr(row, "children", [])
        ):
            return message
    return None
