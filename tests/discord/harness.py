"""A simulated server with a game channel and named players, driving the real bot.

Tests build the bot with `create_bot` exactly as `python -m bot` does and act through
simcord's actors (slash commands, clicks, modals), so what they check is what a player
would see.
"""

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.builders import ChannelHandle, GuildHandle

from bot.app import SmithfieldBot, create_bot
from bot.clock import Clock, system_clock
from bot.render.generic import EventPresenter
from bot.settings import Settings
from bot.store import Store
from rules.protocol import GameRules

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
        conn = self.store.conn
        return [
            *conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
            *conn.execute("SELECT * FROM seats ORDER BY game_id, position").fetchall(),
            *conn.execute("SELECT * FROM actions ORDER BY game_id, seq").fetchall(),
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
    async with simcord.run(bot, settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild(name="Smithfield")
        channel = guild.create_text_channel("table")
        members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
        yield World(env, guild, channel, members, settings, games, clock)


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
